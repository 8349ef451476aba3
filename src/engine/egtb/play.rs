//! How the engine uses the tables: the root move (the best move by the
//! tables, when they answer exactly) and the score of a node inside the
//! search. Both ask [`super::probe`], never the files.

use super::{probe, Kind, Tables, INSTALLED};
use crate::engine::search::{SearchResult, MATE_BOUND};
use crate::game::Game;
use crate::movegen::Move;

/// The score of a won position by the tables (below [`MATE_BOUND`]: not a
/// distance to mate, but above any evaluation).
pub const TB_WIN: i32 = MATE_BOUND - 200;

/// The score at `ply` of a node the tables decide.
pub fn score(kind: Kind, ply: usize) -> i32 {
    match kind {
        Kind::Win => TB_WIN - ply as i32,
        Kind::Draw => 0,
        Kind::Loss => -(TB_WIN - ply as i32),
    }
}

/// One legal move judged by the tables under the counts it leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableMove {
    pub mv: Move,
    /// The result for the side that plays it (a move that repeats a
    /// position for the third time is a draw: the game ends there).
    pub kind: Kind,
    /// Plies from now to the end of the game (this move included) with the
    /// winner fastest and the loser slowest, when the file holds distances
    /// and the fresh distance has the same result; `None` for a draw.
    pub plies: Option<u32>,
    /// `plies` is the distance under the game's running counts too (see
    /// [`super::files::exact_distance`]), not only with fresh counts.
    pub exact: bool,
    /// For a drawing move: how many of the opponent's replies lose, i.e.
    /// its chances to go wrong (0 otherwise).
    pub traps: u32,
    /// The opponent must capture after this move (material is offered).
    pub offers: bool,
    /// The move repeats a position for the third time: the game ends drawn.
    pub repeats: bool,
}

impl TableMove {
    /// The mover's own moves to the end, this one included, when exact.
    pub fn moves(&self) -> Option<u32> {
        match self.kind {
            Kind::Draw => None,
            _ => self.plies.filter(|_| self.exact).map(|p| p.div_ceil(2)),
        }
    }

    /// Best first: a win (fastest; an unknown distance counts as long), a
    /// draw (most traps, then one that gives nothing away, then one that
    /// does not end the game by repetition), a loss (slowest).
    fn rank(&self) -> (i32, i64, bool, bool) {
        let plies = i64::from(self.plies.unwrap_or(255));
        match self.kind {
            Kind::Win => (2, -plies, true, true),
            Kind::Draw => (1, i64::from(self.traps), !self.offers, !self.repeats),
            Kind::Loss => (0, plies, true, true),
        }
    }
}

/// Every legal move of `game` that the tables judge under the counts it
/// leaves, best first for the side to move: the fastest win, then the
/// draws that leave the opponent most losing replies (and, among equals,
/// give no material away and do not end the game by repetition), then the
/// longest resistance. Moves the tables cannot judge (the counts outside their
/// model) are left out; `None` for a material the set does not hold
/// ([`super::files::shipped`]) or without tables.
pub fn table_moves_in(tables: &Tables, game: &Game) -> Option<Vec<TableMove>> {
    let pos = game.position();
    if !super::files::shipped(&super::Material::of(pos)) || tables.is_empty() {
        return None;
    }
    let counts = game.counters();
    let mut out = Vec::new();
    for mv in pos.legal_moves().iter() {
        let next = pos.play_unchecked(mv);
        // A third occurrence: only the positions since the last capture or
        // man move can repeat (`Game::reversible_positions`).
        if game.reversible_positions().filter(|p| **p == next).count() >= 2 {
            out.push(TableMove {
                mv: *mv,
                kind: Kind::Draw,
                plies: None,
                exact: true,
                traps: 0,
                offers: false,
                repeats: true,
            });
            continue;
        }
        let after = counts.after(pos, mv, &next);
        let Some(theirs) = tables.probe(&next, &after) else {
            continue;
        };
        let kind = theirs.negate();
        let (plies, exact) = if kind == Kind::Draw {
            (None, true)
        } else {
            match tables.probe_fresh(&next) {
                Ok(p) if p.kind == theirs => (
                    p.plies.map(|d| d + 1),
                    p.plies
                        .is_some_and(|d| super::files::exact_distance(&next, &after, d)),
                ),
                _ => (None, false),
            }
        };
        let traps = if kind == Kind::Draw {
            let mut replies = 0;
            for reply in next.legal_moves().iter() {
                let then = next.play_unchecked(reply);
                if tables.probe(&then, &after.after(&next, reply, &then)) == Some(Kind::Loss) {
                    replies += 1;
                }
            }
            replies
        } else {
            0
        };
        out.push(TableMove {
            mv: *mv,
            kind,
            plies,
            exact,
            traps,
            offers: next.has_capture(),
            repeats: false,
        });
    }
    // Stable: among equals the move generator's order is kept.
    crate::sort::sort_by_key(&mut out, |m| std::cmp::Reverse(m.rank()));
    Some(out)
}

/// [`table_moves_in`] with the installed tables.
pub fn table_moves(game: &Game) -> Option<Vec<TableMove>> {
    let g = INSTALLED.read().ok()?;
    table_moves_in(g.as_ref()?, game)
}

/// The tables' move at the root, when they decide the game: a win is
/// kept (the move to a position lost for the opponent under the counts the
/// move leaves, fastest first), a draw is held, a loss is made to last.
/// `None` (let the search play) when the material is not in the tables,
/// the counts do not fit their model, or no move reaches the root's value
/// by the tables. A move that would repeat a position for the third time
/// is chosen only to draw.
pub fn root_move(game: &Game) -> Option<SearchResult> {
    let pos = game.position();
    if pos.piece_count() > super::index::MAX_PIECES || !super::installed() {
        return None;
    }
    let kind = probe(pos, &game.counters())?;
    let best = table_moves(game)?.into_iter().next()?;
    if best.kind != kind {
        return None;
    }
    Some(SearchResult {
        best: Some(best.mv),
        score: score(kind, 0),
        depth: 0,
        nodes: 0,
        pv: vec![best.mv],
        time_ms: 0.0,
    })
}
