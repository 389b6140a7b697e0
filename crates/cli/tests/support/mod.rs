//! What several CLI test files share: running the `sudokit` binary on a standard input.

use std::process::{Command, Output};
use sudokit_testkit::process;

/// Runs `sudokit args` with `stdin` as its standard input and waits for it (see
/// [`process::run_with_input`]: the input is written from a thread, so the binary may answer or
/// exit on a usage error before it has read everything).
pub fn run(args: &[&str], stdin: impl Into<Vec<u8>>) -> Output {
    process::run_with_input(
        Command::new(env!("CARGO_BIN_EXE_sudokit")).args(args),
        stdin,
    )
}
