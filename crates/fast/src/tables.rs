//! Compile-time lookup tables for the band-oriented board.
//!
//! Design decision: every table is computed by a `const fn` from first principles at compile
//! time (no generated source, no build script), so the geometry lives in one readable place and
//! costs nothing at run time.
//!
//! Cell numbering: cell `i` (reading order, 0..81) lives in band `i / 27` at bit `i % 27`; inside
//! a band, bit `r * 9 + c` is row `r` (0..3) of the band and column `c` (0..9).

/// The 27 bits of one band.
pub(crate) const BAND_MASK: u32 = (1 << 27) - 1;

/// Multiplying a 9-bit column set by this repeats it on the three rows of a band.
pub(crate) const REPEAT_ROWS: u32 = 1 | (1 << 9) | (1 << 18);

/// The six permutations of three items, as 3×3 matrices (bit `r * 3 + k` = row `r` takes item `k`).
const PERMUTATIONS: [u16; 6] = {
    let perms = sudokit_core::types::ORDERS_OF_THREE;
    let mut out = [0u16; 6];
    let mut p = 0;
    while p < 6 {
        let mut r = 0;
        while r < 3 {
            out[p] |= 1 << (r * 3 + perms[p][r]);
            r += 1;
        }
        p += 1;
    }
    out
};

/// For a 3×3 occupancy matrix (which mini-lines of a band or stack can still hold a digit),
/// the union of the permutation matrices it contains: the mini-lines that can still hold the
/// digit once "one per line and one per box" is enforced. 0 means no placement is possible.
///
/// This one table gives pointing, claiming and the band-wide consequences of both.
pub(crate) const PERM_KEEP: [u16; 512] = {
    let mut out = [0u16; 512];
    let mut occ = 0;
    while occ < 512 {
        let mut keep = 0u16;
        let mut p = 0;
        while p < 6 {
            if PERMUTATIONS[p] & occ as u16 == PERMUTATIONS[p] {
                keep |= PERMUTATIONS[p];
            }
            p += 1;
        }
        out[occ] = keep;
        occ += 1;
    }
    out
};

/// For a 3×3 occupancy matrix (as in [`PERM_KEEP`]): how many permutation matrices it
/// contains (the digit's remaining configurations), and the first two of them (0 if none).
pub(crate) const PERM_COUNT_FIRST: [(u8, u16, u16); 512] = {
    let mut out = [(0u8, 0u16, 0u16); 512];
    let mut occ = 0;
    while occ < 512 {
        let mut n = 0u8;
        let (mut first, mut second) = (0u16, 0u16);
        let mut p = 0;
        while p < 6 {
            if PERMUTATIONS[p] & occ as u16 == PERMUTATIONS[p] {
                if n == 0 {
                    first = PERMUTATIONS[p];
                } else if n == 1 {
                    second = PERMUTATIONS[p];
                }
                n += 1;
            }
            p += 1;
        }
        out[occ] = (n, first, second);
        occ += 1;
    }
    out
};

/// [`PERM_KEEP`] for the mini-rows of a band, expanded to a 27-bit cell mask (index bit
/// `r * 3 + k` is row `r`, box `k`).
pub(crate) const ROW_KEEP: [u32; 512] = {
    let mut out = [0u32; 512];
    let mut occ = 0;
    while occ < 512 {
        let keep = PERM_KEEP[occ];
        let mut m = 0u32;
        let mut i = 0;
        while i < 9 {
            if keep & (1 << i) != 0 {
                let (r, k) = (i / 3, i % 3);
                m |= 7 << (r * 9 + k * 3);
            }
            i += 1;
        }
        out[occ] = m;
        occ += 1;
    }
    out
};

/// [`PEERS`] packed for counting: bands 0 and 1 in one word (band 1 shifted by 27), band 2.
pub(crate) const PEERS_PACKED: [(u64, u32); 81] = {
    let mut out = [(0u64, 0u32); 81];
    let mut a = 0;
    while a < 81 {
        out[a] = (PEERS[a][0] as u64 | (PEERS[a][1] as u64) << 27, PEERS[a][2]);
        a += 1;
    }
    out
};

/// The peers of each cell (same row, column or box, not the cell itself), one mask per band.
pub(crate) const PEERS: [[u32; 3]; 81] = {
    let mut out = [[0u32; 3]; 81];
    let mut a = 0;
    while a < 81 {
        let (ra, ca) = (a / 9, a % 9);
        let mut b = 0;
        while b < 81 {
            let (rb, cb) = (b / 9, b % 9);
            let same_box = ra / 3 == rb / 3 && ca / 3 == cb / 3;
            if a != b && (ra == rb || ca == cb || same_box) {
                out[a][b / 27] |= 1 << (b % 27);
            }
            b += 1;
        }
        a += 1;
    }
    out
};

/// For a 9-bit row of a band, which of its three boxes hold a bit (bit `k` for box `k`).
pub(crate) const ROW_BOXES: [u8; 512] = {
    let mut out = [0u8; 512];
    let mut r = 0;
    while r < 512 {
        let mut k = 0;
        while k < 3 {
            if r & (7 << (3 * k)) != 0 {
                out[r] |= 1 << k;
            }
            k += 1;
        }
        r += 1;
    }
    out
};

