//! Runs HoDoKu's regression library through the techniques and prints pass rates per code.
//!
//!     cargo run --release -p sudokit-logic --example reglib -- ../shared/data/hodoku/reglib-1.3.txt [--failures]
//!
//! The pass rate counts every line of the library: a line whose code no technique carries is a
//! failure, so dropping a technique lowers the rate. Exits 1 when a file cannot be read.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.iter().find(|a| !a.starts_with("--")) else {
        eprintln!("usage: reglib FILE [--failures]");
        return ExitCode::from(2);
    };
    let show = args.iter().any(|a| a == "--failures");
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let res = sudokit_logic::reglib::run(&text);
    let (mut lines, mut pass, mut impl_codes) = (0, 0, 0);
    println!(
        "{:<7} {:>5} {:>6} {:>7}  failed lines",
        "code", "lines", "passed", "rate"
    );
    for (code, r) in &res {
        lines += r.total;
        pass += r.passed;
        impl_codes += usize::from(r.implemented);
        let rate = if r.implemented {
            format!("{:.0}%", 100.0 * r.passed as f64 / r.total as f64)
        } else {
            "n/i".to_string()
        };
        let failed = if show && r.implemented {
            r.failed_lines
                .iter()
                .map(|l| l.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        } else {
            String::new()
        };
        println!(
            "{code:<7} {:>5} {:>6} {rate:>7}  {failed}",
            r.total, r.passed
        );
    }
    println!(
        "codes implemented: {impl_codes} of {}; lines: {pass}/{lines} passed ({:.1}%)",
        res.len(),
        if lines > 0 {
            100.0 * pass as f64 / lines as f64
        } else {
            0.0
        }
    );
    ExitCode::SUCCESS
}
