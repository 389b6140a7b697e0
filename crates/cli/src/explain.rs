//! `sudokit explain`, `hint`, `find` and `techniques`: the human-style solver on the command
//! line.
//!
//! Design decision: every record becomes a finished block of output by one pure function (as in
//! `solve`), so records stream through the batch runner ([`crate::runner`]): worked on in
//! parallel, written in input order, each answered as soon as it is read. Records come from
//! [`crate::grids`] (puzzles, HoDoKu library lines, pencil-mark grids). Before any technique runs,
//! an engine answers how many solutions there are: zero makes the record `unsolvable`, several
//! switch the uniqueness techniques off, and the unique solution is what `--check` compares
//! every step against.

use std::fmt::Write as _;

use anyhow::{Context, Result, bail};
use clap::{Args, ValueEnum};
use serde_json::{Value, json};
use sudokit_app::find::StepsText;
use sudokit_app::techniques::{sorted_by, technique_json};
use sudokit_app::with_position;
use sudokit_core::format::InputFormat;
use sudokit_core::{Budget, Grid};
use sudokit_logic::formats::pencil;
use sudokit_logic::render::step_line;
use sudokit_logic::techniques::lookup;
use sudokit_logic::{LogicSolver, Order, PathStatus, Technique};

use crate::args::{Batch, BudgetArgs, InputArgs, RunArgs};
use crate::grids::{self, GridFormat, Rec, Source};
use crate::runner::{print_all, run_ordered};

/// Text or JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For people.
    Text,
    /// One JSON object per record (NDJSON).
    Json,
}

/// Technique order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OrderArg {
    /// HoDoKu's default order and technique set, step for step as HoDoKu 2.2.4
    Hodoku,
    /// Sudoku Explainer's order.
    Se,
    /// HoDoKu's order with sudokit's extra techniques (WXYZ-wing, aligned pair exclusion)
    Sudokit,
}

/// Options shared by explain, hint and find.
#[derive(Args, Debug, Clone)]
pub struct LogicArgs {
    #[command(flatten)]
    input: InputArgs,
    /// How to read candidate grids.
    #[arg(long, value_enum, default_value = "auto")]
    grids: GridFormat,
    /// Technique order.
    #[arg(long, value_enum, default_value = "hodoku")]
    order: OrderArg,
    /// Use only these techniques (ids, HoDoKu codes or names; comma-separated).
    #[arg(long, value_delimiter = ',')]
    techniques: Vec<String>,
    /// Leave out these techniques.
    #[arg(long, value_delimiter = ',')]
    exclude: Vec<String>,
    /// Never use techniques that assume a unique solution.
    #[arg(long)]
    no_uniqueness: bool,
    #[command(flatten)]
    budget: BudgetArgs,
    #[command(flatten)]
    run: RunArgs,
}

/// Arguments of `sudokit explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    #[command(flatten)]
    logic: LogicArgs,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value = "text")]
    format: Format,
    /// Show the pencil marks before each step (text).
    #[arg(long)]
    grid: bool,
    /// Check every step against the solution an engine finds; an unsound step fails the record.
    #[arg(long)]
    check: bool,
}

/// Arguments of `sudokit hint`.
#[derive(Args, Debug)]
pub struct HintArgs {
    #[command(flatten)]
    logic: LogicArgs,
    /// 1: name the technique; 2: also where to look; 3: the whole step.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
    level: u8,
    /// The original puzzle (givens only), so the user's own entries can be checked.
    #[arg(long, value_name = "PUZZLE")]
    givens: Option<String>,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value = "text")]
    format: Format,
}

/// Arguments of `sudokit find`.
#[derive(Args, Debug)]
pub struct FindArgs {
    #[command(flatten)]
    logic: LogicArgs,
    /// The technique (id, HoDoKu code or name).
    #[arg(long, short = 't')]
    technique: String,
    /// List at most N instances per grid; a search cut there is `stopped` and says so.
    #[arg(long, value_name = "N", default_value_t = sudokit_app::find::DEFAULT_MAX, value_parser = parse_max)]
    max: usize,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value = "json")]
    format: Format,
}

