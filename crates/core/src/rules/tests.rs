//! Each rule's check on small hand-made grids: one that keeps the rule, one that breaks it.

use super::*;

/// The 4×4 grid
/// ```text
/// 1 2 | 3 4
/// 3 4 | 1 2
/// ----+----
/// 2 1 | 4 3
/// 4 3 | 2 1
/// ```
const G4: [u8; 16] = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
const R4: [u8; 16] = [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3];

fn p(s: &str) -> Pos {
    Pos::parse(s).unwrap()
}
fn ps(s: &str) -> Vec<Pos> {
    s.split_whitespace().map(p).collect()
}
fn holds(rule: Rule) -> Check {
    let rules = [rule];
    let g = Filled {
        n: 4,
        region_of: &R4,
        values: &G4,
        rules: &rules,
    };
    rules[0].check(&g)
}

#[test]
fn positions_read_and_write_as_r1c1() {
    assert_eq!(p("r1c1"), Pos::new(0, 0));
    assert_eq!(p("R12C3"), Pos::new(11, 2));
    assert_eq!(Pos::new(2, 9).to_string(), "r3c10");
    assert_eq!(Pos::parse("r0c1"), None);
    assert_eq!(Pos::parse("x1c1"), None);
    assert_eq!(Pos::parse("r1"), None);
}

