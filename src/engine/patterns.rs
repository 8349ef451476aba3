//! Pattern evaluation (after Scan): the men of nine overlapping regions of
//! the board, each region four ranks by four files (eight dark squares), are
//! read as one number, `index = Σ 3^i * state(square i)` with state 0 empty
//! (or a king: kings are scored by the other terms), 1 own man, 2 enemy
//! man, and each region has a table of 3^8 = 6561 values fitted to game
//! results (`shashki tune patterns`, see the README).
//!
//! Regions start on ranks 1, 3, 5 and on files a, c, e (seen from White),
//! so they overlap by two ranks and two files. The set is its own 180-degree
//! turn, so one table serves both sides: White's value is read on the board
//! as it is, Black's on the board turned (`u32::reverse_bits`) with the
//! colours swapped, and the score is White's minus Black's (exactly
//! symmetric).
//!
//! The shipped values are in `patterns.bin`: `REGIONS * SIZE` signed bytes,
//! region after region, in hundredths of a man.

/// Regions on the board.
pub const REGIONS: usize = 9;
/// Values per region: 3^8.
pub const SIZE: usize = 6561;

/// The fitted values (all zero before any fit).
static TABLE: &[u8; REGIONS * SIZE] = include_bytes!("patterns.bin");

/// `TERNARY[b]`: the base-3 number whose digit `i` is bit `i` of `b`.
const TERNARY: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let mut v = 0u16;
        let mut p = 1u16;
        let mut i = 0;
        while i < 8 {
            if b & (1 << i) != 0 {
                v += p;
            }
            p *= 3;
            i += 1;
        }
        t[b] = v;
        b += 1;
    }
    t
};

/// The shift of region `r`'s lowest square: four squares a rank, regions
/// starting on ranks 0, 2, 4 and at square 0, 1, 2 of the rank.
const SHIFTS: [u32; REGIONS] = [0, 1, 2, 8, 9, 10, 16, 17, 18];

/// The eight squares of the region at `shift` of the board `b`, as a byte
/// (two squares a rank, four ranks).
#[inline]
fn extract(b: u32, shift: u32) -> usize {
    let x = (b >> shift) & 0x3333;
    let x = (x | (x >> 2)) & 0x0F0F;
    ((x | (x >> 4)) & 0xFF) as usize
}

/// The index of every region for the men `own` (moving up the board) and
/// `enemy`, as offsets into the flat table.
#[inline]
pub fn indices(own: u32, enemy: u32) -> [usize; REGIONS] {
    let mut out = [0usize; REGIONS];
    for (r, &shift) in SHIFTS.iter().enumerate() {
        let o = TERNARY[extract(own, shift)] as usize;
        let e = TERNARY[extract(enemy, shift)] as usize;
        out[r] = r * SIZE + o + 2 * e;
    }
    out
}

/// The pattern score from White's side, in hundredths of a man, for the
/// white and black men of a board.
#[inline]
pub fn white_score(white_men: u32, black_men: u32) -> i32 {
    let mut s = 0i32;
    for i in indices(white_men, black_men) {
        s += TABLE[i] as i8 as i32;
    }
    for i in indices(black_men.reverse_bits(), white_men.reverse_bits()) {
        s -= TABLE[i] as i8 as i32;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_cover_the_board_and_turn_into_each_other() {
        let mut covered = 0u32;
        for &s in &SHIFTS {
            let region = 0x3333u32 << s;
            assert_eq!(region.count_ones(), 8);
            // Eight squares: two neighbouring ones on each of four ranks.
            assert_eq!(extract(region, s), 0xFF);
            covered |= region;
            // The region turned 180 degrees is another region.
            let turned = region.reverse_bits();
            assert!(SHIFTS.iter().any(|&t| 0x3333u32 << t == turned));
        }
        assert_eq!(covered, u32::MAX);
    }

    #[test]
    fn index_is_unique_per_content() {
        // Every (own, enemy) split of a region's squares has its own index.
        let mut seen = vec![false; SIZE];
        for (own, &t_own) in TERNARY.iter().enumerate() {
            for (enemy, &t_enemy) in TERNARY.iter().enumerate() {
                if own & enemy == 0 {
                    let i = t_own as usize + 2 * t_enemy as usize;
                    assert!(!seen[i]);
                    seen[i] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
