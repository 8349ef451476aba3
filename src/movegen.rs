//! Move generation: quiet moves of men and flying kings, and the capture
//! search (compulsory capture with free choice, mid-capture crowning, the
//! king's landing rule, Turkish strike).
//!
//! A [`Move`] is identified by `(from, to, captured)`: two capture paths that
//! take the same pieces between the same ends are one move. Each move also
//! carries one path of landing squares, for display and animation.

// Direction indices 0..4 index several tables at once (rays, neighbours,
// reverse directions), which reads better as a plain range.
#![allow(clippy::needless_range_loop)]

use crate::bitboard::{Bitboard, Direction, JUMP, NEIGHBOUR, NONE, RAY};
pub use crate::moves::{Move, MoveList, MAX_PATH};
use crate::position::Position;
use crate::square::{Color, Square};

use crate::bitboard::{
    north_east as ne, north_west as nw, south_east as se, south_west as sw, EVEN_NOT_A, ODD_NOT_H,
};

/// Quiet destinations of men: (`shift`, source mask) pairs, north for White.
#[inline]
fn man_steps(color: Color, men: u32, empty: u32) -> [(u32, i32); 3] {
    match color {
        Color::White => [
            ((men << 4) & empty, 4),
            (((men & EVEN_NOT_A) << 3) & empty, 3),
            (((men & ODD_NOT_H) << 5) & empty, 5),
        ],
        Color::Black => [
            ((men >> 4) & empty, -4),
            (((men & EVEN_NOT_A) >> 5) & empty, -5),
            (((men & ODD_NOT_H) >> 3) & empty, -3),
        ],
    }
}

// The square and direction indices below come from bit scans and from the
// tables themselves, so they are always in range; masking them says so to
// the compiler, which then drops the bounds checks from the hot loops (the
// WebAssembly build gained most: scripts/bench-wasm.mjs).

/// The neighbour of `sq` in direction `d` (or `NONE`).
#[inline(always)]
fn nb(sq: usize, d: usize) -> u8 {
    NEIGHBOUR[sq & 31][d & 3]
}

/// The short jump from `sq` in direction `d`: bits of the square jumped
/// and of the landing square (both 0 where the board ends).
#[inline(always)]
fn jump(sq: usize, d: usize) -> (u32, u32) {
    JUMP[sq & 31][d & 3]
}

/// The squares beyond `sq` in direction `d`.
#[inline(always)]
fn ray_bits(sq: usize, d: usize) -> u32 {
    RAY[sq & 31][d & 3]
}

#[inline]
fn king_quiet_targets(sq: usize, occ: u32) -> u32 {
    let mut t = 0;
    for d in 0..4 {
        let ray = ray_bits(sq, d);
        let blockers = ray & occ;
        t |= if blockers == 0 {
            ray
        } else {
            let b = if d < 2 {
                blockers.trailing_zeros()
            } else {
                31 - blockers.leading_zeros()
            } as usize;
            ray & !(ray_bits(b, d) | (1 << b))
        };
    }
    t
}

#[inline]
fn first_blocker(sq: usize, d: usize, occ: u32) -> Option<usize> {
    let hits = ray_bits(sq, d) & occ;
    if hits == 0 {
        None
    } else if d < 2 {
        Some(hits.trailing_zeros() as usize)
    } else {
        Some(31 - hits.leading_zeros() as usize)
    }
}

/// The opposite direction: `d ^ 3` (north-east 0 <-> south-west 3,
/// north-west 1 <-> south-east 2; checked at the end of the file). A table
/// lookup here cost a bounds check on every call of the capture search.
#[inline(always)]
const fn reverse(d: usize) -> usize {
    d ^ 3
}

/// Depth-first search of every capture sequence of one piece.
struct CaptureSearch<'a> {
    out: &'a mut MoveList,
    /// Index in `out` where this piece's moves start (for de-duplication).
    start: usize,
    color: Color,
    from: u8,
    /// Empty squares; the moving piece's start square counts as empty.
    empty: u32,
    /// Enemy pieces (captured ones included: they stay until the move ends).
    enemy: u32,
    path: [u8; MAX_PATH],
    len: usize,
}

