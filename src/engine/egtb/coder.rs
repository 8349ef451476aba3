//! The entry coder of format version 4: a binary arithmetic coder with
//! adaptive probabilities, and a model that predicts each stored entry
//! from its neighbours in the numbering.
//!
//! Only the positions a table stores are coded: a number that is not a
//! position, a position with a capture pending, or one of a half that is
//! not stored ([`super::format::Packing::derived`]) costs nothing, since
//! the decoder tells them apart itself ([`stored`]). A stored entry is its
//! result (two binary decisions: draw or not, then win or loss) and, for a
//! win or a loss, its threshold (the same as the last one of that result,
//! or six bits). The contexts are the last stored result of the block and
//! the results at the numbers one step back in the second and third
//! groups of the numbering (a piece of another group one square back):
//! neighbouring positions mostly share their result, which deflate sees
//! only as repeats. The same model code serves both directions ([`Io`]),
//! so the encoder and the decoder cannot disagree.

use super::index::{binomial, Material};
use super::{Entry, Kind, THR_ANY};
use crate::square::Color;

/// One binary decision with probability `p` (of a 1, in 1/65536) that the
/// coder updates: the encoder writes `bit` and returns it, the decoder
/// ignores it and returns the decoded one.
trait Io {
    fn bit(&mut self, bit: bool, p: &mut u16) -> bool;
}

/// Probability of a 1 in 12 bits, never 0 or 1.
fn p12(p: u16) -> u32 {
    (u32::from(p) >> 4).clamp(1, 4095)
}

fn adapt(p: &mut u16, bit: bool) {
    if bit {
        *p += (u16::MAX - *p) >> 4;
    } else {
        *p -= *p >> 4;
    }
}

/// The coding interval `x1..=x2` both directions narrow alike: split at
/// the probability, keep one side, and shift out equal leading bytes.
struct Interval {
    x1: u32,
    x2: u32,
}

impl Interval {
    const FULL: Interval = Interval {
        x1: 0,
        x2: u32::MAX,
    };

    /// The last value of the part that stands for a 1.
    fn mid(&self, p: u16) -> u32 {
        self.x1 + ((self.x2 - self.x1) >> 12) * p12(p)
    }

    fn keep(&mut self, bit: bool, mid: u32, p: &mut u16) {
        if bit {
            self.x2 = mid;
        } else {
            self.x1 = mid + 1;
        }
        adapt(p, bit);
    }

    /// Shifts out the leading byte if both ends share it (call until
    /// `None`).
    fn shift(&mut self) -> Option<u8> {
        if (self.x1 ^ self.x2) & 0xFF00_0000 != 0 {
            return None;
        }
        let b = (self.x2 >> 24) as u8;
        self.x1 <<= 8;
        self.x2 = self.x2 << 8 | 0xFF;
        Some(b)
    }
}

/// A carry-less binary arithmetic encoder over 32 bits.
struct Encoder {
    at: Interval,
    out: Vec<u8>,
}

impl Encoder {
    fn new() -> Encoder {
        Encoder {
            at: Interval::FULL,
            out: Vec::new(),
        }
    }

    fn finish(mut self) -> Vec<u8> {
        self.out.extend_from_slice(&self.at.x1.to_be_bytes());
        self.out
    }
}

impl Io for Encoder {
    fn bit(&mut self, bit: bool, p: &mut u16) -> bool {
        let mid = self.at.mid(*p);
        self.at.keep(bit, mid, p);
        while let Some(b) = self.at.shift() {
            self.out.push(b);
        }
        bit
    }
}

/// The decoder of [`Encoder`]'s output. Reading past the end gives zeros
/// (damaged data decodes to something wrong, never to a panic; the file's
/// checksum is what catches it).
struct Decoder<'a> {
    at: Interval,
    x: u32,
    data: &'a [u8],
    next: usize,
}

impl<'a> Decoder<'a> {
    fn new(data: &'a [u8]) -> Decoder<'a> {
        let mut d = Decoder {
            at: Interval::FULL,
            x: 0,
            data,
            next: 0,
        };
        for _ in 0..4 {
            d.x = d.x << 8 | d.byte();
        }
        d
    }

    fn byte(&mut self) -> u32 {
        let b = self.data.get(self.next).copied().unwrap_or(0);
        self.next += 1;
        u32::from(b)
    }
}

impl Io for Decoder<'_> {
    fn bit(&mut self, _: bool, p: &mut u16) -> bool {
        let mid = self.at.mid(*p);
        let bit = self.x <= mid;
        self.at.keep(bit, mid, p);
        while self.at.shift().is_some() {
            self.x = self.x << 8 | self.byte();
        }
        bit
    }
}

