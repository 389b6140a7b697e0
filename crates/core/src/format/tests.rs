//! Unit tests of the readers and writers: detection, every format, every error kind, and
//! parse → write → parse round trips (proptest).

use super::*;
use crate::layout::Extra;
use proptest::prelude::*;
use std::sync::Arc;

const P9: &str =
    "000000090190470608052819407200048000009000500000750009907364180506081074080000000";

fn records(text: &str, format: InputFormat) -> Vec<Record> {
    Reader::new(text.as_bytes(), format, LayoutSpec::default())
        .map(|r| r.expect("no I/O error"))
        .collect()
}

#[test]
fn line_format_keeps_label_and_skips_comments() {
    let text = format!(
        "# comment\n\n{P9}  hard one\n{}#tag\n",
        P9.replace('0', ".")
    );
    let recs = records(&text, InputFormat::Auto);
    assert_eq!(recs.len(), 2);
    assert_eq!(recs[0].format, InputFormat::Line);
    assert_eq!(recs[0].line, 3);
    assert_eq!(recs[0].label.as_deref(), Some("hard one"));
    assert_eq!(recs[1].label.as_deref(), Some("#tag"));
    let (a, b) = (
        recs[0].puzzle.as_ref().unwrap(),
        recs[1].puzzle.as_ref().unwrap(),
    );
    assert_eq!(a, b);
    assert_eq!(a.given_count(), 36);
}

#[test]
fn every_empty_symbol_is_accepted() {
    for e in ['.', '0', '_', '-', '*'] {
        let g = parse_one(&P9.replace('0', &e.to_string()), InputFormat::Line).unwrap();
        assert_eq!(g.given_count(), 36);
    }
}

#[test]
fn sixteen_by_sixteen_uses_letters() {
    let mut s = String::from("123456789ABCDEFG");
    s.push_str(&".".repeat(240));
    let g = parse_one(&s, InputFormat::Line).unwrap();
    assert_eq!(g.size(), 16);
    assert_eq!(g.values()[15], 16);
    assert_eq!(g.to_line().unwrap()[..16].to_string(), "123456789ABCDEFG");
    // Lower case reads the same.
    let g2 = parse_one(&s.to_lowercase(), InputFormat::Line).unwrap();
    assert_eq!(g, g2);
}

