//! The CPU-specific parts: run-time choice ([`Variant`]) between the search compiled for the
//! baseline x86-64 CPU, the one compiled with `popcnt`/`bmi1`/`bmi2`/`lzcnt`/`avx2`
//! (single-instruction bit counts and scans, `pext`/`pdep` for the mini-row and stack
//! patterns, through the [`Isa`] type parameter) and the same with AVX-512, and SSE2 versions of the operations on the nine digit words of a band:
//! removing cells (with a per-digit "changed" mask), counting candidates per cell, and the
//! digits of one cell (branch-free).
//!
//! Design decision: this is the crate's only `unsafe`. Calling a `#[target_feature]`
//! function is sound only on a CPU that has the features, which is checked with
//! `is_x86_feature_detected!` (cached by std) right before the call, and the `pext`/`pdep`
//! forms are reachable only through that variant (the `Bmi` type parameter); the SSE2 code
//! (part of every x86-64 CPU) needs `unsafe` only because the intrinsics are
//! `#[target_feature]` functions and for unaligned loads and stores that stay inside a
//! 27-word array. Each has a portable twin (the same search source via `search_fn!`,
//! [`Baseline`], and the `*_scalar` functions) used on other architectures, and tests check
//! that both give identical results. Measured on the hardest set: bmi variant about 6%
//! faster, SSE2 band operations about 8%, `pext`/`pdep` about 5% (on Intel). Where `pext`
//! and `pdep` are microcoded (AMD Zen 1/2, detected with `cpuid`), the bmi variant runs with
//! the table lookups instead: on a Zen 1 EPYC that took the whole search from 6,000 to
//! 12,400 puzzles/s on the hardest set. Adding `lzcnt` and `avx2` to the variant's features
//! (no source change: VEX-encoded band operations and copies, SSE4.1 tests) made it 2.5%
//! faster on the hardest set and the minimal 9×9 generator 2% faster on a Zen 4 EPYC. The
//! AVX-512 variant (same source; LLVM uses `vpternlog`, mask registers and 32 vector
//! registers) ran the hard sets 2–4% faster on an Intel Xeon with AMX (docs/bench.md, session
//! 63); the repository's builds leave AVX-512 off globally (`.cargo/config.toml`), so only this
//! function-level variant uses it, and only on CPUs with the Ice Lake extensions.
#![allow(
    unsafe_code,
    reason = "target-feature calls after run-time detection, and SSE2 loads/stores"
)]

use crate::board::Board;
use crate::search::{Search, Sink};
use crate::tables::{PERM_KEEP, minirow_occupancy};
use sudokit_core::Termination;

/// The few operations that have a faster form on some CPUs; the search is generic over it.
pub(crate) trait Isa {
    /// The 9-bit mini-row occupancy of a band word (see [`minirow_occupancy`]).
    fn minirow_occupancy(m: u32) -> u32;
    /// For one digit, given its occupied columns per band packed as `band * 9 + column`:
    /// those that fit "one per column and one per box" in every stack (same packing), or 0
    /// when some stack has no fitting pattern.
    fn stack_keep(cols: u32) -> u32;
    /// Removes `mask` from the words of band `b` of every digit but `d`; returns which of
    /// them held any of it (bit `k` for digit `k`, never bit `d`).
    #[inline(always)]
    fn clear_others_nine(cand: &mut [u32; 27], b: usize, d: usize, mask: u32) -> u32 {
        let own = cand[b * 9 + d];
        let changed = clear_nine(cand, b, mask);
        cand[b * 9 + d] = own;
        changed & !(1 << d)
    }
    /// Per digit, its mini-rows and mini-columns (see [`lines_nine`]).
    #[inline(always)]
    fn lines_nine(cand: &[u32; 27], rows: &mut [u32; 9], cols: &mut [u32; 9]) {
        lines_nine(cand, rows, cols);
    }
    /// The digits whose word of band `b` holds any bit of `bit` (see [`digits_at`]).
    #[inline(always)]
    fn digits_at(cand: &[u32; 27], b: usize, bit: u32) -> u32 {
        digits_at(cand, b, bit)
    }
}

/// Bits `band * 9 + column` of stack 0's nine (band, column) pairs.
const STACK0: u32 = 0o007_007_007;

/// [`PERM_KEEP`] deposited on stack 0's (band, column) bits (`band * 9 + column`).
const STACK_DEPOSIT: [u32; 512] = {
    let mut out = [0u32; 512];
    let mut occ = 0;
    while occ < 512 {
        let keep = PERM_KEEP[occ] as u32;
        out[occ] = (keep & 7) | ((keep & 0o70) << 6) | ((keep & 0o700) << 12);
        occ += 1;
    }
    out
};

/// Portable code only.
pub(crate) struct Baseline;

impl Isa for Baseline {
    #[inline(always)]
    fn minirow_occupancy(m: u32) -> u32 {
        crate::tables::minirow_occupancy_table(m)
    }

    #[inline(always)]
    fn stack_keep(cols: u32) -> u32 {
        let mut out = 0;
        for s in 0..3 {
            let sh = 3 * s;
            // Gathers bits 0..3, 9..12 and 18..21 into 0..9: the three shifted copies made
            // by the multiplication do not overlap, so nothing carries.
            let occ = (((cols >> sh) & STACK0).wrapping_mul(0x1041) >> 12) & 0x1FF;
            let keep = STACK_DEPOSIT[occ as usize];
            if keep == 0 {
                return 0;
            }
            out |= keep << sh;
        }
        out
    }
}

/// For code compiled with `bmi2`: only ever used by `Search::run_bmi`, which runs only after
/// [`has_bmi`] said yes.
#[cfg(target_arch = "x86_64")]
pub(crate) struct Bmi;

#[cfg(target_arch = "x86_64")]
impl Isa for Bmi {
    #[inline(always)]
    fn minirow_occupancy(m: u32) -> u32 {
        let t = m | (m >> 1) | (m >> 2);
        // SAFETY: `Bmi` is used only inside `run_bmi`, which is compiled with bmi2 and called
        // only after `has_bmi` detected bmi2 on this CPU.
        unsafe { std::arch::x86_64::_pext_u32(t, 0x0124_9249) }
    }

    #[inline(always)]
    fn stack_keep(cols: u32) -> u32 {
        use std::arch::x86_64::{_pdep_u32, _pext_u32};
        let mut out = 0;
        for s in 0..3 {
            let mask = STACK0 << (3 * s);
            // SAFETY: as above (bmi2 only).
            let occ = unsafe { _pext_u32(cols, mask) };
            let keep = u32::from(PERM_KEEP[occ as usize]);
            if keep == 0 {
                return 0;
            }
            // SAFETY: as above (bmi2 only).
            out |= unsafe { _pdep_u32(keep, mask) };
        }
        out
    }

