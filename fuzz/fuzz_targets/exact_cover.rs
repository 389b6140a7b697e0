//! Fuzz target `exact_cover`: see `sudokit_fuzz_harness::exact_cover`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokit_fuzz_harness::exact_cover(data));
