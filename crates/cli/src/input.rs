//! Input side of the CLI: turns file arguments (or stdin) into a stream of records, in input
//! order, read on a separate thread in chunks so parsing overlaps solving.
//!
//! Design decision: records travel in chunks through a bounded channel (two chunks in flight),
//! so memory stays flat however large the input, and each chunk carries its file name so every
//! output line can name where its record came from. A chunk ends at a record count, at an
//! amount of work (input bytes times the solutions each record may list), or — when the input
//! is not a regular file (a terminal, a pipe) — whenever the next read would wait for more
//! input: records that trickle in are answered as they arrive, not when a chunk fills. For
//! `solve` and `count` ([`spawn_batches`]), a chunk of line-format input is one buffer of
//! lines ([`LineBlock`]) that the workers parse, handed back for reuse once solved: the reader
//! thread does little more than copy bytes, so it takes little from the workers' cores.

use anyhow::{Context, Result, anyhow, bail};
use std::borrow::Cow;
use std::cell::RefCell;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::JoinHandle;
use sudokit_core::Layout;
use sudokit_core::format::{
    InputFormat, LayoutSpec, LayoutSpecError, LineBlock, LineParser, ParseError, Reader, Record,
    parse_region_map,
};

/// A record and the name of the input it came from.
pub struct Item {
    /// Display name of the input (`-` or `<stdin>` for standard input).
    pub source: Arc<str>,
    /// Bytes read from all inputs when this record was complete (for the progress bar).
    pub end: u64,
    /// The record, parsed or still raw.
    pub payload: Payload,
}

/// A record as it travels to the workers.
pub enum Payload {
    /// Parsed by the reader thread (multi-line and structured formats). Boxed, so that an
    /// item of the common kind, a raw line, stays small.
    Parsed(Box<Record>),
    /// A line-format line, parsed by the worker that solves it, so parsing runs in parallel.
    Raw {
        /// 1-based record number.
        index: usize,
        /// 1-based line number.
        line: usize,
        /// The line, or why it could not be read.
        text: Result<String, ParseError>,
        /// The reader's line parser (layout rules, detected or forced format), cloned by
        /// each worker.
        parser: Arc<LineParser>,
    },
}

thread_local! {
    /// Each worker's line parser (it caches layouts), rebuilt if the rules change.
    static PARSER: RefCell<Option<(Arc<LineParser>, LineParser)>> = const { RefCell::new(None) };
}

impl Item {
    /// The record, parsing a raw line on this thread.
    pub fn record(&self) -> Cow<'_, Record> {
        match &self.payload {
            Payload::Parsed(r) => Cow::Borrowed(r),
            Payload::Raw {
                index,
                line,
                text,
                parser: template,
            } => PARSER.with(|p| {
                let mut p = p.borrow_mut();
                if !matches!(&*p, Some((t, _)) if Arc::ptr_eq(t, template)) {
                    *p = Some((template.clone(), (**template).clone()));
                }
                let text = text.as_deref().map_err(Clone::clone);
                let (_, parser) = p.get_or_insert_with(|| (template.clone(), (**template).clone()));
                Cow::Owned(parser.parse(*index, *line, text))
            }),
        }
    }
}

/// The receiving end of the reader thread: chunks of records, or the I/O error that ended it.
pub type Chunks = Receiver<Result<Vec<Item>>>;

/// `--box RxC` and `--extra NAME` parse as the web API's fields do (`sudokit-core`).
pub use sudokit_core::format::{parse_box, parse_extra};

/// Reads a region map file: N² labels, on one line or N lines (whitespace ignored).
pub fn read_regions(path: &PathBuf) -> Result<Layout> {
    // A 64×64 map is 4,096 labels; 1 MiB leaves room for any layout of whitespace and
    // comments while `--regions /dev/zero` stays an error, not a memory hog.
    const MAX_REGIONS_FILE: u64 = 1 << 20;
    let file =
        File::open(path).with_context(|| format!("cannot read regions file {}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(MAX_REGIONS_FILE + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read regions file {}", path.display()))?;
    if bytes.len() as u64 > MAX_REGIONS_FILE {
        bail!(
            "{}: regions file is larger than 1 MiB; a region map has at most 4,096 labels",
            path.display()
        );
    }
    let text = String::from_utf8(bytes)
        .with_context(|| format!("{}: regions file is not UTF-8 text", path.display()))?;
    parse_region_map(&text).map_err(|e| match e {
        LayoutSpecError::Regions(source) => {
            anyhow::Error::new(source).context(format!("{}: bad region map", path.display()))
        }
        other => anyhow!("{}: {other}", path.display()),
    })
}

