//! `shashki tune`: fits the evaluation weights to game results (the
//! "Texel" method: logistic regression of the result on the static score).
//!
//! ```text
//! shashki tune gen --games N --nodes N --seed S --out FILE
//! shashki tune fit --data FILE [--out FILE]
//! ```
//!
//! `gen` plays self-play games at a low fixed node count (deterministic for
//! a seed) from the 840 openings, with a few seeded random moves early on
//! for variety, and writes one quiet position a line with the game's
//! result: `FEN<TAB>1|0.5|0` (from White's side). The 200 real games of
//! `tests/data/russian-games.pdn` and the openings (as draws: they are
//! balanced ballots) are added by `fit`.
//!
//! `fit` finds the scale K of the logistic curve for the current weights,
//! then lowers the mean squared error of `result - sigmoid(K * score)` by
//! coordinate descent over the weights (a man stays 100), and prints the
//! new weights as `name=value` settings (for `match --a-eval`) and writes
//! them to `--out` (the format of `src/engine/weights.txt`).

use crate::args::Args;
use shashki::engine::eval::Evaluator;
use shashki::engine::{Clock, Engine, Limits, Rng, Weights};
use shashki::game::{parse_games, Game};
use shashki::{Color, Position};
use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

const GAMES_PDN: &str = include_str!("../../../tests/data/russian-games.pdn");

/// Plies after the opening during which a random move may be played.
const RANDOM_PLIES: usize = 10;
/// Positions before this ply (after the opening) are not recorded.
const RECORD_FROM: usize = 10;
const MAX_PLIES: usize = 300;

pub fn tune(argv: &[String]) -> Result<ExitCode, String> {
    crate::args::dispatch(
        argv,
        &[
            ("gen", generate),
            ("fit", fit),
            ("patterns", crate::tune_patterns::fit_patterns),
            ("selfplay", crate::datagen::selfplay),
            ("kpatterns", crate::tune_kpatterns::fit_kpatterns),
            ("net", crate::tune_net::fit_net),
            ("relabel", crate::tune_relabel::relabel),
            ("agree", crate::tune_agree::agree),
        ],
        "usage: shashki tune gen --games N --nodes N --seed S --out FILE | tune fit --data FILE [--out FILE] | tune patterns --data FILE [--out FILE] | tune selfplay --dir DIR [--parts N] [--from K] [--games N] [--nodes N] [--seed S] | tune kpatterns --data DIR [--out FILE] | tune net --data DIR [--epochs N] [--seed S] [--init FILE] [--out FILE] | tune relabel --data DIR --out DIR [--nodes N] [--from K] [--parts N] | tune agree --pdn FILE|--data DIR [--limit PARTS] [--depth D] [--eval name=value,..]",
    )
}

fn generate(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &[])?;
    a.only(&["games", "nodes", "seed", "out"])?;
    let games: usize = a.number("games")?.unwrap_or(1680);
    let nodes: u64 = a.number("nodes")?.unwrap_or(3000);
    let seed: u64 = a.number("seed")?.unwrap_or(1);
    let out = a.value("out").ok_or("--out FILE is needed")?;
    let openings = crate::args::openings()?;
    let clock = Clock::frozen(); // node-bounded: deterministic
    let mut engine = Engine::new(4);
    // The hand-set weights without the region patterns play the games, so a
    // rerun reproduces the data whatever `src/engine/weights.txt` and
    // `src/engine/patterns.bin` hold now (the files behind the shipped
    // patterns were played before any table existed).
    engine.set_weights(Weights {
        patterns: 0,
        ..Weights::HAND_SET
    });
    // Written game by game, so a long run can be used (or stopped) before
    // its end: the first n games of a run are the run with `--games n`.
    let file = std::fs::File::create(out).map_err(|e| format!("{out}: {e}"))?;
    let mut file = std::io::BufWriter::new(file);
    let (mut positions, mut w, mut d, mut l) = (0usize, 0, 0, 0);
    for g in 0..games {
        let opening = openings[g % openings.len()];
        let mut rng = Rng::new(seed.wrapping_mul(0x9E37_79B9).wrapping_add(g as u64));
        let mut game = Game::from_position(opening);
        engine.clear();
        let mut record = Vec::new();
        let mut ply = 0;
        while !game.status().is_over() && ply < MAX_PLIES {
            let legal = game.legal_moves();
            let random = ply < RANDOM_PLIES && rng.below(6) == 0 && legal.len() > 1;
            let mv = if random {
                record.clear(); // keep only positions after the last random move
                legal[rng.below(legal.len() as u64) as usize]
            } else {
                if ply >= RECORD_FROM && !game.position().has_capture() {
                    record.push(game.position().fen());
                }
                engine
                    .search(&game, &Limits::nodes(nodes), &clock)
                    .best
                    .ok_or("no move in a game that goes on")?
            };
            game.play(&mv).map_err(|e| e.to_string())?;
            ply += 1;
        }
        let result = match game.status().winner() {
            Some(Color::White) => {
                w += 1;
                "1"
            }
            Some(Color::Black) => {
                l += 1;
                "0"
            }
            None => {
                d += 1;
                "0.5"
            }
        };
        let mut text = String::new();
        for fen in &record {
            let _ = writeln!(text, "{fen}\t{result}");
        }
        file.write_all(text.as_bytes())
            .and_then(|_| file.flush())
            .map_err(|e| format!("{out}: {e}"))?;
        positions += record.len();
        if (g + 1) % 100 == 0 {
            eprintln!(
                "{} games, {positions} positions (White +{w} ={d} -{l})",
                g + 1
            );
        }
    }
    println!("{games} games at {nodes} nodes a move, seed {seed}: {positions} quiet positions (White +{w} ={d} -{l}) -> {out}");
    Ok(ExitCode::SUCCESS)
}

