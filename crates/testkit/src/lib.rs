//! Test support shared by the engine crates: a plain reference backtracker (counts capped at
//! k), puzzle fixtures (seed cases, blanked grids, small layouts) and [`process`]: running a
//! command under a watchdog.
//!
//! Design decision: the reference shares no code with the engine under test: it recomputes
//! candidates from the layout's peer lists at every step and tries digits in order, choosing
//! the cell with the fewest candidates so that the large sets stay fast.

pub mod process;

use std::sync::Arc;
use sudokit_core::format::{InputFormat, parse_one};
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

/// Parses an 81-character (or any auto-detected) puzzle line.
pub fn parse(line: &str) -> Grid {
    parse_one(line, InputFormat::Auto).expect("test puzzle parses")
}

/// Records of `data/seed_cases.txt`: (label, puzzle, expected solution or `None`).
pub fn seed_cases() -> Vec<(String, Grid, Option<Grid>)> {
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/seed_cases.txt"
    ));
    let mut out = Vec::new();
    let mut label = String::new();
    let mut pending: Option<Grid> = None;
    for line in text.lines().map(str::trim) {
        if line.is_empty() {
            continue;
        }
        if let Some(l) = line.strip_prefix('#') {
            label = l.trim().to_string();
            continue;
        }
        match pending.take() {
            None => pending = Some(parse(line)),
            Some(p) => {
                let expected = (line != "none").then(|| parse(line));
                out.push((label.clone(), p, expected));
            }
        }
    }
    out
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
