//! Unit tests of the readers and writers: detection, every format, every error kind, and
//! parse → write → parse round trips (proptest).

use super::*;
use crate::layout::Extra;
use proptest::prelude::*;

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
}
