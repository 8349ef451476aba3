//! The transposition table: a fixed-size array of 64-byte buckets of four
//! 16-byte entries, sized once at creation. Each entry keeps 32 bits of the
//! key for verification (the other bits chose the bucket), the best move as
//! `(from, to, captured)`, a score with its bound, the depth, and the search
//! generation for replacement.

use crate::moves::Move;

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

#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    lock: u32,
    captured: u32,
    score: i16,
    from: u8,
    to: u8,
    depth: u8,
    /// Bound in bits 0-1 (0 = empty), generation in bits 2-7.
    flags: u8,
    _pad: u16,
}

#[derive(Clone, Copy, Default)]
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
        self.buckets.fill(Bucket::default());
        self.generation = 0;
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
    pub fn store(&mut self, key: u64, mv: MoveKey, score: i32, depth: i32, bound: Bound) {
        let lock = Self::lock(key);
        let generation = self.generation;
        let idx = self.index(key);
        let b = &mut self.buckets[idx];
        // Same position: overwrite (keep its move if we have none).
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, e) in b.0.iter().enumerate() {
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
        let e = &mut b.0[victim];
        let keep_move = e.lock == lock && e.flags & 3 != 0 && mv.is_none();
        let (from, to, captured) = if keep_move {
            (e.from, e.to, e.captured)
        } else {
            (mv.from, mv.to, mv.captured)
        };
        *e = Entry {
            lock,
            captured,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            from,
            to,
            depth: depth.clamp(0, 255) as u8,
            flags: (bound as u8) | (generation << 2),
            _pad: 0,
        };
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

    fn fill(&mut self, b: Bucket) {
        self.as_mut_slice().fill(b);
    }

    #[inline]
    #[cfg(test)]
    fn len(&self) -> usize {
        self.len
    }

    fn as_mut_slice(&mut self) -> &mut [Bucket] {
        // SAFETY: `ptr` points to `len` initialised buckets we own.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
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

impl std::ops::IndexMut<usize> for Buckets {
    #[inline]
    fn index_mut(&mut self, i: usize) -> &mut Bucket {
        assert!(i < self.len);
        // SAFETY: in bounds (checked above); `&mut self` is exclusive.
        unsafe { &mut *self.ptr.as_ptr().add(i) }
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
}
