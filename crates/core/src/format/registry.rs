//! The format interface: the [`Format`] trait every input format implements, the per-input
//! [`RecordReader`] state it hands out, the [`Window`] detection looks at, and [`Formats`], a
//! registry of formats.
//!
//! Design decision: a format is a `&'static dyn Format` (usually a unit struct), and an
//! [`InputFormat`] is only its name, a `Copy` handle that compares and matches like an enum.
//! Everything a format knows lives behind the trait — names, help, detection evidence, record
//! reading with its own state, writing — so the generic code ([`Reader`](super::Reader),
//! detection, `FromStr`, the CLI's help) never names a format, and a format written outside
//! this crate is read through [`Reader::with_formats`](super::Reader::with_formats) exactly
//! like a built-in one.
//!
//! Detection is a three-step contest over the first content lines (see `detect`): the highest
//! [`Format::window_claim`] wins outright; otherwise each line's guess (the format with the
//! highest [`Format::line_strength`] for it) votes, ties going to the first line's guess; then
//! the winner may [`reconsider`](Format::reconsider) in favour of another format. Equal ranks
//! go to the format registered first.

use super::source::{Input, MAX_LINE};
use super::{InputFormat, LayoutSpec, Record};
use crate::grid::Grid;
use std::borrow::Cow;
use std::fmt;
use std::io;

/// An input format: its names, how to recognise it, how to read it (and, if it has one, its
/// grid writer). Only [`name`](Format::name), [`help`](Format::help) and
/// [`reader`](Format::reader) are required; a format with no detection evidence is read only
/// when it is asked for by name (like `jigsaw`, whose region line looks like a puzzle).
///
/// The built-in formats use this scale for [`line_strength`](Format::line_strength) (higher
/// wins the line): `json` 6 (the line opens a value), `block` 5 (a box rule or `[section]`
/// header), `csv` 4, `numbers` 3, `line` 2, `block` 1 (any other line). A new format slots in
/// by choosing its strength relative to those.
pub trait Format: Send + Sync {
    /// The name `--input-format` takes and [`InputFormat::name`] returns (lower case, unique
    /// within a registry).
    fn name(&self) -> &'static str;

    /// Other names accepted for it (e.g. `ndjson` for `json`).
    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }

    /// One line of help: what a record looks like.
    fn help(&self) -> &'static str;

    /// How strongly one content line on its own looks like this format; `None` for not at
    /// all. Each line of the detection window is guessed as the format with the highest
    /// strength for it.
    fn line_strength(&self, _line: &str, _spec: &LayoutSpec) -> Option<u8> {
        None
    }

    /// Whether the first content line alone settles detection, so no more lines are read
    /// ahead (a terminal session then gets its first answer without typing more). The
    /// decision is still made by the contest, over that one line.
    fn settles(&self, _first: &str, _spec: &LayoutSpec) -> bool {
        false
    }

    /// A claim on the whole window that overrides the vote, with its rank (the highest claim
    /// wins). The built-ins: `json` 3 when the first line's guess is JSON, `csv` 2 when most
    /// lines guess CSV, `line` 1 when some line has a token longer than any grid row.
    fn window_claim(&self, _window: &Window<'_>) -> Option<u8> {
        None
    }

    /// Called on the vote's winner: another format to read the input with instead (it is
    /// taken only if registered), or `None` to keep this one. `block` hands a single-token
    /// first line to `line` when the next line's length differs.
    fn reconsider(&self, _window: &Window<'_>) -> Option<InputFormat> {
        None
    }

    /// Longest line this format accepts, in bytes (look-ahead lines read during detection are
    /// held to it once this format is chosen).
    fn max_line(&self) -> usize {
        MAX_LINE
    }

    /// Fresh record-reading state for one input: everything the format keeps between records
    /// (a split JSON array, a layout cache, whether a header was seen) lives there.
    fn reader(&self) -> Box<dyn RecordReader>;

    /// The grid in this format (no trailing newline), for formats that have a writer.
    fn write(&self, _grid: &Grid) -> Option<String> {
        None
    }
}

