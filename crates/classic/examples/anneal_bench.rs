//! Success rate and time of `anneal` with a per-puzzle time budget.
//!
//! Run (release!):
//! `cargo run --release -p sudokit-classic --example anneal_bench -- [FILE] [--count 100]
//!  [--budget 2] [--seed 1] [--cooling 0.99] [--chain 0.5] [--reheat 20] [--restart 8] [--t0 T]
//!  [--floor T]
//!  [--no-candidates]`
//!
//! FILE defaults to the first puzzles of `data/sets/magictour_top1465.txt`. Every
//! returned grid is checked with `sudokit_core::verify::verify`; a wrong answer aborts.

use std::time::{Duration, Instant};
use sudokit_classic::Anneal;
use sudokit_core::format::{InputFormat, parse_one};
use sudokit_core::verify::verify;
use sudokit_core::{Budget, Request, Solver, Status};

fn main() {
    let mut file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/sets/magictour_top1465.txt"
    )
    .to_string();
    let (mut count, mut budget, mut seed) = (100usize, 2.0f64, 1u64);
    let mut engine_opts: Vec<(String, String)> = Vec::new();
    let mut candidates = true;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--count" | "--budget" | "--seed" | "--cooling" | "--chain" | "--reheat"
            | "--restart" | "--t0" | "--floor" => {
                let Some(v) = args.next() else {
                    eprintln!("{a} needs a value");
                    std::process::exit(2);
                };
                match a.as_str() {
                    "--count" => count = v.parse().unwrap_or(count),
                    "--budget" => budget = v.parse().unwrap_or(budget),
                    "--seed" => seed = v.parse().unwrap_or(seed),
                    _ => engine_opts.push((a.clone(), v)),
                }
            }
            "--no-candidates" => candidates = false,
            _ => file = a,
        }
    }
    let mut engine = Anneal::new(seed).candidates(candidates);
    for (k, v) in &engine_opts {
        let Ok(x) = v.parse::<f64>() else {
            eprintln!("{k}: not a number: {v}");
            std::process::exit(2);
        };
        let r = match k.as_str() {
            "--cooling" => engine.clone().cooling(x),
            "--chain" => engine.clone().chain_factor(x),
            "--reheat" => engine.clone().reheat_after(x as u32),
            "--t0" => engine.clone().initial_temperature(Some(x)),
            "--floor" => engine.clone().min_temperature(x),
            _ => engine.clone().restart_after(x as u32),
        };
        engine = match r {
            Ok(e) => e,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        };
    }
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {file}: {e}");
            std::process::exit(2);
        }
    };
    let request = Request::first().with_budget(Budget::time(Duration::from_secs_f64(budget)));
    let (mut solved, mut total, mut moves) = (0usize, 0usize, 0f64);
    let mut times = Vec::new();
    let start = Instant::now();
    for line in text.lines().filter(|l| !l.trim().is_empty()).take(count) {
        let Ok(p) = parse_one(line.trim(), InputFormat::Auto) else {
            eprintln!("skipping unreadable line: {line}");
            continue;
        };
        total += 1;
        let t = Instant::now();
        let r = match engine.solve(&p, &request) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(1);
            }
        };
        let secs = t.elapsed().as_secs_f64();
        moves += r.stats.extra.get("moves").copied().unwrap_or(0.0);
        if r.status == Status::Solved {
            for s in &r.solutions {
                if let Err(e) = verify(&p, s) {
                    eprintln!("WRONG ANSWER on {line}: {e}");
                    std::process::exit(1);
                }
            }
            solved += 1;
            times.push(secs);
            if std::env::var_os("ANNEAL_VERBOSE").is_some() {
                let x = |k: &str| r.stats.extra.get(k).copied().unwrap_or(f64::NAN);
                println!(
                    "solved in {secs:.3} s: t0 {:.3} t_final {:.3} restarts {} reheats {} open {}",
                    x("t0"),
                    x("t_final"),
                    x("restarts"),
                    x("reheats"),
                    x("open_after_singles")
                );
            }
        } else {
            times.push(f64::INFINITY);
            let x = |k: &str| r.stats.extra.get(k).copied().unwrap_or(f64::NAN);
            println!(
                "gave up: {line} (best cost {}, open {}, restarts {}, reheats {})",
                x("best_cost"),
                x("open_after_singles"),
                x("restarts"),
                x("reheats")
            );
        }
    }
    times.sort_by(f64::total_cmp);
    let mut solved_times: Vec<f64> = times.iter().copied().filter(|t| t.is_finite()).collect();
    solved_times.sort_by(f64::total_cmp);
    let median = |v: &[f64]| {
        if v.is_empty() {
            f64::NAN
        } else {
            v[v.len() / 2]
        }
    };
    let wall = start.elapsed().as_secs_f64();
    println!(
        "anneal seed {seed}, budget {budget} s: solved {solved}/{total} ({:.1}%), median time {:.3} s \
         (all puzzles, unsolved = infinite), median of solved {:.3} s, mean moves/s {:.2e}, wall {wall:.1} s",
        100.0 * solved as f64 / total.max(1) as f64,
        median(&times),
        median(&solved_times),
        moves / wall
    );
}
