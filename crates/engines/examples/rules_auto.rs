//! `cp` against `sat` on the published variant puzzles, the measurement behind `auto`'s
//! choice on layouts with rules: `cargo run --release -p sudokit-engines --example
//! rules_auto [FILE]` counts each puzzle to 2 with both (best of 3) and prints the medians,
//! the totals and how often each was the faster.

use std::time::Instant;
use sudokit_core::Request;
use sudokit_core::format::{InputFormat, LayoutSpec, Reader};
use sudokit_engines::{EngineOptions, engine};

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "data/variants/puzzles.txt".to_string());
    let text = std::fs::read_to_string(&path).expect("the puzzle file reads");
    let names = ["cp", "sat"];
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); names.len()];
    for record in Reader::new(text.as_bytes(), InputFormat::Auto, LayoutSpec::default()) {
        let Ok(puzzle) = record.expect("no I/O error").puzzle else {
            continue;
        };
        for (k, name) in names.iter().enumerate() {
            let solver = engine(name, &EngineOptions::default()).expect("registered");
            let mut best = f64::MAX;
            for _ in 0..3 {
                let t = Instant::now();
                let r = solver.solve(&puzzle, &Request::count(2, 0)).expect("solve");
                assert_eq!(r.count, 1, "{name}");
                best = best.min(t.elapsed().as_secs_f64() * 1e3);
            }
            times[k].push(best);
        }
    }
    let wins = (0..times[0].len())
        .filter(|&i| times[0][i] < times[1][i])
        .count();
    for (k, name) in names.iter().enumerate() {
        let mut t = times[k].clone();
        let total: f64 = t.iter().sum();
        t.sort_by(f64::total_cmp);
        println!(
            "{name}: {} puzzles, median {:.2} ms, max {:.2} ms, total {total:.1} ms",
            t.len(),
            t[t.len() / 2],
            t[t.len() - 1]
        );
    }
    println!("cp faster on {wins} of {} puzzles", times[0].len());
}
