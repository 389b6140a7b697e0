//! 9×9 band classes: the exact law of a uniformly random grid's top band, and a chi-square
//! check of the random-grid filler against it.
//!
//! Design decision: the law is computed here, exactly, rather than taken from the literature,
//! and checked against the known number of grids. A band is first relabelled so that its first
//! box reads 1–9; what remains is one of 56 × 6⁶ = 2,612,736 indexable bands, and
//! [`BandClasses::new`] finds their 416 orbits under row, column-in-box and box permutations
//! by a walk over that index with the group's generators (about a second, so no table is
//! needed to classify). Orbits whose column sets are equivalent ([`column_pattern`]) make
//! Felgenhauer and Jarvis's 44 classes. The number of grids a band starts,
//! [`ColumnCounter::completions`], depends only on its nine column sets: it sums, over the
//! 56³ column-set choices of the middle band, the number of bands with those column sets
//! times the number with each column's remaining digits ([`ColumnCounter::bands_with_columns`],
//! cached). Under the uniform law on all 6,670,903,752,021,072,936,960 grids, an orbit's
//! probability is (bands in it) × (completions of one of them) / that total. The table
//! `data/band_classes.tsv` holds these numbers; `cargo run --release -p sudokit-generate
//! --example band_table` remakes it in about half a minute and fails unless they add up to
//! that total. [`Tally`] counts the classes of a sample of grids' six bands and stacks.

use std::collections::HashMap;

use crate::rng::Rng;

/// The number of 9×9 Sudoku grids (Felgenhauer and Jarvis, 2005).
pub const GRIDS_9X9: u128 = 6_670_903_752_021_072_936_960;

/// 9! relabellings: each band with its first box reading 1–9 stands for this many bands.
pub const RELABELLINGS: u64 = 362_880;

/// Bands whose first box reads 1–9 (56 row-set patterns × 6⁶ orders inside box rows).
pub const NORMALISED_BANDS: usize = 56 * 46_656;

/// A band: three rows of nine digits (1–9), row-major.
pub type Band = [u8; 27];

const FULL: u16 = 0x1FF;

/// The six orders of three things.
pub(crate) use sudokit_core::types::ORDERS_OF_THREE as ORDERS;

/// The 56 ways to fill the second box's rows with digit sets when the first box reads 1–9
/// (row `r` of the second box avoids the digits of row `r` of the first), as `[A0, A1, A2]`
/// masks (bit `d - 1`).
fn configs() -> &'static [[u16; 3]; 56] {
    static CONFIGS: std::sync::OnceLock<[[u16; 3]; 56]> = std::sync::OnceLock::new();
    CONFIGS.get_or_init(|| {
        let rows = [0b000_000_111u16, 0b000_111_000, 0b111_000_000];
        let mut out = [[0u16; 3]; 56];
        let mut n = 0;
        for a0 in triples(FULL & !rows[0]) {
            for a1 in triples(FULL & !rows[1] & !a0) {
                let a2 = FULL & !a0 & !a1;
                if a2 & rows[2] == 0 {
                    out[n] = [a0, a1, a2];
                    n += 1;
                }
            }
        }
        assert_eq!(n, 56, "the 56 band patterns");
        out
    })
}

/// The 3-element subsets of `mask`, ascending.
fn triples(mask: u16) -> impl Iterator<Item = u16> {
    static ALL: std::sync::OnceLock<Vec<u16>> = std::sync::OnceLock::new();
    let all = ALL.get_or_init(|| (0u16..512).filter(|t| t.count_ones() == 3).collect());
    all.iter().copied().filter(move |&t| t & !mask == 0)
}

/// The rank (0..6) of the order of three distinct values.
fn perm_rank(x: u8, y: u8, z: u8) -> usize {
    let first = usize::from(y < x) + usize::from(z < x);
    first * 2 + usize::from(z < y)
}

/// The digits (1–9) of a 3-element mask, ascending.
fn digits3(mask: u16) -> [u8; 3] {
    let mut d = [0u8; 3];
    let mut n = 0;
    for b in 0..9u8 {
        if mask >> b & 1 == 1 {
            d[n] = b + 1;
            n += 1;
        }
    }
    d
}

