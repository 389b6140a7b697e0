//! Running a program under test with bytes on its standard input, and reading what it printed;
//! [`run_bounded`] adds a watchdog for runs that might never end.
//!
//! Design decision: the input is written from its own thread while the output is collected, so
//! a program that answers before it has read everything (or stops reading early) can neither
//! deadlock the test on a full pipe nor fail it with a broken pipe on the writing side. The
//! watchdog never decides a pass by itself; it only turns a run that would never end into a
//! failure, so a test asserts on what the run answered.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

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

/// What a bounded run printed.
#[derive(Debug)]
pub struct Ran {
    /// The exit code (`None`: killed by a signal).
    pub code: Option<i32>,
    /// Standard output.
    pub out: String,
    /// Standard error.
    pub err: String,
}

fn drain(mut r: impl Read + Send + 'static) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = r.read_to_end(&mut s);
        s
    })
}

/// Runs `program args` with `stdin` as its input; panics when it runs past `watchdog` (after
/// killing it) or cannot start.
pub fn run_bounded(program: &str, args: &[&str], stdin: &str, watchdog: Duration) -> Ran {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
    let mut input = child.stdin.take().expect("piped stdin");
    let text = stdin.as_bytes().to_vec();
    // Written from a thread: the program may answer before it has read everything.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&text);
    });
    let out = drain(child.stdout.take().expect("piped stdout"));
    let err = drain(child.stderr.take().expect("piped stderr"));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for the child") {
            break status;
        }
        if start.elapsed() > watchdog {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{program} {args:?} ran past the {watchdog:?} watchdog");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let _ = writer.join();
    Ran {
        code: status.code(),
        out: String::from_utf8_lossy(&out.join().unwrap_or_default()).into_owned(),
        err: String::from_utf8_lossy(&err.join().unwrap_or_default()).into_owned(),
    }
}