/// [`minirow_occupancy`] by three lookups in [`ROW_BOXES`] (fewer operations than the
/// shifts, for CPUs without a fast `pext`).
#[inline(always)]
pub(crate) fn minirow_occupancy_table(m: u32) -> u32 {
    u32::from(ROW_BOXES[(m & 0x1FF) as usize])
        | u32::from(ROW_BOXES[((m >> 9) & 0x1FF) as usize]) << 3
        | u32::from(ROW_BOXES[((m >> 18) & 0x1FF) as usize]) << 6
}

/// For a 9-bit set of mini-rows of a band (bit `r * 3 + k`: row `r`, box `k`), their cells.
pub(crate) const MINIROW_CELLS: [u32; 512] = {
    let mut out = [0u32; 512];
    let mut set = 0;
    while set < 512 {
        let mut m = 0u32;
        let mut i = 0;
        while i < 9 {
            if set & (1 << i) != 0 {
                m |= 7 << ((i / 3) * 9 + (i % 3) * 3);
            }
            i += 1;
        }
        out[set] = m;
        set += 1;
    }
    out
};

/// Bit 0 of each aligned group of three bits in 27.
const TRIPLE_LOW: u32 = 0o111_111_111;
/// The first three bits of each group of nine in 27.
const NINE_LOW3: u32 = 0o007_007_007;

/// Of three bit sets, the bits set in exactly one.
#[inline(always)]
fn exactly_one(a: u32, b: u32, c: u32) -> u32 {
    (a ^ b ^ c) & !((a & b) | (a & c) | (b & c))
}

/// The bits of `y` alone in their aligned group of three (bits `3i..3i + 3`).
#[inline(always)]
pub(crate) fn alone_in_triple(y: u32) -> u32 {
    let s = exactly_one(y & TRIPLE_LOW, (y >> 1) & TRIPLE_LOW, (y >> 2) & TRIPLE_LOW);
    y & (s * 7)
}

/// The bits of `y` alone among `{j, j + 3, j + 6}` of their group of nine.
#[inline(always)]
pub(crate) fn alone_in_stride3(y: u32) -> u32 {
    let s = exactly_one(y & NINE_LOW3, (y >> 3) & NINE_LOW3, (y >> 6) & NINE_LOW3);
    y & (s * 0o111)
}

/// The bits of `y` alone among `{j, j + 9, j + 18}`.
#[inline(always)]
pub(crate) fn alone_in_stride9(y: u32) -> u32 {
    let s = exactly_one(y & 0x1FF, (y >> 9) & 0x1FF, (y >> 18) & 0x1FF);
    y & (s * REPEAT_ROWS)
}

/// Every bit of an aligned group of three holding a bit of `f`.
#[inline(always)]
pub(crate) fn spread_triple(f: u32) -> u32 {
    ((f | (f >> 1) | (f >> 2)) & TRIPLE_LOW) * 7
}

/// Every bit of `{j, j + 3, j + 6}` (in each group of nine) holding a bit of `f`.
#[inline(always)]
pub(crate) fn spread_stride3(f: u32) -> u32 {
    ((f | (f >> 3) | (f >> 6)) & NINE_LOW3) * 0o111
}

/// Every bit of `{j, j + 9, j + 18}` holding a bit of `f`.
#[inline(always)]
pub(crate) fn spread_stride9(f: u32) -> u32 {
    ((f | (f >> 9) | (f >> 18)) & 0x1FF) * REPEAT_ROWS
}

/// The 9-bit mini-row occupancy (bit `r * 3 + k`: row `r`, box `k` has a candidate) of a band.
#[inline(always)]
pub(crate) fn minirow_occupancy(m: u32) -> u32 {
    let t = m | (m >> 1) | (m >> 2);
    let x = t & 0x0124_9249;
    let z = x | (x >> 2) | (x >> 4);
    (z & 7) | ((z >> 6) & 0o70) | ((z >> 12) & 0o700)
}

/// The 9-bit set of columns with a candidate in a band.
#[inline(always)]
pub(crate) fn columns_of(m: u32) -> u32 {
    (m | (m >> 9) | (m >> 18)) & 0x1FF
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn occupancy_matches_definition() {
        for seed in 0u32..5000 {
            let m = seed.wrapping_mul(2_654_435_761) & BAND_MASK;
            let mut expect = 0;
            for r in 0..3 {
                for k in 0..3 {
                    if (m >> (r * 9 + k * 3)) & 7 != 0 {
                        expect |= 1 << (r * 3 + k);
                    }
                }
            }
            assert_eq!(minirow_occupancy(m), expect, "m = {m:#x}");
        }
    }

    #[test]
    fn occupancy_table_matches_shifts() {
        for seed in 0u32..5000 {
            let m = seed.wrapping_mul(2_654_435_761) & BAND_MASK;
            assert_eq!(
                minirow_occupancy_table(m),
                minirow_occupancy(m),
                "m = {m:#x}"
            );
        }
    }

    #[test]
    fn perm_keep_basics() {
        assert_eq!(PERM_KEEP[0x1FF], 0x1FF);
        assert_eq!(PERM_KEEP[0], 0);
        // Only the diagonal fits.
        assert_eq!(PERM_KEEP[0b100_010_001], 0b100_010_001);
        // Row 0 confined to box 0 (pointing/claiming): box 0 is removed from rows 1 and 2.
        assert_eq!(PERM_KEEP[0b111_111_001], 0b110_110_001);
        // A row with no place: nothing.
        assert_eq!(PERM_KEEP[0b111_111_000], 0);
    }

    #[test]
    fn peers_have_twenty_bits() {
        for p in &PEERS {
            assert_eq!(p.iter().map(|m| m.count_ones()).sum::<u32>(), 20);
        }
    }
}
