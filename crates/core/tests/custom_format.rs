//! The format interface from outside the crate: a toy format defined here is detected and
//! read through `Reader::with_formats` without touching sudokit-core, and the registry's names,
//! aliases and help agree with `InputFormat`'s handles.

use std::io;
use sudokit_core::format::{
    Format, Formats, Input, InputFormat, LayoutSpec, ParseError, Reader, Record, RecordReader,
    Window,
};
use sudokit_core::grid::Grid;

/// A toy format, "coordinates": one puzzle per line, `@N` (the side) then the givens as
/// `rRcC=V` words, e.g. `@4 r1c1=1 r2c3=4`.
struct Coordinates;

const COORDS: InputFormat = InputFormat::new("coords");

impl Format for Coordinates {
    fn name(&self) -> &'static str {
        COORDS.name()
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["coordinates"]
    }

    fn help(&self) -> &'static str {
        "@N then the givens as rRcC=V words"
    }

    fn line_strength(&self, line: &str, _spec: &LayoutSpec) -> Option<u8> {
        // Stronger than every built-in guess (JSON's is 6).
        line.trim_start().starts_with('@').then_some(7)
    }

    fn window_claim(&self, window: &Window<'_>) -> Option<u8> {
        // Like CSV: the input is ours when most of its first lines are.
        (window.votes(COORDS) * 2 > window.lines.len()).then_some(2)
    }

    fn reader(&self) -> Box<dyn RecordReader> {
        Box::new(CoordinateRecords { seen: 0 })
    }
}

/// Per-input state, to show that a format keeps its own: how many records it has read.
struct CoordinateRecords {
    seen: usize,
}

fn bad(message: String) -> ParseError {
    ParseError::Other {
        format: COORDS.name(),
        message,
    }
}

fn coordinates_grid(input: &mut Input<'_>, text: &str) -> Result<Grid, ParseError> {
    let mut words = text.split_whitespace();
    let side = words
        .next()
        .and_then(|w| w.strip_prefix('@'))
        .and_then(|n| n.parse::<usize>().ok())
        .ok_or_else(|| bad("a record starts with @N".into()))?;
    let layout = input.layout_for(side)?;
    let mut values = vec![0u8; side * side];
    for word in words {
        let parsed = word
            .strip_prefix('r')
            .and_then(|w| w.split_once('c'))
            .and_then(|(r, rest)| rest.split_once('=').map(|(c, v)| (r, c, v)))
            .and_then(|(r, c, v)| Some((r.parse().ok()?, c.parse().ok()?, v.parse().ok()?)));
        let (r, c, v): (usize, usize, u8) = parsed.ok_or_else(|| bad(format!("'{word}'")))?;
        if r == 0 || c == 0 || r > side || c > side || v == 0 || v as usize > side {
            return Err(bad(format!("'{word}' is outside a {side}x{side} grid")));
        }
        values[(r - 1) * side + c - 1] = v;
    }
    let grid = Grid::from_values(layout, values);
    match grid.find_conflict() {
        Some(c) => Err(ParseError::Conflict(c)),
        None => Ok(grid),
    }
}

impl RecordReader for CoordinateRecords {
    fn next_record(&mut self, input: &mut Input<'_>) -> io::Result<Option<Record>> {
        let Some((no, line)) = input.next_content_line()? else {
            return Ok(None);
        };
        self.seen += 1;
        let label = Some(format!("coordinates record {}", self.seen));
        let puzzle = line.and_then(|text| coordinates_grid(input, &text));
        Ok(Some(input.record(no, label, puzzle, None)))
    }
}

fn with_coordinates() -> Formats {
    Formats::builtin().with(&Coordinates)
}

fn read(text: &str, format: InputFormat, formats: Formats) -> Vec<Record> {
    Reader::with_formats(text.as_bytes(), format, LayoutSpec::default(), formats)
        .map(|r| r.expect("no I/O error"))
        .collect()
}

