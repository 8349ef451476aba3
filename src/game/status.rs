//! The state of a game: going on, won (by whom and why) or drawn (why),
//! with the running draw counts.

use super::draws::{Counts, DrawReason};
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
    /// The loser's clock ran out (a flag fall). The federation's rules
    /// count it as a loss whatever stands on the board; see
    /// [`Game::lose_on_time`](crate::game::Game::lose_on_time).
    TimeForfeit,
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WinReason::NoPieces => "the loser has no pieces left",
            WinReason::NoMoves => "the loser has no legal move",
            WinReason::Resignation => "the loser resigned",
            WinReason::TimeForfeit => "the loser ran out of time",
        })
    }
}

/// Where a game stands. Its JSON shape (for JavaScript and the CLI) is
/// [`crate::views::StatusView`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The game goes on; `to_move` is to play.
    Ongoing { to_move: Color, counts: Counts },
    /// The game is over and `winner` has won.
    Win {
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
    /// `no_moves`, `no_pieces`, `resignation`, `time_forfeit`, `repetition`,
    /// `kings_vs_lone_king`, `main_road`, `kings_balance`, `kings_only`,
    /// `agreement`.
    /// (The word is serde's name of the reason.)
    pub fn reason_word(&self) -> Option<String> {
        match self {
            Status::Ongoing { .. } => None,
            Status::Win { reason, .. } => Some(word(reason)),
            Status::Draw { reason, .. } => Some(word(reason)),
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

/// The machine word serde gives a unit value (`no_moves`, `kings_balance`,
/// `ongoing`...): the one place words come from (the JSON shapes of
/// [`crate::views`] re-export it).
///
/// ```
/// use shashki::{game::status::word, game::DrawReason};
/// assert_eq!(word(&DrawReason::MainRoad), "main_road");
/// ```
pub fn word<T: Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(serde_json::Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(e) => e.to_string(),
    }
}
