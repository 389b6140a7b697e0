//! Runs one targeted few-givens search and prints every hit and the counters (what the
//! measurements in docs/generate.md were made with; `sudokit generate --search targeted` is
//! the same search with progress bars).
//!
//! `cargo run --profile ci -p sudokit-generate --example fewgivens -- rot180 20 neighbour SEED TRIES SECONDS [SEED_FILE]`
//!
//! `SEED_FILE` (one puzzle a line, 81 symbols) gives the closure method its seed puzzles; a
//! hit's provenance (seed line, conjugate) goes to standard error. An eighth argument sets the
//! closure slack (`--closure-slack`: closures of at most K + SLACK givens are reduced).
//!
//! With `exhaustive`, flags after the positional arguments: `--patterns A..B` (indices into the
//! method's pattern order; default all), `--node-cap N` (nodes per pattern; default 100,000) and
//! `-j N` (workers; default 1); each pattern's end goes to standard error as `# pattern I: ...`.
//!
//! `fewgivens CLASS K hitting SEED TRIES SECONDS auto:MAP`: the hitting method on grids
//! automorphic under MAP (rot180, rot90, diagonal, antidiagonal, any), as `--automorphic`;
//! the last line adds the grids filled per second. `auto:MAP:aligned` searches only the
//! conjugates MAP keeps (`--aligned-only`).
//!
//! `fewgivens grids MAP COUNT SEED`: COUNT essentially different grids automorphic under MAP,
//! one a line (81 digits, the map, π), and the fill rate on standard error.
//!
//! `fewgivens CLASS K own NODES FILE [PUBLIC_FILE]`: for each puzzle of FILE (symmetric in CLASS
//! in the standard orientation), the hitting search on its solution grid under the class's
//! own orientation only, capped at NODES nodes (exhaustive when it finishes): every unique
//! symmetric puzzle of at most K givens there, each marked `public` when it equals a puzzle of
//! PUBLIC_FILE (default FILE) up to transformation and relabelling.
//!
//! `fewgivens CLASS K bench NODES FILE [SEED GRIDS]`: the hitting search's benchmark. The
//! solution grids of FILE's puzzles (distinct up to minlex form; in file order, or shuffled
//! with SEED as `--method hitting` orders them), the first GRIDS of them, each searched under
//! every conjugate of CLASS with a cap of NODES nodes; one line a (grid, conjugate) search
//! (nodes, thread CPU seconds, finished or cut, unique orbit-minimal puzzles) and a summary.

use std::process::ExitCode;
use std::time::Duration;

use std::collections::HashMap;

