//! The search: iterative deepening over a principal-variation alpha-beta
//! search with a transposition table, aspiration windows, move ordering
//! (hash move, captures by size, crowning moves, killers, history), late
//! move reductions, an internal iterative reduction (a deep node without a
//! stored move is searched a ply shallower), a one-reply extension, a
//! singular extension (the hash
//! move searched a ply deeper when no other move comes near its stored
//! score in a shallower search), and a quiescence search that
//! plays out every pending capture (captures are compulsory, so a position
//! with a capture is never evaluated statically).
//!
//! Draws inside the tree: a repeated position (the rules' threefold
//! repetition: once inside the search tree, or twice in the game before the
//! root plus now) and the game's draw counts (carried node to node as a
//! [`DrawState`]) score 0, so the engine avoids them when ahead and steers
//! into them when behind.

use super::clock::Clock;
use super::eval;
use super::tt::{Bound, MoveKey, Table};
use super::zobrist;
use crate::game::DrawCounters;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::square::Color;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

pub use super::score::{MATE, MATE_BOUND};
const INF: i32 = 32_000;
/// Nodes this close to the horizon skip the transposition table: they are
/// the most numerous, and a probe costs a cache miss.
const TT_MIN_DEPTH: i32 = 1;
/// Deepest ply the search reaches (extensions included).
pub const MAX_PLY: usize = 128;
/// The deepest nominal depth iterative deepening will try.
pub const MAX_DEPTH: u32 = 100;

/// What stops a search. Any combination; none at all means depth
/// [`MAX_DEPTH`] (use a limit).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    /// Hard wall-clock limit in milliseconds.
    pub movetime_ms: Option<f64>,
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Node budget.
    pub nodes: Option<u64>,
}

impl Limits {
    pub fn movetime(ms: f64) -> Limits {
        Limits {
            movetime_ms: Some(ms),
            ..Limits::default()
        }
    }
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move to play (`None` only when the side to move has no move: it
    /// has lost).
    pub best: Option<Move>,
    /// Score for the side to move, men = 100; beyond ±[`MATE_BOUND`] a
    /// forced win or loss (`MATE - plies`).
    pub score: i32,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Principal variation, starting with `best`.
    pub pv: Vec<Move>,
    /// Milliseconds spent (by the clock given).
    pub time_ms: f64,
}

/// The state of the game's automatic draw counts, carried through the
/// tree. `after` is called for every move made, `is_draw` on every node
/// reached (after checking that the side to move still has a move: a win
/// reached on the last counted move beats the draw).
pub trait DrawState: Copy + Send + Sync + 'static {
    fn after(&self, before: &Position, mv: &Move, after: &Position) -> Self;
    fn is_draw(&self, pos: &Position) -> bool;
    /// Mixed into the transposition key of `pos` when the counts can still
    /// matter, so positions with different counts do not share stored
    /// scores; 0 when no count runs.
    fn key(&self, pos: &Position) -> u64;
    /// The endgame tables' exact result here, if they answer (see
    /// [`super::egtb::probe`]); by default none.
    /// With `unpack` unset, only blocks of the tables already unpacked
    /// answer.
    fn table(&self, _pos: &Position, _unpack: bool) -> Option<super::egtb::Kind> {
        None
    }
}

/// No draw counts (positions without a game, tests, the baseline).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoDrawCounts;

impl DrawState for NoDrawCounts {
    #[inline]
    fn after(&self, _: &Position, _: &Move, _: &Position) -> Self {
        NoDrawCounts
    }
    #[inline]
    fn is_draw(&self, _: &Position) -> bool {
        false
    }
    #[inline]
    fn key(&self, _: &Position) -> u64 {
        0
    }
}

/// The game's draw counts (rules 2-5).
impl DrawState for DrawCounters {
    #[inline]
    fn after(&self, before: &Position, mv: &Move, after: &Position) -> Self {
        // Every count needs a king on the board: without one they are all
        // at rest (checked against the full update in the tests).
        if after.kings().is_empty() {
            return DrawCounters::default();
        }
        DrawCounters::after(self, before, mv, after)
    }

