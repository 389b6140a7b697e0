//! Helpers the `sudokit` binary's test files share: running the command on a standard input,
//! running it from the repository's root, and reading a live child's output line by line.

// Each test file uses the helpers it needs.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;
use sudokit_testkit::process;

/// Runs `sudokit args` from the repository's root with `stdin` as its standard input and waits for it (see
/// [`process::run_with_input`]: the input is written from a thread, so the binary may answer or
/// exit on a usage error before it has read everything).
pub fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    process::run_with_input(&mut sudokit(args), stdin.as_ref())
}

/// `sudokit ARGS`, run from the repository's root.
pub fn sudokit(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sudokit"));
    c.args(args).current_dir(process::repo_root());
    c
}

/// Reads one line of the child's output, failing (not hanging) when none comes in a minute.
pub fn next_line(lines: &mpsc::Receiver<String>, what: &str) -> String {
    lines
        .recv_timeout(Duration::from_secs(60))
        .unwrap_or_else(|_| panic!("{what}: no answer to a record already written"))
}

/// Starts `args` with piped standard streams and a thread that forwards its output lines.
pub fn start(args: &[&str]) -> (Child, mpsc::Receiver<String>) {
    let mut child = sudokit(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run sudokit");
    let out = BufReader::new(child.stdout.take().unwrap());
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in out.lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    (child, rx)
}