use sudokit_fast::Fast;
use sudokit_generate::Symmetry;
use sudokit_generate::canon::minlex;
use sudokit_generate::fewgivens::automorphic::{AutomorphicGrids, Automorphism};
use sudokit_generate::fewgivens::closure::conjugates;
use sudokit_generate::fewgivens::exhaustive::{self, PatternEnd};
use sudokit_generate::fewgivens::hitting::{Unavoidables, hunt, wide};
use sudokit_generate::fewgivens::{
    Budget, Method, SeedPuzzle, Target, line, search_seeded, verify,
};
use sudokit_generate::rng::Rng;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("fewgivens: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Argument `i` parsed, or `default` when absent; a bad value is an error naming the argument.
fn arg<T: std::str::FromStr>(
    args: &[String],
    i: usize,
    name: &str,
    default: &str,
) -> Result<T, String>
where
    T::Err: std::fmt::Display,
{
    let text = args.get(i).map_or(default, String::as_str);
    text.parse()
        .map_err(|e| format!("argument {} ({name}) {text:?}: {e}", i + 1))
}

/// The puzzles of a file, numbered by line.
fn read_seeds(path: &str) -> Result<Vec<SeedPuzzle>, String> {
    Ok(std::fs::read_to_string(path)
        .map_err(|e| format!("{path}: {e}"))?
        .lines()
        .enumerate()
        .filter_map(|(i, l)| SeedPuzzle::parse(i as u64 + 1, l))
        .collect())
}

/// The `own` mode: the hitting search under the class's own orientation on each puzzle's grid.
fn own(args: &[String]) -> Result<(), String> {
    let symmetry: Symmetry = arg(args, 0, "symmetry class", "diagonal")?;
    let givens: usize = arg(args, 1, "givens", "17")?;
    let nodes: u64 = arg(args, 3, "nodes", "10000000")?;
    let path = args.get(4).ok_or("argument 5 (FILE) is missing")?;
    let seeds = read_seeds(path)?;
    let public_seeds = match args.get(5) {
        Some(p) => read_seeds(p)?,
        None => seeds.clone(),
    };
    let mut public: Option<HashMap<[u8; 81], u64>> = None;
    let own = &conjugates(symmetry)[0];
    for seed in &seeds {
        let start = std::time::Instant::now();
        let Some(grid) = unique_solution(&seed.values) else {
            eprintln!("# line {}: not unique, skipped", seed.id);
            continue;
        };
        let mut unav = Unavoidables::new(&grid);
        let found = hunt(&mut unav, own, givens, nodes, &|| false);
        let mut hits = 0;
        for p in &found.puzzles {
            let Ok(k) = verify(p, symmetry, givens) else {
                continue;
            };
            hits += 1;
            let forms = public.get_or_insert_with(|| {
                public_seeds
                    .iter()
                    .map(|s| (minlex(&s.values), s.id))
                    .collect()
            });
            let origin = match forms.get(&minlex(p)) {
                Some(id) => format!("public: equal to line {id} up to transformation"),
                None => "new: equal to no public puzzle".to_string(),
            };
            println!("{} {}", line(p), symmetry.name());
            eprintln!("# line {}: {k} givens, {origin}", seed.id);
        }
        eprintln!(
            "# line {}: {} nodes, {} fast searches, {}, {} unique orbit-minimal, {hits} hits ({:.1} s)",
            seed.id,
            found.nodes,
            found.checks + unav.searches,
            if found.finished {
                "exhausted"
            } else {
                "cut by the node cap"
            },
            found.puzzles.len(),
            start.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// The exhaustive method's flags (`--patterns A..B`, `--node-cap N`, `-j N`) taken out of
/// `args`: (range, node cap, workers).
type ExhaustiveFlags = (Option<std::ops::Range<usize>>, Option<u64>, usize);

fn exhaustive_flags(args: &mut Vec<String>) -> Result<ExhaustiveFlags, String> {
    let mut flags = (None, None, 1);
    while let Some(i) = args.iter().position(|a| a.starts_with('-')) {
        let name = args.remove(i);
        let value = (i < args.len())
            .then(|| args.remove(i))
            .ok_or(format!("{name} needs a value"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{name} {value:?}: {e}");
        match name.as_str() {
            "--patterns" => {
                let (a, b) = value.split_once("..").ok_or(format!("{name}: A..B"))?;
                flags.0 = Some(a.parse().map_err(|e| bad(&e))?..b.parse().map_err(|e| bad(&e))?);
            }
            "--node-cap" => flags.1 = Some(value.parse().map_err(|e| bad(&e))?),
            "-j" => flags.2 = value.parse().map_err(|e| bad(&e))?,
            _ => return Err(format!("unknown flag {name}")),
        }
    }
    Ok(flags)
}

/// The `grids` mode: automorphic grids and their fill rate.
fn grids(args: &[String]) -> Result<(), String> {
    let choice: Automorphism = arg(args, 1, "map", "any")?;
    let count: u64 = arg(args, 2, "count", "100")?;
    let seed: u64 = arg(args, 3, "seed", "1")?;
    let mut source = AutomorphicGrids::new(choice);
    let mut rng = sudokit_generate::Rng::new(seed);
    let start = std::time::Instant::now();
    let mut made = 0;
    while made < count {
        let Some(a) = source.next(&mut rng, 1_000) else {
            break;
        };
        made += 1;
        println!("{} {} {}", line(&a.grid), a.map.name(), a.perm);
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "# {made} {choice} grids in {secs:.2} s ({:.0}/s): {} attempts, {} nodes, {} duplicates",
        made as f64 / secs,
        source.attempts,
        source.nodes,
        source.duplicates
    );
    Ok(())
}

/// The calling thread's CPU time in seconds (Linux's schedstat; wall-clock time elsewhere).
fn thread_cpu(start: std::time::Instant) -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or_else(|| start.elapsed().as_secs_f64(), |ns| ns as f64 * 1e-9)
}

/// The solution of `values`, when it has exactly one.
fn unique_solution(values: &[u8; 81]) -> Option<[u8; 81]> {
    let mut grid = None;
    let outcome = Fast::run(
        values,
        2,
        &mut sudokit_core::Budget::default().start(),
        |s| {
            grid = Some(*s);
            sudokit_core::Flow::Continue
        },
    );
    grid.filter(|_| outcome.solutions == 1)
}

/// The `bench` mode: every conjugate's hitting search on each grid, one line each.
fn bench(args: &[String]) -> Result<(), String> {
    let symmetry: Symmetry = arg(args, 0, "symmetry class", "vertical")?;
    let givens: usize = arg(args, 1, "givens", "18")?;
    let nodes: u64 = arg(args, 3, "nodes", "200000")?;
    let path = args.get(4).ok_or("argument 5 (FILE) is missing")?;
    let mut seeds = read_seeds(path)?;
    if let Some(seed) = args.get(5) {
        let seed: u64 = seed
            .parse()
            .map_err(|e| format!("argument 6 (seed) {seed:?}: {e}"))?;
        Rng::new(seed).shuffle(&mut seeds);
    }
    let most: usize = arg(args, 6, "grids", "1000000")?;
    let conj = conjugates(symmetry);
    let clock = std::time::Instant::now();
    let mut seen = std::collections::HashSet::new();
    let (mut grids, mut complete, mut searches, mut cut, mut total_nodes, mut found_puzzles) =
        (0, 0, 0u64, 0u64, 0u64, 0usize);
    let mut hits = 0;
    let cpu0 = thread_cpu(clock);
    for seed in &seeds {
        if grids >= most {
            break;
        }
        let Some(grid) = unique_solution(&seed.values) else {
            continue;
        };
        if !seen.insert(minlex(&grid)) {
            continue;
        }
        grids += 1;
        let mut unav = if wide(symmetry) {
            Unavoidables::deep(&grid)
        } else {
            Unavoidables::new(&grid)
        };
        let mut grid_cut = 0;
        for (j, cj) in conj.iter().enumerate() {
            let t0 = thread_cpu(clock);
            let found = hunt(&mut unav, cj, givens, nodes, &|| false);
            let secs = thread_cpu(clock) - t0;
            searches += 1;
            total_nodes += found.nodes;
            found_puzzles += found.puzzles.len();
            if !found.finished {
                cut += 1;
                grid_cut += 1;
            }
            println!(
                "line {} conjugate {j}: {} nodes {secs:.3} s {} {} unique",
                seed.id,
                found.nodes,
                if found.finished { "finished" } else { "cut" },
                found.puzzles.len()
            );
            for p in &found.puzzles {
                if let Ok(k) = verify(p, symmetry, givens) {
                    hits += 1;
                    println!("{} {}", line(p), symmetry.name());
                    eprintln!("# hit: line {} conjugate {j}: {k} givens", seed.id);
                }
            }
        }
        if grid_cut == 0 {
            complete += 1;
        }
    }
    eprintln!(
        "# {symmetry} {givens} bench: {grids} grids ({complete} complete), {searches} searches, \
         {cut} cut, {total_nodes} nodes, {found_puzzles} unique orbit-minimal, {hits} hits, \
         {:.2} CPU s",
        thread_cpu(clock) - cpu0
    );
    Ok(())
}

fn run() -> Result<(), String> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|m| m == "grids") {
        return grids(&args);
    }
    if args.get(2).is_some_and(|m| m == "own") {
        return own(&args);
    }
    if args.get(2).is_some_and(|m| m == "bench") {
        return bench(&args);
    }
    let (patterns, node_cap, jobs) = exhaustive_flags(&mut args)?;
    let symmetry: Symmetry = arg(&args, 0, "symmetry class", "rot180")?;
    let givens: usize = arg(&args, 1, "givens", "22")?;
    let method: Method = arg(&args, 2, "method", "neighbour")?;
    let seed: u64 = arg(&args, 3, "seed", "1")?;
    let tries: u64 = arg(&args, 4, "tries", "100000")?;
    let seconds: u64 = arg(&args, 5, "seconds", "60")?;
    let auto_arg = args.get(6).and_then(|a| a.strip_prefix("auto:"));
    let aligned_only = auto_arg.is_some_and(|a| a.ends_with(":aligned"));
    let automorphic: Option<Automorphism> = match auto_arg {
        Some(map) => Some(
            map.trim_end_matches(":aligned")
                .parse()
                .map_err(|e| format!("argument 7: {e}"))?,
        ),
        None => None,
    };
    let seeds: Vec<SeedPuzzle> = match args.get(6) {
        Some(path) if automorphic.is_none() => read_seeds(path)?,
        _ => Vec::new(),
    };
    let target = Target {
        automorphic,
        aligned_only,
        closure_slack: args
            .get(7)
            .map(|_| arg(&args, 7, "closure slack", "6"))
            .transpose()?,
        patterns,
        node_cap,
        ..Target::new(symmetry, givens, method, seed)
    };
    let budget = Budget {
        time: Some(Duration::from_secs(seconds)),
        ..Budget::tries(tries)
    };
    let start = std::time::Instant::now();
    if method == Method::Exhaustive {
        let progress = exhaustive::search(
            &target,
            &budget,
            jobs,
            &mut |hit, _| {
                println!("{} {}", hit.line(), symmetry.name());
                eprintln!(
                    "# hit: {} givens on pattern {} ({:.1} s)",
                    hit.givens,
                    hit.pattern.unwrap_or_default(),
                    start.elapsed().as_secs_f64()
                );
            },
            &mut |r, _| {
                eprintln!(
                    "# pattern {}: {} assignments, {} nodes, {} hits, {} ({:.1} s)",
                    r.index,
                    r.progress.tries,
                    r.progress.nodes,
                    r.progress.hits,
                    match r.end {
                        PatternEnd::Exhausted => "exhausted",
                        PatternEnd::Cut => "cut by its node cap",
                        PatternEnd::Stopped => "stopped by the budget",
                    },
                    start.elapsed().as_secs_f64()
                );
            },
        )
        .map_err(|e| e.to_string())?;
        eprintln!(
            "# {symmetry} {givens} exhaustive seed {seed}: {progress:?} in {:.1} s",
            start.elapsed().as_secs_f64()
        );
        return Ok(());
    }
    let mut fewest = 0;
    let progress = search_seeded(
        &target,
        &seeds,
        &budget,
        &mut |hit, p| {
            println!("{} {}", hit.line(), symmetry.name());
            eprintln!(
                "# hit: {} givens at try {} ({:.1} s){}",
                hit.givens,
                p.tries,
                start.elapsed().as_secs_f64(),
                hit.origin
                    .as_ref()
                    .map_or(String::new(), |o| format!(": {o}"))
            );
        },
        &mut |p| {
            if p.fewest != fewest {
                fewest = p.fewest;
                eprintln!(
                    "# fewest {} at try {} ({:.1} s)",
                    p.fewest,
                    p.tries,
                    start.elapsed().as_secs_f64()
                );
            }
        },
    )
    .map_err(|e| e.to_string())?;
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "# {symmetry} {givens} {} seed {seed}: {:?} in {secs:.1} s; {:.0} tries/s, {:.0} checks/s",
        method.name(),
        progress,
        progress.tries as f64 / secs,
        progress.checks as f64 / secs
    );
    if let Some(a) = automorphic {
        eprintln!(
            "# automorphic {a}: {} grids, {:.2} grids/s, {:.2} (grid, conjugate) searches/s, {} nodes",
            progress.restarts,
            progress.restarts as f64 / secs,
            progress.tries as f64 / secs,
            progress.nodes
        );
    }
    Ok(())
}
