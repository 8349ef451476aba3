//! The game layer: a whole game with history, undo/redo, status and every
//! automatic draw, the record's notation, PDN. Pure Rust, built on the
//! rules core.
//!
//! * [`Game`] holds the start position, the moves and a cursor;
//!   [`Game::status`] says whether the game goes on, who won and why, or why
//!   it is drawn, with every running draw count ([`Counts`]).
//! * [`draws`] has the counted draws (rules 2-5) as a small `Copy` value,
//!   [`DrawCounters`], that a search carries per ply; its module docs say
//!   exactly how each rule is read.
//! * [`pdn`] reads and writes games.
//! * [`openings`] names the opening on the board by its position.

pub mod draws;
pub mod facts;
#[allow(clippy::module_inception)]
mod game;
pub mod openings;
pub mod pdn;
pub mod status;

pub use draws::{Count, Counts, DrawCounters, DrawReason};
pub use game::{Game, GameError, GameEvent, PlayedMove};
pub use pdn::{parse_games, PdnError};
pub use status::{Status, WinReason};
