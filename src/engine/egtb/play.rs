//! How the engine uses the tables: the root move (the best move by the
//! tables, when they answer exactly) and the score of a node inside the
//! search. Both ask [`super::probe`], never the files.

use super::{probe, probe_installed_fresh, Kind};
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

/// The tables' move at the root, when they decide the game: a win is
/// kept (the move to a position lost for the opponent under the counts the
/// move leaves, fastest first), a draw is held, a loss is made to last.
/// `None` (let the search play) when the material is not in the tables,
/// the counts do not fit their model, or no move reaches the root's value
/// by the tables. A move that would repeat a position for the third time
/// is never chosen.
pub fn root_move(game: &Game) -> Option<SearchResult> {
    let pos = game.position();
    if pos.piece_count() > 4 || !super::installed() {
        return None;
    }
    let counts = game.counters();
    let kind = probe(pos, &counts)?;
    let seen: Vec<_> = game.position_history().copied().collect();
    let mut best: Option<(Move, i64)> = None;
    for mv in pos.legal_moves().iter() {
        let next = pos.play_unchecked(mv);
        if seen.iter().filter(|p| **p == next).count() >= 2 {
            continue;
        }
        let Some(k) = probe(&next, &counts.after(pos, mv, &next)) else {
            continue;
        };
        // Where the file holds no distance (four pieces as shipped), count
        // it as long: a known quick win is taken, a known quick loss avoided.
        let plies = probe_installed_fresh(&next)
            .and_then(|p| p.plies)
            .map_or(255, i64::from);
        let rank = match k {
            Kind::Loss => 1_000_000 - plies,
            Kind::Draw => 0,
            Kind::Win => -1_000_000 + plies,
        };
        if best.is_none_or(|(_, r)| rank > r) {
            best = Some((*mv, rank));
        }
    }
    let (mv, rank) = best?;
    let reached = match rank {
        r if r > 0 => Kind::Win,
        0 => Kind::Draw,
        _ => Kind::Loss,
    };
    if reached != kind {
        return None;
    }
    Some(SearchResult {
        best: Some(mv),
        score: score(kind, 0),
        depth: 0,
        nodes: 0,
        pv: vec![mv],
        time_ms: 0.0,
    })
}
