//! k-combination walks: the masks of `k` out of `n` bits in increasing value (Gosper's hack,
//! SE's order), and a depth-first walk over `k`-subsets of a list that can prune by the union
//! of the chosen items' masks.
//!
//! Design decision: two orders, because two callers depend on them. The SE rater enumerates
//! in SE's own order (increasing mask value), which fixes which hint it finds first; the
//! HoDoKu-style finders walk positions lexicographically and cut a branch as soon as its
//! union has too many bits, which is what makes naked and hidden subsets cheap.

/// Combinations of `k` out of `n` bits in SE's order (increasing value of the mask).
pub(crate) fn combinations(k: usize, n: usize) -> impl Iterator<Item = u64> {
    let mut value: u64 = if k == 0 { 0 } else { (1u64 << k) - 1 };
    let limit: u64 = if n >= 64 { u64::MAX } else { 1u64 << n };
    let mut done = k > n || k == 0;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let out = value;
        let smallest = value & value.wrapping_neg();
        let ripple = value.wrapping_add(smallest);
        let ones = ((value ^ ripple) >> 2) / smallest;
        let next = ripple | ones;
        if next >= limit || next <= value {
            done = true;
        } else {
            value = next;
        }
        Some(out)
    })
}

/// Calls `visit` with every `k`-subset of `items` (lexicographic order of positions) and the
/// OR of the chosen items' masks (`mask` of each item), leaving out every subset whose union
/// passes `max_bits` bits on the way (a branch is cut as soon as it does). Stops, returning
/// `false`, when `visit` returns `false`.
pub(crate) fn combos<T: Copy>(
    items: &[T],
    k: usize,
    mask: impl Fn(T) -> u64,
    max_bits: u32,
    visit: &mut dyn FnMut(&[T], u64) -> bool,
) -> bool {
    Walk {
        items,
        k,
        mask,
        max_bits,
        chosen: Vec::with_capacity(k),
    }
    .rec(0, 0, visit)
}

/// One [`combos`] walk: what stays the same from one level to the next.
struct Walk<'a, T, M> {
    items: &'a [T],
    k: usize,
    mask: M,
    max_bits: u32,
    chosen: Vec<T>,
}

impl<T: Copy, M: Fn(T) -> u64> Walk<'_, T, M> {
    fn rec(&mut self, start: usize, union: u64, visit: &mut dyn FnMut(&[T], u64) -> bool) -> bool {
        if self.chosen.len() == self.k {
            return visit(&self.chosen, union);
        }
        for i in start..self.items.len() {
            let item = self.items[i];
            let u = union | (self.mask)(item);
            // (Without a bound, as the fish walks use it, no count is made.)
            if self.max_bits < 64 && u.count_ones() > self.max_bits {
                continue;
            }
            self.chosen.push(item);
            let go = self.rec(i + 1, u, visit);
            self.chosen.pop();
            if !go {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_follow_gospers_order() {
        let v: Vec<u64> = combinations(2, 4).collect();
        assert_eq!(v, vec![0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
        assert_eq!(combinations(3, 9).count(), 84);
        assert_eq!(combinations(4, 25).count(), 12650);
    }

    #[test]
    fn combos_walk_positions_in_order_and_stop_when_asked() {
        let mut seen = Vec::new();
        combos(&[1usize, 2, 3, 4], 2, |_| 0, u32::MAX, &mut |c, _| {
            seen.push(c.to_vec());
            true
        });
        let want: Vec<Vec<usize>> = vec![
            vec![1, 2],
            vec![1, 3],
            vec![1, 4],
            vec![2, 3],
            vec![2, 4],
            vec![3, 4],
        ];
        assert_eq!(seen, want);
        let mut count = 0;
        let done = combos(&[1usize, 2, 3, 4], 2, |_| 0, u32::MAX, &mut |_, _| {
            count += 1;
            count < 3
        });
        assert!(!done && count == 3);
    }

    /// A branch whose union passes the bound is cut: only subsets with few digits come out.
    #[test]
    fn combos_prune_by_the_union_of_masks() {
        let items = [(0usize, 0b011u64), (1, 0b110), (2, 0b1000), (3, 0b001)];
        let mut seen = Vec::new();
        combos(&items, 2, |(_, m)| m, 2, &mut |c, u| {
            seen.push((c.iter().map(|&(i, _)| i).collect::<Vec<_>>(), u));
            true
        });
        assert_eq!(seen, vec![(vec![0, 3], 0b011), (vec![2, 3], 0b1001)]);
    }
}
