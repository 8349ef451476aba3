//! Puzzles: finding positions with a forcing combination whose solution is
//! unique, and proving it.
//!
//! The proof is a plain exhaustive material search (man 100, king 300, a
//! side without a move has lost), the same kind as `tests/tactics.rs`: no
//! evaluation, no pruning that could change a value (alpha-beta only), and
//! pending captures are always played out past the horizon. The engine's
//! full search is used only as a second opinion (a candidate the engine
//! disagrees with is dropped) and to measure how hard the shot is to find.
//!
//! A puzzle ([`Candidate`]) is a quiet position (no capture is due) where
//! exactly one move wins material within the proof depth, and the whole
//! line is forced:
//! - the first move wins at least a man (or the game) against every
//!   defence; every other first move wins nothing;
//! - at each later turn of the solver exactly one move keeps the gain;
//!   every other move is at least a man worse (or gives up the win);
//! - each reply of the opponent in the line is forced (the only legal
//!   move) or every reply loses exactly as much;
//! - the line stops once the gain is on the board (the solver is up by it
//!   and the opponent has no capture) or the opponent has no move left.
//!
//! `shashki puzzles mine` (src/bin/shashki/puzzles_cmd.rs) runs
//! [`Miner::examine`] over real games, bot games from the opening list and
//! self-play; `tests/puzzles.rs` checks every shipped puzzle again with its
//! own, independent search.

use crate::engine::{Clock, Engine, Limits, NoDrawCounts};
use crate::notation;
use crate::position::{Position, Setup};
use crate::Bitboard;
use crate::{Move, MoveList};
use serde::{Deserialize, Serialize};

/// Value of a man and of a king in the proof search.
pub const MAN: i32 = 100;
pub const KING: i32 = 300;
/// Value of a won game (the side to move has no move: `-WIN`).
pub const WIN: i32 = 100_000;

/// Material of the side to move minus the opponent's.
pub fn material(pos: &Position) -> i32 {
    let us = pos.turn();
    let v = |c| pos.men_of(c).count() as i32 * MAN + pos.kings_of(c).count() as i32 * KING;
    v(us) - v(us.opposite())
}

/// The position seen from the other side: colours swapped and the board
/// turned round (a1 <-> h8), which keeps the rules. Two puzzles are the
/// same when one is the other or its mirror.
pub fn mirror(pos: &Position) -> Position {
    let flip = |b: Bitboard| Bitboard(b.0.reverse_bits());
    let s = Setup {
        white: flip(pos.pieces(crate::Color::Black)),
        black: flip(pos.pieces(crate::Color::White)),
        kings: flip(pos.kings()),
        turn: Some(pos.turn().opposite()),
    };
    Position::try_from(s).expect("the mirror of a legal position is legal")
}

/// The name shared by a position and its mirror (the smaller FEN).
pub fn canonical_fen(pos: &Position) -> String {
    let a = pos.fen();
    let b = mirror(pos).fen();
    a.min(b)
}

/// A stable short id from the canonical FEN (FNV-1a, base 36, 7 letters).
pub fn puzzle_id(pos: &Position) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in canonical_fen(pos).bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    let digits = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut s = String::new();
    for _ in 0..7 {
        s.push(digits[(h % 36) as usize] as char);
        h /= 36;
    }
    s
}

/// The exhaustive material search. Counts its nodes and gives up (sets
/// `aborted`) past a budget, so one wild position cannot stall a run.
pub struct Prover {
    pub nodes: u64,
    pub budget: u64,
    pub aborted: bool,
}

impl Prover {
    pub fn new(budget: u64) -> Prover {
        Prover {
            nodes: 0,
            budget,
            aborted: false,
        }
    }

    /// Minimax value (side to move's material, `-WIN` when it has no
    /// move) to `depth` plies, captures played out at the horizon.
    pub fn value(&mut self, pos: &Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes > self.budget {
            self.aborted = true;
            return alpha;
        }
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        if moves.is_empty() {
            return -WIN;
        }
        if depth == 0 && !moves[0].is_capture() {
            return material(pos);
        }
        for mv in moves.iter() {
            let v = -self.value(
                &pos.play_unchecked(mv),
                depth.saturating_sub(1),
                -beta,
                -alpha,
            );
            if v > alpha {
                alpha = v;
                if alpha >= beta {
                    break;
                }
            }
        }
        alpha
    }

