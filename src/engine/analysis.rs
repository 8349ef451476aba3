//! Analysis for the analysis board: several candidate moves at once
//! (multi-PV), one finished depth at a time, so a caller (the page's Web
//! Worker) can report every depth as it completes and stop between depths.
//!
//! Built on the search's own pieces: each depth scores *every* root move
//! with a full window (`Searcher::score_all`, the same code the weaker
//! levels use to choose among moves), so the scores of the candidates are
//! exact at that depth, not bounds. The line of each candidate is read back
//! from the transposition table the search has just filled.
//!
//! ```
//! use shashki::engine::analysis::Analysis;
//! use shashki::engine::{Clock, Engine, Limits};
//! use shashki::game::Game;
//!
//! let game = Game::new();
//! let mut engine = Engine::new(4);
//! let mut a = Analysis::new(&game, 3);
//! let clock = Clock::frozen();
//! let d1 = a.step(&mut engine, &Limits::default(), &clock).unwrap();
//! let d2 = a.step(&mut engine, &Limits::default(), &clock).unwrap();
//! assert_eq!((d1.depth, d2.depth), (1, 2));
//! assert_eq!(d2.lines.len(), 3);
//! assert!(d2.lines[0].score >= d2.lines[1].score);
//! assert_eq!(d2.lines[0].pv[0], d2.lines[0].mv);
//! ```

use super::search::{DrawState, Searcher, MATE_BOUND, MAX_DEPTH};
use super::{zobrist, Clock, Engine, Limits, MATE};
use crate::game::{DrawCounters, Game, Status};
use crate::movegen::Move;
use crate::position::Position;

/// Longest line read back from the transposition table, in plies.
pub const MAX_LINE: usize = 40;

/// One candidate move with its score and line.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub mv: Move,
    /// Score for the side to move at the root (men = 100; beyond
    /// ±[`MATE_BOUND`] a forced win or loss, `MATE - plies`).
    pub score: i32,
    /// The line, starting with `mv`.
    pub pv: Vec<Move>,
}

/// One finished depth.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthReport {
    pub depth: u32,
    /// Positions visited by the whole analysis so far.
    pub nodes: u64,
    /// Milliseconds spent by the whole analysis so far.
    pub time_ms: f64,
    /// The best candidates, best first (at most the number asked for).
    pub lines: Vec<Line>,
    /// How many legal moves the root has.
    pub legal: usize,
}

impl DepthReport {
    /// The root's score for the side to move: the best line's.
    pub fn score(&self) -> Option<i32> {
        self.lines.first().map(|l| l.score)
    }
}

/// A proven result from a score: `Some(plies)` to the end of the game,
/// positive when the side to move wins, negative when it loses.
pub fn proven_plies(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some(MATE - score)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score))
    } else {
        None
    }
}

/// An analysis of one position in progress. Holds no engine: the caller
/// passes one to every [`Analysis::step`], so its transposition table
/// carries over between depths (and positions).
#[derive(Clone, Debug)]
pub struct Analysis {
    root: Position,
    history: Vec<Position>,
    counters: DrawCounters,
    multipv: usize,
    depth: u32,
    nodes: u64,
    time_ms: f64,
    finished: bool,
}

impl Analysis {
    /// Analysis of the game's current position (its earlier positions count
    /// for repetitions, its draw counts run), keeping `multipv` candidates
    /// (at least 1).
    pub fn new(game: &Game, multipv: usize) -> Analysis {
        let mut history: Vec<Position> = game.reversible_positions().copied().collect();
        history.pop();
        let mut a = Analysis::from_position(*game.position(), history, game.counters(), multipv);
        // A finished game (also a draw by the rules) has nothing to analyse.
        if game.status().is_over() {
            a.finished = true;
        }
        a
    }

    /// Analysis of a bare position with the game's earlier positions
    /// (oldest first) and draw counts at `root`.
    pub fn from_position(
        root: Position,
        history: Vec<Position>,
        counters: DrawCounters,
        multipv: usize,
    ) -> Analysis {
        Analysis {
            finished: root.legal_moves().is_empty(),
            root,
            history,
            counters,
            multipv: multipv.max(1),
            depth: 0,
            nodes: 0,
            time_ms: 0.0,
        }
    }

    /// The position analysed.
    pub fn root(&self) -> &Position {
        &self.root
    }

