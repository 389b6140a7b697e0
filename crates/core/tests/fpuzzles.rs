//! The f-puzzles format: read → write → read round trips (every published puzzle of
//! `data/variants/`, and one rule of every kind f-puzzles can express), links, detection,
//! sudokit's own JSON `rules` key, and clear errors naming the line and the field.

use std::path::PathBuf;
use std::sync::Arc;
use sudokit_core::format::{
    InputFormat, LayoutSpec, ParseError, Reader, Record, fpuzzles_value, read_fpuzzles,
    write_fpuzzles, write_fpuzzles_link,
};
use sudokit_core::grid::Grid;
use sudokit_core::layout::{Extra, Layout};
use sudokit_core::rules::{Marks, Pos, Rule};

fn read_all(text: &str, format: InputFormat) -> Vec<Record> {
    Reader::new(text.as_bytes(), format, LayoutSpec::default())
        .map(|r| r.expect("no I/O error"))
        .collect()
}

/// An empty 9×9 f-puzzles object with `extra` keys (`"key": value, …`) added.
fn fp(extra: &str) -> String {
    let row = format!("[{}]", ["{}"; 9].join(","));
    let grid = vec![row; 9].join(",");
    let sep = if extra.is_empty() { "" } else { "," };
    format!("{{\"size\":9,\"grid\":[{grid}]{sep}{extra}}}")
}

fn error_of(text: &str) -> String {
    match read_fpuzzles(text) {
        Ok(_) => panic!("{text} was read"),
        Err(e) => e.to_string(),
    }
}

fn ps(s: &str) -> Vec<Pos> {
    s.split_whitespace()
        .map(|c| Pos::parse(c).expect("cell"))
        .collect()
}

#[test]
fn every_published_puzzle_round_trips_through_json_and_link() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/variants/puzzles.txt");
    let text = std::fs::read_to_string(path).expect("data/variants/puzzles.txt");
    let records = read_all(&text, InputFormat::Auto);
    assert!(records.len() >= 20);
    for rec in records {
        let p = rec.puzzle.expect("reads");
        let json = write_fpuzzles(&p, None).expect("writes");
        let again = read_fpuzzles(&json).expect("reads back").puzzle;
        assert_eq!(
            again.layout(),
            p.layout(),
            "line {}: layout and rules",
            rec.line
        );
        assert_eq!(again.values(), p.values(), "line {}: givens", rec.line);
        let link = write_fpuzzles_link(&p, None).expect("writes a link");
        assert!(
            link.starts_with("https://f-puzzles.com/?load=N4Ig"),
            "{link}"
        );
        let via_link = read_fpuzzles(&link).expect("reads the link").puzzle;
        assert_eq!(via_link.layout(), p.layout());
        assert_eq!(via_link.values(), p.values());
    }
}