    /// Exact value of `mv` for the side playing it, `depth` plies in all.
    pub fn after(&mut self, pos: &Position, mv: &Move, depth: u32) -> i32 {
        -self.value(
            &pos.play_unchecked(mv),
            depth.saturating_sub(1),
            -WIN - 1,
            WIN + 1,
        )
    }

    /// Whether `mv` reaches at least `target` (a null-window test).
    pub fn reaches(&mut self, pos: &Position, mv: &Move, depth: u32, target: i32) -> bool {
        let v = -self.value(
            &pos.play_unchecked(mv),
            depth.saturating_sub(1),
            -target,
            -target + 1,
        );
        v >= target
    }
}

/// Why a position is not a puzzle (for the miner's statistics).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reject {
    CaptureDue,
    FewMoves,
    NoShot,
    SeveralShots,
    Deeper,
    LineNotUnique,
    RepliesDiffer,
    LineTooLong,
    LineTooShort,
    TooBig,
    Engine,
}

/// A proven puzzle before it gets an id and a rating.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub position: Position,
    /// Solver's moves and the replies, starting with the solver's.
    pub line: Vec<String>,
    /// Material won (man 100, king 300), or [`WIN`].
    pub gain: i32,
    /// Plies of the proof search.
    pub depth: u32,
    /// The smallest depth at which the shot shows.
    pub min_depth: u32,
    /// Proof nodes (all checks).
    pub nodes: u64,
    /// The engine depth from which it keeps choosing the first move.
    pub find_depth: u32,
    pub themes: Vec<String>,
    /// What it costs a solver; [`difficulty`] and [`calibrate`] turn it
    /// into the rating.
    pub effort: Effort,
}

/// A shipped puzzle, as stored in `www/puzzles/puzzles.json`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Puzzle {
    pub id: String,
    pub fen: String,
    pub solution: Vec<String>,
    pub themes: Vec<String>,
    pub rating: i32,
    pub source: String,
    /// Material won (man 100, king 300; 100000 = the game).
    pub gain: i32,
    /// Plies of the proof search that shows the gain and the uniqueness.
    pub depth: u32,
    /// The measured cost of solving it, from which the rating comes.
    #[serde(default)]
    pub effort: Effort,
}

/// What a puzzle costs a solver, measured (docs/puzzles.md, "Difficulty").
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Effort {
    /// The solver's moves in the line.
    pub moves: u32,
    /// The solver's quiet moves: no capture, and the opponent has none
    /// after it (neither a shot nor a take).
    pub quiet: u32,
    /// Plies of the shallowest material search (1, 3, 5 or 7) in which the
    /// first move shows the gain of a man.
    pub shows: u32,
    /// The engine depth from which its search keeps choosing the first
    /// move.
    pub find: u32,
    /// Plausible wrong tries: the other first moves that lose nothing
    /// within the proof depth (a solver cannot rule them out by counting).
    pub tries: u32,
}

/// The data file: a version and the puzzles.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PuzzleFile {
    pub version: u32,
    pub puzzles: Vec<Puzzle>,
}

/// Settings of the search for puzzles.
#[derive(Clone, Debug)]
pub struct MinerConfig {
    /// Depths tried for the first move, shallowest first; the proof then
    /// runs two plies deeper.
    pub depths: Vec<u32>,
    /// Node budget of the proof per position.
    pub budget: u64,
    /// Engine depth for the second opinion.
    pub engine_depth: u32,
    /// Longest solution line, in plies.
    pub max_line: usize,
    /// Plies the proof searches beyond the depth where the shot first
    /// shows (so a refutation just past that horizon is seen).
    pub margin: u32,
}

impl Default for MinerConfig {
    fn default() -> Self {
        MinerConfig {
            depths: vec![1, 3, 5, 7],
            budget: 3_000_000,
            engine_depth: 12,
            max_line: 15,
            margin: 4,
        }
    }
}

/// Examines positions; owns an engine for the second opinion.
pub struct Miner {
    pub config: MinerConfig,
    engine: Engine,
}

impl Miner {
    pub fn new(config: MinerConfig) -> Miner {
        Miner {
            config,
            engine: Engine::new(32),
        }
    }