/// Arguments of `sudokit techniques`.
#[derive(Args, Debug)]
pub struct TechniquesArgs {
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value = "text")]
    format: Format,
    /// Sort by this order.
    #[arg(long, value_enum, default_value = "hodoku")]
    order: OrderArg,
}

fn resolve(names: &[String]) -> Result<Vec<&'static dyn Technique>> {
    names
        .iter()
        .map(|n| {
            lookup(n).with_context(|| {
                format!("unknown technique `{n}` (see `sudokit techniques` for the list)")
            })
        })
        .collect()
}

fn solver_for(args: &LogicArgs) -> Result<LogicSolver> {
    let order = match args.order {
        OrderArg::Hodoku => Order::Hodoku,
        OrderArg::Se => Order::Se,
        OrderArg::Sudokit => Order::Sudokit,
    };
    let mut solver = if args.techniques.is_empty() {
        LogicSolver::new(order)
    } else {
        LogicSolver::with_techniques(resolve(&args.techniques)?, order)
    };
    let excluded: Vec<&str> = resolve(&args.exclude)?
        .iter()
        .map(|t| t.info().id)
        .collect();
    solver.retain(|t| !excluded.contains(&t.info().id));
    if args.no_uniqueness {
        solver.options.uniqueness = false;
    }
    Ok(solver)
}

fn budget(args: &LogicArgs) -> Budget {
    args.budget.budget()
}

/// Streams the records of `args`'s inputs through `work` in input order; the exit code is 1
/// when any record failed.
fn run_records(args: &LogicArgs, work: &(dyn Fn(&Rec) -> (String, bool) + Sync)) -> Result<u8> {
    let batch = Batch::new(&args.input, &args.run)?;
    let (chunks, reader) = grids::spawn(&batch, args.grids)?;
    let mut failed = false;
    run_ordered(
        &batch,
        chunks,
        reader,
        None,
        |s: &Source| work(&s.rec()),
        |out, (text, bad)| {
            failed |= bad;
            out.write_all(text.as_bytes())
        },
    )?;
    Ok(u8::from(failed))
}

fn header(r: &Rec) -> String {
    match &r.label {
        Some(l) => format!("# {}:{} ({l})", r.source, r.line),
        None => format!("# {}:{}", r.source, r.line),
    }
}

/// One JSON record and its newline. (`serde_json` writes straight into the buffer; going
/// through `Display` cost about a tenth of `explain -f json`'s time on hard puzzles.)
pub(crate) fn json_line(v: &impl serde::Serialize) -> String {
    let mut s = serde_json::to_string(v).unwrap_or_else(|e| {
        serde_json::json!({"status": "error", "error": format!("cannot write the record: {e}")})
            .to_string()
    });
    s.push('\n');
    s
}

fn base_json(r: &Rec) -> Value {
    positioned(r, json!({}))
}

/// `record` with the position fields of `r`.
fn positioned(r: &Rec, record: Value) -> Value {
    with_position(record, r.index, r.line, &r.source, r.label.as_deref())
}

/// `sudokit explain`.
pub fn run_explain(args: ExplainArgs) -> Result<u8> {
    let solver = solver_for(&args.logic)?;
    let budget = budget(&args.logic);
    let work = |r: &Rec| explain_one(r, &solver, &budget, &args);
    run_records(&args.logic, &work)
}

fn error_out(r: &Rec, format: Format, status: &str, msg: &str) -> (String, bool) {
    match format {
        Format::Text => (format!("{}\n{status}: {msg}\n\n", header(r)), true),
        Format::Json => {
            let mut v = base_json(r);
            v["status"] = json!(status);
            v["error"] = json!(msg);
            (json_line(&v), true)
        }
    }
}