/// Whether entry `i` (side to move x size + number) of material `m` is
/// stored: a position, no capture pending, not in the half `derived`.
pub fn stored(m: &Material, i: usize, derived: Option<Color>) -> bool {
    let size = m.size();
    let turn = if i < size { Color::White } else { Color::Black };
    if derived == Some(turn) {
        return false;
    }
    m.position(i % size, turn).is_some_and(|p| !p.has_capture())
}

/// [`stored`] for the entries `first..first + len`, computed in one pass
/// ([`Material::positions_from`]: no division per entry).
pub fn stored_run(m: &Material, first: usize, len: usize, derived: Option<Color>) -> Vec<bool> {
    let size = m.size();
    let mut out = Vec::with_capacity(len);
    let mut i = first;
    while out.len() < len {
        let turn = if i < size { Color::White } else { Color::Black };
        let start = i % size;
        let take = (size - start).min(len - out.len());
        if derived == Some(turn) {
            out.resize(out.len() + take, false);
        } else {
            out.extend(
                m.positions_from(start, turn)
                    .take(take)
                    .map(|p| p.is_some_and(|p| !p.has_capture())),
            );
        }
        i += take;
    }
    out
}

/// The steps back to the neighbours the model reads: the weights of the
/// second and third groups (of those with more than one placement) in the
/// numbering, least significant first.
fn steps(m: &Material) -> [usize; 2] {
    let mut w = Vec::new();
    let mut r = 1usize;
    for k in [m.bm, m.bk, m.wm, m.wk] {
        let n = binomial(32, u32::from(k)) as usize;
        if n > 1 {
            w.push(r);
        }
        r *= n;
    }
    [
        w.get(1).copied().unwrap_or(usize::MAX),
        w.get(2).copied().unwrap_or(usize::MAX),
    ]
}

/// A result as the model's symbol: 0 none (not stored, or outside the
/// block), 1 win, 2 loss, 3 draw.
fn sym(e: Entry) -> usize {
    usize::from(e.0 & 3)
}

/// The adaptive probabilities of one block.
struct Model {
    kind: Vec<u16>,
    thr: Vec<u16>,
}

impl Model {
    fn new() -> Model {
        Model {
            kind: vec![1 << 15; 64 * 2],
            thr: vec![1 << 15; 3 * 65 * 64],
        }
    }

    /// Codes one stored entry (`e` is ignored when decoding) in the
    /// context of the block's earlier entries `done` (this entry's number
    /// is `done.len()`), `last` and `last_thr` being the last stored
    /// result and the last threshold of a win or loss (64: none yet).
    fn code(
        &mut self,
        io: &mut impl Io,
        e: Entry,
        done: &[Entry],
        steps: [usize; 2],
        last: usize,
        last_thr: usize,
    ) -> Entry {
        let j = done.len();
        let back = |s: usize| if s <= j { sym(done[j - s]) } else { 0 };
        let ctx = (last * 16 + back(steps[0]) * 4 + back(steps[1])) * 2;
        let kind = e.kind();
        if io.bit(kind == Some(Kind::Draw), &mut self.kind[ctx]) {
            return Entry::new(Kind::Draw, 0, THR_ANY);
        }
        let win = io.bit(kind == Some(Kind::Win), &mut self.kind[ctx + 1]);
        let (kind, k) = if win { (Kind::Win, 1) } else { (Kind::Loss, 2) };
        let base = (k * 65 + last_thr) * 64;
        let thr = if io.bit(usize::from(e.thr()) == last_thr, &mut self.thr[base]) {
            last_thr as u8
        } else {
            let mut node = 1;
            for b in (0..6).rev() {
                let bit = io.bit((e.thr() >> b) & 1 == 1, &mut self.thr[base + node]);
                node = node * 2 + usize::from(bit);
            }
            (node - 64) as u8
        };
        Entry::new(kind, 0, thr)
    }
}

