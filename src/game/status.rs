//! The state of a game: going on, won (by whom and why) or drawn (why),
//! with the running draw counts.

use super::draws::{ser_color, Counts, DrawReason};
use crate::square::Color;
use serde::Serialize;
use std::fmt;

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    /// The loser, to move, has no pieces left.
    NoPieces,
    /// The loser, to move, has pieces but no legal move.
    NoMoves,
    /// The loser resigned.
    Resignation,
}

impl WinReason {
    /// The machine word: `no_pieces`, `no_moves`, `resignation`.
    pub const fn word(self) -> &'static str {
        match self {
            WinReason::NoPieces => "no_pieces",
            WinReason::NoMoves => "no_moves",
            WinReason::Resignation => "resignation",
        }
    }
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WinReason::NoPieces => "the loser has no pieces left",
            WinReason::NoMoves => "the loser has no legal move",
            WinReason::Resignation => "the loser resigned",
        })
    }
}

/// Where a game stands.
///
/// Serialised (serde) with a `state` tag: `{"state":"ongoing","to_move":"white","counts":{..}}`,
/// `{"state":"win","winner":"black","reason":"no_moves","counts":{..}}`,
/// `{"state":"draw","reason":"main_road","counts":{..}}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Status {
    /// The game goes on; `to_move` is to play.
    Ongoing {
        #[serde(serialize_with = "ser_color")]
        to_move: Color,
        counts: Counts,
    },
    /// The game is over and `winner` has won.
    Win {
        #[serde(serialize_with = "ser_color")]
        winner: Color,
        reason: WinReason,
        counts: Counts,
    },
    /// The game is drawn.
    Draw { reason: DrawReason, counts: Counts },
}

impl Status {
    /// True once the game is won or drawn.
    pub fn is_over(&self) -> bool {
        !matches!(self, Status::Ongoing { .. })
    }

    /// The winner, if the game is won.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Status::Win { winner, .. } => Some(*winner),
            _ => None,
        }
    }

    /// The side to move while the game goes on.
    pub fn to_move(&self) -> Option<Color> {
        match self {
            Status::Ongoing { to_move, .. } => Some(*to_move),
            _ => None,
        }
    }

    /// The reason word of a finished game (`None` while it goes on):
    /// `no_moves`, `no_pieces`, `resignation`, `repetition`,
    /// `kings_vs_lone_king`, `main_road`, `kings_balance`, `kings_only`,
    /// `agreement`.
    pub fn reason_word(&self) -> Option<&'static str> {
        match self {
            Status::Ongoing { .. } => None,
            Status::Win { reason, .. } => Some(reason.word()),
            Status::Draw { reason, .. } => Some(reason.word()),
        }
    }

    /// `ongoing`, `white` (White won), `black` (Black won) or `draw`.
    pub fn word(&self) -> &'static str {
        match self {
            Status::Ongoing { .. } => "ongoing",
            Status::Win { winner, .. } => winner.name(),
            Status::Draw { .. } => "draw",
        }
    }

    /// The running counts.
    pub fn counts(&self) -> &Counts {
        match self {
            Status::Ongoing { counts, .. }
            | Status::Win { counts, .. }
            | Status::Draw { counts, .. } => counts,
        }
    }

    /// The PDN result in the Russian form: `2-0`, `0-2`, `1-1`, or `*`.
    pub fn result_text(&self) -> &'static str {
        match self {
            Status::Ongoing { .. } => "*",
            Status::Win {
                winner: Color::White,
                ..
            } => "2-0",
            Status::Win {
                winner: Color::Black,
                ..
            } => "0-2",
            Status::Draw { .. } => "1-1",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing { to_move, .. } => write!(f, "{to_move} to move"),
            Status::Win { winner, reason, .. } => write!(f, "{winner} wins: {reason}"),
            Status::Draw { reason, .. } => write!(f, "draw: {reason}"),
        }
    }
}