/// One rule of every kind f-puzzles can express, on 9×9.
fn every_kind() -> Vec<Rule> {
    vec![
        Rule::Difference {
            cells: ps("r1c1 r1c2"),
            value: None,
        },
        Rule::Difference {
            cells: ps("r2c1 r2c2"),
            value: Some(3),
        },
        Rule::Ratio {
            cells: ps("r3c1 r3c2"),
            value: None,
        },
        Rule::Ratio {
            cells: ps("r4c1 r4c2"),
            value: Some(3),
        },
        Rule::Xv {
            cells: ps("r5c1 r5c2"),
            sum: 10,
        },
        Rule::Xv {
            cells: ps("r6c1 r6c2"),
            sum: 5,
        },
        Rule::Killer {
            cells: ps("r7c1 r7c2"),
            sum: Some(9),
        },
        Rule::Killer {
            cells: ps("r8c1 r8c2"),
            sum: None,
        },
        Rule::LittleKiller {
            cells: ps("r1c2 r2c3 r3c4 r4c5 r5c6 r6c7 r7c8 r8c9"),
            sum: 40,
        },
        Rule::LittleKiller {
            cells: ps("r9c9"),
            sum: 5,
        },
        Rule::Sandwich {
            cells: (0..9).map(|c| Pos::new(0, c)).collect(),
            sum: 12,
        },
        Rule::XSum {
            cells: (0..9).rev().map(|r| Pos::new(r, 1)).collect(),
            sum: 20,
        },
        Rule::Skyscraper {
            cells: (0..9).rev().map(|c| Pos::new(2, c)).collect(),
            count: 3,
        },
        Rule::RegionSum {
            cells: ps("r4c3 r4c4"),
        },
        Rule::Thermo {
            cells: ps("r5c3 r5c4 r5c5"),
            slow: false,
        },
        Rule::Thermo {
            cells: ps("r6c3 r6c4"),
            slow: true,
        },
        Rule::Arrow {
            circle: ps("r7c3 r7c4"),
            cells: ps("r7c5 r7c6"),
        },
        Rule::Renban {
            cells: ps("r8c3 r8c4"),
        },
        Rule::Whispers {
            cells: ps("r9c1 r9c2"),
            difference: Some(4),
        },
        Rule::Whispers {
            cells: ps("r9c3 r9c4"),
            difference: None,
        },
        Rule::Palindrome {
            cells: ps("r2c5 r2c6 r2c7"),
        },
        Rule::Between {
            cells: ps("r3c5 r3c6 r3c7"),
        },
        Rule::Entropic {
            cells: ps("r4c6 r4c7 r4c8"),
        },
        Rule::Zipper {
            cells: ps("r6c5 r6c6 r6c8"),
        },
        Rule::Odd {
            cells: ps("r8c5 r8c6"),
        },
        Rule::Even { cells: ps("r8c7") },
        Rule::Minimum { cells: ps("r9c5") },
        Rule::Maximum { cells: ps("r9c7") },
        Rule::Quadruple {
            cells: ps("r1c5 r1c6 r2c5 r2c6"),
            digits: vec![1, 2],
        },
        Rule::Clone {
            cells: ps("r1c7 r1c8"),
            clone: ps("r5c7 r5c8"),
        },
        Rule::ExtraRegion {
            cells: ps("r2c8 r2c9 r3c8"),
        },
        Rule::ExtraRegion {
            cells: (0..9).map(|r| Pos::new(r, 8 - r)).collect(),
        },
        Rule::RowIndexer { cells: ps("r4c9") },
        Rule::ColumnIndexer { cells: ps("r5c9") },
        Rule::BoxIndexer { cells: ps("r6c9") },
        Rule::Negative {
            marks: Marks::Ratio,
        },
        Rule::Negative { marks: Marks::Xv },
        Rule::Negative {
            marks: Marks::Difference,
        },
        Rule::DisjointGroups,
    ]
}

fn sorted(rules: &[Rule]) -> Vec<String> {
    let mut d: Vec<String> = rules.iter().map(Rule::describe).collect();
    d.sort();
    d
}

#[test]
fn one_rule_of_every_kind_round_trips() {
    let base = Layout::standard(9)
        .unwrap()
        .with_extras(&[Extra::AntiKnight, Extra::AntiKing]);
    let layout = Arc::new(base.with_rules(every_kind()).expect("valid rules"));
    let mut values = vec![0u8; 81];
    values[40] = 5;
    let puzzle = Grid::from_values(layout, values);
    let json = write_fpuzzles(&puzzle, None).expect("every kind has an f-puzzles form");
    let first = read_fpuzzles(&json).expect("reads").puzzle;
    assert_eq!(
        sorted(first.layout().rules()),
        sorted(puzzle.layout().rules())
    );
    assert_eq!(first.layout().extras(), puzzle.layout().extras());
    assert_eq!(first.values(), puzzle.values());
    // From then on the rule order is the reader's: read → write → read is the identity.
    let second = read_fpuzzles(&write_fpuzzles(&first, None).unwrap())
        .unwrap()
        .puzzle;
    assert_eq!(second.layout(), first.layout());
}

