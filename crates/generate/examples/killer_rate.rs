//! Killer puzzles a second on one thread: `cargo run --profile ci -p sudokit-generate --example
//! killer_rate -- [COUNT] [SIZE] [SEARCH_NODES]` makes COUNT (default 50) puzzles of side SIZE
//! (default 9) from seeds 1.., and prints puzzles/s, `sat` calls, questions the dedicated
//! killer search answered and witness hits per puzzle. SEARCH_NODES (default
//! `variant::SEARCH_NODES`) 0 sends every question to `sat`, as before the dedicated search.

use std::sync::Arc;
use std::time::Instant;
use sudokit_core::Layout;
use sudokit_generate::variant::{KillerConfig, generate_killer};

fn main() {
    let mut args = std::env::args().skip(1);
    let count: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(50);
    let size: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(9);
    let layout = Arc::new(Layout::standard(size).expect("a standard size"));
    let mut config = KillerConfig::new(layout);
    if let Some(nodes) = args.next().and_then(|a| a.parse().ok()) {
        config.search_nodes = nodes;
    }
    let start = Instant::now();
    let (mut calls, mut hits, mut attempts, mut cages, mut searched) = (0, 0, 0, 0, 0);
    for seed in 1..=count {
        let made = generate_killer(&config, seed).expect("a puzzle");
        calls += made.sat_calls;
        searched += made.search_hits;
        hits += made.witness_hits;
        attempts += made.attempts;
        cages += made.puzzle.layout().rules().len();
    }
    let secs = start.elapsed().as_secs_f64();
    let per = |x: u64| x as f64 / count as f64;
    println!(
        "{count} {size}x{size} killer puzzles in {secs:.2} s: {:.1}/s; per puzzle {:.1} sat calls, {:.1} answered by the search, {:.1} witness hits, {:.1} attempts, {:.1} cages",
        count as f64 / secs,
        per(calls),
        per(searched),
        per(hits),
        per(attempts),
        per(cages as u64)
    );
}
