//! Exactly uniform random 9×9 grids, fast enough to be the generator's filler.
//!
//! Design decision: sample the grid band by band from the exact decomposition that counts
//! them ([`crate::bands`]), with rejection instead of tables. The top band's orbit is drawn
//! with probability (grids it starts) / (all grids) from the shipped table, and a uniform
//! element of the band group (row, column-in-box, box order and relabelling) maps the orbit's
//! representative to a uniform band of the orbit. Given the top band's column sets `S`, a
//! completion is a middle band with column sets `T` (56 choices per box) and a bottom band
//! with the remaining digits `U`; the number of completions through `T` is W(T) = g(T)·g(U),
//! where g counts the bands with given column sets. `T` is proposed uniformly and accepted
//! with probability W(T) / Wmax, Wmax being the largest W over the top band's class
//! ([`CLASS_BOUND`], checked by a test against all 175,616 choices of every class), so `T` is
//! drawn with probability W(T) / (completions); the middle and bottom bands are then uniform
//! among the bands with column sets `T` and `U`. Every grid thus has probability exactly
//! 1 / 6,670,903,752,021,072,936,960 (up to the 2⁻⁵⁶ bias of reducing a 128-bit draw).
//!
//! g(T) depends only on how the column sets of the three boxes meet: relabelling the digits,
//! reordering the columns inside a box and reordering the boxes all keep the count. The 27
//! sizes |column i of box a ∩ column j of box b| (three 3×3 tables) give a class key through
//! a sum over the 27 column triples (i, j, k) of a fixed weight of the sorted sizes
//! (|i∩j|, |i∩k|, |j∩k|): a value no reordering changes. A test enumerates every one of the
//! 22,620 tables of digit positions a column-set vector can have and checks that the key
//! separates all 16 counts and that only 42 keys occur, each with the count shipped in
//! `CLASS_COUNTS`; so g is a lookup in a 4 KiB table built at compile time, shared by every
//! thread with no state to warm up (a direct count takes about 2 µs: the first box's row split
//! fixes, for every column of the second box, the orders its digits may take, and the third
//! box is then forced). Earlier versions kept a per-thread cache, first of the 22,589
//! position tables themselves (filled an orbit at a time; a lookup was mostly a cache miss),
//! then of the class keys met so far. Acceptance is 1.5–24% depending on the class, about a
//! dozen proposals a grid; about 4.5 µs a grid.

use std::sync::OnceLock;

use crate::bands::{Band, GRIDS_9X9, ORDERS, exact_table, middle_options};
use crate::rng::Rng;

const FULL: u16 = 0x1FF;

/// For each of the 44 Felgenhauer–Jarvis classes (numbered as in `data/band_classes.tsv`),
/// the largest number of completions through one choice of the middle band's column sets:
/// the rejection bound. A test recomputes each one exactly.
pub const CLASS_BOUND: [u64; 44] = [
    2_985_984, 995_328, 331_776, 746_496, 497_664, 746_496, 331_776, 891_648, 331_776, 331_776,
    497_664, 445_824, 497_664, 746_496, 476_928, 266_256, 331_776, 445_824, 393_984, 297_216,
    266_256, 445_824, 746_496, 297_216, 269_568, 331_776, 497_664, 497_664, 497_664, 497_664,
    497_664, 445_824, 331_776, 995_328, 331_776, 331_776, 266_256, 266_256, 266_256, 266_256,
    290_304, 331_776, 331_776, 165_888,
];

/// One band orbit: its representative, its column sets' middle-band options and its bound.
struct Orbit {
    representative: Band,
    columns: [u16; 9],
    options: [Vec<[u16; 3]>; 3],
    bound: u64,
}

/// The sampler's fixed data: the 416 orbits with cumulative grid counts.
pub struct UniformGrids {
    orbits: Vec<Orbit>,
    cumulative: Vec<u128>,
}

