//! Throughput of the `sat` engine on a file of puzzles (one per line).
//!
//! `cargo run --release -p sudokit-sat --example sat_bench -- FILE [--limit N] [--count K]
//! [--textbook]`
//!
//! Solves every puzzle counting up to K solutions (default 2, i.e. solve and prove
//! uniqueness), verifies every grid, and prints puzzles per second and solver statistics.

use std::time::Instant;
use sudokit_core::format::{InputFormat, parse_one};
use sudokit_core::verify::verify;
use sudokit_core::{Request, Solver};
use sudokit_sat::{Sat, SatOptions};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut file, mut limit, mut count) = (None, usize::MAX, 2u64);
    let mut options = SatOptions::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--limit" => limit = it.next().and_then(|v| v.parse().ok()).expect("--limit N"),
            "--count" => count = it.next().and_then(|v| v.parse().ok()).expect("--count K"),
            "--textbook" => options.reduce = false,
            _ => file = Some(a.clone()),
        }
    }
    let Some(file) = file else {
        eprintln!("usage: sat_bench FILE [--limit N] [--count K] [--textbook]");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&file).expect("read puzzle file");
    let puzzles: Vec<_> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(limit)
        .map(|l| parse_one(l.trim(), InputFormat::Auto).expect("puzzle"))
        .collect();
    let engine = Sat::with_options(options);
    let mut hist = [0usize; 3];
    let (mut conflicts, mut decisions) = (0.0, 0.0);
    let started = Instant::now();
    for p in &puzzles {
        let r = engine
            .solve(p, &Request::count(count, usize::MAX))
            .expect("solve");
        for s in &r.solutions {
            verify(p, s).expect("verified");
        }
        hist[(r.count as usize).min(2)] += 1;
        conflicts += r.stats.extra["conflicts"];
        decisions += r.stats.extra["decisions"];
    }
    let secs = started.elapsed().as_secs_f64();
    let n = puzzles.len() as f64;
    println!(
        "{file}: {} puzzles, count up to {count}, {}: {:.3} s = {:.0} puzzles/s; counts 0/1/2+ = {}/{}/{}; mean conflicts {:.1}, decisions {:.1}",
        puzzles.len(),
        if options.reduce {
            "reduced encoding"
        } else {
            "textbook encoding"
        },
        secs,
        n / secs,
        hist[0],
        hist[1],
        hist[2],
        conflicts / n,
        decisions / n
    );
}
