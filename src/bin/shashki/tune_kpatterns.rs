//! `shashki tune kpatterns`: fits the region patterns with kings and the
//! side to move (`shashki::engine::kpatterns`) by logistic regression, over
//! the hand-set evaluation held fixed.
//!
//! ```text
//! shashki tune kpatterns --data DIR|FILE[,..] [--epochs N] [--l2 X] [--rate X] [--lambda X]
//!     [--base name=value,..] [--today name=value,..] [--min-count N] [--limit PARTS] [--out FILE]
//! ```
//!
//! The data are the part files of `shashki tune selfplay` (a folder is read
//! for its `part-*.tsv` files, in name order). Every position is seen from
//! the side to move: the hand-set evaluation `b` (without patterns, or with
//! the men-only ones at `--base patterns=N`), the nine
//! region entries, the game's result `r` and the search score `s` of the
//! move played. The prediction is `sigmoid(K * (b + Σ entries))` with K
//! fitted to `b` first; the target is `lambda * r + (1 - lambda) *
//! sigmoid(K * s)` (the result and the deeper search's judgement mixed);
//! the mean squared error plus `l2` times the sum of the squared entries is
//! minimised by Adam over the whole training set as one batch (a rerun
//! gives the same bytes); entries seen in fewer than `--min-count`
//! training positions (50) stay 0. Every tenth part file (parts 9, 19, ..) is held
//! out, whole games, and the held-out error against the game results is
//! printed for today's evaluation (with its own best K), the evaluation
//! without patterns, and the new one.

use crate::args::Args;
use crate::tune_cmd::{scan_k, sigmoid};
use crate::tune_patterns::{rounded_bytes, Adam};
use shashki::engine::eval::Evaluator;
use shashki::engine::kpatterns::{indices, mover_view, LEN};
use shashki::engine::patterns::REGIONS;
use shashki::engine::Weights;
use shashki::{Color, Position};
use std::process::ExitCode;

/// One training position, from the side to move.
struct Row {
    /// The hand-set evaluation without any pattern.
    base: f32,
    /// Today's shipped evaluation.
    today: f32,
    result: f32,
    score: f32,
    idx: [u32; REGIONS],
}

/// The files named by `--data`: folders give their `part-*.tsv` files.
pub(crate) fn files(data: &str) -> Result<Vec<std::path::PathBuf>, String> {
    let mut out = Vec::new();
    for item in data.split(',').filter(|s| !s.is_empty()) {
        let p = std::path::PathBuf::from(item);
        if p.is_dir() {
            let mut v: Vec<_> = std::fs::read_dir(&p)
                .map_err(|e| format!("{item}: {e}"))?
                .flatten()
                .map(|e| e.path())
                .filter(|f| {
                    f.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with("part-") && n.ends_with(".tsv"))
                })
                .collect();
            v.sort();
            out.extend(v);
        } else {
            out.push(p);
        }
    }
    Ok(out)
}

/// Whether a part file is held out: part k when k % 10 == 9 (by its
/// name's number, else by `n`, its place in the list).
pub(crate) fn held_out(path: &std::path::Path, n: usize) -> bool {
    let k = path
        .file_stem()
        .and_then(|s| s.to_str())
        .and_then(|s| s.strip_prefix("part-"))
        .and_then(|s| s.parse::<usize>().ok())
        .unwrap_or(n);
    k % 10 == 9
}

/// Reads the positions of the files named by `--data` (at most `limit`
/// files), turning each into a row with `f`, seen from the side to move:
/// the position, the game's result (1, 0.5, 0) and the search score
/// (clamped to ±3000); `None` leaves it out. Returns the training rows,
/// the held-out ones (part k with k % 10 == 9, whole games) and the number
/// of files read; an error when either set is empty.
pub(crate) fn read_rows<R>(
    data: &str,
    limit: usize,
    mut f: impl FnMut(&Position, f32, f32) -> Option<R>,
) -> Result<(Vec<R>, Vec<R>, usize), String> {
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    let paths = files(data)?;
    for (n, path) in paths.iter().take(limit).enumerate() {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
        let held = held_out(path, n);
        for (i, line) in text.lines().enumerate() {
            let cols: Vec<&str> = line.split('\t').collect();
            if cols.len() < 3 {
                return Err(format!("{name}:{}: expected FEN, result, score", i + 1));
            }
            let bad = |what: &str| format!("{name}:{}: bad {what}", i + 1);
            let pos = Position::from_fen(cols[0]).map_err(|e| format!("{name}:{}: {e}", i + 1))?;
            let white_result: f64 = cols[1].parse().map_err(|_| bad("result"))?;
            let white_score: f64 = cols[2].parse().map_err(|_| bad("score"))?;
            let white = pos.turn() == Color::White;
            let result = if white {
                white_result
            } else {
                1.0 - white_result
            };
            let score = if white { white_score } else { -white_score }.clamp(-3000.0, 3000.0);
            if let Some(row) = f(&pos, result as f32, score as f32) {
                if held {
                    valid.push(row);
                } else {
                    train.push(row);
                }
            }
        }
    }
    if train.is_empty() || valid.is_empty() {
        return Err("too few positions: need parts for training and held-out part 9".into());
    }
    Ok((train, valid, paths.len().min(limit)))
}

