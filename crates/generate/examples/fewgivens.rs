//! Runs one targeted few-givens search and prints every hit and the counters (what the
//! measurements in docs/generate.md were made with; `sudokit generate --search targeted` is
//! the same search with progress bars).
//!
//! `cargo run --profile ci -p sudokit-generate --example fewgivens -- rot180 20 neighbour SEED TRIES SECONDS [SEED_FILE]`
//!
//! `SEED_FILE` (one puzzle a line, 81 symbols) gives the closure method its seed puzzles; a
//! hit's provenance (seed line, conjugate) goes to standard error.

use std::time::Duration;

use sudokit_generate::Symmetry;
use sudokit_generate::fewgivens::{Budget, Method, SeedPuzzle, Target, search_seeded};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |i: usize, d: &str| args.get(i).cloned().unwrap_or_else(|| d.to_string());
    let symmetry: Symmetry = get(0, "rot180").parse().expect("a symmetry class");
    let givens: usize = get(1, "22").parse().expect("givens");
    let method: Method = get(2, "neighbour").parse().expect("a method");
    let seed: u64 = get(3, "1").parse().expect("seed");
    let tries: u64 = get(4, "100000").parse().expect("tries");
    let seconds: u64 = get(5, "60").parse().expect("seconds");
    let seeds: Vec<SeedPuzzle> = args.get(6).map_or_else(Vec::new, |path| {
        let text = std::fs::read_to_string(path).expect("a readable seed file");
        text.lines()
            .enumerate()
            .filter_map(|(i, l)| SeedPuzzle::parse(i as u64 + 1, l))
            .collect()
    });
    let target = Target::new(symmetry, givens, method, seed);
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
    .expect("a valid target");
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "# {symmetry} {givens} {} seed {seed}: {:?} in {secs:.1} s; {:.0} tries/s, {:.0} checks/s",
        method.name(),
        progress,
        progress.tries as f64 / secs,
        progress.checks as f64 / secs
    );
}
