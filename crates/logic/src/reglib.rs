//! The HoDoKu regression-library harness: run every test line through the technique(s) with
//! its code, in find-all mode, and report pass rates per code.
//!
//! Design decision: eliminations and placements are compared as sets and the chain-length
//! field is ignored (programs count chain length differently); a line passes when some step
//! the technique finds has exactly the expected eliminations and placements (and, where the
//! line gives digits for a pattern, the same digits), and a `-x` fail case passes when nothing
//! is found. A code no registered technique carries is reported as not implemented.

use std::collections::BTreeMap;

use crate::formats::hodoku::parse_line;
use crate::step::Candidate;
use crate::technique::{Options, Technique, find_all};
use crate::techniques::ALL;

/// Results for one code.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CodeResult {
    /// Test lines.
    pub total: usize,
    /// Lines that passed.
    pub passed: usize,
    /// Whether some technique carries the code.
    pub implemented: bool,
    /// Line numbers (1-based) that failed.
    pub failed_lines: Vec<usize>,
}

/// The techniques that answer for a library code. Most codes are one technique; a few
/// techniques answer for several codes (listed in their info row's `hodoku` field as the main
/// code only), so a technique may also claim codes through [`extra_codes`].
pub fn techniques_for(code: &str) -> Vec<&'static dyn Technique> {
    ALL.iter()
        .copied()
        .filter(|t| t.info().hodoku == Some(code) || extra_codes(t.info().id).contains(&code))
        .collect()
}

/// Library codes a technique answers for besides its own (e.g. a finder that also reports
/// a sub-type HoDoKu files under another code): (technique id, code) pairs.
pub static EXTRA_CODES: &[(&str, &str)] = &[];

/// The extra library codes of technique `id`.
pub fn extra_codes(id: &str) -> Vec<&'static str> {
    EXTRA_CODES
        .iter()
        .filter(|(t, _)| *t == id)
        .map(|(_, c)| *c)
        .collect()
}

/// Runs every test line of `text` (the library file's contents).
pub fn run(text: &str) -> BTreeMap<String, CodeResult> {
    let mut out: BTreeMap<String, CodeResult> = BTreeMap::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if !line.starts_with(':') {
            continue;
        }
        let Ok(l) = parse_line(line) else {
            let code = line.split(':').nth(1).unwrap_or("?").to_string();
            let r = out.entry(code).or_default();
            r.total += 1;
            r.failed_lines.push(i + 1);
            continue;
        };
        let ts = techniques_for(&l.code);
        let r = out.entry(l.code.clone()).or_default();
        r.total += 1;
        r.implemented = !ts.is_empty();
        if ts.is_empty() {
            continue;
        }
        let mut options = Options::default();
        options.max_chain = options.max_chain.max(24);
        // As HoDoKu's tester: the `-2` ALS variants allow overlapping sets.
        options.als_overlap = matches!(l.code.as_str(), "0902" | "0903" | "0904")
            && l.variant.as_deref() == Some("2");
        options.er_two_candidates = l.code == "0402" && l.variant.as_deref() == Some("1");
        // As HoDoKu's tester: ALS nodes in grouped chains for these variants.
        options.chain_als = matches!(
            (l.code.as_str(), l.variant.as_deref()),
            ("0709", Some("2")) | ("0710", Some("3" | "4")) | ("0711", Some("3" | "4"))
        );
        let mut found = Vec::new();
        for t in &ts {
            found.extend(find_all(*t, &l.grid, &options));
        }
        let pass = if l.is_fail_case() {
            found.is_empty()
        } else {
            let sorted = |v: &[Candidate]| {
                let mut v = v.to_vec();
                v.sort();
                v.dedup();
                v
            };
            let want_e = sorted(&l.eliminations);
            let want_p = sorted(&l.placements);
            found
                .iter()
                .any(|s| sorted(&s.eliminations) == want_e && sorted(&s.placements) == want_p)
        };
        if pass {
            r.passed += 1;
        } else {
            r.failed_lines.push(i + 1);
        }
    }
    out
}