impl UniformGrids {
    /// The shared sampler (built once from the shipped table, a few milliseconds).
    pub fn get() -> &'static UniformGrids {
        static SAMPLER: OnceLock<UniformGrids> = OnceLock::new();
        SAMPLER.get_or_init(UniformGrids::build)
    }

    fn build() -> UniformGrids {
        let table = exact_table();
        let mut total = 0u128;
        let mut cumulative = Vec::with_capacity(table.len());
        let orbits = table
            .iter()
            .map(|row| {
                total += row.grids();
                cumulative.push(total);
                let columns = crate::bands::column_sets(&row.representative);
                Orbit {
                    representative: row.representative,
                    columns,
                    options: [0, 1, 2].map(|b| middle_options(&columns[b * 3..b * 3 + 3])),
                    bound: CLASS_BOUND[row.class],
                }
            })
            .collect();
        assert_eq!(total, GRIDS_9X9, "the shipped table covers every grid");
        UniformGrids { orbits, cumulative }
    }

    /// A uniformly random grid, 81 digits (1–9) row-major.
    pub fn sample(&self, rng: &mut Rng) -> [u8; 81] {
        let wide = u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64());
        let o = self.cumulative.partition_point(|&c| c <= wide % GRIDS_9X9);
        let orbit = &self.orbits[o];
        let s = &orbit.columns;
        let (t, gt, u, gu) = loop {
            let pick = [0, 1, 2].map(|b| orbit.options[b][rng.below(orbit.options[b].len())]);
            let t: [u16; 9] = std::array::from_fn(|c| pick[c / 3][c % 3]);
            let gt = bands_with_columns(&t);
            if gt == 0 {
                continue;
            }
            // The acceptance draw comes before g(U) (nothing between them draws, so the
            // numbers drawn are the same): a draw at or above g(T) times the largest g of any
            // column sets rejects whatever g(U) is, without looking it up.
            let r = rng.below(orbit.bound as usize) as u64;
            if r >= gt * MAX_BANDS {
                continue;
            }
            let u: [u16; 9] = std::array::from_fn(|c| FULL & !(s[c] | t[c]));
            let gu = bands_with_columns(&u);
            let w = gt * gu;
            debug_assert!(w <= orbit.bound, "bound {} below {w}", orbit.bound);
            if r < w {
                break (t, gt, u, gu);
            }
        };
        let mut grid = [0u8; 81];
        let mut rows = [0usize, 1, 2];
        rng.shuffle(&mut rows);
        for (r, &from) in rows.iter().enumerate() {
            grid[r * 9..r * 9 + 9].copy_from_slice(&orbit.representative[from * 9..from * 9 + 9]);
        }
        grid[27..54].copy_from_slice(&uniform_band_of(&t, gt, rng));
        grid[54..81].copy_from_slice(&uniform_band_of(&u, gu, rng));
        // A uniform column permutation (boxes, then columns inside them) and relabelling.
        let mut boxes = [0usize, 1, 2];
        rng.shuffle(&mut boxes);
        let mut inner = [[0usize, 1, 2]; 3];
        for order in &mut inner {
            rng.shuffle(order);
        }
        let mut digit = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut digit);
        std::array::from_fn(|i| {
            let (r, c) = (i / 9, i % 9);
            let from = boxes[c / 3] * 3 + inner[c / 3][c % 3];
            digit[usize::from(grid[r * 9 + from]) - 1]
        })
    }
}

/// The weight of each triple of intersection sizes (index `16a + 4b + c`, sizes 0–3): a
/// pseudo-random word of the sorted triple, so the weight does not depend on their order.
const TRIPLE_WEIGHTS: [u64; 64] = {
    let mut w = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        let (mut a, mut b, mut c) = (i / 16, i / 4 % 4, i % 4);
        // Sort the three sizes.
        if a > b {
            (a, b) = (b, a);
        }
        if b > c {
            (b, c) = (c, b);
        }
        if a > b {
            (a, b) = (b, a);
        }
        // SplitMix64 of the sorted code.
        let mut z = ((a * 16 + b * 4 + c) as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        w[i] = z ^ (z >> 31);
        i += 1;
    }
    w
};

