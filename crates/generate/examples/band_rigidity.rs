//! How much a band or stack alone says about a pattern (issue 44): `cargo run --release -p
//! sudokit-generate --example band_rigidity -- PATTERN...` (81 characters each, `.` or `0` an
//! empty cell, anything else a given; a puzzle line will do).
//!
//! Design decision: a puzzle on pattern P is unique exactly when the digits of its solution on
//! the empty cells E admit no other filling of E with the same digit set in every house's
//! empty cells — an unavoidable set is such a rearrangement — so uniqueness is a property of
//! the filling of E alone, whatever the givens are. Rearranging only inside one band keeps the
//! rest of the grid, so a unique puzzle's filling of a band's empty cells must already be
//! *rigid* with respect to the band's three rows, three boxes and nine column segments (and
//! likewise for a stack). That is the first filter of the forums' band-and-stack pattern
//! search ("Symmetric 18s": fill the empty cells of each band and stack, keep the rigid
//! fillings, then join them). This example measures the filter on real patterns: for each band
//! and stack it walks all 2,612,736 bands whose first row reads 1–9 (every band up to
//! relabelling), reduces each to its empty cells relabelled by first appearance, and counts
//! the distinct fillings and the rigid ones. Each band walked is checked with
//! [`sudokit_generate::bands::is_band`] and their number against
//! [`sudokit_generate::bands::NORMALISED_BANDS`]; every "not rigid" verdict is checked by
//! building the other band and testing that it is a band with the same column sets, its
//! givens unchanged.

use std::collections::HashMap;
use std::time::Instant;

use sudokit_generate::bands::{NORMALISED_BANDS, column_sets, is_band};

type Band = [u8; 27];

/// Every band (digits 1–9) whose first row reads 1–9.
fn bands_first_row_fixed() -> Vec<Band> {
    fn fill(b: &mut Band, i: usize, out: &mut Vec<Band>) {
        if i == 27 {
            out.push(*b);
            return;
        }
        let (r, c) = (i / 9, i % 9);
        let mut used = 0u16;
        for cc in 0..c {
            used |= 1 << b[r * 9 + cc];
        }
        for rr in 0..r {
            for cc in c / 3 * 3..c / 3 * 3 + 3 {
                used |= 1 << b[rr * 9 + cc];
            }
        }
        for d in 1..=9u8 {
            if used & 1 << d == 0 {
                b[i] = d;
                fill(b, i + 1, out);
            }
        }
    }
    let mut b = [0u8; 27];
    for (c, v) in b.iter_mut().take(9).enumerate() {
        *v = c as u8 + 1;
    }
    let mut out = Vec::with_capacity(NORMALISED_BANDS);
    fill(&mut b, 9, &mut out);
    out
}

/// Another filling of `empty` (band positions) with the same digit set in each row, box and
/// column segment as `band`'s, if there is one.
fn other_filling(empty: &[usize], band: &Band) -> Option<Band> {
    let (mut row, mut bx, mut col) = ([0u16; 3], [0u16; 3], [0u16; 9]);
    for &i in empty {
        let m = 1u16 << band[i];
        row[i / 9] |= m;
        bx[i % 9 / 3] |= m;
        col[i % 9] |= m;
    }
    struct Walk<'a> {
        empty: &'a [usize],
        band: &'a Band,
        row: [u16; 3],
        bx: [u16; 3],
        col: [u16; 9],
        now: Band,
    }
    impl Walk<'_> {
        fn go(&mut self, k: usize) -> bool {
            if k == self.empty.len() {
                return self.now != *self.band;
            }
            let i = self.empty[k];
            let (r, c) = (i / 9, i % 9);
            let mut cand = self.row[r] & self.bx[c / 3] & self.col[c];
            while cand != 0 {
                let m = cand & cand.wrapping_neg();
                cand ^= m;
                self.now[i] = m.trailing_zeros() as u8;
                self.row[r] ^= m;
                self.bx[c / 3] ^= m;
                self.col[c] ^= m;
                let found = self.go(k + 1);
                self.row[r] ^= m;
                self.bx[c / 3] ^= m;
                self.col[c] ^= m;
                if found {
                    return true;
                }
            }
            false
        }
    }
    let mut w = Walk {
        empty,
        band,
        row,
        bx,
        col,
        now: *band,
    };
    w.go(0).then_some(w.now)
}

/// The filling of `empty` relabelled by first appearance, as a key (4 bits a cell).
fn key(empty: &[usize], band: &Band) -> u128 {
    let (mut map, mut next, mut key) = ([0u8; 10], 0u8, 0u128);
    for &i in empty {
        let d = usize::from(band[i]);
        if map[d] == 0 {
            next += 1;
            map[d] = next;
        }
        key = key << 4 | u128::from(map[d]);
    }
    key
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let patterns: Vec<Vec<bool>> = std::env::args()
        .skip(1)
        .map(|a| a.bytes().map(|ch| ch != b'.' && ch != b'0').collect())
        .collect();
    if patterns.is_empty() || patterns.iter().any(|p| p.len() != 81) {
        return Err("usage: band_rigidity PATTERN... (81 characters each)".into());
    }
    let start = Instant::now();
    let bands = bands_first_row_fixed();
    if bands.len() != NORMALISED_BANDS || !bands.iter().all(is_band) {
        return Err(format!(
            "walked {} bands, not {NORMALISED_BANDS} valid ones",
            bands.len()
        )
        .into());
    }
    eprintln!("{} bands in {:.1?}", bands.len(), start.elapsed());
    println!(
        "pattern\tpart\tgivens\tempty-cell fillings\trigid\trigid share\tbands with a rigid filling\tseconds"
    );
    for (n, pattern) in patterns.iter().enumerate() {
        for part in 0..6 {
            let t = Instant::now();
            let (stack, k) = (part >= 3, part % 3);
            let empty: Vec<usize> = (0..27)
                .filter(|&i| {
                    let (r, c) = (k * 3 + i / 9, i % 9);
                    !pattern[if stack { c * 9 + r } else { r * 9 + c }]
                })
                .collect();
            let mut rigid: HashMap<u128, bool> = HashMap::new();
            let mut bands_rigid = 0u64;
            for band in &bands {
                let verdict =
                    *rigid.entry(key(&empty, band)).or_insert_with(|| {
                        match other_filling(&empty, band) {
                            None => true,
                            Some(other) => {
                                let givens_kept =
                                    (0..27).all(|i| empty.contains(&i) || other[i] == band[i]);
                                assert!(
                                    is_band(&other)
                                        && column_sets(&other) == column_sets(band)
                                        && givens_kept,
                                    "an alternative that is not one"
                                );
                                false
                            }
                        }
                    });
                bands_rigid += u64::from(verdict);
            }
            let kept = rigid.values().filter(|&&v| v).count();
            println!(
                "{n}\t{} {}\t{}\t{}\t{kept}\t{:.3}\t{bands_rigid}\t{:.1}",
                if stack { "stack" } else { "band" },
                k + 1,
                27 - empty.len(),
                rigid.len(),
                kept as f64 / rigid.len() as f64,
                t.elapsed().as_secs_f64()
            );
        }
    }
    Ok(())
}
