//! The runner of `solve` and `count`: line blocks parsed and solved by the workers, written
//! in input order while the next batch is solved.
//!
//! Design decision: these records take microseconds, so unlike the other batch commands
//! ([`crate::runner`]) the reader ships raw line blocks, the workers parse them, and writing
//! batch k overlaps solving batch k+1; the progress bar moves only when records are written.

use super::Ctx;
use super::args::OutFormat;
use super::render::{CSV_HEADER, Done, Piece, process_batch};
use crate::args::{InputArgs, RunArgs, layout_spec};
use crate::input::{self, BatchBody};
use crate::progress::Written;
use anyhow::{Context, Result, bail};
use rayon::prelude::*;
use std::io::{BufWriter, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use sudokit_app::solve::{SolveMode, SolveStatus};

#[derive(Default)]
pub(super) struct Summary {
    pub(super) records: u64,
    pub(super) solved: u64,
    pub(super) unsolvable: u64,
    pub(super) invalid: u64,
    pub(super) stopped: u64,
    pub(super) nodes: u64,
    pub(super) guesses: u64,
    pub(super) no_guess: u64,
    pub(super) solve_time: Duration,
}

impl Summary {
    fn add(&mut self, d: &Done) {
        self.records += 1;
        match d.status {
            SolveStatus::Solved => self.solved += 1,
            SolveStatus::Unsolvable => self.unsolvable += 1,
            SolveStatus::Invalid => self.invalid += 1,
            SolveStatus::Stopped | SolveStatus::Unknown => self.stopped += 1,
        }
        self.nodes += d.nodes;
        self.guesses += d.guesses;
        self.no_guess += d.solved_no_guess as u64;
        self.solve_time += d.elapsed;
    }
    /// Why the exit status will be 1, in one line on stderr (unless `--stats` said it all).
    fn explain_failure(&self, stats: bool) {
        let not_solved = self.records - self.solved;
        if stats || not_solved == 0 {
            return;
        }
        eprintln!(
            "sudokit: {not_solved} of {} records not solved ({} unsolvable, {} invalid, {} \
             stopped/unknown); exit status 1",
            self.records, self.unsolvable, self.invalid, self.stopped
        );
    }

    fn print(&self, wall: Duration) {
        let r = self.records.max(1) as f64;
        eprintln!(
            "records {}: solved {}, unsolvable {}, invalid {}, stopped/unknown {}",
            self.records, self.solved, self.unsolvable, self.invalid, self.stopped
        );
        eprintln!(
            "wall {:.3} s ({:.0} records/s); solver time {:.3} s ({:.1} us/puzzle)",
            wall.as_secs_f64(),
            self.records as f64 / wall.as_secs_f64().max(1e-9),
            self.solve_time.as_secs_f64(),
            self.solve_time.as_secs_f64() * 1e6 / r
        );
        eprintln!(
            "nodes/puzzle {:.1}, guesses/puzzle {:.2}, solved without guessing {:.1}%",
            self.nodes as f64 / r,
            self.guesses as f64 / r,
            100.0 * self.no_guess as f64 / r
        );
    }
}

/// Records per chunk: 2,048, fewer when each record may print many solutions, so the output
/// held in memory (two chunks) stays near the same size whatever `--limit` is.
pub(super) fn chunk_size(mode: SolveMode) -> usize {
    match mode {
        SolveMode::Limit(k) => (2048 / k.max(1)).clamp(1, 2048) as usize,
        _ => 2048,
    }
}

/// Writes finished records in order, adding them to the summary; the progress bar moves past
/// the records once they are written.
pub(super) fn write_done(
    out: &mut impl Write,
    pieces: &mut [Piece],
    summary: &mut Summary,
    failed: &mut bool,
    progress: &Written,
) -> std::io::Result<()> {
    // The bar moves once per call, to the end of the last record written (also when a write
    // fails part way), not once per record: moving it costs more than writing a line.
    let mut written_to = None;
    let result = pieces.iter_mut().try_for_each(|piece| {
        let mut start = 0;
        piece.done.iter_mut().try_for_each(|d| {
            summary.add(d);
            *failed |= d.failed;
            out.write_all(&piece.out[start..d.text_end])?;
            start = d.text_end;
            if let Some(t) = &mut d.tail {
                match &t.csv_wrap {
                    Some((before, after)) => t.listing.write_lines(out, before, after)?,
                    None => t.listing.write_to(out)?,
                }
                out.write_all(t.after.as_bytes())?;
            }
            written_to = Some(d.end);
            Ok(())
        })
    });
    if let Some(end) = written_to {
        progress.wrote(end);
    }
    result
}

/// The reader thread's end: a panic there is a bug, and must not pass for a complete run.
pub(super) fn join_reader(handle: std::thread::JoinHandle<()>) -> Result<()> {
    if handle.join().is_err() {
        bail!("internal error: the input reader stopped unexpectedly; the output is incomplete");
    }
    Ok(())
}

pub(super) fn run(input: &InputArgs, ctx: Ctx, run: &RunArgs, stats: bool) -> Result<u8> {
    let spec = layout_spec(input)?;
    let jobs = run.jobs();
    let pool = jobs.pool()?;
    let jobs = jobs.get();
    let (rx, recycle, handle) = input::spawn_batches(
        input.files.clone(),
        input.input_format,
        spec,
        chunk_size(ctx.mode),
        match ctx.mode {
            SolveMode::Limit(k) => k,
            SolveMode::First | SolveMode::Count(_) => 1,
        },
    )?;
    let pb = Written::for_files(&input.files, run.no_progress);
    // Output of batch k is written while the workers solve batch k+1, so writing does not
    // leave the workers idle.
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout());
    let mut summary = Summary::default();
    let start = Instant::now();
    let mut failed = false;
    // The pieces of the batch solved last, to be written while the next is solved.
    let mut previous: Vec<Piece> = Vec::new();
    // Written pieces, emptied, for the next batches: a batch's output is a few hundred KiB,
    // and reusing the buffers spares fresh pages for every batch.
    let spares: Mutex<Vec<Piece>> = Mutex::new(Vec::new());
    let take_piece = || {
        spares
            .lock()
            .ok()
            .and_then(|mut v| v.pop())
            .unwrap_or_default()
    };
    // A piece keeps the capacity of the most it ever held, so the spares are capped: a few
    // per worker (a batch splits into about that many pieces), the rest are freed.
    let max_spares = 16 * jobs;
    let give_back = |pieces: &mut Vec<Piece>| {
        if let Ok(mut v) = spares.lock() {
            let room = max_spares.saturating_sub(v.len());
            v.extend(pieces.drain(..).take(room).map(|mut p| {
                p.clear();
                p
            }));
        }
        pieces.clear();
    };
    let broken = |e: &std::io::Error| e.kind() == std::io::ErrorKind::BrokenPipe;
    if ctx.format == OutFormat::Csv
        && let Err(e) = writeln!(out, "{CSV_HEADER}")
    {
        return if broken(&e) {
            Ok(0)
        } else {
            Err(e).context("writing output")
        };
    }
    // The whole run happens inside the pool: batch after batch, the thread that reads the
    // channel and writes the output is one of the workers, so a batch starts without waking
    // a thread outside the pool and waiting for it to hand the work over.
    pool.install(move || {
        for batch in rx {
            let batch = match batch {
                Ok(b) => b,
                Err(e) => {
                    // A later input failed: the answers already computed are still written.
                    let _ = write_done(&mut out, &mut previous, &mut summary, &mut failed, &pb);
                    let _ = out.flush();
                    pb.finish_and_clear();
                    return Err(e);
                }
            };
            let records = batch.len();
            let mut pieces: Vec<Piece> = Vec::new();
            let written = if jobs == 1 {
                let written = write_done(&mut out, &mut previous, &mut summary, &mut failed, &pb);
                let mut piece = take_piece();
                process_batch(&batch, 0..records, &ctx, &mut piece);
                pieces.push(piece);
                written
            } else {
                let out = &mut out;
                let summary = &mut summary;
                let failed = &mut failed;
                let (batch, ctx, pieces) = (&batch, &ctx, &mut pieces);
                rayon::join(
                    || {
                        // Pieces split as the workers steal work (at least 4 records each):
                        // a batch ends in a barrier, where a long piece of hard puzzles left
                        // to one worker would idle the others. Each piece renders into one
                        // buffer; `collect` keeps them in input order.
                        *pieces = (0..records)
                            .into_par_iter()
                            .with_min_len(4)
                            .fold(take_piece, |mut piece, i| {
                                process_batch(batch, i..i + 1, ctx, &mut piece);
                                piece
                            })
                            .collect();
                    },
                    || write_done(out, &mut previous, summary, failed, &pb),
                )
                .1
            };
            match written {
                Err(e) if broken(&e) => return Ok(if failed { 1 } else { 0 }),
                Err(e) => return Err(e).context("writing output"),
                Ok(()) => {}
            }
            give_back(&mut previous);
            previous = pieces;
            if let BatchBody::Lines { block, .. } = batch.body {
                // The reader refills it; gone only when the reader has finished.
                let _ = recycle.send(block);
            }
            // A terminal (or a slow producer) gets each answer as soon as it is ready.
            if records < chunk_size(ctx.mode) {
                match write_done(&mut out, &mut previous, &mut summary, &mut failed, &pb)
                    .and_then(|()| out.flush())
                {
                    Err(e) if broken(&e) => return Ok(if failed { 1 } else { 0 }),
                    Err(e) => return Err(e).context("writing output"),
                    Ok(()) => give_back(&mut previous),
                }
            }
            pb.set_message(format!("{} records", summary.records));
        }
        match write_done(&mut out, &mut previous, &mut summary, &mut failed, &pb) {
            Err(e) if broken(&e) => return Ok(if failed { 1 } else { 0 }),
            Err(e) => return Err(e).context("writing output"),
            Ok(()) => {}
        }
        pb.finish_and_clear();
        match out.flush() {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                return Err(e).context("writing output");
            }
            _ => {}
        }
        join_reader(handle)?;
        if stats {
            summary.print(start.elapsed());
        }
        summary.explain_failure(stats);
        Ok(if failed { 1 } else { 0 })
    })
}

