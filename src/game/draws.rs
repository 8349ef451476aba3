//! The automatic draws of the Russian rules (RDF items 6.1.8 / 5.4.13) that
//! depend on running counts, as a small `Copy` value a search can carry from
//! ply to ply without allocating.
//!
//! Repetition is not here: it needs the list of earlier positions, which
//! [`Game`](super::Game) keeps. A win is not here either: the side to move
//! with no piece or no legal move has lost, and that is checked *before*
//! these draws, so a win reached on the last counted move beats the draw.
//!
//! # The counts, and how the open details are read
//!
//! "A move" below is one player's move; "N moves each" is 2N plies.
//!
//! * **Rule 2, three or more kings against a lone king**
//!   ([`DrawReason::KingsVsLoneKing`]). The condition: one side has exactly
//!   one piece, a king; the other has at least three kings (men beside them
//!   are allowed). The count is the number of moves the stronger side has
//!   made since the first position where the condition held; the move that
//!   created the balance is not counted. After the stronger side's 15th
//!   counted move, if the lone king is still on the board and the game is
//!   not won, the game is drawn. The count keeps running while the
//!   condition holds, even if the stronger side crowns another man or the
//!   lone king captures one of several kings: the condition never lapsed,
//!   so the balance was not "re-established" and a sacrifice cannot buy the
//!   stronger side fresh time. It restarts from zero only when the
//!   condition holds again after having lapsed (the stronger side fell
//!   below three kings and then crowned again).
//! * **Rule 3, a lone king on the main road** ([`DrawReason::MainRoad`]).
//!   The condition: one side has exactly one piece, a king on the a1-h8
//!   diagonal; the other has exactly three pieces (any mix of kings and
//!   men, as our rules text says "three pieces"), none of them on that
//!   diagonal. The count is the stronger side's moves since the condition
//!   arose; after its 5th counted move without a win the game is drawn.
//!   Whenever the condition stops holding (the lone king leaves the
//!   diagonal, or a piece of the stronger side steps onto it) this count is
//!   dropped, and it restarts from zero whenever the condition arises
//!   again. Rule 2's own count is independent and keeps running.
//! * **Rule 4, kings on both sides with no change in the balance**
//!   ([`DrawReason::KingsBalance`]). The count is the number of plies since
//!   the last capture or crowning (or since the start of the record) during
//!   which both sides had kings. A capture or a crowning restarts it; a man
//!   move that does not crown does not. The limit is read from the number of
//!   pieces now on the board: 5 moves each with 2-3 pieces, 30 with 4-5, 60
//!   with 6-7, no limit with 8 or more. Only a capture changes the number of
//!   pieces, and a capture restarts the count, so the band never changes
//!   under a running count.
//! * **Rule 5, only kings moving** ([`DrawReason::KingsOnly`]). The count is
//!   the number of consecutive plies that were quiet king moves. A man move
//!   (crowning included) or any capture restarts it. The limit: 15 moves
//!   each with 4-5 pieces, 25 with 6-7; the rule does not apply with 2-3 or
//!   with 8 or more pieces.
//!
//! Counts 2 and 3 count only the stronger side's moves: the draw falls right
//! after its 15th (5th) move, with the weaker side to move. Counts 4 and 5
//! count both sides' moves: the draw falls on the ply that completes the
//! 2N-th ply.
//!
//! A game set up from a diagram (FEN) starts every count at zero at that
//! position: the record knows nothing of what came before.

use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::position::Position;
use crate::square::Color;
use serde::Serialize;
use std::fmt;

/// Rule 2: the stronger side must take the lone king by this move of its own.
pub const LONE_KING_MOVES: u32 = 15;
/// Rule 3: the stronger side must take the lone king on the main road by
/// this move of its own.
pub const MAIN_ROAD_MOVES: u32 = 5;

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    /// The same position, same side to move, for the third time.
    Repetition,
    /// Rule 2: three or more kings did not take a lone king in 15 moves.
    KingsVsLoneKing,
    /// Rule 3: three pieces did not take a lone king on the main road in 5 moves.
    MainRoad,
    /// Rule 4: both sides with kings and no capture or crowning for too long.
    KingsBalance,
    /// Rule 5: only king moves, no man move and no capture, for too long.
    KingsOnly,
    /// The players agreed (an offer was accepted).
    Agreement,
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::Repetition => "the same position occurred for the third time",
            DrawReason::KingsVsLoneKing => {
                "three or more kings did not capture the lone king within 15 moves"
            }
            DrawReason::MainRoad => {
                "three pieces did not capture the lone king on the main road within 5 moves"
            }
            DrawReason::KingsBalance => {
                "both sides had kings and the balance of forces did not change for too long"
            }
            DrawReason::KingsOnly => "only kings moved, with no man move or capture, for too long",
            DrawReason::Agreement => "the players agreed to a draw",
        })
    }
}

