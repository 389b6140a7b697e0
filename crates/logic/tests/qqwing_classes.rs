//! sudokit's qqwing class (`levels::qqwing_class`, its own reimplementation of qqwing's solver)
//! against qqwing's own verdicts: `data/logic/qqwing-classes.tsv`, made by qqwing 1.3.4
//! (`scripts/qqwing-classes.sh`) on the 595 puzzles of three shipped sets.

use std::collections::BTreeMap;
use std::path::PathBuf;

use sudokit_core::format::{InputFormat, parse_one};
use sudokit_logic::levels::qqwing_class;

#[test]
fn qqwing_class_equals_qqwing_1_3_4_on_595_shipped_puzzles() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/logic/qqwing-classes.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut differ = Vec::new();
    let mut per_class: BTreeMap<String, usize> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let p = parse_one(f[0], InputFormat::Line).unwrap_or_else(|e| panic!("{line}: {e}"));
        let got = qqwing_class(&p).name();
        if got != f[1] {
            differ.push(format!(
                "{} ({}): qqwing {}, sudokit {got}",
                f[0], f[2], f[1]
            ));
        }
        *per_class.entry(f[1].to_string()).or_default() += 1;
    }
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
    // The classes qqwing gave these sets (no "simple": every puzzle here needs a hidden single).
    let counts: Vec<(&str, usize)> = per_class.iter().map(|(k, v)| (k.as_str(), *v)).collect();
    assert_eq!(
        counts,
        [("easy", 148), ("expert", 185), ("intermediate", 262)],
        "the file's classes"
    );
}
