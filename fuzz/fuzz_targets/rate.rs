//! Fuzz target `rate`: see `sudokit_fuzz_harness::rate`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokit_fuzz_harness::rate(data));