    /// Whether `pos` is a puzzle, and if so its proven line.
    pub fn examine(&mut self, pos: &Position) -> Result<Candidate, Reject> {
        let legal = pos.legal_moves();
        if legal.len() < 2 {
            return Err(Reject::FewMoves);
        }
        if legal[0].is_capture() {
            return Err(Reject::CaptureDue);
        }
        let base = material(pos);
        let mut prover = Prover::new(self.config.budget);
        // The shallowest depth at which exactly one move wins a man.
        let mut found = None;
        for &d in &self.config.depths {
            let winners: Vec<Move> = legal
                .iter()
                .filter(|m| prover.reaches(pos, m, d, base + MAN))
                .copied()
                .collect();
            if prover.aborted {
                return Err(Reject::TooBig);
            }
            match winners.len() {
                0 => continue,
                1 => {
                    found = Some((winners[0], d));
                    break;
                }
                _ => return Err(Reject::SeveralShots),
            }
        }
        let Some((key, min_depth)) = found else {
            return Err(Reject::NoShot);
        };
        // The proof: `margin` plies deeper, the key move still wins and no
        // other move wins anything.
        let depth = min_depth + self.config.margin;
        let v = prover.after(pos, &key, depth);
        if prover.aborted {
            return Err(Reject::TooBig);
        }
        if v < base + MAN {
            return Err(Reject::Deeper);
        }
        for m in legal.iter().filter(|m| **m != key) {
            if prover.reaches(pos, m, depth, base + MAN) {
                return Err(Reject::Deeper);
            }
        }
        if prover.aborted {
            return Err(Reject::TooBig);
        }
        let gain = if v >= WIN { WIN } else { v - base };
        let target = if v >= WIN { WIN } else { v };
        let line = self.line(&mut prover, pos, key, depth, target)?;
        // A lone move (a man walking onto the last row) is no combination.
        if line.len() < 3 {
            return Err(Reject::LineTooShort);
        }
        if prover.aborted {
            return Err(Reject::TooBig);
        }
        let find_depth = self.second_opinion(pos, &key)?;
        let themes = themes(pos, &line, gain);
        let effort = self.effort(pos, &line, depth, find_depth);
        Ok(Candidate {
            position: *pos,
            line: texts(pos, &line),
            gain,
            depth,
            min_depth,
            nodes: prover.nodes,
            find_depth,
            themes,
            effort,
        })
    }

    /// The forced line after `key`, checking every node of it.
    fn line(
        &self,
        prover: &mut Prover,
        root: &Position,
        key: Move,
        depth: u32,
        target: i32,
    ) -> Result<Vec<Move>, Reject> {
        let mut line = vec![key];
        let mut pos = root.play_unchecked(&key);
        let mut d = depth.saturating_sub(1);
        loop {
            if prover.aborted {
                return Err(Reject::TooBig);
            }
            // The opponent to move.
            let replies = pos.legal_moves();
            if replies.is_empty() {
                return Ok(line);
            }
            if !replies[0].is_capture() && target < WIN && -material(&pos) >= target {
                return Ok(line);
            }
            if line.len() + 2 > self.config.max_line {
                return Err(Reject::LineTooLong);
            }
            let next_d = d.saturating_sub(1);
            let reply = if replies.len() == 1 {
                replies[0]
            } else {
                // Every reply must lose the same: all reach the target
                // (minimax guarantees it) and none loses more.
                let mut vals = Vec::new();
                for r in replies.iter() {
                    vals.push(prover.value(&pos.play_unchecked(r), next_d, -WIN - 1, WIN + 1));
                }
                if prover.aborted {
                    return Err(Reject::TooBig);
                }
                let low = *vals.iter().min().unwrap();
                if vals.iter().any(|v| *v != low) {
                    return Err(Reject::RepliesDiffer);
                }
                replies[0]
            };
            line.push(reply);
            pos = pos.play_unchecked(&reply);
            d = next_d;
            // The solver to move: exactly one move keeps the target, the
            // others are a man worse (or miss the win).
            let moves = pos.legal_moves();
            let worse = if target >= WIN { WIN - 1 } else { target - MAN };
            let mut keep = None;
            for m in moves.iter() {
                if prover.reaches(&pos, m, d, target) {
                    if keep.is_some() {
                        return Err(Reject::LineNotUnique);
                    }
                    keep = Some(*m);
                } else if prover.reaches(&pos, m, d, worse + 1) {
                    return Err(Reject::LineNotUnique);
                }
            }
            let Some(m) = keep else {
                // Cannot happen (minimax), unless the budget ran out.
                return Err(Reject::TooBig);
            };
            line.push(m);
            pos = pos.play_unchecked(&m);
            d = d.saturating_sub(1);
        }
    }