/// The three elements of a 3-element mask, ordered by `rank` (inverse of [`perm_rank`]).
fn perm_unrank(mask: u16, rank: usize) -> [u8; 3] {
    let d = digits3(mask);
    let first = d[rank / 2];
    let rest: Vec<u8> = d.iter().copied().filter(|&v| v != first).collect();
    if rank.is_multiple_of(2) {
        [first, rest[0], rest[1]]
    } else {
        [first, rest[1], rest[0]]
    }
}

/// `band` relabelled so that its first box reads 1–9 row by row.
pub fn normalise(band: &Band) -> Band {
    let mut map = [0u8; 10];
    for r in 0..3 {
        for c in 0..3 {
            map[usize::from(band[r * 9 + c])] = (r * 3 + c + 1) as u8;
        }
    }
    band.map(|v| map[usize::from(v)])
}

fn mask_of(cells: &[u8]) -> u16 {
    cells.iter().fold(0, |m, &v| m | 1 << (v - 1))
}

/// The index (`0..NORMALISED_BANDS`) of a band whose first box reads 1–9.
fn index_normalised(band: &Band) -> usize {
    let a = [0, 1, 2].map(|r| mask_of(&band[r * 9 + 3..r * 9 + 6]));
    let config = configs()
        .iter()
        .position(|c| c[0] == a[0] && c[1] == a[1])
        .expect("a valid band with its first box normalised");
    let mut idx = config;
    for r in 0..3 {
        for b in 1..3 {
            let s = r * 9 + b * 3;
            idx = idx * 6 + perm_rank(band[s], band[s + 1], band[s + 2]);
        }
    }
    idx
}

/// The normalised band with index `idx` (inverse of [`index_normalised`]).
fn band_at(mut idx: usize) -> Band {
    let mut ranks = [0usize; 6];
    for k in (0..6).rev() {
        ranks[k] = idx % 6;
        idx /= 6;
    }
    let a = configs()[idx];
    let mut band = [0u8; 27];
    for r in 0..3 {
        for c in 0..3 {
            band[r * 9 + c] = (r * 3 + c + 1) as u8;
        }
        let box0 = 0b111u16 << (3 * r);
        let box2 = FULL & !box0 & !a[r];
        band[r * 9 + 3..r * 9 + 6].copy_from_slice(&perm_unrank(a[r], ranks[r * 2]));
        band[r * 9 + 6..r * 9 + 9].copy_from_slice(&perm_unrank(box2, ranks[r * 2 + 1]));
    }
    band
}

/// Whether `band` is a valid band: nine digits a row, nine a box.
pub fn is_band(band: &Band) -> bool {
    (0..3).all(|r| mask_of(&band[r * 9..r * 9 + 9]) == FULL)
        && (0..3).all(|b| {
            let cells: Vec<u8> = (0..3)
                .flat_map(|r| band[r * 9 + b * 3..r * 9 + b * 3 + 3].to_vec())
                .collect();
            mask_of(&cells) == FULL
        })
}

