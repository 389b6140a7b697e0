//! Helpers shared by the engine integration tests: loading the shipped data sets and a few
//! puzzle constructors.

#![allow(
    dead_code,
    reason = "each test binary uses a different subset of the helpers"
)]

use std::path::PathBuf;
use std::sync::Arc;
use sudokit_core::format::{InputFormat, parse_one};
use sudokit_core::{Grid, Layout};

/// The repo's `data/` folder.
pub fn repo_data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(name)
}

/// The shared data folder beside the repo (`../shared/data`), as laid out in CI.
pub fn shared_data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(name)
}

/// One seed case: puzzle and expected solution (`None` = no solution).
pub struct SeedCase {
    /// The `#` comment above the case.
    pub title: String,
    /// The puzzle.
    pub puzzle: Grid,
    /// The listed solution, or `None` for "no solution".
    pub solution: Option<Grid>,
}

/// Reads `data/seed_cases.txt`.
pub fn seed_cases() -> Vec<SeedCase> {
    let text = std::fs::read_to_string(repo_data("seed_cases.txt")).expect("seed_cases.txt");
    let mut out = Vec::new();
    let mut title = String::new();
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    while let Some(l) = lines.next() {
        if let Some(t) = l.strip_prefix('#') {
            title = t.trim().to_string();
            continue;
        }
        let puzzle = parse_one(l, InputFormat::Line).expect("seed puzzle parses");
        let sol = lines.next().expect("solution line");
        let solution = (sol.trim() != "none")
            .then(|| parse_one(sol, InputFormat::Line).expect("seed solution parses"));
        out.push(SeedCase {
            title: title.clone(),
            puzzle,
            solution,
        });
    }
    out
}

/// Every puzzle of a one-per-line file (first `limit` lines).
pub fn load_lines(path: &PathBuf, limit: usize) -> Vec<Grid> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(limit)
        .map(|l| parse_one(l, InputFormat::Line).expect("puzzle parses"))
        .collect()
}

/// A valid complete grid for a boxed layout r×c, by the classic shifting pattern.
pub fn pattern_grid(rows: usize, cols: usize) -> Vec<u8> {
    let n = rows * cols;
    let mut v = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            v[r * n + c] = ((cols * (r % rows) + r / rows + c) % n) as u8 + 1;
        }
    }
    v
}

/// Makes a grid from values.
pub fn grid(layout: Layout, values: Vec<u8>) -> Grid {
    Grid::from_values(Arc::new(layout), values)
}
