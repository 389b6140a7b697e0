//! Benchmark of the `lp` engine on a file of 9×9 puzzles (one per line).
//!
//! `cargo run --release -p sudokit-lp --example lp_bench -- FILE [--limit N]
//! [--backend simplex|ipm] [--reduce none|peers|singles] [--rounds R] [--epsilon E]`
//!
//! For each puzzle it solves the root relaxation plainly and with reweighting (the report's
//! experiment), then runs the full engine for the first solution and verifies it. It prints the
//! share of puzzles each stage solves and the median LP time per puzzle.

use std::time::{Duration, Instant};
use sudokit_core::format::{InputFormat, parse_one};
use sudokit_core::verify::verify;
use sudokit_core::{Request, Solver};
use sudokit_lp::{Backend, Lp, LpOptions, Reduce, RelaxationOutcome};

fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut file = None;
    let mut limit = usize::MAX;
    let mut options = LpOptions::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut val = || it.next().cloned().unwrap_or_default();
        match a.as_str() {
            "--limit" => limit = val().parse().expect("--limit N"),
            "--backend" => {
                options.backend = match val().as_str() {
                    "ipm" | "interior-point" => Backend::InteriorPoint,
                    _ => Backend::Simplex,
                }
            }
            "--reduce" => {
                options.reduce = match val().as_str() {
                    "none" => Reduce::None,
                    "peers" => Reduce::Peers,
                    _ => Reduce::Singles,
                }
            }
            "--rounds" => options.reweight_rounds = val().parse().expect("--rounds R"),
            "--epsilon" => options.epsilon = val().parse().expect("--epsilon E"),
            _ => file = Some(a.clone()),
        }
    }
    let Some(file) = file else {
        eprintln!(
            "usage: lp_bench FILE [--limit N] [--backend simplex|ipm] [--reduce none|peers|singles] [--rounds R] [--epsilon E]"
        );
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&file).expect("read puzzle file");
    let puzzles: Vec<_> = text
        .lines()
        .filter(|l| !l.starts_with('#') && l.trim().len() >= 81)
        .take(limit)
        .map(|l| parse_one(&l[..81], InputFormat::Auto).expect("puzzle"))
        .collect();
    let lp = Lp::with_options(options.clone());
    let (mut plain_ok, mut rw_ok, mut by_reduction) = (0, 0, 0);
    let mut plain_ms = Vec::new();
    let mut rw_ms = Vec::new();
    let mut solve_ms = Vec::new();
    let mut nodes = Vec::new();
    let mut methods = [0usize; 3];
    let mut solved = 0;
    let mut columns = Vec::new();
    let started = Instant::now();
    for p in &puzzles {
        let r = lp.relaxation(p, false).expect("relaxation");
        columns.push(r.columns as f64);
        match r.outcome {
            RelaxationOutcome::Integral(_) => plain_ok += 1,
            RelaxationOutcome::SolvedByReduction(_) => {
                plain_ok += 1;
                by_reduction += 1;
            }
            _ => {}
        }
        plain_ms.push(r.lp_time.as_secs_f64() * 1e3);
        let r = lp.relaxation(p, true).expect("relaxation");
        if matches!(
            r.outcome,
            RelaxationOutcome::Integral(_) | RelaxationOutcome::SolvedByReduction(_)
        ) {
            rw_ok += 1;
        }
        rw_ms.push(r.lp_time.as_secs_f64() * 1e3);
        let t = Instant::now();
        let rep = lp.solve(p, &Request::first()).expect("solve");
        solve_ms.push(t.elapsed().as_secs_f64() * 1e3);
        nodes.push(rep.stats.nodes as f64);
        if let Some(s) = rep.solutions.first() {
            verify(p, s).expect("verified solution");
            solved += 1;
        }
        let m = rep.stats.extra.get("method").copied().unwrap_or(0.0) as usize;
        methods[m.min(2)] += 1;
    }
    let n = puzzles.len();
    let pct = |k: usize| 100.0 * k as f64 / n.max(1) as f64;
    println!(
        "file: {file}  puzzles: {n}  backend: {:?}  reduce: {:?}  rounds: {}  epsilon: {}",
        options.backend, options.reduce, options.reweight_rounds, options.epsilon
    );
    println!(
        "plain relaxation integral: {plain_ok}/{n} = {:.1}% ({by_reduction} solved by the reduction alone, no LP)",
        pct(plain_ok)
    );
    println!(
        "with reweighted l1:        {rw_ok}/{n} = {:.1}%",
        pct(rw_ok)
    );
    println!("median root columns: {:.0}", median(&mut columns));
    println!(
        "median LP time per puzzle (wall clock inside the LP solver): plain {:.3} ms, with reweighting {:.3} ms",
        median(&mut plain_ms),
        median(&mut rw_ms)
    );
    println!(
        "full engine (first solution): solved {solved}/{n}; method 0/1/2 = {}/{}/{}; median {:.3} ms, max {:.1} ms; median nodes {:.0}, max {:.0}",
        methods[0],
        methods[1],
        methods[2],
        median(&mut solve_ms.clone()),
        solve_ms.iter().copied().fold(0.0, f64::max),
        median(&mut nodes.clone()),
        nodes.iter().copied().fold(0.0, f64::max)
    );
    println!(
        "total wall time {:.2?}",
        Duration::from_secs_f64(started.elapsed().as_secs_f64())
    );
}
