//! The application layer of sudokit: what each command does to one puzzle, and the record it
//! prints. The command line (`sudokit`) and the web API (`sudokit serve`) both call it.
//!
//! Design decision: one module per command ([`solve`], [`explain`], [`hint`], [`find`],
//! [`rate`], [`generate`], [`check`], [`techniques`]) builds that command's typed result and
//! its JSON record, so the two front ends can never drift apart; statuses are enums whose
//! serde names are the words printed. The command line adds its per-record position fields
//! (`record`, `line`, `file`, `label`) with [`with_position`]; the web API returns the record
//! as built. Nothing here knows about HTTP, flags or standard output.

pub mod check;
pub mod explain;
pub mod find;
pub mod generate;
pub mod hint;
pub mod net;
pub mod rate;
pub mod rules_file;
pub mod solve;
pub mod techniques;
pub mod truth;
pub mod variants;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::Serialize;
use serde_json::{Value, json};
use sudokit_core::format::LayoutSpec;
use sudokit_core::format::{OutputFormat, write_grid};
use sudokit_core::{Budget, Grid, Layout, LayoutError};

/// Stack size for the threads that run engines (the command line's workers, the web server's
/// blocking pool): 16 MiB of address space, touched only as deep as a search goes. The
/// recursive searches take one frame per guess (up to one per cell), and an unoptimised build
/// inlines the propagation into each frame: counting an empty 9×9 grid overflowed the default
/// 2 MiB in a debug build.
pub const WORKER_STACK: usize = 16 << 20;

/// Merges the position fields of a command-line record (`record`, `line`, `file`, `label`)
/// into `record`.
pub fn with_position(
    mut record: Value,
    index: usize,
    line: usize,
    file: &str,
    label: Option<&str>,
) -> Value {
    if let Value::Object(m) = &mut record {
        m.insert("record".into(), json!(index));
        m.insert("line".into(), json!(line));
        m.insert("file".into(), json!(file));
        m.insert("label".into(), json!(label));
    }
    record
}

/// An error record: `{"status": status, "error": message}`.
pub fn error_record(status: impl Serialize, message: &str) -> Value {
    json!({"status": status, "error": message})
}

/// A rating on the SE scale, rounded to the tenth in f64 (no f32 noise), or null.
pub fn rating_json(r: Option<f32>) -> Value {
    r.map_or(Value::Null, |x| json!((f64::from(x) * 10.0).round() / 10.0))
}

/// A grid as JSON: its line (N ≤ 35), else an array of rows of numbers.
pub fn grid_json(g: &Grid) -> Value {
    match g.to_line() {
        Some(s) => Value::String(s),
        None => {
            let n = g.size();
            Value::Array(
                g.values()
                    .chunks(n)
                    .map(|row| Value::Array(row.iter().map(|&v| json!(v)).collect()))
                    .collect(),
            )
        }
    }
}

/// The layout fields of a JSON record that the JSON reader understands, so the record reads
/// back (through `check`, `solve`, ...) as the same puzzle with no layout flags: `box` when
/// the boxes are not the side's default shape, `extra` when there are extra rules, `rules` for
/// variant rules (killer cages, thermometers, ...), `regions` (one label a cell) for a jigsaw.
/// Empty for a side's standard layout.
pub fn layout_fields(layout: &Layout) -> serde_json::Map<String, Value> {
    let mut v = serde_json::Map::new();
    if let Some((rows, cols)) = layout.box_shape()
        && sudokit_core::layout::default_box(layout.size()) != Some((rows, cols))
    {
        v.insert("box".into(), json!([rows, cols]));
    }
    if !layout.extras().is_empty() {
        let names: Vec<&str> = layout.extras().iter().map(|e| e.name()).collect();
        v.insert("extra".into(), json!(names));
    }
    if layout.has_rules() {
        v.insert("rules".into(), json!(layout.rules()));
    }
    if layout.is_jigsaw() {
        let labels: String = layout
            .region_map()
            .iter()
            .map(|&r| char::from(b'1' + r))
            .collect();
        v.insert("regions".into(), json!(labels));
    }
    v
}