fn explain_one(
    r: &Rec,
    solver: &LogicSolver,
    budget: &Budget,
    args: &ExplainArgs,
) -> (String, bool) {
    let g = match &r.grid {
        Ok(g) => g.clone(),
        Err(e) => return error_out(r, args.format, "invalid", e),
    };
    let l = g.layout();
    let e = match sudokit_app::explain::explain(&g, solver, budget, args.check) {
        Ok(e) => e,
        Err(refusal) => {
            return error_out(r, args.format, refusal.status.as_str(), &refusal.message);
        }
    };
    let failed = e.failed();
    let (path, note, unsound) = (&e.path, e.note, &e.unsound);
    let (seed, qq, hod, se_max) = (e.seed_level, e.qqwing, e.hodoku, e.se_hardest);
    match args.format {
        Format::Json => {
            // The steps are written straight from the path (no `Value` tree for them).
            let mut rec = e.record();
            let Value::Object(fields) = positioned(r, Value::Object(rec.fields)) else {
                unreachable!("an object stays an object")
            };
            rec.fields = fields;
            let mut line = rec.to_json_string();
            line.push('\n');
            (line, failed)
        }
        Format::Text => {
            let mut s = header(r);
            s.push('\n');
            if let Some(n) = note {
                let _ = writeln!(s, "note: {n}");
            }
            let mut cur = g.clone();
            for (i, step) in path.steps.iter().enumerate() {
                if args.grid {
                    s.push_str(&pencil::write(&cur));
                }
                let _ = writeln!(s, "{:>3}. {}", i + 1, step_line(l, step));
                cur.apply(step);
            }
            match path.status {
                PathStatus::Solved => {
                    let _ = writeln!(
                        s,
                        "solved in {} steps: {}",
                        path.steps.len(),
                        path.grid.to_grid().to_line().unwrap_or_default()
                    );
                }
                PathStatus::Stuck => {
                    let _ = writeln!(
                        s,
                        "stuck: the enabled techniques find nothing more; the grid so far:"
                    );
                    s.push_str(&pencil::write(&path.grid));
                }
                PathStatus::Unsolvable => {
                    let _ = writeln!(s, "unsolvable: the candidates reached a contradiction");
                }
                PathStatus::Stopped => {
                    let _ = writeln!(
                        s,
                        "stopped: the budget ran out after {} steps",
                        path.steps.len()
                    );
                }
            }
            let _ = writeln!(
                s,
                "levels: seed {}, qqwing {}, HoDoKu {}, hardest step SE {}",
                seed.map_or("-".to_string(), |v| v.to_string()),
                qq.map_or("-", |q| q.name()),
                hod.map_or("-".to_string(), |(lv, sc)| format!("{} ({sc})", lv.name())),
                se_max.map_or("-".to_string(), |v| format!("{v:.1}"))
            );
            if let Some(u) = &unsound {
                let _ = writeln!(s, "UNSOUND: {u}");
            }
            s.push('\n');
            (s, failed)
        }
    }
}

/// `sudokit hint`.
pub fn run_hint(args: HintArgs) -> Result<u8> {
    let solver = solver_for(&args.logic)?;
    let givens = match &args.givens {
        Some(t) => Some(
            sudokit_core::format::parse_one(t, InputFormat::Auto)
                .map_err(|e| anyhow::anyhow!("--givens: {e}"))?,
        ),
        None => None,
    };
    let work = |r: &Rec| hint_one(r, &solver, &args, givens.as_ref());
    run_records(&args.logic, &work)
}

