//! The JSON shapes the outside world reads: a move, a principal variation,
//! a search result and a game's status, each defined once (serde, with
//! `camelCase` keys as JavaScript expects) and printed alike by the web
//! bindings and the `shashki` command line. The analysis board's shapes
//! are in [`analysis`].
//!
//! ```
//! use shashki::views::{MoveView, StatusView};
//! use shashki::{Game, Position};
//! let start = Position::start();
//! let legal = start.legal_moves();
//! let v = MoveView::new(&legal[0], &legal);
//! let json = serde_json::to_value(&v).unwrap();
//! assert_eq!(json["from"], v.from.as_str());
//! let status = serde_json::to_value(StatusView::of(&Game::new())).unwrap();
//! assert_eq!(status["state"], "ongoing");
//! assert_eq!(status["toMove"], "white");
//! assert_eq!(status["counts"]["repetitions"], 1);
//! ```

use crate::engine::SearchResult;
use crate::game::{Counts, DrawReason, Game, PlayedMove, Status, WinReason};
use crate::moves::Move;
use crate::notation;
use crate::position::Position;
pub mod analysis;

pub use crate::game::status::word;
use serde::Serialize;

/// A move: `{notation, from, to, path, captures, crowns}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// Russian notation: `c3-d4`, `d4:b2`, or the full path when two
    /// captures share both ends.
    pub notation: String,
    pub from: String,
    pub to: String,
    /// The start square and every landing square.
    pub path: Vec<String>,
    /// The squares of the captured pieces.
    pub captures: Vec<String>,
    /// A man is crowned by this move.
    pub crowns: bool,
}

impl MoveView {
    /// `mv`, one of the legal moves `legal` of its position.
    pub fn new(mv: &Move, legal: &[Move]) -> MoveView {
        MoveView::with_notation(mv, notation::write(mv, legal))
    }

    /// A move of a game's record, with the notation stored when it was played.
    pub fn played(pm: &PlayedMove) -> MoveView {
        MoveView::with_notation(&pm.mv, pm.notation.clone())
    }

    fn with_notation(mv: &Move, notation: String) -> MoveView {
        MoveView {
            notation,
            from: mv.from().to_string(),
            to: mv.to().to_string(),
            path: mv.path().map(|s| s.to_string()).collect(),
            captures: mv.captured().map(|s| s.to_string()).collect(),
            crowns: mv.crowns(),
        }
    }
}

/// A principal variation in notation, played out from `root`; it stops at
/// the first move that is not legal where it stands.
///
/// ```
/// use shashki::{views::pv_notation, Position};
/// let start = Position::start();
/// let pv = [start.parse_move("c3-d4").unwrap()];
/// assert_eq!(pv_notation(&start, &pv), ["c3-d4"]);
/// ```
pub fn pv_notation(root: &Position, pv: &[Move]) -> Vec<String> {
    let mut pos = *root;
    let mut out = Vec::with_capacity(pv.len());
    for mv in pv {
        let here = pos.legal_moves();
        if !here.contains(mv) {
            break;
        }
        out.push(notation::write(mv, &here));
        pos = pos.play_unchecked(mv);
    }
    out
}

/// A search result: `{move, score, depth, nodes, pv, timeMs}`.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchView {
    /// The best move, `null` when there is none (the game is over).
    #[serde(rename = "move")]
    pub mv: Option<MoveView>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    /// The principal variation in notation.
    pub pv: Vec<String>,
    pub time_ms: f64,
}

impl SearchView {
    /// `r` was searched from `root`.
    pub fn new(root: &Position, r: &SearchResult) -> SearchView {
        let legal = root.legal_moves();
        SearchView {
            mv: r.best.as_ref().map(|m| MoveView::new(m, &legal)),
            score: r.score,
            depth: r.depth,
            nodes: r.nodes,
            pv: pv_notation(root, &r.pv),
            time_ms: r.time_ms,
        }
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum State {
    Ongoing,
    Win,
    Draw,
}

/// Why a game ended: a win's reason or a draw's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum EndReason {
    Win(WinReason),
    Draw(DrawReason),
}

/// A game's status: `{state, toMove, winner, reason, counts}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StatusView {
    pub state: State,
    /// The side to move in the position (also once the game is over).
    #[serde(serialize_with = "crate::game::draws::ser_color")]
    pub to_move: crate::Color,
    #[serde(serialize_with = "crate::game::draws::ser_opt_color")]
    pub winner: Option<crate::Color>,
    pub reason: Option<EndReason>,
    /// The running draw counts (only those that apply).
    pub counts: Counts,
}

impl StatusView {
    /// The status of `game` at its cursor.
    pub fn of(game: &Game) -> StatusView {
        StatusView::new(&game.status(), game.position().turn())
    }

    /// `status`, in a position where `to_move` is to play.
    pub fn new(status: &Status, to_move: crate::Color) -> StatusView {
        let (state, reason) = match status {
            Status::Ongoing { .. } => (State::Ongoing, None),
            Status::Win { reason, .. } => (State::Win, Some(EndReason::Win(*reason))),
            Status::Draw { reason, .. } => (State::Draw, Some(EndReason::Draw(*reason))),
        };
        StatusView {
            state,
            to_move,
            winner: status.winner(),
            reason,
            counts: *status.counts(),
        }
    }
}