#[cfg(test)]
mod tests {
    use super::{Done, Piece, Summary, write_done};
    use crate::progress::Written;
    use std::time::Duration;
    use sudokit_app::solve::SolveStatus;

    /// A piece holding one record per text, each ending at its input offset in `ends`.
    fn piece(texts: &[&str], ends: &[u64]) -> Piece {
        let mut p = Piece::default();
        for (t, &end) in texts.iter().zip(ends) {
            p.out.extend_from_slice(t.as_bytes());
            p.done.push(Done {
                text_end: p.out.len(),
                tail: None,
                failed: false,
                status: SolveStatus::Solved,
                nodes: 0,
                guesses: 0,
                solved_no_guess: false,
                elapsed: Duration::ZERO,
                end,
            });
        }
        p
    }

    /// Accepts `room` bytes, then fails as a full disk would.
    struct Room(usize);

    impl std::io::Write for Room {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if buf.len() > self.0 {
                return Err(std::io::Error::other("no room"));
            }
            self.0 -= buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn progress_bar_stays_behind_records_not_yet_written() {
        let bar = Written::hidden(Some(300));
        let mut summary = Summary::default();
        let mut failed = false;
        // Solved but not handed to the writer yet: the bar has not moved.
        let mut pieces = vec![piece(&["a\n", "b\n"], &[100, 200]), piece(&["c\n"], &[300])];
        assert_eq!(bar.position(), 0);
        // The writer fails on the third record: the bar covers the first two only.
        let mut out = Room(4);
        assert!(write_done(&mut out, &mut pieces, &mut summary, &mut failed, &bar).is_err());
        assert_eq!(bar.position(), 200);
        let mut out = Vec::new();
        write_done(&mut out, &mut pieces[1..], &mut summary, &mut failed, &bar).expect("writes");
        assert_eq!(bar.position(), 300);
        assert_eq!(out, b"c\n");
    }

    #[test]
    fn records_of_pieces_are_written_in_order_from_their_buffers() {
        let bar = Written::hidden(None);
        let mut pieces = vec![
            piece(&["one\n", "", "three\n"], &[1, 2, 3]),
            piece(&["4\n"], &[4]),
        ];
        let (mut summary, mut failed, mut out) = (Summary::default(), false, Vec::new());
        write_done(&mut out, &mut pieces, &mut summary, &mut failed, &bar).expect("writes");
        assert_eq!(out, b"one\nthree\n4\n");
        assert_eq!(summary.records, 4);
    }
}
