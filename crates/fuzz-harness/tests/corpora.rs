//! Replays every committed fuzz corpus file (`fuzz/corpus/<target>/`) through the same
//! harness function its fuzz target calls, on stable Rust, so a crash once found stays fixed.

use std::path::PathBuf;

fn replay(target: &str, check: fn(&[u8])) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("corpus {} is missing: {e}", dir.display()))
        .map(|e| e.expect("corpus entry").path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "corpus {} is empty", dir.display());
    for f in files {
        let data = std::fs::read(&f).expect("corpus file reads");
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(outcome.is_ok(), "{target}: {} fails", f.display());
    }
}

#[test]
fn reader_corpus_replays_without_a_failure() {
    replay("reader", sudokit_fuzz_harness::reader);
}

#[test]
fn engines_corpus_replays_without_a_failure() {
    replay("engines", sudokit_fuzz_harness::engines);
}

#[test]
fn exact_cover_corpus_replays_without_a_failure() {
    replay("exact_cover", sudokit_fuzz_harness::exact_cover);
}

#[test]
fn explain_corpus_replays_without_a_failure() {
    replay("explain", sudokit_fuzz_harness::explain);
}

#[test]
fn rate_corpus_replays_without_a_failure() {
    replay("rate", sudokit_fuzz_harness::rate);
}

#[test]
fn generate_corpus_replays_without_a_failure() {
    replay("generate", sudokit_fuzz_harness::generate);
}
