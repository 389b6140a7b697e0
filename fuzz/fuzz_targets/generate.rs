//! Fuzz target `generate`: see `sudokit_fuzz_harness::generate`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokit_fuzz_harness::generate(data));
