//! Fuzz target `explain`: see `sudokit_fuzz_harness::explain`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokit_fuzz_harness::explain(data));