/// The layout variant rules ride on when a caller gives them for every puzzle (`--rules`,
/// `rules=`): the spec's region map, else its box shape, else 9×9. The caller adds the rules
/// with [`Layout::with_rules`] and makes the result the spec's region map, so every puzzle is
/// read with it.
pub fn rules_base(spec: &LayoutSpec) -> Result<Layout, LayoutError> {
    match (&spec.regions, spec.box_shape) {
        (Some(l), _) => Ok(l.as_ref().clone()),
        (None, Some((r, c))) => Layout::boxed(r.saturating_mul(c), r, c),
        (None, None) => Layout::standard(9),
    }
}

/// A grid in line format (N² numbers separated by spaces above 35×35).
pub fn line_of(g: &Grid) -> String {
    write_grid(g, OutputFormat::Line)
}

/// A seed drawn from the clock, for runs that name none (the caller prints it so the run can
/// be replayed).
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64 ^ (d.as_secs() << 32))
}

/// Why a record could not be worked on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RefusalStatus {
    /// The input is not a puzzle this command can work on.
    Invalid,
    /// The puzzle has no solution.
    Unsolvable,
}

impl RefusalStatus {
    /// The word printed.
    pub fn as_str(self) -> &'static str {
        match self {
            RefusalStatus::Invalid => "invalid",
            RefusalStatus::Unsolvable => "unsolvable",
        }
    }
}

/// A record that could not be worked on: its status and message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Invalid or unsolvable.
    pub status: RefusalStatus,
    /// Why.
    pub message: String,
}

impl Refusal {
    /// A refusal with this status and message.
    pub fn new(status: RefusalStatus, message: impl Into<String>) -> Refusal {
        Refusal {
            status,
            message: message.into(),
        }
    }

    /// The error record.
    pub fn json(&self) -> Value {
        error_record(self.status, &self.message)
    }
}

/// Runs `work` so that its whole run fits in `budget`'s time: `work` gets the budget with a
/// cancel flag of its own that a watchdog thread sets when the time is up (or soon after the
/// caller's flag is set; the caller's flag is only read), so every engine run, count or search
/// inside that polls the flag ends then, however many there are. Returns `work`'s result and
/// whether it was stopped. Without a time limit `work` runs on the caller's budget and no
/// thread starts.
pub fn within_budget<R>(budget: &Budget, work: impl FnOnce(&Budget) -> R) -> (R, bool) {
    let cancelled = |b: &Budget| b.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed));
    // A time too far off to be a moment (`--budget 1000000y`) is no limit.
    let Some(deadline) = budget
        .time
        .and_then(|t| std::time::Instant::now().checked_add(t))
    else {
        let r = work(budget);
        return (r, cancelled(budget));
    };
    let flag = Arc::new(AtomicBool::new(false));
    let inner = Budget {
        cancel: Some(flag.clone()),
        ..budget.clone()
    };
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let r = std::thread::scope(|s| {
        let watch = flag.clone();
        s.spawn(move || {
            use std::sync::mpsc::RecvTimeoutError;
            // Woken early when `work` is done (the sender is dropped); looks at the caller's
            // flag every 20 ms.
            loop {
                let left = deadline.saturating_duration_since(std::time::Instant::now());
                let nap = left.min(std::time::Duration::from_millis(20));
                match wait.recv_timeout(nap) {
                    Err(RecvTimeoutError::Timeout) => {}
                    _ => return,
                }
                if left <= nap || cancelled(budget) {
                    watch.store(true, Ordering::Relaxed);
                    return;
                }
            }
        });
        let r = work(&inner);
        drop(done);
        r
    });
    (r, flag.load(Ordering::Relaxed))
}