pub fn fit_kpatterns(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &[])?;
    a.only(&[
        "data",
        "out",
        "epochs",
        "l2",
        "rate",
        "lambda",
        "limit",
        "base",
        "today",
        "min-count",
    ])?;
    let data = a.value("data").ok_or("--data DIR|FILE is needed")?;
    let epochs: usize = a.number("epochs")?.unwrap_or(300);
    let l2: f64 = a.number("l2")?.unwrap_or(1e-9);
    let rate: f64 = a.number("rate")?.unwrap_or(0.5);
    let lambda: f64 = a.number("lambda")?.unwrap_or(0.5);
    // Entries seen in fewer training positions stay 0: Adam moves a rare
    // entry as fast as a common one, and a handful of positions would set
    // it to whatever fits them (found in a shot of tests/tactics.rs with
    // kings, misjudged by four men).
    let min_count: u32 = a.number("min-count")?.unwrap_or(50);
    // At most this many part files (the first ones), to fit on the same
    // data while a generator is still adding parts.
    let limit: usize = a.number("limit")?.unwrap_or(usize::MAX);
    // The evaluation the table is added to (`--base patterns=75`: the
    // men-only table kept, the new one fitted over it), and the one it is
    // compared with (`--today`, by default the evaluation shipped before
    // this table: the men-only patterns at 75 %).
    let mut base_w = Weights::HAND_SET;
    base_w.patterns = 0;
    base_w.kpatterns = 0;
    base_w
        .parse_settings(a.value("base").unwrap_or(""))
        .map_err(|e| format!("--base: {e}"))?;
    let base_ev = Evaluator::new(base_w);
    let mut today_w = Weights::HAND_SET;
    today_w.patterns = 75;
    today_w.kpatterns = 0;
    today_w
        .parse_settings(a.value("today").unwrap_or(""))
        .map_err(|e| format!("--today: {e}"))?;
    let today_ev = Evaluator::new(today_w);
    let (train, valid, nfiles) = read_rows(data, limit, |pos, result, score| {
        let (om, ok, em, ek) = mover_view(pos);
        Some(Row {
            base: base_ev.evaluate(pos) as f32,
            today: today_ev.evaluate(pos) as f32,
            result,
            score,
            idx: indices(om, ok, em, ek).map(|x| x as u32),
        })
    })?;
    let k = best_k(&train, |r| r.result as f64, |r| r.base as f64);
    let k_today = best_k(&train, |r| r.result as f64, |r| r.today as f64);
    let n = LEN;
    let zero = vec![0f64; n];
    println!(
        "{} training positions, {} held out ({} files); K = {k:.2} for the evaluation without patterns, {k_today:.2} for today's",
        train.len(),
        valid.len(),
        nfiles
    );
    let mut count = vec![0u32; n];
    for r in &train {
        for &i in &r.idx {
            count[i as usize] += 1;
        }
    }
    let free = count.iter().filter(|&&c| c >= min_count).count();
    println!("{free} of {n} entries seen in at least {min_count} training positions: only they are fitted");
    let target = |r: &Row| lambda * r.result as f64 + (1.0 - lambda) * sigmoid(r.score as f64, k);
    let mut theta = vec![0f64; n];
    let mut adam = Adam::new(n);
    let mut grad = vec![0f64; n];
    let c = std::f64::consts::LN_10 * k / 400.0;
    let inv = 1.0 / train.len() as f64;
    for epoch in 1..=epochs {
        grad.iter_mut().for_each(|g| *g = 0.0);
        let mut err = 0.0;
        for r in &train {
            let p = predict(r, &theta, k);
            let e = p - target(r);
            err += e * e;
            let g = 2.0 * e * p * (1.0 - p) * c;
            for &i in &r.idx {
                grad[i as usize] += g;
            }
        }
        adam.step(&mut theta, &grad, inv, l2, rate, |i| count[i] >= min_count);
        if epoch % 25 == 0 || epoch == epochs {
            eprintln!(
                "epoch {epoch}: training error {:.6} (against the mixed target), held-out error {:.6} (against the results)",
                err * inv,
                error(&valid, &theta, k)
            );
        }
    }
    let (bytes, rounded, nonzero, clipped) = rounded_bytes(&theta);
    let today_err = valid
        .iter()
        .map(|r| (sigmoid(r.today as f64, k_today) - r.result as f64).powi(2))
        .sum::<f64>()
        / valid.len() as f64;
    println!(
        "held-out error against the results ({} positions): today's evaluation {today_err:.6}, without patterns {:.6}, with the new patterns (rounded) {:.6}; training error {:.6} without, {:.6} with; {nonzero} of {n} entries non-zero, {clipped} clipped",
        valid.len(),
        error(&valid, &zero, k),
        error(&valid, &rounded, k),
        error(&train, &zero, k),
        error(&train, &rounded, k),
    );
    if let Some(out) = a.value("out") {
        std::fs::write(out, &bytes).map_err(|e| format!("{out}: {e}"))?;
        println!("-> {out}");
    }
    Ok(ExitCode::SUCCESS)
}

fn predict(r: &Row, theta: &[f64], k: f64) -> f64 {
    let mut s = r.base as f64;
    for &i in &r.idx {
        s += theta[i as usize];
    }
    sigmoid(s, k)
}

fn error(rows: &[Row], theta: &[f64], k: f64) -> f64 {
    rows.iter()
        .map(|r| (predict(r, theta, k) - r.result as f64).powi(2))
        .sum::<f64>()
        / rows.len().max(1) as f64
}

/// The scale K that fits `score` to the results best.
pub(crate) fn best_k<R>(rows: &[R], result: impl Fn(&R) -> f64, score: impl Fn(&R) -> f64) -> f64 {
    scan_k(|k| {
        rows.iter()
            .map(|r| (sigmoid(score(r), k) - result(r)).powi(2))
            .sum::<f64>()
    })
    .0
}
