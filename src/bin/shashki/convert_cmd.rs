//! `shashki egtb convert`: how many won endings the engine, playing without
//! the tables, wins within the game's automatic draws against a defender
//! that plays the tables' best defence.
//!
//! For each material a fixed sample (seeded) of positions the tables call
//! won for the side to move (White) with fresh counts is played out: White
//! is the engine at each level asked for, thinking `--ms` a move, with no
//! tables (they are not installed, so neither the root nor the search sees
//! them); Black plays the tables' best move under the game's running
//! counts (the longest resistance, or a draw the counts give). Every draw
//! rule of the game applies. A game the engine does not win is a won
//! ending let go: a count ran out, a repetition, or a blunder.
//!
//! ```text
//! shashki egtb convert [--dir DIR] [--materials w3k0m-b1k0m,...] [--positions N]
//!                      [--seed S] [--ms MS] [--levels 1,4,6] [--nodes N] [--max-plies N]
//!                      [--eval name=value,...] [--engine-tables]
//! ```
//!
//! With `--nodes N` White is instead the full-strength search with a node
//! budget of N a move (`Engine::search`): the same games on any machine,
//! whatever its load, where a time budget gives a loaded machine's engine
//! less thought. `--eval` changes the engine's evaluation weights (as
//! `shashki match --a-eval`), to try endgame terms. `--engine-tables`
//! gives the engine the tables too (its root move and search read them):
//! the check that with them every won position is won.

use crate::args::Args;
use crate::egtb_cmd::{default_dir, load};
use shashki::engine::egtb::{self, play::table_moves_in, Material, Tables};
use shashki::engine::{Clock, Engine, Limits, Rng};
use shashki::game::Game;
use shashki::Color;
use std::path::PathBuf;
use std::process::ExitCode;

/// Materials where the stronger side usually wins but the counts can take
/// the win away: three kings against one (rule 2's fifteen moves), and the
/// five-piece endings of kings and a man against a king.
const DEFAULT_MATERIALS: &str = "w3k0m-b1k0m,w2k1m-b1k0m,w3k1m-b1k0m,w2k2m-b1k0m,w3k0m-b1k1m";

/// The shortest win sampled, in the winner's moves.
const MIN_MOVES: u32 = 4;

fn parse_material(s: &str) -> Result<Material, String> {
    let bad = || format!("'{s}' is not a material like w3k0m-b1k0m");
    let (w, b) = s.split_once('-').ok_or_else(bad)?;
    let side = |t: &str, c: char| -> Result<(u8, u8), String> {
        let t = t.strip_prefix(c).ok_or_else(bad)?;
        let (k, m) = t
            .strip_suffix('m')
            .and_then(|t| t.split_once('k'))
            .ok_or_else(bad)?;
        Ok((k.parse().map_err(|_| bad())?, m.parse().map_err(|_| bad())?))
    };
    let (wk, wm) = side(w, 'w')?;
    let (bk, bm) = side(b, 'b')?;
    Ok(Material { wk, wm, bk, bm })
}

/// Up to `n` positions of `m`, White to move, won for White with fresh
/// counts in at least `MIN_MOVES` of White's moves where the file holds the
/// distance (a win by one capture tells nothing), drawn at random with
/// `rng` (at most 200 tries per position).
fn sample(tables: &Tables, m: &Material, n: usize, rng: &mut Rng) -> Vec<Game> {
    let mut out = Vec::new();
    let size = m.size() as u64;
    for _ in 0..n * 200 {
        if out.len() == n {
            break;
        }
        let Some(pos) = m.position(rng.below(size) as usize, Color::White) else {
            continue;
        };
        let game = Game::from_position(pos);
        if game.status().is_over() {
            continue;
        }
        if matches!(tables.probe_fresh(&pos), Ok(p) if p.kind == egtb::Kind::Win && p.moves().is_none_or(|m| m >= MIN_MOVES))
        {
            out.push(game);
        }
    }
    out
}

