//! A stable insertion sort for the short lists the library sorts (square
//! and file names, a position's moves: tens of items). The standard
//! library's stable sort costs several kilobytes of WebAssembly for each
//! element type it is used with (docs/performance.md, "Size of the
//! WebAssembly module"); this is a few hundred
//! bytes, gives the same order (stable: equal items keep their order), and
//! its quadratic time is nothing at these lengths.

/// Sorts `v` by `key`, stably.
pub(crate) fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && key(&v[j]) < key(&v[j - 1]) {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Sorts `v` in ascending order, stably.
pub(crate) fn sort<T: Ord>(v: &mut [T]) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && v[j] < v[j - 1] {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn same_order_as_the_standard_stable_sort() {
        // Pairs (key, original index) with many equal keys (xorshift, fixed seed).
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for len in 0..60 {
            let v: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    ((x % 7) as u8, i)
                })
                .collect();
            let mut ours = v.clone();
            super::sort_by_key(&mut ours, |p| std::cmp::Reverse(p.0));
            let mut std = v.clone();
            std.sort_by_key(|p| std::cmp::Reverse(p.0));
            assert_eq!(ours, std, "by key, stable, length {len}");
            let mut ours = v.clone();
            super::sort(&mut ours);
            let mut std = v;
            std.sort();
            assert_eq!(ours, std, "ascending, length {len}");
        }
    }
}
