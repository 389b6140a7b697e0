//! The one runner of the batch commands (`explain`, `hint`, `find`, `rate`, `check`,
//! `canon`): records from a reader thread, worked on in parallel, written in input order.
//!
//! Design decision: the reader ships records in chunks through a bounded channel (two chunks
//! in flight), a chunk is worked on by the pool and written in order before the next is
//! taken, and stdout is flushed after every chunk. Memory is bounded by three chunks whatever
//! the input's size, and since the reader ends a chunk wherever the next read of a live input
//! (a pipe, a terminal) could wait, a record that trickles in is answered as soon as it is
//! read. `solve` and `count` keep their own runner ([`crate::solve`]): their records take
//! microseconds, so they parse in the workers and overlap writing one chunk with solving the
//! next.

use std::io::{BufWriter, Write};
use std::sync::mpsc::Receiver;
use std::thread::JoinHandle;

use anyhow::{Result, bail};
use rayon::prelude::*;

use crate::args::Batch;
use crate::input::Item;
use crate::progress::Written;

/// A record that knows where its input ended (the progress bar's position once written).
pub trait Positioned {
    /// Input bytes read when the record was complete.
    fn end(&self) -> u64;
}

impl Positioned for Item {
    fn end(&self) -> u64 {
        self.end
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Every record was written.
    Done,
    /// The reader of the output went away (`| head`): the run stopped quietly.
    Closed,
}

/// What a write to the output came to: a closed output (`| head`: `EPIPE`) ends the run
/// quietly, any other error (`> /dev/full`: no space left) is an error that says so.
pub fn written(r: std::io::Result<()>) -> Result<Ended> {
    match r {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(Ended::Closed),
        Err(e) => Err(writing(e)),
        Ok(()) => Ok(Ended::Done),
    }
}

/// A write error as the run reports it (`writing output: No space left on device`).
pub fn writing(e: std::io::Error) -> anyhow::Error {
    anyhow::Error::new(e).context("writing output")
}

/// Whether `e` is a closed output (`EPIPE`, `| head`), which ends a run quietly.
pub fn closed(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Writes a command's whole output (a table, a listing) to stdout and flushes it; exit
/// status 0, also when the reader went away (`| head`).
pub fn print_all(text: &[u8]) -> Result<u8> {
    let mut out = std::io::stdout().lock();
    written(out.write_all(text).and_then(|()| out.flush())).map(|_| 0)
}

/// Runs `work` on every record of `chunks` with `batch`'s threads and hands the results to
/// `emit` in input order, after `header` (a line, when given). A read error ends the run with
/// that error once the records before it are written; a closed output ends it quietly.
pub fn run_ordered<T, O>(
    batch: &Batch,
    chunks: Receiver<Result<Vec<T>>>,
    reader: JoinHandle<()>,
    header: Option<&str>,
    work: impl Fn(&T) -> O + Sync,
    mut emit: impl FnMut(&mut dyn Write, O) -> std::io::Result<()>,
) -> Result<Ended>
where
    T: Positioned + Sync,
    O: Send,
{
    let pool = batch.jobs.pool()?;
    let bar = Written::for_files(&batch.files, !batch.progress);
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    if let Some(h) = header
        && written(writeln!(out, "{h}"))? == Ended::Closed
    {
        return Ok(Ended::Closed);
    }
    for chunk in chunks {
        let chunk = match chunk {
            Ok(c) => c,
            Err(e) => {
                let _ = out.flush();
                bar.finish_and_clear();
                return Err(e);
            }
        };
        let done: Vec<O> = pool.install(|| chunk.par_iter().map(&work).collect());
        let result = done
            .into_iter()
            .try_for_each(|o| emit(&mut out, o))
            .and_then(|()| out.flush());
        if written(result)? == Ended::Closed {
            bar.finish_and_clear();
            return Ok(Ended::Closed);
        }
        if let Some(last) = chunk.last() {
            bar.wrote(last.end());
        }
    }
    bar.finish_and_clear();
    if reader.join().is_err() {
        bail!("internal error: the input reader stopped unexpectedly; the output is incomplete");
    }
    Ok(Ended::Done)
}