    #[inline]
    fn is_draw(&self, pos: &Position) -> bool {
        // Every count needs a king on the board.
        pos.kings().any() && self.draw(pos).is_some()
    }

    #[inline]
    fn table(&self, pos: &Position, unpack: bool) -> Option<super::egtb::Kind> {
        if pos.piece_count() > super::egtb::index::MAX_PIECES {
            return None;
        }
        super::egtb::probe_in(pos, self, unpack)
    }

    #[inline]
    fn key(&self, pos: &Position) -> u64 {
        if pos.kings().is_empty() {
            return 0;
        }
        // Only a draw within reach of the search changes a score.
        match self.plies_to_draw(pos) {
            Some(p) if p <= DRAW_HORIZON => (u64::from(p) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            _ => 0,
        }
    }
}

/// Counted draws further away than this many plies are ignored by the
/// transposition key (the search does not reach them).
const DRAW_HORIZON: u32 = 64;

/// Singular extension: from this depth, with a stored score at most three
/// plies shallower, the other moves are searched to half the depth against
/// the stored score less `SINGULAR_MARGIN` (hundredths of a man).
const SINGULAR_DEPTH: i32 = 8;
const SINGULAR_MARGIN: i32 = 30;
/// Nodes at least this deep without a stored move lose a ply (internal
/// iterative reduction, in `search`).
const IIR_DEPTH: i32 = 5;

/// Nodes at least this deep (and the root's children) may unpack a block
/// of the endgame tables to answer a probe; shallower ones use only blocks
/// already unpacked, and search on when the block is still packed.
/// Unpacking a block of a five-piece file takes about half a millisecond,
/// the time of a thousand nodes: probing every node, a cold search of 100
/// ms reached a tenth of its nodes in late endings, and the shipped bot
/// lost 51 Elo to itself without tables (docs/strength.md, "The endgame
/// tables in the search").
const TB_UNPACK_DEPTH: i32 = 8;

/// Time kept in hand on a timed move, in milliseconds: the search stops
/// this long before the budget, so that noticing the clock (read every 256
/// nodes), unwinding and answering still end within it. Measured over
/// self-play (docs/engine-time.md). Never more than [`SAFETY_SHARE`] of the
/// budget.
pub const SAFETY_MS: f64 = 5.0;
pub const SAFETY_SHARE: f64 = 0.1;

/// The time a search may run for a budget of `movetime_ms`: the whole
/// budget less the safety margin.
pub fn deadline(movetime_ms: f64) -> f64 {
    movetime_ms - SAFETY_MS.min(movetime_ms * SAFETY_SHARE)
}

/// Per-search tables that survive between searches of one engine.
pub(crate) struct Heuristics {
    /// History scores by colour, from, to.
    history: Box<[[[i32; 32]; 32]; 2]>,
}

impl Heuristics {
    pub(crate) fn new() -> Heuristics {
        Heuristics {
            history: Box::new([[[0; 32]; 32]; 2]),
        }
    }

    /// Older history counts for less.
    fn age(&mut self) {
        for c in self.history.iter_mut() {
            for f in c.iter_mut() {
                for v in f.iter_mut() {
                    *v /= 8;
                }
            }
        }
    }

    pub(crate) fn clear(&mut self) {
        *self.history = [[[0; 32]; 32]; 2];
    }
}

/// A root move with its last score.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RootMove {
    pub mv: Move,
    pub score: i32,
}

