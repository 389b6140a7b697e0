//! Simonis' experiment ("Sudoku as a constraint problem", 2005) on sudokit's puzzle sets: for
//! each propagation level, the share of puzzles solved with no search (propagation at the root
//! leaves every cell with one digit), the search nodes and the time per puzzle for a full
//! uniqueness proof (count up to 2).
//!
//! Run (release, nothing else running):
//! `cargo run --release -p sudokit-cp --example simonis -- [NAME=FILE[:LIMIT] ...]`
//!
//! Without arguments it runs the table of `docs/cp.md`: top95 and magictour_top1465 whole,
//! and the first 1,000 of 17_clue and of forum_hardest_1905_11plus, all from `../shared/data/9x9`
//! beside the repository. Prints a Markdown table. Every solution is checked with
//! `sudokit_core::verify::verify` and every puzzle must have exactly one solution at every level.

use std::time::Instant;
use sudokit_core::format::{InputFormat, parse_one};
use sudokit_core::verify::verify;
use sudokit_core::{Request, Solver};
use sudokit_cp::{Cp, Propagation};

fn fail(msg: String) -> ! {
    eprintln!("{msg}");
    std::process::exit(2);
}

fn main() {
    let shared = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/9x9/");
    let mut sets: Vec<(String, String, usize)> = Vec::new();
    for a in std::env::args().skip(1) {
        let Some((name, rest)) = a.split_once('=') else {
            fail(format!("expected NAME=FILE[:LIMIT], got {a}"));
        };
        let (file, limit) = match rest.rsplit_once(':') {
            Some((f, l)) if l.parse::<usize>().is_ok() => (f.to_string(), l.parse().unwrap_or(0)),
            _ => (rest.to_string(), usize::MAX),
        };
        sets.push((name.to_string(), file, limit));
    }
    if sets.is_empty() {
        for (name, file, limit) in [
            ("top95", "top95.txt", usize::MAX),
            ("magictour_top1465", "magictour_top1465.txt", usize::MAX),
            ("17_clue (first 1000)", "17_clue.txt", 1000),
            ("11plus (first 1000)", "forum_hardest_1905_11plus.txt", 1000),
        ] {
            sets.push((name.to_string(), format!("{shared}{file}"), limit));
        }
    }
    println!(
        "| set | puzzles | level | solved with no search | mean nodes | max nodes | mean ms | max ms |"
    );
    println!("|---|---:|---|---:|---:|---:|---:|---:|");
    for (name, file, limit) in &sets {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| fail(format!("{file}: {e}")));
        let puzzles: Vec<_> = text
            .lines()
            .filter(|l| !l.trim().is_empty())
            .take(*limit)
            .map(|l| parse_one(l, InputFormat::Line).unwrap_or_else(|e| fail(e.to_string())))
            .collect();
        for level in Propagation::ALL {
            let engine = Cp::new(level);
            let (mut no_search, mut nodes, mut max_nodes) = (0usize, 0u64, 0u64);
            let (mut total, mut max_ms) = (0f64, 0f64);
            for (i, p) in puzzles.iter().enumerate() {
                let start = Instant::now();
                let r = engine
                    .solve(p, &Request::count(2, 1))
                    .unwrap_or_else(|e| fail(e.to_string()));
                let ms = start.elapsed().as_secs_f64() * 1e3;
                if r.count != 1 || !r.exact {
                    fail(format!("{name}:{}: {level}: {} solutions", i + 1, r.count));
                }
                if let Err(e) = verify(p, &r.solutions[0]) {
                    fail(format!("{name}:{}: {level}: {e}", i + 1));
                }
                no_search += usize::from(r.stats.extra.get("root_open") == Some(&0.0));
                nodes += r.stats.nodes;
                max_nodes = max_nodes.max(r.stats.nodes);
                total += ms;
                max_ms = max_ms.max(ms);
            }
            let k = puzzles.len().max(1) as f64;
            println!(
                "| {name} | {} | {level} | {:.1}% ({no_search}) | {:.1} | {max_nodes} | {:.3} | {:.1} |",
                puzzles.len(),
                100.0 * no_search as f64 / k,
                nodes as f64 / k,
                total / k,
                max_ms,
            );
        }
    }
}