fn hint_one(
    r: &Rec,
    solver: &LogicSolver,
    args: &HintArgs,
    givens: Option<&Grid>,
) -> (String, bool) {
    let g = match &r.grid {
        Ok(g) => g.clone(),
        Err(e) => return error_out(r, args.format, "invalid", e),
    };
    let h = match sudokit_app::hint::hint(&g, solver, args.level, givens, &budget(&args.logic)) {
        Ok(h) => h,
        Err(refusal) => {
            return error_out(r, args.format, refusal.status.as_str(), &refusal.message);
        }
    };
    match args.format {
        // A header names each record, as `explain` and `find` do.
        Format::Text => (format!("{}\n{}\n\n", header(r), h.text), h.failed()),
        Format::Json => (json_line(&positioned(r, h.json())), h.failed()),
    }
}

/// `--max`: an instance count of at least 1.
fn parse_max(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("'{s}' is not an instance count of 1 or more")),
    }
}

/// `sudokit find`.
pub fn run_find(args: FindArgs) -> Result<u8> {
    let Some(t) = lookup(&args.technique) else {
        bail!(
            "unknown technique `{}` (see `sudokit techniques` for the list)",
            args.technique
        );
    };
    let solver = solver_for(&args.logic)?;
    let budget = budget(&args.logic);
    let work = |r: &Rec| {
        let g = match &r.grid {
            Ok(g) => g,
            Err(e) => return error_out(r, args.format, "invalid", e),
        };
        let l = g.layout();
        // Each instance is rendered as it is found; no list of steps is kept.
        let find = |on_step: &mut dyn FnMut(&sudokit_logic::Step)| {
            sudokit_app::find::find_each(t, g, &solver, &budget, args.max, on_step)
        };
        match args.format {
            Format::Json => {
                let mut steps = StepsText::default();
                let o = find(&mut |st| steps.push(l, st));
                let Value::Object(fields) = positioned(r, Value::Object(o.fields())) else {
                    unreachable!("an object stays an object")
                };
                let mut line = steps.record(&fields);
                line.push('\n');
                (line, o.failed())
            }
            Format::Text => {
                let mut lines = String::new();
                let o = find(&mut |st| {
                    let _ = writeln!(lines, "  {}", step_line(l, st));
                });
                let mut s = format!("{}: {} instance(s)\n", header(r), o.count);
                s.push_str(&lines);
                match (o.note(), o.capped_at) {
                    (Some(n), Some(_)) => {
                        let _ = writeln!(s, "  {n}");
                    }
                    (Some(n), None) => {
                        let _ = writeln!(s, "  stopped: {n}");
                    }
                    (None, _) => {}
                }
                (s, o.failed())
            }
        }
    };
    run_records(&args.logic, &work)
}

/// `sudokit techniques`.
pub fn run_techniques(args: TechniquesArgs) -> Result<u8> {
    let ts = sorted_by(|i| match args.order {
        OrderArg::Hodoku | OrderArg::Sudokit => i.hodoku_order,
        OrderArg::Se => i.se_order,
    });
    let mut out = String::new();
    match args.format {
        Format::Json => {
            for t in ts {
                let _ = writeln!(out, "{}", technique_json(t.info()));
            }
        }
        Format::Text => {
            let _ = writeln!(
                out,
                "{:<24} {:<6} {:<38} {:>5} {:<8} {:>5} {:>6} {:>6}  notes",
                "id", "code", "name", "SE", "level", "score", "HoDoKu", "SE-ord"
            );
            for t in ts {
                let i = t.info();
                let mut notes = Vec::new();
                if i.uniqueness {
                    notes.push("assumes a unique solution");
                }
                if !i.default_on {
                    notes.push("off by default");
                }
                let _ = writeln!(
                    out,
                    "{:<24} {:<6} {:<38} {:>5.1} {:<8} {:>5} {:>6} {:>6}  {}",
                    i.id,
                    i.hodoku.unwrap_or("-"),
                    i.name,
                    i.se,
                    i.level.name(),
                    i.score,
                    i.hodoku_order,
                    i.se_order,
                    notes.join("; ")
                );
            }
        }
    }
    print_all(out.as_bytes())
}
