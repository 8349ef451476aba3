//! Pattern evaluation (after Scan): the men of nine overlapping regions of
//! the board, each region four ranks by four files (eight dark squares), are
//! read as one number, `index = Σ 3^i * state(square i)` with state 0 empty
//! (or a king: kings are scored by the other terms), 1 own man, 2 enemy
//! man, and each region has a table of 3^8 = 6561 values fitted to game
//! results (`shashki tune patterns`, see docs/engine.md).
//!
//! Regions start on ranks 1, 3, 5 and on files a, c, e (seen from White),
//! so they overlap by two ranks and two files. The set is its own 180-degree
//! turn, so one table serves both sides: White's value is read on the board
//! as it is, Black's on the board turned (`u32::reverse_bits`) with the
//! colours swapped, and the score is White's minus Black's (exactly
//! symmetric).
//!
//! The fit gives a region and its 180-degree turn exactly opposite values
//! (entry `i` of region `r` is minus entry `mirror(i)` of region
//! `REGIONS - 1 - r`: their gradients are exact negatives at every step of
//! the fit, and the rounding is symmetric), so only the first `STORED`
//! regions are shipped and the score is read from them alone (`fold`
//! checks the property when the tuner writes the file, and a test proves
//! the shortcut equal to the sum over all nine regions). The shipped values
//! are in `patterns.bin`: `STORED * SIZE` signed bytes, region after region,
//! in hundredths of a man, compiled in natively and fetched by the
//! browser's Workers ([`super::data`]).

/// Regions on the board.
pub const REGIONS: usize = 9;
/// Values per region: 3^8.
pub const SIZE: usize = 6561;

/// Regions stored: regions 0..=3 and their turns 8..=5, plus the centre
/// region 4, which is its own turn.
pub const STORED: usize = REGIONS / 2 + 1;

/// The fitted values of the stored regions, compiled in natively.
#[cfg(not(target_arch = "wasm32"))]
static TABLE: &[u8; STORED * SIZE] = include_bytes!("patterns.bin");

/// In the browser the table is handed over at run time
/// ([`super::data::set_patterns`]): until then there is none.
#[cfg(target_arch = "wasm32")]
pub(crate) static INSTALLED: super::data::Installed = super::data::Installed::new();

/// The table of the stored regions, when there is one (always natively).
#[inline]
pub(crate) fn table() -> Option<&'static [u8; STORED * SIZE]> {
    #[cfg(not(target_arch = "wasm32"))]
    return Some(TABLE);
    #[cfg(target_arch = "wasm32")]
    return INSTALLED.get();
}