/// The per-input state of a format: reads one record at a time from the lines of an
/// [`Input`].
pub trait RecordReader: Send {
    /// The next record, `None` at the end of the input. Bad records are `Ok` records with a
    /// [`ParseError`](super::ParseError); only I/O errors are `Err`.
    fn next_record(&mut self, input: &mut Input<'_>) -> io::Result<Option<Record>>;
}

/// What detection looks at: the first content lines (blank and `#` lines left out), each
/// line's guess, and the layout spec.
#[derive(Clone, Copy, Debug)]
pub struct Window<'a> {
    /// The content lines, as read (not trimmed).
    pub lines: &'a [&'a str],
    /// Each line's guess: the format with the highest [`Format::line_strength`] for it.
    pub guesses: &'a [Option<InputFormat>],
    /// The layout spec of the input.
    pub spec: &'a LayoutSpec,
}

impl Window<'_> {
    /// How many lines guessed `format`.
    pub fn votes(&self, format: InputFormat) -> usize {
        self.guesses.iter().filter(|g| **g == Some(format)).count()
    }
}

/// A registry of formats: the list `FromStr`, detection and the [`Reader`](super::Reader)
/// choose from. Never empty; the first format is the one an input is read in when nothing
/// can be told from it.
#[derive(Clone)]
pub struct Formats {
    list: Cow<'static, [&'static dyn Format]>,
}

impl Formats {
    /// The built-in formats (`line`, `numbers`, `block`, `csv`, `json`, `jigsaw`, `fpuzzles`).
    pub fn builtin() -> Formats {
        Formats {
            list: Cow::Borrowed(super::BUILTIN),
        }
    }

    /// A registry of one format.
    pub fn only(format: &'static dyn Format) -> Formats {
        Formats {
            list: Cow::Owned(vec![format]),
        }
    }

    /// This registry with `format` added: in place of a format of the same name, else last.
    pub fn with(mut self, format: &'static dyn Format) -> Formats {
        let list = self.list.to_mut();
        match list.iter_mut().find(|f| f.name() == format.name()) {
            Some(slot) => *slot = format,
            None => list.push(format),
        }
        self
    }

    /// The registered formats, in order.
    pub fn iter(&self) -> impl Iterator<Item = &'static dyn Format> + '_ {
        self.list.iter().copied()
    }

    /// The format a handle names, if registered.
    pub fn get(&self, format: InputFormat) -> Option<&'static dyn Format> {
        self.iter().find(|f| f.name() == format.name())
    }

    /// The first registered format: the one used when detection has nothing to go on.
    pub fn first(&self) -> InputFormat {
        // Never empty: every constructor puts one format in, and none takes one out.
        InputFormat::new(self.list[0].name())
    }

    /// The handle for a name or alias (`auto` included).
    pub fn parse(&self, s: &str) -> Result<InputFormat, UnknownFormat> {
        if s == InputFormat::Auto.name() {
            return Ok(InputFormat::Auto);
        }
        self.iter()
            .find(|f| f.name() == s || f.aliases().contains(&s))
            .map(|f| InputFormat::new(f.name()))
            .ok_or_else(|| UnknownFormat {
                name: s.to_string(),
                known: self.names().join(", "),
            })
    }

    /// `auto`, then every registered name, in order.
    pub fn names(&self) -> Vec<&'static str> {
        std::iter::once(InputFormat::Auto.name())
            .chain(self.iter().map(|f| f.name()))
            .collect()
    }

    /// One line per format: `name (aliases): help`, `auto` first.
    pub fn help(&self) -> String {
        let mut out = format!("{}: {}", InputFormat::Auto.name(), AUTO_HELP);
        for f in self.iter() {
            out.push('\n');
            out.push_str(f.name());
            if !f.aliases().is_empty() {
                out.push_str(&format!(" (also {})", f.aliases().join(", ")));
            }
            out.push_str(": ");
            out.push_str(f.help());
        }
        out
    }
}

/// The help line of `auto`.
pub const AUTO_HELP: &str = "detected from the first content lines";

impl fmt::Debug for Formats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|x| x.name()))
            .finish()
    }
}

/// A format name that is not registered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown input format '{name}' ({known})")]
pub struct UnknownFormat {
    /// The name given.
    pub name: String,
    /// The registered names, comma-separated.
    pub known: String,
}
