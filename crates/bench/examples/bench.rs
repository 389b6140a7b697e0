//! Measures engines on puzzle files and prints a table (or JSON with `--format json`).
//!
//! `cargo run --release -p sudokit-bench --example bench -- [--mode first|unique|count:N]...
//! [--format table|json|tsv] [--secs S] FILE...` (default modes: first and unique; engine:
//! `fast`). `tsv` prints `file, mode, puzzles/s, us/puzzle, guesses/puzzle` for scripts.
//! `--variant` prints the search variant `fast` runs on this CPU (`avx512`, `avx2`, ...) and
//! exits.

use std::path::Path;
use sudokit_bench::{BenchResult, Mode, Options, bench, load_file, render_json, render_table};

fn main() {
    let mut modes = Vec::new();
    let mut files = Vec::new();
    let mut format = String::from("table");
    let mut opts = Options::default();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--mode" => match args.next().map(|m| Mode::parse(&m, 1000)) {
                Some(Ok(m)) => modes.push(m),
                _ => fail("--mode needs first, unique, count or count:N"),
            },
            "--format" => format = args.next().unwrap_or_default(),
            "--variant" => {
                println!("{}", sudokit_bench::fast_variant().name());
                return;
            }
            "--secs" => match args.next().and_then(|s| s.parse().ok()) {
                Some(s) => opts.min_secs = s,
                None => fail("--secs needs a number"),
            },
            _ => files.push(a),
        }
    }
    if files.is_empty() {
        fail("usage: bench [--mode M]... [--format json] [--secs S] FILE...");
    }
    if modes.is_empty() {
        modes = vec![Mode::First, Mode::Unique];
    }
    let mut results: Vec<BenchResult> = Vec::new();
    for f in &files {
        let path = Path::new(f);
        let puzzles = load_file(path).unwrap_or_else(|e| fail(&e.to_string()));
        let name = path
            .file_name()
            .map_or(f.clone(), |n| n.to_string_lossy().into_owned());
        for &m in &modes {
            match bench(&name, &puzzles, &sudokit_fast::Fast, m, &opts) {
                Ok(r) => results.push(r),
                Err(e) => fail(&e.to_string()),
            }
        }
    }
    match format.as_str() {
        "json" => println!("{}", render_json(&results)),
        "tsv" => {
            for r in &results {
                println!(
                    "{}\t{}\t{:.0}\t{:.2}\t{:.2}",
                    r.file, r.mode, r.puzzles_per_sec, r.us_per_puzzle, r.guesses_per_puzzle
                );
            }
        }
        _ => print!("{}", render_table(&results)),
    }
}

fn fail(msg: &str) -> ! {
    eprintln!("bench: {msg}");
    std::process::exit(2);
}