/// The cache key of column sets `cols` (see the module docs): the same for every column-set
/// vector with the same band count, and (checked by a test over all of them) different for
/// different counts.
fn class_key(cols: &[u16; 9]) -> u64 {
    let sizes = |a: usize, b: usize| -> [usize; 9] {
        std::array::from_fn(|x| {
            usize::from(POPCOUNT9[usize::from(cols[a + x / 3] & cols[b + x % 3])])
        })
    };
    let (ij, ik, jk) = (sizes(0, 3), sizes(0, 6), sizes(3, 6));
    let mut key = 0u64;
    for i in 0..3 {
        for j in 0..3 {
            let a = 16 * ij[i * 3 + j];
            for k in 0..3 {
                key = key.wrapping_add(TRIPLE_WEIGHTS[a + 4 * ik[i * 3 + k] + jk[j * 3 + k]]);
            }
        }
    }
    key
}

/// Bits set in each 9-bit mask (the crate is built for the baseline CPU, without `popcnt`).
const POPCOUNT9: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// The band count g of each class key that occurs (see the module docs), by key. A test
/// recomputes it from every table of digit positions a column-set vector can have.
const CLASS_COUNTS: [(u64, u64); 42] = [
    (0x024C_2C8E_88A3_50C5, 228),
    (0x04C8_5ED0_384D_3A1A, 120),
    (0x0851_DEA5_B23E_7A81, 276),
    (0x0867_B92D_AEAF_CDCF, 144),
    (0x0D6B_B88D_0FF2_EFDC, 192),
    (0x1886_BC69_E418_35E1, 576),
    (0x1936_0D01_AD5B_BD41, 192),
    (0x19C2_76ED_03D9_6C88, 288),
    (0x24B4_BD30_4739_26AC, 168),
    (0x39CA_C623_EF00_10CE, 192),
    (0x3F14_537A_7405_326F, 228),
    (0x40ED_F734_6DE4_DE69, 168),
    (0x4162_18CC_CE35_3C2F, 864),
    (0x4506_3B93_2BC2_BB0B, 216),
    (0x4DA9_9550_0368_70CD, 288),
    (0x5989_C44C_9D42_9180, 168),
    (0x61F5_8409_173B_167D, 192),
    (0x6D98_03D8_1645_3FA3, 1728),
    (0x71BE_83F0_77EE_0DBB, 120),
    (0x7440_9F9B_CD07_8FA6, 144),
    (0x76F1_F6C3_D036_35DF, 192),
    (0x7BC8_B067_ED89_72F9, 180),
    (0x846C_0A24_C52F_28BB, 288),
    (0x8CFB_99E3_2AF7_3D5D, 192),
    (0x9BCE_8A84_CE87_A35E, 192),
    (0xAC99_3D23_F792_A24B, 168),
    (0xAF1B_58CF_4CAC_2436, 168),
    (0xB536_E56E_72B8_A140, 96),
    (0xB72F_D386_C3AB_B6D0, 264),
    (0xBC49_AD6E_2160_2C2B, 192),
    (0xC006_21F3_1D52_D54F, 576),
    (0xC814_01E2_BEC8_F990, 168),
    (0xCF96_7BB8_9F84_AD03, 144),
    (0xD35F_9D68_8C00_6C5F, 120),
    (0xD984_9A2A_1063_EB97, 144),
    (0xDA31_32E2_7D10_39FE, 96),
    (0xDAE5_F06A_8B4C_F220, 96),
    (0xDE5B_53CE_2DB7_28B1, 156),
    (0xE439_31A1_3F96_7E18, 192),
    (0xE689_81ED_BC03_F501, 516),
    (0xE93D_3100_A0D9_A025, 192),
    (0xFED6_76B7_808F_B17E, 144),
];

/// The largest band count g of any column sets (the largest of [`CLASS_COUNTS`], which holds
/// every count that occurs): g(T)·g(U) never exceeds g(T) times this.
const MAX_BANDS: u64 = {
    let mut max = 0;
    let mut e = 0;
    while e < CLASS_COUNTS.len() {
        if CLASS_COUNTS[e].1 > max {
            max = CLASS_COUNTS[e].1;
        }
        e += 1;
    }
    max
};

