//! `sudokit rate`: Sudoku Explainer ratings (ER/EP/ED) for a stream of puzzles.
//!
//! Design decision: the rater is the logic crate's SE process ([`sudokit_logic::se`]); this
//! command only streams records through it — the batch runner ([`crate::runner`]) rates them
//! in parallel and writes them in input order, one output record per input record. Before rating, an
//! engine proves the puzzle has exactly one solution (SE's numbers mean nothing otherwise:
//! [`sudokit_app::rate::rateable`], the check `/api/rate` makes too), and
//! with `--check` every step the rater applied is compared with that solution.

use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use anyhow::Result;
use clap::{Args, ValueEnum};
use serde_json::{Value, json};
use sudokit_app::rate::{
    RatingStatus, check_steps, hodoku_rate, hodoku_rating_json, rateable, se_rating_json,
};
use sudokit_core::format::Record;
use sudokit_core::{Budget, Grid};
use sudokit_logic::levels::{hodoku_level, qqwing_class_within, seed_level_within};
use sudokit_logic::se::{RateOptions, RateStatus, Scale, rate};
use sudokit_logic::{CandidateGrid, Deadline, LogicSolver, Order};

use crate::args::{Batch, BudgetArgs, InputArgs, RunArgs};
use crate::input::{self, Item};
use crate::runner::{Ended, run_ordered};

/// Output format of `rate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RateFormat {
    /// `ER/EP/ED technique` per puzzle.
    Text,
    /// One JSON object per record (NDJSON).
    Json,
    /// Tab-separated values with a header.
    Tsv,
}

/// Technique set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ScaleArg {
    /// Sudoku Explainer 1.2.1 (the forum lists' scale).
    Se121,
    /// SukakuExplainer's default set (adds strong-link patterns and wings).
    Sukaku,
    /// HoDoKu's level and score: the path of `explain --order hodoku` (no ER/EP/ED).
    Hodoku,
}

/// Arguments of `sudokit rate`.
#[derive(Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value = "text")]
    format: RateFormat,
    /// Technique set and order.
    #[arg(long, value_enum, default_value = "se121")]
    scale: ScaleArg,
    /// Print the step that set each rating, in full.
    #[arg(long)]
    explain: bool,
    /// Check every step against the solution an engine finds.
    #[arg(long)]
    check: bool,
    /// Highest nesting level of dynamic forcing chains (0–5; SE uses 5). Puzzles that need
    /// more are reported as `beyond`.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(0..=5))]
    max_level: u32,
    #[command(flatten)]
    budget: BudgetArgs,
    /// Also compute HoDoKu's level and score (runs HoDoKu's solver on each puzzle; JSON and
    /// TSV only).
    #[arg(long)]
    hodoku: bool,
    #[command(flatten)]
    run: RunArgs,
}

const TSV_HEADER: &str = "record\tline\tlabel\tstatus\ter\tep\ted\thardest\tsteps\tseed_level\tqqwing\thodoku_level\thodoku_score\tmicros\tpuzzle";

struct Out {
    text: String,
    failed: bool,
}

fn fmt_r(r: Option<f64>) -> String {
    r.map_or_else(|| "-".to_string(), |x| format!("{x:.1}"))
}

/// The columns of a TSV row after the record's position ([`TSV_HEADER`]).
struct TsvRow<'a> {
    status: &'a str,
    se: [Option<f64>; 3],
    hardest: &'a str,
    steps: usize,
    seed: Option<usize>,
    qqwing: Option<&'a str>,
    level: Option<&'a str>,
    score: Option<u32>,
    micros: u128,
    grid: &'a Grid,
}

fn tsv_row(rec: &Record, row: &TsvRow<'_>) -> String {
    let opt = |x: Option<String>| x.unwrap_or_else(|| "-".into());
    format!(
        "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
        rec.index,
        rec.line,
        rec.label
            .as_deref()
            .unwrap_or("")
            .replace(['\t', '\n'], " "),
        row.status,
        fmt_r(row.se[0]),
        fmt_r(row.se[1]),
        fmt_r(row.se[2]),
        row.hardest,
        row.steps,
        opt(row.seed.map(|s| s.to_string())),
        opt(row.qqwing.map(str::to_string)),
        opt(row.level.map(str::to_string)),
        opt(row.score.map(|s| s.to_string())),
        row.micros,
        row.grid.to_line().unwrap_or_else(|| "-".into())
    )
}

/// The label after a text rating (` name`, or nothing).
fn text_label(rec: &Record) -> String {
    rec.label
        .as_deref()
        .map(|l| format!(" {l}"))
        .unwrap_or_default()
}

struct Job<'a> {
    args: &'a RateArgs,
    opts: RateOptions,
}