    #[inline(always)]
    fn lines_nine(cand: &[u32; 27], rows: &mut [u32; 9], cols: &mut [u32; 9]) {
        // SAFETY: `Bmi` is used only inside `run_bmi` and `run_avx512`, both compiled with
        // avx2 and called only after `has_bmi` detected it on this CPU.
        unsafe { lines_nine_avx2(cand, rows, cols) }
    }

    /// Digits 0..8 as one 256-bit vector, the own digit's lane left out of the mask (a
    /// compare against the lane numbers), stored whole; digit 8's word scalar.
    #[inline(always)]
    fn clear_others_nine(cand: &mut [u32; 27], b: usize, d: usize, mask: u32) -> u32 {
        use std::arch::x86_64::{
            __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_castsi256_ps,
            _mm256_cmpeq_epi32, _mm256_loadu_si256, _mm256_movemask_ps, _mm256_set1_epi32,
            _mm256_setr_epi32, _mm256_setzero_si256, _mm256_storeu_si256,
        };
        let base = (b % 3) * 9;
        let words = &mut cand[base..base + 9];
        let p = words.as_mut_ptr().cast::<__m256i>();
        // SAFETY: as in `lines_nine` (AVX2 compiled in and detected). `words` has nine
        // `u32`s, so the 32-byte range at byte offset 0 is inside it; no alignment needed.
        let low = unsafe {
            let own = _mm256_cmpeq_epi32(
                _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
                _mm256_set1_epi32(d as i32),
            );
            let m = _mm256_andnot_si256(own, _mm256_set1_epi32(mask as i32));
            let v = _mm256_loadu_si256(p);
            _mm256_storeu_si256(p, _mm256_andnot_si256(m, v));
            let kept = _mm256_cmpeq_epi32(_mm256_and_si256(v, m), _mm256_setzero_si256());
            !(_mm256_movemask_ps(_mm256_castsi256_ps(kept)) as u32) & 0xFF
        };
        let m8 = mask & 0u32.wrapping_sub(u32::from(d != 8));
        let w8 = words[8];
        words[8] = w8 & !m8;
        low | u32::from(w8 & m8 != 0) << 8
    }
}

/// [`lines_nine`] with AVX2: digits 0..8 of the three bands as three 256-bit vectors (the
/// same shifts and masks as the scalar forms, eight digits at a time), digit 8 scalar.
///
/// # Safety
/// The CPU must have AVX2 (the caller is compiled with it and checked for it at run time).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn lines_nine_avx2(cand: &[u32; 27], rows: &mut [u32; 9], cols: &mut [u32; 9]) {
    use crate::tables::columns_of;
    use std::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_loadu_si256, _mm256_or_si256, _mm256_set1_epi32,
        _mm256_slli_epi32, _mm256_srli_epi32, _mm256_storeu_si256,
    };
    // SAFETY: the caller guarantees AVX2. The 32-byte loads start at words 0, 9 and 18, so
    // they cover words up to 25, inside the 27; the stores cover words 0..8 of nine-word
    // arrays. None needs alignment.
    unsafe {
        let p = cand.as_ptr();
        let occ = |v: __m256i| {
            let t = _mm256_or_si256(
                v,
                _mm256_or_si256(_mm256_srli_epi32::<1>(v), _mm256_srli_epi32::<2>(v)),
            );
            let x = _mm256_and_si256(t, _mm256_set1_epi32(0x0124_9249));
            let z = _mm256_or_si256(
                x,
                _mm256_or_si256(_mm256_srli_epi32::<2>(x), _mm256_srli_epi32::<4>(x)),
            );
            _mm256_or_si256(
                _mm256_and_si256(z, _mm256_set1_epi32(7)),
                _mm256_or_si256(
                    _mm256_and_si256(_mm256_srli_epi32::<6>(z), _mm256_set1_epi32(0o70)),
                    _mm256_and_si256(_mm256_srli_epi32::<12>(z), _mm256_set1_epi32(0o700)),
                ),
            )
        };
        let colsv = |v: __m256i| {
            _mm256_and_si256(
                _mm256_or_si256(
                    v,
                    _mm256_or_si256(_mm256_srli_epi32::<9>(v), _mm256_srli_epi32::<18>(v)),
                ),
                _mm256_set1_epi32(0x1FF),
            )
        };
        let v0 = _mm256_loadu_si256(p.cast::<__m256i>());
        let v1 = _mm256_loadu_si256(p.add(9).cast::<__m256i>());
        let v2 = _mm256_loadu_si256(p.add(18).cast::<__m256i>());
        let r = _mm256_or_si256(
            occ(v0),
            _mm256_or_si256(
                _mm256_slli_epi32::<9>(occ(v1)),
                _mm256_slli_epi32::<18>(occ(v2)),
            ),
        );
        let c = _mm256_or_si256(
            colsv(v0),
            _mm256_or_si256(
                _mm256_slli_epi32::<9>(colsv(v1)),
                _mm256_slli_epi32::<18>(colsv(v2)),
            ),
        );
        _mm256_storeu_si256(rows.as_mut_ptr().cast::<__m256i>(), r);
        _mm256_storeu_si256(cols.as_mut_ptr().cast::<__m256i>(), c);
    }
    let (w0, w1, w2) = (cand[8], cand[17], cand[26]);
    rows[8] = minirow_occupancy(w0) | minirow_occupancy(w1) << 9 | minirow_occupancy(w2) << 18;
    cols[8] = columns_of(w0) | columns_of(w1) << 9 | columns_of(w2) << 18;
}

/// For code compiled with AVX-512 as well: only ever used by `Search::run_avx512`, which
/// runs only after [`has_avx512`] said yes. The pattern operations are [`Bmi`]'s; the
/// clear of a band's other digits is one masked 256-bit operation.
#[cfg(target_arch = "x86_64")]
pub(crate) struct Avx512;

#[cfg(target_arch = "x86_64")]
impl Isa for Avx512 {
    #[inline(always)]
    fn minirow_occupancy(m: u32) -> u32 {
        Bmi::minirow_occupancy(m)
    }

    #[inline(always)]
    fn stack_keep(cols: u32) -> u32 {
        Bmi::stack_keep(cols)
    }

    #[inline(always)]
    fn lines_nine(cand: &[u32; 27], rows: &mut [u32; 9], cols: &mut [u32; 9]) {
        Bmi::lines_nine(cand, rows, cols);
    }

