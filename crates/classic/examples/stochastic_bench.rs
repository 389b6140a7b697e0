//! Success rate and median time of the stochastic engines (`anneal`, `tabu`) on a puzzle file
//! or on generated empty and sparse grids of any size.
//!
//! Run (release!), one at a time:
//! * `cargo run --release -p sudokit-classic --example stochastic_bench -- --engine tabu
//!   [--file F] [--count 100] [--budget 2] [--seed 1]` — the first `count` puzzles of `F`
//!   (default `data/sets/magictour_top1465.txt`);
//! * `... -- --engine anneal --size 16 --kind empty|sparse [--count 20] [--budget 20]` —
//!   `count` puzzles of side `size`: the empty grid (each run with its own seed), or a random
//!   valid grid (a pattern solution with digits, rows within bands, columns within stacks,
//!   bands and stacks shuffled) keeping 15% of its cells;
//! * `anneal` schedule overrides: `--floor T --chain F --cooling C --reheat K --restart K`.
//!
//! Every returned grid is checked with `sudokit_core::verify::verify`; a wrong one aborts.
//! The engines run with the given time budget per puzzle (by default each engine's own
//! default budget, 10 s) and the seed `seed + i` for puzzle `i`.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::sync::Arc;
use std::time::Duration;
use sudokit_classic::{Anneal, Tabu};
use sudokit_core::format::{InputFormat, parse_one};
use sudokit_core::layout::default_box;
use sudokit_core::verify::verify;
use sudokit_core::{Budget, Grid, Layout, Request, Solver, Status};

fn fail(msg: String) -> ! {
    eprintln!("{msg}");
    std::process::exit(2);
}

fn shuffled(k: usize, rng: &mut Pcg64Mcg) -> Vec<usize> {
    let mut v: Vec<usize> = (0..k).collect();
    for i in (1..k).rev() {
        v.swap(i, rng.random_range(0..=i));
    }
    v
}

/// A random valid grid of side `n` (boxes `br × bc`) with `keep`% of its cells kept.
fn sparse(n: usize, keep: u64, rng: &mut Pcg64Mcg) -> Grid {
    let (br, bc) = default_box(n).unwrap_or_else(|| fail(format!("no box shape for {n}")));
    let layout = Arc::new(Layout::boxed(n, br, bc).unwrap_or_else(|e| fail(e.to_string())));
    let digits = shuffled(n, rng);
    // Rows: bands (br rows each, n / br of them) shuffled, rows within a band shuffled.
    let band_order = shuffled(n / br, rng);
    let rows: Vec<usize> = band_order
        .iter()
        .flat_map(|&b| shuffled(br, rng).into_iter().map(move |r| b * br + r))
        .collect();
    let stack_order = shuffled(n / bc, rng);
    let cols: Vec<usize> = stack_order
        .iter()
        .flat_map(|&s| shuffled(bc, rng).into_iter().map(move |c| s * bc + c))
        .collect();
    let mut values = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            let (pr, pc) = (rows[r], cols[c]);
            let base = (bc * (pr % br) + pr / br + pc) % n;
            if rng.random_range(0..100) < keep {
                values[r * n + c] = digits[base] as u8 + 1;
            }
        }
    }
    let grid = Grid::from_values(layout, values);
    if let Some(c) = grid.find_conflict() {
        fail(format!("generated grid is invalid: {c}"));
    }
    grid
}

