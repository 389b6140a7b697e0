//! The solutions one record lists (`--limit N`), rendered as they are found and held until the
//! record's turn to be written.
//!
//! Design decision: a record's listing stays in memory up to [`MEMORY_CAP`] bytes and then goes
//! on in an anonymous temporary file, which is copied to the output when the record is
//! written. The output stays byte for byte what it would be from memory (the count line, which
//! is known only at the end, still comes first), while memory no longer grows with `--limit`
//! times the grid size: one empty 64×64 with `--limit 70000` lists about 800 MB. Should no
//! temporary file be available, the listing stays in memory, as before.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

/// Bytes a listing keeps in memory before it moves on to a temporary file.
pub const MEMORY_CAP: usize = 4 << 20;

/// A temporary file, removed when dropped.
struct TempFile {
    file: File,
    path: PathBuf,
}

impl TempFile {
    fn create() -> io::Result<TempFile> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir();
        loop {
            let n = NEXT.fetch_add(1, Ordering::Relaxed);
            let path = dir.join(format!("sudokit-{}-{n}.listing", std::process::id()));
            match std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(true)
                .open(&path)
            {
                Ok(file) => return Ok(TempFile { file, path }),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

impl Write for TempFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

impl Read for TempFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.file.read(buf)
    }
}

/// Rendered solutions: bytes in memory, then in a temporary file past [`MEMORY_CAP`].
#[derive(Default)]
pub struct Listing {
    memory: Vec<u8>,
    /// The temporary file (behind a buffer) holding everything after `memory`.
    spilled: Option<io::BufWriter<TempFile>>,
    /// A write to the temporary file failed: the listing is incomplete, and writing it out
    /// reports this error instead.
    error: Option<io::Error>,
}

impl Listing {
    /// Appends bytes.
    pub fn push(&mut self, bytes: &[u8]) {
        if self.error.is_some() {
            return;
        }
        if let Some(w) = &mut self.spilled {
            if let Err(e) = w.write_all(bytes) {
                self.error = Some(e);
            }
            return;
        }
        self.memory.extend_from_slice(bytes);
        if self.memory.len() > MEMORY_CAP
            && let Ok(t) = TempFile::create()
        {
            let mut w = io::BufWriter::with_capacity(1 << 16, t);
            match w.write_all(&self.memory) {
                Ok(()) => {
                    self.memory = Vec::new();
                    self.spilled = Some(w);
                }
                // Nothing is lost yet: go on in memory.
                Err(_) => drop(w),
            }
        }
    }

    /// Whether nothing was pushed.
    pub fn is_empty(&self) -> bool {
        self.memory.is_empty() && self.spilled.is_none()
    }

    /// Bytes held in memory (for tests).
    #[cfg(test)]
    fn in_memory(&self) -> usize {
        self.memory.len()
    }

    /// The whole listing, from the start.
    fn reader(&mut self) -> io::Result<Box<dyn Read + '_>> {
        if let Some(e) = self.error.take() {
            return Err(io::Error::new(
                e.kind(),
                format!("the temporary file of a long --limit listing failed: {e}"),
            ));
        }
        match self.spilled.take() {
            None => Ok(Box::new(&self.memory[..])),
            Some(w) => {
                let mut t = w.into_inner().map_err(|e| e.into_error())?;
                t.file.seek(SeekFrom::Start(0))?;
                Ok(Box::new(t))
            }
        }
    }

    /// Copies the listing to `out` as it is.
    pub fn write_to(&mut self, out: &mut dyn Write) -> io::Result<()> {
        io::copy(&mut self.reader()?, out)?;
        Ok(())
    }

    /// Copies the listing to `out` one line at a time, each between `before` and `after` (for
    /// CSV rows, whose other columns are known only when the search ends).
    pub fn write_lines(
        &mut self,
        out: &mut dyn Write,
        before: &str,
        after: &str,
    ) -> io::Result<()> {
        let mut lines = BufReader::with_capacity(1 << 16, self.reader()?);
        let mut line = Vec::new();
        loop {
            line.clear();
            if lines.read_until(b'\n', &mut line)? == 0 {
                return Ok(());
            }
            let text = line.strip_suffix(b"\n").unwrap_or(&line);
            out.write_all(before.as_bytes())?;
            out.write_all(text)?;
            out.write_all(after.as_bytes())?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_listing_moves_to_a_file_and_reads_back_unchanged() {
        let mut l = Listing::default();
        let line = "x".repeat(999) + "\n";
        let n = MEMORY_CAP / line.len() * 3;
        for _ in 0..n {
            l.push(line.as_bytes());
        }
        assert!(l.in_memory() < MEMORY_CAP, "the listing stayed in memory");
        let mut out = Vec::new();
        l.write_to(&mut out).unwrap();
        assert_eq!(out.len(), n * line.len());
        assert!(out.chunks(line.len()).all(|c| c == line.as_bytes()));
    }

    #[test]
    fn lines_are_wrapped_one_by_one() {
        let mut l = Listing::default();
        l.push(b"a\nb\n");
        let mut out = Vec::new();
        l.write_lines(&mut out, "<", ">\n").unwrap();
        assert_eq!(out, b"<a>\n<b>\n");
        assert!(Listing::default().is_empty() && !l.is_empty());
    }
}