    /// Digits 0..8 as one 256-bit vector: the test of every word against `mask` gives the
    /// changed digits in a mask register, the clear is masked to the other digits (so the
    /// own word needs no save and restore) and the vector is stored whole; digit 8's word
    /// is scalar, with `mask` dropped when 8 is `d`.
    #[inline(always)]
    fn clear_others_nine(cand: &mut [u32; 27], b: usize, d: usize, mask: u32) -> u32 {
        use std::arch::x86_64::{
            __m256i, _mm256_loadu_si256, _mm256_mask_andnot_epi32, _mm256_mask_test_epi32_mask,
            _mm256_set1_epi32, _mm256_storeu_si256,
        };
        let base = (b % 3) * 9;
        let words = &mut cand[base..base + 9];
        let p = words.as_mut_ptr().cast::<__m256i>();
        let others = !(1u32 << d);
        // SAFETY: `Avx512` is used only inside `run_avx512`, which is compiled with avx512f
        // and avx512vl and called only after `has_avx512` detected them on this CPU. `words`
        // has nine `u32`s, so the 32-byte range at byte offset 0 (words 0..8) is inside it;
        // the load and store need no alignment.
        let changed = unsafe {
            let m = _mm256_set1_epi32(mask as i32);
            let v = _mm256_loadu_si256(p);
            let k = others as u8;
            let hit = _mm256_mask_test_epi32_mask(k, v, m);
            _mm256_storeu_si256(p, _mm256_mask_andnot_epi32(v, k, m, v));
            u32::from(hit)
        };
        let m8 = mask & 0u32.wrapping_sub((others >> 8) & 1);
        let w8 = words[8];
        words[8] = w8 & !m8;
        changed | u32::from(w8 & m8 != 0) << 8
    }

    /// Digits 0..8 tested as one 256-bit vector into a mask register, digit 8 scalar.
    #[inline(always)]
    fn digits_at(cand: &[u32; 27], b: usize, bit: u32) -> u32 {
        use std::arch::x86_64::{
            __m256i, _mm256_loadu_si256, _mm256_set1_epi32, _mm256_test_epi32_mask,
        };
        let base = (b % 3) * 9;
        let words = &cand[base..base + 9];
        // SAFETY: as in `clear_others_nine` (avx512f and avx512vl detected; the 32-byte load
        // covers words 0..8 of the nine).
        let low = unsafe {
            let v = _mm256_loadu_si256(words.as_ptr().cast::<__m256i>());
            _mm256_test_epi32_mask(v, _mm256_set1_epi32(bit as i32))
        };
        u32::from(low) | u32::from(words[8] & bit != 0) << 8
    }
}

/// Whether the CPU has the bit-manipulation instructions the fast variant is compiled with.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn has_bmi() -> bool {
    std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("avx2")
}

/// Whether `pext`/`pdep` are fast on this CPU (one micro-op). AMD's Zen 1 and Zen 2 (family
/// 0x17) and earlier AMD CPUs with bmi2 run them in microcode, tens to hundreds of cycles
/// depending on the mask: on such a CPU the pattern tables make the whole search about twice
/// as fast (2.2× on the hardest sets on a Zen 1 EPYC, docs/bench.md, session 65). Read once
/// from `cpuid` and cached.
#[cfg(target_arch = "x86_64")]
pub(crate) fn fast_pext() -> bool {
    use std::sync::OnceLock;
    static FAST: OnceLock<bool> = OnceLock::new();
    *FAST.get_or_init(|| {
        let (vendor, family) = cpu_vendor_family();
        !(vendor == *b"AuthenticAMD" && family < 0x19)
    })
}

/// The CPU vendor string and its display family (base family plus extended family).
#[cfg(target_arch = "x86_64")]
fn cpu_vendor_family() -> ([u8; 12], u32) {
    use std::arch::x86_64::__cpuid;
    // `cpuid` exists on every x86-64 CPU, and leaves 0 and 1 are always defined.
    let (l0, l1) = (__cpuid(0), __cpuid(1));
    let mut vendor = [0u8; 12];
    vendor[..4].copy_from_slice(&l0.ebx.to_le_bytes());
    vendor[4..8].copy_from_slice(&l0.edx.to_le_bytes());
    vendor[8..].copy_from_slice(&l0.ecx.to_le_bytes());
    let base = (l1.eax >> 8) & 0xF;
    let family = if base == 0xF {
        base + ((l1.eax >> 20) & 0xFF)
    } else {
        base
    };
    (vendor, family)
}

/// The body of a band operation: its SSE2 form `$sse2` on x86-64 (SSE2 is part of every
/// x86-64 CPU), its portable form `$scalar` elsewhere.
macro_rules! sse2_or_scalar {
    ($sse2:ident / $scalar:ident ($($arg:expr),*)) => {{
        #[cfg(target_arch = "x86_64")]
        {
            $sse2($($arg),*)
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            $scalar($($arg),*)
        }
    }};
}

/// The compiled variants of the search, in order of preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Variant {
    /// Portable code only (any CPU; the only variant off x86-64).
    Baseline,
    /// `popcnt`, `bmi1`, `bmi2`, `lzcnt` and `avx2`, with the pattern tables instead of
    /// `pext`/`pdep` (CPUs that microcode those two: AMD before Zen 3).
    Avx2Tables,
    /// `popcnt`, `bmi1`, `bmi2`, `lzcnt` and `avx2`, with `pext`/`pdep`.
    Avx2,
    /// [`Variant::Avx2`] plus the AVX-512 extensions of Intel's Ice Lake and AMD's Zen 4:
    /// foundation, VL, BW, DQ, CD, VPOPCNTDQ, BITALG, VBMI and VBMI2 (so not Skylake-SP,
    /// Cascade Lake or Cooper Lake, whose cores lower their clock after 512-bit instructions).
    Avx512,
}

impl Variant {
    /// The variant's name, as `SUDOKIT_FAST_ISA` spells it (`avx2-tables` is chosen with
    /// `avx2` on a CPU whose `pext` is slow).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Variant::Baseline => "baseline",
            Variant::Avx2Tables => "avx2-tables",
            Variant::Avx2 => "avx2",
            Variant::Avx512 => "avx512",
        }
    }
}

/// The variant to run, given the best one this CPU can run and the value of
/// `SUDOKIT_FAST_ISA`: `baseline`, `avx2` or `avx512` asks for at most that variant (never
/// more than the CPU has); anything else, or nothing, leaves the best.
pub(crate) fn choose(best: Variant, request: Option<&str>) -> Variant {
    let cap = match request.map(str::trim) {
        Some("baseline") => Variant::Baseline,
        Some("avx2") => Variant::Avx2,
        _ => return best,
    };
    // `Avx2Tables` sorts below `Avx2`, so a CPU with slow `pext` keeps its table form.
    best.min(cap)
}

