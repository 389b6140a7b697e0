//! `sudokit solve --all`: every solution streamed from the search callback.
//!
//! Design decision: this mode runs sequentially and writes from the callback, since a puzzle
//! may have more solutions than memory holds.

use super::Ctx;
use super::args::{OutFormat, SolveArgs};
use super::render::{CSV_HEADER, count_text, csv_field, csv_row, grid_text, out_format};
use super::run::join_reader;
use crate::args::layout_spec;
use crate::input::{self};
use crate::runner::{closed, writing};
use anyhow::{Result, bail};
use serde_json::{Value, json};
use std::io::{BufWriter, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use sudokit_app::grid_json;
use sudokit_core::format::OutputFormat;
use sudokit_core::verify::verify;
use sudokit_core::{End, Flow, Grid, Limits};

/// `sudokit solve --all`: sequential, streaming every solution from the search callback, in
/// the chosen format: text (solutions, then `count: K`), JSON (an object per solution, then
/// one per record with the count) or CSV (a row per solution, then a row with the count).
/// A closed output (`| head`) ends the run quietly, with the status of the records written.
pub(super) fn run_all(args: &SolveArgs, ctx: Ctx) -> Result<u8> {
    let mut failed = false;
    match stream(args, ctx, &mut failed) {
        Err(e) if closed(&e) => {}
        r => r?,
    }
    Ok(u8::from(failed))
}

/// The records of `input`'s files (or standard input) in order, in chunks of up to `chunk`,
/// for the sequential modes (`--all`, `--true-candidates`).
pub(super) fn read_in_order(
    input: &crate::args::InputArgs,
    chunk: usize,
) -> Result<(input::Chunks, std::thread::JoinHandle<()>)> {
    let spec = layout_spec(input)?;
    let bytes = Arc::new(AtomicU64::new(0));
    input::spawn_reader(
        input.files.clone(),
        input.input_format,
        spec,
        chunk,
        1,
        bytes,
    )
}

/// [`run_all`]'s records; `failed` is set when one was not solved.
fn stream(args: &SolveArgs, ctx: Ctx, failed: &mut bool) -> Result<()> {
    let (rx, handle) = read_in_order(&args.input, 64)?;
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if ctx.format == OutFormat::Csv {
        writeln!(out, "{CSV_HEADER}").map_err(writing)?;
    }
    for chunk in rx {
        let chunk = match chunk {
            Ok(c) => c,
            Err(e) => {
                let _ = out.flush();
                return Err(e);
            }
        };
        for item in chunk {
            let rec = item.record();
            let rec = &*rec;
            let label = rec.label.as_deref();
            let fmt = out_format(ctx.format, rec.format);
            let multi_line = matches!(
                fmt,
                OutputFormat::Numbers | OutputFormat::Block | OutputFormat::Pretty
            );
            let error = |out: &mut dyn Write, msg: String, puzzle: Option<&Grid>| {
                let where_ = format!("{}:{}", item.source, rec.line);
                match ctx.format {
                    OutFormat::Json => writeln!(
                        out,
                        "{}",
                        json!({"record": rec.index, "line": rec.line, "file": &*item.source,
                               "label": label, "status": "invalid", "count": Value::Null,
                               "exact": false, "error": msg})
                    ),
                    OutFormat::Csv => out.write_all(
                        csv_row(
                            puzzle,
                            None,
                            "invalid",
                            None,
                            label,
                            Some(&format!("{where_}: {msg}")),
                        )
                        .as_bytes(),
                    ),
                    _ => writeln!(out, "error: {where_}: {msg}"),
                }
            };
            let puzzle = match &rec.puzzle {
                Ok(p) => p,
                Err(e) => {
                    error(&mut out, e.to_string(), None).map_err(writing)?;
                    *failed = true;
                    continue;
                }
            };
            let solver = match ctx.engine_for(puzzle) {
                Ok((_, solver)) => solver,
                Err(name) => bail!("engine '{name}' is not available"),
            };
            if let Err(e) = solver.admit(puzzle.layout()) {
                error(&mut out, e.to_string(), Some(puzzle)).map_err(writing)?;
                *failed = true;
                continue;
            }
            if let Some(c) = puzzle.find_conflict() {
                error(&mut out, c.to_string(), Some(puzzle)).map_err(writing)?;
                *failed = true;
                continue;
            }
            if multi_line
                && ctx.format != OutFormat::Json
                && let Some(l) = label
            {
                writeln!(out, "# {l}").map_err(writing)?;
            }
            let layout = puzzle.layout_arc().clone();
            let mut write_error = None;
            let limits = Limits {
                max_solutions: args.max_solutions,
                budget: ctx.budget.clone(),
            };
            let puzzle_line = grid_text(puzzle, OutputFormat::Line);
            let search = solver.search(puzzle, &limits, &mut |values| {
                let g = Grid::from_values(layout.clone(), values.to_vec());
                if ctx.verify
                    && let Err(e) = verify(puzzle, &g)
                {
                    write_error = Some(anyhow::anyhow!("verification failed: {e}"));
                    return Flow::Stop;
                }
                let written = match ctx.format {
                    OutFormat::Json => writeln!(
                        out,
                        "{}",
                        json!({"record": rec.index, "line": rec.line, "file": &*item.source,
                               "label": label, "solution": grid_json(&g)})
                    ),
                    OutFormat::Csv => writeln!(
                        out,
                        "{puzzle_line},{},solved,,{},",
                        grid_text(&g, OutputFormat::Line),
                        csv_field(label.unwrap_or(""))
                    ),
                    _ => {
                        let sep = if multi_line { "\n\n" } else { "\n" };
                        write!(out, "{}{sep}", grid_text(&g, fmt))
                    }
                };
                match written {
                    Ok(()) => Flow::Continue,
                    Err(e) => {
                        write_error = Some(writing(e));
                        Flow::Stop
                    }
                }
            })?;
            if let Some(e) = write_error {
                return Err(e);
            }
            let exact = search.end == End::Exhausted;
            let count = count_text(search.solutions, exact, search.end);
            let status = match (search.solutions, search.end) {
                (c, _) if c > 0 => "solved",
                (_, End::Exhausted) => "unsolvable",
                (_, End::GaveUp) => "unknown",
                _ => "stopped",
            };
            match ctx.format {
                OutFormat::Json => writeln!(
                    out,
                    "{}",
                    json!({"record": rec.index, "line": rec.line, "file": &*item.source,
                           "label": label, "status": status, "count": search.solutions,
                           "exact": exact, "error": Value::Null})
                )
                .map_err(writing)?,
                OutFormat::Csv => out
                    .write_all(
                        csv_row(Some(puzzle), None, status, Some(count), label, None).as_bytes(),
                    )
                    .map_err(writing)?,
                _ => match label {
                    Some(l) if !multi_line => {
                        writeln!(out, "count: {count} {l}").map_err(writing)?
                    }
                    _ => writeln!(out, "count: {count}").map_err(writing)?,
                },
            }
            *failed |= search.solutions == 0;
        }
        out.flush().map_err(writing)?;
    }
    out.flush().map_err(writing)?;
    join_reader(handle)?;
    Ok(())
}