/// The side with at least three kings against a lone king (rule 2), if any.
pub fn lone_king_side(pos: &Position) -> Option<Color> {
    [Color::White, Color::Black].into_iter().find(|&strong| {
        let weak = pos.pieces(strong.opposite());
        weak.count() == 1 && (weak & pos.kings()).any() && pos.kings_of(strong).count() >= 3
    })
}

/// The side with three pieces, none on the main road, against a lone king
/// on the main road (rule 3), if any.
pub fn main_road_side(pos: &Position) -> Option<Color> {
    [Color::White, Color::Black].into_iter().find(|&strong| {
        let weak = pos.pieces(strong.opposite());
        let own = pos.pieces(strong);
        weak.count() == 1
            && (weak & pos.kings() & Bitboard::MAIN_ROAD).any()
            && own.count() == 3
            && (own & Bitboard::MAIN_ROAD).is_empty()
    })
}

/// True when both sides have at least one king (rule 4 can run).
pub fn both_have_kings(pos: &Position) -> bool {
    pos.kings_of(Color::White).any() && pos.kings_of(Color::Black).any()
}

/// Rule 4's limit in plies for `pieces` pieces on the board (`None`: no limit).
pub const fn kings_balance_limit(pieces: u32) -> Option<u32> {
    match pieces {
        0..=3 => Some(2 * 5),
        4 | 5 => Some(2 * 30),
        6 | 7 => Some(2 * 60),
        _ => None,
    }
}

/// Rule 5's limit in plies for `pieces` pieces on the board (`None`: the
/// rule does not apply).
pub const fn kings_only_limit(pieces: u32) -> Option<u32> {
    match pieces {
        4 | 5 => Some(2 * 15),
        6 | 7 => Some(2 * 25),
        _ => None,
    }
}

const NO_SIDE: u8 = 0;

#[inline]
const fn side_code(c: Option<Color>) -> u8 {
    match c {
        None => NO_SIDE,
        Some(Color::White) => 1,
        Some(Color::Black) => 2,
    }
}

#[inline]
const fn side_of(code: u8) -> Option<Color> {
    match code {
        1 => Some(Color::White),
        2 => Some(Color::Black),
        _ => None,
    }
}

/// Every running count of the automatic draws, as of one position.
///
/// Eight bytes, `Copy`, no allocation: a search keeps one per ply.
///
/// ```
/// use shashki::Position;
/// use shashki::game::{DrawCounters, DrawReason};
/// // Three white kings against a lone black king, off the main road.
/// let mut pos = Position::from_fen("W:WKa5,Ka7,Kb8:BKh2").unwrap();
/// let mut counts = DrawCounters::new(&pos);
/// let shuffle = ["a5-b6", "h2-g1", "b6-a5", "g1-h2"];
/// for i in 0..29 {
///     let mv = pos.parse_move(shuffle[i % 4]).unwrap();
///     let next = pos.play(&mv).unwrap();
///     counts = counts.after(&pos, &mv, &next);
///     pos = next;
///     // White's 15th move is ply 29: only then is the game drawn.
///     assert_eq!(counts.draw(&pos).is_some(), i == 28);
/// }
/// assert_eq!(counts.draw(&pos), Some(DrawReason::KingsVsLoneKing));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct DrawCounters {
    /// Rule 2: the stronger side (0 none, 1 White, 2 Black) and its moves.
    lone_king_side: u8,
    lone_king_moves: u8,
    /// Rule 3: the stronger side and its moves.
    main_road_side: u8,
    main_road_moves: u8,
    /// Rule 4: plies without capture or crowning while both sides have kings.
    balance_plies: u16,
    /// Rule 5: consecutive quiet king moves (plies).
    kings_only_plies: u16,
}

impl DrawCounters {
    /// The counts as of `pos`, with nothing known of earlier moves: every
    /// count that applies starts at zero here.
    pub fn new(pos: &Position) -> DrawCounters {
        DrawCounters {
            lone_king_side: side_code(lone_king_side(pos)),
            lone_king_moves: 0,
            main_road_side: side_code(main_road_side(pos)),
            main_road_moves: 0,
            balance_plies: 0,
            kings_only_plies: 0,
        }
    }