fn main() {
    let mut file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/sets/magictour_top1465.txt"
    )
    .to_string();
    let (mut engine, mut size, mut kind) = ("tabu".to_string(), 0usize, "file".to_string());
    let (mut count, mut budget, mut seed) = (0usize, None::<f64>, 1u64);
    let mut anneal_opts: Vec<(String, f64)> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let v = args
            .next()
            .unwrap_or_else(|| fail(format!("{a} needs a value")));
        match a.as_str() {
            "--engine" => engine = v.clone(),
            "--file" => file = v.clone(),
            "--size" => {
                size = v
                    .parse()
                    .unwrap_or_else(|_| fail(format!("{a}: bad value {v}")))
            }
            "--kind" => kind = v.clone(),
            "--count" => {
                count = v
                    .parse()
                    .unwrap_or_else(|_| fail(format!("{a}: bad value {v}")))
            }
            "--budget" => {
                budget = Some(
                    v.parse()
                        .unwrap_or_else(|_| fail(format!("{a}: bad value {v}"))),
                )
            }
            "--seed" => {
                seed = v
                    .parse()
                    .unwrap_or_else(|_| fail(format!("{a}: bad value {v}")))
            }
            "--floor" | "--chain" | "--cooling" | "--reheat" | "--restart" => anneal_opts.push((
                a.clone(),
                v.parse()
                    .unwrap_or_else(|_| fail(format!("{a}: bad value {v}"))),
            )),
            _ => fail(format!("unknown option {a}")),
        }
    }
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let puzzles: Vec<Grid> = match kind.as_str() {
        "file" => {
            let text = std::fs::read_to_string(&file)
                .unwrap_or_else(|e| fail(format!("cannot read {file}: {e}")));
            text.lines()
                .filter(|l| !l.trim().is_empty())
                .take(if count == 0 { 100 } else { count })
                .map(|l| parse_one(l, InputFormat::Auto).unwrap_or_else(|e| fail(e.to_string())))
                .collect()
        }
        "empty" | "sparse" => {
            let (br, bc) =
                default_box(size).unwrap_or_else(|| fail(format!("--size {size}: no box shape")));
            let layout =
                Arc::new(Layout::boxed(size, br, bc).unwrap_or_else(|e| fail(e.to_string())));
            (0..if count == 0 { 20 } else { count })
                .map(|_| {
                    if kind == "empty" {
                        Grid::empty(layout.clone())
                    } else {
                        sparse(size, 15, &mut rng)
                    }
                })
                .collect()
        }
        _ => fail(format!("--kind {kind}: expected file, empty or sparse")),
    };
    let request = match budget {
        Some(s) => Request::first().with_budget(Budget::time(Duration::from_secs_f64(s))),
        None => Request::first(),
    };
    let mut times = Vec::new();
    let mut solved = 0usize;
    for (i, p) in puzzles.iter().enumerate() {
        let s = seed.wrapping_add(i as u64);
        let solver: Box<dyn Solver> = match engine.as_str() {
            "anneal" => {
                let mut e = Anneal::new(s);
                for (k, x) in &anneal_opts {
                    let r = match k.as_str() {
                        "--floor" => e.min_temperature(*x),
                        "--chain" => e.chain_factor(*x),
                        "--cooling" => e.cooling(*x),
                        "--reheat" => e.reheat_after(*x as u32),
                        _ => e.restart_after(*x as u32),
                    };
                    e = r.unwrap_or_else(|err| fail(err.to_string()));
                }
                Box::new(e)
            }
            "tabu" => Box::new(Tabu::new(s)),
            _ => fail(format!("--engine {engine}: expected anneal or tabu")),
        };
        let r = solver
            .solve(p, &request)
            .unwrap_or_else(|e| fail(e.to_string()));
        if r.status == Status::Solved {
            if let Err(e) = verify(p, &r.solutions[0]) {
                fail(format!("puzzle {}: wrong solution: {e}", i + 1));
            }
            solved += 1;
        }
        // Unsolved runs count at the budget they used, so the median stays honest.
        times.push(r.elapsed.as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    println!(
        "{engine} {kind}{} : {solved}/{} solved, median {median:.3} s, max {:.3} s (seed {seed}, budget {})",
        if size > 0 {
            format!(" {size}x{size}")
        } else {
            String::new()
        },
        puzzles.len(),
        times.last().copied().unwrap_or(0.0),
        budget.map_or("engine default".to_string(), |b| format!("{b} s")),
    );
}