/// Whether `grid` (81 digits, row-major) is a valid 9×9 Sudoku grid.
pub fn is_grid(grid: &[u8]) -> bool {
    grid.len() == 81
        && grid.iter().all(|&d| (1..=9).contains(&d))
        && (0..9).all(|i| {
            let row = (0..9).fold(0u16, |m, j| m | 1 << (grid[i * 9 + j] - 1));
            let col = (0..9).fold(0u16, |m, j| m | 1 << (grid[j * 9 + i] - 1));
            let bx = (0..9).fold(0u16, |m, j| {
                m | 1 << (grid[(i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3] - 1)
            });
            row == FULL && col == FULL && bx == FULL
        })
}

/// The six bands of a grid (81 digits, row-major): the three bands top to bottom, then the
/// three stacks left to right, each transposed into a band (its columns become rows).
/// Transposition maps grids onto grids, so under the uniform law all six have the law of the
/// top band.
pub fn bands_of_grid(grid: &[u8]) -> [Band; 6] {
    assert_eq!(grid.len(), 81, "bands_of_grid needs a 9x9 grid");
    let mut out = [[0u8; 27]; 6];
    for b in 0..3 {
        out[b].copy_from_slice(&grid[b * 27..b * 27 + 27]);
        for r in 0..3 {
            for c in 0..9 {
                out[3 + b][r * 9 + c] = grid[c * 9 + b * 3 + r];
            }
        }
    }
    out
}

/// The band orbits: each normalised band's orbit under the row, column-in-box and box
/// permutations (each followed by relabelling), found by a walk over the index.
pub struct BandClasses {
    orbit_of: Vec<u16>,
    /// Per orbit: the smallest index in it (its representative) and its size.
    orbits: Vec<(usize, u64)>,
}

impl Default for BandClasses {
    fn default() -> BandClasses {
        BandClasses::new()
    }
}

impl BandClasses {
    /// Finds the orbits (a depth-first walk over all 2,612,736 normalised bands).
    pub fn new() -> BandClasses {
        const UNSEEN: u16 = u16::MAX;
        let mut orbit_of = vec![UNSEEN; NORMALISED_BANDS];
        let mut orbits = Vec::new();
        let mut stack = Vec::new();
        for start in 0..NORMALISED_BANDS {
            if orbit_of[start] != UNSEEN {
                continue;
            }
            let k = u16::try_from(orbits.len())
                .ok()
                .filter(|&k| k != UNSEEN)
                .expect("fewer than 65,535 orbits");
            orbit_of[start] = k;
            stack.push(start);
            let mut size = 0u64;
            while let Some(i) = stack.pop() {
                size += 1;
                let band = band_at(i);
                for g in GENERATORS {
                    let j = index_normalised(&normalise(&g(&band)));
                    if orbit_of[j] == UNSEEN {
                        orbit_of[j] = k;
                        stack.push(j);
                    }
                }
            }
            orbits.push((start, size));
        }
        BandClasses { orbit_of, orbits }
    }

    /// How many orbits there are (416).
    pub fn len(&self) -> usize {
        self.orbits.len()
    }

    /// Always false.
    pub fn is_empty(&self) -> bool {
        self.orbits.is_empty()
    }

    /// The orbit (`0..len()`) of a valid band; orbits are numbered by their smallest
    /// normalised index.
    pub fn orbit(&self, band: &Band) -> usize {
        usize::from(self.orbit_of[index_normalised(&normalise(band))])
    }

    /// Orbit `k`'s representative: its normalised band of smallest index.
    pub fn representative(&self, k: usize) -> Band {
        band_at(self.orbits[k].0)
    }

    /// How many normalised bands orbit `k` holds (× [`RELABELLINGS`] for all its bands).
    pub fn normalised_size(&self, k: usize) -> u64 {
        self.orbits[k].1
    }

    /// Felgenhauer and Jarvis's 44 classes as unions of orbits: orbits whose bands have
    /// equivalent column sets (under relabelling and column and box permutations, see
    /// [`column_pattern`]), hence the same completions. Returns each orbit's class, classes
    /// numbered by their first orbit.
    pub fn column_families(&self) -> Vec<usize> {
        let mut number: HashMap<u128, usize> = HashMap::new();
        (0..self.len())
            .map(|k| {
                let next = number.len();
                *number
                    .entry(column_pattern(&self.representative(k)))
                    .or_insert(next)
            })
            .collect()
    }
}

/// A canonical key of a band's nine column sets under relabelling, column permutations
/// inside boxes and box permutations: the smallest packing over the choice of first box, the
/// order of its columns and the order of the digits inside each of them (these fix the
/// relabelling: the first box's columns become {1,2,3}, {4,5,6}, {7,8,9}); the other two
/// boxes' relabelled sets are sorted within each box and the two boxes sorted.
pub fn column_pattern(band: &Band) -> u128 {
    let s = column_sets(band);
    let digits = |m: u16| digits3(m).map(|d| usize::from(d) - 1);
    let mut best = u128::MAX;
    for first in 0..3 {
        let others = [(first + 1) % 3, (first + 2) % 3];
        for cols in ORDERS {
            let lists = cols.map(|c| digits(s[first * 3 + c]));
            for o0 in ORDERS {
                for o1 in ORDERS {
                    for o2 in ORDERS {
                        let mut map = [0u16; 9];
                        for (col, o) in [o0, o1, o2].iter().enumerate() {
                            for (i, &k) in o.iter().enumerate() {
                                map[lists[col][k]] = 1 << (col * 3 + i);
                            }
                        }
                        let relabel = |m: u16| -> u16 {
                            (0..9)
                                .filter(|&b| m >> b & 1 == 1)
                                .fold(0, |r, b| r | map[b])
                        };
                        let boxes = others.map(|b| [0, 1, 2].map(|c| relabel(s[b * 3 + c])));
                        best = best.min(sorted_key(boxes));
                    }
                }
            }
        }
    }
    best
}

type Generator = fn(&Band) -> Band;

/// Generators of the band group (less relabelling): swap rows 0 and 1, cycle the rows, swap
/// columns 0 and 1, cycle columns 0–2, swap boxes 0 and 1, cycle the boxes.
const GENERATORS: [Generator; 6] = [
    |b| permute(b, [1, 0, 2], |c| c),
    |b| permute(b, [1, 2, 0], |c| c),
    |b| permute(b, [0, 1, 2], |c| [1, 0, 2, 3, 4, 5, 6, 7, 8][c]),
    |b| permute(b, [0, 1, 2], |c| [1, 2, 0, 3, 4, 5, 6, 7, 8][c]),
    |b| permute(b, [0, 1, 2], |c| [3, 4, 5, 0, 1, 2, 6, 7, 8][c]),
    |b| permute(b, [0, 1, 2], |c| (c + 3) % 9),
];

/// The band whose row `r` is `band`'s row `rows[r]` and whose column `c` is its column
/// `col(c)`.
fn permute(band: &Band, rows: [usize; 3], col: impl Fn(usize) -> usize) -> Band {
    let mut out = [0u8; 27];
    for r in 0..3 {
        for c in 0..9 {
            out[r * 9 + c] = band[rows[r] * 9 + col(c)];
        }
    }
    out
}

/// Column sets grouped by box, packed 9 bits each after sorting each box's sets and then the
/// boxes: the same key for any order of the columns inside boxes and of the boxes.
fn sorted_key<const B: usize>(mut boxes: [[u16; 3]; B]) -> u128 {
    for b in &mut boxes {
        b.sort_unstable();
    }
    boxes.sort_unstable();
    boxes
        .iter()
        .flatten()
        .fold(0u128, |k, &m| k << 9 | u128::from(m))
}

/// The nine column sets of a band (bit `d - 1`).
pub fn column_sets(band: &Band) -> [u16; 9] {
    std::array::from_fn(|c| mask_of(&[band[c], band[9 + c], band[18 + c]]))
}

/// Counts bands by their column sets, with a cache keyed by the sets sorted within boxes and
/// the boxes sorted (the count does not change under those permutations).
#[derive(Default)]
pub struct ColumnCounter {
    cache: HashMap<u128, u64>,
    /// Membership of the third box's row splits, `(M0 << 9) | M1`.
    third: Vec<bool>,
}

impl ColumnCounter {
    /// How many valid bands have column `c`'s digits equal to `cols[c]` for every `c` (each
    /// box's three sets must partition the nine digits).
    pub fn bands_with_columns(&mut self, cols: &[u16; 9]) -> u64 {
        let key = sorted_key([0, 1, 2].map(|b| [cols[b * 3], cols[b * 3 + 1], cols[b * 3 + 2]]));
        if let Some(&n) = self.cache.get(&key) {
            return n;
        }
        let n = self.count(&[0, 1, 2].map(|b| [cols[b * 3], cols[b * 3 + 1], cols[b * 3 + 2]]));
        self.cache.insert(key, n);
        n
    }

    /// The count itself: each box's digits are split over the three rows (one of each column
    /// per row: 6³ ways); the rows of the three boxes must together hold each digit once. The
    /// first box's first column is fixed in ascending order (× 3! for the row orders).
    fn count(&mut self, boxes: &[[u16; 3]; 3]) -> u64 {
        if self.third.is_empty() {
            self.third = vec![false; 1 << 18];
        }
        let splits = boxes.map(|b| row_splits(&b));
        for s in &splits[2] {
            self.third[usize::from(s[0]) << 9 | usize::from(s[1])] = true;
        }
        let mut n = 0u64;
        for a in splits[0].iter().take(36) {
            for b in &splits[1] {
                if a[0] & b[0] != 0 || a[1] & b[1] != 0 || a[2] & b[2] != 0 {
                    continue;
                }
                let c0 = FULL & !(a[0] | b[0]);
                let c1 = FULL & !(a[1] | b[1]);
                n += u64::from(self.third[usize::from(c0) << 9 | usize::from(c1)]);
            }
        }
        for s in &splits[2] {
            self.third[usize::from(s[0]) << 9 | usize::from(s[1])] = false;
        }
        n * 6
    }

    /// How many grids have `band` as their top band: the sum, over the middle band's column
    /// sets (56 choices a box), of the bands with those sets times the bands with the
    /// remaining digits of each column.
    pub fn completions(&mut self, band: &Band) -> u64 {
        let s = column_sets(band);
        let options = [0, 1, 2].map(|b| middle_options(&s[b * 3..b * 3 + 3]));
        let mut total = 0u64;
        for t0 in &options[0] {
            for t1 in &options[1] {
                for t2 in &options[2] {
                    let t: [u16; 9] = [
                        t0[0], t0[1], t0[2], t1[0], t1[1], t1[2], t2[0], t2[1], t2[2],
                    ];
                    let mid = self.bands_with_columns(&t);
                    if mid == 0 {
                        continue;
                    }
                    let u = std::array::from_fn(|c| FULL & !(s[c] | t[c]));
                    total += mid * self.bands_with_columns(&u);
                }
            }
        }
        total
    }
}

/// Convenience: [`ColumnCounter::completions`] with a fresh cache.
pub fn completions(band: &Band) -> u64 {
    ColumnCounter::default().completions(band)
}

/// The 216 ways to split a box with column sets `cols` over three rows (one digit of each
/// column a row), as the rows' digit masks; the first 36 keep the first column ascending.
fn row_splits(cols: &[u16; 3]) -> Vec<[u16; 3]> {
    let orders: Vec<[[u16; 3]; 6]> = cols
        .iter()
        .map(|&m| {
            let bits: Vec<u16> = (0..9).filter(|b| m >> b & 1 == 1).map(|b| 1 << b).collect();
            ORDERS.map(|o| o.map(|i| bits[i]))
        })
        .collect();
    let mut out = Vec::with_capacity(216);
    for x in &orders[0] {
        for y in &orders[1] {
            for z in &orders[2] {
                out.push([0, 1, 2].map(|r| x[r] | y[r] | z[r]));
            }
        }
    }
    out
}

/// The 56 column-set triples a box of the middle band can take under a box whose column
/// sets are `s`: three disjoint sets, each avoiding the digits above it.
pub(crate) fn middle_options(s: &[u16]) -> Vec<[u16; 3]> {
    let mut out = Vec::with_capacity(56);
    for t0 in triples(FULL & !s[0]) {
        for t1 in triples(FULL & !s[1] & !t0) {
            let t2 = FULL & !t0 & !t1;
            if t2 & s[2] == 0 {
                out.push([t0, t1, t2]);
            }
        }
    }
    out
}

/// One row of the exact table (`data/band_classes.tsv`): one band orbit.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassRow {
    /// The orbit number (as [`BandClasses::orbit`] numbers them).
    pub orbit: usize,
    /// Its Felgenhauer–Jarvis class (as [`BandClasses::column_families`] numbers them).
    pub class: usize,
    /// The representative band, 27 digits.
    pub representative: Band,
    /// How many bands the class holds (relabellings included).
    pub bands: u64,
    /// How many grids each of its bands starts.
    pub completions: u64,
}

