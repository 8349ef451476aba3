//! A small network over the whole board, added to the rest of the
//! evaluation: it learns what the hand-set terms and the region patterns
//! miss (`shashki tune net`, docs/engine.md, "The network").
//!
//! The inputs are 128 switches, one for each kind of piece (own man, own
//! king, enemy man, enemy king) on each of the 32 squares, read from the
//! side to move's point of view (the board turned when Black is to move,
//! as [`super::kpatterns::mover_view`] reads it); one hidden layer of
//! [`HIDDEN`] units, each the sum of its bias and of the weights of the
//! pieces on the board, clipped to 0 ..= 1; one output, in hundredths of a
//! man, for the side to move. Being read from the mover's side, a position
//! and its colour mirror get the same output, so the evaluation's White
//! score changes sign exactly (tests/eval_symmetry.rs).
//!
//! Integer arithmetic only, the same natively and in wasm: a hidden
//! unit's 1.0 is 127 (`i16` sums: at most 24 pieces, each weight within
//! ±[`W1_LIMIT`], the bias within ±[`B1_LIMIT`], so a sum never leaves
//! `i16`), the output weights are in eighths of a hundredth of a man.
//!
//! The weights are `net.bin`, little-endian `i16`: `w1[128][HIDDEN]`,
//! `b1[HIDDEN]`, `w2[HIDDEN]`, `b2`; compiled in natively, served to the
//! browser as a data file (`engine/net.bin`, checked by length and
//! CRC-32 in [`super::data`]).

use super::kpatterns::mover_view;

/// Hidden units.
pub const HIDDEN: usize = 64;
/// Inputs: four kinds of piece on 32 squares.
pub const INPUTS: usize = 128;
/// Values of the file: `w1`, `b1`, `w2`, `b2`.
pub const VALUES: usize = INPUTS * HIDDEN + 2 * HIDDEN + 1;
/// Bytes of the file.
pub const LEN: usize = 2 * VALUES;
/// The largest first-layer weight (in 127ths).
pub const W1_LIMIT: i16 = 1000;
/// The largest hidden bias (in 127ths): `B1_LIMIT + 24 * W1_LIMIT` fits `i16`.
pub const B1_LIMIT: i16 = 8000;
/// A hidden unit's 1.0.
pub const ONE: i32 = 127;
/// Output weights are in these parts of a hundredth of a man.
pub const OUT_SCALE: i32 = 8;

/// The weights as the engine reads them: the file's values in order.
pub type Values = [i16; VALUES];

/// The values of a weights file (little-endian `i16`); `const`, so that
/// the compiled-in weights are read at compile time.
pub const fn values(bytes: &[u8; LEN]) -> Values {
    let mut v = [0i16; VALUES];
    let mut i = 0;
    while i < VALUES {
        v[i] = i16::from_le_bytes([bytes[2 * i], bytes[2 * i + 1]]);
        i += 1;
    }
    v
}