/// The variant the search uses on this CPU: the best it has (see [`Variant`]), unless the
/// environment variable `SUDOKIT_FAST_ISA` asks for less, for measurements: `baseline` or
/// `avx2` caps the choice (never above what the CPU has; a CPU with slow `pext` keeps
/// `avx2-tables`), any other value is ignored.
/// Decided once and cached.
pub fn variant() -> Variant {
    use std::sync::OnceLock;
    static VARIANT: OnceLock<Variant> = OnceLock::new();
    *VARIANT.get_or_init(|| {
        let request = std::env::var("SUDOKIT_FAST_ISA").ok();
        choose(best_variant(), request.as_deref())
    })
}

/// The best variant this CPU can run.
fn best_variant() -> Variant {
    #[cfg(target_arch = "x86_64")]
    if has_bmi() {
        if !fast_pext() {
            return Variant::Avx2Tables;
        }
        if has_avx512() {
            return Variant::Avx512;
        }
        return Variant::Avx2;
    }
    Variant::Baseline
}

/// Whether the CPU has the AVX-512 extensions `run_avx512` is compiled with: foundation,
/// VL, BW, DQ, CD and the Ice Lake additions (VPOPCNTDQ, BITALG, VBMI, VBMI2). Requiring the
/// Ice Lake set is deliberate: it leaves out Intel's Skylake-SP, Cascade Lake and Cooper Lake
/// (family 6 model 85), whose cores lower their clock after 512-bit instructions
/// (docs/bench.md, "Intel Xeon, family 6 model 85": 12–13% slower with AVX-512 there), while
/// Ice Lake and later Intel cores and AMD's Zen 4 and Zen 5 have all of it.
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn has_avx512() -> bool {
    has_bmi()
        && std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512vl")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx512dq")
        && std::arch::is_x86_feature_detected!("avx512cd")
        && std::arch::is_x86_feature_detected!("avx512vpopcntdq")
        && std::arch::is_x86_feature_detected!("avx512bitalg")
        && std::arch::is_x86_feature_detected!("avx512vbmi")
        && std::arch::is_x86_feature_detected!("avx512vbmi2")
}

/// Runs `search` from `board` with [`variant`].
#[inline]
pub(crate) fn run<T: Termination, S: Sink>(search: &mut Search<'_, T, S>, board: Board) -> bool {
    match variant() {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `best_variant` returns `Avx512` only after `has_avx512` confirmed every
        // feature `run_avx512` is compiled with, and `choose` never raises a variant.
        Variant::Avx512 => unsafe { search.run_avx512(board) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `run_bmi` is compiled with popcnt, bmi1, bmi2, lzcnt and avx2; `Avx2` is
        // chosen only when `has_bmi` confirmed all five (and `fast_pext` said yes).
        Variant::Avx2 => unsafe { search.run_bmi(board) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as above; this variant differs only in not using `pext`/`pdep`.
        Variant::Avx2Tables => unsafe { search.run_bmi_tables(board) },
        _ => search.run_baseline(board),
    }
}

/// Removes `mask` from the nine digit words of band `b` (`cand[b * 9..b * 9 + 9]`); returns
/// which of them held any of it (bit `d` for digit `d`).
#[inline(always)]
pub(crate) fn clear_nine(cand: &mut [u32; 27], b: usize, mask: u32) -> u32 {
    sse2_or_scalar!(clear_nine_sse2 / clear_nine_scalar(cand, b, mask))
}

/// The portable version of [`clear_nine`].
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
pub(crate) fn clear_nine_scalar(cand: &mut [u32; 27], b: usize, mask: u32) -> u32 {
    let mut changed = 0u32;
    for (k, w) in cand[b * 9..b * 9 + 9].iter_mut().enumerate() {
        changed |= u32::from(*w & mask != 0) << k;
        *w &= !mask;
    }
    changed
}

/// [`clear_nine`] with SSE2: two 4-word vectors and one scalar word.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn clear_nine_sse2(cand: &mut [u32; 27], b: usize, mask: u32) -> u32 {
    use std::arch::x86_64::{
        __m128i, _mm_andnot_si128, _mm_loadu_si128, _mm_set1_epi32, _mm_storeu_si128,
    };
    let base = (b % 3) * 9;
    let words = &mut cand[base..base + 9];
    let p = words.as_mut_ptr().cast::<__m128i>();
    // SAFETY: SSE2 is part of every x86-64 CPU (the intrinsics are `unsafe` only because they
    // are `#[target_feature]` functions). `words` has nine `u32`s, so the 16-byte ranges at
    // byte offsets 0 and 16 (words 0..4 and 4..8) are inside it, and these loads and stores
    // need no alignment.
    let untouched = unsafe {
        let m = _mm_set1_epi32(mask as i32);
        let (lo, hi) = (_mm_loadu_si128(p), _mm_loadu_si128(p.add(1)));
        _mm_storeu_si128(p, _mm_andnot_si128(m, lo));
        _mm_storeu_si128(p.add(1), _mm_andnot_si128(m, hi));
        disjoint_eight(lo, hi, m)
    };
    let last = u32::from(words[8] & mask != 0) << 8;
    words[8] &= !mask;
    (!untouched & 0xFF) | last
}

/// Which of words 0..8 of a band (`lo`: words 0..4, `hi`: words 4..8) share no bit with
/// `m`: bit `k` for word `k`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn disjoint_eight(
    lo: std::arch::x86_64::__m128i,
    hi: std::arch::x86_64::__m128i,
    m: std::arch::x86_64::__m128i,
) -> u32 {
    use std::arch::x86_64::{
        _mm_and_si128, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_movemask_ps, _mm_setzero_si128,
    };
    // SAFETY: SSE2 is part of every x86-64 CPU (the intrinsics are `unsafe` only because they
    // are `#[target_feature]` functions); nothing here touches memory.
    unsafe {
        let zero = _mm_setzero_si128();
        let empty_lo = _mm_cmpeq_epi32(_mm_and_si128(lo, m), zero);
        let empty_hi = _mm_cmpeq_epi32(_mm_and_si128(hi, m), zero);
        _mm_movemask_ps(_mm_castsi128_ps(empty_lo)) as u32
            | (_mm_movemask_ps(_mm_castsi128_ps(empty_hi)) as u32) << 4
    }
}

/// The digits (bit `d` for digit `d`) whose word of band `b` holds any bit of `bit`.
#[inline(always)]
pub(crate) fn digits_at(cand: &[u32; 27], b: usize, bit: u32) -> u32 {
    sse2_or_scalar!(digits_at_sse2 / digits_at_scalar(cand, b, bit))
}