/// Total size in bytes of the inputs when they are all regular files.
pub fn total_bytes(files: &[PathBuf]) -> Option<u64> {
    if files.is_empty() {
        return None;
    }
    files
        .iter()
        .map(|f| {
            std::fs::metadata(f)
                .ok()
                .filter(|m| m.is_file())
                .map(|m| m.len())
        })
        .sum()
}

/// Work allowed in one chunk: input bytes times the solutions each record may list. A record's
/// output grows with both, so this keeps the output held for a chunk near a few MiB.
const CHUNK_WORK: u64 = 4 << 20;

/// The records read but not yet sent to the workers, and how to send them.
struct Pending<T = Item> {
    items: Vec<T>,
    work: u64,
    chunk: usize,
    /// Sends a chunk; `false` when the receiver is gone.
    tx: Box<dyn FnMut(Vec<T>) -> bool>,
    /// The receiver is gone: stop reading.
    closed: bool,
}

impl<T: Send + 'static> Pending<T> {
    /// Nothing pending yet; full chunks of `chunk` records go to `tx`.
    fn to(tx: &SyncSender<Result<Vec<T>>>, chunk: usize) -> Rc<RefCell<Pending<T>>> {
        let send = tx.clone();
        Rc::new(RefCell::new(Pending {
            items: Vec::with_capacity(chunk),
            work: 0,
            chunk,
            tx: Box::new(move |items| send.send(Ok(items)).is_ok()),
            closed: false,
        }))
    }
}

impl Pending<Item> {
    /// Adds the record `payload` of input `source`, whose progress position is `end`: its
    /// bytes are those read since `*last` (which becomes `read`).
    fn add_read(
        &mut self,
        source: &Arc<str>,
        payload: Payload,
        (end, read): (u64, u64),
        last: &mut u64,
        weight: u64,
    ) -> bool {
        let item = Item {
            source: source.clone(),
            end,
            payload,
        };
        let bytes = read.saturating_sub(std::mem::replace(last, read));
        self.add(item, bytes, weight)
    }
}

impl<T> Pending<T> {
    /// Adds a record whose input took `bytes` bytes and may list `weight` solutions, sending
    /// the chunk once it is full; `false` once the receiver is gone (stop reading).
    fn add(&mut self, item: T, bytes: u64, weight: u64) -> bool {
        self.work = self.work.saturating_add(bytes.saturating_mul(weight));
        self.items.push(item);
        if self.items.len() >= self.chunk || self.work >= CHUNK_WORK {
            self.send();
        }
        !self.closed
    }

    /// Sends what is pending as one chunk (nothing when empty).
    fn send(&mut self) {
        if self.items.is_empty() || self.closed {
            return;
        }
        let full = std::mem::replace(&mut self.items, Vec::with_capacity(self.chunk));
        self.work = 0;
        if !(self.tx)(full) {
            self.closed = true;
        }
    }
}

/// [`Counting::new`] read as records of `format` (`spec` for the layout), with the format
/// detected.
fn open_reader(
    input: Box<dyn Read + Send>,
    live: bool,
    counter: Option<Arc<AtomicU64>>,
    pending: &Rc<RefCell<Pending>>,
    format: InputFormat,
    spec: &LayoutSpec,
) -> std::io::Result<(Reader<Counting>, InputFormat)> {
    let mut reader = Reader::new(
        Counting::new(input, live, counter, pending),
        format,
        spec.clone(),
    );
    let detected = reader.detect_format()?;
    Ok((reader, detected))
}

/// A buffered input that counts the bytes consumed (for the progress bar and the work of a
/// chunk) when given a counter and, on a live input (not a regular file), sends the pending
/// records before any read that may wait for more input.
struct Counting<T = Item> {
    inner: BufReader<Box<dyn Read + Send>>,
    counter: Option<Arc<AtomicU64>>,
    live: bool,
    pending: Rc<RefCell<Pending<T>>>,
}

impl<T> Counting<T> {
    /// Buffers `input`, counting into `counter` and sending `pending` before a read that may
    /// wait when the input is `live`.
    fn new(
        input: Box<dyn Read + Send>,
        live: bool,
        counter: Option<Arc<AtomicU64>>,
        pending: &Rc<RefCell<Pending<T>>>,
    ) -> Counting<T> {
        Counting {
            inner: BufReader::with_capacity(1 << 16, input),
            counter,
            live,
            pending: pending.clone(),
        }
    }

