//! Every technique case shipped in `data/logic/techniques.txt` (HoDoKu library format, found on
//! the repo's sets and checked against each puzzle's solution) must pass: the technique finds
//! exactly the expected eliminations/placements, and a `-x` case finds nothing.

use std::path::PathBuf;

#[test]
fn every_shipped_technique_case_passes() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/logic/techniques.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let res = sudokit_logic::reglib::run(&text);
    let mut lines = 0;
    for (code, r) in &res {
        assert!(r.implemented, "code {code} has cases but no technique");
        assert_eq!(
            r.passed, r.total,
            "code {code}: lines {:?} failed",
            r.failed_lines
        );
        lines += r.total;
    }
    // Every technique with a HoDoKu code has at least one case.
    for t in sudokit_logic::techniques::ALL {
        if let Some(code) = t.info().hodoku {
            assert!(
                res.contains_key(code),
                "no case for {} ({code})",
                t.info().id
            );
        }
    }
    assert!(lines > 0);
}