/// The portable version of [`digits_at`].
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
pub(crate) fn digits_at_scalar(cand: &[u32; 27], b: usize, bit: u32) -> u32 {
    let mut digits = 0u32;
    for (d, &w) in cand[b * 9..b * 9 + 9].iter().enumerate() {
        digits |= u32::from(w & bit != 0) << d;
    }
    digits
}

/// [`digits_at`] with SSE2: one compare per four words and a movemask, no branches.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn digits_at_sse2(cand: &[u32; 27], b: usize, bit: u32) -> u32 {
    use std::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_set1_epi32};
    let base = (b % 3) * 9;
    let words = &cand[base..base + 9];
    let p = words.as_ptr().cast::<__m128i>();
    // SAFETY: as in `count_nine_sse2` (SSE2 is baseline on x86-64; both 16-byte loads lie
    // inside the nine words and need no alignment).
    let empty = unsafe {
        let m = _mm_set1_epi32(bit as i32);
        disjoint_eight(_mm_loadu_si128(p), _mm_loadu_si128(p.add(1)), m)
    };
    (!empty & 0xFF) | u32::from(words[8] & bit != 0) << 8
}

/// Per digit, its mini-rows (bit `b * 9 + r * 3 + k`, from
/// [`minirow_occupancy`] of each band word) and its mini-columns (bit `b * 9 + c`, from
/// [`crate::tables::columns_of`]).
#[inline(always)]
pub(crate) fn lines_nine(cand: &[u32; 27], rows: &mut [u32; 9], cols: &mut [u32; 9]) {
    sse2_or_scalar!(lines_nine_sse2 / lines_nine_scalar(cand, rows, cols));
}

/// The portable version of [`lines_nine`].
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
pub(crate) fn lines_nine_scalar(cand: &[u32; 27], rows: &mut [u32; 9], cols: &mut [u32; 9]) {
    use crate::tables::columns_of;
    for d in 0..9 {
        let (w0, w1, w2) = (cand[d], cand[9 + d], cand[18 + d]);
        rows[d] = minirow_occupancy(w0) | minirow_occupancy(w1) << 9 | minirow_occupancy(w2) << 18;
        cols[d] = columns_of(w0) | columns_of(w1) << 9 | columns_of(w2) << 18;
    }
}

/// [`lines_nine`] with SSE2: digits 0..4 and 4..8 of the three bands as vectors (the same
/// shifts and masks as the scalar forms, four digits at a time), digit 8 scalar.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn lines_nine_sse2(cand: &[u32; 27], rows: &mut [u32; 9], cols: &mut [u32; 9]) {
    use crate::tables::columns_of;
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_loadu_si128, _mm_or_si128, _mm_set1_epi32, _mm_slli_epi32,
        _mm_srli_epi32, _mm_storeu_si128,
    };
    // SAFETY: SSE2 is part of every x86-64 CPU. Every 16-byte load starts at word
    // `b * 9 + 4 * h` (b < 3, h < 2), so it covers words up to `b * 9 + 7 <= 25`, inside the
    // 27 words; each store covers words `4 * h..4 * h + 4` of a nine-word array. None needs
    // alignment.
    unsafe {
        let p = cand.as_ptr();
        let occ = |v: __m128i| {
            let t = _mm_or_si128(
                v,
                _mm_or_si128(_mm_srli_epi32::<1>(v), _mm_srli_epi32::<2>(v)),
            );
            let x = _mm_and_si128(t, _mm_set1_epi32(0x0124_9249));
            let z = _mm_or_si128(
                x,
                _mm_or_si128(_mm_srli_epi32::<2>(x), _mm_srli_epi32::<4>(x)),
            );
            _mm_or_si128(
                _mm_and_si128(z, _mm_set1_epi32(7)),
                _mm_or_si128(
                    _mm_and_si128(_mm_srli_epi32::<6>(z), _mm_set1_epi32(0o70)),
                    _mm_and_si128(_mm_srli_epi32::<12>(z), _mm_set1_epi32(0o700)),
                ),
            )
        };
        let colsv = |v: __m128i| {
            _mm_and_si128(
                _mm_or_si128(
                    v,
                    _mm_or_si128(_mm_srli_epi32::<9>(v), _mm_srli_epi32::<18>(v)),
                ),
                _mm_set1_epi32(0x1FF),
            )
        };
        for h in 0..2 {
            let v0 = _mm_loadu_si128(p.add(4 * h).cast::<__m128i>());
            let v1 = _mm_loadu_si128(p.add(9 + 4 * h).cast::<__m128i>());
            let v2 = _mm_loadu_si128(p.add(18 + 4 * h).cast::<__m128i>());
            let r = _mm_or_si128(
                occ(v0),
                _mm_or_si128(_mm_slli_epi32::<9>(occ(v1)), _mm_slli_epi32::<18>(occ(v2))),
            );
            let c = _mm_or_si128(
                colsv(v0),
                _mm_or_si128(
                    _mm_slli_epi32::<9>(colsv(v1)),
                    _mm_slli_epi32::<18>(colsv(v2)),
                ),
            );
            _mm_storeu_si128(rows.as_mut_ptr().add(4 * h).cast::<__m128i>(), r);
            _mm_storeu_si128(cols.as_mut_ptr().add(4 * h).cast::<__m128i>(), c);
        }
    }
    let (w0, w1, w2) = (cand[8], cand[17], cand[26]);
    rows[8] = minirow_occupancy(w0) | minirow_occupancy(w1) << 9 | minirow_occupancy(w2) << 18;
    cols[8] = columns_of(w0) | columns_of(w1) << 9 | columns_of(w2) << 18;
}

/// The triads each digit is locked in (alone in its line within the box, or alone in its box
/// within the line: [`crate::tables::alone_in_triple`] and the stride forms) or forced into
/// (`exact_r`/`exact_c`: triads with only three possible digits), per digit, and the union
/// of the forced ones not locked yet (0 when nothing new is forced).
#[inline(always)]
pub(crate) fn locked_nine(
    rows: &[u32; 9],
    cols: &[u32; 9],
    exact: (u32, u32),
    locked_r: &mut [u32; 9],
    locked_c: &mut [u32; 9],
) -> u32 {
    sse2_or_scalar!(locked_nine_sse2 / locked_nine_scalar(rows, cols, exact, locked_r, locked_c))
}

