//! The table file: a header, compressed blocks that can be unpacked one at
//! a time, and a CRC-32 of the whole file.
//!
//! ```text
//! "SHEGTB2\n"                      8 bytes
//! wk wm bk bm                      4 bytes: the material
//! planes    u32 LE                 1: results and thresholds; 2: also distances
//! entries   u32 LE                 2 x numbers of the material (both sides)
//! block     u32 LE                 entries per block
//! blocks    u32 LE
//! offsets   (blocks + 1) x u32 LE  where each compressed block starts
//! data                             each block: raw deflate of its entries'
//!                                  first bytes, then (2 planes) their second
//!                                  bytes; numbers that are not stored (no
//!                                  position, or a capture pending) repeat the
//!                                  entry before them, which packs better
//! crc32     u32 LE                 of every byte before it
//! ```
//!
//! Version 3 (`"SHEGTB3\n"`, the five-piece files) adds two words after
//! `blocks`: `quantum` (u32) and `derived` (u32), and lets `block` be
//! any power of two from 4096 to 65536 entries. With `quantum` q > 1 a
//! stored threshold is a *lower bound*: the true one rounded down to a
//! multiple of q (thresholds carry most of the bytes of the materials with
//! kings on both sides and a man, and rounded they pack about twice as
//! well). The result then holds for counts up to the stored value, and is
//! unknown above it (the probe answers nothing there instead of "draw").
//! `derived` is 0, or 1 (2) when the half with White (Black) to move is
//! not stored: its positions are read by one ply of search over the other
//! half. Only a material without a count may do so (five pieces, one side
//! without a king: its results do not depend on the counts, so a
//! position's result is the best of its children's); it halves such files.
//! The offsets then start at byte 36.
//!
//! Version 4 (`"SHEGTB4\n"`) has version 3's header and one plane (no
//! distances), and codes each block with [`super::coder`] instead of
//! deflate: only stored positions are coded, each predicted from its
//! neighbours (about half the size of deflate on the five-piece files).

use super::index::Material;
use super::Entry;
use crate::square::Color;
use std::fmt;

const MAGIC: &[u8; 8] = b"SHEGTB2\n";
const MAGIC3: &[u8; 8] = b"SHEGTB3\n";
const MAGIC4: &[u8; 8] = b"SHEGTB4\n";
/// Entries per block (version 2).
pub const BLOCK: usize = 8192;

/// How a file is packed: entries per block and the threshold quantum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Packing {
    pub block: usize,
    pub quantum: u8,
    /// The side to move whose half is not stored (version 3 and 4).
    pub derived: Option<Color>,
    /// The blocks are coded by [`super::coder`] (version 4, one plane).
    pub modelled: bool,
}

impl Packing {
    /// Version 2: 8192 entries a block, exact thresholds.
    pub const V2: Packing = Packing {
        block: BLOCK,
        quantum: 1,
        derived: None,
        modelled: false,
    };
}

/// Why a table file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// Shorter than its header says (a truncated download or copy).
    Truncated,
    /// Not a table file (wrong magic).
    NotATable,
    /// The checksum does not match: the file is damaged.
    Checksum { stored: u32, computed: u32 },
    /// The header does not fit the material it names.
    BadHeader(String),
    /// A block does not unpack to the size it should.
    BadBlock(usize),
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::Truncated => write!(f, "the table file is truncated"),
            FormatError::NotATable => write!(f, "not an endgame table file"),
            FormatError::Checksum { stored, computed } => write!(
                f,
                "checksum mismatch (stored {stored:08x}, computed {computed:08x}): the file is damaged"
            ),
            FormatError::BadHeader(s) => write!(f, "bad table header: {s}"),
            FormatError::BadBlock(i) => write!(f, "block {i} does not unpack"),
        }
    }
}

impl std::error::Error for FormatError {}

/// CRC-32 (IEEE, as in zip and PNG). A `const fn`, so the engine's data
/// files can be checked against checksums computed when the crate is
/// compiled (`engine::data`).
pub const fn crc32(data: &[u8]) -> u32 {
    let mut c = !0u32;
    let mut i = 0;
    while i < data.len() {
        c = CRC_TABLE[((c ^ data[i] as u32) & 0xFF) as usize] ^ (c >> 8);
        i += 1;
    }
    !c
}

