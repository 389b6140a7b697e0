//! Times `sat` on the published variant puzzles: `cargo run --release -p sudokit-sat
//! --example variants_time [FILE]` (default `data/variants/puzzles.txt`) counts each puzzle's
//! solutions up to 2, best of 5 runs, and prints each time, the median and the maximum.

use std::time::Instant;
use sudokit_core::format::{InputFormat, LayoutSpec, Reader};
use sudokit_core::{Request, Solver};
use sudokit_sat::Sat;

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "data/variants/puzzles.txt".to_string());
    let text = std::fs::read_to_string(&path).expect("the puzzle file reads");
    let mut times = Vec::new();
    for record in Reader::new(text.as_bytes(), InputFormat::Auto, LayoutSpec::default()) {
        let record = record.expect("no I/O error");
        let Ok(puzzle) = record.puzzle else { continue };
        let mut best = f64::MAX;
        let mut count = 0;
        for _ in 0..5 {
            let t = Instant::now();
            count = Sat::new()
                .solve(&puzzle, &Request::count(2, 0))
                .expect("solve")
                .count;
            best = best.min(t.elapsed().as_secs_f64() * 1e3);
        }
        println!("line {:3}: {count} solution(s), {best:8.2} ms", record.line);
        times.push(best);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{} puzzles: median {:.2} ms, max {:.2} ms",
        times.len(),
        times[times.len() / 2],
        times[times.len() - 1]
    );
}