/// One digit of [`locked_nine`]: `(locked rows, locked columns, newly forced)`.
#[inline(always)]
fn locked_one(r: u32, c: u32, (exact_r, exact_c): (u32, u32)) -> (u32, u32, u32) {
    use crate::tables::{alone_in_stride3, alone_in_stride9, alone_in_triple};
    let lr = alone_in_triple(r) | alone_in_stride3(r);
    let lc = alone_in_triple(c) | alone_in_stride9(c);
    let fr = r & exact_r & !lr;
    let fc = c & exact_c & !lc;
    (lr | fr, lc | fc, fr | fc)
}

/// The portable version of [`locked_nine`].
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
pub(crate) fn locked_nine_scalar(
    rows: &[u32; 9],
    cols: &[u32; 9],
    exact: (u32, u32),
    locked_r: &mut [u32; 9],
    locked_c: &mut [u32; 9],
) -> u32 {
    let mut forced = 0;
    for d in 0..9 {
        let (lr, lc, f) = locked_one(rows[d], cols[d], exact);
        locked_r[d] = lr;
        locked_c[d] = lc;
        forced |= f;
    }
    forced
}

/// [`locked_nine`] with SSE2: digits 0..4 and 4..8 as vectors (the scalar forms' shifts
/// and masks, four digits at a time), digit 8 scalar.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn locked_nine_sse2(
    rows: &[u32; 9],
    cols: &[u32; 9],
    exact: (u32, u32),
    locked_r: &mut [u32; 9],
    locked_c: &mut [u32; 9],
) -> u32 {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_cvtsi128_si32, _mm_loadu_si128, _mm_or_si128,
        _mm_set1_epi32, _mm_shuffle_epi32, _mm_slli_epi32, _mm_srli_epi32, _mm_storeu_si128,
        _mm_xor_si128,
    };
    // SAFETY: SSE2 is part of every x86-64 CPU. Each 16-byte load or store covers words
    // `4 * h..4 * h + 4` (h < 2) of a nine-word array, and none needs alignment.
    let forced = unsafe {
        // Of three vectors, the bits set in exactly one.
        let once = |a: __m128i, b: __m128i, c: __m128i| {
            let many = _mm_or_si128(
                _mm_and_si128(a, b),
                _mm_or_si128(_mm_and_si128(a, c), _mm_and_si128(b, c)),
            );
            _mm_andnot_si128(many, _mm_xor_si128(a, _mm_xor_si128(b, c)))
        };
        let triple_low = _mm_set1_epi32(0o111_111_111);
        let nine_low3 = _mm_set1_epi32(0o007_007_007);
        let row9 = _mm_set1_epi32(0x1FF);
        // The bits of `y` alone among `{j, j + S1, j + S2}` (`j` on `mask`), as in
        // `crate::tables::alone_in_triple` and the stride forms.
        macro_rules! alone {
            ($y:expr, $mask:expr, $s1:literal, $s2:literal) => {{
                let y = $y;
                let s = once(
                    _mm_and_si128(y, $mask),
                    _mm_and_si128(_mm_srli_epi32::<$s1>(y), $mask),
                    _mm_and_si128(_mm_srli_epi32::<$s2>(y), $mask),
                );
                let spread = _mm_or_si128(
                    s,
                    _mm_or_si128(_mm_slli_epi32::<$s1>(s), _mm_slli_epi32::<$s2>(s)),
                );
                _mm_and_si128(y, spread)
            }};
        }
        let ex_r = _mm_set1_epi32(exact.0 as i32);
        let ex_c = _mm_set1_epi32(exact.1 as i32);
        let mut forced = _mm_set1_epi32(0);
        for h in 0..2 {
            let r = _mm_loadu_si128(rows.as_ptr().add(4 * h).cast::<__m128i>());
            let c = _mm_loadu_si128(cols.as_ptr().add(4 * h).cast::<__m128i>());
            let lr = _mm_or_si128(alone!(r, triple_low, 1, 2), alone!(r, nine_low3, 3, 6));
            let lc = _mm_or_si128(alone!(c, triple_low, 1, 2), alone!(c, row9, 9, 18));
            let fr = _mm_andnot_si128(lr, _mm_and_si128(r, ex_r));
            let fc = _mm_andnot_si128(lc, _mm_and_si128(c, ex_c));
            forced = _mm_or_si128(forced, _mm_or_si128(fr, fc));
            _mm_storeu_si128(
                locked_r.as_mut_ptr().add(4 * h).cast::<__m128i>(),
                _mm_or_si128(lr, fr),
            );
            _mm_storeu_si128(
                locked_c.as_mut_ptr().add(4 * h).cast::<__m128i>(),
                _mm_or_si128(lc, fc),
            );
        }
        let forced = _mm_or_si128(forced, _mm_shuffle_epi32::<0b01_00_11_10>(forced));
        let forced = _mm_or_si128(forced, _mm_shuffle_epi32::<0b10_11_00_01>(forced));
        _mm_cvtsi128_si32(forced) as u32
    };
    let (lr, lc, f) = locked_one(rows[8], cols[8], exact);
    locked_r[8] = lr;
    locked_c[8] = lc;
    forced | f
}

/// For the nine digit words of band `b`: the cells with at least one candidate, and those
/// with at least two.
#[inline(always)]
pub(crate) fn count_nine(cand: &[u32; 27], b: usize) -> (u32, u32) {
    sse2_or_scalar!(count_nine_sse2 / count_nine_scalar(cand, b))
}

/// For the nine digit words of band `b`: the cells with at least one, two and three
/// candidates.
#[inline(always)]
pub(crate) fn count3_nine(cand: &[u32; 27], b: usize) -> (u32, u32, u32) {
    sse2_or_scalar!(count3_nine_sse2 / count3_nine_scalar(cand, b))
}

/// The portable version of [`count3_nine`].
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
pub(crate) fn count3_nine_scalar(cand: &[u32; 27], b: usize) -> (u32, u32, u32) {
    let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
    for &c in &cand[b * 9..b * 9 + 9] {
        three |= two & c;
        two |= one & c;
        one |= c;
    }
    (one, two, three)
}

