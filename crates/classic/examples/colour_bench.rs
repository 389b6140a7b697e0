//! Puzzles per second of `colour` (DSatur) on a file of puzzles: first solution, and the
//! uniqueness check (count up to 2). Every returned grid is verified.
//!
//! Run (release!): `cargo run --release -p sudokit-classic --example colour_bench -- [FILE]`
//! FILE defaults to `data/logic/top95.txt`.

use std::time::Instant;
use sudokit_classic::Colour;
use sudokit_core::format::{InputFormat, parse_one};
use sudokit_core::verify::verify;
use sudokit_core::{Grid, Request, Solver};

fn main() {
    let file = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/logic/top95.txt").to_string()
    });
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {file}: {e}");
            std::process::exit(2);
        }
    };
    let puzzles: Vec<Grid> = text
        .lines()
        .filter_map(|l| parse_one(l.trim(), InputFormat::Auto).ok())
        .collect();
    let engine = Colour::new();
    for (label, cap) in [("first solution", 1u64), ("count up to 2", 2)] {
        let (mut nodes, mut max_ms, mut unique) = (0u64, 0f64, 0usize);
        let start = Instant::now();
        for p in &puzzles {
            let t = Instant::now();
            let r = match engine.solve(p, &Request::count(cap, 2)) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("error: {e}");
                    std::process::exit(1);
                }
            };
            max_ms = max_ms.max(t.elapsed().as_secs_f64() * 1e3);
            for s in &r.solutions {
                if let Err(e) = verify(p, s) {
                    eprintln!("WRONG ANSWER: {e}");
                    std::process::exit(1);
                }
            }
            nodes += r.stats.nodes;
            unique += usize::from(r.count == 1 && r.exact);
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "colour, {label}: {} puzzles in {secs:.3} s = {:.0} puzzles/s, mean {:.0} nodes, max {max_ms:.1} ms{}",
            puzzles.len(),
            puzzles.len() as f64 / secs,
            nodes as f64 / puzzles.len().max(1) as f64,
            if cap == 2 {
                format!(", {unique} proven unique")
            } else {
                String::new()
            }
        );
    }
}