/// One search.
pub(crate) struct Searcher<'a, D: DrawState> {
    tt: &'a Table,
    eval: &'a eval::Evaluator,
    heur: &'a mut Heuristics,
    clock: Clock,
    start_ms: f64,
    movetime_ms: f64,
    node_limit: u64,
    pub nodes: u64,
    pub stopped: bool,
    /// Keys of the game's positions since the last irreversible move, then
    /// of the current search path; `rev[i]` counts the reversible plies
    /// leading to `keys[i]`.
    keys: Vec<u64>,
    rev: Vec<u32>,
    root_index: usize,
    lists: Vec<MoveList>,
    order: Vec<Vec<i32>>,
    pv: Vec<Vec<Move>>,
    killers: [[MoveKey; 2]; MAX_PLY],
    /// Completed iterations may check the clock; the first never stops.
    can_stop: bool,
    /// Set by another thread to stop the search (read with the clock).
    stop: Option<&'a AtomicBool>,
    /// A helper's second stop flag (the main thread has finished).
    stop_helper: Option<&'a AtomicBool>,
    /// Where a helper adds its nodes as it goes (256 at a time).
    helper_nodes: Option<&'a AtomicU64>,
    /// 0 for the main search; a helper thread of a parallel search counts
    /// from 1 and searches every other iteration a ply deeper.
    helper: usize,
    /// Called after every completed iteration with the result so far.
    on_iteration: Option<&'a mut dyn FnMut(&SearchResult)>,
    _draw: std::marker::PhantomData<D>,
}

/// A move is reversible (can be part of a repetition) when it is a king's
/// quiet move.
#[inline]
fn reversible(pos: &Position, mv: &Move) -> bool {
    !mv.is_capture() && pos.kings().contains(mv.from())
}

