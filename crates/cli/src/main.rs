//! The `sudokit` command. Parses flags into a validated configuration and wires the library
//! crates together; all Sudoku logic lives in the libraries.
//!
//! Design decision: every subcommand that reads puzzles shares one input pipeline
//! ([`input`]) and one per-record runner ([`solve`]), so `solve`, `count` and friends agree on
//! formats, error messages, ordering and exit codes: 0 when every record succeeded, 1 when some
//! record was unsolvable, invalid or stopped, 2 for usage and I/O errors.

mod alloc;
mod args;
mod bench;
mod compare;
mod explain;
mod fewgivens;
mod generate;
mod grids;
mod input;
mod listing;
mod progress;
mod rate;
mod runner;
mod serve;
mod solve;

use anyhow::Result;
use clap::{Parser, Subcommand};
use runner::print_all;
use std::process::ExitCode;

/// sudokit: solve, count and study Sudoku puzzles of every size and layout.
#[derive(Parser, Debug)]
#[command(name = "sudokit", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve puzzles: one output record per input record, in input order.
    Solve(solve::SolveArgs),
    /// Count the solutions of each puzzle, up to a limit.
    Count(solve::CountArgs),
    /// Measure engine throughput on puzzle files (puzzles/s, guesses, solution counts).
    Bench(bench::BenchArgs),
    /// Run several engines on the same puzzles and set them side by side.
    Compare(compare::CompareArgs),
    /// List the engines.
    Engines,
    /// Solve like a person: every step a named technique, explained.
    Explain(explain::ExplainArgs),
    /// The next step for a puzzle or a partly solved grid, at three levels of detail.
    Hint(explain::HintArgs),
    /// Every instance of one technique in each grid (no solving).
    Find(explain::FindArgs),
    /// The table of human-style techniques: ids, HoDoKu codes, SE ratings, levels, orders.
    Techniques(explain::TechniquesArgs),
    /// Sudoku Explainer ratings (ER/EP/ED) of puzzles, SE 1.2.1's scale, any layout.
    Rate(rate::RateArgs),
    /// Make puzzles: unique, minimal, symmetric, to a givens count or a difficulty; seeded.
    Generate(Box<generate::GenerateArgs>),
    /// The canonical (minlex) form of 9x9 puzzles; `--dedupe` drops equivalent puzzles.
    Canon(generate::CanonArgs),
    /// A puzzle's properties: givens, unique, minimal, symmetry classes.
    Check(generate::CheckArgs),
    /// Serve the web app and JSON API (local only by default: 127.0.0.1:8080).
    Serve(serve::ServeArgs),
    /// Print a shell completion script (e.g. `sudokit completions bash > ~/.local/share/bash-completion/completions/sudokit`).
    Completions {
        /// The shell: bash, zsh, fish, elvish or powershell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), e.g. `sudokit man > sudokit.1; man ./sudokit.1`.
    Man,
}

/// mimalloc: records are allocated on the reader and worker threads and freed on others;
/// glibc's per-arena locks made that a futex storm with `--jobs 2`. Called through its plain
/// entry points where it can be ([`alloc`]).
#[global_allocator]
static GLOBAL: alloc::Allocator = alloc::Allocator;

fn dispatch(command: Command) -> Result<u8> {
    match command {
        Command::Solve(args) => solve::run_solve(args),
        Command::Count(args) => solve::run_count(args),
        Command::Compare(args) => compare::run_compare(args),
        Command::Bench(args) => bench::run_bench(args),
        Command::Explain(args) => explain::run_explain(args),
        Command::Hint(args) => explain::run_hint(args),
        Command::Find(args) => explain::run_find(args),
        Command::Techniques(args) => explain::run_techniques(args),
        Command::Rate(args) => rate::run_rate(args),
        Command::Generate(args) => generate::run_generate(*args),
        Command::Canon(args) => generate::run_canon(args),
        Command::Check(args) => generate::run_check(args),
        Command::Serve(args) => serve::run_serve(args),
        Command::Completions { shell } => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            let mut text = Vec::new();
            clap_complete::generate(shell, &mut cmd, "sudokit", &mut text);
            print_all(&text)
        }
        Command::Man => {
            let cmd = <Cli as clap::CommandFactory>::command();
            let mut text = Vec::new();
            clap_mangen::Man::new(cmd).render(&mut text)?;
            print_all(&text)
        }
        Command::Engines => {
            let mut text = String::new();
            for e in sudokit_engines::ENGINES {
                let complete = if e.complete { "complete" } else { "incomplete" };
                text.push_str(&format!("{:<10} {complete:<10} {}\n", e.name, e.about));
            }
            print_all(text.as_bytes())
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // A panic anywhere (a worker thread's reaches here through rayon) is a bug; it must end
    // the run with exit status 2 and a message, never pass for success or a puzzle failure.
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| dispatch(cli.command)));
    match result {
        Ok(Ok(code)) => ExitCode::from(code),
        // A closed output (`| head`) that a command did not end quietly itself.
        Ok(Err(e)) if runner::closed(&e) => ExitCode::SUCCESS,
        Ok(Err(e)) => {
            eprintln!("sudokit: error: {e:#}");
            ExitCode::from(2)
        }
        Err(_) => {
            eprintln!(
                "sudokit: internal error: a panic stopped the run (see the message above); the \
                 output is incomplete. This is a bug: please report it with the input."
            );
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    #[test]
    fn command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
