//! Big shared sets (`../shared/data`, beside the repository); run by `scripts/conformance.sh`.

use std::collections::HashSet;
use std::path::PathBuf;

use sudokit_generate::canon::minlex;

fn shared(path: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
#[ignore = "reads ../shared/data; run by scripts/conformance.sh"]
fn shared_sets_17_clue_puzzles_have_no_duplicates_under_canon() {
    let text = shared("9x9/17_clue.txt");
    let mut forms = HashSet::new();
    let mut count = 0;
    for line in text.lines() {
        let line = line.trim();
        if line.len() < 81 || line.starts_with('#') {
            continue;
        }
        let mut v = [0u8; 81];
        for (i, b) in line.bytes().take(81).enumerate() {
            v[i] = if b.is_ascii_digit() { b - b'0' } else { 0 };
        }
        count += 1;
        let f = minlex(&v);
        assert_eq!(f.iter().filter(|&&x| x != 0).count(), 17);
        assert!(forms.insert(f), "line {count}: a duplicate under canon");
    }
    assert!(count > 40_000, "{count} puzzles read");
}