    /// Whether the next read may wait for more input: a live input with nothing buffered.
    fn would_wait(&self) -> bool {
        self.live && self.inner.buffer().is_empty()
    }
}

impl<T> Read for Counting<T> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.would_wait() {
            self.pending.borrow_mut().send();
        }
        let n = self.inner.read(buf)?;
        if let Some(c) = &self.counter {
            c.fetch_add(n as u64, Ordering::Relaxed);
        }
        Ok(n)
    }
}

impl<T> BufRead for Counting<T> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.would_wait() {
            self.pending.borrow_mut().send();
        }
        self.inner.fill_buf()
    }
    fn consume(&mut self, amt: usize) {
        if let Some(c) = &self.counter {
            c.fetch_add(amt as u64, Ordering::Relaxed);
        }
        self.inner.consume(amt);
    }
}

/// Whether standard input may make a read wait (a terminal, a pipe, a socket): anything but a
/// regular file. Unknown counts as live.
fn stdin_is_live() -> bool {
    std::fs::metadata("/dev/stdin").map_or(true, |m| !m.is_file())
}

/// Opens every input first (so a missing file is a usage error before any output), then
/// streams records from a reader thread in chunks of at most `chunk` records and
/// [`CHUNK_WORK`] of work, where a record's work is its input bytes times `weight` (the
/// solutions it may list).
pub fn spawn_reader(
    files: Vec<PathBuf>,
    format: InputFormat,
    spec: LayoutSpec,
    chunk: usize,
    weight: u64,
    bytes_read: Arc<AtomicU64>,
) -> Result<(Chunks, JoinHandle<()>)> {
    let inputs = open_inputs(&files, None, "open")?;
    Ok(read_inputs(inputs, format, spec, chunk, weight, bytes_read))
}

/// [`spawn_reader`] over inputs already opened ([`open_inputs`]).
pub fn read_inputs(
    inputs: Vec<Input>,
    format: InputFormat,
    spec: LayoutSpec,
    chunk: usize,
    weight: u64,
    bytes_read: Arc<AtomicU64>,
) -> (Chunks, JoinHandle<()>) {
    let (tx, rx) = sync_channel::<Result<Vec<Item>>>(2);
    let handle = std::thread::spawn(move || {
        let pending = Pending::to(&tx, chunk);
        let fail = |e: std::io::Error, name: &str| {
            pending.borrow_mut().send();
            let _ = tx.send(Err(anyhow::Error::new(e).context(format!("reading {name}"))));
        };
        for (name, input, live) in inputs {
            let counter = Some(bytes_read.clone());
            let (mut reader, detected) =
                match open_reader(input, live, counter, &pending, format, &spec) {
                    Ok(opened) => opened,
                    Err(e) => return fail(e, &name),
                };
            let parser = Arc::new(reader.line_parser());
            let mut index = 0;
            let mut last = bytes_read.load(Ordering::Relaxed);
            loop {
                let next = if detected == InputFormat::Line {
                    // One record per line: ship the raw text, the workers parse it — but a
                    // line after a `# rules:` comment is parsed here and given its rules.
                    reader.next_raw_line().map(|o| {
                        o.map(|(line, text)| {
                            index += 1;
                            if reader.rules_pending() {
                                let text = text.as_deref().map_err(Clone::clone);
                                let mut record = (*parser).clone().parse(index, line, text);
                                reader.attach_rules(&mut record);
                                return Payload::Parsed(Box::new(record));
                            }
                            Payload::Raw {
                                index,
                                line,
                                text,
                                parser: parser.clone(),
                            }
                        })
                    })
                } else {
                    reader
                        .next()
                        .transpose()
                        .map(|o| o.map(|r| Payload::Parsed(Box::new(r))))
                };
                match next {
                    Ok(Some(payload)) => {
                        let end = bytes_read.load(Ordering::Relaxed);
                        let mut pending = pending.borrow_mut();
                        if !pending.add_read(&name, payload, (end, end), &mut last, weight) {
                            return;
                        }
                    }
                    Err(e) => return fail(e, &name),
                    Ok(None) => break,
                }
            }
        }
        pending.borrow_mut().send();
    });
    (rx, handle)
}