#[test]
fn sudokit_json_round_trips_and_unknown_types_are_named() {
    let text = r#"{"type":"killer","cells":["r1c1","r1c2"],"sum":3}"#;
    let rule: Rule = serde_json::from_str(text).unwrap();
    assert_eq!(
        rule,
        Rule::Killer {
            cells: ps("r1c1 r1c2"),
            sum: Some(3)
        }
    );
    assert_eq!(serde_json::to_string(&rule).unwrap(), text);
    let err = serde_json::from_str::<Rule>(r#"{"type":"lockout","cells":[]}"#).unwrap_err();
    assert!(err.to_string().contains("lockout"), "{err}");
    let err = serde_json::from_str::<Rule>(r#"{"type":"killer","cells":["a1"]}"#).unwrap_err();
    assert!(err.to_string().contains("a1"), "{err}");
    let nc: Rule = serde_json::from_str(r#"{"type":"nonconsecutive"}"#).unwrap();
    assert_eq!(nc, Rule::Nonconsecutive);
}

#[test]
fn every_name_is_listed() {
    let samples = [
        r#"{"type":"difference","cells":["r1c1","r1c2"]}"#,
        r#"{"type":"x-sum","cells":["r1c1"],"sum":1}"#,
        r#"{"type":"negative","marks":"xv"}"#,
        r#"{"type":"disjoint-groups"}"#,
        r#"{"type":"box-indexer","cells":["r1c1"]}"#,
    ];
    for s in samples {
        let r: Rule = serde_json::from_str(s).unwrap();
        assert!(Rule::NAMES.contains(&r.name()), "{}", r.name());
        assert!(s.contains(r.name()));
    }
    assert_eq!(Rule::NAMES.len(), 31);
}

#[test]
fn validation_catches_bad_cells_counts_and_sums() {
    let off = Rule::Odd { cells: ps("r5c1") };
    assert!(matches!(
        off.validate(4),
        Err(RuleError::CellOutOfRange { .. })
    ));
    let twice = Rule::Renban {
        cells: ps("r1c1 r1c1"),
    };
    assert!(twice.validate(4).unwrap_err().to_string().contains("twice"));
    let cage = Rule::Killer {
        cells: ps("r1c1 r1c2"),
        sum: Some(8),
    };
    let e = cage.validate(4).unwrap_err().to_string();
    assert!(e.contains("3..=7"), "{e}");
    let dot = Rule::Difference {
        cells: ps("r1c1"),
        value: None,
    };
    assert!(dot.validate(4).is_err());
    let entropic = Rule::Entropic {
        cells: ps("r1c1 r1c2"),
    };
    assert!(entropic.validate(4).is_err());
    assert!(entropic.validate(9).is_ok());
}

#[test]
fn pair_rules() {
    let d = |c: &str, v| Rule::Difference {
        cells: ps(c),
        value: v,
    };
    assert!(holds(d("r1c1 r1c2", None)).is_ok());
    assert!(holds(d("r1c1 r2c1", None)).is_err());
    assert!(holds(d("r1c1 r2c1", Some(2))).is_ok());
    let r = |c: &str, v| Rule::Ratio {
        cells: ps(c),
        value: v,
    };
    assert!(holds(r("r1c1 r1c2", None)).is_ok());
    assert!(holds(r("r1c2 r1c4", None)).is_ok());
    assert!(holds(r("r1c1 r2c1", None)).is_err());
    assert!(holds(r("r1c1 r2c1", Some(3))).is_ok());
    assert!(
        holds(Rule::Xv {
            cells: ps("r1c1 r1c4"),
            sum: 5
        })
        .is_ok()
    );
    assert!(
        holds(Rule::Xv {
            cells: ps("r1c1 r1c2"),
            sum: 5
        })
        .is_err()
    );
    assert!(
        holds(Rule::GreaterThan {
            cells: ps("r1c2 r1c1")
        })
        .is_ok()
    );
    assert!(
        holds(Rule::GreaterThan {
            cells: ps("r1c1 r1c2")
        })
        .is_err()
    );
    assert!(holds(Rule::Nonconsecutive).is_err());
}

#[test]
fn negative_constraints_look_at_the_other_marks() {
    // Orthogonal pairs of G4 that differ by 1: many; marking only one leaves others unmarked.
    let rules = [
        Rule::Difference {
            cells: ps("r1c1 r1c2"),
            value: None,
        },
        Rule::Negative {
            marks: Marks::Difference,
        },
    ];
    let g = Filled {
        n: 4,
        region_of: &R4,
        values: &G4,
        rules: &rules,
    };
    assert!(rules[1].check(&g).is_err());
    // A 2×2... use a 1-wide case: the 1×1 grid has no pairs at all.
    let one = [Rule::Negative { marks: Marks::Xv }];
    let g1 = Filled {
        n: 1,
        region_of: &[0],
        values: &[1],
        rules: &one,
    };
    assert!(one[0].check(&g1).is_ok());
    // X/V on G4: pairs summing to 5 are 1+4 and 2+3; r1c1+r1c2 = 3 is fine, r1c2+r1c3 = 5 not.
    let xv = [
        Rule::Xv {
            cells: ps("r1c2 r1c3"),
            sum: 5,
        },
        Rule::Negative { marks: Marks::Xv },
    ];
    let g = Filled {
        n: 4,
        region_of: &R4,
        values: &G4,
        rules: &xv,
    };
    let e = xv[1].check(&g).unwrap_err();
    assert!(!e.contains("r1c2 = 2 and r1c3"), "{e}");
}

#[test]
fn sum_rules() {
    let k = |c: &str, s| Rule::Killer {
        cells: ps(c),
        sum: s,
    };
    assert!(holds(k("r1c1 r1c2 r2c1", Some(6))).is_ok());
    assert!(holds(k("r1c1 r1c2 r2c1", Some(7))).is_err());
    assert!(holds(k("r1c1 r2c3", None)).is_err()); // both 1
    assert!(
        holds(Rule::LittleKiller {
            cells: ps("r1c1 r2c2 r3c3 r4c4"),
            sum: 10
        })
        .is_ok()
    );
    assert!(
        holds(Rule::LittleKiller {
            cells: ps("r1c1 r2c2"),
            sum: 6
        })
        .is_err()
    );
    // Row 1 = 1 2 3 4: between 1 and 4 lie 2 and 3.
    assert!(
        holds(Rule::Sandwich {
            cells: ps("r1c1 r1c2 r1c3 r1c4"),
            sum: 5
        })
        .is_ok()
    );
    assert!(
        holds(Rule::Sandwich {
            cells: ps("r1c1 r1c2 r1c3 r1c4"),
            sum: 0
        })
        .is_err()
    );
    // Row 2 = 3 4 1 2 from the left: X = 3, 3 + 4 + 1 = 8; from the right: X = 2, 2 + 1 = 3.
    assert!(
        holds(Rule::XSum {
            cells: ps("r2c1 r2c2 r2c3 r2c4"),
            sum: 8
        })
        .is_ok()
    );
    assert!(
        holds(Rule::XSum {
            cells: ps("r2c4 r2c3 r2c2 r2c1"),
            sum: 3
        })
        .is_ok()
    );
    assert!(
        holds(Rule::XSum {
            cells: ps("r2c4 r2c3 r2c2 r2c1"),
            sum: 8
        })
        .is_err()
    );
    // Row 1 from the left sees 1 2 3 4; from the right only 4.
    assert!(
        holds(Rule::Skyscraper {
            cells: ps("r1c1 r1c2 r1c3 r1c4"),
            count: 4
        })
        .is_ok()
    );
    assert!(
        holds(Rule::Skyscraper {
            cells: ps("r1c4 r1c3 r1c2 r1c1"),
            count: 1
        })
        .is_ok()
    );
    assert!(
        holds(Rule::Skyscraper {
            cells: ps("r1c4 r1c3 r1c2 r1c1"),
            count: 2
        })
        .is_err()
    );
    // r1c2 r1c3: boxes 1 and 2 hold 2 and 3: unequal; r1c1 r1c2 | r2c3: 3 vs 1.
    assert!(
        holds(Rule::RegionSum {
            cells: ps("r1c2 r1c3")
        })
        .is_err()
    );
    assert!(
        holds(Rule::RegionSum {
            cells: ps("r2c2 r2c3 r1c3")
        })
        .is_ok()
    );
}

#[test]
fn line_rules() {
    assert!(
        holds(Rule::Thermo {
            cells: ps("r1c1 r1c2 r2c2"),
            slow: false
        })
        .is_ok()
    );
    assert!(
        holds(Rule::Thermo {
            cells: ps("r2c2 r1c2"),
            slow: false
        })
        .is_err()
    );
    assert!(
        holds(Rule::Thermo {
            cells: ps("r1c1 r2c3"),
            slow: true
        })
        .is_ok()
    );
    assert!(
        holds(Rule::Thermo {
            cells: ps("r1c1 r2c3"),
            slow: false
        })
        .is_err()
    );
    // r1c4 = 4 = r1c1 + r2c3 + r3c2 ... 1 + 1 + 1 = 3; r1c4 = 4 = r1c1 + r2c1 = 1 + 3.
    assert!(
        holds(Rule::Arrow {
            circle: ps("r1c4"),
            cells: ps("r1c1 r2c1")
        })
        .is_ok()
    );
    assert!(
        holds(Rule::Arrow {
            circle: ps("r1c4"),
            cells: ps("r1c1 r1c2")
        })
        .is_err()
    );
    // Two-cell circle r1c1 r1c2 reads 12 = 4 + 4 + 4 (r1c4, r2c2, r3c3).
    let two = Rule::Arrow {
        circle: ps("r1c1 r1c2"),
        cells: ps("r1c4 r2c2 r3c3"),
    };
    assert!(holds(two).is_ok());
    assert!(
        holds(Rule::Renban {
            cells: ps("r1c2 r1c3 r2c2")
        })
        .is_ok()
    );
    assert!(
        holds(Rule::Renban {
            cells: ps("r1c1 r2c2")
        })
        .is_err()
    );
    assert!(
        holds(Rule::Whispers {
            cells: ps("r1c1 r1c4"),
            difference: None
        })
        .is_ok()
    );
    assert!(
        holds(Rule::Whispers {
            cells: ps("r1c1 r1c2"),
            difference: None
        })
        .is_err()
    );
    assert!(
        holds(Rule::Palindrome {
            cells: ps("r1c1 r1c2 r2c3")
        })
        .is_ok()
    );
    assert!(
        holds(Rule::Palindrome {
            cells: ps("r1c1 r1c2")
        })
        .is_err()
    );
    assert!(
        holds(Rule::Between {
            cells: ps("r1c1 r1c2 r1c3 r1c4")
        })
        .is_ok()
    );
    assert!(
        holds(Rule::Between {
            cells: ps("r1c2 r1c1 r1c4")
        })
        .is_err()
    );
    assert!(
        holds(Rule::Zipper {
            cells: ps("r1c1 r1c2 r1c3 r1c4")
        })
        .is_ok()
    );
    assert!(
        holds(Rule::Zipper {
            cells: ps("r1c1 r1c2 r2c2 r2c1")
        })
        .is_err()
    );
    assert!(
        holds(Rule::Zipper {
            cells: ps("r1c1 r1c3 r1c2")
        })
        .is_ok()
    );
    assert!(
        holds(Rule::Zipper {
            cells: ps("r1c1 r2c1 r1c4")
        })
        .is_err()
    );
}

#[test]
fn entropic_lines_need_thirds() {
    // 9×9 row 1 = 1..9: 1 2 3 are all low.
    let g9: Vec<u8> = (0..81)
        .map(|i| ((i % 9 + 3 * (i / 9 % 3) + i / 27) % 9 + 1) as u8)
        .collect();
    let r9: Vec<u8> = (0..81).map(|i| (i / 27 * 3 + i % 9 / 3) as u8).collect();
    let check = |cells: &str| {
        let rules = [Rule::Entropic { cells: ps(cells) }];
        let g = Filled {
            n: 9,
            region_of: &r9,
            values: &g9,
            rules: &rules,
        };
        rules[0].check(&g)
    };
    assert!(check("r1c1 r1c2 r1c3").is_err());
    assert!(check("r1c1 r1c4 r1c7 r1c2").is_ok());
}

#[test]
fn cell_rules() {
    assert!(
        holds(Rule::Odd {
            cells: ps("r1c1 r1c3")
        })
        .is_ok()
    );
    assert!(holds(Rule::Odd { cells: ps("r1c2") }).is_err());
    assert!(
        holds(Rule::Even {
            cells: ps("r1c2 r1c4")
        })
        .is_ok()
    );
    assert!(holds(Rule::Even { cells: ps("r1c1") }).is_err());
    assert!(holds(Rule::Minimum { cells: ps("r1c1") }).is_ok());
    assert!(holds(Rule::Minimum { cells: ps("r2c2") }).is_err());
    assert!(holds(Rule::Maximum { cells: ps("r2c2") }).is_ok());
    assert!(holds(Rule::Maximum { cells: ps("r1c1") }).is_err());
    // Fortress cells are compared with their neighbours outside the set only (f-puzzles and
    // SudokuPad): r2c1 = 3 is below its neighbour r2c2 = 4, which is in the set too.
    assert!(holds(Rule::Maximum { cells: ps("r2c1") }).is_err());
    assert!(
        holds(Rule::Maximum {
            cells: ps("r2c1 r2c2")
        })
        .is_ok()
    );
    assert!(holds(Rule::Minimum { cells: ps("r3c1") }).is_err());
    assert!(
        holds(Rule::Minimum {
            cells: ps("r3c2 r3c1")
        })
        .is_ok()
    );
    let q = |d: Vec<u32>| Rule::Quadruple {
        cells: ps("r1c1 r1c2 r2c1 r2c2"),
        digits: d,
    };
    assert!(holds(q(vec![1, 4])).is_ok());
    assert!(holds(q(vec![1, 1])).is_err());
    assert!(
        holds(Rule::Clone {
            cells: ps("r1c1 r1c2"),
            clone: ps("r2c3 r2c4")
        })
        .is_ok()
    );
    assert!(
        holds(Rule::Clone {
            cells: ps("r1c1"),
            clone: ps("r1c2")
        })
        .is_err()
    );
    assert!(
        holds(Rule::ExtraRegion {
            cells: ps("r1c1 r2c2 r3c3 r4c4")
        })
        .is_err()
    );
    assert!(
        holds(Rule::ExtraRegion {
            cells: ps("r1c1 r1c2 r2c1 r2c2")
        })
        .is_ok()
    );
    // Boxes of G4: 1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1: first cells 1 3 2 4: distinct;
    // second cells 2 4 1 3; third 3 1 4 2; fourth 4 2 3 1.
    assert!(holds(Rule::DisjointGroups).is_ok());
}

#[test]
fn indexers() {
    // Row indexer at r1c1 = 1: digit 1 is in row 1 of column 1. Holds.
    assert!(holds(Rule::RowIndexer { cells: ps("r1c1") }).is_ok());
    // r2c1 = 3: digit 2 in row 3 of column 1? r3c1 = 2: holds.
    assert!(holds(Rule::RowIndexer { cells: ps("r2c1") }).is_ok());
    // r1c2 = 2: digit 1 in row 2 of column 2? r2c2 = 4: broken.
    assert!(holds(Rule::RowIndexer { cells: ps("r1c2") }).is_err());
    // Column indexer r1c1 = 1: digit 1 in column 1 of row 1: holds; r2c2 = 4: digit 2 in
    // column 4 of row 2: r2c4 = 2 holds.
    assert!(
        holds(Rule::ColumnIndexer {
            cells: ps("r1c1 r2c2")
        })
        .is_ok()
    );
    // Every row of G4 is its own inverse, so every column indexer holds there; a row 2 3 4 1
    // is not: r1c1 = 2 says digit 1 is in column 2, which holds 3.
    let mut values = G4;
    values[..4].copy_from_slice(&[2, 3, 4, 1]);
    // And in box 1 (2 3 / 3 4), r1c1 = 2 says digit 1 is in the box's 2nd cell, which holds 3.
    let rules = [
        Rule::ColumnIndexer { cells: ps("r1c1") },
        Rule::BoxIndexer { cells: ps("r1c1") },
    ];
    let g = Filled {
        n: 4,
        region_of: &R4,
        values: &values,
        rules: &rules,
    };
    assert!(rules[0].check(&g).is_err());
    assert!(rules[1].check(&g).is_err());
    // Box indexer: r1c1 (1st of box 1) = 1: digit 1 in its 1st cell: holds; r1c2 (2nd) = 2:
    // digit 2 in the 2nd cell: holds; r2c1 (3rd) = 3: digit 3 in the 3rd cell: holds.
    assert!(
        holds(Rule::BoxIndexer {
            cells: ps("r1c1 r1c2 r2c1 r2c2")
        })
        .is_ok()
    );
    // r1c3 (1st of box 2) = 3: digit 1 in box 2's 3rd cell r2c3 = 1: holds; r1c4 (2nd) = 4:
    // digit 2 in the 4th cell r2c4 = 2: holds; r3c1 (1st of box 3) = 2: digit 1 in its 2nd
    // cell r3c2 = 1: holds; r3c3 (1st of box 4) = 4: digit 1 in its 4th cell r4c4 = 1: holds.
    assert!(
        holds(Rule::BoxIndexer {
            cells: ps("r1c3 r1c4 r3c1 r3c3")
        })
        .is_ok()
    );
    // r2c3 (3rd of box 2) = 1: digit 3 in its 1st cell r1c3 = 3: holds; r4c3 (3rd of box 4)
    // = 2: digit 3 in its 2nd cell r3c4 = 3: holds; r4c4 (4th) = 1: digit 4 in its 1st r3c3
    // = 4 holds; r4c1 (3rd of box 3) = 4: digit 3 in its 4th cell r4c2 = 3 holds.
    assert!(
        holds(Rule::BoxIndexer {
            cells: ps("r2c3 r4c3 r4c4 r4c1")
        })
        .is_ok()
    );
}

#[test]
fn incomplete_grids_and_invalid_rules_do_not_panic() {
    let rules = [Rule::RowIndexer { cells: ps("r1c1") }];
    let mut values = G4;
    values[0] = 0;
    let g = Filled {
        n: 4,
        region_of: &R4,
        values: &values,
        rules: &rules,
    };
    assert!(rules[0].check(&g).is_err());
    assert!(holds(Rule::Odd { cells: ps("r9c9") }).is_err());
}

#[test]
fn the_verifier_checks_every_rule_of_the_layout() {
    use crate::{Grid, Layout, verify::VerifyError};
    use std::sync::Arc;
    let plain = Layout::standard(4).unwrap();
    let cage = |sum| Rule::Killer {
        cells: ps("r1c1 r1c2"),
        sum: Some(sum),
    };
    let good = Arc::new(plain.with_rules([cage(3)]).unwrap());
    let bad = Arc::new(plain.with_rules([cage(4)]).unwrap());
    assert!(good.has_rules() && !good.is_standard_9x9());
    assert_ne!(*good, *bad);
    assert!(good.describe().ends_with("1 rule"), "{}", good.describe());
    let solved = |l: &Arc<Layout>| Grid::from_values(l.clone(), G4.to_vec());
    assert_eq!(crate::verify::check_grid(&solved(&good)), Ok(()));
    match crate::verify::check_grid(&solved(&bad)) {
        Err(VerifyError::RuleBroken { rule, reason }) => {
            assert_eq!(rule, "killer r1c1 r1c2 = 4");
            assert!(reason.contains("sums to 3"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    let e = plain
        .with_rules([Rule::Odd { cells: ps("r1c5") }])
        .unwrap_err();
    assert!(e.to_string().contains("r1c5"), "{e}");
}
