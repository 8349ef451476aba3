//! `shashki tune patterns`: fits the region patterns of
//! `shashki::engine::patterns` to game results, over the rest of the
//! evaluation held fixed.
//!
//! ```text
//! shashki tune patterns --data FILE[,FILE..] [--epochs N] [--l2 X] [--rate X] [--out FILE]
//! ```
//!
//! Each quiet position (the `tune gen` files, the real games and the
//! openings, as for `tune fit`) gives the score of the evaluation without
//! patterns `b` and its 18 pattern entries (nine regions seen from White,
//! plus nine from Black with the sign turned). The prediction is
//! `sigmoid(K * (b + Σ entries))`, K fitted first to the evaluation without
//! patterns; the mean squared error of the result plus `l2` times the sum of
//! the squared entries is minimised by Adam with the whole data set as one
//! batch (no sampling: a rerun gives the same bytes). One block of positions
//! in ten (in file order, so whole games mostly) is held out and its error
//! printed, to choose `--l2` and `--epochs` honestly. The entries are
//! rounded to whole hundredths of a man, within a signed byte, and written
//! to `--out` (the format of `src/engine/patterns.bin`: the regions the
//! engine reads, `patterns::fold`).

use crate::args::Args;
use crate::tune_cmd::{best_k, load, sigmoid};
use shashki::engine::eval::Evaluator;
use shashki::engine::patterns::{fold, indices, REGIONS, SIZE};
use shashki::engine::Weights;
use shashki::Color;
use std::process::ExitCode;

/// One training position, reduced to what the fit needs.
struct Row {
    /// The evaluation without patterns, from White's side.
    base: f32,
    result: f32,
    /// Entries counted for White / against (Black's regions).
    plus: [u32; REGIONS],
    minus: [u32; REGIONS],
}

pub fn fit_patterns(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &[])?;
    a.only(&["data", "out", "epochs", "l2", "rate"])?;
    let data: Vec<&str> = a
        .value("data")
        .map(|d| d.split(',').collect())
        .unwrap_or_default();
    let epochs: usize = a.number("epochs")?.unwrap_or(300);
    let l2: f64 = a.number("l2")?.unwrap_or(1e-7);
    let rate: f64 = a.number("rate")?.unwrap_or(1.0);
    let samples = load(&data)?;
    if samples.is_empty() {
        return Err("no training positions".into());
    }
    // The evaluation the patterns are added to: the shipped weights, no
    // patterns.
    let mut w = Weights::DEFAULT;
    w.patterns = 0;
    let (k, base_err) = best_k(&samples, &w);
    let ev = Evaluator::new(w);
    let mut train = Vec::new();
    let mut valid = Vec::new();
    for (i, s) in samples.iter().enumerate() {
        let mut base = ev.evaluate(&s.pos);
        if s.pos.turn() == Color::Black {
            base = -base;
        }
        let men = !s.pos.kings().0;
        let white = s.pos.pieces(Color::White).0 & men;
        let black = s.pos.pieces(Color::Black).0 & men;
        let row = Row {
            base: base as f32,
            result: s.result as f32,
            plus: indices(white, black).map(|x| x as u32),
            minus: indices(black.reverse_bits(), white.reverse_bits()).map(|x| x as u32),
        };
        if (i / 1000) % 10 == 9 {
            valid.push(row);
        } else {
            train.push(row);
        }
    }
    println!(
        "{} positions ({} held out); K = {k:.2}; error without patterns {base_err:.6}",
        samples.len(),
        valid.len()
    );
    let n = REGIONS * SIZE;
    let mut theta = vec![0f64; n];
    let mut adam = Adam::new(n);
    let mut grad = vec![0f64; n];
    let c = std::f64::consts::LN_10 * k / 400.0;
    for epoch in 1..=epochs {
        grad.iter_mut().for_each(|g| *g = 0.0);
        let mut err = 0.0;
        for r in &train {
            let p = predict(r, &theta, k);
            let e = p - r.result as f64;
            err += e * e;
            // d(e^2)/d(score) = 2 e p (1 - p) c
            let g = 2.0 * e * p * (1.0 - p) * c;
            for &i in &r.plus {
                grad[i as usize] += g;
            }
            for &i in &r.minus {
                grad[i as usize] -= g;
            }
        }
        let inv = 1.0 / train.len() as f64;
        adam.step(&mut theta, &grad, inv, l2, rate, |_| true);
        if epoch % 25 == 0 || epoch == epochs {
            eprintln!(
                "epoch {epoch}: training error {:.6}, held-out error {:.6}",
                err * inv,
                error(&valid, &theta, k)
            );
        }
    }
    let (bytes, rounded, nonzero, clipped) = rounded_bytes(&theta);
    println!(
        "held-out error: {:.6} without patterns, {:.6} with the rounded patterns; training error: {:.6} without, {:.6} with; {nonzero} of {n} entries non-zero, {clipped} clipped",
        error(&valid, &vec![0.0; n], k),
        error(&valid, &rounded, k),
        error(&train, &vec![0.0; n], k),
        error(&train, &rounded, k),
    );
    if let Some(out) = a.value("out") {
        // Only the regions the engine reads are written (see
        // `patterns::fold`: the others are their exact opposites).
        let stored = fold(&bytes).map_err(|e| format!("the fitted patterns: {e}"))?;
        std::fs::write(out, &stored).map_err(|e| format!("{out}: {e}"))?;
        println!("-> {out}");
    }
    Ok(ExitCode::SUCCESS)
}

