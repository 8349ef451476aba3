//! The transposition table: a fixed-size array of 64-byte buckets of four
//! 16-byte entries, sized once at creation. Each entry keeps 32 bits of the
//! key for verification (the other bits chose the bucket), the best move as
//! `(from, to, captured)`, a score with its bound, the depth, and the search
//! generation for replacement. Probes and stores take `&self`: the threads
//! of a parallel search share one table without locks (see [`Entry`]).

use crate::moves::Move;
use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most this (all moves failed low).
    Upper = 1,
    /// The true score is at least this (a move failed high).
    Lower = 2,
    /// The exact score.
    Exact = 3,
}

impl Bound {
    /// What a search of the window (`alpha`, `beta`) that returned `best`
    /// proved about the true score.
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// A stored best move: enough to find it again in the generated list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveKey {
    pub from: u8,
    pub to: u8,
    pub captured: u32,
}

impl MoveKey {
    /// No move.
    pub const NONE: MoveKey = MoveKey {
        from: 0,
        to: 0,
        captured: 0,
    };

    #[inline]
    pub fn of(mv: &Move) -> MoveKey {
        MoveKey {
            from: mv.from().index() as u8,
            to: mv.to().index() as u8,
            captured: mv.captured().0,
        }
    }

    #[inline]
    pub fn is_none(&self) -> bool {
        self.from == self.to && self.captured == 0
    }

    #[inline]
    pub fn matches(&self, mv: &Move) -> bool {
        self.from as usize == mv.from().index()
            && self.to as usize == mv.to().index()
            && self.captured == mv.captured().0
    }
}

/// One entry: two 64-bit words, written and read with relaxed atomic
/// operations so that several search threads share the table without
/// locks (Lazy SMP). `meta` holds the key's upper 32 bits (the lock), the
/// score, the depth and the flags (bound in bits 0-1, 0 = empty;
/// generation in bits 2-7); `mv` the best move (captured squares in the
/// upper 32 bits, from and to below). The first word is stored XOR-ed with
/// a mix of the second, so that a reader that sees the two words of two
/// different writes (another thread wrote between its two loads) finds a
/// wrong lock and takes it for a miss, instead of pairing one position's
/// score with another's move. An all-zero entry is empty.
#[derive(Default)]
#[repr(C)]
struct Entry {
    check: AtomicU64,
    mv: AtomicU64,
}

