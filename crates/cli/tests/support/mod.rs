//! What several CLI test files share: running the `sudokit` binary on a standard input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `sudokit args` with `stdin` as its standard input and waits for it. The input is written
/// from a thread: the binary may answer (or exit on a usage error) before it has read everything.
pub fn run(args: &[&str], stdin: impl Into<Vec<u8>>) -> Output {
    let stdin = stdin.into();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sudokit");
    let mut input = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let out = child.wait_with_output().expect("wait");
    writer.join().expect("the writer thread");
    out
}