/// A training position: the position and the result from White's side.
pub(crate) struct Sample {
    pub(crate) pos: Position,
    pub(crate) result: f64,
}

pub(crate) fn load(argv_data: &[&str]) -> Result<Vec<Sample>, String> {
    let mut out = Vec::new();
    for path in argv_data {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for (i, line) in text.lines().enumerate() {
            // `FEN<TAB>result`, and after it (the `tune selfplay` files)
            // the search score, the ply and the source, not used here.
            let mut cols = line.split('\t');
            let (Some(fen), Some(r)) = (cols.next(), cols.next()) else {
                continue;
            };
            let pos = Position::from_fen(fen).map_err(|e| format!("{path}:{}: {e}", i + 1))?;
            let result: f64 = r
                .trim()
                .parse()
                .map_err(|_| format!("{path}:{}: bad result '{r}'", i + 1))?;
            out.push(Sample { pos, result });
        }
    }
    // The real games: every quiet position after the first ten plies.
    let games = parse_games(GAMES_PDN).map_err(|e| e.to_string())?;
    for g in &games {
        let result = match g.tag("Result") {
            Some("1-0") | Some("2-0") => 1.0,
            Some("0-1") | Some("0-2") => 0.0,
            Some("1-1") | Some("1/2-1/2") => 0.5,
            _ => continue,
        };
        for pos in g.position_history().skip(RECORD_FROM) {
            if !pos.has_capture() {
                out.push(Sample { pos: *pos, result });
            }
        }
    }
    // The openings: balanced ballots.
    for pos in crate::args::openings()? {
        if !pos.has_capture() {
            out.push(Sample { pos, result: 0.5 });
        }
    }
    Ok(out)
}

/// The weights the fit moves (a man stays 100, the drawish divisors stay).
fn names() -> Vec<String> {
    let mut v: Vec<String> = ["king_mg", "king_eg"].map(String::from).to_vec();
    v.extend((1..7).map(|i| format!("advance_mg{i}")));
    v.extend((1..7).map(|i| format!("advance_eg{i}")));
    v.extend(
        [
            "centre",
            "near_centre",
            "edge",
            "guard_inner",
            "guard_outer",
            "imbalance",
            "mobility_man",
            "mobility_king",
            "backed",
            "king_main_road",
            "main_road_owned",
            "king_double",
            "tempo",
        ]
        .map(String::from),
    );
    v.extend((1..8).map(|i| format!("runaway{i}")));
    v
}

fn get(w: &Weights, name: &str) -> i32 {
    // Read back through `set`: find the value by trying the settings text.
    let text = settings(w);
    text.split(',')
        .find_map(|kv| {
            let (k, v) = kv.split_once('=')?;
            (k == name).then(|| v.parse().ok())?
        })
        .unwrap_or(0)
}

/// Every fitted weight as `name=value,...`.
fn settings(w: &Weights) -> String {
    let mut s = String::new();
    let fields: [(&str, i32); 15] = [
        ("king_mg", w.king_mg),
        ("king_eg", w.king_eg),
        ("centre", w.centre),
        ("near_centre", w.near_centre),
        ("edge", w.edge),
        ("guard_inner", w.guard_inner),
        ("guard_outer", w.guard_outer),
        ("imbalance", w.imbalance),
        ("mobility_man", w.mobility_man),
        ("mobility_king", w.mobility_king),
        ("backed", w.backed),
        ("king_main_road", w.king_main_road),
        ("main_road_owned", w.main_road_owned),
        ("king_double", w.king_double),
        ("tempo", w.tempo),
    ];
    for (k, v) in fields {
        let _ = write!(s, "{k}={v},");
    }
    for i in 1..7 {
        let _ = write!(s, "advance_mg{i}={},", w.advance_mg[i]);
        let _ = write!(s, "advance_eg{i}={},", w.advance_eg[i]);
    }
    for i in 1..8 {
        let _ = write!(s, "runaway{i}={},", w.runaway[i]);
    }
    s.pop();
    s
}

