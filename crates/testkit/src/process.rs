//! Running a program under test with bytes on its standard input, and reading what it printed.
//!
//! Design decision: the input is written from its own thread while the output is collected, so
//! a program that answers before it has read everything (or stops reading early) can neither
//! deadlock the test on a full pipe nor fail it with a broken pipe on the writing side.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The repository's root folder (test data paths such as `data/seed_cases.txt` are relative to it).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A path inside the repository.
pub fn repo_path(relative: &str) -> PathBuf {
    repo_root().join(relative)
}

/// Runs `command` with `stdin` on its standard input and captures standard output and error.
/// `RUST_BACKTRACE=1` is set so that a panic in the program shows where it happened.
pub fn run_with_input(command: &mut Command, stdin: impl Into<Vec<u8>>) -> Output {
    let stdin = stdin.into();
    let mut child = command
        .env("RUST_BACKTRACE", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the program under test");
    let mut input = child.stdin.take().expect("piped standard input");
    let writer = std::thread::spawn(move || {
        // The program may exit or close its input before reading it all: that is its answer.
        let _ = input.write_all(&stdin);
    });
    let out = child
        .wait_with_output()
        .expect("wait for the program under test");
    writer.join().expect("the input writer thread");
    out
}

/// Standard output as text (it must be UTF-8).
pub fn stdout_text(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("standard output is UTF-8")
}

/// Standard error as text (lossy: only read by people and by `contains` checks).
pub fn stderr_text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Standard output read as one JSON object per line.
pub fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout_text(o)
        .lines()
        .map(|l| {
            serde_json::from_str(l)
                .unwrap_or_else(|e| panic!("not one JSON object a line: {e}: {l}"))
        })
        .collect()
}
