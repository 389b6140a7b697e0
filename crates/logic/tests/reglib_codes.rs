//! HoDoKu's regression library (reglib 1.3, 1,112 lines over 76 technique codes): README claims
//! all 76 codes implemented and 97.9% of the library's lines passing (1,089 of 1,112).
//!
//! The code list below is the set of codes the library's lines use (facts about its data, kept
//! here so a bare clone checks it); dropping or renumbering a technique fails
//! `every_reglib_code_has_a_technique`. The shared-set test runs the library itself
//! (`../shared/data/hodoku/reglib-1.3.txt`, by `scripts/conformance.sh`) and counts a line of an
//! unimplemented code as a failure, so dropping a technique can only lower the rate.

use std::path::PathBuf;

use sudokit_logic::reglib::{run, techniques_for};

/// The 76 technique codes of reglib 1.3's test lines (`:CODE[-VARIANT]:...`).
const REGLIB_CODES: [&str; 76] = [
    "0000", "0002", "0003", "0100", "0101", "0110", "0111", "0200", "0201", "0202", "0210", "0211",
    "0212", "0300", "0301", "0302", "0310", "0311", "03111", "0312", "03121", "0320", "0321",
    "03211", "0322", "03221", "0331", "0332", "0340", "0341", "03411", "0342", "03421", "0362",
    "03621", "0363", "0364", "0400", "0401", "0402", "0403", "0404", "0405", "0500", "0501",
    "0502", "0503", "0600", "0601", "0602", "0603", "0604", "0605", "0606", "0607", "0608", "0610",
    "0701", "0702", "0703", "0706", "0707", "0708", "0709", "0710", "0711", "0800", "0801", "0803",
    "0901", "0902", "0903", "0904", "1101", "1201", "1202",
];

#[test]
fn every_reglib_code_has_a_technique() {
    let missing: Vec<&str> = REGLIB_CODES
        .iter()
        .copied()
        .filter(|c| techniques_for(c).is_empty())
        .collect();
    assert!(
        missing.is_empty(),
        "reglib codes with no technique: {missing:?}"
    );
}

/// The shipped slice (`data/logic/reglib-slice.txt`: HoDoKu's own lines, two per code): the only
/// exact-elimination check in a bare clone whose expected answers sudokit did not produce.
#[test]
fn every_line_of_the_shipped_reglib_slice_passes() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/logic/reglib-slice.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let res = run(&text);
    let codes: Vec<&str> = res.keys().map(String::as_str).collect();
    assert_eq!(codes, REGLIB_CODES, "every code has lines in the slice");
    let failed: Vec<(&String, &Vec<usize>)> = res
        .iter()
        .filter(|(_, r)| r.passed != r.total || !r.implemented)
        .map(|(c, r)| (c, &r.failed_lines))
        .collect();
    assert!(failed.is_empty(), "failed (code, lines): {failed:?}");
    let lines: usize = res.values().map(|r| r.total).sum();
    assert_eq!(lines, 149, "lines checked");
}

#[test]
#[ignore = "needs ../shared/data beside the repository; run by scripts/conformance.sh"]
fn shared_sets_reglib_all_76_codes_implemented_and_979_permille_of_lines_pass() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/hodoku/reglib-1.3.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let res = run(&text);
    let codes: Vec<&str> = res.keys().map(String::as_str).collect();
    assert_eq!(codes, REGLIB_CODES, "the library's codes");
    let unimplemented: Vec<&str> = res
        .iter()
        .filter(|(_, r)| !r.implemented)
        .map(|(c, _)| c.as_str())
        .collect();
    assert!(
        unimplemented.is_empty(),
        "not implemented: {unimplemented:?}"
    );
    // Every line counts, whatever its code: an unimplemented code's lines are failures.
    let lines: usize = res.values().map(|r| r.total).sum();
    let passed: usize = res.values().map(|r| r.passed).sum();
    eprintln!("reglib: {passed}/{lines} lines pass");
    assert_eq!(lines, 1112, "the library's lines");
    assert!(
        passed >= 1089,
        "{passed}/{lines} lines pass; README claims 1,089 (97.9%)"
    );
}