/// Spreads every bit of the move word over the upper half (a bijection:
/// two different move words give different masks, and the difference
/// reaches the lock bits but with a chance of 2^-32).
#[inline]
fn mix(mv: u64) -> u64 {
    mv.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// An entry's fields, decoded.
#[derive(Clone, Copy, Default)]
struct Fields {
    lock: u32,
    captured: u32,
    score: i16,
    from: u8,
    to: u8,
    depth: u8,
    flags: u8,
}

impl Fields {
    #[inline]
    fn meta(&self) -> u64 {
        (u64::from(self.lock) << 32)
            | (u64::from(self.score as u16) << 16)
            | (u64::from(self.depth) << 8)
            | u64::from(self.flags)
    }

    #[inline]
    fn mv(&self) -> u64 {
        (u64::from(self.captured) << 32) | (u64::from(self.from) << 8) | u64::from(self.to)
    }
}

impl Entry {
    #[inline]
    fn load(&self) -> Fields {
        let mv = self.mv.load(Ordering::Relaxed);
        let meta = self.check.load(Ordering::Relaxed) ^ mix(mv);
        Fields {
            lock: (meta >> 32) as u32,
            score: (meta >> 16) as u16 as i16,
            depth: (meta >> 8) as u8,
            flags: meta as u8,
            captured: (mv >> 32) as u32,
            from: (mv >> 8) as u8,
            to: mv as u8,
        }
    }

    #[inline]
    fn save(&self, f: &Fields) {
        let mv = f.mv();
        self.check.store(f.meta() ^ mix(mv), Ordering::Relaxed);
        self.mv.store(mv, Ordering::Relaxed);
    }
}

#[derive(Default)]
#[repr(C, align(64))]
struct Bucket([Entry; 4]);

/// A probe hit.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub mv: MoveKey,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// The table.
pub struct Table {
    buckets: Buckets,
    mask: u64,
    generation: u8,
}

impl Table {
    /// A table of at most `megabytes` MB (rounded down to a power of two
    /// number of buckets; at least one bucket).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1).saturating_mul(1 << 20);
        let mut n = (bytes / std::mem::size_of::<Bucket>()).max(1);
        n = 1 << (usize::BITS - 1 - n.leading_zeros()); // round down to a power of two
        Table {
            buckets: Buckets::new(n),
            mask: (n - 1) as u64,
            generation: 0,
        }
    }

    /// Size in bytes.
    #[cfg(test)]
    pub fn size_bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.buckets.zero();
        self.generation = 0;
    }

    /// Empties the slot `key` would be stored in first (tests).
    #[cfg(test)]
    fn clear_slot_for_test(&self, key: u64) {
        let e = &self.buckets[self.index(key)].0[0];
        e.check.store(0, Ordering::Relaxed);
        e.mv.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        (key & self.mask) as usize
    }

    #[inline]
    fn lock(key: u64) -> u32 {
        (key >> 32) as u32
    }

    /// Asks the processor to start loading `key`'s bucket (a hint; the
    /// search calls it as soon as a child's key is known).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = &self.buckets[self.index(key)] as *const Bucket as *const i8;
            // SAFETY: a prefetch is only a hint and never faults; `p` points
            // into the table.
            #[allow(unused_unsafe)]
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks `key` up.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let lock = Self::lock(key);
        let b = &self.buckets[self.index(key)];
        for e in &b.0 {
            let e = e.load();
            if e.lock == lock && e.flags & 3 != 0 {
                let bound = match e.flags & 3 {
                    1 => Bound::Upper,
                    2 => Bound::Lower,
                    _ => Bound::Exact,
                };
                return Some(Hit {
                    mv: MoveKey {
                        from: e.from,
                        to: e.to,
                        captured: e.captured,
                    },
                    score: e.score as i32,
                    depth: e.depth as i32,
                    bound,
                });
            }
        }
        None
    }

    /// Stores a result. `depth` is clamped to 0..=255; `score` must fit i16.
    #[inline]
    pub fn store(&self, key: u64, mv: MoveKey, score: i32, depth: i32, bound: Bound) {
        let lock = Self::lock(key);
        let generation = self.generation;
        let b = &self.buckets[self.index(key)];
        let entries = [b.0[0].load(), b.0[1].load(), b.0[2].load(), b.0[3].load()];
        // Same position: overwrite (keep its move if we have none).
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, e) in entries.iter().enumerate() {
            if e.lock == lock || e.flags & 3 == 0 {
                victim = i;
                break;
            }
            let age = (generation.wrapping_sub(e.flags >> 2) & 63) as i32;
            let value = e.depth as i32 - 8 * age;
            if value < worst {
                worst = value;
                victim = i;
            }
        }
        let e = &entries[victim];
        let keep_move = e.lock == lock && e.flags & 3 != 0 && mv.is_none();
        let (from, to, captured) = if keep_move {
            (e.from, e.to, e.captured)
        } else {
            (mv.from, mv.to, mv.captured)
        };
        b.0[victim].save(&Fields {
            lock,
            captured,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            from,
            to,
            depth: depth.clamp(0, 255) as u8,
            flags: (bound as u8) | (generation << 2),
        });
    }
}

/// The bucket array. On Linux it is allocated on a 2 MB boundary and the
/// kernel is asked to back it with huge pages: the table is probed at
/// random, and with 4 KB pages most probes would also miss the TLB.
struct Buckets {
    ptr: std::ptr::NonNull<Bucket>,
    len: usize,
}

// SAFETY: `Buckets` owns its memory exclusively, like a `Box<[Bucket]>`.
unsafe impl Send for Buckets {}
unsafe impl Sync for Buckets {}

const HUGE_PAGE: usize = 2 << 20;

impl Buckets {
    fn layout(len: usize) -> std::alloc::Layout {
        let bytes = len * std::mem::size_of::<Bucket>();
        let align = if cfg!(target_os = "linux") && bytes >= HUGE_PAGE {
            HUGE_PAGE
        } else {
            std::mem::align_of::<Bucket>()
        };
        std::alloc::Layout::from_size_align(bytes, align).expect("table size fits memory")
    }

    fn new(len: usize) -> Buckets {
        assert!(len > 0);
        let layout = Self::layout(len);
        // SAFETY: the layout has a non-zero size. The memory is initialised
        // below, after the huge-page advice (touching it first would map
        // small pages).
        let raw = unsafe { std::alloc::alloc(layout) } as *mut Bucket;
        let Some(ptr) = std::ptr::NonNull::new(raw) else {
            std::alloc::handle_alloc_error(layout)
        };
        #[cfg(target_os = "linux")]
        if layout.size() >= HUGE_PAGE {
            extern "C" {
                fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
            }
            const MADV_HUGEPAGE: i32 = 14;
            // SAFETY: the range is exactly our allocation; the advice is a
            // hint and failure is harmless.
            unsafe {
                madvise(raw as *mut std::ffi::c_void, layout.size(), MADV_HUGEPAGE);
            }
        }
        // SAFETY: writes `len` empty buckets into the fresh allocation.
        unsafe { std::ptr::write_bytes(raw, 0, len) };
        Buckets { ptr, len }
    }