/// Adam over a table of values, the whole data set one batch.
pub(crate) struct Adam {
    m1: Vec<f64>,
    m2: Vec<f64>,
    t: i32,
}

impl Adam {
    pub(crate) fn new(n: usize) -> Adam {
        Adam {
            m1: vec![0.0; n],
            m2: vec![0.0; n],
            t: 0,
        }
    }

    /// One step: `grad` summed over the batch (scaled by `inv`), plus the
    /// L2 penalty's; only the entries `free` says are moved.
    pub(crate) fn step(
        &mut self,
        theta: &mut [f64],
        grad: &[f64],
        inv: f64,
        l2: f64,
        rate: f64,
        free: impl Fn(usize) -> bool,
    ) {
        let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8);
        self.t += 1;
        let (bc1, bc2) = (1.0 - b1.powi(self.t), 1.0 - b2.powi(self.t));
        for i in 0..theta.len() {
            if !free(i) {
                continue;
            }
            let g = grad[i] * inv + 2.0 * l2 * theta[i];
            self.m1[i] = b1 * self.m1[i] + (1.0 - b1) * g;
            self.m2[i] = b2 * self.m2[i] + (1.0 - b2) * g * g;
            theta[i] -= rate * (self.m1[i] / bc1) / ((self.m2[i] / bc2).sqrt() + eps);
        }
    }
}

/// The values rounded to whole hundredths within a signed byte: the bytes,
/// the rounded values, how many are non-zero and how many were clipped.
pub(crate) fn rounded_bytes(theta: &[f64]) -> (Vec<u8>, Vec<f64>, usize, usize) {
    let bytes: Vec<u8> = theta
        .iter()
        .map(|&t| (t.round().clamp(-127.0, 127.0) as i8) as u8)
        .collect();
    let rounded: Vec<f64> = bytes.iter().map(|&b| b as i8 as f64).collect();
    let nonzero = bytes.iter().filter(|&&b| b != 0).count();
    let clipped = theta.iter().filter(|t| t.abs() > 127.5).count();
    (bytes, rounded, nonzero, clipped)
}

fn predict(r: &Row, theta: &[f64], k: f64) -> f64 {
    let mut s = r.base as f64;
    for &i in &r.plus {
        s += theta[i as usize];
    }
    for &i in &r.minus {
        s -= theta[i as usize];
    }
    sigmoid(s, k)
}

fn error(rows: &[Row], theta: &[f64], k: f64) -> f64 {
    let sum: f64 = rows
        .iter()
        .map(|r| {
            let e = predict(r, theta, k) - r.result as f64;
            e * e
        })
        .sum();
    sum / rows.len().max(1) as f64
}
