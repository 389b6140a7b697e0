//! Fuzz target `reader`: see `sudokit_fuzz_harness::reader`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokit_fuzz_harness::reader(data));