#[test]
fn wrong_length_is_reported() {
    let err = parse_one(&P9[..80], InputFormat::Line).unwrap_err();
    assert!(
        matches!(err, ParseError::WrongLength { found: 80, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("80"));
}

#[test]
fn unknown_symbol_names_the_cell() {
    let mut s = P9.to_string();
    s.replace_range(12..13, "x");
    let bad = s.replace('x', "!");
    let err = parse_one(&bad, InputFormat::Line).unwrap_err();
    assert_eq!(
        err,
        ParseError::UnknownSymbol {
            symbol: "!".into(),
            row: 2,
            col: 4
        }
    );
}

#[test]
fn symbol_too_large_names_the_cell() {
    let mut s = P9.to_string();
    s.replace_range(0..1, "A");
    let err = parse_one(&s, InputFormat::Line).unwrap_err();
    assert!(
        matches!(
            err,
            ParseError::TooLarge {
                value: 10,
                n: 9,
                row: 1,
                col: 1,
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn duplicate_givens_name_both_cells_and_the_house() {
    let mut s = P9.to_string();
    s.replace_range(0..1, "9"); // row 1 already has a 9 at column 8
    let err = parse_one(&s, InputFormat::Line).unwrap_err();
    let msg = err.to_string();
    assert!(matches!(err, ParseError::Conflict(_)), "{msg}");
    assert!(
        msg.contains("row 1") && msg.contains("column 1") && msg.contains("column 8"),
        "{msg}"
    );
}

#[test]
fn bad_region_layout_is_reported() {
    let puzzle = ".".repeat(16);
    let text = format!("{puzzle}\naaaabbbbccccdddx\n");
    let recs = records(&text, InputFormat::Jigsaw);
    let err = recs[0].puzzle.as_ref().unwrap_err();
    assert!(matches!(err, ParseError::Layout(_)), "{err}");
    let missing = records(&format!("{puzzle}\n"), InputFormat::Jigsaw);
    assert_eq!(
        missing[0].puzzle.as_ref().unwrap_err(),
        &ParseError::MissingRegions
    );
}

#[test]
fn size_without_default_box_needs_regions() {
    let err = parse_one(&".".repeat(49), InputFormat::Line).unwrap_err();
    assert!(
        matches!(err, ParseError::Layout(LayoutError::NoDefaultBox(7))),
        "{err}"
    );
}

#[test]
fn numbers_format_reads_matrices_of_any_size() {
    let text = "0 0 0 0 0 0 0 9 0\n1 9 0 4 7 0 6 0 8\n0 5 2 8 1 9 4 0 7\n2 0 0 0 4 8 0 0 0\n\
                0 0 9 0 0 0 5 0 0\n0 0 0 7 5 0 0 0 9\n9 0 7 3 6 4 1 8 0\n5 0 6 0 8 1 0 7 4\n\
                0 8 0 0 0 0 0 0 0\n\n1,0,0,0\n0,0,0,0\n0,0,0,0\n0,0,0,4\n";
    let recs = records(text, InputFormat::Auto);
    assert_eq!(recs.len(), 2);
    assert_eq!(recs[0].format, InputFormat::Numbers);
    assert_eq!(
        recs[0].puzzle.as_ref().unwrap(),
        &parse_one(P9, InputFormat::Line).unwrap()
    );
    assert_eq!(recs[1].line, 11);
    assert_eq!(recs[1].puzzle.as_ref().unwrap().size(), 4);
    // 36×36 only fits the numbers format.
    let row: Vec<String> = (0..36)
        .map(|i| if i == 0 { "36".into() } else { "0".into() })
        .collect();
    let big = vec![row.join(" "); 1]
        .into_iter()
        .chain(std::iter::repeat_n(vec!["0"; 36].join(" "), 35))
        .collect::<Vec<_>>()
        .join("\n");
    let g = parse_one(&big, InputFormat::Numbers).unwrap();
    assert_eq!((g.size(), g.values()[0]), (36, 36));
    let err = parse_one("1 2 3 4\n1 2 3\n0 0 0 0\n0 0 0 0\n", InputFormat::Numbers).unwrap_err();
    assert!(
        matches!(
            err,
            ParseError::RowLength {
                row: 2,
                found: 3,
                expected: 4
            }
        ),
        "{err}"
    );
}

#[test]
fn block_format_with_separators_and_sdk_metadata() {
    let text = "#Asomebody\n#Dsome description\n\
        ...|...|.9.\n19.|47.|6.8\n.52|819|4.7\n---+---+---\n2..|.48|...\n..9|...|5..\n\
        ...|75.|..9\n---+---+---\n9.7|364|18.\n5.6|.81|.74\n.8.|...|...\n\n\
        ....\n....\n....\n...1\n";
    let recs = records(text, InputFormat::Auto);
    assert_eq!(recs.len(), 2, "{recs:?}");
    assert_eq!(recs[0].format, InputFormat::Block);
    assert_eq!(recs[0].line, 3);
    assert_eq!(
        recs[0].puzzle.as_ref().unwrap(),
        &parse_one(P9, InputFormat::Line).unwrap()
    );
    assert_eq!(recs[1].puzzle.as_ref().unwrap().values()[15], 1);
    let short = records("123\n...\n", InputFormat::Block);
    assert!(short[0].puzzle.is_err());
}

#[test]
fn csv_format_with_header_and_expected_solution() {
    let sol = "748635291193472658652819437265948713879123546314756829927364185536281974481597362";
    let text = format!("quizzes,solutions\n{P9},{sol}\n{P9}\n");
    let recs = records(&text, InputFormat::Auto);
    assert_eq!(recs.len(), 2);
    assert_eq!(recs[0].format, InputFormat::Csv);
    assert_eq!(recs[0].line, 2);
    let exp = recs[0].expected.as_ref().unwrap().as_ref().unwrap();
    assert_eq!(exp.to_line().unwrap(), sol);
    assert!(recs[1].expected.is_none());
    let bad = records(&format!("{P9},{}\n", &sol[..80]), InputFormat::Csv);
    assert!(bad[0].expected.as_ref().unwrap().is_err());
}

#[test]
fn json_records_carry_layouts() {
    let text = format!(
        "{{\"size\":9,\"box\":[3,3],\"cells\":\"{P9}\",\"label\":\"w1\"}}\n\
         {{\"cells\":\"{}\",\"extra\":[\"diagonals\"]}}\n\
         {{\"size\":6,\"box\":[3,2],\"cells\":[[1,0,0,0,0,0],[0,0,0,0,0,0],[0,0,0,0,0,0],[0,0,0,0,0,0],[0,0,0,0,0,0],[0,0,0,0,0,6]]}}\n\
         {{\"cells\":\"{}\",\"regions\":\"aabbaabbccddccdd\"}}\n\
         {{\"cells\":\"oops\"}}\n\
         not json\n",
        ".".repeat(81),
        ".".repeat(16)
    );
    let recs = records(&text, InputFormat::Auto);
    assert_eq!(recs.len(), 6);
    assert_eq!(recs[0].label.as_deref(), Some("w1"));
    assert_eq!(
        recs[1].puzzle.as_ref().unwrap().layout().extras(),
        &[Extra::Diagonals]
    );
    assert_eq!(
        recs[2].puzzle.as_ref().unwrap().layout().box_shape(),
        Some((3, 2))
    );
    assert!(recs[3].puzzle.as_ref().unwrap().layout().is_jigsaw());
    assert!(recs[4].puzzle.is_err());
    assert!(matches!(recs[5].puzzle, Err(ParseError::Json(_))));
    assert_eq!(recs[5].line, 6);
    // A pretty-printed object spanning lines, and an array of records.
    let multi =
        format!("{{\n  \"cells\": \"{P9}\"\n}}\n[{{\"cells\":\"{P9}\"}},{{\"cells\":\"{P9}\"}}]\n");
    let recs = records(&multi, InputFormat::Json);
    assert_eq!(recs.len(), 3);
    assert!(recs.iter().all(|r| r.puzzle.is_ok()));
    assert_eq!(recs[1].line, 4);
}

#[test]
fn json_region_lists_detect_a_cell_in_two_regions() {
    let text = format!(
        "{{\"cells\":\"{}\",\"regions\":[[[1,1],[1,2],[2,1],[2,2]],[[1,1],[1,4],[2,3],[2,4]],[[3,1],[3,2],[4,1],[4,2]],[[3,3],[3,4],[4,3],[4,4]]]}}\n",
        ".".repeat(16)
    );
    let recs = records(&text, InputFormat::Json);
    let err = recs[0].puzzle.as_ref().unwrap_err();
    assert!(
        matches!(
            err,
            ParseError::Layout(LayoutError::CellInTwoRegions { row: 1, col: 1, .. })
        ),
        "{err}"
    );
}

#[test]
fn mixed_good_and_bad_lines_give_one_record_each_in_order() {
    let text = format!("{P9}\nshort\n{P9} x\n{}\n\n{P9}\n", P9.replace("19", "99"));
    let recs = records(&text, InputFormat::Auto);
    let shape: Vec<(usize, bool)> = recs.iter().map(|r| (r.line, r.puzzle.is_ok())).collect();
    assert_eq!(
        shape,
        vec![(1, true), (2, false), (3, true), (4, false), (6, true)]
    );
    assert_eq!(
        recs.iter().map(|r| r.index).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5]
    );
}

#[test]
fn writers_render_boxes_and_regions() {
    let g = parse_one(P9, InputFormat::Line).unwrap();
    let block = write_block(&g);
    assert_eq!(block.lines().count(), 11);
    assert_eq!(parse_one(&block, InputFormat::Block).unwrap(), g);
    let pretty = write_pretty(&g);
    assert!(pretty.lines().next().unwrap().starts_with("+---"));
    assert_eq!(pretty.lines().count(), 19);
    let numbers = write_numbers(&g);
    assert_eq!(parse_one(&numbers, InputFormat::Numbers).unwrap(), g);
    let jig = records(
        &format!(
            "{}\naabbaabbccddccdd\n",
            "1...".repeat(4).replacen('1', ".", 3)
        ),
        InputFormat::Jigsaw,
    );
    let jg = jig[0].puzzle.as_ref().unwrap();
    let p = write_pretty(jg);
    assert!(p.contains('|'));
}

// ---- Regression tests from the input/output review ----

#[test]
fn invalid_utf8_line_is_an_error_record_and_the_stream_goes_on() {
    let mut bytes = format!("{P9}\n").into_bytes();
    bytes.extend_from_slice(b"\xff\xfe junk\n# caf\xe9 comment\n");
    bytes.extend_from_slice(format!("{P9} caf\u{e9}\n").as_bytes());
    let recs: Vec<Record> = Reader::new(&bytes[..], InputFormat::Auto, LayoutSpec::default())
        .map(|r| r.expect("no I/O error"))
        .collect();
    assert_eq!(recs.len(), 3, "{recs:?}");
    assert_eq!(recs[1].line, 2);
    assert_eq!(
        recs[1].puzzle.as_ref().unwrap_err(),
        &ParseError::InvalidUtf8 { column: 1 }
    );
    assert!(recs[0].puzzle.is_ok() && recs[2].puzzle.is_ok());
    assert_eq!(recs[2].line, 4);
    assert_eq!(recs[2].label.as_deref(), Some("caf\u{e9}"));
    // Binary junk as the very first line: an error record, then detection on the next line.
    let mut junk = vec![0x80u8, 0x00, 0xc3, b'\n'];
    junk.extend_from_slice(format!("{P9}\n").as_bytes());
    let recs: Vec<Record> = Reader::new(&junk[..], InputFormat::Auto, LayoutSpec::default())
        .map(|r| r.expect("no I/O error"))
        .collect();
    assert_eq!(recs.len(), 2);
    assert!(matches!(
        recs[0].puzzle,
        Err(ParseError::InvalidUtf8 { .. })
    ));
    assert!(recs[1].puzzle.is_ok());
}

#[test]
fn a_ten_megabyte_line_is_a_bounded_error_not_a_huge_record() {
    for (body, format) in [
        ("1".repeat(10_000_000), InputFormat::Auto),
        (".".repeat(10_000_000), InputFormat::Line),
        ("1 ".repeat(5_000_000), InputFormat::Numbers),
        ("x".repeat(10_000_000), InputFormat::Block),
        (
            format!("{{\"cells\":\"{}\"}}", ".".repeat(10_000_000)),
            InputFormat::Json,
        ),
    ] {
        let next = if format == InputFormat::Json {
            format!("{{\"cells\":\"{P9}\"}}")
        } else {
            P9.to_string()
        };
        let text = format!("{body}\n{next}\n");
        let recs = records(&text, format);
        assert_eq!(recs.len(), 2, "{format}");
        assert!(
            matches!(recs[0].puzzle, Err(ParseError::LineTooLong { .. })),
            "{format}: {:?}",
            recs[0].puzzle
        );
        if format != InputFormat::Numbers && format != InputFormat::Block {
            assert!(recs[1].puzzle.is_ok(), "{format}");
        }
        assert_eq!(recs[1].line, 2);
    }
}

#[test]
fn a_wide_first_row_does_not_swallow_the_rows_after_it() {
    let text = format!(
        "{}\n{}\n",
        "1 ".repeat(101),
        "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1"
    );
    let recs = records(&text, InputFormat::Numbers);
    assert_eq!(recs.len(), 2);
    assert!(matches!(
        recs[0].puzzle,
        Err(ParseError::Layout(LayoutError::UnsupportedSize(101)))
    ));
    assert_eq!((recs[1].line, recs[1].puzzle.is_ok()), (2, true));
}

#[test]
fn an_empty_json_array_does_not_end_the_stream() {
    let text = format!("[]\n{{\"cells\":\"{P9}\"}}\n[ ]\n[{{\"cells\":\"{P9}\"}}]\n");
    let recs = records(&text, InputFormat::Auto);
    assert_eq!(recs.len(), 2, "{recs:?}");
    assert_eq!((recs[0].line, recs[1].line), (2, 4));
    assert!(recs.iter().all(|r| r.puzzle.is_ok()));
}

#[test]
fn a_pretty_printed_json_array_streams_with_each_record_on_its_own_line() {
    // 20,000 records over 80,000 lines: gathered once, not re-parsed per line.
    let mut text = String::from("[\n");
    for i in 0..20_000 {
        let sep = if i + 1 < 20_000 { "," } else { "" };
        text.push_str(&format!(
            "  {{\n    \"cells\": \"{P9}\",\n    \"id\": {i}\n  }}{sep}\n"
        ));
    }
    text.push_str("]\n");
    let recs = records(&text, InputFormat::Auto);
    assert_eq!(recs.len(), 20_000);
    assert!(recs.iter().all(|r| r.puzzle.is_ok()));
    assert_eq!(recs[0].line, 2);
    assert_eq!(recs[1].line, 6);
    assert_eq!(recs[19_999].line, 2 + 4 * 19_999);
    assert_eq!(recs[19_999].label.as_deref(), Some("19999"));
}

#[test]
fn a_json_value_over_the_size_cap_is_one_error_then_reading_goes_on() {
    let mut text = format!("{{\n\"cells\":\"{P9}\",\n\"pad\":[\n");
    while text.len() < 5 << 20 {
        text.push_str("1,\n");
    }
    text.push_str(&format!("1]\n}}\n{{\"cells\":\"{P9}\"}}\n"));
    let recs = records(&text, InputFormat::Json);
    assert_eq!(recs.len(), 2, "{:?}", recs.first().map(|r| &r.puzzle));
    assert!(matches!(&recs[0].puzzle, Err(ParseError::Json(m)) if m.contains("MiB")));
    assert!(recs[1].puzzle.is_ok());
}

#[test]
fn a_broken_multi_line_json_object_is_reported_at_its_first_line() {
    let text = format!("{{\n  \"cells\": \"{P9},\n  \"size\": 9\n}}\n{{\"cells\":\"{P9}\"}}\n");
    let recs = records(&text, InputFormat::Json);
    assert!(matches!(recs[0].puzzle, Err(ParseError::Json(_))));
    assert_eq!(recs[0].line, 1);
    assert!(recs.last().unwrap().puzzle.is_ok());
}

#[test]
fn a_rule_line_first_means_block_even_when_its_length_is_a_square() {
    // `pretty` output of 6×6 and 16×16 grids starts with a rule of 25 and 81 characters.
    for n in [6usize, 16] {
        let layout = Arc::new(Layout::standard(n).unwrap());
        let (r, c) = layout.box_shape().unwrap();
        let values = (0..n * n)
            .map(|i| {
                let (row, col) = (i / n, i % n);
                ((c * (row % r) + row / r + col) % n + 1) as u8
            })
            .collect();
        let g = Grid::from_values(layout, values);
        let text = write_pretty(&g);
        assert_eq!(
            text.lines().next().unwrap().chars().count(),
            [25, 81][usize::from(n == 16)]
        );
        let recs = records(&text, InputFormat::Auto);
        assert_eq!(recs.len(), 1);
        assert_eq!(recs[0].format, InputFormat::Block);
        assert_eq!(recs[0].puzzle.as_ref().unwrap(), &g);
    }
    // A `[Puzzle]` section header (.ss files) is not JSON.
    let text = format!(
        "[Puzzle]\n{}\n",
        write_block(&parse_one(P9, InputFormat::Line).unwrap())
    );
    let recs = records(&text, InputFormat::Auto);
    assert_eq!(recs[0].format, InputFormat::Block);
    assert_eq!(
        recs[0].puzzle.as_ref().unwrap(),
        &parse_one(P9, InputFormat::Line).unwrap()
    );
}

#[test]
fn pretty_writes_decimal_numbers_above_nine_for_every_size() {
    let layout = Arc::new(Layout::standard(36).unwrap());
    let mut values = vec![0u8; 36 * 36];
    values[0] = 10;
    values[1] = 36;
    let g = Grid::from_values(layout, values);
    let text = write_pretty(&g);
    let row = text.lines().nth(1).unwrap();
    assert!(row.starts_with("| 10   36    . "), "{row}");
    assert!(!row.contains('A'));
}

#[test]
fn huge_box_factors_do_not_wrap_around_to_a_valid_side() {
    // (2^32 + 1) · c ≡ 9 (mod 2^64): a wrapping product would accept these as 9×9 boxes.
    let rows = (1usize << 32) + 1;
    let cols = 9usize.wrapping_mul(1usize.wrapping_sub(1 << 32));
    assert_eq!(rows.wrapping_mul(cols), 9);
    assert!(matches!(
        Layout::boxed(9, rows, cols),
        Err(LayoutError::BoxesDoNotTile { .. })
    ));
    let text = format!("{{\"box\":[{rows},{cols}],\"cells\":\"{P9}\"}}\n");
    let recs = records(&text, InputFormat::Json);
    assert!(matches!(
        recs[0].puzzle,
        Err(ParseError::Layout(LayoutError::BoxesDoNotTile { .. }))
    ));
    let spec = LayoutSpec {
        box_shape: Some((rows, cols)),
        ..LayoutSpec::default()
    };
    let err = parse_one_with(P9, InputFormat::Line, &spec).unwrap_err();
    assert!(matches!(err, ParseError::Layout(_)), "{err}");
}

#[test]
fn an_incomplete_expected_solution_names_the_empty_cell() {
    let text = format!("{P9},{P9}\n");
    let recs = records(&text, InputFormat::Csv);
    let err = recs[0].expected.as_ref().unwrap().as_ref().unwrap_err();
    assert_eq!(
        err,
        &ParseError::Expected(Box::new(ParseError::EmptyCell { row: 1, col: 1 }))
    );
    assert_eq!(
        err.to_string(),
        "expected solution: cell at row 1, column 1 is empty"
    );
}

#[test]
fn a_bad_first_line_does_not_turn_a_line_file_into_a_broken_block() {
    for first in [&P9[..80], &P9[..30], "1234567890", "1........"] {
        let text = format!("{first}\n\n# c\n{P9}\n{P9} label\n");
        let recs = records(&text, InputFormat::Auto);
        assert_eq!(recs.len(), 3, "{first}: {recs:?}");
        assert!(recs.iter().all(|r| r.format == InputFormat::Line));
        assert!(recs[0].puzzle.is_err());
        assert_eq!((recs[1].line, recs[2].line), (4, 5));
        assert!(recs[1].puzzle.is_ok() && recs[2].puzzle.is_ok());
    }
    // A lone short line is a (small) line puzzle, so the error says what is wrong with it.
    let err = parse_one(".........", InputFormat::Auto).unwrap_err();
    assert!(
        matches!(err, ParseError::Layout(LayoutError::NoDefaultBox(3))),
        "{err}"
    );
    // Rows of equal length are still a block, with or without rules between bands.
    let block = write_block(&parse_one(P9, InputFormat::Line).unwrap());
    for text in [
        block.clone(),
        block.replace('|', "").replace("---+---+---\n", ""),
    ] {
        let recs = records(&text, InputFormat::Auto);
        assert_eq!(recs.len(), 1, "{text}");
        assert_eq!(recs[0].format, InputFormat::Block);
        assert!(recs[0].puzzle.is_ok());
    }
}

#[test]
fn json_rows_mixed_with_numbers_name_the_bad_row() {
    let text = "{\"cells\":[[1,2,3,4],5,[0,0,0,0],[0,0,0,0]]}\n";
    let recs = records(text, InputFormat::Json);
    let err = recs[0].puzzle.as_ref().unwrap_err();
    assert_eq!(
        err.to_string(),
        "bad JSON record: row 2 of a list of rows must be a list"
    );
}

fn arb_grid() -> impl Strategy<Value = (usize, usize, Vec<u8>)> {
    prop_oneof![
        Just((2, 2)),
        Just((2, 3)),
        Just((3, 3)),
        Just((3, 4)),
        Just((4, 4)),
        Just((6, 6))
    ]
    .prop_flat_map(|(r, c)| {
        let n = r * c;
        // A valid grid (the shifted-rows pattern, digits relabelled) with random blanks.
        (
            Just(r),
            Just(c),
            proptest::collection::vec(proptest::bool::weighted(0.4), n * n),
            Just(()).prop_perturb(move |_, mut rng| {
                let mut perm: Vec<u8> = (1..=n as u8).collect();
                for i in (1..n).rev() {
                    perm.swap(i, rng.random_range(0..=i));
                }
                perm
            }),
        )
    })
    .prop_map(|(r, c, keep, perm)| {
        let n = r * c;
        let values = (0..n * n)
            .map(|i| {
                let (row, col) = (i / n, i % n);
                let v = (c * (row % r) + row / r + col) % n;
                if keep[i] { perm[v] } else { 0 }
            })
            .collect();
        (r, c, values)
    })
}

proptest! {
    #[test]
    fn parse_format_parse_is_identity((r, c, values) in arb_grid()) {
        let n = r * c;
        let layout = std::sync::Arc::new(crate::Layout::boxed(n, r, c).unwrap());
        let g = Grid::from_values(layout, values);
        prop_assert!(g.find_conflict().is_none());
        let spec = LayoutSpec { box_shape: Some((r, c)), ..LayoutSpec::default() };
        for f in [OutputFormat::Line, OutputFormat::Numbers, OutputFormat::Block] {
            let text = write_grid(&g, f);
            let input = match f {
                OutputFormat::Line if n <= 35 => InputFormat::Line,
                OutputFormat::Block if n <= 35 => InputFormat::Block,
                _ => InputFormat::Numbers,
            };
            let back = parse_one_with(&text, input, &spec).unwrap();
            prop_assert_eq!(&back, &g);
        }
    }

    /// Every writer (pretty included), boxes and jigsaw regions, sides 1 to 64: the text
    /// reads back to the same grid, with the format forced and auto-detected.
    #[test]
    fn every_writer_round_trips_for_every_size_and_layout(
        (layout, values) in arb_any_layout_grid()
    ) {
        let n = layout.size();
        let g = Grid::from_values(layout.clone(), values);
        prop_assert!(g.find_conflict().is_none());
        let spec = match layout.box_shape() {
            Some(shape) => LayoutSpec { box_shape: Some(shape), ..LayoutSpec::default() },
            None => LayoutSpec { regions: Some(layout.clone()), ..LayoutSpec::default() },
        };
        for f in [OutputFormat::Line, OutputFormat::Numbers, OutputFormat::Block, OutputFormat::Pretty] {
            let text = write_grid(&g, f);
            let forced = match f {
                OutputFormat::Line if n <= 35 => InputFormat::Line,
                OutputFormat::Block | OutputFormat::Pretty if n <= 35 => InputFormat::Block,
                OutputFormat::Pretty => InputFormat::Block,
                _ => InputFormat::Numbers,
            };
            for input in [forced, InputFormat::Auto] {
                let back = parse_one_with(&text, input, &spec);
                prop_assert_eq!(back.as_ref(), Ok(&g), "{:?} read as {}:\n{}", f, input, text);
            }
        }
    }
}

/// A layout of any side 1..=64 (default boxes, or a random jigsaw partition), and a
/// conflict-free partial grid on it filled greedily in random order.
fn arb_any_layout_grid() -> impl Strategy<Value = (Arc<Layout>, Vec<u8>)> {
    (1usize..=64, any::<bool>(), any::<u64>()).prop_map(|(n, jigsaw, seed)| {
        let mut rng = seed | 1;
        let mut next = move |bound: usize| {
            // xorshift64: deterministic from the proptest seed, so failures shrink and replay.
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng % bound as u64) as usize
        };
        let layout = match Layout::standard(n) {
            Ok(l) if !jigsaw => l,
            _ => {
                // Random partition into N regions of N cells (any shape is a valid layout).
                let mut cells: Vec<usize> = (0..n * n).collect();
                for i in (1..cells.len()).rev() {
                    cells.swap(i, next(i + 1));
                }
                let mut region_of = vec![0u8; n * n];
                for (k, &cell) in cells.iter().enumerate() {
                    region_of[cell] = (k / n) as u8;
                }
                Layout::jigsaw(n, region_of).unwrap()
            }
        };
        let layout = Arc::new(layout);
        let mut g = Grid::empty(layout.clone());
        for i in 0..n * n {
            if next(10) < 4 {
                let open: Vec<_> = g.open_digits(crate::types::Cell(i as u16)).iter().collect();
                if !open.is_empty() {
                    let d = open[next(open.len())];
                    g.set(crate::types::Cell(i as u16), Some(d));
                }
            }
        }
        (layout, g.values().to_vec())
    })
}

/// Input that exercises every kind of line: CRLF, a bare CR, a BOM, blank and comment lines
/// (one not UTF-8, one over-long), a label, a line not UTF-8, a line over the cap, a bad
/// record, a 4×4 record and a CR LF pair split across two reads.
fn awkward_lines() -> Vec<u8> {
    let mut v = Vec::new();
    v.extend_from_slice(b"\xef\xbb\xbf");
    v.extend_from_slice(P9.as_bytes());
    v.extend_from_slice(b" first\r\n\r\n# note\r");
    v.extend_from_slice(P9.replace('0', ".").as_bytes());
    v.extend_from_slice(b"\n  \t \n# \xff\xfe comment\n");
    v.extend_from_slice(b"12\xff4\n");
    v.extend_from_slice(b"#");
    v.extend(std::iter::repeat_n(b'x', source::MAX_LINE + 10));
    v.push(b'\n');
    v.extend(std::iter::repeat_n(b'1', source::MAX_LINE + 10));
    v.extend_from_slice(b"\r\n1234\n1.3.\r");
    v.extend_from_slice(P9.as_bytes());
    v.extend_from_slice(b"\r\n");
    v
}

/// Reads in pieces of `step` bytes, so lines and line endings straddle reads.
struct Trickle<'a>(&'a [u8], usize);

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.0.len().min(self.1).min(buf.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn blocks_hold_the_lines_next_raw_line_returns() {
    let input = awkward_lines();
    for format in [InputFormat::Auto, InputFormat::Line] {
        for step in [1 << 16, 7, 82] {
            let buffered = || std::io::BufReader::with_capacity(64, Trickle(&input, step));
            let mut one = Reader::new(buffered(), format, LayoutSpec::default());
            one.detect_format().unwrap();
            let mut expected = Vec::new();
            while let Some((no, text)) = one.next_raw_line().unwrap() {
                expected.push((no, text, one.bytes_consumed()));
            }
            let mut many = Reader::new(buffered(), format, LayoutSpec::default());
            many.detect_format().unwrap();
            let mut got = Vec::new();
            let mut block = LineBlock::new();
            // Small blocks, and a pause after every line: each block holds at most two.
            let mut more = true;
            while more {
                block.clear();
                more = many.read_block(&mut block, 2, 1 << 20, |_| true).unwrap();
                assert!(block.len() <= 1 || !more || block.len() == 2);
                got.extend(block.iter().map(|l| {
                    (
                        l.number,
                        l.text.map(str::to_string).map_err(Clone::clone),
                        l.consumed,
                    )
                }));
            }
            assert_eq!(got, expected, "{format} in reads of {step} bytes");
            assert_eq!(got.len(), 7, "{got:?}");
            assert_eq!(many.bytes_consumed(), input.len() as u64);
        }
    }
}

#[test]
fn parse_into_agrees_with_parse_and_reuses_the_grid() {
    let lines = [
        format!("{P9}  a label "),
        P9.replace('0', "."),
        format!("{}1", &P9[..80]),
        P9.replacen('0', "9", 1),
        "1.3.".to_string(),
        "12é4".to_string(),
        "x".to_string(),
        // Around the 81-symbol shortcut: what follows the symbols, and what precedes them.
        format!("{P9}#tag"),
        format!("{P9}\t x y \r"),
        format!("{P9} "),
        format!("{P9}x"),
        format!("{P9}\u{a0}nbsp"),
        format!(" {P9} lead"),
        format!("{}#{}", &P9[..40], &P9[41..]),
        format!("{}é{}", &P9[..40], &P9[42..]),
        format!("{}A", &P9[..80]),
        P9.replace('0', "_")
            .replacen('_', "-", 3)
            .replacen('_', "*", 3),
    ];
    let specs = [
        LayoutSpec::default(),
        LayoutSpec {
            box_shape: Some((3, 3)),
            ..LayoutSpec::default()
        },
        LayoutSpec {
            box_shape: Some((2, 3)),
            ..LayoutSpec::default()
        },
        LayoutSpec {
            extras: vec![Extra::Diagonals],
            ..LayoutSpec::default()
        },
    ];
    for (detected, spec) in [false, true]
        .into_iter()
        .flat_map(|d| specs.iter().map(move |s| (d, s)))
    {
        let mut parser = LineParser::new(spec.clone());
        parser.detected = detected;
        let mut grid = None;
        let mut storage = None;
        for (i, line) in lines.iter().enumerate() {
            let whole = parser.parse(i + 1, 1, Ok(line));
            let into = parser.parse_into(line, &mut grid);
            assert_eq!(into.label, whole.label.as_deref(), "{line}");
            match (&whole.puzzle, &into.puzzle) {
                (Ok(a), Ok(b)) => assert_eq!(a, *b, "{line}"),
                (Err(a), Err(b)) => assert_eq!(a, b, "{line}"),
                (a, b) => panic!("{line}: parse gave {a:?}, parse_into {b:?}"),
            }
            // The standard 9×9 grids after the first reuse its storage.
            if let Some(g) = &grid
                && g.layout().is_standard_9x9()
            {
                let at = g.values().as_ptr();
                assert!(storage.is_none_or(|s| s == at), "{line}");
                storage = Some(at);
            }
        }
    }
}

#[test]
fn the_word_scan_finds_the_first_line_ending_as_a_byte_scan_does() {
    let simple = |b: &[u8]| b.iter().position(|&c| c == b'\n' || c == b'\r');
    // Every position of each ending in buffers of every length up to 40, over backgrounds
    // that tempt the zero-byte test (bytes just above and below the targets, 0x80, 0xff).
    for background in [b'x', 0x0b, 0x0c, 0x0e, 0x09, 0x00, 0x80, 0xff, 0x8a, 0x8d] {
        for len in 0..40 {
            let base = vec![background; len];
            assert_eq!(
                source::line_end(&base),
                simple(&base),
                "{background:#x} {len}"
            );
            for at in 0..len {
                for (end, second) in [(b'\n', b'\r'), (b'\r', b'\n')] {
                    let mut b = base.clone();
                    b[at] = end;
                    assert_eq!(source::line_end(&b), simple(&b), "{b:?}");
                    if at + 1 < len {
                        b[at + 1] = second;
                        assert_eq!(source::line_end(&b), simple(&b), "{b:?}");
                    }
                }
            }
        }
    }
}

/// A thermometer along the main diagonal's first three cells, as `sudokit generate` writes
/// variant rules.
const THERMO: &str = r#"[{"type":"thermo","cells":["r1c1","r2c2","r3c3"]}]"#;

#[test]
fn a_rules_comment_gives_the_next_record_its_rules_in_every_text_format() {
    let blank = ".".repeat(81);
    let rows = |sep: &str| {
        (0..9)
            .map(|_| {
                "........."
                    .chars()
                    .map(String::from)
                    .collect::<Vec<_>>()
                    .join(sep)
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let inputs = [
        (
            InputFormat::Line,
            format!("{blank}\n# rules: {THERMO}\n{blank}\n{blank}\n"),
        ),
        (
            InputFormat::Numbers,
            format!(
                "{}\n\n# rules: {THERMO}\n{}\n\n{}\n",
                rows(" "),
                rows(" "),
                rows(" ")
            ),
        ),
        (
            InputFormat::Block,
            format!(
                "{}\n\n# puzzle 2\n#rules:{THERMO}\n{}\n\n{}\n",
                rows(""),
                rows(""),
                rows("")
            ),
        ),
    ];
    for (format, text) in inputs {
        for asked in [format, InputFormat::Auto] {
            let recs = records(&text, asked);
            let rules: Vec<usize> = recs
                .iter()
                .map(|r| r.puzzle.as_ref().expect("reads").layout().rules().len())
                .collect();
            // Only the record after the comment has the rule; look-ahead moves nothing.
            assert_eq!(rules, [0, 1, 0], "{format:?} read as {asked:?}");
        }
    }
}

#[test]
fn a_bad_rules_comment_is_an_error_of_its_record_naming_the_line() {
    let blank = ".".repeat(81);
    let text = format!("{blank}\n# rules: [{{\"type\":\"spiral\"}}]\n{blank}\n{blank}\n");
    let recs = records(&text, InputFormat::Auto);
    assert_eq!(recs.len(), 3, "one record per puzzle, none lost");
    assert!(recs[0].puzzle.is_ok() && recs[2].puzzle.is_ok());
    match &recs[1].puzzle {
        Err(ParseError::RulesComment { line: 2, message }) => {
            assert!(message.contains("spiral"), "{message}")
        }
        other => panic!("expected the rules comment's error, got {other:?}"),
    }
    // A rule that does not fit the grid (a cell outside 9×9) is an error too.
    let text =
        format!("# rules: [{{\"type\":\"thermo\",\"cells\":[\"r1c1\",\"r10c1\"]}}]\n{blank}\n");
    let recs = records(&text, InputFormat::Line);
    assert!(matches!(
        &recs[0].puzzle,
        Err(ParseError::RulesComment { line: 1, .. })
    ));
}

#[test]
fn a_csv_rules_field_gives_the_puzzle_its_rules_and_is_not_label() {
    let blank = ".".repeat(81);
    let quoted = THERMO.replace('"', "\"\"");
    let text = format!("{blank},,label,\"{quoted}\"\n{blank},,[not rules]\n");
    let recs = records(&text, InputFormat::Csv);
    let grid = recs[0].puzzle.as_ref().expect("reads");
    assert_eq!(grid.layout().rules().len(), 1);
    assert_eq!(recs[0].label.as_deref(), Some("label"));
    assert_eq!(recs[1].label.as_deref(), Some("[not rules]"));
    assert!(!recs[1].puzzle.as_ref().expect("reads").layout().has_rules());
    let bad = format!("{blank},,\"[{{\"\"type\"\":\"\"spiral\"\"}}]\"\n");
    let recs = records(&bad, InputFormat::Csv);
    assert!(matches!(&recs[0].puzzle, Err(ParseError::Csv(m)) if m.contains("rules field")));
}
