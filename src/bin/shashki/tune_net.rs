//! `shashki tune net`: trains the network of `shashki::engine::net` on
//! what the rest of the evaluation leaves over.
//!
//! ```text
//! shashki tune net --data DIR|FILE[,..] [--epochs N] [--rate X] [--lambda X] [--batch N]
//!     [--seed S] [--limit PARTS] [--compare FILE] [--init FILE] [--out FILE]
//!     [--moves W [--temp T] [--moves-depth D]]
//! ```
//!
//! The data are the part files of `shashki tune selfplay`, read and held
//! out as `shashki tune kpatterns` reads them (every tenth part, whole
//! games, held out), without the positions with a king (the network does
//! not judge them, `net::applies`). Every position is seen from the side to move: the
//! shipped evaluation without the network `e`, the network's output `o`
//! (in hundredths of a man), the game's result `r` and the search score
//! `s` of the move played. The prediction is `sigmoid(K * (e + o))`, with
//! K fitted to `e` first; the target is `lambda * r + (1 - lambda) *
//! sigmoid(K * s)`. The squared error is minimised by Adam over shuffled
//! mini-batches (`--batch`, 1024), the rate cut to 30 % for the last
//! quarter of the epochs. The output weights start at zero, so training
//! starts from today's evaluation; the first layer starts from small
//! random weights drawn with `--seed`. Single-threaded and seeded: a rerun
//! gives the same bytes. The held-out error against the game results is
//! printed for today's evaluation and for it with the network, the
//! network read back from its bytes through the engine's own code, and
//! for `--compare FILE`, another network file (the shipped one, say) on
//! the same held-out positions. `--moves W` adds a second loss, the
//! ranking of the move each self-play position's search played among its
//! moves (`crate::tune_moves`), weighed `W` to the value loss's 1.

use crate::args::Args;
use crate::tune_cmd::sigmoid;
use crate::tune_kpatterns::{best_k, read_rows};
use crate::tune_moves;
use crate::tune_patterns::Adam;
use shashki::engine::eval::Evaluator;
use shashki::engine::net::{self, B1_LIMIT, HIDDEN, INPUTS, ONE, OUT_SCALE, VALUES, W1_LIMIT};
use shashki::engine::{Rng, Weights};
use shashki::Position;
use std::process::ExitCode;

/// One training position, from the side to move.
struct Row {
    /// The shipped evaluation without the network.
    today: f32,
    result: f32,
    score: f32,
    /// The switched-on inputs (kind * 32 + square).
    inputs: Vec<u8>,
    pos: Position,
}

fn inputs(pos: &Position) -> Vec<u8> {
    let mut f = Vec::with_capacity(24);
    net::for_each_input(pos, |i| f.push(i as u8));
    f
}

// Where each part of the network sits in the flat parameter vector.
const B1: usize = INPUTS * HIDDEN;
const W2: usize = B1 + HIDDEN;
const B2: usize = W2 + HIDDEN;

/// The output (hundredths of a man) of the network `theta` for `inputs`,
/// leaving the hidden sums in `z`.
fn forward(theta: &[f64], inputs: &[u8], z: &mut [f64; HIDDEN]) -> f64 {
    z.copy_from_slice(&theta[B1..W2]);
    for &i in inputs {
        let row = &theta[i as usize * HIDDEN..(i as usize + 1) * HIDDEN];
        for (a, w) in z.iter_mut().zip(row) {
            *a += w;
        }
    }
    theta[B2]
        + z.iter()
            .zip(&theta[W2..B2])
            .map(|(a, w)| a.clamp(0.0, 1.0) * w)
            .sum::<f64>()
}

/// Adds to `grad` the gradient of `g` times the output of `theta` for
/// `inputs`, whose hidden sums `forward` left in `z`.
fn backprop(theta: &[f64], inputs: &[u8], z: &[f64; HIDDEN], g: f64, grad: &mut [f64]) {
    grad[B2] += g;
    for j in 0..HIDDEN {
        grad[W2 + j] += g * z[j].clamp(0.0, 1.0);
        if z[j] > 0.0 && z[j] < 1.0 {
            let gz = g * theta[W2 + j];
            grad[B1 + j] += gz;
            for &i in inputs {
                grad[i as usize * HIDDEN + j] += gz;
            }
        }
    }
}

/// The engine's integer for 1.0 of value `i` (first layer and its biases
/// in units of `ONE`, the output layer in `OUT_SCALE`ths of a hundredth).
fn scale(i: usize) -> f64 {
    if i < W2 {
        ONE as f64
    } else {
        OUT_SCALE as f64
    }
}

/// The file's bytes: the weights scaled to the engine's integers and
/// clipped to its limits.
fn to_bytes(theta: &[f64]) -> Vec<u8> {
    (0..VALUES)
        .map(|i| {
            let limit = match i {
                _ if i < B1 => W1_LIMIT,
                _ if i < W2 => B1_LIMIT,
                _ => i16::MAX,
            } as f64;
            (theta[i] * scale(i)).round().clamp(-limit, limit) as i16
        })
        .flat_map(i16::to_le_bytes)
        .collect()
}