impl ClassRow {
    /// The grids whose top band is in this class.
    pub fn grids(&self) -> u128 {
        u128::from(self.bands) * u128::from(self.completions)
    }

    /// The probability that a uniformly random grid's top band is in this class.
    pub fn probability(&self) -> f64 {
        self.grids() as f64 / GRIDS_9X9 as f64
    }
}

/// Counts the 44 classes of grids' bands and stacks, per position, for a chi-square test
/// against the exact law.
pub struct Tally {
    class_of_orbit: Vec<usize>,
    probabilities: Vec<f64>,
    /// `counts[position][class]`: positions 0–2 are the bands, 3–5 the stacks.
    counts: [Vec<u64>; 6],
}

impl Tally {
    /// An empty tally over `table`'s classes.
    pub fn new(table: &[ClassRow]) -> Tally {
        let classes = table.iter().map(|r| r.class + 1).max().unwrap_or(0);
        let mut probabilities = vec![0.0; classes];
        let mut class_of_orbit = vec![0; table.len()];
        for r in table {
            probabilities[r.class] += r.probability();
            class_of_orbit[r.orbit] = r.class;
        }
        Tally {
            class_of_orbit,
            probabilities,
            counts: std::array::from_fn(|_| vec![0; classes]),
        }
    }

    /// Counts the classes of a grid's six bands (81 digits, row-major).
    pub fn add(&mut self, orbits: &BandClasses, grid: &[u8]) {
        for (pos, band) in bands_of_grid(grid).iter().enumerate() {
            self.counts[pos][self.class_of_orbit[orbits.orbit(band)]] += 1;
        }
    }

