//! How the engine uses the tables: the root move (the best move by the
//! tables, when they answer exactly) and the score of a node inside the
//! search. Both ask [`super::probe`], never the files.

use super::index::Material;
use super::model::Model;
use super::{probe, Kind, Probe, Tables, INSTALLED};
use crate::engine::score::TB_WIN;
use crate::game::{DrawCounters, Game, Status};
use crate::movegen::Move;
use crate::position::Position;

/// The score at `ply` of a node the tables decide (the band of
/// [`TB_WIN`]).
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
    /// [`exact_distance`]), not only with fresh counts.
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
                    p.plies.is_some_and(|d| exact_distance(&next, &after, d)),
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
/// is chosen only to draw. Its `kind` is the root's value; the engine
/// scores it with [`score`].
pub fn root_move(game: &Game) -> Option<TableMove> {
    let pos = game.position();
    if pos.piece_count() > super::index::MAX_PIECES || !super::installed() {
        return None;
    }
    let kind = probe(pos, &game.counters())?;
    let best = table_moves(game)?.into_iter().next()?;
    (best.kind == kind).then_some(best)
}

/// What the tables say about a game's current position, for display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The result for the side to move under the game's running counts.
    pub kind: Kind,
    /// The side to move's own moves to the end, when known exactly: the
    /// file holds distances and either no count can run in the material
    /// or the counts are fresh (as set up from a FEN or right after a
    /// capture). `None` for a draw.
    pub moves: Option<u32>,
}

/// Whether `plies`, the fresh-count distance of `pos` (what the file
/// holds), is also its distance under the running `counts`, given that the
/// result under the counts is the fresh one. True when the counts are fresh
/// (as set up from a FEN), when a capture is pending (every count that can
/// run restarts after it), and, outside the "dual" materials, when the
/// whole fastest line fits before any running count can fall: then no line
/// of the fastest strategy is cut, so it is still fastest. Nearer the end
/// of the count the distance can grow (a longer line through a capture or
/// crowning, which restarts the count, wins instead); the builder counts
/// the positions where a running clock changes the distance although the
/// line fits, and finds none (`Solved::unstable_distances`; figures in
/// docs/endgame-tables.md). In the dual materials (kings on both sides and a man) rule 4
/// can bind on the fastest line, so there only fresh counts are exact.
pub fn exact_distance(pos: &Position, counts: &DrawCounters, plies: u32) -> bool {
    counts == &DrawCounters::new(pos)
        || pos.has_capture()
        || (!Model::of(&Material::of(pos)).dual
            && counts.plies_to_draw(pos).is_none_or(|left| plies < left))
}

/// The installed tables' verdict on `game`'s position, or `None` when they
/// do not decide it (too many pieces, a file not loaded, counts outside
/// the tables' model, and not every move judged). A game already over is
/// not judged. When the counts are outside the model at this position
/// (a running main-road count) but every move is judged, the verdict is
/// the best of the moves' results.
pub fn verdict(game: &Game) -> Option<Verdict> {
    let pos = game.position();
    if pos.piece_count() > super::index::MAX_PIECES
        || !matches!(game.status(), Status::Ongoing { .. })
    {
        return None;
    }
    let counts = game.counters();
    let g = INSTALLED.read().ok()?;
    let tables = g.as_ref()?;
    let Some(kind) = tables.probe(pos, &counts) else {
        let moves = table_moves_in(tables, game)?;
        if moves.len() != pos.legal_moves().len() {
            return None;
        }
        let best = moves.first()?;
        return Some(Verdict {
            kind: best.kind,
            moves: best.moves(),
        });
    };
    let fresh: Option<Probe> = tables.probe_fresh(pos).ok();
    let moves = match fresh {
        Some(p) if p.kind == kind && p.plies.is_some_and(|d| exact_distance(pos, &counts, d)) => {
            p.moves()
        }
        _ => None,
    };
    Some(Verdict { kind, moves })
}
