//! Test support shared by the crates: a plain reference backtracker (counts capped at k),
//! puzzle fixtures (seed cases, blanked grids, small layouts) and, in [`process`], running a
//! program under test with input on its standard input, under a watchdog where it might hang.
//!
//! Design decision: the reference shares no code with the engine under test: it recomputes
//! candidates from the layout's peer lists at every step and tries digits in order, choosing
//! the cell with the fewest candidates so that the large sets stay fast.

pub mod pattern;
pub mod process;

use std::sync::Arc;
use sudokit_core::format::{InputFormat, LayoutSpec, Reader, parse_one};
use sudokit_core::{Cell, Grid, Layout};

/// Number of solutions of `puzzle`, counting at most `cap`.
pub fn reference_count(puzzle: &Grid, cap: u64) -> u64 {
    let mut values = puzzle.values().to_vec();
    let mut count = 0;
    let mut first = None;
    backtrack(puzzle.layout(), &mut values, cap, &mut count, &mut first);
    count
}

/// The first solution the reference finds, if any.
pub fn reference_solution(puzzle: &Grid) -> Option<Grid> {
    let mut values = puzzle.values().to_vec();
    let mut count = 0;
    let mut first = None;
    backtrack(puzzle.layout(), &mut values, 1, &mut count, &mut first);
    first.map(|v| Grid::from_values(puzzle.layout_arc().clone(), v))
}

fn backtrack(
    layout: &Layout,
    values: &mut Vec<u8>,
    cap: u64,
    count: &mut u64,
    first: &mut Option<Vec<u8>>,
) {
    let n = layout.size();
    let mut best: Option<(usize, Vec<u8>)> = None;
    for c in 0..values.len() {
        if values[c] != 0 {
            continue;
        }
        let mut used = vec![false; n + 1];
        for p in layout.peers(Cell(c as u16)) {
            used[values[p.index()] as usize] = true;
        }
        let cands: Vec<u8> = (1..=n as u8).filter(|&d| !used[d as usize]).collect();
        if best.as_ref().is_none_or(|(_, b)| cands.len() < b.len()) {
            let empty = cands.is_empty();
            best = Some((c, cands));
            if empty {
                break;
            }
        }
    }
    let Some((cell, cands)) = best else {
        *count += 1;
        if first.is_none() {
            *first = Some(values.clone());
        }
        return;
    };
    for d in cands {
        values[cell] = d;
        backtrack(layout, values, cap, count, first);
        if *count >= cap {
            break;
        }
    }
    values[cell] = 0;
}

/// Complete grids of `puzzle` that keep every house and every variant rule, counting at most
/// `cap`: plain recursion over the empty cells in reading order (houses and pair peers
/// only), each complete grid kept when the verifier's rule checks — the rules' own
/// definitions — accept it. Shares nothing with the engines; fit for small grids only.
pub fn brute_force_count(puzzle: &Grid, cap: u64) -> u64 {
    brute_force_solutions(puzzle, cap as usize).len() as u64
}

/// The grids [`brute_force_count`] counts (at most `cap`), as cell values in reading order,
/// in lexicographic order.
pub fn brute_force_solutions(puzzle: &Grid, cap: usize) -> Vec<Vec<u8>> {
    fn go(
        layout: &Arc<Layout>,
        values: &mut Vec<u8>,
        at: usize,
        cap: usize,
        out: &mut Vec<Vec<u8>>,
    ) {
        if out.len() >= cap {
            return;
        }
        let Some(c) = (at..values.len()).find(|&c| values[c] == 0) else {
            let grid = Grid::from_values(layout.clone(), values.clone());
            if sudokit_core::verify::check_grid(&grid).is_ok() {
                out.push(values.clone());
            }
            return;
        };
        for d in 1..=layout.size() as u8 {
            if layout
                .peers(Cell(c as u16))
                .iter()
                .all(|p| values[p.index()] != d)
            {
                values[c] = d;
                go(layout, values, c + 1, cap, out);
                values[c] = 0;
            }
        }
    }
    let mut values = puzzle.values().to_vec();
    let mut out = Vec::new();
    go(puzzle.layout_arc(), &mut values, 0, cap, &mut out);
    out
}

