//! Running a command under test with a watchdog: its input written from a thread, its output
//! read from threads, and the run killed (the test failed) past a generous time.
//!
//! Design decision: the watchdog never decides a pass by itself; it only turns a run that would
//! never end into a failure, so a test asserts on what the run answered.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

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