/// [`count3_nine`] with SSE2, folding lanes like [`count_nine_sse2`]; merging two groups
/// adds `three = three_a | three_b | (two_a & one_b) | (one_a & two_b)`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn count3_nine_sse2(cand: &[u32; 27], b: usize) -> (u32, u32, u32) {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cvtsi128_si32, _mm_loadu_si128, _mm_or_si128,
        _mm_setzero_si128, _mm_shuffle_epi32,
    };
    let base = (b % 3) * 9;
    let words = &cand[base..base + 9];
    let p = words.as_ptr().cast::<__m128i>();
    // SAFETY: as in `count_nine_sse2`.
    let (one, two, three) = unsafe {
        let (lo, hi) = (_mm_loadu_si128(p), _mm_loadu_si128(p.add(1)));
        let mut one = _mm_or_si128(lo, hi);
        let mut two = _mm_and_si128(lo, hi);
        let mut three = _mm_setzero_si128();
        macro_rules! fold {
            ($imm:literal) => {
                let o = _mm_shuffle_epi32::<$imm>(one);
                let t = _mm_shuffle_epi32::<$imm>(two);
                let h = _mm_shuffle_epi32::<$imm>(three);
                three = _mm_or_si128(
                    _mm_or_si128(three, h),
                    _mm_or_si128(_mm_and_si128(two, o), _mm_and_si128(one, t)),
                );
                two = _mm_or_si128(_mm_or_si128(two, t), _mm_and_si128(one, o));
                one = _mm_or_si128(one, o);
            };
        }
        fold!(0b01_00_11_10);
        fold!(0b10_11_00_01);
        (
            _mm_cvtsi128_si32(one) as u32,
            _mm_cvtsi128_si32(two) as u32,
            _mm_cvtsi128_si32(three) as u32,
        )
    };
    let last = words[8];
    (one | last, two | (one & last), three | (two & last))
}

/// The portable version of [`count_nine`].
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
pub(crate) fn count_nine_scalar(cand: &[u32; 27], b: usize) -> (u32, u32) {
    let (mut one, mut two) = (0u32, 0u32);
    for &c in &cand[b * 9..b * 9 + 9] {
        two |= one & c;
        one |= c;
    }
    (one, two)
}

/// [`count_nine`] with SSE2: words 0..8 as two vectors folded lane by lane, then word 8.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn count_nine_sse2(cand: &[u32; 27], b: usize) -> (u32, u32) {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cvtsi128_si32, _mm_loadu_si128, _mm_or_si128, _mm_shuffle_epi32,
    };
    let base = (b % 3) * 9;
    let words = &cand[base..base + 9];
    let p = words.as_ptr().cast::<__m128i>();
    // SAFETY: SSE2 is part of every x86-64 CPU; `words` has nine `u32`s, so the 16-byte
    // ranges at byte offsets 0 and 16 are inside it, and these loads need no alignment.
    let (one, two) = unsafe {
        let (lo, hi) = (_mm_loadu_si128(p), _mm_loadu_si128(p.add(1)));
        // Merging two groups: two = two_a | two_b | (one_a & one_b), one = one_a | one_b.
        let mut one = _mm_or_si128(lo, hi);
        let mut two = _mm_and_si128(lo, hi);
        let o = _mm_shuffle_epi32::<0b01_00_11_10>(one);
        let t = _mm_shuffle_epi32::<0b01_00_11_10>(two);
        two = _mm_or_si128(_mm_or_si128(two, t), _mm_and_si128(one, o));
        one = _mm_or_si128(one, o);
        let o = _mm_shuffle_epi32::<0b10_11_00_01>(one);
        let t = _mm_shuffle_epi32::<0b10_11_00_01>(two);
        two = _mm_or_si128(_mm_or_si128(two, t), _mm_and_si128(one, o));
        one = _mm_or_si128(one, o);
        (_mm_cvtsi128_si32(one) as u32, _mm_cvtsi128_si32(two) as u32)
    };
    let last = words[8];
    (one | last, two | (one & last))
}

#[cfg(test)]
mod tests {
    use crate::board::Board;
    use crate::search::{CountOnly, Search, Unlimited};