impl<'a, D: DrawState> Searcher<'a, D> {
    /// `history` holds the game's earlier positions (oldest first, the
    /// root excluded). The caller starts a new table generation
    /// ([`Table::new_search`]) once per search, before its threads.
    pub fn new(
        tt: &'a Table,
        eval: &'a eval::Evaluator,
        heur: &'a mut Heuristics,
        root: &Position,
        history: &[Position],
        limits: &Limits,
        clock: Clock,
    ) -> Self {
        // Keep only the positions since the last irreversible move.
        let mut chain = vec![*root];
        for p in history.iter().rev() {
            let next = chain.last().expect("non-empty");
            let king_move_only = p.men_of(Color::White) == next.men_of(Color::White)
                && p.men_of(Color::Black) == next.men_of(Color::Black)
                && p.piece_count() == next.piece_count()
                && p.turn() != next.turn();
            if !king_move_only {
                break;
            }
            chain.push(*p);
        }
        chain.reverse();
        let mut keys = Vec::with_capacity(chain.len() + MAX_PLY + 2);
        let mut rev = Vec::with_capacity(chain.len() + MAX_PLY + 2);
        for (i, p) in chain.iter().enumerate() {
            keys.push(zobrist::key(p));
            rev.push(i as u32);
        }
        let root_index = keys.len() - 1;
        heur.age();
        let start_ms = clock.now_ms();
        Searcher {
            tt,
            eval,
            heur,
            clock,
            start_ms,
            movetime_ms: limits.movetime_ms.map_or(f64::INFINITY, deadline),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            nodes: 0,
            stopped: false,
            keys,
            rev,
            root_index,
            lists: (0..MAX_PLY + 1).map(|_| MoveList::new()).collect(),
            order: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(64)).collect(),
            pv: (0..MAX_PLY + 1)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            killers: [[MoveKey::NONE; 2]; MAX_PLY],
            can_stop: false,
            stop: None,
            stop_helper: None,
            helper_nodes: None,
            helper: 0,
            on_iteration: None,
            _draw: std::marker::PhantomData,
        }
    }

    /// Stops the search (like a time limit) once `flag` is set; the flag is
    /// read every 256 nodes.
    pub fn stop_on(&mut self, flag: &'a AtomicBool) {
        self.stop = Some(flag);
    }

    /// Makes this search helper number `n` (from 1) of a parallel search:
    /// it runs until `done` is set (or its own stop flag), and odd helpers
    /// search each iteration one ply deeper than its number, so that the
    /// threads do not all walk the same tree in step. Its results reach
    /// the main search through the shared table.
    pub fn helper(&mut self, n: usize, done: &'a AtomicBool, nodes: &'a AtomicU64) {
        self.helper = n;
        self.stop_helper = Some(done);
        self.helper_nodes = Some(nodes);
    }

    /// Calls `f` after every completed iteration of [`Searcher::run`].
    pub fn report_to(&mut self, f: &'a mut dyn FnMut(&SearchResult)) {
        self.on_iteration = Some(f);
    }

    pub fn elapsed_ms(&self) -> f64 {
        self.clock.now_ms() - self.start_ms
    }

    #[inline]
    fn check_limits(&mut self) {
        if !self.can_stop {
            return;
        }
        if self.nodes >= self.node_limit {
            self.stopped = true;
        } else if self.nodes & 255 == 0 {
            if let Some(n) = self.helper_nodes {
                n.fetch_add(256, Ordering::Relaxed);
            }
            if self.elapsed_ms() >= self.movetime_ms
                || self.stop.is_some_and(|f| f.load(Ordering::Relaxed))
                || self.stop_helper.is_some_and(|f| f.load(Ordering::Relaxed))
            {
                self.stopped = true;
            }
        }
    }

    /// True when the position on top of the key stack repeats an earlier one
    /// closely enough to count as the rules' repetition draw.
    #[inline]
    fn is_repetition(&self) -> bool {
        let n = self.keys.len() - 1;
        let key = self.keys[n];
        let rev = self.rev[n] as usize;
        let mut i = 4;
        let mut seen = 0;
        while i <= rev && i <= n {
            if self.keys[n - i] == key {
                if n - i >= self.root_index {
                    return true; // repeated inside the tree: will repeat again
                }
                seen += 1;
                if seen >= 2 {
                    return true; // third occurrence in the game
                }
            }
            i += 2;
        }
        false
    }

    #[inline]
    fn push(&mut self, key: u64, reversible: bool) {
        let r = if reversible {
            self.rev[self.rev.len() - 1] + 1
        } else {
            0
        };
        self.keys.push(key);
        self.rev.push(r);
    }

    #[inline]
    fn pop(&mut self) {
        self.keys.pop();
        self.rev.pop();
    }

    #[inline]
    fn tt_key(key: u64, draw: &D, pos: &Position) -> u64 {
        key ^ draw.key(pos)
    }

    /// Writes the ordering value of `list[from..]` to `self.order[ply]`
    /// (same indices; the first `from` slots are left at zero).
    fn score_moves(&mut self, ply: usize, list: &MoveList, pos: &Position, from: usize) {
        let color = pos.turn().index();
        let kings = pos.kings().0;
        let killers = if ply < MAX_PLY {
            self.killers[ply]
        } else {
            [MoveKey::NONE; 2]
        };
        let order = &mut self.order[ply];
        order.clear();
        order.resize(from, 0);
        for mv in list[from..].iter() {
            let v = if mv.is_capture() {
                let c = mv.captured().0;
                (1 << 24)
                    + (c.count_ones() as i32) * 1000
                    + ((c & kings).count_ones() as i32) * 1500
                    + (mv.crowns() as i32) * 800
            } else if mv.crowns() {
                1 << 23
            } else if killers[0].matches(mv) {
                1 << 22
            } else if killers[1].matches(mv) {
                (1 << 22) - 1
            } else {
                self.heur.history[color][mv.from().index()][mv.to().index()]
            };
            order.push(v);
        }
    }

    /// Swaps the best remaining move into slot `i`.
    #[inline]
    fn pick(&mut self, ply: usize, list: &mut MoveList, i: usize) {
        let order = &mut self.order[ply][..list.len()];
        let mut best = i;
        let mut best_value = order[i];
        for (j, &v) in order[i + 1..].iter().enumerate() {
            if v > best_value {
                best_value = v;
                best = i + 1 + j;
            }
        }
        if best != i {
            order.swap(i, best);
            list.swap(i, best);
        }
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// Quiescence: plays out every capture; evaluates quiet positions.
    fn qsearch(&mut self, pos: &Position, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        if self.stopped {
            // Not counted: a node limit is never passed.
            self.pv[ply].clear();
            return 0;
        }
        self.nodes += 1;
        self.check_limits();
        self.pv[ply].clear();
        if self.stopped {
            return 0;
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        pos.generate_captures(&mut list);
        if list.is_empty() || ply >= MAX_PLY {
            self.lists[ply] = list;
            if !eval::has_quiet_move(pos) && !pos.has_capture() {
                return -MATE + ply as i32;
            }
            return self.eval.evaluate(pos);
        }
        let several = list.len() > 1;
        if several {
            self.score_moves(ply, &list, pos, 0);
        }
        let mut best = -INF;
        for i in 0..list.len() {
            if several {
                self.pick(ply, &mut list, i);
            }
            let mv = list[i];
            let child = pos.play_unchecked(&mv);
            let score = -self.qsearch(&child, ply + 1, -beta, -alpha);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        best
    }

    /// The main search. `key` is the Zobrist key of `pos`, already on the
    /// key stack.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        pos: &Position,
        key: u64,
        draw: D,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        pv_node: bool,
    ) -> i32 {
        if ply > 0 && self.is_repetition() {
            self.pv[ply].clear();
            return 0;
        }
        // A count that has run out here is a draw, unless the side to move
        // has no move (it has lost): at the horizon too.
        let drawn = ply > 0 && draw.is_draw(pos);
        if depth <= 0 || ply >= MAX_PLY {
            if drawn && !pos.is_lost() {
                self.pv[ply].clear();
                return 0;
            }
            return self.qsearch(pos, ply, alpha, beta);
        }
        if self.stopped {
            self.pv[ply].clear();
            return 0;
        }
        self.nodes += 1;
        self.check_limits();
        self.pv[ply].clear();
        if self.stopped {
            return 0;
        }
        // Mate distance pruning.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        // Moves first: generating them hides the latency of the table
        // probe below (the parent prefetched the bucket).
        let mut list = std::mem::take(&mut self.lists[ply]);
        pos.generate_moves(&mut list);
        if list.is_empty() {
            self.lists[ply] = list;
            return -MATE + ply as i32;
        }
        if drawn {
            self.lists[ply] = list;
            return 0;
        }
        if let Some(kind) = draw
            .table(pos, depth >= TB_UNPACK_DEPTH || ply == 1)
            .filter(|_| ply > 0)
        {
            self.lists[ply] = list;
            return super::egtb::play::score(kind, ply);
        }

        let tkey = Self::tt_key(key, &draw, pos);
        let mut hash_move = MoveKey::NONE;
        let use_tt = depth >= TT_MIN_DEPTH;
        // The stored score less the margin, when the hash move may be
        // singular (see below).
        let mut singular_target = None;
        if let Some(hit) = if use_tt { self.tt.probe(tkey) } else { None } {
            hash_move = hit.mv;
            if ply > 0
                && depth >= SINGULAR_DEPTH
                && hit.depth >= depth - 3
                && hit.bound != Bound::Upper
                && hit.score.abs() < MATE_BOUND
                && !hash_move.is_none()
            {
                singular_target = Some(from_tt(hit.score, ply) - SINGULAR_MARGIN);
            }
            if !pv_node && hit.depth >= depth {
                let s = from_tt(hit.score, ply);
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    self.lists[ply] = list;
                    return s;
                }
            }
        }

        let captures = list[0].is_capture();
        // Internal iterative reduction: a node of depth 5 or more with no
        // stored move is searched a ply shallower; its move ordering is a
        // guess, and when the node matters it comes back in the next
        // iteration with the move this search stores. Not once a side has
        // no man left: king endings are won within a count, to the exact
        // depth (`tests/endings.rs` fails without this condition).
        if hash_move.is_none()
            && depth >= IIR_DEPTH
            && !captures
            && pos.men_of(Color::White).any()
            && pos.men_of(Color::Black).any()
        {
            depth -= 1;
        }
        // One reply: it costs nothing to look one ply further.
        if list.len() == 1 && ply < MAX_PLY / 2 {
            depth += 1;
        }
        // The hash move goes first; the others are scored only if it does
        // not cut off.
        let mut scored_from = 0;
        if !hash_move.is_none() {
            if let Some(h) = list.iter().position(|m| hash_move.matches(m)) {
                list.swap(0, h);
                scored_from = 1;
            }
        }

        // Singular extension: when every other move, searched to half the
        // depth, stays below the hash move's stored score less a margin,
        // the hash move is the only good one and is searched a ply deeper.
        let mut extend_first = 0;
        if let (Some(target), 1) = (singular_target, scored_from) {
            if list.len() > 1 && self.all_below(pos, key, draw, &list, depth / 2 - 1, ply, target) {
                extend_first = 1;
            }
            if self.stopped {
                self.lists[ply] = list;
                return 0;
            }
        }

        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = MoveKey::NONE;
        let color = pos.turn().index();
        for i in 0..list.len() {
            if i == scored_from {
                self.score_moves(ply, &list, pos, scored_from);
            }
            if i >= scored_from {
                self.pick(ply, &mut list, i);
            }
            let mv = list[i];
            let child_key = zobrist::after(key, pos, &mv);
            let child = pos.play_unchecked(&mv);
            let child_draw = draw.after(pos, &mv, &child);
            if depth > TT_MIN_DEPTH {
                self.tt
                    .prefetch(Self::tt_key(child_key, &child_draw, &child));
            }
            self.push(child_key, reversible(pos, &mv));
            // The child's score for us, searched to `d` in the window
            // (`lo`, `hi`) of our scores.
            macro_rules! child_score {
                ($d:expr, $lo:expr, $hi:expr, $pv:expr) => {
                    -self.search(&child, child_key, child_draw, $d, ply + 1, -$hi, -$lo, $pv)
                };
            }
            let mut score;
            if i == 0 {
                score = child_score!(depth - 1 + extend_first, alpha, beta, pv_node);
            } else {
                // Late quiet moves that leave the opponent nothing to take
                // are searched shallower first.
                let mut r = 0;
                if !captures && depth >= 3 && i >= 3 && !mv.crowns() && !child.has_capture() {
                    r = 1 + (i >= 8 && depth >= 6) as i32 + (!pv_node && i >= 14) as i32;
                }
                score = child_score!(depth - 1 - r, alpha, alpha + 1, false);
                if score > alpha && r > 0 {
                    score = child_score!(depth - 1, alpha, alpha + 1, false);
                }
                if score > alpha && score < beta && pv_node {
                    score = child_score!(depth - 1, alpha, beta, true);
                }
            }
            self.pop();
            if self.stopped {
                self.lists[ply] = list;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = MoveKey::of(&mv);
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    if alpha >= beta {
                        if !mv.is_capture() {
                            let k = MoveKey::of(&mv);
                            if ply < MAX_PLY && !self.killers[ply][0].matches(&mv) {
                                self.killers[ply][1] = self.killers[ply][0];
                                self.killers[ply][0] = k;
                            }
                            let h =
                                &mut self.heur.history[color][mv.from().index()][mv.to().index()];
                            *h = (*h + depth * depth).min(1 << 20);
                        }
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        let bound = Bound::of(best, alpha0, beta);
        if use_tt {
            self.tt
                .store(tkey, best_move, to_tt(best, ply), depth, bound);
        }
        best
    }

    /// True when every move of `list` but the first scores below `target`
    /// (for the side to move) in a null-window search to `depth`; stops at
    /// the first that does not.
    #[allow(clippy::too_many_arguments)]
    fn all_below(
        &mut self,
        pos: &Position,
        key: u64,
        draw: D,
        list: &MoveList,
        depth: i32,
        ply: usize,
        target: i32,
    ) -> bool {
        for mv in list[1..].iter() {
            let ck = zobrist::after(key, pos, mv);
            let child = pos.play_unchecked(mv);
            let cd = draw.after(pos, mv, &child);
            self.push(ck, reversible(pos, mv));
            let s = -self.search(&child, ck, cd, depth, ply + 1, -target, -target + 1, false);
            self.pop();
            if self.stopped || s >= target {
                return false;
            }
        }
        true
    }

    /// Searches every root move with a full window to `depth` (used by the
    /// weaker levels to choose among moves). Returns the moves with exact
    /// scores, best first; stops early (returning what it has) when a limit
    /// is hit after the first depth.
    pub fn score_all(&mut self, root: &Position, draw: D, depth: i32) -> Vec<RootMove> {
        let key = self.keys[self.root_index];
        let moves = root.legal_moves();
        let mut out = Vec::with_capacity(moves.len());
        for mv in moves.iter() {
            let child = root.play_unchecked(mv);
            let ck = zobrist::after(key, root, mv);
            let cd = draw.after(root, mv, &child);
            self.push(ck, reversible(root, mv));
            let s = -self.search(&child, ck, cd, depth - 1, 1, -INF, INF, true);
            self.pop();
            if self.stopped {
                break;
            }
            out.push(RootMove { mv: *mv, score: s });
            // The first move is always scored; then the limits apply.
            self.can_stop = true;
        }
        crate::sort::sort_by_key(&mut out, |rm| std::cmp::Reverse(rm.score));
        out
    }

    /// Iterative deepening from the root.
    pub fn run(&mut self, root: &Position, draw: D, limits: &Limits) -> SearchResult {
        let key = self.keys[self.root_index];
        let legal = root.legal_moves();
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut result = SearchResult {
            best: legal.first().copied(),
            score: if legal.is_empty() { -MATE } else { 0 },
            depth: 0,
            nodes: 0,
            pv: legal.first().copied().into_iter().collect(),
            time_ms: 0.0,
        };
        if legal.is_empty() {
            return result;
        }
        let mut root_moves: Vec<RootMove> = legal
            .iter()
            .map(|&mv| RootMove { mv, score: -INF })
            .collect();
        // Start with the stored best move, if any.
        if let Some(hit) = self.tt.probe(Self::tt_key(key, &draw, root)) {
            if let Some(i) = root_moves.iter().position(|r| hit.mv.matches(&r.mv)) {
                root_moves.swap(0, i);
            }
        }
        let single = root_moves.len() == 1;
        let mut prev_score: i32 = 0;
        // Time use: the whole budget, less the safety margin, is spent
        // (an iteration cut short still gives its best move, see below).
        // The search ends sooner only when there is nothing left to learn:
        // a single legal move, a forced result found within the depth, the
        // deepest depth, or another limit (nodes, depth, stop).
        let skew = (self.helper & 1) as u32;
        for nominal in 1..=max_depth {
            let depth = (nominal + skew).min(MAX_DEPTH);
            let mut window = 30;
            let (mut lo, mut hi) = if depth >= 4 && prev_score.abs() < MATE_BOUND {
                (prev_score - window, prev_score + window)
            } else {
                (-INF, INF)
            };
            let score = loop {
                let s = self.root_iteration(root, key, draw, depth as i32, lo, hi, &mut root_moves);
                if self.stopped {
                    break s;
                }
                if s <= lo {
                    lo = (lo - window).max(-INF);
                    window *= 3;
                } else if s >= hi {
                    hi = (hi + window).min(INF);
                    window *= 3;
                } else {
                    break s;
                }
            };
            if self.stopped {
                // A partial iteration still counts when its first move (the
                // previous best) was searched out and something beat it.
                if root_moves[0].score > -INF {
                    result.best = Some(root_moves[0].mv);
                    result.score = root_moves[0].score;
                    result.pv = self.pv[0].clone();
                    if result.pv.first() != result.best.as_ref() {
                        result.pv = vec![root_moves[0].mv];
                    }
                }
                break;
            }
            prev_score = score;
            result.best = Some(root_moves[0].mv);
            result.score = score;
            result.depth = depth;
            result.pv = self.pv[0].clone();
            if result.pv.first() != result.best.as_ref() {
                result.pv = vec![root_moves[0].mv];
            }
            self.can_stop = true;
            if let Some(f) = self.on_iteration.as_mut() {
                result.nodes = self.nodes;
                result.time_ms = self.clock.now_ms() - self.start_ms;
                f(&result);
            }
            // One legal move: no need to think (a shallow score is enough).
            if single && depth >= 4 {
                break;
            }
            // A forced win or loss found within this depth: deeper will not change it.
            if score.abs() >= MATE_BOUND && (MATE - score.abs()) < depth as i32 {
                break;
            }
            if self.nodes >= self.node_limit {
                break;
            }
            // Every later iteration runs until the hard limit if need be.
            if self.elapsed_ms() >= self.movetime_ms {
                break;
            }
        }
        result.nodes = self.nodes;
        result.time_ms = self.elapsed_ms();
        result
    }

    /// One root iteration in the window `(alpha, beta)`. Re-orders
    /// `root_moves` (best first) and returns the best score.
    #[allow(clippy::too_many_arguments)]
    fn root_iteration(
        &mut self,
        root: &Position,
        key: u64,
        draw: D,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        root_moves: &mut [RootMove],
    ) -> i32 {
        self.nodes += 1;
        let alpha0 = alpha;
        let mut best = -INF;
        for rm in root_moves.iter_mut() {
            rm.score = -INF;
        }
        for i in 0..root_moves.len() {
            let mv = root_moves[i].mv;
            let child = root.play_unchecked(&mv);
            let ck = zobrist::after(key, root, &mv);
            let cd = draw.after(root, &mv, &child);
            self.push(ck, reversible(root, &mv));
            let d = depth - 1;
            let mut score;
            if i == 0 {
                score = -self.search(&child, ck, cd, d, 1, -beta, -alpha, true);
            } else {
                score = -self.search(&child, ck, cd, d, 1, -alpha - 1, -alpha, false);
                if score > alpha && score < beta && !self.stopped {
                    score = -self.search(&child, ck, cd, d, 1, -beta, -alpha, true);
                }
            }
            self.pop();
            if self.stopped {
                break;
            }
            root_moves[i].score = score;
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                self.update_pv(0, mv);
                // Bring the new best to the front, keeping the others' order.
                root_moves[..=i].rotate_right(1);
                if alpha >= beta {
                    break;
                }
            }
        }
        if !self.stopped {
            let bound = Bound::of(best, alpha0, beta);
            let bm = MoveKey::of(&root_moves[0].mv);
            self.tt.store(
                Self::tt_key(key, &draw, root),
                bm,
                to_tt(best, 0),
                depth,
                bound,
            );
        }
        best
    }
}

#[inline]
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draw_counts_shortcut_matches_the_game() {
        // Random games: the search's update of the draw counts equals the
        // game layer's own.
        let mut seed = 99u64;
        for _ in 0..40 {
            let mut pos = Position::start();
            let mut counts = DrawCounters::new(&pos);
            for _ in 0..300 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let mv = moves[(seed % moves.len() as u64) as usize];
                let next = pos.play_unchecked(&mv);
                let full = counts.after(&pos, &mv, &next);
                let fast = <DrawCounters as DrawState>::after(&counts, &pos, &mv, &next);
                assert_eq!(full, fast, "{} {:?}", pos.fen(), mv);
                assert_eq!(full.draw(&next).is_some(), DrawState::is_draw(&full, &next));
                counts = full;
                pos = next;
            }
        }
    }
}
