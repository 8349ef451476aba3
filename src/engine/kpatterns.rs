//! Region patterns with kings and the side to move (after Scan): the nine
//! overlapping 4×4 regions of [`super::patterns`], read from the side to
//! move's point of view (the board turned when Black is to move), each
//! region's entry chosen by its men (own, enemy, empty: 3^8 values) and by
//! whether an own king and an enemy king stand in it (4 values), so
//! `4 * 3^8 = 26 244` entries a region, fitted to game results and search
//! scores (`shashki tune kpatterns`, docs/engine.md).
//!
//! Being read from the mover's side, the sum is the same for a position
//! and for its colour mirror (the board turned, the colours swapped, the
//! other side to move), so the evaluation's White score changes sign
//! exactly; and the same men count differently for the side to move and
//! for the side that waits, which the men-only table could not say.
//!
//! The values are in `kpatterns.bin`: `REGIONS * SIZE` signed bytes,
//! region after region, in hundredths of a man, compiled in natively and
//! served to the browser as a data file (`engine/kpatterns.bin`, see
//! [`super::data`]).

use super::patterns::{extract, REGIONS, SHIFTS, TERNARY};

/// Men contents of a region: 3^8.
pub const MEN: usize = 6561;
/// Entries a region: the men contents times the four king flags.
pub const SIZE: usize = 4 * MEN;
/// Bytes of the table.
pub const LEN: usize = REGIONS * SIZE;

/// The fitted values, compiled in natively.
#[cfg(not(target_arch = "wasm32"))]
static TABLE: &[u8; LEN] = include_bytes!("kpatterns.bin");

/// In the browser the table is handed over at run time
/// ([`super::data::set_kpatterns`]): until then there is none.
#[cfg(target_arch = "wasm32")]
pub(crate) static INSTALLED: super::data::Installed = super::data::Installed::new();

/// The table, when there is one (always natively).
#[inline]
pub(crate) fn table() -> Option<&'static [u8; LEN]> {
    #[cfg(not(target_arch = "wasm32"))]
    return Some(TABLE);
    #[cfg(target_arch = "wasm32")]
    return INSTALLED.get();
}

/// The offsets into the flat table of every region's entry, for the side
/// to move's men and kings (`own_men`, `own_kings`, moving up the board)
/// and the other side's (`enemy_men`, `enemy_kings`).
#[inline]
pub fn indices(own_men: u32, own_kings: u32, enemy_men: u32, enemy_kings: u32) -> [usize; REGIONS] {
    std::array::from_fn(|r| {
        let s = SHIFTS[r];
        let m = TERNARY[extract(own_men, s)] as usize + 2 * TERNARY[extract(enemy_men, s)] as usize;
        let area = 0x3333u32 << s;
        let k = usize::from(own_kings & area != 0) + 2 * usize::from(enemy_kings & area != 0);
        r * SIZE + k * MEN + m
    })
}

/// The pieces of `pos` seen from the side to move: (own men, own kings,
/// enemy men, enemy kings), the board turned when Black is to move.
#[inline]
pub fn mover_view(pos: &crate::Position) -> (u32, u32, u32, u32) {
    use crate::Color;
    let kings = pos.kings().0;
    let white = pos.pieces(Color::White).0;
    let black = pos.pieces(Color::Black).0;
    let (own, enemy) = match pos.turn() {
        Color::White => (white, black),
        Color::Black => (black.reverse_bits(), white.reverse_bits()),
    };
    let kings = match pos.turn() {
        Color::White => kings,
        Color::Black => kings.reverse_bits(),
    };
    (own & !kings, own & kings, enemy & !kings, enemy & kings)
}

/// The pattern score for the side to move, in hundredths of a man; zero
/// while there is no table (in the browser, before it is loaded). Not
/// inlined: one copy of the nine reads in the module, whose size is
/// budgeted (docs/performance.md).
#[inline(never)]
pub fn mover_score(pos: &crate::Position) -> i32 {
    let Some(t) = table() else {
        return 0;
    };
    let (om, ok, em, ek) = mover_view(pos);
    indices(om, ok, em, ek)
        .iter()
        .map(|&i| t[i] as i8 as i32)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Position};

    #[test]
    fn every_content_has_its_own_entry() {
        let mut seen = vec![false; SIZE];
        for (own, &t_own) in TERNARY.iter().enumerate().take(256) {
            for (enemy, &t_enemy) in TERNARY.iter().enumerate().take(256) {
                if own & enemy != 0 {
                    continue;
                }
                for k in 0..4usize {
                    let i = k * MEN + t_own as usize + 2 * t_enemy as usize;
                    assert!(!seen[i]);
                    seen[i] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn the_table_is_used_and_a_mirror_scores_the_same_for_its_mover() {
        assert!(TABLE.iter().any(|&v| v != 0));
        let p = Position::from_fen("W:Wa1,c3,e3,Kg5,h2:Bb6,d6,Kf8,h6").unwrap();
        let m = crate::engine::egtb::index::flip(&p);
        assert_eq!(m.turn(), Color::Black);
        assert_eq!(mover_score(&p), mover_score(&m));
    }
}