/// Streams the records `parse` makes from the lines of each input, in chunks of at most
/// `chunk` (ended early, on a live input, where the next read could wait). `parse` sees each
/// line (its 1-based number and its text without the line break) and, at the end of each
/// input, `None`, so a record that spans lines can end there; it is given the input's name
/// and the input bytes read so far (the progress bar's position once the record is written).
pub fn read_lines<T: Send + 'static>(
    inputs: Vec<Input>,
    chunk: usize,
    mut parse: impl FnMut(&Arc<str>, Option<(usize, &str)>, u64) -> Option<T> + Send + 'static,
) -> (Receiver<Result<Vec<T>>>, JoinHandle<()>) {
    let (tx, rx) = sync_channel::<Result<Vec<T>>>(2);
    let handle = std::thread::spawn(move || {
        let pending = Pending::to(&tx, chunk);
        let bytes = Arc::new(AtomicU64::new(0));
        for (name, input, live) in inputs {
            let mut reader = Counting::new(input, live, Some(bytes.clone()), &pending);
            let mut line = String::new();
            let mut number = 0;
            loop {
                line.clear();
                match reader.read_line(&mut line) {
                    Ok(0) => break,
                    Ok(_) => {}
                    Err(e) => {
                        pending.borrow_mut().send();
                        let _ =
                            tx.send(Err(anyhow::Error::new(e).context(format!("reading {name}"))));
                        return;
                    }
                }
                number += 1;
                let text = line.strip_suffix('\n').unwrap_or(&line);
                let text = text.strip_suffix('\r').unwrap_or(text);
                let end = bytes.load(Ordering::Relaxed);
                if let Some(record) = parse(&name, Some((number, text)), end)
                    && !pending.borrow_mut().add(record, 1, 1)
                {
                    return;
                }
            }
            let end = bytes.load(Ordering::Relaxed);
            if let Some(record) = parse(&name, None, end)
                && !pending.borrow_mut().add(record, 1, 1)
            {
                return;
            }
        }
        pending.borrow_mut().send();
    });
    (rx, handle)
}

/// Records of one input as the batch reader ships them to `solve` and `count`.
pub struct Batch {
    /// Display name of the input (`<stdin>` for standard input).
    pub source: Arc<str>,
    /// The records.
    pub body: BatchBody,
}

impl Batch {
    /// Number of records.
    pub fn len(&self) -> usize {
        match &self.body {
            BatchBody::Lines { block, .. } => block.len(),
            BatchBody::Items(items) => items.len(),
        }
    }
}

/// The records of a [`Batch`].
pub enum BatchBody {
    /// Line-format records, one per content line of one buffer, parsed by the worker that
    /// solves each.
    Lines {
        /// The lines.
        block: LineBlock,
        /// The record number of the block's first line.
        first_index: usize,
        /// Input bytes of the inputs before this one (a line's progress position is this plus
        /// its `consumed`).
        base: u64,
        /// The reader's line parser (layout rules, detected or forced format), cloned once
        /// per worker thread.
        parser: Arc<LineParser>,
    },
    /// Records the reader thread parsed (multi-line and structured formats).
    Items(Vec<Item>),
}

/// The receiving end of the batch reader: batches, or the I/O error that ended it.
pub type Batches = Receiver<Result<Batch>>;

/// Where `solve` hands line blocks back once their records are solved, so the reader refills
/// them instead of allocating (a block is a few hundred KiB).
pub type Recycle = std::sync::mpsc::Sender<LineBlock>;

