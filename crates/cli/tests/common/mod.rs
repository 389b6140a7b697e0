//! What the end-to-end test files share: the `sudokit` binary as a command, run from the
//! repository root, and one run of it with given standard input.

// Each test file compiles this module on its own and uses what it needs of it.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The `sudokit` binary under test, to be run from the repository root.
pub fn sudokit() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sudokit"));
    c.current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."));
    c
}

/// Runs `sudokit ARGS` with `stdin` as its standard input; its exit status and output.
pub fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = sudokit()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sudokit");
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}
