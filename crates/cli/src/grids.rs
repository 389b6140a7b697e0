//! The input of `explain`, `hint` and `find`: puzzles in any `solve` format, HoDoKu library
//! lines or pencil-mark grids, streamed as records of candidate grids.
//!
//! Design decision: the format is detected from as little input as decides it (the first
//! content line, and the first block only when it may be a pencil-mark grid), so records on a
//! pipe are answered as they arrive; the bytes read from standard input to decide are put back
//! in front of it. Puzzles go through the shared reader ([`input::read_inputs`]) and become
//! candidate grids on the worker; HoDoKu lines and pencil-mark grids are parsed as they are
//! read ([`input::read_lines`]), since only the logic crate models pencil marks.

use std::borrow::Cow;
use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::sync::mpsc::Receiver;
use std::thread::JoinHandle;

use anyhow::{Context, Result};
use clap::ValueEnum;
use sudokit_logic::CandidateGrid;
use sudokit_logic::formats::{FormatError, hodoku, pencil};

use crate::args::Batch;
use crate::input::{self, Item};
use crate::runner::Positioned;

/// How candidate grids are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GridFormat {
    /// HoDoKu library lines when the first content line starts with `:`, pencil-mark grids
    /// when it holds multi-digit cell tokens, otherwise puzzles in any `solve` format.
    Auto,
    /// Puzzles in any format `solve` reads (`--input-format` applies).
    Puzzle,
    /// HoDoKu library lines (`:code:cands:givens:deleted:elims:placements:extra`).
    Hodoku,
    /// Pencil-mark grids (a token of candidates per cell), separated by blank lines.
    Pencil,
}

/// One input record for the logic commands.
pub struct Rec {
    /// The input's name.
    pub source: Arc<str>,
    /// 1-based record number in its input.
    pub index: usize,
    /// 1-based line number.
    pub line: usize,
    /// The record's label.
    pub label: Option<String>,
    /// The grid, or why it could not be read.
    pub grid: Result<CandidateGrid, String>,
    /// Input bytes read when the record was complete.
    pub end: u64,
}

/// A record as the reader ships it: a puzzle (made a candidate grid by the worker) or a grid
/// read with its pencil marks.
pub enum Source {
    /// A puzzle from the shared reader.
    Puzzle(Item),
    /// A HoDoKu line or a pencil-mark grid.
    Grid(Rec),
}

impl Source {
    /// The record, building a puzzle's candidate grid on this thread.
    pub fn rec(&self) -> Cow<'_, Rec> {
        match self {
            Source::Grid(r) => Cow::Borrowed(r),
            Source::Puzzle(item) => {
                let r = item.record();
                Cow::Owned(Rec {
                    source: item.source.clone(),
                    index: r.index,
                    line: r.line,
                    label: r.label.clone(),
                    grid: r
                        .puzzle
                        .as_ref()
                        .map(CandidateGrid::new)
                        .map_err(|e| e.to_string()),
                    end: item.end,
                })
            }
        }
    }
}

impl Clone for Rec {
    fn clone(&self) -> Rec {
        Rec {
            source: self.source.clone(),
            index: self.index,
            line: self.line,
            label: self.label.clone(),
            grid: self.grid.clone(),
            end: self.end,
        }
    }
}

impl Positioned for Source {
    fn end(&self) -> u64 {
        match self {
            Source::Puzzle(item) => item.end,
            Source::Grid(r) => r.end,
        }
    }
}

/// The receiving end of the reader: chunks of records, or the read error that ended it.
pub type Sources = Receiver<Result<Vec<Source>>>;

/// The records of `batch`'s inputs read as `format`, streamed from a reader thread.
pub fn spawn(batch: &Batch, format: GridFormat) -> Result<(Sources, JoinHandle<()>)> {
    let reads_stdin = batch.files.is_empty() || batch.files.iter().any(|f| f.as_os_str() == "-");
    let (format, prefix) = match format {
        GridFormat::Auto if reads_stdin => {
            let (f, prefix) = detect_stdin()?;
            (f, Some(prefix))
        }
        GridFormat::Auto => (sniff(&batch.files)?, None),
        f => (f, None),
    };
    // Candidate grids used to be read whole per file: a missing one "cannot be read".
    let verb = if format == GridFormat::Puzzle {
        "open"
    } else {
        "read"
    };
    let inputs = input::open_inputs(&batch.files, prefix, verb)?;
    Ok(match format {
        GridFormat::Hodoku => {
            let mut index = 0;
            let mut current: Option<Arc<str>> = None;
            input::read_lines(inputs, 64, move |source, line, end| {
                if !current.as_ref().is_some_and(|c| Arc::ptr_eq(c, source)) {
                    current = Some(source.clone());
                    index = 0;
                }
                let (number, text) = line?;
                let t = text.trim();
                if t.is_empty() || t.starts_with('#') {
                    return None;
                }
                index += 1;
                Some(Source::Grid(Rec {
                    source: source.clone(),
                    index,
                    line: number,
                    label: None,
                    grid: hodoku::parse_line(t)
                        .map(|l| l.grid)
                        .map_err(|e| e.to_string()),
                    end,
                }))
            })
        }
        GridFormat::Pencil => {
            let mut index = 0;
            let mut block = String::new();
            let mut start = 0;
            let mut current: Option<Arc<str>> = None;
            input::read_lines(inputs, 64, move |source, line, end| {
                if !current.as_ref().is_some_and(|c| Arc::ptr_eq(c, source)) {
                    current = Some(source.clone());
                    index = 0;
                }
                let separator = match line {
                    None => true,
                    Some((_, l)) => l.trim().is_empty() || l.trim_start().starts_with('#'),
                };
                if separator {
                    let done = !block.trim().is_empty();
                    let rec = done.then(|| {
                        index += 1;
                        Source::Grid(Rec {
                            source: source.clone(),
                            index,
                            line: start,
                            label: None,
                            grid: pencil::parse(&block, None).map_err(|e| match e {
                                // The grid's own line made the input's.
                                FormatError::Token {
                                    token,
                                    line,
                                    column,
                                    cell,
                                    expected,
                                } => format!(
                                    "line {}, column {column}: bad pencil-mark token `{token}` (cell {cell}): {expected}",
                                    start + line - 1
                                ),
                                e => e.to_string(),
                            }),
                            end,
                        })
                    });
                    block.clear();
                    return rec;
                }
                let (number, text) = line?;
                if block.is_empty() {
                    start = number;
                }
                block.push_str(text);
                block.push('\n');
                None
            })
        }
        GridFormat::Puzzle | GridFormat::Auto => {
            let (rx, handle) = input::read_inputs(
                inputs,
                batch.format,
                batch.spec.clone(),
                256,
                1,
                Arc::new(AtomicU64::new(0)),
            );
            // The puzzles' chunks, as records of this module.
            let (tx, out) = std::sync::mpsc::sync_channel(1);
            let relay = std::thread::spawn(move || {
                for chunk in rx {
                    let chunk = chunk.map(|items| items.into_iter().map(Source::Puzzle).collect());
                    if tx.send(chunk).is_err() {
                        break;
                    }
                }
                if handle.join().is_err() {
                    panic!("the input reader stopped unexpectedly");
                }
            });
            (out, relay)
        }
    })
}

