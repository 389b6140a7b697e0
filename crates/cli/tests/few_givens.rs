//! `sudokit generate --search targeted`: every printed hit is a unique, minimal, symmetric
//! puzzle with at most K givens (checked by `sudokit check`), a run with `--tries` replays, and
//! targets no search can meet are usage errors.

mod common;

use common::run;

fn hits(seed: &str) -> Vec<String> {
    let o = run(
        &[
            "generate",
            "--search",
            "targeted",
            "--symmetry",
            "rot180",
            "--givens",
            "24",
            "--tries",
            "400",
            "-j",
            "1",
            "-n",
            "2",
            "--seed",
            seed,
            "--no-progress",
        ],
        "",
    );
    assert!(matches!(o.status.code(), Some(0 | 1)), "{o:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("rot180 neighbour search for 24 givens"),
        "{err}"
    );
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn targeted_hits_pass_check_and_replay() {
    let found = hits("1");
    assert!(
        !found.is_empty(),
        "24-given rot180 puzzles come within 400 moves"
    );
    let input = found.join("\n") + "\n";
    let o = run(&["check", "--format", "json"], &input);
    assert_eq!(o.status.code(), Some(0));
    for line in String::from_utf8_lossy(&o.stdout).lines() {
        let rec: serde_json::Value = serde_json::from_str(line).expect("json");
        assert_eq!(rec["unique"], "yes", "{rec}");
        assert_eq!(rec["minimal"], true, "{rec}");
        assert!(rec["givens"].as_u64().is_some_and(|g| g <= 24), "{rec}");
        let sym = rec["symmetry"].as_array().expect("symmetry list");
        assert!(sym.iter().any(|s| s == "rot180"), "{rec}");
    }
    assert_eq!(
        found,
        hits("1"),
        "the same seed and tries print the same hits"
    );
}

#[test]
fn impossible_targets_and_foreign_flags_are_usage_errors() {
    for tail in [
        "--symmetry rot90 --givens 19",
        "--symmetry rot180 --givens 16",
        "--symmetry rot180",
        "--givens 20..22",
        "--givens 22 --size 16",
    ] {
        let args: Vec<&str> = ["generate", "--search", "targeted"]
            .into_iter()
            .chain(tail.split(' '))
            .collect();
        let o = run(&args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!o.stderr.is_empty());
    }
    let o = run(&["generate", "--method", "pattern", "--givens", "22"], "");
    assert_eq!(o.status.code(), Some(2), "--method needs --search");
}
