//! `shashki tune agree`: how often the evaluation, with a short search,
//! ranks first the move that was played.
//!
//! ```text
//! shashki tune agree --pdn FILE [--depth D] [--eval name=value,..]
//! shashki tune agree --data DIR|FILE[,..] [--limit PARTS] [--depth D] [--eval name=value,..]
//! ```
//!
//! The held-out error of `tune net` and `tune kpatterns` measures how well
//! an evaluation tells who will win a game; the search needs it to rank
//! the positions after the moves of one position. This screen measures
//! that ranking. The moves come from the games of a PDN file (`--pdn`:
//! masters' games, a measure that does not come from our own play), or
//! from the held-out parts of a self-play run (`--data`: part k with
//! k % 10 == 9, as the trainers hold them out, at most `--limit` of them;
//! each position followed in its file by the position one ply later, the
//! move the game's search played, or, in parts `tune relabel` wrote, the
//! move its deeper search chose). For every position with two moves or
//! more, each move's position is searched to `--depth` (2 by default) with
//! the compiled-in evaluation, changed by `--eval`. It prints the share of
//! positions where the played move scores best (a tie shared out), and the
//! mean shortfall of the played move below the best (in hundredths of a
//! man, each capped at 300), over all those positions and over those
//! without a king (the ones the network judges). Deterministic: one
//! engine, cleared at the start of each game or part.

use crate::args::Args;
use crate::tune_kpatterns::{files, held_out};
use shashki::engine::{net, Clock, Engine, Limits, NoDrawCounts, Weights};
use shashki::{MoveList, Position};
use std::process::ExitCode;

/// The tally of one kind of position.
#[derive(Default)]
struct Tally {
    positions: u64,
    agree: f64,
    shortfall: f64,
}

impl Tally {
    fn add(&mut self, agree: f64, shortfall: f64) {
        self.positions += 1;
        self.agree += agree;
        self.shortfall += shortfall;
    }

    fn line(&self, what: &str) -> String {
        let n = self.positions.max(1) as f64;
        format!(
            "{what}: {} positions, the played move best in {:.2} %, mean shortfall {:.1}",
            self.positions,
            100.0 * self.agree / n,
            self.shortfall / n
        )
    }
}

/// The held-out positions of a self-play run's parts, each with the
/// position one ply later (the move its search played); one list a part.
fn self_play_pairs(data: &str, limit: usize) -> Result<Vec<Vec<(Position, Position)>>, String> {
    files(data)?
        .into_iter()
        .enumerate()
        .filter(|(n, path)| held_out(path, *n))
        .take(limit)
        .map(|(_, path)| part_pairs(&path))
        .collect()
}

/// The positions of one part file with the position after the move to
/// rank: the move in the line's sixth column where `tune relabel` wrote
/// one (a deeper search's choice); otherwise, for a position followed in
/// the file by the position one ply later, that position (the move the
/// game's search played; positions are written only when quiet, so not
/// every one has its next).
pub(crate) fn part_pairs(path: &std::path::Path) -> Result<Vec<(Position, Position)>, String> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    let mut pairs = Vec::new();
    let mut prev: Option<(Position, u32)> = None;
    for (i, line) in text.lines().enumerate() {
        let cols: Vec<&str> = line.split('\t').collect();
        let bad = |what: &str| format!("{name}:{}: bad {what}", i + 1);
        let pos = Position::from_fen(cols[0]).map_err(|e| format!("{name}:{}: {e}", i + 1))?;
        let ply: u32 = cols
            .get(3)
            .ok_or_else(|| bad("line (no ply)"))?
            .parse()
            .map_err(|_| bad("ply"))?;
        if let Some((parent, _)) = prev.filter(|(_, p)| p + 1 == ply) {
            pairs.push((parent, pos));
        }
        prev = match cols.get(5) {
            Some(text) => {
                let legal = pos.legal_moves();
                let mv = shashki::notation::parse_in(&pos, text, &legal)
                    .map_err(|e| format!("{name}:{}: {text}: {e}", i + 1))?;
                pairs.push((pos, pos.play_unchecked(&mv)));
                // Its next position is not the move to rank.
                None
            }
            None => Some((pos, ply)),
        };
    }
    Ok(pairs)
}

/// The share of first place that move `played` holds among `scores`: 1
/// when it alone scores best, 1/n when n moves tie for best, else 0.
pub(crate) fn first_share<T: PartialOrd + Copy>(scores: &[T], played: usize) -> f64 {
    let score = scores[played];
    if scores.iter().any(|&s| s > score) {
        return 0.0;
    }
    1.0 / scores.iter().filter(|&&s| s == score).count() as f64
}

/// Every position of the games of a PDN file with the position after the
/// move played; one list a game.
fn game_pairs(path: &str) -> Result<Vec<Vec<(Position, Position)>>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let games = shashki::game::pdn::parse_games(&text).map_err(|e| format!("{path}: {e}"))?;
    Ok(games
        .iter()
        .map(|g| {
            let ps: Vec<Position> = g.position_history().copied().collect();
            ps.windows(2).map(|w| (w[0], w[1])).collect()
        })
        .collect())
}

pub fn agree(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &[])?;
    a.only(&["data", "pdn", "depth", "eval", "limit"])?;
    let depth: u32 = a.number("depth")?.unwrap_or(2);
    let limit: usize = a.number("limit")?.unwrap_or(usize::MAX);
    let groups = match (a.value("data"), a.value("pdn")) {
        (Some(data), None) => self_play_pairs(data, limit)?,
        (None, Some(pdn)) => game_pairs(pdn)?,
        _ => return Err("give one of --data DIR and --pdn FILE".into()),
    };
    let mut weights = Weights::DEFAULT;
    weights
        .parse_settings(a.value("eval").unwrap_or(""))
        .map_err(|e| format!("--eval: {e}"))?;
    let mut engine = Engine::new(16);
    engine.set_weights(weights);
    let clock = Clock::frozen();
    let (mut all, mut kingless) = (Tally::default(), Tally::default());
    let mut list = MoveList::new();
    for pairs in &groups {
        engine.clear();
        for (parent, played) in pairs {
            parent.generate_moves(&mut list);
            if list.len() < 2 {
                continue;
            }
            let mut at = None;
            let scores: Vec<i32> = list
                .iter()
                .enumerate()
                .map(|(i, m)| {
                    let child = parent.play_unchecked(m);
                    if child == *played {
                        at = Some(i);
                    }
                    let r = engine.search_position(
                        &child,
                        &[],
                        NoDrawCounts,
                        &Limits::depth(depth),
                        &clock,
                    );
                    -r.score
                })
                .collect();
            let Some(at) = at else {
                return Err(format!(
                    "{}: the next position is not one move away",
                    parent.fen()
                ));
            };
            let agree = first_share(&scores, at);
            let best = scores.iter().copied().max().unwrap_or(scores[at]);
            let shortfall = f64::from((best - scores[at]).min(300));
            all.add(agree, shortfall);
            if net::applies(parent) {
                kingless.add(agree, shortfall);
            }
        }
    }
    if all.positions == 0 {
        return Err("no position with two moves or more and its next position".into());
    }
    println!("{}", all.line("all"));
    println!("{}", kingless.line("without a king"));
    Ok(ExitCode::SUCCESS)
}
