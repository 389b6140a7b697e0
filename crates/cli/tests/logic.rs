//! End-to-end tests of the human-style commands: `explain`, `hint`, `find`, `techniques`.
//! Solutions and steps printed by the binary are checked against an engine's solution.

use std::process::{Command, Output};
use sudokit_testkit::process;

use serde_json::Value;
use sudokit_core::format::{InputFormat, parse_one};
use sudokit_core::{Request, Solver};

fn run(args: &[&str], stdin: &str) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sudokit"));
    command.args(args).current_dir(process::repo_root());
    process::run_with_input(&mut command, stdin)
}

fn json_lines(o: &Output) -> Vec<Value> {
    process::json_lines(o)
}

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn solution(p: &str) -> Vec<u8> {
    let g = parse_one(p, InputFormat::Auto).unwrap();
    let r = sudokit_engines::Dlx::new()
        .solve(&g, &Request::count(2, 1))
        .unwrap();
    assert_eq!(r.count, 1);
    r.solutions[0].values().to_vec()
}

/// Every placement equals the solution and no elimination removes it.
fn assert_sound(steps: &[Value], sol: &[u8], n: usize) {
    for s in steps {
        let idx = |c: &Value| {
            (c["row"].as_u64().unwrap() as usize - 1) * n + c["col"].as_u64().unwrap() as usize - 1
        };
        for p in s["placements"].as_array().unwrap() {
            assert_eq!(sol[idx(p)] as u64, p["digit"].as_u64().unwrap(), "{s}");
        }
        for e in s["eliminations"].as_array().unwrap() {
            assert_ne!(sol[idx(e)] as u64, e["digit"].as_u64().unwrap(), "{s}");
        }
    }
}

#[test]
fn explain_json_solves_a_hard_puzzle_with_sound_steps() {
    let o = run(&["explain", "-f", "json", "--check"], HARD);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v = &json_lines(&o)[0];
    assert_eq!(v["status"], "solved");
    assert_eq!(v["checked"], true);
    let steps = v["steps"].as_array().unwrap();
    assert!(steps.len() > 50);
    assert_sound(steps, &solution(HARD), 9);
    let sol: String = solution(HARD).iter().map(|d| (b'0' + d) as char).collect();
    assert_eq!(v["grid"], sol.as_str());
    for s in steps {
        assert!(!s["text"].as_str().unwrap().is_empty());
        let se = s["se"].as_f64().unwrap();
        assert!(se >= 1.0);
        // Ratings print to the tenth, as SE gives them (no f32 noise such as 1.2000000476).
        assert!(
            s["se"].to_string().len() <= 4,
            "rating printed as {}",
            s["se"]
        );
    }
    assert!(v["levels"]["hodoku_score"].as_u64().unwrap() > 0);
}

#[test]
fn explain_text_reads_step_by_step_and_shows_pencil_marks() {
    let o = run(
        &["explain", "--grid"],
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n",
    );
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(o.status.success());
    assert!(out.contains("  1. "), "{out}");
    assert!(out.contains("solved in"), "{out}");
    assert!(out.contains("levels: seed 1"), "{out}");
    assert!(out.contains(".---"), "pencil marks shown: {out}");
}

#[test]
fn explain_handles_16x16_jigsaw_and_x() {
    for (args, file) in [
        (
            vec!["explain", "-f", "json", "--check"],
            "data/examples/16x16.txt",
        ),
        (
            vec!["explain", "-f", "json", "--check", "-i", "jigsaw"],
            "data/examples/jigsaw.txt",
        ),
        (
            vec!["explain", "-f", "json", "--check"],
            "data/examples/x-sudoku.ndjson",
        ),
    ] {
        let mut a = args.clone();
        a.push(file);
        let o = run(&a, "");
        assert!(
            o.status.success(),
            "{file}: {}",
            String::from_utf8_lossy(&o.stdout)
        );
        for v in json_lines(&o) {
            assert_eq!(v["status"], "solved", "{file}");
            assert_eq!(v["checked"], true, "{file}");
        }
    }
}

#[test]
fn explain_reports_unsolvable_and_invalid_records_in_order() {
    let input = format!(
        "{HARD}\n11..\n876900000010006000040305800400000210090500000050040306029000008004690173080001004\n"
    );
    let o = run(&["explain", "-f", "json"], &input);
    assert_eq!(o.status.code(), Some(1));
    let v = json_lines(&o);
    assert_eq!(v.len(), 3);
    assert_eq!(v[0]["status"], "solved");
    assert_eq!(v[1]["status"], "invalid");
    assert_eq!(v[2]["status"], "unsolvable");
    assert_eq!(v[2]["line"], 3);
}