/// Walks the entries `first..first + len` of a block, coding each stored
/// one; `get(j)` gives the entry to encode (ignored when decoding).
fn walk(
    io: &mut impl Io,
    m: &Material,
    derived: Option<Color>,
    first: usize,
    len: usize,
    get: impl Fn(usize) -> Entry,
) -> Vec<Entry> {
    let steps = steps(m);
    let mut model = Model::new();
    let mut done = Vec::with_capacity(len);
    let (mut last, mut last_thr) = (0, 64);
    for (j, stored) in stored_run(m, first, len, derived).into_iter().enumerate() {
        if !stored {
            done.push(Entry::NONE);
            continue;
        }
        let e = model.code(io, get(j), &done, steps, last, last_thr);
        last = sym(e);
        if e.kind() != Some(Kind::Draw) {
            last_thr = usize::from(e.thr());
        }
        done.push(e);
    }
    done
}

/// Encodes the block of `entries` that starts at entry `first` (the
/// distances are not coded; every stored entry must have a result).
pub fn encode_block(
    m: &Material,
    derived: Option<Color>,
    first: usize,
    entries: &[Entry],
) -> Vec<u8> {
    let mut enc = Encoder::new();
    walk(&mut enc, m, derived, first, entries.len(), |j| {
        assert!(entries[j].kind().is_some(), "a stored entry has a result");
        entries[j]
    });
    enc.finish()
}

/// Decodes a block of `len` entries starting at entry `first`: each
/// entry's low byte (result and threshold; 0 where nothing is stored).
pub fn decode_block(
    m: &Material,
    derived: Option<Color>,
    first: usize,
    len: usize,
    data: &[u8],
) -> Vec<u8> {
    let mut dec = Decoder::new(data);
    walk(&mut dec, m, derived, first, len, |_| Entry::NONE)
        .into_iter()
        .map(|e| e.0 as u8)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_round_trip() {
        let m = Material {
            wk: 1,
            wm: 1,
            bk: 1,
            bm: 0,
        };
        let n = 2 * m.size();
        // Entries from a fixed rule, thresholds of every size.
        let entries: Vec<Entry> = (0..n)
            .map(|i| {
                if !stored(&m, i, None) {
                    return Entry::NONE;
                }
                match (i * 7919) % 11 {
                    0..=4 => Entry::new(Kind::Draw, 0, THR_ANY),
                    5..=7 => Entry::new(Kind::Win, 0, ((i / 3) % 64) as u8),
                    _ => Entry::new(Kind::Loss, 0, if i % 5 == 0 { THR_ANY } else { 17 }),
                }
            })
            .collect();
        for (first, len) in [(0, n / 2), (n / 2, n / 2), (100, 1000)] {
            let block = &entries[first..first + len];
            let bytes = encode_block(&m, None, first, block);
            let back = decode_block(&m, None, first, len, &bytes);
            let want: Vec<u8> = block.iter().map(|e| e.0 as u8).collect();
            assert_eq!(back, want);
        }
        // A half that is not stored decodes to nothing there.
        let bytes = encode_block(&m, Some(Color::White), 0, &entries[..n / 2]);
        assert!(decode_block(&m, Some(Color::White), 0, n / 2, &bytes)
            .iter()
            .all(|&b| b == 0));
        // Damaged or short data decodes without a panic.
        let bytes = encode_block(&m, None, 0, &entries[..1000]);
        let _ = decode_block(&m, None, 0, 1000, &bytes[..bytes.len() / 2]);
        let _ = decode_block(&m, None, 0, 1000, &[0xFF; 3]);
    }

    #[test]
    fn a_run_of_stored_flags_is_the_flags_one_by_one() {
        // Every material of 2 to 5 pieces, runs at the start, across the
        // turn boundary (White's half ends at `size`), at the end, and one
        // run over a whole half; each half derived or not.
        for pieces in 2..=5 {
            for m in Material::all_with(pieces) {
                let size = m.size();
                let mut runs = vec![
                    (0, 700.min(2 * size)),
                    (size.saturating_sub(300), 600.min(size + 300)),
                ];
                runs.push((2 * size - 500.min(2 * size), 500.min(2 * size)));
                if size <= 20_000 {
                    runs.push((0, size));
                }
                for derived in [None, Some(Color::White), Some(Color::Black)] {
                    for &(first, len) in &runs {
                        let len = len.min(2 * size - first);
                        let want: Vec<bool> = (first..first + len)
                            .map(|i| stored(&m, i, derived))
                            .collect();
                        assert_eq!(
                            stored_run(&m, first, len, derived),
                            want,
                            "{m:?} {first}+{len}"
                        );
                    }
                }
            }
        }
    }
}
