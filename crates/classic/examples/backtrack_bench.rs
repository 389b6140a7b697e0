//! Iterations and time of `backtrack`, plain and with `orient`.
//!
//! Run (release!): `cargo run --release -p sudokit-classic --example backtrack_bench [ARG]`
//!
//! With no argument, or a puzzle as the argument, it runs that puzzle (default: the seed
//! article's near-worst case, the last record of `data/seed_cases.txt`) in each of the four
//! rotations, then plain and with `orient`. With a file of puzzles (one per line) it solves
//! each to its first solution, plain and with `orient`, with a budget of 10⁹ attempts each, and
//! prints the totals.

use std::sync::Arc;
use std::time::Instant;
use sudokit_classic::rotate::{Rotation, rotate_grid};
use sudokit_classic::{Backtrack, backtrack::orientation_cost};
use sudokit_core::format::{InputFormat, parse_one};
use sudokit_core::{Budget, Grid, Report, Request, Solver, Status, verify::verify};

const NEAR_WORST: &str =
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";

fn solve(engine: &Backtrack, puzzle: &Grid, request: &Request) -> (Report, f64) {
    let t = Instant::now();
    let report = match engine.solve(puzzle, request) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    };
    let secs = t.elapsed().as_secs_f64();
    for s in &report.solutions {
        if let Err(e) = verify(puzzle, s) {
            eprintln!("WRONG ANSWER: {e}");
            std::process::exit(1);
        }
    }
    (report, secs)
}

fn one(label: &str, engine: &Backtrack, puzzle: &Grid) {
    let (report, secs) = solve(engine, puzzle, &Request::first());
    let x = |k: &str| report.stats.extra.get(k).copied().unwrap_or(f64::NAN);
    println!(
        "{label:>11}: {:>11.0} iterations = {:>11.0} attempts + {:>10.0} given visits; {:>10.0} placements; {secs:>7.3} s; {}",
        x("iterations"),
        x("attempts"),
        x("given_visits"),
        x("placements"),
        report.status.as_str(),
    );
}

fn main() {
    let arg = std::env::args()
        .nth(1)
        .unwrap_or_else(|| NEAR_WORST.to_string());
    if let Ok(text) = std::fs::read_to_string(&arg) {
        let puzzles: Vec<Grid> = text
            .lines()
            .filter_map(|l| parse_one(l.trim(), InputFormat::Auto).ok())
            .collect();
        let request = Request::first().with_budget(Budget::nodes(1_000_000_000));
        for orient in [false, true] {
            let engine = Backtrack::new(orient);
            let (mut iters, mut secs, mut solved) = (0.0, 0.0, 0);
            for p in &puzzles {
                let (r, s) = solve(&engine, p, &request);
                iters += r.stats.extra.get("iterations").copied().unwrap_or(0.0);
                secs += s;
                solved += usize::from(r.status == Status::Solved);
            }
            println!(
                "orient {orient:>5}: solved {solved}/{} in {secs:.2} s, {iters:.3e} iterations in all",
                puzzles.len()
            );
        }
        return;
    }
    let puzzle = match parse_one(&arg, InputFormat::Auto) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("cannot parse the puzzle: {e}");
            std::process::exit(2);
        }
    };
    for q in 0..4u8 {
        let Ok(g) = rotate_grid(&puzzle, &Rotation::new(puzzle.size(), q)) else {
            continue;
        };
        let g = Grid::from_values(Arc::new(g.layout().clone()), g.values().to_vec());
        println!("rotation {q}: estimated cost {:.2}", orientation_cost(&g));
        one(&format!("rotation {q}"), &Backtrack::new(false), &g);
    }
    one("plain", &Backtrack::new(false), &puzzle);
    one("orient", &Backtrack::new(true), &puzzle);
}