#[test]
fn explain_with_few_techniques_gets_stuck() {
    let o = run(
        &[
            "explain",
            "-f",
            "json",
            "--techniques",
            "naked-single,hidden-single,full-house",
        ],
        HARD,
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(json_lines(&o)[0]["status"], "stuck");
}

#[test]
fn hint_levels_name_then_locate_then_show() {
    let p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let text = String::from_utf8(run(&["hint", "--level", "1"], p).stdout).unwrap();
    let l1 = text.lines().nth(1).unwrap_or_default();
    assert!(text.starts_with("# <stdin>:1\n"), "{text}");
    assert!(l1.starts_with("Look for "), "{l1}");
    assert!(
        !l1.contains(char::is_numeric),
        "level 1 does not say where: {l1}"
    );
    let l2 = String::from_utf8(run(&["hint", "--level", "2"], p).stdout).unwrap();
    assert!(l2.contains(" in ") || l2.contains(" on the digit"), "{l2}");
    let o = run(&["hint", "--level", "3", "-f", "json"], p);
    let v = &json_lines(&o)[0];
    assert_eq!(v["status"], "hint");
    assert_sound(std::slice::from_ref(&v["step"]), &solution(p), 9);
}

#[test]
fn hint_names_wrong_entries_instead_of_hinting() {
    let p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let sol = solution(p);
    // Enter a wrong digit in r1c1: a candidate there that is not the solution's digit.
    let g = sudokit_logic::CandidateGrid::new(&parse_one(p, InputFormat::Line).unwrap());
    let wrong = g
        .candidates(sudokit_core::Cell(0))
        .iter()
        .map(|d| d.get())
        .find(|&d| d != sol[0])
        .unwrap();
    let mut entered: Vec<u8> = p.bytes().collect();
    entered[0] = b'0' + wrong;
    let entered = String::from_utf8(entered).unwrap();
    let o = run(&["hint", "-f", "json", "--givens", p], &entered);
    let v = &json_lines(&o)[0];
    assert_eq!(v["status"], "wrong-entries");
    assert_eq!(v["wrong"][0]["row"], 1);
    assert_eq!(v["wrong"][0]["col"], 1);
}

#[test]
fn find_reports_every_instance_from_a_library_line() {
    let line = ":0200:16:7.+9...+3+4.+3.274.58+948+59..+7+2..3+1..8+49+7.47.9.86..9+84.+7+21.+8+2+3.+79.54+176+2549+3+8+9+5+4....+72::114 115 116 614 615 616::\n";
    let o = run(&["find", "--technique", "0200"], line);
    assert!(o.status.success());
    let v = &json_lines(&o)[0];
    let steps = v["steps"].as_array().unwrap();
    let hit = steps.iter().any(|s| {
        let mut e: Vec<(u64, u64, u64)> = s["eliminations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["digit"].as_u64().unwrap(),
                    e["row"].as_u64().unwrap(),
                    e["col"].as_u64().unwrap(),
                )
            })
            .collect();
        e.sort();
        e == vec![
            (1, 1, 4),
            (1, 1, 5),
            (1, 1, 6),
            (6, 1, 4),
            (6, 1, 5),
            (6, 1, 6),
        ]
    });
    assert!(hit, "{v}");
}

#[test]
fn find_unknown_technique_is_a_usage_error() {
    let o = run(&["find", "--technique", "no-such-thing"], HARD);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown technique"));
}

#[test]
fn pencil_mark_grids_are_read() {
    // Print the pencil marks of a puzzle with explain --grid, then feed one grid back.
    let p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let o = run(&["explain", "--grid"], p);
    let out = String::from_utf8(o.stdout).unwrap();
    let grid: String = out
        .lines()
        .skip(1)
        .take_while(|l| !l.trim_start().starts_with("1."))
        .map(|l| format!("{l}\n"))
        .collect();
    let o = run(
        &["explain", "-f", "json", "--check", "--grids", "pencil"],
        &grid,
    );
    assert!(o.status.success(), "{grid}");
    assert_eq!(json_lines(&o)[0]["status"], "solved");
}

#[test]
fn techniques_table_lists_ids_codes_and_ratings() {
    let o = run(&["techniques", "-f", "json"], "");
    let v = json_lines(&o);
    assert!(v.len() >= 17);
    assert!(
        v.iter()
            .any(|t| t["id"] == "x-wing" && t["hodoku"] == "0300" && t["se"] == 3.2)
    );
    let order: Vec<u64> = v
        .iter()
        .map(|t| t["hodoku_order"].as_u64().unwrap())
        .collect();
    assert!(order.windows(2).all(|w| w[0] <= w[1]));
}

// ---- sudokit rate -------------------------------------------------------------------------

/// Three top95 puzzles with their SE 1.2.1 ratings (serate), a malformed line, a puzzle with
/// two equal givens in a row and one with several solutions.
const RATE_INPUT: &str = "\
4.....5.8.3..........7......2.....6.....5.8......1.......6.3.7.5..2.....1.8......
..247..58..............1.4.....2...9528.9.4....9...1.........3.3....75..685..2...
this is not a puzzle
11...............................................................................
.................................................................................
8..7....4.5....6............3.97...8....43..5....2.9....6......2...6...7.71..83.2
";

