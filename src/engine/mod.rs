//! The engine: search, evaluation, transposition table. Pure Rust, built on
//! the rules core and the game layer.