#[test]
fn jigsaw_sizes_and_solutions_round_trip() {
    // 6×6 with 3×2 boxes (not f-puzzles' default 2×3): written as a region per cell.
    let layout = Arc::new(Layout::boxed(6, 3, 2).unwrap());
    let mut values = vec![0u8; 36];
    values[0] = 1;
    let puzzle = Grid::from_values(layout.clone(), values);
    let solution: Vec<u8> = (0..36)
        .map(|i| {
            let (r, c) = (i / 6, i % 6);
            ((c + 2 * (r % 3) + r / 3) % 6 + 1) as u8
        })
        .collect();
    let sol = Grid::from_values(layout, solution);
    let back = read_fpuzzles(&write_fpuzzles(&puzzle, Some(&sol)).unwrap()).unwrap();
    assert_eq!(back.puzzle.layout(), puzzle.layout());
    assert_eq!(
        back.solution.expect("solution kept").unwrap().values(),
        sol.values()
    );
    // Greater-than has no f-puzzles form: an error, not a silent drop.
    let gt = Layout::standard(9)
        .unwrap()
        .with_rules([Rule::GreaterThan {
            cells: ps("r1c1 r1c2"),
        }])
        .unwrap();
    let g = Grid::from_values(Arc::new(gt), vec![0; 81]);
    let e = fpuzzles_value(&g, None).unwrap_err().to_string();
    assert!(e.contains("greater-than"), "{e}");
}

#[test]
fn clues_outside_the_grid_resolve_to_their_line() {
    let p = read_fpuzzles(&fp(
        r#""sandwichsum":[{"cell":"R10C3","value":"7"}],"xsum":[{"cell":"R2C0","value":15}],"littlekillersum":[{"cell":"R0C7","direction":"DR","value":"6"},{"cell":"R10C1","direction":"UR","value":""}]"#,
    ))
    .expect("reads")
    .puzzle;
    let rules = p.layout().rules();
    assert_eq!(
        rules.len(),
        3,
        "the empty little killer is no rule: {rules:?}"
    );
    assert_eq!(
        rules[0],
        Rule::LittleKiller {
            cells: ps("r1c8 r2c9"),
            sum: 6
        }
    );
    assert_eq!(
        rules[1],
        Rule::Sandwich {
            cells: (0..9).rev().map(|r| Pos::new(r, 2)).collect(),
            sum: 7
        }
    );
    assert_eq!(
        rules[2],
        Rule::XSum {
            cells: (0..9).map(|c| Pos::new(1, c)).collect(),
            sum: 15
        }
    );
}

#[test]
fn the_flags_become_extras_and_rules() {
    let p = read_fpuzzles(&fp(
        r#""diagonal-":true,"antiking":true,"nonconsecutive":true,"title":"T","author":"A","text":[{"cells":["R1C1"],"value":"hi"}],"cage":[{"cells":["R1C1"]}]"#,
    ))
    .unwrap();
    assert_eq!(p.label.as_deref(), Some("T (by A)"));
    assert_eq!(p.puzzle.layout().extras(), &[Extra::AntiKing]);
    assert_eq!(
        p.puzzle.layout().rules(),
        &[
            Rule::ExtraRegion {
                cells: (0..9).map(|r| Pos::new(r, r)).collect()
            },
            Rule::Nonconsecutive
        ]
    );
    // Non-consecutive with white dots is the negative constraint of the dots.
    let p = read_fpuzzles(&fp(
        r#""nonconsecutive":true,"difference":[{"cells":["R1C1","R1C2"]}]"#,
    ))
    .unwrap();
    assert_eq!(
        p.puzzle.layout().rules()[1],
        Rule::Negative {
            marks: Marks::Difference
        }
    );
}

