//! `sudokit bench`: throughput of engines on puzzle files, measured like the peer harness
//! (parsing excluded, passes repeated for about 2 s, best pass by this thread's CPU time).
//!
//! Design decision: the measuring method lives in the `sudokit-bench` library so the CLI, the
//! criterion bench and `scripts/bench-vs-peer.sh` all measure the same way; this module only
//! parses flags, loads files and prints.

use anyhow::{Result, bail};
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use sudokit_bench::{Mode, Options, bench, load_file, render_json, render_table, render_tsv};
use sudokit_engines::{EngineOptions, engine};

/// Output formats of `bench`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BenchFormat {
    /// An aligned table.
    Text,
    /// One JSON object per file, engine and mode.
    Json,
    /// Tab-separated values: a header line, then one line per file, engine and mode.
    Tsv,
}

/// Arguments of `sudokit bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Puzzle files, one 81-character puzzle per line.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<PathBuf>,
    /// Engines to measure: repeat or comma-separate (`-e fast,dlx`); fast when none.
    #[arg(long = "engine", short = 'e', value_delimiter = ',')]
    engines: Vec<String>,
    /// Modes to measure: `first` (first solution), `unique` (count up to 2) or `count` /
    /// `count:N`; repeat or comma-separate (`--mode first,unique`).
    #[arg(long, value_delimiter = ',', default_value = "unique")]
    mode: Vec<String>,
    /// Seconds of passes per file and engine.
    #[arg(long, default_value_t = 2.0)]
    seconds: f64,
    /// At most this many passes.
    #[arg(long, default_value_t = 50)]
    max_passes: usize,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value = "text")]
    format: BenchFormat,
}

/// Runs `sudokit bench`.
pub fn run_bench(args: BenchArgs) -> Result<u8> {
    let modes = args
        .mode
        .iter()
        .map(|m| Mode::parse(m, 1_000))
        .collect::<Result<Vec<_>, _>>()?;
    if args.seconds.is_nan() || args.seconds <= 0.0 || args.max_passes == 0 {
        bail!("--seconds must be positive and --max-passes at least 1");
    }
    let names = if args.engines.is_empty() {
        vec!["fast".to_string()]
    } else {
        args.engines.clone()
    };
    let options = Options {
        min_secs: args.seconds,
        max_passes: args.max_passes,
    };
    let mut results = Vec::new();
    for file in &args.files {
        let puzzles = load_file(file)?;
        let name = file.file_name().map_or_else(
            || file.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        for e in &names {
            let solver = engine(
                e,
                &EngineOptions {
                    seed: Some(sudokit_engines::DEFAULT_SEED),
                    ..EngineOptions::default()
                },
            )?;
            for &mode in &modes {
                results.push(bench(&name, &puzzles, solver.as_ref(), mode, &options)?);
            }
        }
    }
    let text = match args.format {
        BenchFormat::Text => {
            let mut t = render_table(&results);
            if names.iter().any(|n| n == "fast" || n == "auto") {
                t.push_str(&format!(
                    "fast runs its {} search variant on this CPU (SUDOKIT_FAST_ISA=avx2 or baseline asks for less)\n",
                    sudokit_bench::fast_variant().name()
                ));
            }
            t
        }
        BenchFormat::Json => format!("{}\n", render_json(&results)),
        BenchFormat::Tsv => render_tsv(&results),
    };
    crate::runner::print_all(text.as_bytes())
}