/// The values of a network file as the trainer holds them: `to_bytes`
/// undone (exactly, for the values it writes).
fn from_bytes(bytes: &[u8]) -> Result<Vec<f64>, String> {
    let bytes: &[u8; net::LEN] = bytes
        .try_into()
        .map_err(|_| format!("{} bytes, a network file has {}", bytes.len(), net::LEN))?;
    let v = net::values(bytes);
    Ok((0..VALUES).map(|i| v[i] as f64 / scale(i)).collect())
}

/// The mean squared error against the game results of `rows`, predicted
/// by the evaluation without the network plus `out`, the network's output.
fn held_error(rows: &[Row], k: f64, mut out: impl FnMut(&Row) -> f64) -> f64 {
    rows.iter()
        .map(|r| (sigmoid(r.today as f64 + out(r), k) - r.result as f64).powi(2))
        .sum::<f64>()
        / rows.len() as f64
}

pub fn fit_net(argv: &[String]) -> Result<ExitCode, String> {
    let a = Args::parse(argv, &[])?;
    a.only(&[
        "data",
        "epochs",
        "rate",
        "lambda",
        "batch",
        "seed",
        "limit",
        "compare",
        "init",
        "out",
        "moves",
        "temp",
        "moves-depth",
        "threads",
    ])?;
    let data = a.value("data").ok_or("--data DIR is required")?;
    let epochs: usize = a.number("epochs")?.unwrap_or(40);
    let rate: f64 = a.number("rate")?.unwrap_or(0.003);
    let lambda: f64 = a.number("lambda")?.unwrap_or(0.5);
    let batch: usize = a.number::<usize>("batch")?.unwrap_or(1024).max(1);
    let seed: u64 = a.number("seed")?.unwrap_or(1);
    let limit: usize = a.number("limit")?.unwrap_or(usize::MAX);
    let mut w = Weights::DEFAULT;
    w.net = 0;
    let today_ev = Evaluator::new(w);
    let (train, valid, nfiles) = read_rows(data, limit, |pos, result, score| {
        // The network judges only positions without kings.
        net::applies(pos).then(|| Row {
            today: today_ev.evaluate(pos) as f32,
            result,
            score,
            inputs: inputs(pos),
            pos: *pos,
        })
    })?;
    let k = best_k(&train, |r| r.result as f64, |r| r.today as f64);
    let moves_weight: f64 = a.number("moves")?.unwrap_or(0.0);
    let temp: f64 = a.number("temp")?.unwrap_or(20.0);
    let moves_depth: u32 = a.number("moves-depth")?.unwrap_or(2);
    let threads = a.threads_or_cores()?;
    if !(moves_weight >= 0.0 && temp > 0.0) {
        return Err("--moves must be 0 or more and --temp above 0".into());
    }
    let (train_sets, valid_sets) = if moves_weight > 0.0 {
        let t = std::time::Instant::now();
        let (train, valid, fixed) = tune_moves::move_sets(data, limit, moves_depth, threads)?;
        let moves: usize = train.iter().chain(&valid).map(|s| s.moves.len()).sum();
        println!(
            "move choice: {} training positions, {} held out, {moves} moves ({fixed} held at the search's score), depth {moves_depth}, T = {temp}, W = {moves_weight}; {:.0} s",
            train.len(),
            valid.len(),
            t.elapsed().as_secs_f64()
        );
        (train, valid)
    } else {
        (Vec::new(), Vec::new())
    };
    println!(
        "{} training positions, {} held out ({nfiles} files); K = {k:.2} for the evaluation without the network; {HIDDEN} hidden units",
        train.len(),
        valid.len()
    );
    let mut rng = Rng::new(seed);
    let mut theta = vec![0f64; VALUES];
    for t in &mut theta[..B1] {
        *t = (rng.below(2001) as f64 - 1000.0) / 10_000.0;
    }
    for t in &mut theta[B1..W2] {
        *t = 0.5;
    }
    let held = |theta: &[f64]| {
        let mut z = [0f64; HIDDEN];
        held_error(&valid, k, |r| forward(theta, &r.inputs, &mut z))
    };
    let today_err = held(&theta);
    println!("held-out error of the evaluation without the network: {today_err:.6}");
    // `--init FILE`: training goes on from a network file's weights
    // (the error above is still the evaluation's without any network).
    if let Some(path) = a.value("init") {
        let bytes = std::fs::read(path).map_err(|e| format!("--init {path}: {e}"))?;
        theta = from_bytes(&bytes).map_err(|e| format!("--init {path}: {e}"))?;
    }
    let target = |r: &Row| lambda * r.result as f64 + (1.0 - lambda) * sigmoid(r.score as f64, k);
    let c = std::f64::consts::LN_10 * k / 400.0;
    let mut adam = Adam::new(VALUES);
    let mut grad = vec![0f64; VALUES];
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut z = [0f64; HIDDEN];
    // As many move-set chunks as position batches.
    let moves_chunk = train_sets
        .len()
        .div_ceil(order.len().div_ceil(batch))
        .max(1);
    let mut move_order: Vec<usize> = (0..train_sets.len()).collect();
    let held_choice = |theta: &[f64]| {
        let mut z = [0f64; HIDDEN];
        tune_moves::held_choice(&valid_sets, temp, |inp| forward(theta, inp, &mut z))
    };
    if moves_weight > 0.0 {
        let (agree, loss) = held_choice(&theta);
        println!(
            "held-out move choice before training: played move best {agree:.2} %, loss {loss:.4}"
        );
    }
    for epoch in 1..=epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let lr = if 4 * epoch > 3 * epochs {
            0.3 * rate
        } else {
            rate
        };
        let mut err = 0.0;
        let (mut move_loss, mut step) = (0.0, 0);
        for i in (1..move_order.len()).rev() {
            move_order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        for chunk in order.chunks(batch) {
            grad.iter_mut().for_each(|g| *g = 0.0);
            for &ri in chunk {
                let r = &train[ri];
                let p = sigmoid(r.today as f64 + forward(&theta, &r.inputs, &mut z), k);
                let e = p - target(r);
                err += e * e;
                backprop(
                    &theta,
                    &r.inputs,
                    &z,
                    2.0 * e * p * (1.0 - p) * c,
                    &mut grad,
                );
            }
            if moves_weight > 0.0 {
                // The move sets' share of this step, their gradient
                // weighed against the positions' as `W` to 1 per item.
                let scale = moves_weight * chunk.len() as f64 / moves_chunk as f64;
                let from = (step * moves_chunk).min(move_order.len());
                let to = ((step + 1) * moves_chunk).min(move_order.len());
                for &si in &move_order[from..to] {
                    let set = &train_sets[si];
                    // Each leaf's hidden sums, kept for its gradient (in
                    // the leaves' order, the order `scores` visits them).
                    let mut sums = Vec::with_capacity(set.moves.len());
                    let s = tune_moves::scores(set, |inp| {
                        let o = forward(&theta, inp, &mut z);
                        sums.push(z);
                        o
                    });
                    let p = tune_moves::softmax(&s, temp);
                    move_loss -= p[set.played].max(1e-300).ln();
                    let mut sums = sums.iter();
                    for (i, c) in set.moves.iter().enumerate() {
                        if let tune_moves::Choice::Leaf { sign, inputs, .. } = c {
                            let y = if i == set.played { 1.0 } else { 0.0 };
                            let g = scale * (p[i] - y) / temp * f64::from(*sign);
                            let z = sums.next().expect("a sum for every leaf");
                            backprop(&theta, inputs, z, g, &mut grad);
                        }
                    }
                }
            }
            step += 1;
            adam.step(&mut theta, &grad, 1.0 / chunk.len() as f64, 0.0, lr, |_| {
                true
            });
        }
        eprintln!(
            "epoch {epoch}: training error {:.6} (against the mixed target), held-out error {:.6} (against the results)",
            err / train.len() as f64,
            held(&theta)
        );
        if moves_weight > 0.0 {
            let (agree, loss) = held_choice(&theta);
            eprintln!(
                "epoch {epoch}: move choice: training loss {:.4}, held out: played move best {agree:.2} %, loss {loss:.4}",
                move_loss / train_sets.len() as f64
            );
        }
    }
    let engine_err = |bytes: &[u8], name: &str| -> Result<f64, String> {
        let weights = Box::new(net::values(bytes.try_into().map_err(|_| {
            format!(
                "{name}: {} bytes, a network file has {}",
                bytes.len(),
                net::LEN
            )
        })?));
        Ok(held_error(&valid, k, |r| {
            net::score(&weights, &r.pos) as f64
        }))
    };
    let bytes = to_bytes(&theta);
    if let Some(other) = a.value("compare") {
        let b = std::fs::read(other).map_err(|e| format!("{other}: {e}"))?;
        println!(
            "held-out error of {other} through the engine: {:.6}",
            engine_err(&b, other)?
        );
    }
    let engine_err = engine_err(&bytes, "the trained network")?;
    println!(
        "held-out error against the results ({} positions): without the network {today_err:.6}, with it {:.6} (as trained), {engine_err:.6} (its bytes through the engine)",
        valid.len(),
        held(&theta)
    );
    if moves_weight > 0.0 {
        let (agree, loss) = held_choice(&theta);
        println!(
            "held-out move choice after training: played move best {agree:.2} %, loss {loss:.4}"
        );
        if let Some(other) = a.value("compare") {
            let b = std::fs::read(other).map_err(|e| format!("{other}: {e}"))?;
            let (agree, loss) = held_choice(&from_bytes(&b)?);
            println!(
                "held-out move choice of {other}: played move best {agree:.2} %, loss {loss:.4}"
            );
        }
    }
    if let Some(out) = a.value("out") {
        std::fs::write(out, &bytes).map_err(|e| format!("{out}: {e}"))?;
        println!("-> {out}");
    }
    Ok(ExitCode::SUCCESS)
}