fn rate_item(item: &Item, job: &Job<'_>) -> Out {
    let rec = item.record();
    let rec = &*rec;
    let args = job.args;
    let base = || json!({"record": rec.index, "line": rec.line, "file": &*item.source, "label": rec.label});
    let error = |status: &str, msg: String| -> Out {
        let text = match args.format {
            RateFormat::Json => {
                let mut v = base();
                v["status"] = json!(status);
                v["error"] = json!(msg);
                crate::explain::json_line(&v)
            }
            RateFormat::Tsv => format!(
                "{}\t{}\t{}\t{status}\t-\t-\t-\t{}\t0\t-\t-\t-\t-\t0\t-\n",
                rec.index,
                rec.line,
                rec.label.as_deref().unwrap_or(""),
                msg.replace(['\t', '\n'], " ")
            ),
            RateFormat::Text => format!("{}:{}: {status}: {msg}\n", item.source, rec.line),
        };
        Out { text, failed: true }
    };
    let grid = match &rec.puzzle {
        Ok(g) => g.clone(),
        Err(e) => return error("invalid", e.to_string()),
    };
    let solution = match rateable(&grid, &Budget::default()) {
        Ok(s) => s,
        Err(r) => return error(r.status.as_str(), r.message),
    };
    if args.scale == ScaleArg::Hodoku {
        return hodoku_item(item, job, &grid, solution.as_ref());
    }
    let mut opts = job.opts.clone();
    opts.keep_steps = args.check;
    // The rating and then the levels share the time budget.
    let deadline = Deadline::from_budget(&job.opts.budget);
    let r = rate(&grid, &opts);
    let mut failed = r.status != RateStatus::Rated;
    let mut check_err = None;
    if args.check {
        match &solution {
            Some(sol) => {
                if let Err(e) = check_steps(&r, sol) {
                    check_err = Some(e);
                    failed = true;
                }
            }
            None => {
                check_err =
                    Some("no solution to check against (the engine's budget ran out)".into());
                failed = true;
            }
        }
    }
    let status = RatingStatus::of(r.status).as_str();
    let hardest = r.hardest.as_ref();
    let hardest_name = hardest.map(|h| h.technique.as_str()).unwrap_or("-");
    let levels = |want: bool| {
        if !want {
            return (None, None, None, None);
        }
        let seed = seed_level_within(&grid, &deadline.left());
        let qq = qqwing_class_within(&grid, &deadline.left());
        let hod = if args.hodoku {
            let cg = CandidateGrid::new(&grid);
            let path = LogicSolver::new(Order::Hodoku).solve_from(cg, &deadline.left());
            hodoku_level(&path)
        } else {
            None
        };
        (
            seed,
            qq.map(|q| q.name()),
            hod.map(|(l, _)| l.name()),
            hod.map(|(_, s)| s),
        )
    };
    let text = match args.format {
        RateFormat::Json => {
            let (_, _, hl, hs) = levels(args.hodoku);
            let mut v = base();
            if let (Value::Object(m), Value::Object(fields)) =
                (&mut v, se_rating_json(&r, &grid, args.explain, &deadline))
            {
                m.extend(fields);
            }
            v["hodoku_level"] = json!(hl);
            v["hodoku_score"] = json!(hs);
            if args.check {
                v["checked"] = json!(check_err.is_none());
            }
            if let Some(e) = &check_err {
                v["error"] = json!(e);
            }
            crate::explain::json_line(&v)
        }
        RateFormat::Tsv => {
            let (seed, qq, hl, hs) = levels(true);
            tsv_row(
                rec,
                &TsvRow {
                    status,
                    se: [r.er, r.ep, r.ed],
                    hardest: hardest_name,
                    steps: r.step_count,
                    seed,
                    qqwing: qq,
                    level: hl,
                    score: hs,
                    micros: r.micros,
                    grid: &grid,
                },
            )
        }
        RateFormat::Text => {
            let mut s = String::new();
            let label = text_label(rec);
            let _ = match r.status {
                RateStatus::Rated => writeln!(
                    s,
                    "{}/{}/{} {}{label}",
                    fmt_r(r.er),
                    fmt_r(r.ep),
                    fmt_r(r.ed),
                    hardest_name
                ),
                RateStatus::Beyond => writeln!(
                    s,
                    "beyond (no technique up to nesting level {} applies after {} steps; EP {} ED {}){label}",
                    args.max_level,
                    r.step_count,
                    fmt_r(r.ep),
                    fmt_r(r.ed)
                ),
                RateStatus::Budget | RateStatus::Above => writeln!(
                    s,
                    "stopped (the time budget ran out after {} steps){label}",
                    r.step_count
                ),
            };
            if args.explain
                && let Some(h) = hardest
            {
                let _ = writeln!(s, "  {:.1} {}", h.rating, h.text);
            }
            if let Some(e) = &check_err {
                let _ = writeln!(s, "  unsound: {e}");
            }
            s
        }
    };
    Out { text, failed }
}

