//! Benchmarks for the `dlx` engine, so the figures in the closing note can be reproduced:
//!
//! ```text
//! cargo run --release -p sudokit-dlx --example dlx_bench -- file PATH [LIMIT]
//! cargo run --release -p sudokit-dlx --example dlx_bench -- count6
//! cargo run --release -p sudokit-dlx --example dlx_bench -- empty 9 1000000
//! cargo run --release -p sudokit-dlx --example dlx_bench -- big [SEED]
//! ```
//!
//! `file` solves the first LIMIT (default all) puzzles of a one-puzzle-per-line file twice —
//! first solution, then count up to 2 — and prints puzzles per second; `count6` counts every
//! 6×6 grid (2×3 boxes); `empty` counts an empty grid up to a limit; `big` times 16×16 and
//! 25×25 puzzles with few givens (0–45% of the cells of a shuffled grid). Times are wall clock
//! and, on Linux, this thread's CPU time (coarse for runs of a few milliseconds).

use std::sync::Arc;
use std::time::{Duration, Instant};
use sudokit_core::format::{InputFormat, parse_one};
use sudokit_core::verify::verify;
use sudokit_core::{Budget, Grid, Layout, Request, Solver};
use sudokit_dlx::Dlx;
use sudokit_testkit::pattern::{XorShift, boxed_grid};

/// CPU time of this thread in seconds (Linux `/proc/thread-self/schedstat`), to report next to
/// wall time on a shared machine; `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// CPU seconds spent since `since` (a [`cpu_seconds`] reading), or wall seconds if unknown.
fn cpu_since(since: Option<f64>, wall: f64) -> f64 {
    match (since, cpu_seconds()) {
        (Some(a), Some(b)) => b - a,
        _ => wall,
    }
}

fn file(path: &str, limit: usize) -> Result<(), Box<dyn std::error::Error>> {
    let text = std::fs::read_to_string(path)?;
    let puzzles: Vec<Grid> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(limit)
        .map(|l| parse_one(l, InputFormat::Auto))
        .collect::<Result<_, _>>()?;
    let dlx = Dlx::new();
    for (what, request) in [
        ("first solution", Request::first()),
        ("count to 2", Request::count(2, 1)),
    ] {
        let start = Instant::now();
        let cpu = cpu_seconds();
        let (mut nodes, mut unique) = (0u64, 0usize);
        for p in &puzzles {
            let r = dlx.solve(p, &request)?;
            nodes += r.stats.nodes;
            if r.count == 1 && r.exact {
                unique += 1;
            }
            if let Some(s) = r.solutions.first() {
                verify(p, s)?;
            }
        }
        let wall = start.elapsed().as_secs_f64();
        let secs = cpu_since(cpu, wall);
        println!(
            "{path}: {} puzzles, {what}: {wall:.3} s wall, {secs:.3} s cpu, {:.0} puzzles/s (cpu), {:.1} nodes/puzzle{}",
            puzzles.len(),
            puzzles.len() as f64 / secs,
            nodes as f64 / puzzles.len() as f64,
            if request.limits.max_solutions == 2 {
                format!(", {unique} unique")
            } else {
                String::new()
            }
        );
    }
    Ok(())
}

/// Counts the solutions of the empty `n`×`n` grid (default boxes) up to `limit`, as
/// `sudokit count --engine dlx` would.
fn count_empty(n: usize, limit: u64) -> Result<(), Box<dyn std::error::Error>> {
    let empty = Grid::empty(Arc::new(Layout::standard(n)?));
    let cpu = cpu_seconds();
    let r = Dlx::new().solve(&empty, &Request::count(limit, 0))?;
    let wall = r.elapsed.as_secs_f64();
    println!(
        "empty {n}x{n}: {}{} solutions, {wall:.2} s wall, {:.2} s cpu, {} nodes",
        if r.exact { "" } else { "at least " },
        r.count,
        cpu_since(cpu, wall),
        r.stats.nodes
    );
    Ok(())
}

fn count6() -> Result<(), Box<dyn std::error::Error>> {
    let empty = Grid::empty(Arc::new(Layout::boxed(6, 2, 3)?));
    let cpu = cpu_seconds();
    let r = Dlx::new().solve(&empty, &Request::count(u64::MAX, 0))?;
    let wall = r.elapsed.as_secs_f64();
    println!(
        "all 6x6 grids (2x3 boxes): {} (exact: {}), {wall:.2} s wall, {:.2} s cpu, {} nodes, {} updates",
        r.count,
        r.exact,
        cpu_since(cpu, wall),
        r.stats.nodes,
        r.stats.extra.get("updates").copied().unwrap_or(0.0)
    );
    Ok(())
}

/// First solution and count-to-2 of 16×16 and 25×25 puzzles keeping 0% to 45% of a grid's
/// cells as givens, each under a 10 s budget; `seed` picks the grids and the givens.
fn big(seed: u64) -> Result<(), Box<dyn std::error::Error>> {
    let mut rng = XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for (rows, cols, keeps) in [
        (4usize, 4usize, &[0usize, 20, 30, 40][..]),
        (5, 5, &[0, 25, 35, 45]),
    ] {
        let n = rows * cols;
        let layout = Arc::new(Layout::boxed(n, rows, cols)?);
        for &keep in keeps {
            let full = boxed_grid(rows, cols, &mut rng);
            let values: Vec<u8> = full
                .iter()
                .map(|&v| if rng.below(100) < keep { v } else { 0 })
                .collect();
            let puzzle = Grid::from_values(layout.clone(), values);
            let givens = puzzle.given_count();
            for (what, request) in [
                ("first", Request::first()),
                ("count to 2", Request::count(2, 1)),
            ] {
                let request = request.with_budget(Budget::time(Duration::from_secs(10)));
                let cpu = cpu_seconds();
                let r = Dlx::new().solve(&puzzle, &request)?;
                let wall = r.elapsed.as_secs_f64();
                if let Some(s) = r.solutions.first() {
                    verify(&puzzle, s)?;
                }
                println!(
                    "{n}x{n}, {givens} givens, {what}: {} solution(s), {:?}, {wall:.4} s wall, {:.4} s cpu, {} nodes",
                    r.count,
                    r.end,
                    cpu_since(cpu, wall),
                    r.stats.nodes
                );
            }
        }
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("file") => {
            let path = args.get(1).ok_or("file PATH [LIMIT]")?;
            let limit = match args.get(2) {
                Some(l) => l.parse()?,
                None => usize::MAX,
            };
            file(path, limit)
        }
        Some("count6") => count6(),
        Some("empty") => count_empty(
            args.get(1).ok_or("empty N LIMIT")?.parse()?,
            args.get(2).ok_or("empty N LIMIT")?.parse()?,
        ),
        Some("big") => big(match args.get(1) {
            Some(s) => s.parse()?,
            None => 1,
        }),
        _ => Err("usage: dlx_bench file PATH [LIMIT] | count6 | empty N LIMIT | big [SEED]".into()),
    }
}