    /// Empties every bucket (an all-zero entry is empty).
    fn zero(&mut self) {
        // SAFETY: `ptr` points to `len` buckets we own; `&mut self` is
        // exclusive, and zero bytes are valid atomics.
        unsafe { std::ptr::write_bytes(self.ptr.as_ptr(), 0, self.len) };
    }

    #[inline]
    #[cfg(test)]
    fn len(&self) -> usize {
        self.len
    }
}

impl std::ops::Index<usize> for Buckets {
    type Output = Bucket;
    #[inline]
    fn index(&self, i: usize) -> &Bucket {
        assert!(i < self.len);
        // SAFETY: in bounds (checked above).
        unsafe { &*self.ptr.as_ptr().add(i) }
    }
}

impl Drop for Buckets {
    fn drop(&mut self) {
        // SAFETY: allocated in `new` with this same layout.
        unsafe { std::alloc::dealloc(self.ptr.as_ptr() as *mut u8, Self::layout(self.len)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe() {
        let mut t = Table::new(1);
        assert_eq!(t.size_bytes(), 1 << 20);
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
        let k = 0x1234_5678_9abc_def0u64;
        assert!(t.probe(k).is_none());
        let mv = MoveKey {
            from: 9,
            to: 13,
            captured: 0,
        };
        t.store(k, mv, -57, 6, Bound::Lower);
        let h = t.probe(k).unwrap();
        assert_eq!(
            (h.mv, h.score, h.depth, h.bound),
            (mv, -57, 6, Bound::Lower)
        );
        // Same bucket, different lock: a miss.
        assert!(t.probe(k ^ (1 << 40)).is_none());
        // Storing without a move keeps the old one.
        t.store(k, MoveKey::NONE, 12, 7, Bound::Exact);
        let h = t.probe(k).unwrap();
        assert_eq!((h.mv, h.score, h.bound), (mv, 12, Bound::Exact));
        t.clear();
        assert!(t.probe(k).is_none());
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        // Two writes to the same slot by two threads, and a reader that
        // got the first word of one and the second of the other: the lock
        // no longer matches either position.
        let t = Table::new(1);
        let (k1, k2) = (0x1111_2222_0000_0040u64, 0x3333_4444_0000_0040u64);
        let m1 = MoveKey {
            from: 9,
            to: 13,
            captured: 0,
        };
        let m2 = MoveKey {
            from: 20,
            to: 6,
            captured: 1 << 17,
        };
        t.store(k1, m1, 50, 8, Bound::Exact);
        let e = &t.buckets[t.index(k1)].0[0];
        let w1 = (
            e.check.load(Ordering::Relaxed),
            e.mv.load(Ordering::Relaxed),
        );
        t.clear_slot_for_test(k1);
        t.store(k2, m2, -70, 3, Bound::Lower);
        let w2 = (
            e.check.load(Ordering::Relaxed),
            e.mv.load(Ordering::Relaxed),
        );
        assert!(t.probe(k2).is_some());
        for (check, mv) in [(w1.0, w2.1), (w2.0, w1.1)] {
            e.check.store(check, Ordering::Relaxed);
            e.mv.store(mv, Ordering::Relaxed);
            assert!(t.probe(k1).is_none());
            assert!(t.probe(k2).is_none());
        }
        // Whole writes read back whole.
        e.check.store(w1.0, Ordering::Relaxed);
        e.mv.store(w1.1, Ordering::Relaxed);
        let h = t.probe(k1).unwrap();
        assert_eq!((h.mv, h.score, h.depth), (m1, 50, 8));
    }

    #[test]
    fn threads_share_the_table() {
        // Four threads store and probe their own keys in one table at once;
        // every hit is a whole entry of the key asked for.
        let t = Table::new(1);
        std::thread::scope(|s| {
            for id in 0..4u64 {
                let t = &t;
                s.spawn(move || {
                    for i in 0..20_000u64 {
                        let key = (i * 0x9E37_79B9_7F4A_7C15) ^ (id << 60);
                        let mv = MoveKey {
                            from: (i % 32) as u8,
                            to: id as u8,
                            captured: i as u32,
                        };
                        t.store(key, mv, (i % 1000) as i32, (i % 50) as i32, Bound::Exact);
                        if let Some(h) = t.probe(key) {
                            assert_eq!(h.mv, mv);
                            assert_eq!(h.score, (i % 1000) as i32);
                        }
                    }
                });
            }
        });
    }
}
