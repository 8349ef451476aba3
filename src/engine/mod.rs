//! The engine: search, evaluation, transposition table, playing levels.
//! Pure Rust, built on the rules core and the game layer; no web crates
//! (the caller injects the clock, see [`Clock`]).
//!
//! ```
//! use shashki::engine::{Clock, Engine, Limits};
//! use shashki::game::Game;
//!
//! let mut game = Game::new();
//! game.play_text("c3-d4").unwrap();
//! let mut engine = Engine::new(16);
//! let clock = Clock::frozen(); // stops on depth only: deterministic
//! let r = engine.search(&game, &Limits::depth(6), &clock);
//! let best = r.best.expect("Black has moves");
//! assert!(game.legal_moves().contains(&best));
//! assert_eq!(r.depth, 6);
//! assert_eq!(r.pv[0], best);
//!
//! // A level's move (seeded randomness) and the level list for the page.
//! let r = engine.play_level(&game, 1, 42, &clock);
//! assert!(game.legal_moves().contains(&r.best.unwrap()));
//! assert!(shashki::engine::levels().len() >= 6);
//! ```
//!
//! Scores are in hundredths of a man for the side to move (except
//! [`Engine::evaluate`], which is from White's side); a forced win in `n`
//! plies scores `MATE - n`.

pub mod analysis;
#[cfg(feature = "tools")]
pub mod baseline;
pub mod book;
pub mod clock;
pub mod data;
pub mod egtb;
pub mod eval;
pub mod kpatterns;
pub mod levels;
pub mod net;
pub mod patterns;
#[cfg(feature = "tools")]
pub mod puzzle;
pub mod score;
mod search;
pub mod threads;
pub(crate) mod tt;
pub(crate) mod zobrist;

pub use clock::{move_budget_ms, Clock};
pub use eval::Weights;
pub use levels::{level, levels, LevelInfo, Rng, MAX_LEVEL};
pub use score::{MATE, MATE_BOUND};
pub use search::{DrawState, Limits, NoDrawCounts, SearchResult};

