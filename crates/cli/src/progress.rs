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

#[cfg(test)]
mod tests {
    use super::Written;

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