    /// The engine depth (1 to the engine depth) from which its search keeps
    /// choosing `key`; `None` if it does not choose it at the last depth.
    pub fn find_depth(&mut self, pos: &Position, key: &Move) -> Option<u32> {
        let clock = Clock::frozen();
        self.engine.clear();
        let mut find = None;
        for d in 1..=self.config.engine_depth {
            let r = self
                .engine
                .search_position(pos, &[], NoDrawCounts, &Limits::depth(d), &clock);
            if r.best == Some(*key) {
                find.get_or_insert(d);
            } else {
                find = None;
            }
        }
        find
    }

    /// What the puzzle costs a solver ([`Effort`]): `line` is the proven
    /// solution, `depth` the proof depth, `find` the engine's
    /// [`Miner::find_depth`].
    pub fn effort(&mut self, pos: &Position, line: &[Move], depth: u32, find: u32) -> Effort {
        let key = line[0];
        let base = material(pos);
        let mut prover = Prover::new(u64::MAX);
        let shows = self
            .config
            .depths
            .iter()
            .copied()
            .find(|&d| prover.reaches(pos, &key, d, base + MAN))
            .unwrap_or(depth);
        let tries = pos
            .legal_moves()
            .iter()
            .filter(|m| **m != key && prover.reaches(pos, m, depth, base))
            .count() as u32;
        let (moves, quiet) = quiet_moves(pos, line);
        Effort {
            moves,
            quiet,
            shows,
            find,
            tries,
        }
    }

    /// The engine, searching deeper than the proof, must choose the key
    /// move; returns the depth from which it does (the search effort).
    fn second_opinion(&mut self, pos: &Position, key: &Move) -> Result<u32, Reject> {
        let clock = Clock::frozen();
        let find = self.find_depth(pos, key).ok_or(Reject::Engine)?;
        // Every other move, searched as deep, is at least a man worse.
        let e = Limits::depth(self.config.engine_depth - 1);
        let score_of = |engine: &mut Engine, m: &Move| {
            let child = pos.play_unchecked(m);
            -engine
                .search_position(&child, &[], NoDrawCounts, &e, &clock)
                .score
        };
        let best = score_of(&mut self.engine, key);
        for m in pos.legal_moves().iter().filter(|m| *m != key) {
            if score_of(&mut self.engine, m) > best - MAN {
                return Err(Reject::Engine);
            }
        }
        Ok(find)
    }
}

/// The line written as the engine writes moves.
pub fn texts(root: &Position, line: &[Move]) -> Vec<String> {
    let mut pos = *root;
    line.iter()
        .map(|m| {
            let t = notation::write(m, &pos.legal_moves());
            pos = pos.play_unchecked(m);
            t
        })
        .collect()
}

/// The solver's moves in `line` and how many of them are quiet (no
/// capture, and no capture for the opponent after it).
pub fn quiet_moves(root: &Position, line: &[Move]) -> (u32, u32) {
    let mut pos = *root;
    let (mut moves, mut quiet) = (0, 0);
    for (i, m) in line.iter().enumerate() {
        let next = pos.play_unchecked(m);
        if i % 2 == 0 {
            moves += 1;
            if !m.is_capture() && !next.has_capture() {
                quiet += 1;
            }
        }
        pos = next;
    }
    (moves, quiet)
}

/// The documented themes (docs/puzzles.md gives each one's Russian and
/// English name and its definition), in the order the page lists them.
/// Every theme is a fact of the position and the solution line, computed
/// by [`themes`]; nothing is labelled by hand.
pub const THEMES: &[&str] = &[
    "shot",
    "quiet-move",
    "several-men",
    "multi-capture",
    "crowning-shot",
    "breakthrough",
    "king-catch",
    "lock",
    "quiet-in-line",
    "comeback",
    "win",
    "kings",
    "opening",
    "middlegame",
    "endgame",
    "short",
    "medium",
    "long",
];

