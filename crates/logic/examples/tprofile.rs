//! Where the human-style solver spends its time: solves every puzzle of a file with the default
//! HoDoKu-ordered solver and prints, per technique, the calls, the hits and the time spent in
//! its finder (hits and misses apart), slowest first; and the time of the finders' hits alone,
//! what the path would cost if every search that found nothing were free.
//!
//! It also tells where reuse across steps can pay: for each call that follows a miss of the
//! same technique on the same path, how much of the grid changed since that miss — the cells
//! whose candidates changed, and the digits whose candidate plane (the cells still holding the
//! digit) is the same as on the miss. A single-digit finder is a pure function of one plane,
//! so an unchanged plane is one its memo skips; a finder that reads the whole grid is asked
//! again on a grid that differs in a few cells.
//!
//! The `cold ms` column is the time of the calls with no miss of the technique before them on
//! the path (its first call, or the first after one of its hits): no whole-technique miss is
//! remembered for them, though per-digit planes and walks shared across techniques may still
//! serve part of such a call.
//!
//! `cargo run --release -p sudokit-logic --example tprofile -- FILE [--order se] [--limit N]`

use std::collections::HashMap;
use std::io::Write;
use std::ops::ControlFlow;
use std::time::Duration;

use cpu_time::ThreadTime as Instant;

use sudokit_core::format::{InputFormat, parse_one};
use sudokit_logic::{CandidateGrid, Finder, LogicSolver, Memory, Order, Step};

#[derive(Default)]
struct Row {
    calls: u64,
    hits: u64,
    hit_time: Duration,
    miss_time: Duration,
    /// Calls made while the technique's last call on this path was a miss.
    after_miss: u64,
    /// Over those calls: cells whose candidates changed since that miss, summed.
    changed_cells: u64,
    /// Over those calls: digits whose plane is unchanged since that miss, summed.
    same_planes: u64,
    /// Over those calls: the grid's digits, summed.
    planes: u64,
    /// Calls on exactly the grid of the last miss.
    same_grid: u64,
    /// Time of the calls made with no miss of the technique before them on the path (its
    /// first call, or the first after a hit): what no memo of misses can save.
    cold_time: Duration,
}

/// Every cell's candidates (a filled cell has none).
fn snapshot(g: &CandidateGrid) -> Vec<u64> {
    g.cells()
        .map(|c| {
            if g.values()[c.index()] != 0 {
                0
            } else {
                g.candidates(c).0
            }
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let file = args
        .first()
        .expect("usage: tprofile FILE [--order se] [--limit N]");
    let order = if args.iter().any(|a| a == "se") {
        Order::Se
    } else {
        Order::Hodoku
    };
    let limit = args
        .iter()
        .position(|a| a == "--limit")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let text = std::fs::read_to_string(file).expect("read");
    let solver = LogicSolver::new(order);
    let mut rows: HashMap<&'static str, Row> = HashMap::new();
    let mut puzzles = 0;
    let mut steps = 0;
    let start = Instant::now();
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        if puzzles >= limit {
            break;
        }
        let Ok(p) = parse_one(line, InputFormat::Auto) else {
            continue;
        };
        puzzles += 1;
        let mut g = CandidateGrid::new(&p);
        // One memory per path, as the solver lends its finders.
        let memory = Memory::new();
        // Per technique, the grid of its last call when that call was a miss.
        let mut last_miss: HashMap<&'static str, Vec<u64>> = HashMap::new();
        'outer: while !g.is_solved() && g.contradiction().is_none() {
            let now = snapshot(&g);
            for t in solver.techniques() {
                let cold = !last_miss.contains_key(t.info().id);
                if let Some(old) = last_miss.get(t.info().id) {
                    let row = rows.entry(t.info().id).or_default();
                    row.after_miss += 1;
                    let changed = old.iter().zip(&now).filter(|(a, b)| a != b).count() as u64;
                    row.changed_cells += changed;
                    row.same_grid += u64::from(changed == 0);
                    let digits = g.size() as u64;
                    row.planes += digits;
                    row.same_planes += (0..digits)
                        .filter(|d| {
                            old.iter()
                                .zip(&now)
                                .all(|(a, b)| (a >> d) & 1 == (b >> d) & 1)
                        })
                        .count() as u64;
                }
                let t0 = Instant::now();
                let mut found: Option<Step> = None;
                let mut sink = |s: Step| {
                    if g.makes_progress(&s) {
                        found = Some(s);
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                };
                let mut f = Finder::new(&solver.options, &memory, &mut sink);
                t.find(&g, &mut f);
                let dt = t0.elapsed();
                let row = rows.entry(t.info().id).or_default();
                row.calls += 1;
                if cold {
                    row.cold_time += dt;
                }
                if let Some(s) = found {
                    row.hits += 1;
                    row.hit_time += dt;
                    last_miss.remove(t.info().id);
                    g.apply(&s);
                    steps += 1;
                    continue 'outer;
                }
                row.miss_time += dt;
                last_miss.insert(t.info().id, now.clone());
            }
            break;
        }
    }
    let total = start.elapsed();
    let hits: Duration = rows.values().map(|r| r.hit_time).sum();
    // A closed pipe (`| head`) ends the report quietly.
    let mut out = std::io::stdout().lock();
    let mut v: Vec<_> = rows.into_iter().collect();
    v.sort_by_key(|(_, r)| std::cmp::Reverse(r.hit_time + r.miss_time));
    let _ = writeln!(
        out,
        "{puzzles} puzzles, {steps} steps, {:.1} ms in all, {:.3} ms per puzzle",
        total.as_secs_f64() * 1e3,
        total.as_secs_f64() * 1e3 / puzzles.max(1) as f64
    );
    // What the path would cost if every finder that found nothing cost nothing: the searches
    // that found the steps, alone (a ceiling on throughput for this order and these finders).
    let _ = writeln!(
        out,
        "finders that found the steps: {:.1} ms in all ({:.3} ms per puzzle, at most {:.0} puzzles/s if every miss were free)",
        hits.as_secs_f64() * 1e3,
        hits.as_secs_f64() * 1e3 / puzzles.max(1) as f64,
        puzzles as f64 / hits.as_secs_f64().max(1e-9)
    );
    let _ = writeln!(
        out,
        "{:<34} {:>8} {:>7} {:>10} {:>10} {:>8} {:>6} {:>8} {:>7} {:>7} {:>6}",
        "technique",
        "calls",
        "hits",
        "hit ms",
        "miss ms",
        "cold ms",
        "share",
        "aftmiss",
        "chg/c",
        "same%",
        "sameg"
    );
    for (id, r) in v {
        let t = r.hit_time + r.miss_time;
        let _ = writeln!(
            out,
            "{:<34} {:>8} {:>7} {:>10.1} {:>10.1} {:>8.1} {:>5.1}% {:>8} {:>7.1} {:>6.1}% {:>6}",
            id,
            r.calls,
            r.hits,
            r.hit_time.as_secs_f64() * 1e3,
            r.miss_time.as_secs_f64() * 1e3,
            r.cold_time.as_secs_f64() * 1e3,
            100.0 * t.as_secs_f64() / total.as_secs_f64(),
            r.after_miss,
            r.changed_cells as f64 / r.after_miss.max(1) as f64,
            100.0 * r.same_planes as f64 / r.planes.max(1) as f64,
            r.same_grid
        );
    }
}