#[test]
fn bad_input_is_a_clear_error_naming_the_field() {
    let e = error_of(r#"{"size":9,"grid":["#);
    assert!(e.contains("bad JSON"), "{e}");
    let e = error_of(&fp(
        r#""killercage":[{"cells":["R1C1","R10C1"],"value":"5"}]"#,
    ));
    assert!(
        e.contains("killercage[0].cells[1]") && e.contains("off the 9x9 grid"),
        "{e}"
    );
    let e = error_of(&fp(
        r#""killercage":[{"cells":["R1C1","R1C2"],"value":"30"}]"#,
    ));
    assert!(
        e.contains("killercage[0]") && e.contains("sum to 30"),
        "{e}"
    );
    let e = error_of(&fp(r#""lockout":[{"lines":[["R1C1","R1C2"]]}]"#));
    assert!(e.contains("unknown constraint \"lockout\""), "{e}");
    let e = error_of(&fp(r#""sandwichsum":[{"cell":"R3C3","value":"5"}]"#));
    assert!(
        e.contains("sandwichsum[0].cell") && e.contains("outside the grid"),
        "{e}"
    );
    let e = error_of(&fp(
        r#""littlekillersum":[{"cell":"R0C1","direction":"UL","value":"5"}]"#,
    ));
    assert!(e.contains("never enters the grid"), "{e}");
    let e = error_of(&fp(r#""xv":[{"cells":["R1C1","R1C2"],"value":"Q"}]"#));
    assert!(e.contains("xv[0].value"), "{e}");
    let e = error_of("https://sudokupad.app/sclrc1");
    assert!(e.contains("not supported yet"), "{e}");
    let e = error_of("https://f-puzzles.com/?load=notlzstring");
    assert!(e.contains("not f-puzzles data"), "{e}");
}

#[test]
fn a_batch_gives_one_record_per_line_in_order() {
    let good = fp(r#""killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]"#);
    let link = write_fpuzzles_link(&read_fpuzzles(&good).unwrap().puzzle, None).unwrap();
    let bad = fp(r#""killercage":[{"cells":["R1C1","R1C2"],"value":"30"}]"#);
    let text = format!("{good}\n{{\"grid\": [\n\n{link}\n{bad}\n");
    let recs = read_all(&text, InputFormat::Auto);
    assert_eq!(recs.len(), 4);
    let lines: Vec<usize> = recs.iter().map(|r| r.line).collect();
    assert_eq!(lines, [1, 2, 4, 5]);
    assert!(recs.iter().all(|r| r.format == InputFormat::Fpuzzles));
    let ok: Vec<bool> = recs.iter().map(|r| r.puzzle.is_ok()).collect();
    assert_eq!(ok, [true, false, true, false]);
    assert!(matches!(
        recs[3].puzzle,
        Err(ParseError::Other {
            format: "fpuzzles",
            ..
        })
    ));
}

#[test]
fn pretty_printed_fpuzzles_json_is_read_by_the_json_format() {
    let one = fp(r#""thermometer":[{"lines":[["R1C1","R1C2","R1C3"]]}]"#);
    let pretty: String = one
        .replace(",\"grid\"", ",\n\"grid\"")
        .replace("]]}]", "]]}\n]");
    let recs = read_all(&pretty, InputFormat::Auto);
    assert_eq!(recs.len(), 1);
    assert_eq!(recs[0].format, InputFormat::Json);
    let p = recs[0].puzzle.as_ref().expect("reads");
    assert_eq!(p.layout().rules().len(), 1);
}

#[test]
fn sudokit_json_carries_rules() {
    let cells = ".".repeat(81);
    let text = format!(
        "{{\"cells\":\"{cells}\",\"rules\":[{{\"type\":\"killer\",\"cells\":[\"r1c1\",\"r1c2\"],\"sum\":10}}]}}\n\
         {{\"cells\":\"{cells}\",\"rules\":[{{\"type\":\"lockout\",\"cells\":[\"r1c1\"]}}]}}\n\
         {{\"cells\":\"{cells}\",\"rules\":[{{\"type\":\"killer\",\"cells\":[\"r1c1\",\"r1c2\"],\"sum\":99}}]}}\n"
    );
    let recs = read_all(&text, InputFormat::Auto);
    assert_eq!(recs.len(), 3);
    let p = recs[0].puzzle.as_ref().expect("reads");
    assert_eq!(
        p.layout().rules(),
        &[Rule::Killer {
            cells: ps("r1c1 r1c2"),
            sum: Some(10)
        }]
    );
    let e = recs[1].puzzle.as_ref().unwrap_err().to_string();
    assert!(e.contains("\"rules\"") && e.contains("lockout"), "{e}");
    let e = recs[2].puzzle.as_ref().unwrap_err().to_string();
    assert!(e.contains("sum to 99"), "{e}");
}