use crate::game::{Game, Status};
use crate::moves::Move;
use crate::position::Position;
use crate::square::Color;
use search::{Heuristics, Searcher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// The default transposition table size for a browser, in MB.
pub const DEFAULT_TT_MB: usize = 16;

/// A draw offer is accepted in a dead draw when the engine's score for
/// itself is at most this (hundredths of a man): the game is level.
pub const DRAW_ACCEPT_MAX: i32 = 10;

/// A draw offer is accepted whatever the position when the engine's score
/// for itself is at most this: it stands worse (a quarter of a man).
pub const DRAW_ACCEPT_WORSE: i32 = -25;

/// The levels from this one up play from the opening book ([`book`]) while
/// the game is in it.
pub const BOOK_LEVEL: u8 = 5;

/// At most this many pieces on the board, a level position is a dead draw.
pub const DEAD_DRAW_PIECES: u32 = 4;

/// Thinking time used to judge a draw offer, in milliseconds, and its node
/// budget.
pub const DRAW_JUDGE_MS: f64 = 400.0;
pub const DRAW_JUDGE_NODES: u64 = 1_000_000;

/// The bot. Owns its transposition table (sized once, at creation) and its
/// move-ordering memory; reuse one engine for a whole game (or call
/// [`Engine::clear`] between games).
pub struct Engine {
    /// Shared with the helper threads of a parallel search.
    tt: Arc<tt::Table>,
    eval: Arc<eval::Evaluator>,
    heur: Heuristics,
    /// Set from another thread to stop the running search (see
    /// [`Engine::stop_flag`]).
    stop: Arc<AtomicBool>,
    /// Search threads (1: no helpers; see [`Engine::set_threads`]).
    threads: usize,
    /// The idle helper threads' move-ordering memory.
    helper_heur: Vec<Heuristics>,
    /// Helpers of the last search still winding down: the move is returned
    /// as soon as the main thread is done, without waiting for them to be
    /// scheduled again and see the signal; they are joined before the
    /// table is next needed exclusively.
    running: Vec<threads::Handle<Heuristics>>,
}

/// The helper threads of one search ([`Engine::start_helpers`]).
struct Helpers {
    done: Arc<AtomicBool>,
    nodes: Arc<AtomicU64>,
}

impl Helpers {
    /// Tells the helpers to stop (they wind down on their own; the engine
    /// joins them before it next needs its table alone) and returns the
    /// nodes they searched so far.
    fn finish(self) -> u64 {
        self.done.store(true, Ordering::Relaxed);
        self.nodes.load(Ordering::Relaxed)
    }
}

impl Engine {
    /// An engine with a transposition table of `tt_megabytes` MB (at least
    /// 1; rounded down to a power of two).
    pub fn new(tt_megabytes: usize) -> Engine {
        Engine {
            tt: Arc::new(tt::Table::new(tt_megabytes)),
            eval: Arc::new(eval::DEFAULT.clone()),
            heur: Heuristics::new(),
            stop: Arc::new(AtomicBool::new(false)),
            threads: 1,
            helper_heur: Vec::new(),
            running: Vec::new(),
        }
    }

    /// Waits for the helpers of the last search (they stop within a few
    /// hundred nodes of being told) and takes their memory back.
    fn settle(&mut self) {
        for h in self.running.drain(..) {
            if let Some(heur) = h.join() {
                self.helper_heur.push(heur);
            }
        }
        let helpers = self.threads - 1;
        self.helper_heur.truncate(helpers);
        self.helper_heur.resize_with(helpers, Heuristics::new);
    }

    /// The table, for a change only this engine may make.
    fn table_mut(&mut self) -> &mut tt::Table {
        self.settle();
        Arc::get_mut(&mut self.tt).expect("no helper holds the table once settled")
    }

    /// Searches with `n` threads from now on (at least 1): a Lazy SMP
    /// search, where `n - 1` helper threads search the same position over
    /// the shared transposition table and the main thread's result is
    /// played. With 1 thread the search is the single-threaded one, with
    /// the same results for the same node budget. Where threads cannot be
    /// made (WebAssembly without shared memory) the engine keeps 1; in a
    /// threaded WebAssembly build at most one more than the helper Workers
    /// serving ([`threads::capacity`]).
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.max(1).min(threads::capacity().saturating_add(1));
        self.settle();
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// A flag that stops this engine's running search when set (from
    /// another thread: a protocol's `stop`). The search stops as if its time
    /// had run out and still returns its best move. The engine never clears
    /// the flag itself: the caller clears it before the next search.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Plays with other evaluation weights from now on (tuning); forgets
    /// the stored positions, whose scores came from the old weights.
    pub fn set_weights(&mut self, weights: Weights) {
        self.eval = Arc::new(eval::Evaluator::new(weights));
        self.clear();
    }

    /// The evaluation weights in use.
    pub fn weights(&self) -> &Weights {
        self.eval.weights()
    }

    /// Forgets everything learnt (start of a new game): the
    /// transposition table, the move-ordering history, and the endgame
    /// table blocks unpacked so far (shared by every engine of the
    /// process), so that the game is searched as by a fresh process.
    pub fn clear(&mut self) {
        egtb::forget_unpacked();
        self.table_mut().clear();
        self.heur.clear();
        for h in &mut self.helper_heur {
            h.clear();
        }
    }

    /// The depth to which the game's current position is stored in the
    /// transposition table (0 when it is not): what a search of it starts
    /// from. A protocol reports it to show the table kept between moves.
    pub fn stored_depth(&self, game: &Game) -> u32 {
        let pos = game.position();
        let key = zobrist::key(pos) ^ DrawState::key(&game.counters(), pos);
        self.tt.probe(key).map_or(0, |h| h.depth.max(0) as u32)
    }

    /// Full-strength search of the game's current position, within
    /// `limits`. Every draw rule of the game is applied inside the search
    /// (repetition and the counted draws). When the game is already over
    /// the result has no move: score `-MATE` if the side to move has lost,
    /// 0 for a draw.
    ///
    /// ```
    /// use shashki::engine::{Clock, Engine, Limits, MATE};
    /// use shashki::game::Game;
    /// let mut engine = Engine::new(1);
    /// // White takes the last black piece: c3:e5.
    /// let game = Game::from_fen("W:Wc3:Bd4").unwrap();
    /// let r = engine.search(&game, &Limits::depth(3), &Clock::frozen());
    /// assert_eq!(game.position().move_text(&r.best.unwrap()), "c3:e5");
    /// assert!(r.score >= MATE - 1);
    /// // A finished game: no move.
    /// let over = Game::from_fen("B:Wc3:B").unwrap();
    /// assert!(engine.search(&over, &Limits::depth(3), &Clock::frozen()).best.is_none());
    /// ```
    pub fn search(&mut self, game: &Game, limits: &Limits, clock: &Clock) -> SearchResult {
        if let Some(r) = finished(game) {
            return r;
        }
        if let Some(r) = table_root(game) {
            return r;
        }
        let history = game_history(game);
        self.search_position(game.position(), &history, game.counters(), limits, clock)
    }

    /// [`Engine::search`], calling `report` after every completed depth
    /// with the result so far (a protocol's `info` lines). A position the
    /// endgame tables answer, or a finished game, reports nothing.
    pub fn search_reporting(
        &mut self,
        game: &Game,
        limits: &Limits,
        clock: &Clock,
        report: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        if let Some(r) = finished(game) {
            return r;
        }
        if let Some(r) = table_root(game) {
            return r;
        }
        let history = game_history(game);
        self.run_search(
            game.position(),
            &history,
            game.counters(),
            limits,
            clock,
            Some(report),
        )
    }

    /// Search from a bare position: `history` holds the earlier positions
    /// of the game (oldest first, for repetitions; may be empty) and `draw`
    /// the draw counts at `root` ([`NoDrawCounts`] to ignore them).
    pub fn search_position<D: DrawState>(
        &mut self,
        root: &Position,
        history: &[Position],
        draw: D,
        limits: &Limits,
        clock: &Clock,
    ) -> SearchResult {
        self.run_search(root, history, draw, limits, clock, None)
    }

    fn run_search<D: DrawState>(
        &mut self,
        root: &Position,
        history: &[Position],
        draw: D,
        limits: &Limits,
        clock: &Clock,
        report: Option<&mut dyn FnMut(&SearchResult)>,
    ) -> SearchResult {
        self.table_mut().new_search();
        egtb::keep_unpacked_within_limit();
        // With one thread there are no helpers: the single-threaded search.
        let helpers = self.start_helpers(root, history, draw, clock);
        let mut s = Searcher::new(
            &self.tt,
            &self.eval,
            &mut self.heur,
            root,
            history,
            limits,
            *clock,
        );
        s.stop_on(&self.stop);
        // Reports count every thread's nodes so far, as the result does.
        let helper_nodes = Arc::clone(&helpers.nodes);
        let mut with_helpers = report.map(|f| {
            move |r: &SearchResult| {
                let mut r = r.clone();
                r.nodes += helper_nodes.load(Ordering::Relaxed);
                f(&r)
            }
        });
        if let Some(f) = with_helpers.as_mut() {
            s.report_to(f);
        }
        let mut r = s.run(root, draw, limits);
        drop(s);
        r.nodes += helpers.finish();
        r
    }

    /// Lazy SMP: starts the helper threads on `root`; they search until
    /// [`Helpers::finish`], and what they find reaches the caller's search
    /// through the shared table. The caller starts the table's new search
    /// generation first.
    fn start_helpers<D: DrawState>(
        &mut self,
        root: &Position,
        history: &[Position],
        draw: D,
        clock: &Clock,
    ) -> Helpers {
        let done = Arc::new(AtomicBool::new(false));
        let nodes = Arc::new(AtomicU64::new(0));
        if self.helper_heur.is_empty() {
            return Helpers { done, nodes };
        }
        let history: Arc<[Position]> = history.into();
        for (i, mut heur) in std::mem::take(&mut self.helper_heur)
            .into_iter()
            .enumerate()
        {
            let (tt, eval, stop) = (
                Arc::clone(&self.tt),
                Arc::clone(&self.eval),
                Arc::clone(&self.stop),
            );
            let (done, nodes, history) =
                (Arc::clone(&done), Arc::clone(&nodes), Arc::clone(&history));
            let (root, clock) = (*root, *clock);
            let spawned = threads::spawn(move || {
                let free = Limits::default();
                let mut s = Searcher::new(&tt, &eval, &mut heur, &root, &history, &free, clock);
                s.stop_on(&stop);
                s.helper(i + 1, &done, &nodes);
                s.run(&root, draw, &free);
                drop(s);
                heur
            });
            // A thread refused is one helper fewer this time; its memory
            // went with the refused job.
            if let Some(h) = spawned {
                self.running.push(h);
            }
        }
        Helpers { done, nodes }
    }

    /// The move the given level plays (1 = weakest ..= [`MAX_LEVEL`]),
    /// within that level's time budget ([`LevelInfo::movetime_ms`]).
    /// `seed` drives the level's choice among nearly-equal moves: the same
    /// seed in the same game gives the same move.
    pub fn play_level(&mut self, game: &Game, level: u8, seed: u64, clock: &Clock) -> SearchResult {
        let movetime = levels::level(level).movetime_ms as f64;
        self.play_level_within(game, level, seed, clock, movetime)
    }

    /// The move the given level plays on a game clock: as
    /// [`play_level`](Engine::play_level), but thinking at most `movetime_ms`
    /// (from [`clock::move_budget_ms`], which never gives more than the
    /// level's own budget nor the clock's time left minus a safety margin).
    /// A budget of zero still gives a legal move (the first iteration's, or
    /// any legal move for the weak levels).
    pub fn play_level_within(
        &mut self,
        game: &Game,
        level: u8,
        seed: u64,
        clock: &Clock,
        movetime_ms: f64,
    ) -> SearchResult {
        if let Some(r) = finished(game) {
            return r;
        }
        if let Some(r) = table_root(game) {
            return r;
        }
        if level >= BOOK_LEVEL {
            if let Some(mv) = book::shipped().and_then(|b| b.pick(game.position(), seed)) {
                return SearchResult {
                    best: Some(mv),
                    score: 0,
                    depth: 0,
                    nodes: 0,
                    pv: vec![mv],
                    time_ms: 0.0,
                };
            }
        }
        let spec = levels::spec(level);
        let history = game_history(game);
        let root = *game.position();
        let movetime_ms = if movetime_ms.is_finite() {
            movetime_ms.max(0.0)
        } else {
            0.0
        };
        let limits = Limits {
            movetime_ms: Some(movetime_ms),
            depth: None,
            nodes: spec.nodes,
        };
        let Some(depth) = spec.multi_depth else {
            return self.search_position(&root, &history, game.counters(), &limits, clock);
        };
        // The weak levels look a few plies ahead with the hand-set terms
        // only: the fitted patterns (both tables) can be worth more than a man in a
        // quiet position, which a one- or two-ply search would take as a
        // reason to give a man away (tests/tactics.rs, the beginner test).
        let mut plain = *self.eval.weights();
        plain.patterns = 0;
        plain.kpatterns = 0;
        plain.net = 0;
        let plain = eval::Evaluator::new(plain);
        self.table_mut().new_search();
        let mut s = Searcher::new(
            &self.tt,
            &plain,
            &mut self.heur,
            &root,
            &history,
            &limits,
            *clock,
        );
        let scored = s.score_all(&root, game.counters(), depth as i32);
        let nodes = s.nodes;
        let time_ms = s.elapsed_ms();
        let Some(top) = scored.first() else {
            // Out of time before the first move was scored: any legal move.
            let best = root.legal_moves().first().copied();
            return SearchResult {
                best,
                score: 0,
                depth: 0,
                nodes,
                pv: best.into_iter().collect(),
                time_ms,
            };
        };
        let mut rng = Rng::new(seed ^ zobrist::key(&root));
        let floor = top.score - spec.margin;
        let mut choice = *top;
        let mut best_noisy = i32::MIN;
        for rm in scored.iter().filter(|rm| rm.score >= floor) {
            // Scores plus up to a margin of noise: the better moves stay
            // more likely, every candidate can be picked.
            let noisy = rm.score + rng.below(spec.margin as u64 + 1) as i32;
            if noisy > best_noisy {
                best_noisy = noisy;
                choice = *rm;
            }
        }
        SearchResult {
            best: Some(choice.mv),
            score: choice.score,
            depth,
            nodes,
            pv: vec![choice.mv],
            time_ms,
        }
    }

    /// Judges a draw offer made to `side` by a short search. The rule:
    ///
    /// - `side` stands worse (score at most [`DRAW_ACCEPT_WORSE`]): accept;
    /// - the position is a dead draw and level for `side` (score at most
    ///   [`DRAW_ACCEPT_MAX`]): accept. Dead means that the search proves the
    ///   draw (a repetition or a draw count of the rules within its reach
    ///   forces the score to exactly 0 with a king on the board), or both
    ///   sides have a king, or at most [`DEAD_DRAW_PIECES`] pieces remain;
    /// - otherwise decline: a level opening or middle game still has play
    ///   in it, and a level score alone is no reason to stop.
    ///
    /// A finished game is refused.
    ///
    /// ```
    /// use shashki::engine::{Clock, Engine};
    /// use shashki::{game::Game, Color};
    /// let mut engine = Engine::new(1);
    /// // Four white men against one black man: Black accepts, White refuses.
    /// let game = Game::from_fen("W:Wc3,e3,g3,a1:Bh8").unwrap();
    /// assert!(engine.accepts_draw(&game, Color::Black, &Clock::frozen()));
    /// assert!(!engine.accepts_draw(&game, Color::White, &Clock::frozen()));
    /// ```
    pub fn accepts_draw(&mut self, game: &Game, side: Color, clock: &Clock) -> bool {
        if game.status().is_over() {
            return false;
        }
        let limits = Limits {
            movetime_ms: Some(DRAW_JUDGE_MS),
            depth: None,
            nodes: Some(DRAW_JUDGE_NODES),
        };
        let r = self.search(game, &limits, clock);
        let for_side = if game.position().turn() == side {
            r.score
        } else {
            -r.score
        };
        if for_side <= DRAW_ACCEPT_WORSE {
            return true;
        }
        let pos = game.position();
        let dead = (pos.kings_of(Color::White).any() && pos.kings_of(Color::Black).any())
            || pos.piece_count() <= DEAD_DRAW_PIECES
            || (r.score == 0 && pos.kings().any() && r.depth >= 4);
        dead && for_side <= DRAW_ACCEPT_MAX
    }

    /// The engine's assessment of the current position, from White's side
    /// (positive: White is better; men = 100; ±`MATE - n` a forced win in
    /// `n` plies), by a search within `limits`. A finished game scores
    /// 0 (drawn) or ±`MATE`.
    ///
    /// ```
    /// use shashki::engine::{Clock, Engine, Limits};
    /// use shashki::game::Game;
    /// let mut engine = Engine::new(1);
    /// let up = Game::from_fen("B:Wa1,c1,e1:Bh8").unwrap();
    /// // From White's side, although Black is to move.
    /// assert!(engine.evaluate(&up, &Limits::depth(4), &Clock::frozen()) > 100);
    /// ```
    pub fn evaluate(&mut self, game: &Game, limits: &Limits, clock: &Clock) -> i32 {
        let r = self.search(game, limits, clock);
        if game.position().turn() == Color::White {
            r.score
        } else {
            -r.score
        }
    }

    /// A hint: the engine's best move for the side to move (`None` when
    /// the game is over).
    pub fn hint(&mut self, game: &Game, limits: &Limits, clock: &Clock) -> Option<Move> {
        self.search(game, limits, clock).best
    }
}

/// The earlier positions since the last irreversible move, oldest first.
fn game_history(game: &Game) -> Vec<Position> {
    let mut v: Vec<Position> = game.reversible_positions().copied().collect();
    v.pop(); // the current position itself
    v
}

/// The result for a game that is already over.
fn finished(game: &Game) -> Option<SearchResult> {
    let status = game.status();
    if !status.is_over() {
        return None;
    }
    let score = match status {
        Status::Win { winner, .. } if winner != game.position().turn() => -MATE,
        Status::Win { .. } => MATE,
        _ => 0,
    };
    Some(SearchResult {
        best: None,
        score,
        depth: 0,
        nodes: 0,
        pv: Vec::new(),
        time_ms: 0.0,
    })
}

/// The tables' move at the root ([`egtb::play::root_move`]) as a search
/// result, scored on the tables' band ([`score::TB_WIN`]).
fn table_root(game: &Game) -> Option<SearchResult> {
    let best = egtb::play::root_move(game)?;
    Some(SearchResult {
        best: Some(best.mv),
        score: egtb::play::score(best.kind, 0),
        depth: 0,
        nodes: 0,
        pv: vec![best.mv],
        time_ms: 0.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock() -> Clock {
        Clock::frozen()
    }

    #[test]
    fn finished_game_has_no_move() {
        // White to move, its only man blocked: lost.
        let game = Game::from_fen("W:Wa1:Bb2,c3").unwrap();
        let mut e = Engine::new(1);
        let r = e.search(&game, &Limits::depth(3), &clock());
        assert_eq!(r.best, None);
        assert_eq!(r.score, -MATE);
    }

    #[test]
    fn levels_play_legal_moves_deterministically() {
        // Two engines fed the same game and seeds play the same moves.
        let mut game = Game::new();
        let (mut a, mut b) = (Engine::new(4), Engine::new(4));
        for ply in 0..16 {
            let level = (ply % 5) as u8 + 1; // node-bounded levels keep the test fast
            let r = a.play_level(&game, level, 7, &clock());
            let mv = r.best.expect("game goes on");
            assert!(game.legal_moves().contains(&mv));
            let again = b.play_level(&game, level, 7, &clock()).best.unwrap();
            assert_eq!(mv, again, "same seed, same move (level {level})");
            game.play(&mv).unwrap();
        }
        // Different seeds give the beginner different openings.
        let start = Game::new();
        let firsts: std::collections::HashSet<_> = (0..20)
            .map(|seed| a.play_level(&start, 1, seed, &clock()).best.unwrap())
            .collect();
        assert!(firsts.len() >= 2, "{firsts:?}");
    }

    #[test]
    fn draw_offers() {
        let mut e = Engine::new(4);
        let c = Clock::frozen(); // bounded by the node budget
                                 // White has three men against one: White declines, Black accepts.
        let game = Game::from_fen("W:Wc3,e3,g3,a1:Bh8").unwrap();
        assert!(!e.accepts_draw(&game, Color::White, &c));
        assert!(e.accepts_draw(&game, Color::Black, &c));
        // One king against one king: level, both accept.
        let game = Game::from_fen("W:WKa1:BKh6").unwrap();
        assert!(e.accepts_draw(&game, Color::White, &c));
        assert!(e.accepts_draw(&game, Color::Black, &c));
        // The opening: level, but no dead draw: both decline.
        let mut game = Game::new();
        for m in ["c3-d4", "f6-g5"] {
            game.play_text(m).unwrap();
        }
        assert!(!e.accepts_draw(&game, Color::White, &c));
        assert!(!e.accepts_draw(&game, Color::Black, &c));
        // A middle game without kings, where neither side stands worse:
        // declined too.
        let game = Game::from_fen("W:Wc3,e3,g3,b2,d2,f2,e1:Bc7,b6,d6,f6,e7,g7,d8").unwrap();
        let level = e.evaluate(&game, &Limits::nodes(DRAW_JUDGE_NODES), &c);
        assert!(level.abs() < -DRAW_ACCEPT_WORSE, "{level}");
        assert!(!e.accepts_draw(&game, Color::White, &c));
        assert!(!e.accepts_draw(&game, Color::Black, &c));
        // A man down in the middle game: the weaker side accepts.
        let game = Game::from_fen("W:Wa3,c3,e3,g3,b2:Bb6,d6,f6,h6").unwrap();
        assert!(!e.accepts_draw(&game, Color::White, &c));
        assert!(e.accepts_draw(&game, Color::Black, &c));
        // Two men against two, level: a dead draw by the piece count.
        let game = Game::from_fen("W:Wa1,c1:Bf8,h8").unwrap();
        let level = e.evaluate(&game, &Limits::nodes(DRAW_JUDGE_NODES), &c);
        assert!(level.abs() <= 10, "{level}");
        assert!(e.accepts_draw(&game, Color::White, &c));
        assert!(e.accepts_draw(&game, Color::Black, &c));
    }

    #[test]
    fn evaluate_is_from_whites_side() {
        let mut e = Engine::new(4);
        let white_up = Game::from_fen("B:Wc3,e3,g3,a1:Bh8").unwrap();
        assert!(e.evaluate(&white_up, &Limits::depth(4), &clock()) > 150);
        let black_up = Game::from_fen("W:Wh2:Bb6,d6,f6,h8").unwrap();
        assert!(e.evaluate(&black_up, &Limits::depth(4), &clock()) < -150);
        let hint = e.hint(&white_up, &Limits::depth(4), &clock()).unwrap();
        assert!(white_up.legal_moves().contains(&hint));
    }

    #[test]
    fn repetition_sought_when_losing() {
        // Kings shuffle; White (a king and a man against a king and three
        // men) can make the start position stand for the third time.
        let (mut game, r) = shuffle_then_search(
            "B:WKa1,h2:BKb8,c7,e7,g5",
            [
                "b8-a7", "a1-b2", "a7-b8", "b2-a1", "b8-a7", "a1-b2", "a7-b8",
            ],
        );
        let mv = r.best.unwrap();
        assert_eq!(game.position().move_text(&mv), "b2-a1");
        assert_eq!(r.score, 0);
        game.play(&mv).unwrap();
        assert!(matches!(
            game.status(),
            Status::Draw {
                reason: crate::game::DrawReason::Repetition,
                ..
            }
        ));
    }

    /// The game from `fen` after the kings' `moves`, and a depth-8 search
    /// of the position they reach.
    fn shuffle_then_search(fen: &str, moves: [&str; 7]) -> (Game, SearchResult) {
        let mut game = Game::from_fen(fen).unwrap();
        for m in moves {
            game.play_text(m).unwrap();
        }
        let r = Engine::new(4).search(&game, &Limits::depth(8), &clock());
        (game, r)
    }

    #[test]
    fn repetition_avoided_when_winning() {
        let (game, r) = shuffle_then_search(
            "W:WKa1,h2:BKb8,c7,e7,g5",
            [
                "a1-b2", "b8-a7", "b2-a1", "a7-b8", "a1-b2", "b8-a7", "b2-a1",
            ],
        );
        // Black to move: a7-b8 would repeat the start a third time.
        let mv = r.best.unwrap();
        assert_ne!(game.position().move_text(&mv), "a7-b8");
        assert!(r.score > 100, "{}", r.score);
    }

    #[test]
    fn counted_draw_seen_by_the_search() {
        // Three kings against a lone king off the main road: winning at
        // first; after 14 moves each of shuffling, White's 15th move must
        // take the king or the game is drawn, and the search knows it.
        let mut game = Game::from_fen("W:WKa5,Ka7,Kb8:BKh2").unwrap();
        let mut e = Engine::new(4);
        let fresh = e.search(&game, &Limits::depth(6), &clock());
        assert!(fresh.score > 200, "{}", fresh.score);
        // Quiet moves that repeat nothing and leave nothing to capture.
        for _ in 0..28 {
            let next = game
                .legal_moves()
                .iter()
                .find_map(|mv| {
                    let mut g = game.clone();
                    g.play(mv).unwrap();
                    let ok = !g.status().is_over()
                        && g.repetitions() == 1
                        && !g.position().has_capture();
                    ok.then_some(g)
                })
                .expect("a quiet move");
            game = next;
        }
        assert_eq!(game.counters().lone_king(), Some((Color::White, 14)));
        e.clear();
        let late = e.search(&game, &Limits::depth(6), &clock());
        assert_eq!(late.score, 0);
        // Judged a draw, the offer is accepted by the stronger side too.
        assert!(e.accepts_draw(&game, Color::White, &clock()));
    }

    /// A clock advancing one millisecond per reading: time limits become
    /// deterministic.
    fn ticking_clock() -> Clock {
        use std::cell::Cell;
        thread_local!(static NOW: Cell<f64> = const { Cell::new(0.0) });
        fn tick() -> f64 {
            NOW.with(|n| {
                n.set(n.get() + 1.0);
                n.get()
            })
        }
        Clock::new(tick)
    }

    #[test]
    fn movetime_is_a_hard_limit() {
        let c = ticking_clock();
        let mut e = Engine::new(4);
        let game = Game::new();
        let r = e.search(&game, &Limits::movetime(40.0), &c);
        // The clock is read once per 1024 nodes: about 40 readings.
        assert!(r.time_ms <= 42.0, "{}", r.time_ms);
        assert!(r.nodes <= 45 * 1024, "{}", r.nodes);
        assert!(r.depth >= 1);
        assert!(game.legal_moves().contains(&r.best.unwrap()));
        // The levels respect their budget too (the weak ones use less).
        for level in 1..=MAX_LEVEL {
            let budget = levels::level(level).movetime_ms as f64;
            let r = e.play_level(&game, level, 3, &c);
            assert!(r.time_ms <= budget + 2.0, "level {level}: {}", r.time_ms);
        }
    }
}