/// [`spawn_reader`] for `solve` and `count`: line-format input travels as [`LineBlock`]s (one
/// buffer per chunk, no allocation per line), every other format as parsed [`Item`]s. A batch
/// ends at `chunk` records, at [`CHUNK_WORK`] of work, at the end of an input, or — on a live
/// input — where the next read could wait.
pub fn spawn_batches(
    files: Vec<PathBuf>,
    format: InputFormat,
    spec: LayoutSpec,
    chunk: usize,
    weight: u64,
) -> Result<(Batches, Recycle, JoinHandle<()>)> {
    let inputs = open_inputs(&files, None, "open")?;
    let (tx, rx) = sync_channel::<Result<Batch>>(2);
    let (recycle, spares) = std::sync::mpsc::channel::<LineBlock>();
    let handle = std::thread::spawn(move || {
        // Bytes of the inputs already read, and the name of the current one.
        let mut base = 0u64;
        let current: Rc<RefCell<Arc<str>>> = Rc::new(RefCell::new(Arc::from("")));
        let (send, name) = (tx.clone(), current.clone());
        let pending = Rc::new(RefCell::new(Pending {
            items: Vec::with_capacity(chunk),
            work: 0,
            chunk,
            tx: Box::new(move |items| {
                let source = name.borrow().clone();
                send.send(Ok(Batch {
                    source,
                    body: BatchBody::Items(items),
                }))
                .is_ok()
            }),
            closed: false,
        }));
        let fail = |e: std::io::Error, name: &str| {
            pending.borrow_mut().send();
            let _ = tx.send(Err(anyhow::Error::new(e).context(format!("reading {name}"))));
        };
        let max_bytes = usize::try_from(CHUNK_WORK / weight.max(1)).unwrap_or(usize::MAX);
        for (name, input, live) in inputs {
            *current.borrow_mut() = name.clone();
            let (mut reader, detected) =
                match open_reader(input, live, None, &pending, format, &spec) {
                    Ok(opened) => opened,
                    Err(e) => return fail(e, &name),
                };
            // Line records are parsed on the workers, in blocks, until a `# rules:` comment
            // (variant rules for the next record): the rest of the input is then read record
            // by record, which attaches the rules.
            if detected == InputFormat::Line && !reader.rules_pending() {
                let parser = Arc::new(reader.line_parser());
                let mut index = 1;
                loop {
                    let mut block = spares.try_recv().unwrap_or_default();
                    block.clear();
                    let more =
                        match reader.read_block(&mut block, chunk, max_bytes, |c| c.would_wait()) {
                            Ok(m) => m,
                            Err(e) => return fail(e, &name),
                        };
                    if !block.is_empty() {
                        let first_index = index;
                        index += block.len();
                        let batch = Batch {
                            source: name.clone(),
                            body: BatchBody::Lines {
                                block,
                                first_index,
                                base,
                                parser: parser.clone(),
                            },
                        };
                        if tx.send(Ok(batch)).is_err() {
                            return;
                        }
                    }
                    if !more {
                        break;
                    }
                    if reader.rules_pending() {
                        reader.count_records_read(index - 1);
                        break;
                    }
                }
            }
            if detected != InputFormat::Line || reader.rules_pending() {
                let mut last = 0;
                loop {
                    match reader.next().transpose() {
                        Ok(Some(record)) => {
                            let end = reader.bytes_consumed();
                            let payload = Payload::Parsed(Box::new(record));
                            let at = (base + end, end);
                            let mut pending = pending.borrow_mut();
                            if !pending.add_read(&name, payload, at, &mut last, weight) {
                                return;
                            }
                        }
                        Err(e) => return fail(e, &name),
                        Ok(None) => break,
                    }
                }
                // A batch holds the records of one input.
                pending.borrow_mut().send();
            }
            base += reader.bytes_consumed();
        }
        pending.borrow_mut().send();
    });
    Ok((rx, recycle, handle))
}

/// An input to read: its display name, its bytes and whether a read may wait (not a regular
/// file).
pub type Input = (Arc<str>, Box<dyn Read + Send>, bool);

/// Whether a command-line input is a puzzle link rather than a file name.
fn is_link(arg: &str) -> bool {
    let a = arg.trim_start().to_ascii_lowercase();
    a.starts_with("https://") || a.starts_with("http://")
}

/// Opens every input first, so a missing file is a usage error before any output (`cannot
/// {verb} FILE`). Standard input starts with `stdin_prefix` when given: bytes already read
/// from it (to detect its format) that its records begin with.
pub fn open_inputs(
    files: &[PathBuf],
    stdin_prefix: Option<Vec<u8>>,
    verb: &str,
) -> Result<Vec<Input>> {
    let mut inputs: Vec<Input> = Vec::new();
    let mut prefix = stdin_prefix;
    let mut stdin = || -> Input {
        let input: Box<dyn Read + Send> = match prefix.take() {
            Some(p) => Box::new(std::io::Cursor::new(p).chain(std::io::stdin())),
            None => Box::new(std::io::stdin()),
        };
        (Arc::from("<stdin>"), input, stdin_is_live())
    };
    if files.is_empty() {
        inputs.push(stdin());
    } else {
        for f in files {
            if f.as_os_str() == "-" {
                inputs.push(stdin());
                continue;
            }
            // A puzzle link pasted as an argument (f-puzzles, SudokuPad) is the input itself.
            if let Some(link) = f.to_str().filter(|s| is_link(s)) {
                let text = format!("{}\n", link.trim());
                inputs.push((
                    Arc::from("<link>"),
                    Box::new(std::io::Cursor::new(text.into_bytes())),
                    false,
                ));
                continue;
            }
            let file = File::open(f).with_context(|| format!("cannot {verb} {}", f.display()))?;
            let meta = file.metadata().ok();
            if meta.as_ref().is_some_and(|m| m.is_dir()) {
                bail!("{} is a directory", f.display());
            }
            inputs.push((
                Arc::from(f.display().to_string().as_str()),
                Box::new(file),
                !meta.is_some_and(|m| m.is_file()),
            ));
        }
    }
    Ok(inputs)
}