#[test]
fn a_format_defined_outside_the_crate_is_detected_and_read() {
    let text = "# toy input\n@4 r1c1=1 r2c3=4\n\n@4 r1c1=2 r1c2=2\n@4 r9c1=1\n@4 1,1=1\n";
    let mut reader = Reader::with_formats(
        text.as_bytes(),
        InputFormat::Auto,
        LayoutSpec::default(),
        with_coordinates(),
    );
    assert_eq!(reader.detect_format().unwrap(), COORDS);
    let recs: Vec<Record> = reader.map(Result::unwrap).collect();
    assert_eq!(recs.len(), 4);
    assert!(recs.iter().all(|r| r.format == COORDS));
    assert_eq!(
        recs.iter().map(|r| (r.index, r.line)).collect::<Vec<_>>(),
        [(1, 2), (2, 4), (3, 5), (4, 6)]
    );
    let g = recs[0].puzzle.as_ref().unwrap();
    assert_eq!(g.size(), 4);
    let mut expected = [0u8; 16];
    (expected[0], expected[6]) = (1, 4);
    assert_eq!(g.values(), &expected);
    assert_eq!(recs[0].label.as_deref(), Some("coordinates record 1"));
    assert_eq!(recs[3].label.as_deref(), Some("coordinates record 4"));
    assert!(matches!(recs[1].puzzle, Err(ParseError::Conflict(_))));
    assert_eq!(
        recs[2].puzzle.as_ref().unwrap_err().to_string(),
        "bad coords record: 'r9c1=1' is outside a 4x4 grid"
    );
    assert_eq!(
        recs[3].puzzle.as_ref().unwrap_err().to_string(),
        "bad coords record: '1,1=1'"
    );
}

#[test]
fn a_custom_format_is_found_by_name_and_alias_and_can_be_forced() {
    let formats = with_coordinates();
    assert_eq!(formats.parse("coords"), Ok(COORDS));
    assert_eq!(formats.parse("coordinates"), Ok(COORDS));
    assert!(formats.names().contains(&"coords"));
    assert!(
        formats
            .help()
            .contains("coords (also coordinates): @N then")
    );
    // Forced: even a line that gives no evidence is read as coordinates.
    let recs = read("  @4\n", COORDS, formats.clone());
    assert_eq!(recs.len(), 1);
    assert_eq!(recs[0].puzzle.as_ref().unwrap().values(), &[0; 16]);
    // The built-in registry does not know it: `FromStr` refuses it, listing what it knows.
    assert_eq!(
        "coords".parse::<InputFormat>().unwrap_err(),
        "unknown input format 'coords' (auto, line, numbers, block, csv, json, jigsaw, fpuzzles)"
    );
}

#[test]
fn adding_a_format_leaves_the_built_in_detection_alone() {
    let p4 = "1...\n..4.\n";
    let line = "1.......4.......\n.2..............\n";
    for (text, format) in [
        (line, InputFormat::Line),
        ("1 0 0 0\n0 0 4 0\n0 0 0 0\n0 0 0 0\n", InputFormat::Numbers),
        (p4, InputFormat::Block),
        ("{\"cells\": \"1.......4.......\"}\n", InputFormat::Json),
    ] {
        let builtin = read(text, InputFormat::Auto, Formats::builtin());
        let extended = read(text, InputFormat::Auto, with_coordinates());
        assert_eq!(builtin.len(), extended.len(), "{text}");
        assert!(extended.iter().all(|r| r.format == format), "{text}");
    }
}

#[test]
fn a_format_asked_for_but_not_registered_is_one_error_then_the_end() {
    let mut reader = Reader::new("@4 r1c1=1\n".as_bytes(), COORDS, LayoutSpec::default());
    let e = reader.next().unwrap().unwrap_err();
    assert_eq!(e.kind(), io::ErrorKind::InvalidInput);
    assert!(e.to_string().contains("'coords' is not registered"), "{e}");
    assert!(reader.next().is_none());
}

#[test]
fn a_registry_of_one_format_reads_everything_with_it() {
    // No evidence at all for a line: the first registered format is the fallback.
    let recs = read(
        "@4\nplain words\n",
        InputFormat::Auto,
        Formats::only(&Coordinates),
    );
    assert_eq!(recs.len(), 2);
    assert!(recs.iter().all(|r| r.format == COORDS));
    assert!(recs[0].puzzle.is_ok());
    assert!(recs[1].puzzle.is_err());
}