/// The format of the first file, from its first 64 KiB.
fn sniff(files: &[PathBuf]) -> Result<GridFormat> {
    let Some(first) = files.first().filter(|f| f.as_os_str() != "-") else {
        return Ok(GridFormat::Puzzle);
    };
    let f =
        std::fs::File::open(first).with_context(|| format!("cannot open {}", first.display()))?;
    let mut text = String::new();
    BufReader::new(f)
        .take(1 << 16)
        .read_to_string(&mut text)
        .ok();
    Ok(detect(&text))
}

/// The format of standard input, and the bytes read from it to decide (they are given back
/// in front of it). Reads line by line until [`decided`] can tell, so live input is not read
/// to its end first.
fn detect_stdin() -> Result<(GridFormat, Vec<u8>)> {
    let mut stdin = std::io::stdin().lock();
    let mut prefix = Vec::new();
    loop {
        let n = stdin
            .read_until(b'\n', &mut prefix)
            .context("reading standard input")?;
        let text = std::str::from_utf8(&prefix)
            .map_err(|_| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    "stream did not contain valid UTF-8",
                )
            })
            .context("reading standard input")?;
        if let Some(f) = decided(text, n == 0) {
            return Ok((f, prefix));
        }
    }
}

/// The format of input that begins with `text` (whole lines), once the rest cannot change
/// what [`detect`] says of the whole: `None` while it still could.
fn decided(text: &str, at_end: bool) -> Option<GridFormat> {
    if at_end {
        return Some(detect(text));
    }
    // The first content line decides HoDoKu lines.
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))?;
    if detect(text) == GridFormat::Hodoku {
        return Some(GridFormat::Hodoku);
    }
    // A pencil-mark grid is a first block of digit tokens: a finished first block decides,
    // and so does any token of it that could not be a cell's.
    let (first, ended) = first_block(text);
    if ended || !could_be_pencil(&first) {
        return Some(detect(text));
    }
    None
}

/// The first block of `text` as the pencil-mark reader cuts it (lines between blank or
/// comment lines), and whether a blank or comment line has ended it.
fn first_block(text: &str) -> (String, bool) {
    let mut block = String::new();
    for l in text.lines() {
        let t = l.trim();
        if t.is_empty() || t.starts_with('#') {
            if !block.is_empty() {
                return (block, true);
            }
        } else {
            block.push_str(l);
            block.push('\n');
        }
    }
    (block, false)
}

/// Whether more lines could make `block` a pencil-mark grid ([`pencil::looks_like`]): every
/// cell token of its lines (box rules aside) is letters and digits (a mistyped token is still
/// a pencil-mark grid's), or numbers joined by `/`, and none is longer than a cell's
/// candidates can be (nine digits; a token of 81 digits is a puzzle with `0` for blanks,
/// answered at once, not after its block ends).
fn could_be_pencil(block: &str) -> bool {
    let rule = |l: &str| {
        let t = l.trim();
        !t.is_empty()
            && t.chars()
                .all(|c| matches!(c, '.' | '-' | '+' | '|' | '\'' | '=' | ':' | '*' | ' '))
    };
    block
        .lines()
        .filter(|l| !rule(l))
        .flat_map(|l| l.split(|c: char| c.is_whitespace() || matches!(c, '|' | ',')))
        .all(|t| {
            t.chars().all(|c| c.is_ascii_alphanumeric() || c == '/')
                && (t.len() <= 9 || t.contains('/'))
        })
}

/// The format of a text that begins a candidate-grid input.
fn detect(text: &str) -> GridFormat {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    match first {
        Some(l) if l.starts_with(':') && l.matches(':').count() >= 6 => GridFormat::Hodoku,
        Some(_) => {
            if pencil::looks_like(&first_block(text).0) {
                GridFormat::Pencil
            } else {
                GridFormat::Puzzle
            }
        }
        None => GridFormat::Puzzle,
    }
}
