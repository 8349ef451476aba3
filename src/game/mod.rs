//! The game layer: a whole game with history, status and every automatic
//! draw, notation of the record, PDN. Pure Rust, built on the rules core.
