//! Fuzz target `engines`: see `sudokit_fuzz_harness::engines`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokit_fuzz_harness::engines(data));