/// The published variant puzzles of `data/variants/`: `(title, puzzle, solution)` per line of
/// `puzzles.txt` (f-puzzles links) with the setter's solution from `puzzles.tsv` (one symbol
/// a cell, base 36). A record that does not read fails the test.
pub fn published_variants() -> Vec<(String, Grid, String)> {
    let read = |name: &str| {
        let path = process::repo_path(&format!("data/variants/{name}"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let text = read("puzzles.txt");
    let rows: Vec<(String, String)> = read("puzzles.tsv")
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[1].to_string(), f[5].to_string())
        })
        .collect();
    let records: Vec<_> = Reader::new(text.as_bytes(), InputFormat::Auto, LayoutSpec::default())
        .map(|r| r.expect("no I/O error"))
        .collect();
    assert_eq!(records.len(), rows.len(), "one puzzles.tsv row per puzzle");
    records
        .into_iter()
        .zip(rows)
        .map(|(r, (title, solution))| {
            let puzzle = r
                .puzzle
                .unwrap_or_else(|e| panic!("{title} (line {}): {e}", r.line));
            (title, puzzle, solution)
        })
        .collect()
}

/// Every puzzle of a file in the repository (`path` relative to its root) read in `format`;
/// a record that does not read is a failure of the test, never skipped.
pub fn read_puzzles(path: &str, format: InputFormat) -> Vec<Grid> {
    let full = process::repo_path(path);
    let file = std::fs::File::open(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()));
    Reader::new(std::io::BufReader::new(file), format, LayoutSpec::default())
        .map(|r| {
            let r = r.unwrap_or_else(|e| panic!("{path}: {e}"));
            let line = r.line;
            r.puzzle
                .unwrap_or_else(|e| panic!("{path}, record at line {line}: {e}"))
        })
        .collect()
}

/// Parses an 81-character (or any auto-detected) puzzle line.
pub fn parse(line: &str) -> Grid {
    parse_one(line, InputFormat::Auto).expect("test puzzle parses")
}

/// Records of `data/seed_cases.txt` as text: (label, puzzle line, answer line or `None` where
/// the file says `none`). The file is a puzzle line then its answer line, `#` lines naming the
/// records that follow.
pub fn seed_case_lines() -> Vec<(String, String, Option<String>)> {
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/seed_cases.txt"
    ));
    let mut out = Vec::new();
    let mut label = String::new();
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    while let Some(line) = lines.next() {
        if let Some(l) = line.strip_prefix('#') {
            label = l.trim().to_string();
            continue;
        }
        let answer = lines.next().expect("every seed puzzle has an answer line");
        let answer = (answer != "none").then(|| answer.to_string());
        out.push((label.clone(), line.to_string(), answer));
    }
    assert!(
        out.len() >= 10,
        "seed_cases.txt has fewer records than expected"
    );
    out
}

/// Records of `data/seed_cases.txt`: (label, puzzle, expected solution or `None`).
pub fn seed_cases() -> Vec<(String, Grid, Option<Grid>)> {
    seed_case_lines()
        .into_iter()
        .map(|(label, puzzle, answer)| (label, parse(&puzzle), answer.map(|a| parse(&a))))
        .collect()
}

/// A puzzle made from `solution` by blanking cells with a deterministic generator: about
/// `percent` per cent of the cells are emptied.
pub fn blank(solution: &Grid, percent: u64, seed: u64) -> Grid {
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let values = solution
        .values()
        .iter()
        .map(|&v| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            if (state >> 33) % 100 < percent { 0 } else { v }
        })
        .collect();
    Grid::from_values(solution.layout_arc().clone(), values)
}

/// A 6×6 jigsaw layout (regions shaped like staircases).
pub fn jigsaw6() -> Arc<Layout> {
    let map = "AAABBB AACCBB ACCCCB DDDEEE DDFFEE DFFFFE";
    let labels: Vec<String> = map
        .split_whitespace()
        .flat_map(|r| r.chars().map(|c| c.to_string()))
        .collect();
    let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
    Arc::new(Layout::jigsaw_from_labels(6, &refs).expect("valid jigsaw"))
}

/// The layouts beyond plain 9×9 that every engine test covers.
pub fn small_layouts() -> Vec<(&'static str, Arc<Layout>)> {
    use sudokit_core::Extra;
    vec![
        ("4x4", Arc::new(Layout::standard(4).expect("4x4"))),
        ("6x6", Arc::new(Layout::standard(6).expect("6x6"))),
        ("6x6 jigsaw", jigsaw6()),
        (
            "9x9 X",
            Arc::new(
                Layout::standard(9)
                    .expect("9x9")
                    .with_extras(&[Extra::Diagonals]),
            ),
        ),
        (
            "9x9 anti-knight",
            Arc::new(
                Layout::standard(9)
                    .expect("9x9")
                    .with_extras(&[Extra::AntiKnight]),
            ),
        ),
        (
            "6x6 anti-king",
            Arc::new(
                Layout::standard(6)
                    .expect("6x6")
                    .with_extras(&[Extra::AntiKing]),
            ),
        ),
    ]
}
