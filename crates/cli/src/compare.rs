//! `sudokit compare`: every chosen engine on the same puzzles, each puzzle under the same
//! budget, side by side — solved share, time distribution, nodes and guesses — as a table,
//! JSON or CSV, and optionally an SVG chart.
//!
//! Design decision: runs are sequential on one thread, engine after engine, so times are
//! comparable; every solution is re-checked by the independent checker and a wrong answer is
//! counted (and would show) rather than trusted. Engines that cannot take a puzzle's layout
//! are reported as `unsupported` for it, not as failures.

use crate::args::{InputArgs, TuneArgs};
use anyhow::{Context, Result, bail};
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;
use sudokit_core::format::{LayoutSpec, Reader};
use sudokit_core::verify::verify;
use sudokit_core::{Budget, Grid, Request, SolveError, Status};
use sudokit_engines::{ENGINES, engine};

/// What each engine is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CompareMode {
    /// The first solution.
    First,
    /// Count up to 2 (a uniqueness check).
    Unique,
}

/// Output formats of `compare`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CompareFormat {
    /// An aligned table.
    Text,
    /// One JSON object per engine.
    Json,
    /// CSV with a header.
    Csv,
}

/// Arguments of `sudokit compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Engines to compare: `all` or a comma-separated list.
    #[arg(long, default_value = "all")]
    engines: String,
    /// Time budget per puzzle and engine.
    #[arg(long, default_value = "2s", value_parser = humantime::parse_duration)]
    budget: Duration,
    /// Only the first N puzzles of the input.
    #[arg(long, value_name = "N")]
    take: Option<usize>,
    /// First solution, or a uniqueness check (count up to 2).
    #[arg(long, value_enum, default_value = "first")]
    mode: CompareMode,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value = "text")]
    format: CompareFormat,
    /// Also draw the comparison as an SVG chart to this file.
    #[arg(long, value_name = "FILE")]
    chart: Option<PathBuf>,
    #[command(flatten)]
    tune: TuneArgs,
    /// Never show a progress bar.
    #[arg(long)]
    no_progress: bool,
}

/// One engine's figures over the puzzle set.
#[derive(Clone, Debug, Serialize)]
pub struct EngineSummary {
    engine: String,
    puzzles: usize,
    solved: usize,
    solved_pct: f64,
    unsolvable: usize,
    stopped: usize,
    unsupported: usize,
    wrong: usize,
    median_ms: f64,
    mean_ms: f64,
    max_ms: f64,
    nodes_per_puzzle: f64,
    guesses_per_puzzle: f64,
}

fn load(args: &CompareArgs) -> Result<Vec<Grid>> {
    let spec = LayoutSpec {
        box_shape: args.input.box_shape,
        regions: match &args.input.regions {
            Some(p) => Some(std::sync::Arc::new(crate::input::read_regions(p)?)),
            None => None,
        },
        extras: args.input.extras.clone(),
    };
    // Standard input when no file is named (or `-`), like every other command.
    let stdin = [std::path::PathBuf::from("-")];
    let files = if args.input.files.is_empty() {
        &stdin[..]
    } else {
        &args.input.files[..]
    };
    let mut puzzles = Vec::new();
    for f in files {
        let (name, input): (String, Box<dyn std::io::BufRead>) = if f.as_os_str() == "-" {
            ("<stdin>".into(), Box::new(std::io::stdin().lock()))
        } else {
            let file =
                std::fs::File::open(f).with_context(|| format!("cannot open {}", f.display()))?;
            (
                f.display().to_string(),
                Box::new(std::io::BufReader::new(file)),
            )
        };
        let reader = Reader::new(input, args.input.input_format, spec.clone());
        for rec in reader {
            let rec = rec.with_context(|| format!("reading {name}"))?;
            match rec.puzzle {
                Ok(p) => puzzles.push(p),
                Err(e) => eprintln!("sudokit: skipping {name}:{}: {e}", rec.line),
            }
            if args.take.is_some_and(|t| puzzles.len() >= t) {
                return Ok(puzzles);
            }
        }
    }
    Ok(puzzles)
}

/// `x`, or 0 when it would print as a negative zero (`-0.000`) with `places` decimals.
fn no_negative_zero(x: f64, places: i32) -> f64 {
    if x.abs() < 0.5 * 10f64.powi(-places) {
        0.0
    } else {
        x
    }
}

fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i]
}