#[test]
fn rate_gives_one_record_per_input_in_order_with_se_numbers() {
    let o = run(&["rate", "-j", "2"], RATE_INPUT);
    assert_eq!(
        o.status.code(),
        Some(1),
        "bad records make the exit status 1"
    );
    let out = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert!(lines[0].starts_with("2.6/1.2/1.2 Pointing"), "{}", lines[0]);
    assert!(
        lines[1].starts_with("7.8/1.2/1.2 Nishio Forcing Chains"),
        "{}",
        lines[1]
    );
    assert!(lines[2].contains(":3: invalid"), "{}", lines[2]);
    assert!(
        lines[3].contains(":4: invalid") && lines[3].contains("twice"),
        "{}",
        lines[3]
    );
    assert!(lines[4].contains(":5: invalid") && lines[4].contains("more than one solution"));
    assert!(
        lines[5].starts_with("7.1/1.2/1.2 Forcing Chain"),
        "{}",
        lines[5]
    );
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("not rated"), "{err}");
}

#[test]
fn rate_json_and_tsv_carry_every_field() {
    let input =
        "4.....5.8.3..........7......2.....6.....5.8......1.......6.3.7.5..2.....1.8...... first\n";
    let o = run(
        &["rate", "-f", "json", "--hodoku", "--check", "--explain"],
        input,
    );
    assert_eq!(o.status.code(), Some(0));
    let v = &json_lines(&o)[0];
    assert_eq!(v["status"], "rated");
    assert_eq!(v["er"].as_f64(), Some(2.6));
    assert_eq!(v["ep"].as_f64(), Some(1.2));
    assert_eq!(v["ed"].as_f64(), Some(1.2));
    assert_eq!(v["hardest"], "Pointing");
    assert_eq!(v["scale"], "se121");
    assert_eq!(v["label"], "first");
    assert_eq!(v["checked"], true);
    for key in [
        "hodoku_level",
        "hodoku_score",
        "seed_level",
        "qqwing",
        "steps",
        "micros",
    ] {
        assert!(!v[key].is_null(), "{key} is set: {v}");
    }
    assert_eq!(v["hardest_step"]["technique"], "Pointing");
    assert!(
        v["hardest_step"]["removals"]
            .as_array()
            .is_some_and(|r| !r.is_empty())
    );

    let o = run(&["rate", "-f", "tsv"], RATE_INPUT);
    let out = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("record\tline\tlabel\tstatus\ter\tep\ted\thardest"));
    assert_eq!(lines.len(), 7, "a header and one row per record");
    assert!(
        lines.iter().skip(1).all(|l| l.split('\t').count() == 15),
        "{out}"
    );
    assert!(lines[2].contains("\trated\t7.8\t1.2\t1.2\tNishio Forcing Chains\t"));
}

#[test]
fn rate_explain_shows_the_step_that_set_the_rating() {
    let o = run(
        &["rate", "--explain"],
        "8..7....4.5....6............3.97...8....43..5....2.9....6......2...6...7.71..83.2\n",
    );
    let out = String::from_utf8(o.stdout).unwrap();
    let mut lines = out.lines();
    assert!(lines.next().unwrap().starts_with("7.1/"));
    let why = lines.next().expect("the hardest step on its own line");
    assert!(why.trim_start().starts_with("7.1 Forcing Chain:"), "{why}");
    assert!(why.contains("->"), "the chain is shown: {why}");
}

#[test]
fn rate_reports_beyond_when_the_nesting_cap_is_too_low() {
    let tarek =
        "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...\n";
    let o = run(&["rate", "--max-level", "0", "-f", "json"], tarek);
    assert_eq!(o.status.code(), Some(1));
    let v = &json_lines(&o)[0];
    assert_eq!(v["status"], "beyond");
    assert!(v["er"].is_null(), "no made-up number: {v}");
}

/// `--budget` holds inside a step too: with no time at all, `hint`, `find` and `explain` on an
/// empty 25×25 grid (where one sweep of the techniques takes long) report `stopped` and exit 1
/// instead of working on.
#[test]
fn a_spent_budget_stops_hint_find_and_explain() {
    let empty = ".".repeat(625);
    let o = run(&["hint", "--budget", "0s", "-f", "json"], &empty);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(json_lines(&o)[0]["status"], "stopped");
    let o = run(
        &[
            "find",
            "--budget",
            "0s",
            "--technique",
            "grouped-discontinuous-nice-loop",
        ],
        &empty,
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(json_lines(&o)[0]["status"], "stopped");
    let o = run(&["explain", "--budget", "0s", "-f", "json"], &empty);
    assert_eq!(o.status.code(), Some(1));
    let v = &json_lines(&o)[0];
    assert_eq!(v["status"], "stopped");
    assert!(v["levels"]["seed_level"].is_null() && v["levels"]["qqwing"].is_null());
}