/// Slots of the table of [`CLASS_COUNTS`] (a power of two, well above its 42 keys).
const SLOTS: usize = 256;

/// [`CLASS_COUNTS`] by open addressing on the key's top bits, built at compile time: a slot
/// holds (key, count + 1), count + 1 = 0 marking an empty slot. 4 KiB.
static COUNTS: [(u64, u64); SLOTS] = {
    let mut table = [(0u64, 0u64); SLOTS];
    let mut e = 0;
    while e < CLASS_COUNTS.len() {
        let (key, count) = CLASS_COUNTS[e];
        let mut i = (key >> 56) as usize;
        while table[i].1 != 0 {
            i = (i + 1) % SLOTS;
        }
        table[i] = (key, count + 1);
        e += 1;
    }
    table
};

/// How many valid bands have column `c`'s digit set equal to `cols[c]` (each box's three sets
/// partitioning the nine digits), looked up by class (see the module docs).
pub fn bands_with_columns(cols: &[u16; 9]) -> u64 {
    let key = class_key(cols);
    let mut i = (key >> 56) as usize;
    // The table has empty slots, so the probe ends; a key it lacks (none occurs) is counted.
    loop {
        match COUNTS[i] {
            (k, n) if n != 0 && k == key => return n - 1,
            (_, 0) => return count_bands(cols),
            _ => i = (i + 1) % SLOTS,
        }
    }
}

/// [`bands_with_columns`] counted directly, without the table.
fn count_bands(cols: &[u16; 9]) -> u64 {
    let mut n = 0u64;
    for_each_band(cols, false, |_, _| {
        n += 1;
        true
    });
    n * 6
}

/// The three single-bit masks of a 3-digit set, ascending.
fn bits3(mut m: u16) -> [u16; 3] {
    let mut out = [0u16; 3];
    for slot in &mut out {
        *slot = m & m.wrapping_neg();
        m &= m - 1;
    }
    out
}