pub(crate) fn sigmoid(score: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * score / 400.0))
}

fn loss(samples: &[Sample], w: &Weights, k: f64) -> f64 {
    let ev = Evaluator::new(*w);
    let mut sum = 0.0;
    for s in samples {
        let mut v = ev.evaluate(&s.pos);
        if s.pos.turn() == Color::Black {
            v = -v;
        }
        let e = s.result - sigmoid(v as f64, k);
        sum += e * e;
    }
    sum / samples.len() as f64
}

/// The scale K that fits the weights `w` best, and its error.
pub(crate) fn best_k(samples: &[Sample], w: &Weights) -> (f64, f64) {
    scan_k(|k| loss(samples, w, k))
}

/// The K > 0 where `loss` is least, and the loss there (a scan from 1 in
/// steps of 0.5, 0.1, 0.02: the losses fitted here are smooth with one
/// minimum in this range).
pub(crate) fn scan_k(loss: impl Fn(f64) -> f64) -> (f64, f64) {
    let mut k = 1.0;
    let mut best = loss(k);
    for step in [0.5, 0.1, 0.02] {
        loop {
            let mut moved = false;
            for cand in [k - step, k + step] {
                if cand > 0.0 {
                    let l = loss(cand);
                    if l < best {
                        best = l;
                        k = cand;
                        moved = true;
                    }
                }
            }
            if !moved {
                break;
            }
        }
    }
    (k, best)
}

fn fit(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &[])?;
    a.only(&["data", "out", "rounds", "fix"])?;
    // Weights left as they are (`--fix king_mg,king_eg`).
    let fixed: Vec<&str> = a
        .value("fix")
        .map(|f| f.split(',').map(str::trim).collect())
        .unwrap_or_default();
    for name in &fixed {
        let mut probe = Weights::HAND_SET;
        probe.set(name, 1).map_err(|e| format!("--fix: {e}"))?;
    }
    let data: Vec<&str> = a
        .value("data")
        .map(|d| d.split(',').collect())
        .unwrap_or_default();
    let rounds: usize = a.number("rounds")?.unwrap_or(6);
    let samples = load(&data)?;
    if samples.is_empty() {
        return Err("no training positions".into());
    }
    // From the hand-set weights, so a rerun reproduces the shipped file.
    let mut w = Weights::HAND_SET;
    let (k, mut best) = best_k(&samples, &w);
    println!(
        "{} positions; K = {k:.2}; mean squared error with the hand-set weights {best:.6}",
        samples.len()
    );
    let names: Vec<String> = names()
        .into_iter()
        .filter(|n| !fixed.contains(&n.as_str()))
        .collect();
    for round in 0..rounds {
        let step = [8, 4, 2, 1, 1, 1][round.min(5)];
        let mut improved = 0;
        for name in &names {
            for dir in [step, -step] {
                let mut moved = false;
                for _ in 0..8 {
                    let mut t = w;
                    if t.set(name, get(&w, name) + dir).is_err() {
                        break;
                    }
                    let l = loss(&samples, &t, k);
                    if l >= best {
                        break;
                    }
                    best = l;
                    w = t;
                    moved = true;
                }
                if moved {
                    improved += 1;
                    break;
                }
            }
        }
        eprintln!(
            "round {} (step {step}): {improved} weights moved, error {best:.6}",
            round + 1
        );
    }
    let text = settings(&w);
    println!("fitted error {best:.6}\n{text}");
    if let Some(out) = a.value("out") {
        let mut file = format!(
            "# Evaluation weights over Weights::HAND_SET (src/engine/eval.rs), name=value one a line.\n\
             # Written by `shashki tune fit --rounds {rounds}{}` from {} positions (K = {k:.2}, error {best:.6}).\n",
            a.value("fix").map(|f| format!(" --fix {f}")).unwrap_or_default(),
            samples.len()
        );
        for kv in text.split(',') {
            file.push_str(kv);
            file.push('\n');
        }
        std::fs::write(out, file).map_err(|e| format!("{out}: {e}"))?;
    }
    Ok(ExitCode::SUCCESS)
}
