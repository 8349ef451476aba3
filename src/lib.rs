//! # shashki — Russian draughts
//!
//! A rules engine, a game record with every automatic draw, and a bot, for
//! Russian draughts (shashki): 8x8, men capture backwards, flying kings,
//! free choice of capture, a man crowned in the middle of a capture goes on
//! as a king.
//!
//! Layers (dependencies point down only: a module uses the ones above
//! its own layer and beside it, never one below):
//! 1. rules core, pure Rust: [`square`], [`bitboard`], [`moves`],
//!    [`position`], [`movegen`], [`fen`], [`notation`], [`perft`], and
//!    [`error_detail`] (what is wrong with an input, as data); `sort` (a
//!    small stable sort, private) serves every layer;
//! 2. [`game`]: history, status, the automatic draws, PDN, the rule facts;
//! 3. [`engine`]: the score scale ([`engine::score`]), search, evaluation,
//!    the endgame tables' probe, the opening book, multi-PV analysis;
//! 4. [`views`]: the JSON shapes the outside world reads (moves, status,
//!    search results, the analysis board's shapes in [`views::analysis`]),
//!    printed alike by the bindings and the command line;
//! 5. `web`: the thin `#[wasm_bindgen]` layer (WebAssembly only; the
//!    `fuzzing` feature makes its plain-Rust half public natively).
//!
//! The offline tools sit behind the `tools` cargo feature (on by default,
//! and required by the `cli` feature of the `shashki` binary): the endgame
//! table builder (`engine::egtb::build`), the puzzle miner
//! (`engine::puzzle`) and the depth-4 baseline player of `match`
//! (`engine::baseline`). The WebAssembly build (`--no-default-features`)
//! and the library's public API without that feature hold only what runs
//! in the browser. The documentation of the whole project starts at
//! `docs/README.md`.
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
