//! Runs one targeted few-givens search and prints every hit and the counters (what the
//! measurements in docs/generate.md were made with; `sudokit generate --search targeted` is
//! the same search with progress bars).
//!
//! `cargo run --profile ci -p sudokit-generate --example fewgivens -- rot180 20 neighbour SEED TRIES SECONDS [SEED_FILE]`
//!
//! `SEED_FILE` (one puzzle a line, 81 symbols) gives the closure method its seed puzzles; a
//! hit's provenance (seed line, conjugate) goes to standard error. An eighth argument sets the
//! closure slack (`--closure-slack`: closures of at most K + SLACK givens are reduced).

use std::process::ExitCode;
use std::time::Duration;

use sudokit_generate::Symmetry;
use sudokit_generate::fewgivens::{Budget, Method, SeedPuzzle, Target, search_seeded};

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

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let symmetry: Symmetry = arg(&args, 0, "symmetry class", "rot180")?;
    let givens: usize = arg(&args, 1, "givens", "22")?;
    let method: Method = arg(&args, 2, "method", "neighbour")?;
    let seed: u64 = arg(&args, 3, "seed", "1")?;
    let tries: u64 = arg(&args, 4, "tries", "100000")?;
    let seconds: u64 = arg(&args, 5, "seconds", "60")?;
    let seeds: Vec<SeedPuzzle> = match args.get(6) {
        None => Vec::new(),
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| format!("{path}: {e}"))?
            .lines()
            .enumerate()
            .filter_map(|(i, l)| SeedPuzzle::parse(i as u64 + 1, l))
            .collect(),
    };
    let target = Target {
        closure_slack: args
            .get(7)
            .map(|_| arg(&args, 7, "closure slack", "6"))
            .transpose()?,
        ..Target::new(symmetry, givens, method, seed)
    };
    let budget = Budget {
        time: Some(Duration::from_secs(seconds)),
        ..Budget::tries(tries)
    };
    let start = std::time::Instant::now();
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
    Ok(())
}