    /// The counts after `mv` was played from `before`, reaching `after`.
    /// `mv` must be the move that leads from `before` to `after`.
    #[inline]
    pub fn after(&self, before: &Position, mv: &Move, after: &Position) -> DrawCounters {
        let mover = before.turn();
        let step = |side_now: Option<Color>, old_side: u8, old_moves: u8| -> (u8, u8) {
            match side_now {
                None => (NO_SIDE, 0),
                Some(strong) if old_side == side_code(Some(strong)) => (
                    old_side,
                    old_moves.saturating_add(u8::from(mover == strong)),
                ),
                Some(strong) => (side_code(Some(strong)), 0),
            }
        };
        let (lone_king_side, lone_king_moves) = step(
            lone_king_side(after),
            self.lone_king_side,
            self.lone_king_moves,
        );
        let (main_road_side, main_road_moves) = step(
            main_road_side(after),
            self.main_road_side,
            self.main_road_moves,
        );
        let changes_balance = mv.is_capture() || mv.crowns();
        let balance_plies = if changes_balance || !both_have_kings(after) {
            0
        } else {
            self.balance_plies.saturating_add(1)
        };
        let king_moved = before.kings().contains(mv.from());
        let kings_only_plies = if mv.is_capture() || !king_moved {
            0
        } else {
            self.kings_only_plies.saturating_add(1)
        };
        DrawCounters {
            lone_king_side,
            lone_king_moves,
            main_road_side,
            main_road_moves,
            balance_plies,
            kings_only_plies,
        }
    }

    /// The automatic draw (rules 2-5) that has fallen in `pos`, the position
    /// these counts belong to. Does not look at repetition, nor at whether
    /// the side to move has lost: check the win first.
    #[inline]
    pub fn draw(&self, pos: &Position) -> Option<DrawReason> {
        if self.main_road_side != NO_SIDE && u32::from(self.main_road_moves) >= MAIN_ROAD_MOVES {
            return Some(DrawReason::MainRoad);
        }
        if self.lone_king_side != NO_SIDE && u32::from(self.lone_king_moves) >= LONE_KING_MOVES {
            return Some(DrawReason::KingsVsLoneKing);
        }
        let n = pos.piece_count();
        if let Some(limit) = kings_balance_limit(n) {
            if u32::from(self.balance_plies) >= limit && both_have_kings(pos) {
                return Some(DrawReason::KingsBalance);
            }
        }
        if let Some(limit) = kings_only_limit(n) {
            if u32::from(self.kings_only_plies) >= limit {
                return Some(DrawReason::KingsOnly);
            }
        }
        None
    }

    /// Rule 2's stronger side and the moves it has made, while the rule runs.
    pub fn lone_king(&self) -> Option<(Color, u32)> {
        side_of(self.lone_king_side).map(|c| (c, u32::from(self.lone_king_moves)))
    }

    /// Rule 3's stronger side and the moves it has made, while the rule runs.
    pub fn main_road(&self) -> Option<(Color, u32)> {
        side_of(self.main_road_side).map(|c| (c, u32::from(self.main_road_moves)))
    }

    /// Rule 4's count in plies.
    pub fn balance_plies(&self) -> u32 {
        u32::from(self.balance_plies)
    }

    /// Rule 5's count in plies.
    pub fn kings_only_plies(&self) -> u32 {
        u32::from(self.kings_only_plies)
    }

    /// The fewest plies from `pos` after which one of rules 2-5 draws, if
    /// nothing restarts the counts (`None` when no count runs). Useful to a
    /// search that wants to know how close a draw is.
    pub fn plies_to_draw(&self, pos: &Position) -> Option<u32> {
        let c = self.counts(pos);
        [
            c.main_road,
            c.kings_vs_lone_king,
            c.kings_balance,
            c.kings_only,
        ]
        .iter()
        .flatten()
        .map(|k| k.plies_left)
        .min()
    }

