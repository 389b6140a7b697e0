//! Issue 46, item 2: `sudokit hint` refuses the pencil marks `sudokit explain` refuses — marks
//! that leave out the solution's digit, and a cell with no candidate left — with the same
//! status and words, instead of hinting a wrong placement.

use serde_json::{Value, json};

mod common;
use common::run;

/// The one JSON record `args` prints for `stdin`, without its position fields.
fn record(args: &[&str], stdin: &str) -> (Value, Option<i32>) {
    let out = run(args, stdin);
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let mut v: Value = serde_json::from_str(text.trim()).expect("one JSON record");
    let m = v.as_object_mut().expect("an object");
    for key in ["record", "line", "file", "label"] {
        m.remove(key);
    }
    (v, out.status.code())
}

/// A HoDoKu library line: worksheet-1 (unique, r1c1 is 7) with `removed` taken off the marks.
fn library(removed: &str) -> String {
    format!(
        ":0000:1:.......9.19.47.6.8.528194.72...48.....9...5.....75...99.736418.5.6.81.74.8.......:{removed}:::\n"
    )
}

#[test]
fn hint_refuses_pencil_marks_as_explain_does() {
    for (removed, error) in [
        // r1c1 keeps only 4: the old hint was "r1c1 … 4" (the answer is 7).
        (
            "311 611 711 811",
            "the pencil marks of r1c1 leave out the digit that belongs there",
        ),
        // r1c1 keeps nothing: the old hint named a step elsewhere.
        (
            "111 211 311 411 511 611 711 811 911",
            "the pencil marks of r1c1 leave no candidate",
        ),
    ] {
        let input = library(removed);
        let want = json!({"status": "invalid", "error": error});
        for level in ["1", "3"] {
            let (hint, code) = record(&["hint", "--format", "json", "--level", level], &input);
            assert_eq!(hint, want, "hint --level {level} on {removed}");
            assert_eq!(code, Some(1), "a refused record fails the run");
        }
        let (explain, _) = record(&["explain", "--format", "json"], &input);
        assert_eq!(explain, want, "explain on {removed}");
        let text = run(&["hint", "--level", "3"], input.as_str());
        let text = String::from_utf8_lossy(&text.stdout);
        assert!(text.contains(&format!("invalid: {error}")), "{text}");
    }
    // Marks that keep the solution's 7 get the naked single there.
    let (hint, code) = record(
        &["hint", "--format", "json", "--level", "3"],
        &library("311 411 611 811"),
    );
    assert_eq!(code, Some(0), "{hint}");
    assert_eq!(
        hint["step"]["placements"],
        json!([{"row": 1, "col": 1, "digit": 7}])
    );
}