impl CaptureSearch<'_> {
    fn emit(&mut self, to: usize, captured: u32, crowns: bool) {
        // `skip`, not a slice from `start`: no bounds check on the way.
        let dup = self
            .out
            .iter()
            .skip(self.start)
            .any(|m| m.to as usize == to && m.captured.0 == captured);
        if dup {
            return;
        }
        self.out.push(Move {
            from: self.from,
            to: to as u8,
            crowns,
            path_len: self.len as u8,
            captured: Bitboard(captured),
            path: self.path,
        });
    }

    #[inline]
    fn push(&mut self, sq: usize) {
        self.path[self.len] = sq as u8;
        self.len += 1;
    }

    #[inline]
    fn crowning(&self, sq: usize) -> bool {
        match self.color {
            Color::White => sq >= 28,
            Color::Black => sq < 4,
        }
    }

    /// A man on `sq` that has already taken `captured`.
    fn man(&mut self, sq: usize, captured: u32) {
        let live = self.enemy & !captured;
        for d in 0..4 {
            let (over, land) = jump(sq, d);
            if live & over == 0 || self.empty & land == 0 {
                continue;
            }
            let (n2, c2) = (land.trailing_zeros() as usize, captured | over);
            self.push(n2);
            if self.crowning(n2) {
                // Crowned at once: carries on as a king if it can.
                if self.king_can_capture(n2, c2, d) {
                    self.king(n2, c2, Some(d), true);
                } else {
                    self.emit(n2, c2, true);
                }
            } else if self.man_can_capture(n2, c2) {
                self.man(n2, c2);
            } else {
                self.emit(n2, c2, false);
            }
            self.len -= 1;
        }
    }

    fn man_can_capture(&self, sq: usize, captured: u32) -> bool {
        let live = self.enemy & !captured;
        (0..4).any(|d| {
            let (over, land) = jump(sq, d);
            live & over != 0 && self.empty & land != 0
        })
    }

    /// Can a king on `sq` capture again, having arrived moving in `came`?
    /// (Straight back is always blocked by the piece just jumped.)
    fn king_can_capture(&self, sq: usize, captured: u32, came: usize) -> bool {
        let live = self.enemy & !captured;
        let occ = !self.empty;
        (0..4).any(|d| {
            d != reverse(came)
                && match first_blocker(sq, d, occ) {
                    Some(b) => {
                        live & (1 << b) != 0 && {
                            let n = nb(b, d);
                            n != NONE && self.empty & (1 << n) != 0
                        }
                    }
                    None => false,
                }
        })
    }

    /// A king on `sq` that has already taken `captured`; every capture from
    /// here is explored (this is only called when at least one exists, or at
    /// the root).
    fn king(&mut self, sq: usize, captured: u32, came: Option<usize>, crowns: bool) {
        let live = self.enemy & !captured;
        let occ = !self.empty;
        for d in 0..4 {
            if came == Some(reverse(d)) {
                continue;
            }
            let Some(b) = first_blocker(sq, d, occ) else {
                continue;
            };
            if live & (1 << b) == 0 {
                continue;
            }
            // Landing squares: the empty run just beyond the jumped piece.
            let beyond = ray_bits(b, d);
            let landings = match first_blocker(b, d, occ) {
                None => beyond,
                Some(b2) => beyond & !(ray_bits(b2, d) | (1 << b2)),
            };
            if landings == 0 {
                continue;
            }
            let c2 = captured | (1 << b);
            let mut going_on = 0u32;
            let mut l = landings;
            while l != 0 {
                let s = l.trailing_zeros() as usize;
                l &= l - 1;
                if self.king_can_capture(s, c2, d) {
                    going_on |= 1 << s;
                }
            }
            // Where some landings let the capture go on, only those may be chosen.
            let (mut set, terminal) = if going_on != 0 {
                (going_on, false)
            } else {
                (landings, true)
            };
            // Walk the landings nearest first, so paths read naturally.
            let nearest_first = d >= 2;
            while set != 0 {
                let s = if nearest_first {
                    31 - set.leading_zeros() as usize
                } else {
                    set.trailing_zeros() as usize
                };
                set &= !(1 << s);
                self.push(s);
                if terminal {
                    self.emit(s, c2, crowns);
                } else {
                    self.king(s, c2, Some(d), crowns);
                }
                self.len -= 1;
            }
        }
    }
}