    /// A summary of every count that applies in `pos`, for status displays
    /// and JSON. `by_move` and `repetitions` are left for the game to fill
    /// in (see [`Counts::with_move_numbers`]).
    pub fn counts(&self, pos: &Position) -> Counts {
        let strong_count = |rule, side: Option<Color>, moves: u8, limit: u32| {
            side.map(|strong| {
                let moves = u32::from(moves);
                let left = limit.saturating_sub(moves);
                let plies_left = if left == 0 {
                    0
                } else if pos.turn() == strong {
                    2 * left - 1
                } else {
                    2 * left
                };
                Count {
                    rule,
                    side: Some(strong),
                    moves,
                    limit,
                    moves_left: left,
                    plies: None,
                    plies_limit: None,
                    plies_left,
                    by_move: None,
                }
            })
        };
        let ply_count = |rule, plies: u16, limit: Option<u32>| {
            limit.map(|limit| {
                let plies = u32::from(plies);
                let plies_left = limit.saturating_sub(plies);
                Count {
                    rule,
                    side: None,
                    moves: plies / 2,
                    limit: limit / 2,
                    moves_left: plies_left.div_ceil(2),
                    plies: Some(plies),
                    plies_limit: Some(limit),
                    plies_left,
                    by_move: None,
                }
            })
        };
        let n = pos.piece_count();
        let kings = both_have_kings(pos);
        Counts {
            repetitions: 1,
            kings_vs_lone_king: strong_count(
                DrawReason::KingsVsLoneKing,
                side_of(self.lone_king_side),
                self.lone_king_moves,
                LONE_KING_MOVES,
            ),
            main_road: strong_count(
                DrawReason::MainRoad,
                side_of(self.main_road_side),
                self.main_road_moves,
                MAIN_ROAD_MOVES,
            ),
            kings_balance: ply_count(
                DrawReason::KingsBalance,
                self.balance_plies,
                kings_balance_limit(n).filter(|_| kings),
            ),
            kings_only: ply_count(
                DrawReason::KingsOnly,
                self.kings_only_plies,
                kings_only_limit(n).filter(|_| kings),
            ),
        }
    }
}

pub(crate) fn ser_color<S: serde::Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(c.name())
}

pub(crate) fn ser_opt_color<S: serde::Serializer>(
    c: &Option<Color>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match c {
        Some(c) => s.serialize_str(c.name()),
        None => s.serialize_none(),
    }
}

/// One running count, ready to show: "Black must win by move 42".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Count {
    /// The draw this count leads to.
    pub rule: DrawReason,
    /// The stronger side, which must win in time (rules 2 and 3; `None`
    /// for rules 4 and 5, which count both sides).
    #[serde(serialize_with = "ser_opt_color")]
    pub side: Option<Color>,
    /// Moves made so far: the stronger side's (rules 2, 3) or each side's
    /// completed moves (rules 4, 5: plies / 2).
    pub moves: u32,
    /// The limit in moves (of the stronger side, or each).
    pub limit: u32,
    /// Moves left before the draw (rules 4, 5: counted per side, rounded up).
    pub moves_left: u32,
    /// Rules 4 and 5: plies counted so far.
    pub plies: Option<u32>,
    /// Rules 4 and 5: the limit in plies (2 x limit).
    pub plies_limit: Option<u32>,
    /// Plies still to be played before the draw falls (0: it has fallen).
    pub plies_left: u32,
    /// The number of the move on which the count runs out: the last move
    /// on which the game can still be won. Filled in by the game.
    pub by_move: Option<u32>,
}

/// Every count that applies in a position; `None` for those that do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Counts {
    /// How many times the current position (same side to move) has stood on
    /// the board, this time included; the third is a draw.
    pub repetitions: u32,
    /// Rule 2.
    pub kings_vs_lone_king: Option<Count>,
    /// Rule 3.
    pub main_road: Option<Count>,
    /// Rule 4.
    pub kings_balance: Option<Count>,
    /// Rule 5.
    pub kings_only: Option<Count>,
}

impl Counts {
    /// Fills in `by_move` of every count: `next_move` is the number of the
    /// move about to be played, `turn` the side to play it.
    pub fn with_move_numbers(mut self, next_move: u32, turn: Color) -> Counts {
        for c in [
            &mut self.kings_vs_lone_king,
            &mut self.main_road,
            &mut self.kings_balance,
            &mut self.kings_only,
        ]
        .into_iter()
        .flatten()
        {
            c.by_move = (c.plies_left > 0).then(|| {
                let k = c.plies_left - 1; // plies ahead of the last counted one
                match turn {
                    Color::White => next_move + k / 2,
                    Color::Black => next_move + k.div_ceil(2),
                }
            });
        }
        self
    }

    /// Every running count, rules 2 to 5 in order.
    pub fn iter(&self) -> impl Iterator<Item = &Count> {
        [
            &self.kings_vs_lone_king,
            &self.main_road,
            &self.kings_balance,
            &self.kings_only,
        ]
        .into_iter()
        .flatten()
    }
}