    /// The grids counted.
    pub fn grids(&self) -> u64 {
        self.counts[0].iter().sum()
    }

    /// The class counts at one position (0–2 bands, 3–5 stacks).
    pub fn counts(&self, position: usize) -> &[u64] {
        &self.counts[position]
    }

    /// The chi-square test of one position's counts (independent draws, so the p-value is
    /// exact up to the chi-square approximation).
    pub fn position(&self, position: usize) -> ChiSquare {
        chi_square(&self.counts[position], &self.probabilities, 5.0)
    }

    /// The chi-square test of all six positions' counts added up: more power, but the six
    /// bands of one grid are not independent, so its p-value is only approximate.
    pub fn pooled(&self) -> ChiSquare {
        let pooled: Vec<u64> = (0..self.probabilities.len())
            .map(|k| self.counts.iter().map(|c| c[k]).sum())
            .collect();
        chi_square(&pooled, &self.probabilities, 5.0)
    }
}

/// A 9×9 grid (81 digits) under a random relabelling, band and stack order, row and column
/// order inside them, and transposition: another grid whose bands and stacks fall in the same
/// classes as the original's (as a set).
pub fn shuffled(grid: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let mut order = || {
        let mut blocks = [0usize, 1, 2];
        rng.shuffle(&mut blocks);
        let mut inner = [[0usize, 1, 2]; 3];
        for b in &mut inner {
            rng.shuffle(b);
        }
        (0..9)
            .map(|i| blocks[i / 3] * 3 + inner[i / 3][i % 3])
            .collect::<Vec<_>>()
    };
    let (rows, cols) = (order(), order());
    let transpose = rng.below(2) == 1;
    (0..81)
        .map(|i| {
            let (r, c) = if transpose {
                (i % 9, i / 9)
            } else {
                (i / 9, i % 9)
            };
            digits[usize::from(grid[rows[r] * 9 + cols[c]]) - 1]
        })
        .collect()
}