/// Runs `sudokit compare`.
pub fn run_compare(args: CompareArgs) -> Result<u8> {
    let puzzles = load(&args)?;
    if puzzles.is_empty() {
        bail!("no valid puzzles in the input");
    }
    let names: Vec<&str> = if args.engines == "all" {
        ENGINES.iter().map(|e| e.name).collect()
    } else {
        args.engines.split(',').map(str::trim).collect()
    };
    let options = args.tune.options(&names);
    let mut engines = Vec::new();
    for n in &names {
        engines.push((n.to_string(), engine(n, &options)?));
    }
    let total = (engines.len() * puzzles.len()) as u64;
    let pb = if !args.no_progress && std::io::stderr().is_terminal() {
        let pb = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
        pb.set_style(
            ProgressStyle::with_template("{spinner} {msg:>10} {wide_bar} {pos}/{len} ({eta})")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        pb
    } else {
        ProgressBar::hidden()
    };
    let request = match args.mode {
        CompareMode::First => Request::first(),
        CompareMode::Unique => Request::count(2, 2),
    }
    .with_budget(Budget::time(args.budget));
    let mut summaries = Vec::new();
    let mut any_wrong = false;
    for (name, solver) in &engines {
        pb.set_message(name.clone());
        let mut times = Vec::new();
        let (mut solved, mut unsolvable, mut stopped, mut unsupported, mut wrong) = (0, 0, 0, 0, 0);
        let (mut nodes, mut guesses) = (0u64, 0u64);
        for p in &puzzles {
            pb.inc(1);
            let report = match solver.solve(p, &request) {
                Ok(r) => r,
                Err(SolveError::Unsupported { .. }) => {
                    unsupported += 1;
                    continue;
                }
                Err(e) => {
                    eprintln!("sudokit: {name}: {e}");
                    wrong += 1;
                    continue;
                }
            };
            times.push(report.elapsed.as_secs_f64() * 1e3);
            nodes += report.stats.nodes;
            guesses += report.stats.guesses;
            if report.solutions.iter().any(|s| verify(p, s).is_err()) {
                wrong += 1;
                continue;
            }
            match report.status {
                Status::Solved => solved += 1,
                Status::Unsolvable => unsolvable += 1,
                Status::Stopped | Status::Unknown => stopped += 1,
            }
        }
        any_wrong |= wrong > 0;
        let ran = times.len().max(1) as f64;
        let mut sorted = times.clone();
        sorted.sort_by(|a, b| a.total_cmp(b));
        summaries.push(EngineSummary {
            engine: name.clone(),
            puzzles: puzzles.len(),
            solved,
            solved_pct: 100.0 * solved as f64 / puzzles.len() as f64,
            unsolvable,
            stopped,
            unsupported,
            wrong,
            median_ms: percentile(&sorted, 0.5),
            mean_ms: times.iter().sum::<f64>() / ran,
            max_ms: sorted.last().copied().unwrap_or(0.0),
            nodes_per_puzzle: nodes as f64 / ran,
            guesses_per_puzzle: guesses as f64 / ran,
        });
    }
    pb.finish_and_clear();
    let mut text = String::new();
    match args.format {
        CompareFormat::Text => text = render_table(&summaries, &args),
        CompareFormat::Json => {
            for s in &summaries {
                writeln!(text, "{}", serde_json::to_string(s)?)?;
            }
        }
        CompareFormat::Csv => {
            writeln!(
                text,
                "engine,puzzles,solved,solved_pct,unsolvable,stopped,unsupported,wrong,median_ms,mean_ms,max_ms,nodes_per_puzzle,guesses_per_puzzle"
            )?;
            for s in &summaries {
                writeln!(
                    text,
                    "{},{},{},{:.2},{},{},{},{},{:.4},{:.4},{:.4},{:.1},{:.2}",
                    s.engine,
                    s.puzzles,
                    s.solved,
                    s.solved_pct,
                    s.unsolvable,
                    s.stopped,
                    s.unsupported,
                    s.wrong,
                    s.median_ms,
                    s.mean_ms,
                    s.max_ms,
                    s.nodes_per_puzzle,
                    s.guesses_per_puzzle
                )?;
            }
        }
    }
    crate::runner::print_all(text.as_bytes())?;
    if let Some(path) = &args.chart {
        draw_chart(&summaries, path, &args)?;
        eprintln!("sudokit: chart written to {}", path.display());
    }
    Ok(if any_wrong { 1 } else { 0 })
}

fn render_table(rows: &[EngineSummary], args: &CompareArgs) -> String {
    let mut out = format!(
        "{} puzzles, mode {:?}, budget {} per puzzle\n",
        rows.first().map_or(0, |r| r.puzzles),
        args.mode,
        humantime::format_duration(args.budget)
    )
    .to_lowercase();
    out.push_str(&format!(
        "{:<10} {:>8} {:>6} {:>7} {:>5} {:>11} {:>11} {:>11} {:>12} {:>12}\n",
        "engine",
        "solved%",
        "unsolv",
        "stopped",
        "wrong",
        "median ms",
        "mean ms",
        "max ms",
        "nodes/puz",
        "guesses/puz"
    ));
    for r in rows {
        out.push_str(&format!(
            "{:<10} {:>8.1} {:>6} {:>7} {:>5} {:>11.3} {:>11.3} {:>11.3} {:>12.1} {:>12.1}{}\n",
            r.engine,
            r.solved_pct,
            r.unsolvable,
            r.stopped,
            r.wrong,
            no_negative_zero(r.median_ms, 3),
            no_negative_zero(r.mean_ms, 3),
            no_negative_zero(r.max_ms, 3),
            no_negative_zero(r.nodes_per_puzzle, 1),
            no_negative_zero(r.guesses_per_puzzle, 1),
            if r.unsupported > 0 {
                format!("  ({} unsupported)", r.unsupported)
            } else {
                String::new()
            }
        ));
    }
    out
}

fn draw_chart(rows: &[EngineSummary], path: &PathBuf, args: &CompareArgs) -> Result<()> {
    use plotters::prelude::*;
    let width = 200 + 110 * rows.len() as u32;
    let root = SVGBackend::new(path, (width.max(640), 480)).into_drawing_area();
    root.fill(&WHITE)?;
    let (top, bottom) = root.split_vertically(300);
    // Median and mean time per engine, log scale (engines differ by orders of magnitude).
    let max_ms = rows
        .iter()
        .map(|r| r.mean_ms.max(r.median_ms))
        .fold(1e-3, f64::max);
    let min_ms = rows
        .iter()
        .map(|r| r.median_ms.min(r.mean_ms))
        .filter(|v| *v > 0.0)
        .fold(max_ms, f64::min)
        / 2.0;
    let title = format!(
        "sudokit compare: {} puzzles, {:?} mode, {} budget",
        rows.first().map_or(0, |r| r.puzzles),
        args.mode,
        humantime::format_duration(args.budget)
    );
    let mut chart = ChartBuilder::on(&top)
        .caption(title, ("sans-serif", 18))
        .margin(10)
        .x_label_area_size(30)
        .y_label_area_size(70)
        .build_cartesian_2d(
            (0..rows.len().saturating_sub(1)).into_segmented(),
            (min_ms.max(1e-4)..max_ms * 2.0).log_scale(),
        )?;
    chart
        .configure_mesh()
        .y_desc("time per puzzle (ms, log)")
        .x_label_formatter(&|x| match x {
            SegmentValue::CenterOf(i) => rows.get(*i).map_or(String::new(), |r| r.engine.clone()),
            _ => String::new(),
        })
        .draw()?;
    chart
        .draw_series(rows.iter().enumerate().map(|(i, r)| {
            let mut bar = Rectangle::new(
                [
                    (SegmentValue::Exact(i), min_ms.max(1e-4)),
                    (SegmentValue::Exact(i + 1), r.median_ms.max(1e-4)),
                ],
                BLUE.mix(0.6).filled(),
            );
            bar.set_margin(0, 0, 12, 12);
            bar
        }))?
        .label("median")
        .legend(|(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], BLUE.mix(0.6).filled()));
    chart
        .draw_series(rows.iter().enumerate().map(|(i, r)| {
            Circle::new(
                (SegmentValue::CenterOf(i), r.mean_ms.max(1e-4)),
                5,
                RED.filled(),
            )
        }))?
        .label("mean")
        .legend(|(x, y)| Circle::new((x + 5, y), 4, RED.filled()));
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    // Solved share per engine.
    let mut chart = ChartBuilder::on(&bottom)
        .margin(10)
        .x_label_area_size(30)
        .y_label_area_size(70)
        .build_cartesian_2d(
            (0..rows.len().saturating_sub(1)).into_segmented(),
            0.0..100.0,
        )?;
    chart
        .configure_mesh()
        .y_desc("solved %")
        .x_label_formatter(&|x| match x {
            SegmentValue::CenterOf(i) => rows.get(*i).map_or(String::new(), |r| r.engine.clone()),
            _ => String::new(),
        })
        .draw()?;
    chart.draw_series(rows.iter().enumerate().map(|(i, r)| {
        let mut bar = Rectangle::new(
            [
                (SegmentValue::Exact(i), 0.0),
                (SegmentValue::Exact(i + 1), r.solved_pct),
            ],
            GREEN.mix(0.6).filled(),
        );
        bar.set_margin(0, 0, 12, 12);
        bar
    }))?;
    root.present()?;
    Ok(())
}