/// Calls `f` with the input of each piece of `pos` (kind * 32 + square:
/// own men, own kings, enemy men, enemy kings, from the side to move), the
/// rows the network sums; the trainer reads its inputs here too.
#[inline(always)]
pub fn for_each_input(pos: &crate::Position, mut f: impl FnMut(usize)) {
    let (om, ok, em, ek) = mover_view(pos);
    for (kind, mut bits) in [om, ok, em, ek].into_iter().enumerate() {
        while bits != 0 {
            f(kind * 32 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
}

/// The output for the side to move of `pos`, in hundredths of a man, of
/// the network `w` (its first-layer weights and biases within the limits,
/// as the trainer writes them and the shipped file's test checks; outside
/// them a sum would wrap, never panic). The rows are whole `i16` slices,
/// so the sums compile to vector additions (SSE2 natively, `simd128` in
/// wasm: 8 of them a piece).
#[inline(never)]
#[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
pub fn score(w: &Values, pos: &crate::Position) -> i32 {
    let b1 = INPUTS * HIDDEN;
    let mut acc = [0i16; HIDDEN];
    acc.copy_from_slice(&w[b1..b1 + HIDDEN]);
    for_each_input(pos, |i| {
        let row = i * HIDDEN;
        for (a, x) in acc.iter_mut().zip(&w[row..row + HIDDEN]) {
            *a = a.wrapping_add(*x);
        }
    });
    let w2 = &w[b1 + HIDDEN..];
    let mut out = i32::from(w2[HIDDEN]) * ONE;
    for (a, x) in acc.iter().zip(w2) {
        out += i32::from((*a).clamp(0, ONE as i16)) * i32::from(*x);
    }
    out / (ONE * OUT_SCALE)
}

/// Whether the network judges `pos`: only while no king is on the board.
/// King endings are left to the hand-set terms, the patterns with kings
/// and the endgame tables: there material is not the whole story (three
/// kings do not beat one on the main road), and with the network judging
/// them too the search missed a shot of the tactics suite (a king's
/// capture that wins a man, tests/tactics.rs line 3) at its depth.
#[inline]
pub fn applies(pos: &crate::Position) -> bool {
    !pos.kings().any()
}

/// The weights compiled in.
#[cfg(not(target_arch = "wasm32"))]
static COMPILED: Values = values(include_bytes!("net.bin"));

/// In the browser the weights are handed over at run time
/// ([`super::data::set_net`]): until then there is none.
#[cfg(target_arch = "wasm32")]
static INSTALLED: std::sync::OnceLock<Box<Values>> = std::sync::OnceLock::new();

/// Installs checked weights (a second call changes nothing).
#[cfg(target_arch = "wasm32")]
pub(crate) fn install(bytes: &[u8; LEN]) {
    let _ = INSTALLED.set(Box::new(values(bytes)));
}

/// The weights, when there are some (always natively).
#[inline]
pub fn weights() -> Option<&'static Values> {
    #[cfg(not(target_arch = "wasm32"))]
    return Some(&COMPILED);
    #[cfg(target_arch = "wasm32")]
    return INSTALLED.get().map(|b| &**b);
}

/// The network's output for the side to move of `pos` (0 without it).
#[inline]
pub fn mover_score(pos: &crate::Position) -> i32 {
    weights().map_or(0, |w| score(w, pos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::egtb::index::flip;
    use crate::Position;

    #[test]
    fn the_shipped_network_speaks_and_a_mirror_scores_the_same_for_its_mover() {
        let p = Position::from_fen("W:Wa1,c3,e3,Kg5,h2:Bb6,d6,Kf8,h6").unwrap();
        assert_eq!(mover_score(&p), mover_score(&flip(&p)));
        let start = Position::start();
        let quiet = Position::from_fen("W:Wa1,b2,c3,e3,f2,g1,h2:Ba7,b6,c7,d6,f6,g7,h8").unwrap();
        assert!(
            [mover_score(&start), mover_score(&quiet), mover_score(&p)]
                .iter()
                .any(|&s| s != 0),
            "an all-zero network"
        );
    }

    #[test]
    fn the_shipped_weights_keep_every_sum_within_i16() {
        let b = weights().unwrap();
        let w1 = (0..INPUTS * HIDDEN)
            .map(|i| b[i].unsigned_abs())
            .max()
            .unwrap();
        let b1 = (INPUTS * HIDDEN..(INPUTS + 1) * HIDDEN)
            .map(|i| b[i].unsigned_abs())
            .max()
            .unwrap();
        assert!(w1 <= W1_LIMIT as u16 && b1 <= B1_LIMIT as u16, "{w1} {b1}");
        assert!(i32::from(B1_LIMIT) + 24 * i32::from(W1_LIMIT) <= i32::from(i16::MAX));
    }

    #[test]
    fn the_output_is_the_formula_of_the_module_doc() {
        // A network by hand: unit 0 counts own men (each 0.25), unit 1
        // enemy kings (each 1.0, bias -0.5); output 10 and -20 hundredths a
        // unit, bias 3.
        let mut v = vec![0i16; VALUES];
        for sq in 0..32 {
            v[sq * HIDDEN] = 127 / 4;
            v[(3 * 32 + sq) * HIDDEN + 1] = 127;
        }
        v[INPUTS * HIDDEN + 1] = -64;
        v[(INPUTS + 1) * HIDDEN] = 10 * OUT_SCALE as i16;
        v[(INPUTS + 1) * HIDDEN + 1] = -20 * OUT_SCALE as i16;
        v[VALUES - 1] = 3 * OUT_SCALE as i16;
        let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
        let bytes = &values(bytes.as_slice().try_into().unwrap());
        // Three own men (3 * 31 = 93 of 127), one enemy king (127 - 64 = 63).
        let p = Position::from_fen("W:Wa1,c3,e3:Bb6,Kf8").unwrap();
        assert_eq!(
            score(bytes, &p),
            (93 * 10 * 8 - 63 * 20 * 8 + 3 * 8 * 127) / (127 * 8)
        );
        // Eight own men: unit 0 is clipped at 1.0; no enemy king: unit 1 at 0.
        let p = Position::from_fen("W:Wa1,c1,e1,g1,b2,d2,f2,h2:Bb8").unwrap();
        assert_eq!(score(bytes, &p), 10 + 3);
        // Black to move: read from Black's side.
        let p = Position::from_fen("B:Wa1,Kc3:Bb6,d6,f6").unwrap();
        assert_eq!(
            score(bytes, &p),
            (93 * 10 * 8 - 63 * 20 * 8 + 3 * 8 * 127) / (127 * 8)
        );
    }
}