/// The shipped exact table, parsed.
pub fn exact_table() -> Vec<ClassRow> {
    parse_table(include_str!("../data/band_classes.tsv"))
        .expect("data/band_classes.tsv is well formed")
}

/// Parses the table's text (`#` comments; tab-separated columns orbit, class,
/// representative, bands, completions, then anything).
pub fn parse_table(text: &str) -> Result<Vec<ClassRow>, String> {
    let mut rows = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let bad = |what: &str| format!("line {}: {what}: {line:?}", n + 1);
        if f.len() < 5 {
            return Err(bad("fewer than five columns"));
        }
        let digits: Vec<u8> = f[2].bytes().map(|b| b.wrapping_sub(b'0')).collect();
        let representative: Band = digits.try_into().map_err(|_| bad("representative"))?;
        if !is_band(&representative) {
            return Err(bad("representative is not a band"));
        }
        rows.push(ClassRow {
            orbit: f[0].parse().map_err(|_| bad("orbit"))?,
            class: f[1].parse().map_err(|_| bad("class"))?,
            representative,
            bands: f[3].parse().map_err(|_| bad("bands"))?,
            completions: f[4].parse().map_err(|_| bad("completions"))?,
        });
    }
    Ok(rows)
}

/// A chi-square goodness-of-fit result.
#[derive(Clone, Debug, PartialEq)]
pub struct ChiSquare {
    /// The statistic.
    pub statistic: f64,
    /// Degrees of freedom (bins after pooling, less one).
    pub dof: usize,
    /// P(χ²(dof) ≥ statistic).
    pub p_value: f64,
    /// Bins tested (classes with expected count ≥ the minimum, plus one pooled bin of the
    /// rest when it is not empty).
    pub bins: usize,
}