/// Can a king of the side to move, standing on `at` after leaving `from`
/// and taking `taken` (still on the board until the move ends), capture
/// again? The generator's own test, for the notation reader's
/// explanations of an illegal move.
pub(crate) fn king_can_capture_again(
    pos: &Position,
    from: Square,
    at: Square,
    taken: Bitboard,
) -> bool {
    let us = pos.turn();
    let own = pos.pieces(us).0;
    let enemy = pos.pieces(us.opposite()).0;
    let mut out = MoveList::new();
    let cs = CaptureSearch {
        start: 0,
        out: &mut out,
        color: us,
        from: from.index() as u8,
        empty: !(own | enemy) | (1 << from.index()),
        enemy,
        path: [0; MAX_PATH],
        len: 0,
    };
    // Each arrival direction rules out only the way back; together they
    // try all four.
    (0..4).any(|came| cs.king_can_capture(at.index(), taken.0, came))
}

impl Position {
    /// Fills `out` with every legal move: the captures if any exist,
    /// otherwise the quiet moves.
    pub fn generate_moves(&self, out: &mut MoveList) {
        out.clear();
        self.generate_captures(out);
        if out.is_empty() {
            self.generate_quiet(out);
        }
    }

    /// Fills `out` with every capture (empty when there is none).
    pub fn generate_captures(&self, out: &mut MoveList) {
        out.clear();
        if self.has_capture() {
            self.push_captures(out);
        }
    }

    /// Appends every capture to `out` (cheaper after `has_capture` said
    /// there is one: without it, every king searches).
    fn push_captures(&self, out: &mut MoveList) {
        let us = self.turn;
        let own = self.pieces(us).0;
        let enemy = self.pieces(us.opposite()).0;
        let mut pieces = self.capturing_men() | self.kings_of(us).0;
        while pieces != 0 {
            let sq = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let mut cs = CaptureSearch {
                start: out.len(),
                out,
                color: us,
                from: sq as u8,
                empty: !(own | enemy) | (1 << sq),
                enemy,
                path: [0; MAX_PATH],
                len: 1,
            };
            cs.path[0] = sq as u8;
            if self.kings.0 & (1 << sq) != 0 {
                cs.king(sq, 0, None, false);
            } else {
                cs.man(sq, 0);
            }
        }
    }

    /// Fills `out` with the quiet moves, ignoring whether a capture exists.
    pub fn generate_quiet(&self, out: &mut MoveList) {
        let us = self.turn;
        let empty = self.empty().0;
        let men = self.men_of(us).0;
        let crown_rank = match us {
            Color::White => crate::bitboard::RANK_8.0,
            Color::Black => crate::bitboard::RANK_1.0,
        };
        for (mut targets, shift) in man_steps(us, men, empty) {
            while targets != 0 {
                let to = targets.trailing_zeros() as i32;
                targets &= targets - 1;
                let from = (to - shift) as u8;
                out.push(Move::quiet(
                    Square::from_index_unchecked(from),
                    Square::from_index_unchecked(to as u8),
                    crown_rank & (1 << to) != 0,
                ));
            }
        }
        let occ = self.occupied().0;
        let mut kings = self.kings_of(us).0;
        while kings != 0 {
            let sq = kings.trailing_zeros() as usize;
            kings &= kings - 1;
            let mut t = king_quiet_targets(sq, occ);
            while t != 0 {
                let to = t.trailing_zeros() as u8;
                t &= t - 1;
                out.push(Move::quiet(
                    Square::from_index_unchecked(sq as u8),
                    Square::from_index_unchecked(to),
                    false,
                ));
            }
        }
    }

