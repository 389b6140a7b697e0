//! `sudokit solve --true-candidates`: per cell, the digits that appear in some solution.
//!
//! Design decision: the work is [`sudokit_app::variants::true_candidates`] (a search per
//! candidate not yet seen in a solution, never an enumeration of the solutions); this module
//! only reads the records in order, one at a time, and prints each as a JSON record or as a
//! grid of candidates. With `--engine auto` the engine is the setter's tools' choice, one that
//! honours the puzzle's variant rules.

use super::Ctx;
use super::args::{OutFormat, SolveArgs};
use super::run::join_reader;
use crate::runner::{closed, writing};
use anyhow::{Result, bail};
use serde_json::{Value, json};
use std::io::{BufWriter, Write};
use sudokit_app::variants::{Candidates, candidate_symbols, engine_for, true_candidates};
use sudokit_core::Grid;

/// Runs `solve --true-candidates`; exit status 1 when some record was invalid, unsolvable or
/// not settled within the budget.
pub(super) fn run_candidates(args: &SolveArgs, ctx: Ctx) -> Result<u8> {
    let mut failed = false;
    match each(args, &ctx, &mut failed) {
        Err(e) if closed(&e) => {}
        r => r?,
    }
    Ok(u8::from(failed))
}

/// A readable grid: every cell's candidates, columns padded to the widest, a `|` between
/// boxes (or regions' columns, for boxed layouts) and a blank line between bands.
pub fn candidate_grid(puzzle: &Grid, c: &Candidates) -> String {
    let n = puzzle.size();
    let cells: Vec<String> = c.digits.iter().map(|&m| candidate_symbols(m)).collect();
    let width = cells.iter().map(String::len).max().unwrap_or(1);
    let (box_rows, box_cols) = puzzle.layout().box_shape().unwrap_or((n, n));
    let mut out = String::new();
    for r in 0..n {
        if r > 0 && r % box_rows == 0 {
            out.push('\n');
        }
        let mut line = String::new();
        for col in 0..n {
            if col > 0 {
                line.push_str(if col % box_cols == 0 { " | " } else { " " });
            }
            line.push_str(&format!("{:<width$}", cells[r * n + col]));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn each(args: &SolveArgs, ctx: &Ctx, failed: &mut bool) -> Result<()> {
    let (rx, handle) = super::all::read_in_order(&args.input, 16)?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    for chunk in rx {
        for item in chunk? {
            let rec = item.record();
            let rec = &*rec;
            let position = json!({"record": rec.index, "line": rec.line, "file": &*item.source,
                                  "label": rec.label.as_deref()});
            let puzzle = match &rec.puzzle {
                Ok(p) => p,
                Err(e) => {
                    *failed = true;
                    report_error(&mut out, ctx, &position, &e.to_string())?;
                    continue;
                }
            };
            let solver = if ctx.requested == "auto" {
                engine_for(puzzle.layout())
            } else {
                match sudokit_engines::engine(&ctx.requested, &Default::default()) {
                    Ok(s) => s,
                    Err(_) => bail!("engine '{}' is not available", ctx.requested),
                }
            };
            let found = match true_candidates(puzzle, solver.as_ref(), &ctx.budget) {
                Ok(c) => c,
                Err(e) => {
                    *failed = true;
                    report_error(&mut out, ctx, &position, &e.to_string())?;
                    continue;
                }
            };
            let status = found.status();
            *failed |= status != "solved";
            if ctx.format == OutFormat::Json {
                let mut record = position.clone();
                if let (Value::Object(r), Value::Object(fields)) =
                    (&mut record, found.json(solver.name()))
                {
                    r.extend(fields);
                }
                writeln!(out, "{record}").map_err(writing)?;
            } else {
                if let Some(l) = rec.label.as_deref() {
                    writeln!(out, "# {l}").map_err(writing)?;
                }
                match status {
                    "unsolvable" => writeln!(out, "no solution").map_err(writing)?,
                    _ => out
                        .write_all(candidate_grid(puzzle, &found).as_bytes())
                        .map_err(writing)?,
                }
                if !found.complete {
                    writeln!(
                        out,
                        "stopped: the budget ran out; the digits shown are true candidates, \
                         others were not all tested"
                    )
                    .map_err(writing)?;
                }
                writeln!(out).map_err(writing)?;
            }
        }
        out.flush().map_err(writing)?;
    }
    out.flush().map_err(writing)?;
    join_reader(handle)?;
    Ok(())
}

fn report_error(out: &mut dyn Write, ctx: &Ctx, position: &Value, msg: &str) -> Result<()> {
    if ctx.format == OutFormat::Json {
        let mut record = position.clone();
        record["status"] = json!("invalid");
        record["error"] = json!(msg);
        writeln!(out, "{record}").map_err(writing)
    } else {
        writeln!(
            out,
            "error: {}:{}: {msg}",
            position["file"].as_str().unwrap_or("-"),
            position["line"]
        )
        .map_err(writing)
    }
}