/// `TERNARY[b]`: the base-3 number whose digit `i` is bit `i` of `b`.
pub(crate) const TERNARY: [u16; 256] = {
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
pub(crate) const SHIFTS: [u32; REGIONS] = [0, 1, 2, 8, 9, 10, 16, 17, 18];

/// The eight squares of the region at `shift` of the board `b`, as a byte
/// (two squares a rank, four ranks).
#[inline]
pub(crate) fn extract(b: u32, shift: u32) -> usize {
    let x = (b >> shift) & 0x3333;
    let x = (x | (x >> 2)) & 0x0F0F;
    ((x | (x >> 4)) & 0xFF) as usize
}

/// The index of every region for the men `own` (moving up the board) and
/// `enemy`, as offsets into the flat table.
#[inline]
pub fn indices(own: u32, enemy: u32) -> [usize; REGIONS] {
    std::array::from_fn(|r| index(r, own, enemy))
}

/// The offset into the flat table of region `r`'s entry for the men `own`
/// and `enemy`.
#[inline]
fn index(r: usize, own: u32, enemy: u32) -> usize {
    let o = TERNARY[extract(own, SHIFTS[r])] as usize;
    let e = TERNARY[extract(enemy, SHIFTS[r])] as usize;
    r * SIZE + o + 2 * e
}

/// The value in `table` of region `r` (one of the stored ones) for the men
/// `own` and `enemy`.
#[inline]
fn value(table: &[u8; STORED * SIZE], r: usize, own: u32, enemy: u32) -> i32 {
    table[index(r, own, enemy)] as i8 as i32
}

/// The pattern score from White's side, in hundredths of a man, for the
/// white and black men of a board: Σ over the nine regions of White's
/// entry minus Black's (read on the turned board). By the symmetry of the
/// fit, region `8 - r` adds what region `r` adds, and the centre region
/// seen by Black is minus the centre seen by White, so nine reads of the
/// stored regions give the same number as eighteen of the full table.
/// Zero while there is no table (in the browser, before it is loaded).
#[inline]
pub fn white_score(white_men: u32, black_men: u32) -> i32 {
    let Some(t) = table() else {
        return 0;
    };
    let (white_turned, black_turned) = (white_men.reverse_bits(), black_men.reverse_bits());
    let mut s = value(t, STORED - 1, white_men, black_men);
    for r in 0..STORED - 1 {
        s += value(t, r, white_men, black_men) - value(t, r, black_turned, white_turned);
    }
    2 * s
}

/// The index in a region's table of the same contents seen from the other
/// side of the board turned 180 degrees: square `k` of the region becomes
/// square `7 - k` of the turned region, own men become enemy men.
pub fn mirror(index: usize) -> usize {
    let (mut i, mut out) = (index, 0);
    for _ in 0..8 {
        // Own (1) and enemy (2) swap; empty stays.
        out = out * 3 + [0, 2, 1][i % 3];
        i /= 3;
    }
    out
}

/// The file to ship from a fitted table of all `REGIONS * SIZE` entries:
/// its first `STORED` regions, after checking that every region is the
/// exact opposite of its turn (an error naming the first entry that is
/// not, were the fit ever changed so that the symmetry no longer holds).
pub fn fold(full: &[u8]) -> Result<Vec<u8>, String> {
    if full.len() != REGIONS * SIZE {
        return Err(format!(
            "{} entries, expected {}",
            full.len(),
            REGIONS * SIZE
        ));
    }
    for r in 0..REGIONS {
        for i in 0..SIZE {
            let a = full[r * SIZE + i] as i8;
            let b = full[(REGIONS - 1 - r) * SIZE + mirror(i)] as i8;
            if a != b.wrapping_neg() {
                return Err(format!(
                    "region {r} entry {i} is {a} but its turn is {b}: not opposite"
                ));
            }
        }
    }
    Ok(full[..STORED * SIZE].to_vec())
}

/// The full table of all `REGIONS` regions, rebuilt from the stored ones.
pub fn unfold(stored: &[u8]) -> Vec<u8> {
    let mut full = vec![0u8; REGIONS * SIZE];
    full[..stored.len()].copy_from_slice(stored);
    for r in STORED..REGIONS {
        for i in 0..SIZE {
            let v = stored[(REGIONS - 1 - r) * SIZE + mirror(i)] as i8;
            full[r * SIZE + i] = v.wrapping_neg() as u8;
        }
    }
    full
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
    /// The eighteen-read score of the full table, as the fit defines it.
    fn full_score(full: &[u8], white: u32, black: u32) -> i32 {
        let plus: i32 = indices(white, black)
            .iter()
            .map(|&i| full[i] as i8 as i32)
            .sum();
        let minus: i32 = indices(black.reverse_bits(), white.reverse_bits())
            .iter()
            .map(|&i| full[i] as i8 as i32)
            .sum();
        plus - minus
    }

    #[test]
    fn the_stored_half_scores_as_the_whole_table() {
        let full = unfold(TABLE);
        // The rebuilt table has the fit's symmetry and folds back to the file.
        assert_eq!(fold(&full).unwrap(), TABLE.to_vec());
        assert!(full[STORED * SIZE..].iter().any(|&v| v != 0));
        // mirror is an involution.
        assert!((0..SIZE).all(|i| mirror(mirror(i)) == i));
        // Random men (xorshift, fixed seed), and the start position.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut boards = vec![(0x0000_0FFFu32, 0xFFF0_0000u32)];
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (a, b) = (x as u32, (x >> 32) as u32);
            let white = a & !b & (x.rotate_left(17) as u32);
            let black = b & !white;
            boards.push((white, black));
        }
        for (w, b) in boards {
            assert_eq!(white_score(w, b), full_score(&full, w, b), "{w:#x} {b:#x}");
            // Exactly antisymmetric: the board turned with colours swapped.
            assert_eq!(
                white_score(b.reverse_bits(), w.reverse_bits()),
                -white_score(w, b)
            );
        }
    }

    #[test]
    fn fold_refuses_a_table_without_the_symmetry() {
        let mut full = unfold(TABLE);
        full[3] = full[3].wrapping_add(1);
        assert!(fold(&full).unwrap_err().contains("region 0 entry 3"));
        assert!(fold(&full[1..]).unwrap_err().contains("entries"));
    }
}
