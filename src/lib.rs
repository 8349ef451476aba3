//! # shashki — Russian draughts
//!
//! A rules engine, a game record with every automatic draw, and a bot, for
//! Russian draughts (shashki): 8x8, men capture backwards, flying kings,
//! free choice of capture, a man crowned in the middle of a capture goes on
//! as a king.
//!
//! Layers (dependencies point down only):
//! 1. rules core: [`square`], [`bitboard`], [`position`], [`movegen`],
//!    [`fen`], [`notation`], [`perft`] — pure Rust;
//! 2. [`game`]: history, status, draws, PDN;
//! 3. [`engine`]: search and evaluation;
//! 4. `web`: the thin `#[wasm_bindgen]` layer (WebAssembly only).
//!
//! ```
//! use shashki::Position;
//! let start = Position::start();
//! assert_eq!(start.legal_moves().len(), 7);
//! let mv = start.parse_move("c3-d4").unwrap();
//! let next = start.play(&mv).unwrap();
//! assert_eq!(next.fen(), "B:Wa1,a3,b2,c1,d2,d4,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8");
//! assert_eq!(shashki::perft::perft(&start, 4), 1469);
//! ```

pub mod analysis_view;
pub mod bitboard;
pub mod engine;
pub mod error_detail;
pub mod fen;
pub mod game;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod position;
mod sort;
pub mod square;
pub mod views;
#[cfg(any(target_arch = "wasm32", test, feature = "fuzzing"))]
pub mod web;

pub use bitboard::Bitboard;
pub use fen::FenError;
pub use game::{
    Count, Counts, DrawCounters, DrawReason, Game, GameError, GameEvent, PdnError, PlayedMove,
    Status, WinReason,
};
pub use moves::{Move, MoveList};
pub use notation::NotationError;
pub use position::{IllegalMove, Piece, Position, PositionError, Role, Setup};
pub use square::{Color, Square, SquareError};