/// One record on HoDoKu's scale ([`hodoku_rate`]): the same record shapes as SE's scale, with
/// the level and score where ER/EP/ED stand in text (`Hard (1286) Turbot Fish`).
fn hodoku_item(item: &Item, job: &Job<'_>, grid: &Grid, solution: Option<&Grid>) -> Out {
    let rec = item.record();
    let args = job.args;
    let deadline = Deadline::from_budget(&job.opts.budget);
    let r = hodoku_rate(grid, &deadline);
    let mut failed = r.status != RatingStatus::Rated;
    let check_err = args.check.then(|| match solution {
        Some(sol) => r.check(sol).err(),
        None => Some("no solution to check against (the engine's budget ran out)".to_string()),
    });
    let check_err = check_err.flatten();
    failed |= check_err.is_some();
    let hardest = r.hardest_step().map_or("-", |h| h.technique.name);
    let text = match args.format {
        RateFormat::Json => {
            let mut v = json!({"record": rec.index, "line": rec.line, "file": &*item.source, "label": rec.label});
            if let (Value::Object(m), Value::Object(fields)) = (
                &mut v,
                hodoku_rating_json(&r, grid, args.explain, &deadline),
            ) {
                m.extend(fields);
            }
            if args.check {
                v["checked"] = json!(check_err.is_none());
            }
            if let Some(e) = &check_err {
                v["error"] = json!(e);
            }
            crate::explain::json_line(&v)
        }
        RateFormat::Tsv => tsv_row(
            &rec,
            &TsvRow {
                status: r.status.as_str(),
                se: [None; 3],
                hardest,
                steps: r.path.len(),
                seed: seed_level_within(grid, &deadline.left()),
                qqwing: qqwing_class_within(grid, &deadline.left()).map(|q| q.name()),
                level: r.level.map(|l| l.name()),
                score: r.score,
                micros: u128::from(r.micros),
                grid,
            },
        ),
        RateFormat::Text => {
            let mut s = String::new();
            let label = text_label(&rec);
            let _ = match (r.status, r.label()) {
                (RatingStatus::Rated, Some(rating)) => writeln!(s, "{rating} {hardest}{label}"),
                (RatingStatus::Stopped, _) => writeln!(
                    s,
                    "stopped (the time budget ran out after {} steps){label}",
                    r.path.len()
                ),
                _ => writeln!(
                    s,
                    "beyond (HoDoKu's techniques stop after {} steps){label}",
                    r.path.len()
                ),
            };
            if args.explain
                && let Some(h) = r.hardest_step()
            {
                let _ = writeln!(
                    s,
                    "  {} {} {}",
                    h.technique.level.name(),
                    h.technique.score,
                    h.text
                );
            }
            if let Some(e) = &check_err {
                let _ = writeln!(s, "  unsound: {e}");
            }
            s
        }
    };
    Out { text, failed }
}

/// `sudokit rate`.
pub fn run_rate(args: RateArgs) -> Result<u8> {
    let batch = Batch::new(&args.input, &args.run)?;
    let (chunks, reader) = input::spawn_reader(
        batch.files.clone(),
        batch.format,
        batch.spec.clone(),
        256,
        1,
        Arc::new(AtomicU64::new(0)),
    )?;
    let job = Job {
        args: &args,
        opts: RateOptions {
            scale: match args.scale {
                ScaleArg::Se121 => Scale::Se121,
                ScaleArg::Sukaku => Scale::Sukaku,
                // HoDoKu's scale does not run SE's rater; the options carry only the budget.
                ScaleArg::Hodoku => Scale::Se121,
            },
            max_level: args.max_level,
            budget: args.budget.budget(),
            keep_steps: false,
            stop_above: None,
            texts: args.explain,
        },
    };
    let header = (args.format == RateFormat::Tsv).then_some(TSV_HEADER);
    let mut failed = false;
    let ended = run_ordered(
        &batch,
        chunks,
        reader,
        header,
        |item| rate_item(item, &job),
        |out, d: Out| {
            failed |= d.failed;
            out.write_all(d.text.as_bytes())
        },
    )?;
    if failed && ended == Ended::Done {
        eprintln!(
            "sudokit rate: some records were not rated (invalid, unsolvable, several solutions, beyond the techniques or over budget); exit status 1"
        );
    }
    Ok(u8::from(failed))
}