/// Pearson's chi-square test of `observed` counts against `probabilities`, pooling the
/// classes whose expected count is below `min_expected` into one bin.
pub fn chi_square(observed: &[u64], probabilities: &[f64], min_expected: f64) -> ChiSquare {
    assert_eq!(
        observed.len(),
        probabilities.len(),
        "one probability a class"
    );
    let n: u64 = observed.iter().sum();
    let total_p: f64 = probabilities.iter().sum();
    let mut stat = 0.0;
    let mut bins = 0usize;
    let (mut rest_o, mut rest_e) = (0.0, 0.0);
    for (&o, &p) in observed.iter().zip(probabilities) {
        let e = n as f64 * p / total_p;
        if e >= min_expected {
            stat += (o as f64 - e).powi(2) / e;
            bins += 1;
        } else {
            rest_o += o as f64;
            rest_e += e;
        }
    }
    if rest_e > 0.0 {
        stat += (rest_o - rest_e).powi(2) / rest_e;
        bins += 1;
    }
    let dof = bins.saturating_sub(1).max(1);
    ChiSquare {
        statistic: stat,
        dof,
        p_value: chi_square_survival(stat, dof),
        bins,
    }
}

/// P(χ²(dof) ≥ x): the regularised upper incomplete gamma function Q(dof/2, x/2), by its
/// series below a + 1 and its continued fraction above.
pub fn chi_square_survival(x: f64, dof: usize) -> f64 {
    let a = dof as f64 / 2.0;
    let x = x / 2.0;
    if x <= 0.0 {
        return 1.0;
    }
    let log_prefix = a * x.ln() - x - ln_gamma(a);
    if x < a + 1.0 {
        // P(a, x) = e^-x x^a / Γ(a+1) · Σ x^n / ((a+1)…(a+n)).
        let (mut term, mut sum, mut ap) = (1.0 / a, 1.0 / a, a);
        for _ in 0..10_000 {
            ap += 1.0;
            term *= x / ap;
            sum += term;
            if term.abs() < sum.abs() * 1e-16 {
                break;
            }
        }
        (1.0 - sum * log_prefix.exp()).max(0.0)
    } else {
        // Q(a, x) = e^-x x^a / Γ(a) · 1/(x+1-a- 1·(1-a)/(x+3-a- 2·(2-a)/(x+5-a- …))),
        // evaluated by the modified Lentz method.
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..10_000 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let delta = d * c;
            h *= delta;
            if (delta - 1.0).abs() < 1e-16 {
                break;
            }
        }
        (log_prefix.exp() * h).clamp(0.0, 1.0)
    }
}