#[test]
fn a_registered_format_of_the_same_name_replaces_the_built_in() {
    struct Shouting;
    impl Format for Shouting {
        fn name(&self) -> &'static str {
            "jigsaw"
        }
        fn help(&self) -> &'static str {
            "reads every line as an empty 4x4"
        }
        fn reader(&self) -> Box<dyn RecordReader> {
            Box::new(Empty4)
        }
    }
    struct Empty4;
    impl RecordReader for Empty4 {
        fn next_record(&mut self, input: &mut Input<'_>) -> io::Result<Option<Record>> {
            let Some((no, _)) = input.next_content_line()? else {
                return Ok(None);
            };
            let puzzle = input.grid_from_symbols("................");
            Ok(Some(input.record(no, None, puzzle, None)))
        }
    }
    let formats = Formats::builtin().with(&Shouting);
    assert_eq!(formats.iter().count(), Formats::builtin().iter().count());
    assert!(
        formats
            .help()
            .contains("jigsaw: reads every line as an empty 4x4")
    );
    let recs = read("anything\nat all\n", InputFormat::Jigsaw, formats);
    assert_eq!(recs.len(), 2);
    assert!(recs.iter().all(|r| r.puzzle.as_ref().unwrap().size() == 4));
}

#[test]
fn every_registered_format_round_trips_through_its_name_and_is_in_the_help() {
    let formats = Formats::builtin();
    let help = formats.help();
    let names = formats.names();
    assert_eq!(names[0], "auto");
    assert_eq!("auto".parse::<InputFormat>(), Ok(InputFormat::Auto));
    for f in formats.iter() {
        let handle: InputFormat = f.name().parse().unwrap();
        assert_eq!(handle.name(), f.name());
        assert_eq!(handle.to_string(), f.name());
        assert!(std::ptr::addr_eq(handle.format().unwrap(), f));
        assert!(names.contains(&f.name()));
        assert!(
            help.lines()
                .any(|l| l.starts_with(f.name()) && l.ends_with(f.help()))
        );
        for alias in f.aliases() {
            assert_eq!(alias.parse::<InputFormat>(), Ok(handle), "{alias}");
            assert!(help.contains(alias), "{alias}");
        }
    }
    // The enum-style handles name exactly the registered built-ins, in registry order.
    let consts = [
        InputFormat::Line,
        InputFormat::Numbers,
        InputFormat::Block,
        InputFormat::Csv,
        InputFormat::Json,
        InputFormat::Jigsaw,
        InputFormat::Fpuzzles,
    ];
    let registered: Vec<InputFormat> = formats.iter().map(|f| f.name().parse().unwrap()).collect();
    assert_eq!(registered, consts);
    assert!(InputFormat::Auto.format().is_none());
}

/// The coordinates format with a 3 MiB line cap (the built-in formats but JSON stop at 1 MiB).
struct LongCoordinates;

impl Format for LongCoordinates {
    fn name(&self) -> &'static str {
        Coordinates.name()
    }

    fn help(&self) -> &'static str {
        "coordinates, lines up to 3 MiB"
    }

    fn line_strength(&self, line: &str, spec: &LayoutSpec) -> Option<u8> {
        Coordinates.line_strength(line, spec)
    }

    fn window_claim(&self, window: &Window<'_>) -> Option<u8> {
        Coordinates.window_claim(window)
    }

    fn max_line(&self) -> usize {
        3 << 20
    }

    fn reader(&self) -> Box<dyn RecordReader> {
        Coordinates.reader()
    }
}

#[test]
fn a_format_sets_its_own_line_cap() {
    // A 2 MiB record: over the 1 MiB cap of the built-in line formats, under this one's.
    let long = format!("@4 r1c1=1{} r2c3=4\n@4 r4c4=2\n", " ".repeat(2 << 20));
    let formats = Formats::builtin().with(&LongCoordinates);
    for format in [COORDS, InputFormat::Auto] {
        let records = read(&long, format, formats.clone());
        assert_eq!(records.len(), 2, "{format}");
        for r in &records {
            assert!(r.puzzle.is_ok(), "{format}: {:?}", r.puzzle);
        }
    }
    // The same record through the plain coordinates format (default cap) is too long.
    let records = read(&long, COORDS, with_coordinates());
    assert!(matches!(
        records[0].puzzle,
        Err(ParseError::LineTooLong { .. })
    ));
    assert!(records[1].puzzle.is_ok());
}
