//! The numbers of the rules that pages print (draw-count limits, the
//! crowning rows), read from the constants and functions the rules use, so
//! that no page keeps a copy of them. The web layer hands this to
//! JavaScript as `ruleFacts()`.

use super::draws::{kings_balance_limit, kings_only_limit, LONE_KING_MOVES, MAIN_ROAD_MOVES};
use crate::square::{Color, Square};
use serde::Serialize;

/// The most pieces a position can hold (twelve a side).
const MAX_PIECES: u32 = 24;
/// The occurrence of a position that draws (the game's status check says
/// `repetitions >= 3`; `tests/rule_facts.rs` plays it to prove they agree).
const REPETITION_DRAW: u32 = 3;

/// A limit that holds for a range of piece counts: `moves` moves of each
/// side with `min_pieces..=max_pieces` pieces on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Band {
    pub min_pieces: u32,
    pub max_pieces: u32,
    pub moves: u32,
}

/// The rule numbers a page shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RuleFacts {
    /// Rule 2: moves of the stronger side to take a lone king.
    pub lone_king_moves: u32,
    /// Rule 3: moves to take a lone king on the main road.
    pub main_road_moves: u32,
    /// Rule 4: kings on both sides, no capture or crowning; by piece count.
    pub kings_balance: Vec<Band>,
    /// Rule 5: only kings moving; by piece count.
    pub kings_only: Vec<Band>,
    /// The fewest pieces for which rules 4 and 5 no longer apply.
    pub no_count_from_pieces: u32,
    /// How many times a position must stand on the board to be a draw.
    pub repetitions: u32,
    /// The rank (1-8) on which White's men are crowned.
    pub white_crowning_rank: u8,
    /// The rank (1-8) on which Black's men are crowned.
    pub black_crowning_rank: u8,
}

/// The limits in plies per piece count, grouped into bands of equal moves.
fn bands(limit: fn(u32) -> Option<u32>) -> Vec<Band> {
    let mut out: Vec<Band> = Vec::new();
    for pieces in 2..=MAX_PIECES {
        let Some(plies) = limit(pieces) else { continue };
        let moves = plies / 2;
        match out.last_mut() {
            Some(b) if b.moves == moves && b.max_pieces + 1 == pieces => b.max_pieces = pieces,
            _ => out.push(Band {
                min_pieces: pieces,
                max_pieces: pieces,
                moves,
            }),
        }
    }
    out
}

fn crowning_rank(color: Color) -> u8 {
    Square::all()
        .find(|s| s.is_crowning_rank(color))
        .map_or(0, |s| s.rank() + 1)
}

/// The rule numbers, from the rules' own constants.
pub fn rule_facts() -> RuleFacts {
    let kings_balance = bands(kings_balance_limit);
    let kings_only = bands(kings_only_limit);
    let no_count_from_pieces = kings_balance
        .iter()
        .chain(&kings_only)
        .map(|b| b.max_pieces + 1)
        .max()
        .unwrap_or(0);
    RuleFacts {
        lone_king_moves: LONE_KING_MOVES,
        main_road_moves: MAIN_ROAD_MOVES,
        kings_balance,
        kings_only,
        no_count_from_pieces,
        repetitions: REPETITION_DRAW,
        white_crowning_rank: crowning_rank(Color::White),
        black_crowning_rank: crowning_rank(Color::Black),
    }
}