/// The themes of a puzzle: `root` and its solution `line` (solver's moves
/// at even plies), `gain` as proven. Each rule is the definition written
/// in docs/puzzles.md; tests/puzzles.rs checks every puzzle again with its
/// own code.
pub fn themes(root: &Position, line: &[Move], gain: i32) -> Vec<String> {
    let mut t: Vec<&str> = Vec::new();
    let mut pos = *root;
    let mut lost = 0; // the solver's pieces taken by the opponent
    let mut quiet_later = false;
    let mut crowning_shot = false;
    let mut breakthrough = false;
    let mut king_catch = false;
    let mut most_taken = 0;
    let mut quiet_key = false;
    for (i, m) in line.iter().enumerate() {
        let next = pos.play_unchecked(m);
        if i % 2 == 0 {
            if i == 0 {
                quiet_key = !next.has_capture();
            } else if !m.is_capture() && !next.has_capture() {
                quiet_later = true;
            }
            crowning_shot |= m.is_capture() && m.crowns();
            breakthrough |= !m.is_capture() && m.crowns() && lost > 0;
            king_catch |= (m.captured() & pos.kings()).any();
            most_taken = most_taken.max(m.captured().count());
        } else {
            lost += m.captured().count();
        }
        pos = next;
    }
    let solver_moves = line.len().div_ceil(2);
    // The opponent to move at the end: a lock leaves him pieces but no move.
    let locked = pos.legal_moves().is_empty() && pos.pieces(pos.turn()).any();
    t.push(if quiet_key { "quiet-move" } else { "shot" });
    if lost >= 2 {
        t.push("several-men");
    }
    if most_taken >= 3 {
        t.push("multi-capture");
    }
    if crowning_shot {
        t.push("crowning-shot");
    }
    if breakthrough {
        t.push("breakthrough");
    }
    if king_catch {
        t.push("king-catch");
    }
    if locked {
        t.push("lock");
    }
    if quiet_later {
        t.push("quiet-in-line");
    }
    if material(root) < 0 {
        t.push("comeback");
    }
    if gain >= WIN {
        t.push("win");
    }
    if root.kings().any() {
        t.push("kings");
    }
    let n = root.occupied().count();
    t.push(if n >= 20 {
        "opening"
    } else if n <= 10 {
        "endgame"
    } else {
        "middlegame"
    });
    t.push(match solver_moves {
        0..=2 => "short",
        3 => "medium",
        _ => "long",
    });
    t.into_iter().map(String::from).collect()
}

/// Raw difficulty, increasing in every measure of [`Effort`]: each
/// solver move after the first, each quiet move (the hardest to see),
/// the depth at which the shot shows, the engine depth needed to choose it
/// and the plausible wrong tries. `find` weighs least: it is the one
/// measure that depends on the engine (the others are proofs), and a
/// change of the search moves it by up to twelve plies for a few puzzles
/// (0.25 until the internal iterative reduction, 2026-12-06).
pub fn difficulty(e: &Effort) -> f64 {
    1.0 * (e.moves.max(1) - 1) as f64
        + 2.5 * e.quiet as f64
        + 0.3 * e.shows as f64
        + 0.2 * e.find as f64
        + 0.5 * (1.0 + e.tries as f64).ln()
}

/// Turns raw difficulties into ratings by rank, shaped like a rating
/// pool: the puzzle at rank quantile `q` gets `mean + sd * probit(q)`,
/// clamped to `low..=high` and rounded to tens. Equal raw difficulties get
/// equal ratings.
pub fn calibrate(raw: &[f64], mean: f64, sd: f64, low: i32, high: i32) -> Vec<i32> {
    let n = raw.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| raw[a].total_cmp(&raw[b]));
    let mut out = vec![0; n];
    let mut i = 0;
    while i < n {
        let mut j = i;
        while j + 1 < n && raw[order[j + 1]] == raw[order[i]] {
            j += 1;
        }
        let q = ((i + j) as f64 / 2.0 + 0.5) / n as f64;
        let r = (mean + sd * probit(q)).clamp(low as f64, high as f64);
        for &k in &order[i..=j] {
            out[k] = ((r / 10.0).round() * 10.0) as i32;
        }
        i = j + 1;
    }
    out
}

