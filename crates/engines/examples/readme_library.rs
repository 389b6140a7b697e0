//! Solve a puzzle, check the answer (the README's library example).

use sudokit_core::{
    Request, Solver,
    format::{InputFormat, parse_one},
    verify::verify,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let puzzle = parse_one(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        InputFormat::Auto,
    )?;
    let report = sudokit_engines::Propagate::new().solve(&puzzle, &Request::count(2, 1))?;
    verify(&puzzle, &report.solutions[0])?;
    println!("{}", report.solutions[0].to_line().unwrap_or_default());
    Ok(())
}