    const PUZZLES: [&str; 4] = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
        ".................................................................................",
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    ];

    fn cells(line: &str) -> [u8; 81] {
        let mut c = [0u8; 81];
        for (x, ch) in c.iter_mut().zip(line.bytes()) {
            *x = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
        }
        c
    }

    #[test]
    fn occupancy_variants_agree() {
        use super::Isa;
        // Baseline against the table on every CPU; against the BMI variant where it can run.
        #[cfg(target_arch = "x86_64")]
        let bmi = super::has_bmi();
        for seed in 0u32..20_000 {
            let m = seed.wrapping_mul(2_654_435_761) & 0x07FF_FFFF;
            let base = super::Baseline::minirow_occupancy(m);
            #[cfg(target_arch = "x86_64")]
            if bmi {
                assert_eq!(base, super::Bmi::minirow_occupancy(m), "m = {m:#x}");
            }
            assert_eq!(base, crate::tables::minirow_occupancy(m), "m = {m:#x}");
        }
    }

    #[test]
    fn stack_keep_variants_agree() {
        use super::Isa;
        for seed in 0u32..20_000 {
            let cols = seed.wrapping_mul(2_654_435_761) & 0x07FF_FFFF;
            let base = super::Baseline::stack_keep(cols);
            // Reference: the three stacks one by one, straight from the definition.
            let mut expect = 0u32;
            let mut dead = false;
            for s in 0..3 {
                let mut occ = 0u32;
                for b in 0..3 {
                    for j in 0..3 {
                        if cols & (1 << (b * 9 + 3 * s + j)) != 0 {
                            occ |= 1 << (b * 3 + j);
                        }
                    }
                }
                let keep = u32::from(crate::tables::PERM_KEEP[occ as usize]);
                dead |= keep == 0;
                for b in 0..3 {
                    for j in 0..3 {
                        if keep & (1 << (b * 3 + j)) != 0 {
                            expect |= 1 << (b * 9 + 3 * s + j);
                        }
                    }
                }
            }
            assert_eq!(base, if dead { 0 } else { expect }, "cols = {cols:#x}");
            #[cfg(target_arch = "x86_64")]
            if super::has_bmi() {
                assert_eq!(base, super::Bmi::stack_keep(cols), "cols = {cols:#x}");
            }
        }
    }

    /// [`super::Avx512`]'s clear in code compiled with the features it needs.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn clear_others_avx512(cand: &mut [u32; 27], b: usize, d: usize, mask: u32) -> u32 {
        <super::Avx512 as super::Isa>::clear_others_nine(cand, b, d, mask)
    }

    /// [`super::Bmi`]'s clear in code compiled with the features it needs.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn clear_others_avx2(cand: &mut [u32; 27], b: usize, d: usize, mask: u32) -> u32 {
        <super::Bmi as super::Isa>::clear_others_nine(cand, b, d, mask)
    }

    /// [`super::Avx512`]'s digit test in code compiled with the features it needs.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512vl")]
    fn digits_at_avx512(cand: &[u32; 27], b: usize, bit: u32) -> u32 {
        <super::Avx512 as super::Isa>::digits_at(cand, b, bit)
    }

    #[test]
    fn nine_word_variants_agree() {
        let mut seed = 0x2545_f491_u32;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed
        };
        for _ in 0..2000 {
            let mut a = [0u32; 27];
            for w in &mut a {
                *w = next() & 0x07FF_FFFF;
            }
            let mut b = a;
            let band = (next() % 3) as usize;
            let mask = match next() % 3 {
                0 => 1 << (next() % 27),
                1 => next() & 0x07FF_FFFF,
                _ => 0,
            };
            let orig = a;
            let ca = super::clear_nine_scalar(&mut a, band, mask);
            #[cfg(target_arch = "x86_64")]
            {
                let cb = super::clear_nine_sse2(&mut b, band, mask);
                assert_eq!((ca, a), (cb, b));
            }
            let cc = super::clear_nine(&mut b, band, mask);
            assert_eq!(cc, 0, "nothing left to clear the second time");
            // The other digits' clear: the portable form against the one-word-kept clear,
            // and the AVX-512 form against the portable one.
            let d = (next() % 9) as usize;
            let mut o = orig;
            let own = o[band * 9 + d];
            let (co, oo) = {
                let mut x = o;
                let c = <super::Baseline as super::Isa>::clear_others_nine(&mut x, band, d, mask);
                (c, x)
            };
            let mut expect = o;
            let ce = super::clear_nine_scalar(&mut expect, band, mask) & !(1 << d);
            expect[band * 9 + d] = own;
            assert_eq!((co, oo), (ce, expect));
            #[cfg(target_arch = "x86_64")]
            if super::has_bmi() {
                let mut x = orig;
                // SAFETY: the features were detected just above.
                let cx = unsafe { clear_others_avx2(&mut x, band, d, mask) };
                assert_eq!((cx, x), (ce, expect));
            }
            #[cfg(target_arch = "x86_64")]
            if super::has_avx512() {
                // SAFETY: the features were detected just above.
                let cv = unsafe { clear_others_avx512(&mut o, band, d, mask) };
                assert_eq!((cv, o), (ce, expect));
                let probe = 1 << (next() % 27);
                // SAFETY: as above.
                let dv = unsafe { digits_at_avx512(&orig, band, probe) };
                assert_eq!(dv, super::digits_at_scalar(&orig, band, probe));
            }
            let probe = 1 << (next() % 27);
            let digits = super::digits_at_scalar(&a, band, probe);
            #[cfg(target_arch = "x86_64")]
            assert_eq!(digits, super::digits_at_sse2(&a, band, probe));
            assert_eq!(digits, super::digits_at(&a, band, probe));
            let (mut r1, mut c1, mut r2, mut c2) = ([0; 9], [0; 9], [0; 9], [0; 9]);
            super::lines_nine_scalar(&a, &mut r1, &mut c1);
            super::lines_nine(&a, &mut r2, &mut c2);
            assert_eq!((r1, c1), (r2, c2));
            #[cfg(target_arch = "x86_64")]
            if super::has_bmi() {
                let (mut r3, mut c3) = ([0; 9], [0; 9]);
                // SAFETY: AVX2 was detected just above.
                unsafe { super::lines_nine_avx2(&a, &mut r3, &mut c3) };
                assert_eq!((r1, c1), (r3, c3));
            }
            let exact = (next() & 0x07FF_FFFF, next() & 0x07FF_FFFF);
            let (mut lr1, mut lc1, mut lr2, mut lc2) = ([0; 9], [0; 9], [0; 9], [0; 9]);
            let f1 = super::locked_nine_scalar(&r1, &c1, exact, &mut lr1, &mut lc1);
            let f2 = super::locked_nine(&r1, &c1, exact, &mut lr2, &mut lc2);
            assert_eq!((f1, lr1, lc1), (f2, lr2, lc2));
            let counts = super::count_nine_scalar(&a, band);
            #[cfg(target_arch = "x86_64")]
            assert_eq!(counts, super::count_nine_sse2(&a, band));
            assert_eq!(counts, super::count_nine(&a, band));
            let counts3 = super::count3_nine_scalar(&a, band);
            #[cfg(target_arch = "x86_64")]
            assert_eq!(counts3, super::count3_nine_sse2(&a, band));
            assert_eq!(counts3, super::count3_nine(&a, band));
            assert_eq!((counts3.0, counts3.1), counts);
        }
    }

    #[test]
    fn the_variant_asked_for_is_never_more_than_the_cpu_has() {
        use super::{Variant, choose};
        let all = [
            Variant::Baseline,
            Variant::Avx2Tables,
            Variant::Avx2,
            Variant::Avx512,
        ];
        for best in all {
            assert_eq!(choose(best, None), best);
            assert_eq!(choose(best, Some("avx512")), best);
            assert_eq!(choose(best, Some("fastest please")), best);
            assert_eq!(choose(best, Some("baseline")), Variant::Baseline);
            let avx2 = choose(best, Some(" avx2\n"));
            assert!(avx2 <= best && avx2 <= Variant::Avx2);
            assert_eq!(avx2 == best, best != Variant::Avx512, "{best:?}");
        }
        // The running CPU's choice is one its detection allows.
        let v = super::variant();
        assert!(v <= super::best_variant());
    }

    #[test]
    fn both_variants_agree() {
        // Both search modes (with and without the triad level) in every variant.
        for (line, triads) in PUZZLES.iter().flat_map(|l| [(l, true), (l, false)]) {
            for max in [1, 2, 50] {
                let Some(board) = Board::from_cells(&cells(line)) else {
                    panic!("valid puzzle");
                };
                // One search of `board` by `f`: its solutions and counters.
                let by = |f: &dyn Fn(&mut Search<'_, Unlimited, CountOnly>)| {
                    let mut t = Unlimited;
                    let mut s = Search::new(&mut t, CountOnly, max);
                    s.triads = triads;
                    f(&mut s);
                    (s.solutions, s.counters)
                };
                let a = by(&|s| {
                    s.run_baseline(board);
                });
                #[cfg(target_arch = "x86_64")]
                if super::has_bmi() {
                    // SAFETY (all three): the features were detected just above.
                    assert_eq!(
                        a,
                        by(&|s| unsafe {
                            let _ = s.run_bmi(board);
                        })
                    );
                    assert_eq!(
                        a,
                        by(&|s| unsafe {
                            let _ = s.run_bmi_tables(board);
                        })
                    );
                    if super::has_avx512() {
                        assert_eq!(
                            a,
                            by(&|s| unsafe {
                                let _ = s.run_avx512(board);
                            })
                        );
                    }
                }
                assert_eq!(
                    a,
                    by(&|s| {
                        super::run(s, board);
                    })
                );
            }
        }
    }
}