    /// The last finished depth (0 before the first).
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// True when a further depth would tell nothing new: the game is over
    /// at the root, the best line is a proven result within the depth
    /// searched, or the deepest depth has been reached.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Searches the next depth within `limits` (which bound this step
    /// only). Returns the report, or `None` when a limit cut the depth
    /// short (nothing from a partial depth is reported) or the analysis
    /// is finished.
    pub fn step(
        &mut self,
        engine: &mut Engine,
        limits: &Limits,
        clock: &Clock,
    ) -> Option<DepthReport> {
        if self.finished {
            return None;
        }
        let depth = self.depth + 1;
        engine.table_mut().new_search();
        // With several threads the helpers search the root meanwhile and
        // fill the shared table (the lines are the main thread's).
        let helpers = engine.start_helpers(&self.root, &self.history, self.counters, clock);
        let mut s = Searcher::new(
            &engine.tt,
            &engine.eval,
            &mut engine.heur,
            &self.root,
            &self.history,
            limits,
            *clock,
        );
        let scored = s.score_all(&self.root, self.counters, depth as i32);
        let (nodes, stopped, ms) = (s.nodes, s.stopped, s.elapsed_ms());
        drop(s);
        let nodes = nodes + helpers.finish();
        self.nodes += nodes;
        self.time_ms += ms;
        if stopped || scored.is_empty() {
            return None;
        }
        self.depth = depth;
        let lines: Vec<Line> = scored
            .iter()
            .take(self.multipv)
            .map(|rm| Line {
                mv: rm.mv,
                score: rm.score,
                pv: self.line_from_table(engine, &rm.mv, depth as usize),
            })
            .collect();
        let best = lines[0].score;
        if depth >= MAX_DEPTH || proven_plies(best).is_some_and(|p| p.unsigned_abs() < depth) {
            self.finished = true;
        }
        Some(DepthReport {
            depth,
            nodes: self.nodes,
            time_ms: self.time_ms,
            lines,
            legal: scored.len(),
        })
    }

    /// `first`, then the best moves the transposition table holds for the
    /// positions that follow, stopping at a position it does not know, a
    /// finished game or a repeated position.
    fn line_from_table(&self, engine: &Engine, first: &Move, depth: usize) -> Vec<Move> {
        let mut line = vec![*first];
        let mut pos = self.root.play_unchecked(first);
        let mut draw = self.counters.after(&self.root, first, &pos);
        let mut seen = vec![zobrist::key(&self.root), zobrist::key(&pos)];
        let max = depth.clamp(1, MAX_LINE);
        while line.len() < max {
            if DrawState::is_draw(&draw, &pos) {
                break;
            }
            let key = zobrist::key(&pos);
            let Some(hit) = engine.tt.probe(key ^ DrawState::key(&draw, &pos)) else {
                break;
            };
            let legal = pos.legal_moves();
            let Some(mv) = legal.iter().find(|m| hit.mv.matches(m)).copied() else {
                break;
            };
            let next = pos.play_unchecked(&mv);
            let next_key = zobrist::key(&next);
            if seen.contains(&next_key) {
                line.push(mv);
                break;
            }
            draw = draw.after(&pos, &mv, &next);
            seen.push(next_key);
            line.push(mv);
            pos = next;
        }
        line
    }
}

/// The result of a game already over at the root, for the side to move:
/// `Some(-MATE)` lost, `Some(0)` drawn, `None` when the game goes on.
pub fn terminal_score(game: &Game) -> Option<i32> {
    match game.status() {
        Status::Ongoing { .. } => None,
        Status::Win { winner, .. } if winner != game.position().turn() => Some(-MATE),
        Status::Win { .. } => Some(MATE),
        _ => Some(0),
    }
}

/// Longest run of forced moves [`evaluate_through_forced`] follows.
pub const MAX_FORCED: usize = 24;

/// The engine's assessment of the game's current position for a review:
/// like [`Engine::search`], except that a position with a single legal
/// move is scored by the position after it (and so on while the moves are
/// forced). The search stops a one-move position at depth 4, which would
/// make its score much shallower than its neighbours' in a review; a
/// forced move changes nothing, so the position after it has the same
/// value. The result is for the side to move in `game`: its `pv` starts
/// with the forced moves, and a proven result counts them.
pub fn evaluate_through_forced(
    engine: &mut Engine,
    game: &Game,
    limits: &Limits,
    clock: &Clock,
) -> super::SearchResult {
    let mut g = game.clone();
    let mut forced = Vec::new();
    while forced.len() < MAX_FORCED && !g.status().is_over() {
        let legal = g.legal_moves();
        if legal.len() != 1 {
            break;
        }
        if g.play(&legal[0]).is_err() {
            break;
        }
        forced.push(legal[0]);
    }
    let mut r = engine.search(&g, limits, clock);
    if forced.is_empty() {
        return r;
    }
    let k = forced.len() as i32;
    let mut score = if k % 2 == 0 { r.score } else { -r.score };
    // A proven result is that many plies further away.
    if score >= MATE_BOUND {
        score -= k;
    } else if score <= -MATE_BOUND {
        score += k;
    }
    r.score = score;
    r.best = forced.first().copied();
    forced.extend(r.pv);
    r.pv = forced;
    r
}