/// Calls `f(a, b)` for every valid band with column sets `cols` whose first column reads
/// ascending (one band of each six that differ only in row order), in a fixed order (or, with
/// `reverse`, exactly the reverse of it: every loop of the walk runs backwards), until `f`
/// returns `false`: `a` and `b` are the row digit masks of the first and second box; the
/// third box's are the remaining digits.
fn for_each_band(cols: &[u16; 9], reverse: bool, mut f: impl FnMut(&[u16; 3], &[u16; 3]) -> bool) {
    let seq = if reverse {
        [5, 4, 3, 2, 1, 0]
    } else {
        [0, 1, 2, 3, 4, 5]
    };
    let digits: [[u16; 3]; 9] = std::array::from_fn(|c| bits3(cols[c]));
    // The third box's valid row masks: one digit of each of its columns.
    let mut third = [0u64; 8];
    for &x in &digits[6] {
        for &y in &digits[7] {
            for &z in &digits[8] {
                let m = usize::from(x | y | z);
                third[m / 64] |= 1 << (m % 64);
            }
        }
    }
    let is_third = |m: u16| third[usize::from(m) / 64] >> (m % 64) & 1 == 1;
    // A box's rows packed as one word (row `r` at bits 9r..9r+9): the second box's columns in
    // each of their six orders.
    let pack = |m: [u16; 3]| u32::from(m[0]) | u32::from(m[1]) << 9 | u32::from(m[2]) << 18;
    let orders: [[u32; 6]; 3] =
        std::array::from_fn(|k| ORDERS.map(|o| pack([0, 1, 2].map(|r| digits[3 + k][o[r]]))));
    let unpack = |w: u32| [0, 1, 2].map(|r| (w >> (9 * r)) as u16 & FULL);
    // The loops index `ORDERS` through `seq` in place (an array `map` per loop was a
    // measurable part of a grid's cost).
    for &i1 in &seq {
        let o1 = ORDERS[i1];
        for &i2 in &seq {
            let o2 = ORDERS[i2];
            let a: [u16; 3] =
                std::array::from_fn(|r| digits[0][r] | digits[1][o1[r]] | digits[2][o2[r]]);
            let packed = pack(a);
            // Each column of the second box: the orders that put no digit in a row of the
            // first box that already holds it.
            let mut ways = [[0u32; 6]; 3];
            let mut counts = [0usize; 3];
            for k in 0..3 {
                for &i in &seq {
                    let m = orders[k][i];
                    if m & packed == 0 {
                        ways[k][counts[k]] = m;
                        counts[k] += 1;
                    }
                }
            }
            for &x in &ways[0][..counts[0]] {
                for &y in &ways[1][..counts[1]] {
                    for &z in &ways[2][..counts[2]] {
                        // The third box's rows: what the first two leave.
                        let c = !(packed | x | y | z);
                        if is_third(c as u16 & FULL)
                            && is_third((c >> 9) as u16 & FULL)
                            && !f(&a, &unpack(x | y | z))
                        {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// A uniformly random valid band with column sets `cols` (at least one must exist): the
/// `k`-th of the ascending-first-column bands, `k` uniform, under a uniform row order.
pub fn uniform_band(cols: &[u16; 9], rng: &mut Rng) -> Band {
    uniform_band_of(cols, bands_with_columns(cols), rng)
}

/// [`uniform_band`] when the caller already knows `bands`, the number of valid bands with
/// column sets `cols` ([`bands_with_columns`]).
fn uniform_band_of(cols: &[u16; 9], bands: u64, rng: &mut Rng) -> Band {
    let count = bands / 6;
    assert!(count > 0, "no band has column sets {cols:?}");
    let mut k = rng.below(count as usize);
    // The `k`-th from the start is the `(count - 1 - k)`-th from the end: walk from the
    // nearer end (a quarter of the bands on average instead of half).
    let reverse = 2 * k >= count as usize;
    if reverse {
        k = count as usize - 1 - k;
    }
    let (mut a, mut b) = ([0u16; 3], [0u16; 3]);
    for_each_band(cols, reverse, |x, y| {
        (a, b) = (*x, *y);
        k = k.wrapping_sub(1);
        k != usize::MAX
    });
    let rows_of = [a, b, [0, 1, 2].map(|r| FULL & !(a[r] | b[r]))];
    let mut order = [0usize, 1, 2];
    rng.shuffle(&mut order);
    std::array::from_fn(|i| {
        let (r, c) = (order[i / 9], i % 9);
        (cols[c] & rows_of[c / 3][r]).trailing_zeros() as u8 + 1
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bands::{ColumnCounter, column_sets, is_band, is_grid};

    #[test]
    fn band_counts_agree_with_the_reference_counter() {
        let mut rng = Rng::new(11);
        let mut reference = ColumnCounter::default();
        for _ in 0..40 {
            let grid = UniformGrids::get().sample(&mut rng);
            for band in 0..3 {
                let cols = column_sets(&grid[band * 27..band * 27 + 27].try_into().unwrap());
                assert_eq!(
                    bands_with_columns(&cols),
                    reference.bands_with_columns(&cols)
                );
            }
        }
    }

    /// Each class's bound is the exact largest W over all 56³ middle-band choices, so the
    /// rejection step never meets a W above it (which would bias the law) and accepts as
    /// often as it can.
    #[test]
    fn class_bounds_are_the_exact_maxima() {
        let table = exact_table();
        for (class, &bound) in CLASS_BOUND.iter().enumerate() {
            let row = table.iter().find(|r| r.class == class).unwrap();
            let s = column_sets(&row.representative);
            let options = [0, 1, 2].map(|b| middle_options(&s[b * 3..b * 3 + 3]));
            let (mut max, mut total) = (0u64, 0u64);
            for t0 in &options[0] {
                for t1 in &options[1] {
                    for t2 in &options[2] {
                        let t = [
                            t0[0], t0[1], t0[2], t1[0], t1[1], t1[2], t2[0], t2[1], t2[2],
                        ];
                        let gt = bands_with_columns(&t);
                        if gt == 0 {
                            continue;
                        }
                        let u = std::array::from_fn(|c| FULL & !(s[c] | t[c]));
                        let w = gt * bands_with_columns(&u);
                        max = max.max(w);
                        total += w;
                    }
                }
            }
            assert_eq!(total, row.completions, "class {class}");
            assert_eq!(max, bound, "class {class}");
        }
    }

    /// The backward walk meets the same bands as the forward one in exactly the reverse
    /// order (so the `k`-th band from either end is the same band), for the column sets of
    /// the bands of random grids.
    #[test]
    fn backward_walk_is_the_forward_walk_reversed() {
        let mut rng = Rng::new(17);
        for _ in 0..20 {
            let grid = UniformGrids::get().sample(&mut rng);
            for band in 0..3 {
                let cols = column_sets(&grid[band * 27..band * 27 + 27].try_into().unwrap());
                let walk = |reverse| {
                    let mut seen = Vec::new();
                    for_each_band(&cols, reverse, |a, b| {
                        seen.push((*a, *b));
                        true
                    });
                    seen
                };
                let (forward, mut backward) = (walk(false), walk(true));
                assert!(forward.len() > 1);
                assert_eq!(6 * forward.len() as u64, bands_with_columns(&cols));
                backward.reverse();
                assert_eq!(forward, backward);
            }
        }
    }

    /// Every table of digit positions a column-set vector can have (how many digits take
    /// column i of box 0, j of box 1 and k of box 2, with three digits in each column): the
    /// class key gives one count per key, so the cache never answers with another class's
    /// count.
    #[test]
    fn class_keys_separate_the_band_counts() {
        fn tables(pos: usize, n: &mut [u8; 27], sums: &mut [[u8; 3]; 3], out: &mut Vec<[u8; 27]>) {
            if pos == 27 {
                if sums.iter().flatten().all(|&s| s == 3) {
                    out.push(*n);
                }
                return;
            }
            let at = [pos / 9, pos / 3 % 3, pos % 3];
            let room = (0..3).map(|a| 3 - sums[a][at[a]]).min().unwrap();
            for v in 0..=room {
                n[pos] = v;
                (0..3).for_each(|a| sums[a][at[a]] += v);
                tables(pos + 1, n, sums, out);
                (0..3).for_each(|a| sums[a][at[a]] -= v);
            }
            n[pos] = 0;
        }
        let mut all = Vec::new();
        tables(0, &mut [0; 27], &mut [[0; 3]; 3], &mut all);
        assert_eq!(all.len(), 22_620);
        let mut by_key = std::collections::HashMap::new();
        let mut counts = std::collections::BTreeSet::new();
        for n in &all {
            // Digits 1, 2, … given the positions in table order.
            let mut cols = [0u16; 9];
            let mut digit = 0;
            for (p, &v) in n.iter().enumerate() {
                for _ in 0..v {
                    for c in [p / 9, 3 + p / 3 % 3, 6 + p % 3] {
                        cols[c] |= 1 << digit;
                    }
                    digit += 1;
                }
            }
            let g = count_bands(&cols);
            counts.insert(g);
            assert_eq!(*by_key.entry(class_key(&cols)).or_insert(g), g, "{n:?}");
            assert_eq!(bands_with_columns(&cols), g);
        }
        assert_eq!((counts.len(), by_key.len()), (16, 42));
        // The sampler's early rejection relies on this bound.
        assert_eq!(counts.last(), Some(&MAX_BANDS));
        let mut shipped: Vec<_> = by_key.into_iter().collect();
        shipped.sort();
        assert_eq!(shipped, CLASS_COUNTS, "the shipped counts are every key's");
    }

    #[test]
    fn uniform_bands_have_the_asked_column_sets() {
        let mut rng = Rng::new(3);
        for _ in 0..20 {
            let grid = UniformGrids::get().sample(&mut rng);
            assert!(is_grid(&grid), "{grid:?}");
            let cols = column_sets(&grid[27..54].try_into().unwrap());
            let b = uniform_band(&cols, &mut rng);
            assert!(is_band(&b));
            assert_eq!(column_sets(&b), cols);
        }
    }
}
