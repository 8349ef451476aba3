//! The engine's score scale, in one place: hundredths of a man for the
//! side to move, a forced end of the game near ±[`MATE`], and the band
//! the endgame tables' results sit in ([`TB_WIN`]). The search, the
//! tables ([`super::egtb::play::score`]), the analysis and the baseline
//! all read their bounds from here, so none of them has to import another
//! to know what a score means.
//!
//! ```
//! use shashki::engine::score::{MATE, MATE_BOUND, TB_WIN};
//! // A win found by the search in 7 plies:
//! let s = MATE - 7;
//! assert!(s >= MATE_BOUND);
//! // A table win is above any evaluation but is not a distance to mate.
//! assert!(TB_WIN < MATE_BOUND && TB_WIN > 10_000);
//! ```

/// Score of a won position (the side to move wins); a win in `n` plies is
/// `MATE - n`.
pub const MATE: i32 = 30_000;

/// Scores beyond this are wins or losses found by the search.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// The score of a won position by the tables (below [`MATE_BOUND`]: not a
/// distance to mate, but above any evaluation); a table win at ply `p` of
/// the search scores `TB_WIN - p`.
pub const TB_WIN: i32 = MATE_BOUND - 200;
