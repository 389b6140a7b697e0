//! `sudokit` on the published variant puzzles of `data/variants/` (f-puzzles links): every one
//! is solved to its published solution and counted unique by the rule engines, and
//! `--format fpuzzles` / `fpuzzles-link` write puzzles back that read again, solution included.

mod common;

use common::run;

/// The published solutions of the sidecar, in line order.
fn published() -> Vec<String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/variants/puzzles.tsv"
    );
    std::fs::read_to_string(path)
        .expect("data/variants/puzzles.tsv")
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.rsplit('\t').next().unwrap_or("").to_string())
        .collect()
}

fn stdout_lines(args: &[&str], stdin: &str) -> Vec<String> {
    let out = run(args, stdin);
    assert!(
        out.status.success(),
        "sudokit {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn sat_solves_every_published_puzzle_to_its_solution_and_counts_one() {
    let want = published();
    assert!(want.len() >= 20);
    let solved = stdout_lines(&["solve", "-e", "sat", "data/variants/puzzles.txt"], "");
    assert_eq!(solved.len(), want.len());
    for (line, sol) in solved.iter().zip(&want) {
        // Digits only: the solution symbols, then the label.
        let got = line.split_whitespace().next().unwrap_or("");
        assert_eq!(got, sol, "{line}");
    }
    let counts = stdout_lines(
        &["solve", "--count", "-e", "sat", "data/variants/puzzles.txt"],
        "",
    );
    assert_eq!(counts.len(), want.len());
    for c in &counts {
        assert!(c.starts_with("1 ") || c == "1", "not unique: {c}");
    }
}

#[test]
fn fpuzzles_output_reads_back_with_its_solution() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/variants/puzzles.txt"
    ))
    .expect("puzzles.txt");
    // Three puzzles of different sizes and regions: 9×9 killer, 4×4, irregular 7×7.
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let pick = format!("{}\n{}\n{}\n", lines[2], lines[19], lines[20]);
    for format in ["fpuzzles", "fpuzzles-link"] {
        let written = stdout_lines(&["solve", "-e", "sat", "-f", format], &pick).join("\n");
        let back = stdout_lines(&["solve", "-e", "sat", "--verify"], &written);
        assert_eq!(back.len(), 3, "{format}: {back:?}");
        let again = stdout_lines(&["solve", "-e", "sat"], &pick);
        let grids = |l: &[String]| -> Vec<String> {
            l.iter()
                .map(|s| s.split_whitespace().next().unwrap_or("").to_string())
                .collect()
        };
        assert_eq!(grids(&back), grids(&again), "{format}: same solutions");
    }
    // A rule f-puzzles cannot express is an error, not a silent drop.
    let gt = r#"{"cells":".................................................................................","rules":[{"type":"greater-than","cells":["r1c1","r1c2"]}]}"#;
    let out = run(&["solve", "-e", "sat", "-f", "fpuzzles"], gt);
    let all = String::from_utf8_lossy(&out.stdout);
    assert!(
        all.contains("f-puzzles has no form for greater-than"),
        "{all}"
    );
}

#[test]
fn an_engine_without_rules_refuses_instead_of_ignoring_them() {
    // A killer puzzle through engines that ignore rules: an error naming the engines that
    // honour rules, never a solution that breaks a cage. (`auto` picks one that honours them.)
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/variants/puzzles.txt"
    ))
    .expect("puzzles.txt");
    let killer = text.lines().find(|l| !l.starts_with('#')).unwrap_or("");
    let auto = run(&["solve", "--verify"], killer);
    assert!(
        auto.status.success(),
        "{}",
        String::from_utf8_lossy(&auto.stderr)
    );
    for args in [
        &["solve", "-e", "fast"][..],
        &["solve", "-e", "propagate"],
        &["solve", "--all", "-e", "dlx"],
    ] {
        let out = run(args, killer);
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!out.status.success(), "{args:?}: {all}");
        assert!(all.contains("use engine cp or sat"), "{args:?}: {all}");
    }
}

#[test]
fn a_link_pasted_as_an_argument_is_the_puzzle() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/variants/puzzles.txt"
    ))
    .expect("puzzles.txt");
    let links: Vec<&str> = text.lines().filter(|l| l.starts_with("https://")).collect();
    let want = published();
    // Killer Blister (a killer cage puzzle), the fifth link of the file.
    let solved = stdout_lines(&["solve", links[4]], "");
    assert_eq!(solved.len(), 1, "{solved:?}");
    assert_eq!(solved[0].split_whitespace().next(), Some(want[4].as_str()));
    let counted = stdout_lines(&["solve", "--count", links[4]], "");
    assert!(counted[0].starts_with("1 "), "{counted:?}");
    // A file name that is not a link is still a file: a missing one is a usage error.
    let out = run(&["solve", "no-such-file.txt"], "");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot open no-such-file.txt"));
}