/// ln Γ(x) for x > 0 (Lanczos approximation, g = 7, nine coefficients).
fn ln_gamma(x: f64) -> f64 {
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection: Γ(x)Γ(1-x) = π / sin(πx).
        return (std::f64::consts::PI / (std::f64::consts::PI * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut s = C[0];
    for (i, &c) in C.iter().enumerate().skip(1) {
        s += c / (x + i as f64);
    }
    let t = x + 7.5;
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + s.ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn band_index_round_trips() {
        for idx in [0, 1, 5, 46_655, 46_656, 1_000_003, NORMALISED_BANDS - 1] {
            let b = band_at(idx);
            assert!(is_band(&b), "{idx}");
            assert_eq!(index_normalised(&b), idx);
        }
    }

    #[test]
    fn grid_check_accepts_the_root_grid_and_rejects_a_swap() {
        let mut g: Vec<u8> = (0..81)
            .map(|i| {
                let (r, c) = (i / 9, i % 9);
                ((r % 3 * 3 + r / 3 + c) % 9 + 1) as u8
            })
            .collect();
        assert!(is_grid(&g));
        g.swap(0, 1);
        assert!(!is_grid(&g));
    }

    #[test]
    fn generators_map_bands_to_bands() {
        let b = band_at(123_457);
        for g in GENERATORS {
            assert!(is_band(&g(&b)));
            assert_ne!(g(&b), b);
        }
    }

    #[test]
    fn chi_square_survival_matches_known_quantiles() {
        // χ²(1) ≥ 3.841: 0.05; χ²(10) ≥ 18.307: 0.05; χ²(43) ≥ 43: about 0.47.
        assert!((chi_square_survival(3.841_458_8, 1) - 0.05).abs() < 1e-6);
        assert!((chi_square_survival(18.307_038, 10) - 0.05).abs() < 1e-6);
        assert!((chi_square_survival(2.0, 2) - (-1.0f64).exp()).abs() < 1e-12);
        // Even degrees of freedom 2k: Q = e^(-x/2) Σ_{i<k} (x/2)^i / i!.
        for (x, dof) in [(66.2, 40), (20.0, 44), (90.0, 44), (3.0, 6)] {
            let h = x / 2.0;
            let (mut term, mut sum) = (1.0f64, 0.0);
            for i in 0..dof / 2 {
                sum += term;
                term *= h / (i + 1) as f64;
            }
            let exact = (-h).exp() * sum;
            let got = chi_square_survival(x, dof);
            assert!(
                (got - exact).abs() < 1e-12 * exact.max(1e-300) + 1e-15,
                "{x} {dof}: {got} vs {exact}"
            );
        }
    }

    #[test]
    fn band_counts_agree_with_a_direct_count() {
        // The bands with the column sets of the root solution's top band, counted by brute
        // force over the 6^9 orders of the nine columns.
        let band: Band = std::array::from_fn(|i| {
            let (r, c) = (i / 9, i % 9);
            ((3 * r + c) % 9 + 1) as u8
        });
        assert!(is_band(&band));
        let cols = column_sets(&band);
        let mut brute = 0u64;
        let orders: Vec<[[u8; 3]; 6]> = cols
            .iter()
            .map(|&m| {
                let d: Vec<u8> = (1..=9u8).filter(|&v| m >> (v - 1) & 1 == 1).collect();
                ORDERS.map(|o| o.map(|i| d[i]))
            })
            .collect();
        let mut pick = [0usize; 9];
        loop {
            let ok = (0..3)
                .all(|r| (0..9).fold(0u16, |m, c| m | 1 << (orders[c][pick[c]][r] - 1)) == FULL);
            brute += u64::from(ok);
            let mut c = 0;
            while c < 9 && pick[c] == 5 {
                pick[c] = 0;
                c += 1;
            }
            if c == 9 {
                break;
            }
            pick[c] += 1;
        }
        assert!(brute > 0);
        assert_eq!(ColumnCounter::default().bands_with_columns(&cols), brute);
    }
}
