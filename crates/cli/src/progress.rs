//! The progress bar of the batch commands: input bytes whose records have been *written*.
//!
//! Design decision: only the writer moves the bar, once per record it has written, to the
//! input offset where that record ended. The reader and the workers run ahead of the writer
//! (a chunk is solved while the previous one is written), so a bar fed by them would reach
//! 100% while answers are still being computed; tying the position to the write itself makes
//! "the bar never runs ahead of the output" hold by construction, and [`Written`] is small
//! enough to test directly.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The bar, moved by the writer.
pub struct Written {
    bar: ProgressBar,
}

impl Written {
    /// A bar over the total size of `files` on standard error, shown only when it is a
    /// terminal, the input is over 1 MiB and the size is known (no standard input); otherwise
    /// a hidden bar that still keeps its position.
    pub fn for_files(files: &[std::path::PathBuf], disabled: bool) -> Written {
        match crate::input::total_bytes(files) {
            Some(t) if !disabled && t > (1 << 20) && std::io::stderr().is_terminal() => {
                let bar = ProgressBar::with_draw_target(Some(t), ProgressDrawTarget::stderr());
                bar.set_style(
                    ProgressStyle::with_template(
                        "{spinner} [{elapsed_precise}] {wide_bar} {bytes}/{total_bytes} ({eta}) {msg}",
                    )
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
                );
                Written { bar }
            }
            _ => Written::hidden(None),
        }
    }

    /// A bar that draws nothing, of length `total` when known.
    pub fn hidden(total: Option<u64>) -> Written {
        let bar = ProgressBar::hidden();
        if let Some(t) = total {
            bar.set_length(t);
        }
        Written { bar }
    }

    /// A record whose input ended at byte `end` has been written.
    pub fn wrote(&self, end: u64) {
        if end > self.bar.position() {
            self.bar.set_position(end);
        }
    }

    /// Input bytes whose records are written.
    #[cfg(test)]
    pub fn position(&self) -> u64 {
        self.bar.position()
    }

    /// The text after the bar.
    pub fn set_message(&self, msg: String) {
        self.bar.set_message(msg);
    }

    /// Removes the bar.
    pub fn finish_and_clear(&self) {
        self.bar.finish_and_clear();
    }
}

/// Solutions between two redraws of [`Counting`]'s line.
pub const COUNT_EVERY: u64 = 1 << 18;

/// The line a long count keeps on standard error when it is a terminal: `counting record R:
/// N solutions so far`, redrawn every [`COUNT_EVERY`] solutions and cleared when the record is
/// done (a count of millions of solutions otherwise says nothing for minutes).
pub struct Counting<W: std::io::Write> {
    out: Option<W>,
    record: usize,
    every: u64,
    n: u64,
    drawn: bool,
}

impl Counting<std::io::Stderr> {
    /// The line for `record` on standard error, drawn only when `enabled` and standard error
    /// is a terminal.
    pub fn stderr(record: usize, enabled: bool) -> Self {
        let out = (enabled && std::io::stderr().is_terminal()).then(std::io::stderr);
        Counting::new(out, record, COUNT_EVERY)
    }
}

impl<W: std::io::Write> Counting<W> {
    /// The line for `record` on `out` (none: nothing is drawn), redrawn every `every`
    /// solutions (at least 1).
    pub fn new(out: Option<W>, record: usize, every: u64) -> Self {
        Counting {
            out,
            record,
            every: every.max(1),
            n: 0,
            drawn: false,
        }
    }

    /// One more solution.
    #[inline]
    pub fn solution(&mut self) {
        self.n += 1;
        if self.n.is_multiple_of(self.every)
            && let Some(o) = &mut self.out
        {
            let _ = write!(
                o,
                "\rsudokit: counting record {}: {} solutions so far",
                self.record, self.n
            );
            let _ = o.flush();
            self.drawn = true;
        }
    }

    /// Clears the line, if it was drawn.
    pub fn finish(&mut self) {
        if self.drawn
            && let Some(o) = &mut self.out
        {
            let _ = write!(o, "\r\x1b[2K");
            let _ = o.flush();
            self.drawn = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Counting, Written};

    /// The loose end of issue 46: a long `count` said nothing until it was done. The line is
    /// redrawn every `every` solutions and cleared at the end; without a terminal, nothing.
    #[test]
    fn a_long_count_redraws_its_line_and_clears_it() {
        let mut buf = Vec::new();
        let mut c = Counting::new(Some(&mut buf), 3, 2);
        for _ in 0..5 {
            c.solution();
        }
        c.finish();
        let text = String::from_utf8(buf).unwrap();
        assert_eq!(
            text,
            "\rsudokit: counting record 3: 2 solutions so far\
             \rsudokit: counting record 3: 4 solutions so far\r\x1b[2K"
        );
        let mut quiet: Counting<Vec<u8>> = Counting::new(None, 1, 1);
        quiet.solution();
        quiet.finish();
    }

    #[test]
    fn position_is_the_end_of_the_last_written_record() {
        let w = Written::hidden(Some(300));
        assert_eq!(w.position(), 0);
        w.wrote(120);
        assert_eq!(w.position(), 120);
        w.wrote(300);
        assert_eq!(w.position(), 300);
    }

    #[test]
    fn position_never_goes_back() {
        let w = Written::hidden(Some(300));
        w.wrote(200);
        w.wrote(50);
        assert_eq!(w.position(), 200);
    }
}