/// The byte-at-a-time table of [`crc32`].
const CRC_TABLE: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        t[i] = c;
        i += 1;
    }
    t
};

/// The same sum as [`crc32`], eight bytes a step ("slicing by 8"), for
/// data checked at run time: the table files (5.6 MB in all, checked
/// whenever they are loaded) and the fetched data files. About four times
/// faster; its seven further tables (7 KB) are made on first use rather
/// than compiled into the module.
pub fn crc32_fast(data: &[u8]) -> u32 {
    static TABLES: std::sync::OnceLock<Box<[[u32; 256]; 8]>> = std::sync::OnceLock::new();
    let t = TABLES.get_or_init(|| {
        let mut t = Box::new([[0u32; 256]; 8]);
        t[0] = CRC_TABLE;
        for k in 1..8 {
            for i in 0..256 {
                let c = t[k - 1][i];
                t[k][i] = (c >> 8) ^ t[0][(c & 0xFF) as usize];
            }
        }
        t
    });
    let byte = |x: u32, n: u32| ((x >> (8 * n)) & 0xFF) as usize;
    let mut c = !0u32;
    let mut chunks = data.chunks_exact(8);
    for ch in &mut chunks {
        let lo = u32::from_le_bytes([ch[0], ch[1], ch[2], ch[3]]) ^ c;
        let hi = u32::from_le_bytes([ch[4], ch[5], ch[6], ch[7]]);
        c = t[7][byte(lo, 0)]
            ^ t[6][byte(lo, 1)]
            ^ t[5][byte(lo, 2)]
            ^ t[4][byte(lo, 3)]
            ^ t[3][byte(hi, 0)]
            ^ t[2][byte(hi, 1)]
            ^ t[1][byte(hi, 2)]
            ^ t[0][byte(hi, 3)];
    }
    for &b in chunks.remainder() {
        c = t[0][((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8);
    }
    !c
}

/// Whether a material's file may leave one half unstored
/// ([`Packing::derived`]): five pieces, one side without a king (no count
/// can run there; module docs, "Five pieces").
pub fn may_derive(m: &Material) -> bool {
    m.pieces() == 5 && !m.both_kings()
}

/// Encodes a material's entries into a file, with the distances or
/// without them (`planes` 2 or 1), in version 2.
pub fn encode(m: &Material, entries: &[Entry], planes: u32) -> Vec<u8> {
    encode_with(m, entries, planes, Packing::V2)
}

/// The threshold of `e` rounded down to a multiple of `quantum` (a lower
/// bound of the true one; "any clock" stays exact).
fn rounded(e: Entry, quantum: u8) -> Entry {
    match e.kind() {
        Some(kind) if quantum > 1 && e.thr() != super::THR_ANY => {
            Entry::new(kind, e.dtm(), e.thr() / quantum * quantum)
        }
        _ => e,
    }
}

/// [`encode`] with a chosen packing: version 2 for [`Packing::V2`], else
/// version 3.
pub fn encode_with(m: &Material, entries: &[Entry], planes: u32, p: Packing) -> Vec<u8> {
    assert!(planes == 1 || planes == 2);
    // Version 4 holds no distances: with them, version 3.
    let p = Packing {
        modelled: p.modelled && planes == 1,
        ..p
    };
    assert!(p.block.is_power_of_two() && (4096..=65536).contains(&p.block) && p.quantum >= 1);
    let v3 = p != Packing::V2;
    let blocks = entries.len().div_ceil(p.block);
    assert!(p.derived.is_none() || may_derive(m), "{m} holds counts");
    let half = entries.len() / 2;
    let mut kept: Vec<Entry> = entries
        .iter()
        .enumerate()
        .map(|(i, &e)| match p.derived {
            Some(side) if i / half == side as usize => Entry::NONE,
            _ => rounded(e, p.quantum),
        })
        .collect();
    let mut data = Vec::new();
    let mut offsets = vec![0u32];
    if p.modelled {
        // The coder skips what is not stored itself.
        for (b, chunk) in kept.chunks(p.block).enumerate() {
            data.extend(super::coder::encode_block(m, p.derived, b * p.block, chunk));
            offsets.push(data.len() as u32);
        }
    } else {
        let mut prev = Entry::new(super::Kind::Draw, 0, super::THR_ANY);
        for e in kept.iter_mut() {
            if e.kind().is_none() {
                *e = prev;
            } else {
                prev = *e;
            }
        }
        for chunk in kept.chunks(p.block) {
            let mut raw = Vec::with_capacity(2 * chunk.len());
            raw.extend(chunk.iter().map(|e| e.0 as u8));
            if planes == 2 {
                raw.extend(chunk.iter().map(|e| (e.0 >> 8) as u8));
            }
            data.extend(miniz_oxide::deflate::compress_to_vec(&raw, 10));
            offsets.push(data.len() as u32);
        }
    }
    let mut out = Vec::with_capacity(data.len() + 64 + 4 * offsets.len());
    out.extend_from_slice(if p.modelled {
        MAGIC4
    } else if v3 {
        MAGIC3
    } else {
        MAGIC
    });
    out.extend_from_slice(&[m.wk, m.wm, m.bk, m.bm]);
    for v in [planes, entries.len() as u32, p.block as u32, blocks as u32] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    if v3 {
        out.extend_from_slice(&u32::from(p.quantum).to_le_bytes());
        out.extend_from_slice(&p.derived.map_or(0u32, |c| c as u32 + 1).to_le_bytes());
    }
    for o in &offsets {
        out.extend_from_slice(&o.to_le_bytes());
    }
    out.extend_from_slice(&data);
    let crc = crc32(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

/// A checked file, ready to be probed block by block.
pub struct TableFile {
    pub material: Material,
    /// The file holds distances (2 planes).
    pub has_distances: bool,
    /// Thresholds are exact (1) or rounded down to a multiple of this.
    pub quantum: u8,
    /// The side to move whose half is not stored (read by search).
    pub derived: Option<Color>,
    /// Version 4: blocks coded by [`super::coder`].
    modelled: bool,
    planes: usize,
    entries: usize,
    block_len: usize,
    offsets: Vec<u32>,
    data: Vec<u8>,
    cache: Vec<std::sync::OnceLock<Option<Box<[u8]>>>>,
    /// Bytes of the blocks unpacked now.
    unpacked: std::sync::atomic::AtomicUsize,
}

fn u32_at(b: &[u8], at: usize) -> Result<u32, FormatError> {
    b.get(at..at + 4)
        .map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
        .ok_or(FormatError::Truncated)
}

impl TableFile {
    /// Checks and reads a file (the blocks are unpacked when first probed).
    pub fn parse(bytes: &[u8]) -> Result<TableFile, FormatError> {
        if bytes.len() < 8 {
            return Err(FormatError::Truncated);
        }
        let modelled = &bytes[..8] == MAGIC4;
        let v3 = &bytes[..8] == MAGIC3 || modelled;
        if &bytes[..8] != MAGIC && !v3 {
            return Err(FormatError::NotATable);
        }
        let start = if v3 { 36 } else { 28 };
        if bytes.len() < start + 4 {
            return Err(FormatError::Truncated);
        }
        let m = Material {
            wk: bytes[8],
            wm: bytes[9],
            bk: bytes[10],
            bm: bytes[11],
        };
        let planes = u32_at(bytes, 12)? as usize;
        let entries = u32_at(bytes, 16)? as usize;
        let block = u32_at(bytes, 20)? as usize;
        let blocks = u32_at(bytes, 24)? as usize;
        if planes != 1 && (planes != 2 || modelled) {
            return Err(FormatError::BadHeader(format!("{planes} planes")));
        }
        if m.pieces() > super::index::MAX_PIECES || m.wk + m.wm == 0 || m.bk + m.bm == 0 {
            return Err(FormatError::BadHeader(format!("material {m}")));
        }
        let quantum = if v3 { u32_at(bytes, 28)? } else { 1 };
        let block_ok = if v3 {
            block.is_power_of_two() && (4096..=65536).contains(&block)
        } else {
            block == BLOCK
        };
        if entries != 2 * m.size() || !block_ok || blocks != entries.div_ceil(block) {
            return Err(FormatError::BadHeader(format!(
                "{entries} entries in {blocks} blocks of {block} for {m}"
            )));
        }
        if !(1..=32).contains(&quantum) {
            return Err(FormatError::BadHeader(format!(
                "threshold quantum {quantum}"
            )));
        }
        let derived = match if v3 { u32_at(bytes, 32)? } else { 0 } {
            0 => None,
            1 if may_derive(&m) => Some(Color::White),
            2 if may_derive(&m) => Some(Color::Black),
            d => return Err(FormatError::BadHeader(format!("derived half {d} for {m}"))),
        };
        let head = start + 4 * (blocks + 1);
        let offsets = (0..=blocks)
            .map(|i| u32_at(bytes, start + 4 * i))
            .collect::<Result<Vec<u32>, _>>()?;
        let data_len = *offsets.last().expect("blocks + 1 offsets") as usize;
        if bytes.len() < head + data_len + 4 {
            return Err(FormatError::Truncated);
        }
        if bytes.len() > head + data_len + 4 {
            return Err(FormatError::BadHeader("trailing bytes".into()));
        }
        let stored = u32_at(bytes, head + data_len)?;
        let computed = crc32_fast(&bytes[..head + data_len]);
        if stored != computed {
            return Err(FormatError::Checksum { stored, computed });
        }
        if offsets.windows(2).any(|w| w[0] > w[1]) {
            return Err(FormatError::BadHeader("offsets out of order".into()));
        }
        Ok(TableFile {
            material: m,
            has_distances: planes == 2,
            quantum: quantum as u8,
            derived,
            modelled,
            planes,
            entries,
            block_len: block,
            offsets,
            data: bytes[head..head + data_len].to_vec(),
            cache: (0..blocks).map(|_| std::sync::OnceLock::new()).collect(),
            unpacked: std::sync::atomic::AtomicUsize::new(0),
        })
    }

    /// Block `b`, unpacked now if it was not yet and `unpack` is set;
    /// `None` if it is damaged, or still packed and `unpack` is not set.
    fn block(&self, b: usize, unpack: bool) -> Option<&[u8]> {
        if !unpack {
            return self.cache[b].get()?.as_deref();
        }
        self.cache[b]
            .get_or_init(|| {
                let span = self.offsets[b] as usize..self.offsets[b + 1] as usize;
                let want = self.planes * self.block_len.min(self.entries - b * self.block_len);
                let unpacked = if self.modelled {
                    let first = b * self.block_len;
                    let raw = &self.data[span];
                    super::coder::decode_block(&self.material, self.derived, first, want, raw)
                } else {
                    miniz_oxide::inflate::decompress_to_vec(&self.data[span]).ok()?
                };
                (unpacked.len() == want).then(|| {
                    self.unpacked
                        .fetch_add(want, std::sync::atomic::Ordering::Relaxed);
                    unpacked.into_boxed_slice()
                })
            })
            .as_deref()
    }

    /// Packs every block again (frees what was unpacked).
    pub fn forget_unpacked(&mut self) {
        for c in &mut self.cache {
            c.take();
        }
        *self.unpacked.get_mut() = 0;
    }

    /// How many bytes the blocks unpacked now take.
    pub fn unpacked_bytes(&self) -> usize {
        self.unpacked.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// How many blocks are unpacked now.
    pub fn unpacked_blocks(&self) -> usize {
        self.cache.iter().filter(|c| c.get().is_some()).count()
    }

    /// Entry number `i` (side to move x size + number); `None` if its
    /// block is damaged.
    pub fn entry(&self, i: usize) -> Option<Entry> {
        self.entry_in(i, true)
    }

    /// Entry number `i`, or `None` when its block is damaged or, with
    /// `unpack` unset, not unpacked yet (unpacking a block of a modelled
    /// file costs about half a millisecond).
    pub fn entry_in(&self, i: usize, unpack: bool) -> Option<Entry> {
        if i >= self.entries {
            return None;
        }
        let raw = self.block(i / self.block_len, unpack)?;
        let j = i % self.block_len;
        if self.planes == 1 {
            return Some(Entry(u16::from(raw[j])));
        }
        let n = raw.len() / 2;
        Some(Entry(u16::from(raw[j]) | u16::from(raw[n + j]) << 8))
    }

    /// Unpacks every block (to check a file fully).
    pub fn check_all(&self) -> Result<(), FormatError> {
        for b in 0..self.cache.len() {
            self.block(b, true).ok_or(FormatError::BadBlock(b))?;
        }
        Ok(())
    }
}