    /// Men of the side to move that can capture right now.
    #[inline]
    fn capturing_men(&self) -> u32 {
        let us = self.turn;
        let men = self.men_of(us).0;
        if men == 0 {
            return 0;
        }
        let enemy = self.pieces(us.opposite()).0;
        let empty = self.empty().0;
        // For each direction: an empty square two steps away with an enemy between.
        (sw(sw(empty) & enemy)
            | se(se(empty) & enemy)
            | nw(nw(empty) & enemy)
            | ne(ne(empty) & enemy))
            & men
    }

    /// True when the side to move has a capture (and so must capture).
    /// Inlined (it runs once per position of a search or perft); the kings'
    /// test stays out of line, as most positions have no king.
    #[inline]
    pub fn has_capture(&self) -> bool {
        self.capturing_men() != 0 || (self.kings_of(self.turn).any() && self.king_has_capture())
    }

    /// True when a king of the side to move has a capture.
    fn king_has_capture(&self) -> bool {
        let us = self.turn;
        let enemy = self.pieces(us.opposite()).0;
        let empty = self.empty().0;
        let occ = !empty;
        let mut kings = self.kings_of(us).0;
        while kings != 0 {
            let sq = kings.trailing_zeros() as usize;
            kings &= kings - 1;
            for d in 0..4 {
                if let Some(b) = first_blocker(sq, d, occ) {
                    if enemy & (1 << b) != 0 {
                        let n = nb(b, d);
                        if n != NONE && empty & (1 << n) != 0 {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// Number of quiet moves (ignoring whether a capture exists), without
    /// building them.
    #[inline]
    pub fn count_quiet(&self) -> u32 {
        let us = self.turn;
        let n: u32 = man_steps(us, self.men_of(us).0, self.empty().0)
            .iter()
            .map(|(t, _)| t.count_ones())
            .sum();
        if self.kings_of(us).any() {
            n + self.count_king_quiet()
        } else {
            n
        }
    }

    /// Number of quiet moves of the kings of the side to move.
    fn count_king_quiet(&self) -> u32 {
        let us = self.turn;
        let occ = self.occupied().0;
        let mut n = 0;
        let mut kings = self.kings_of(us).0;
        while kings != 0 {
            let sq = kings.trailing_zeros() as usize;
            kings &= kings - 1;
            n += king_quiet_targets(sq, occ).count_ones();
        }
        n
    }

    /// True when the side to move has at least one legal move.
    pub fn has_any_move(&self) -> bool {
        self.has_capture() || self.count_quiet() > 0
    }

    /// Number of legal moves; `buf` is scratch space for the captures.
    /// Always inlined: perft's leaf loop is its only caller, and the call
    /// per position cost more than the count in the WebAssembly build.
    #[inline(always)]
    pub fn count_moves(&self, buf: &mut MoveList) -> usize {
        if self.has_capture() {
            buf.clear();
            self.push_captures(buf);
            buf.len()
        } else {
            self.count_quiet() as usize
        }
    }

    /// The legal moves starting on `from`.
    pub fn legal_moves_from(&self, from: Square) -> Vec<Move> {
        self.legal_moves()
            .iter()
            .filter(|m| m.from() == from)
            .copied()
            .collect()
    }
}

// Directions 0 and 1 are north (increasing index), 2 and 3 south; the code
// above relies on that order.
const _: () = assert!(
    Direction::NorthEast as usize == 0
        && Direction::NorthWest as usize == 1
        && Direction::SouthWest as usize == 3
        && Direction::NorthEast.reverse() as usize == reverse(0)
        && Direction::NorthWest.reverse() as usize == reverse(1)
        && Direction::SouthEast.reverse() as usize == reverse(2)
        && Direction::SouthWest.reverse() as usize == reverse(3)
);