/// The inverse of the standard normal distribution function (Acklam's
/// rational approximation, relative error below 1.2e-9), for 0 < p < 1.
#[allow(clippy::excessive_precision)]
pub fn probit(p: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969683028665376e1,
        2.209460984245205e2,
        -2.759285104469687e2,
        1.383577518672690e2,
        -3.066479806614716e1,
        2.506628277459239,
    ];
    const B: [f64; 5] = [
        -5.447609879822406e1,
        1.615858368580409e2,
        -1.556989798598866e2,
        6.680131188771972e1,
        -1.328068155288572e1,
    ];
    const C: [f64; 6] = [
        -7.784894002430293e-3,
        -3.223964580411365e-1,
        -2.400758277161838,
        -2.549732539343734,
        4.374664141464968,
        2.938163982698783,
    ];
    const D: [f64; 4] = [
        7.784695709041462e-3,
        3.224671290700398e-1,
        2.445134137142996,
        3.754408661907416,
    ];
    let p = p.clamp(1e-12, 1.0 - 1e-12);
    let tail = |q: f64| {
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    if p < 0.02425 {
        tail((-2.0 * p.ln()).sqrt())
    } else if p > 1.0 - 0.02425 {
        -tail((-2.0 * (1.0 - p).ln()).sqrt())
    } else {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_is_an_involution_and_keeps_the_moves() {
        let pos = Position::from_fen("W:Wc1,e1,b4,c3,f4,g3,h2:Ba5,c7,d8,e7,f8,g7,Kh8").unwrap();
        let m = mirror(&pos);
        assert_eq!(mirror(&m), pos);
        assert_eq!(m.turn(), pos.turn().opposite());
        assert_eq!(m.legal_moves().len(), pos.legal_moves().len());
        assert_eq!(canonical_fen(&m), canonical_fen(&pos));
        assert_eq!(puzzle_id(&m), puzzle_id(&pos));
    }

    #[test]
    fn the_how_to_play_shot_is_a_puzzle() {
        let pos = Position::from_fen("W:Wc1,e1,b4,c3,f4,g3,h2:Ba5,c7,d8,e7,f8,g7,h8").unwrap();
        let mut miner = Miner::new(MinerConfig {
            engine_depth: 6,
            ..MinerConfig::default()
        });
        let c = miner.examine(&pos).unwrap();
        assert_eq!(c.line, vec!["c3-d4", "a5:e5", "f4:b8"]);
        assert!(c.gain >= 200, "{}", c.gain);
        assert!(c.themes.contains(&"shot".to_string()));
        assert!(c.themes.contains(&"crowning-shot".to_string()));
        assert_eq!(c.effort.moves, 2);
        assert_eq!(c.effort.quiet, 0);
    }

    #[test]
    fn start_position_is_no_puzzle() {
        let mut miner = Miner::new(MinerConfig::default());
        assert_eq!(
            miner.examine(&Position::start()).unwrap_err(),
            Reject::NoShot
        );
    }

    #[test]
    fn difficulty_grows_with_every_measure() {
        let base = Effort {
            moves: 2,
            quiet: 0,
            shows: 3,
            find: 2,
            tries: 1,
        };
        let d = difficulty(&base);
        for more in [
            Effort { moves: 3, ..base },
            Effort { quiet: 1, ..base },
            Effort { shows: 5, ..base },
            Effort { find: 3, ..base },
            Effort { tries: 2, ..base },
        ] {
            assert!(difficulty(&more) > d, "{more:?}");
        }
        // Two quiet moves outweigh two more plain solver moves.
        assert!(
            difficulty(&Effort { quiet: 2, ..base }) > difficulty(&Effort { moves: 4, ..base })
        );
    }

    #[test]
    fn calibration_spreads_by_rank() {
        // The middle puzzle gets the mean; the others are spread evenly
        // around it; ties share a rating.
        let r = calibrate(&[3.0, 1.0, 2.0], 1500.0, 300.0, 800, 2400);
        assert_eq!(r[2], 1500);
        assert!(
            r[1] < 1500 && r[0] > 1500 && r[0] - 1500 == 1500 - r[1],
            "{r:?}"
        );
        assert_eq!(
            calibrate(&[1.0, 1.0], 1500.0, 300.0, 800, 2400),
            vec![1500, 1500]
        );
        assert!((probit(0.975) - 1.959964).abs() < 1e-5);
        assert!((probit(0.01) + 2.326348).abs() < 1e-5);
        assert_eq!(probit(0.5), 0.0);
    }
}
