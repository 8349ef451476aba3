//! The move-choice part of `shashki tune net` (`--moves W`): training the
//! network to rank first the move the self-play game's search played.
//!
//! The value loss of `tune net` teaches the network who wins a position;
//! the search needs it to rank the positions after the moves of one
//! position, which `shashki tune agree` measures. This loss trains that
//! ranking directly, as comparison training does (Tesauro's, and the
//! method Bonanza brought to shogi): for every position of a training
//! part followed by the position one ply later (the move a 20 000-node
//! search chose), each move's position is searched to `--moves-depth`
//! plies with the shipped evaluation, and the end of its principal
//! variation (a quiet position, the captures played out) is kept. Move
//! `i` then scores `s_i = ±(e + o)` at its leaf, from the mover's side:
//! the evaluation without the network `e` and the network's output `o`.
//! The loss is the cross-entropy of the played move under the softmax of
//! `s_i / T` (`--temp T`, hundredths of a man), added to the value loss
//! with weight `W`. A leaf the network does not judge (a king on it), or
//! whose static score is not the search's (a draw, a table, a lost side),
//! is held at the search's score. The leaves are found once, before
//! training, by one engine a part, cleared at each part's start, so the
//! result does not depend on how many threads find them.

use crate::tune_agree::{first_share, part_pairs};
use crate::tune_kpatterns::{files, held_out};
use shashki::engine::eval::Evaluator;
use shashki::engine::{net, Clock, Engine, Limits, NoDrawCounts, Weights};
use shashki::MoveList;

/// One move's position, judged from the mover's side.
pub(crate) enum Choice {
    /// Held at this score (hundredths of a man).
    Fixed(f64),
    /// A leaf the network judges: `sign * (today + network(inputs))`.
    Leaf {
        today: f32,
        sign: f32,
        inputs: Vec<u8>,
    },
}

/// The moves of one position and which of them was played.
pub(crate) struct MoveSet {
    pub played: usize,
    pub moves: Vec<Choice>,
}

/// Scores beyond this (a found win or loss) are held at it.
const CAP: f64 = 1000.0;

/// The move sets of one part's positions (those without a king, with two
/// moves or more), searched by `engine`.
fn part_sets(
    path: &std::path::Path,
    depth: u32,
    engine: &mut Engine,
) -> Result<Vec<MoveSet>, String> {
    let full = Evaluator::new(Weights::DEFAULT);
    let mut w = Weights::DEFAULT;
    w.net = 0;
    let today = Evaluator::new(w);
    let clock = Clock::frozen();
    let mut list = MoveList::new();
    let mut sets = Vec::new();
    engine.clear();
    for (parent, played) in part_pairs(path)? {
        if !net::applies(&parent) {
            continue;
        }
        parent.generate_moves(&mut list);
        if list.len() < 2 {
            continue;
        }
        let mut set = MoveSet {
            played: usize::MAX,
            moves: Vec::with_capacity(list.len()),
        };
        for (i, m) in list.iter().enumerate() {
            let child = parent.play_unchecked(m);
            if child == played {
                set.played = i;
            }
            let r =
                engine.search_position(&child, &[], NoDrawCounts, &Limits::depth(depth), &clock);
            let score = -r.score;
            let mut leaf = child;
            for mv in &r.pv {
                leaf = leaf.play_unchecked(mv);
            }
            let sign = if leaf.turn() == parent.turn() { 1 } else { -1 };
            let choice = if net::applies(&leaf) && sign * full.evaluate(&leaf) == score {
                let mut inputs = Vec::with_capacity(24);
                net::for_each_input(&leaf, |i| inputs.push(i as u8));
                Choice::Leaf {
                    today: today.evaluate(&leaf) as f32,
                    sign: sign as f32,
                    inputs,
                }
            } else {
                Choice::Fixed(f64::from(score).clamp(-CAP, CAP))
            };
            set.moves.push(choice);
        }
        if set.played == usize::MAX {
            return Err(format!(
                "{}: {}: the next position is not one move away",
                path.display(),
                parent.fen()
            ));
        }
        sets.push(set);
    }
    Ok(sets)
}

/// The move sets of the first `limit` files of `data`: the training ones
/// and the held-out ones (split as `read_rows` splits the positions), and
/// how many moves were held at the search's score. `threads` threads, a
/// part each at a time.
pub(crate) fn move_sets(
    data: &str,
    limit: usize,
    depth: u32,
    threads: usize,
) -> Result<(Vec<MoveSet>, Vec<MoveSet>, usize), String> {
    let paths: Vec<_> = files(data)?.into_iter().take(limit).collect();
    let threads = threads.max(1);
    let mut done: Vec<Option<Result<Vec<MoveSet>, String>>> = Vec::new();
    done.resize_with(paths.len(), || None);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let paths = &paths;
                s.spawn(move || {
                    let mut engine = Engine::new(16);
                    (t..paths.len())
                        .step_by(threads)
                        .map(|n| (n, part_sets(&paths[n], depth, &mut engine)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            for (n, r) in h.join().expect("a move-set thread panicked") {
                done[n] = Some(r);
            }
        }
    });
    let (mut train, mut valid, mut fixed) = (Vec::new(), Vec::new(), 0);
    for (n, (path, sets)) in paths.iter().zip(done).enumerate() {
        let sets = sets.expect("every part was searched")?;
        fixed += sets
            .iter()
            .flat_map(|s| &s.moves)
            .filter(|c| matches!(c, Choice::Fixed(_)))
            .count();
        if held_out(path, n) {
            valid.extend(sets);
        } else {
            train.extend(sets);
        }
    }
    Ok((train, valid, fixed))
}

/// The scores of `set`'s moves, each leaf's network output from `out`.
pub(crate) fn scores(set: &MoveSet, mut out: impl FnMut(&[u8]) -> f64) -> Vec<f64> {
    set.moves
        .iter()
        .map(|c| match c {
            Choice::Fixed(s) => *s,
            Choice::Leaf {
                today,
                sign,
                inputs,
            } => f64::from(*sign) * (f64::from(*today) + out(inputs)),
        })
        .collect()
}

/// The softmax of `scores / temp`.
pub(crate) fn softmax(scores: &[f64], temp: f64) -> Vec<f64> {
    let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = scores.iter().map(|s| ((s - top) / temp).exp()).collect();
    let z: f64 = e.iter().sum();
    e.into_iter().map(|x| x / z).collect()
}

/// Over `sets`: the share of positions whose played move scores best (a
/// tie shared out) and the mean cross-entropy of the played move.
pub(crate) fn held_choice(
    sets: &[MoveSet],
    temp: f64,
    mut out: impl FnMut(&[u8]) -> f64,
) -> (f64, f64) {
    let (mut agree, mut loss) = (0.0, 0.0);
    for set in sets {
        let s = scores(set, &mut out);
        agree += first_share(&s, set.played);
        loss -= softmax(&s, temp)[set.played].max(1e-300).ln();
    }
    let n = sets.len().max(1) as f64;
    (100.0 * agree / n, loss / n)
}