#[derive(Default)]
struct Tally {
    won: u32,
    drawn: u32,
    lost: u32,
    plies_to_win: u64,
}

pub fn convert(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &["engine-tables"])?;
    a.only(&[
        "engine-tables",
        "dir",
        "materials",
        "positions",
        "seed",
        "ms",
        "levels",
        "nodes",
        "max-plies",
        "eval",
    ])?;
    let mut weights = shashki::engine::Weights::DEFAULT;
    if let Some(e) = a.value("eval") {
        weights.parse_settings(e)?;
    }
    let dir = a.value("dir").map_or_else(default_dir, PathBuf::from);
    let tables = load(&dir);
    let materials = a
        .value("materials")
        .unwrap_or(DEFAULT_MATERIALS)
        .split(',')
        .map(parse_material)
        .collect::<Result<Vec<_>, _>>()?;
    let n: usize = a.number("positions")?.unwrap_or(20);
    let seed: u64 = a.number("seed")?.unwrap_or(1);
    let ms: f64 = a.number("ms")?.unwrap_or(100.0);
    let max_plies: usize = a.number("max-plies")?.unwrap_or(300);
    let nodes: Option<u64> = a.number("nodes")?;
    // Level 0 stands for the full-strength search on a node budget.
    let levels = if nodes.is_some() {
        "0"
    } else {
        a.value("levels").unwrap_or("1,4,6")
    };
    let levels = levels
        .split(',')
        .map(|l| {
            l.trim()
                .parse::<u8>()
                .map_err(|_| format!("bad level '{l}'"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let engine_tables = a.flag("engine-tables");
    if engine_tables {
        egtb::install(load(&dir));
    } else if egtb::installed() {
        return Err("the tables must not be installed for the engine".into());
    }
    let clock = Clock::native();
    println!(
        "| material | positions | engine | won | drawn | lost | converted | mean plies to win |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let mut rng = Rng::new(seed);
    for m in &materials {
        if !tables.materials().any(|t| t == m || t == &m.flipped()) {
            return Err(format!("no table for {m} in {}", dir.display()));
        }
        let games = sample(&tables, m, n, &mut rng);
        for &level in &levels {
            let mut t = Tally::default();
            for (i, start) in games.iter().enumerate() {
                let mut game = start.clone();
                let mut engine = Engine::new(16);
                engine.set_weights(weights);
                let mut plies = 0;
                while !game.status().is_over() && plies < max_plies {
                    let mv = if game.position().turn() == Color::White {
                        match nodes {
                            Some(n) => engine.search(&game, &Limits::nodes(n), &clock).best,
                            None => {
                                let seed = seed ^ i as u64 ^ plies as u64;
                                engine
                                    .play_level_within(&game, level, seed, &clock, ms)
                                    .best
                            }
                        }
                    } else {
                        table_moves_in(&tables, &game)
                            .and_then(|ms| ms.first().map(|t| t.mv))
                            .or_else(|| game.legal_moves().first().copied())
                    };
                    let Some(mv) = mv else { break };
                    game.play(&mv).map_err(|e| e.to_string())?;
                    plies += 1;
                }
                match game.status().winner() {
                    Some(Color::White) => {
                        t.won += 1;
                        t.plies_to_win += plies as u64;
                    }
                    Some(Color::Black) => t.lost += 1,
                    None => t.drawn += 1,
                }
            }
            let total = games.len() as u32;
            let who = match nodes {
                Some(n) => format!("full, {n} nodes"),
                None => format!("{level}, {ms} ms"),
            };
            let who = if engine_tables {
                format!("{who}, tables")
            } else {
                who
            };
            println!(
                "| {m} | {total} | {who} | {} | {} | {} | {:.0} % | {} |",
                t.won,
                t.drawn,
                t.lost,
                100.0 * f64::from(t.won) / f64::from(total.max(1)),
                if t.won > 0 {
                    format!("{:.1}", t.plies_to_win as f64 / f64::from(t.won))
                } else {
                    "-".into()
                }
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
