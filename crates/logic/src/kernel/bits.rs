//! Bit helpers on `u64` masks: a digit's bit, the set bits of a mask (core's
//! [`sudokit_core::types::bits`], re-exported), a mask's digits, and a count-of-two test.
//!
//! Design decision: masks stay plain `u64` here (a candidate set of a cell, the places of a
//! digit in a house, a set of covers), so every solver's inner loop reads them without a
//! wrapper; the typed sets ([`sudokit_core::DigitSet`], [`crate::CellSet`]) sit on top.

/// The bit of digit `d` (1-based) in a candidate mask.
#[inline]
pub(crate) fn bit(d: u8) -> u64 {
    1u64 << (d - 1)
}

pub(crate) use sudokit_core::types::bits;

/// Whether `m` has exactly two bits set. The release build targets x86-64 without `popcnt`,
/// where `count_ones` is a dozen instructions; the chain searches ask this in their inner
/// loops (a cell or a region left with two places).
#[inline]
pub(crate) fn two_bits(m: u64) -> bool {
    let rest = m & m.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}

/// Digits (1-based) of a candidate mask, ascending.
#[inline]
pub(crate) fn digits(m: u64) -> impl Iterator<Item = u8> {
    bits(m).map(|i| i as u8 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_and_digits_list_the_set_bits_lowest_first() {
        assert_eq!(bits(0).count(), 0);
        assert_eq!(bits(0b1010_0001).collect::<Vec<_>>(), vec![0, 5, 7]);
        assert_eq!(bits(1 << 63).collect::<Vec<_>>(), vec![63]);
        assert_eq!(digits(bit(3) | bit(9)).collect::<Vec<_>>(), vec![3, 9]);
        assert_eq!(bit(64), 1 << 63);
    }

    /// `two_bits` says what `count_ones() == 2` says, on sparse and dense masks.
    #[test]
    fn two_bits_is_a_count_of_two() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for i in 0..20_000u64 {
            // Sparse and dense masks alike, every few steps with few bits.
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let m = match i % 3 {
                0 => x,
                1 => x & (x >> 5) & (x >> 11),
                _ => (1 << (x % 64)) | (1 << ((x >> 8) % 64)),
            };
            assert_eq!(two_bits(m), m.count_ones() == 2, "{m:#x}");
        }
        assert!(!two_bits(0) && !two_bits(1) && two_bits(3) && !two_bits(7));
        assert!(two_bits(1 << 63 | 1) && !two_bits(u64::MAX));
    }
}
