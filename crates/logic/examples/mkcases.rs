//! Mines technique cases for `data/logic/techniques.txt`: solves puzzles in HoDoKu order and,
//! in the grid before each step, looks for instances of the named technique; each instance is
//! checked against the puzzle's solution (from the `dlx` engine) and printed as a HoDoKu
//! library line.
//!
//!     cargo run --release -p sudokit-logic --example mkcases -- TECHNIQUE COUNT FILE...

use std::io::BufRead;

use sudokit_core::{
    Request, Solver,
    format::{InputFormat, parse_one},
};
use sudokit_logic::{
    Deadline, LogicSolver, Memory, Order, check_step, find_all_in, formats::hodoku::write_line,
    techniques::lookup,
};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: mkcases TECHNIQUE COUNT FILE...");
        std::process::exit(2);
    }
    let Some(t) = lookup(&args[0]) else {
        eprintln!("unknown technique {}", args[0]);
        std::process::exit(2);
    };
    let want: usize = args[1].parse().expect("COUNT");
    let solver = LogicSolver::new(Order::Hodoku);
    let mut got = 0;
    for file in &args[2..] {
        let f = std::io::BufReader::new(std::fs::File::open(file).expect("open"));
        for line in f.lines() {
            let line = line.expect("read");
            let Ok(p) = parse_one(line.trim(), InputFormat::Line) else {
                continue;
            };
            let Ok(r) = sudokit_engines::Dlx::new().solve(&p, &Request::count(2, 1)) else {
                continue;
            };
            if r.count != 1 {
                continue;
            }
            let sol = &r.solutions[0];
            let mut g = sudokit_logic::CandidateGrid::new(&p);
            // One memory per path, as the solver lends its finders.
            let memory = Memory::new();
            while !g.is_solved() {
                let found = find_all_in(t, &g, &solver.options, &Deadline::none(), &memory).0;
                if let Some(s) = found.iter().find(|s| g.makes_progress(s)) {
                    if let Err(e) = check_step(s, sol) {
                        eprintln!("UNSOUND: {e}: {}", s.text);
                        std::process::exit(1);
                    }
                    if let Some(l) = write_line(&g, s) {
                        println!("{l}");
                        got += 1;
                        if got >= want {
                            return;
                        }
                    }
                    break;
                }
                let Some(step) = solver.next_step_in(&g, &Deadline::none(), &memory) else {
                    break;
                };
                g.apply(&step);
            }
        }
    }
}
