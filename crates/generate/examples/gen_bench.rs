//! Times puzzle generation alone, on one thread: `cargo run --release -p sudokit-generate
//! --example gen_bench -- [COUNT] [SYMMETRY] [SIDE]` makes COUNT (default 2,000) unique puzzles
//! of a SIDE×SIDE grid with square boxes (default 9) and the given symmetry (default none)
//! from seeds 1, 2, … and prints puzzles/s, mean givens and a checksum of the puzzles, so two
//! builds can be compared on speed and output.

use std::sync::Arc;
use std::time::Instant;

use sudokit_core::Layout;
use sudokit_generate::{Config, Generator, Symmetry};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let count: u64 = match args.next() {
        Some(c) => c.parse().map_err(|e| format!("COUNT {c:?}: {e}"))?,
        None => 2000,
    };
    let symmetry: Symmetry = match args.next() {
        Some(s) => s.parse()?,
        None => Symmetry::None,
    };
    let side: usize = match args.next() {
        Some(s) => s.parse().map_err(|e| format!("SIDE {s:?}: {e}"))?,
        None => 9,
    };
    let layout = Arc::new(Layout::standard(side).map_err(|e| e.to_string())?);
    let mut config = Config::new(layout);
    config.symmetry = symmetry;
    let generator = Generator::new(config)?;
    let start = Instant::now();
    let (mut givens, mut checksum) = (0usize, 0u64);
    for seed in 1..=count {
        let g = generator.generate(seed)?;
        givens += g.givens;
        for &v in g.puzzle.values() {
            checksum = checksum.wrapping_mul(31).wrapping_add(v as u64);
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{count} puzzles ({symmetry}, {side}x{side}): {secs:.3} s, {:.0} puzzles/s, {:.1} µs each, mean givens {:.2}, checksum {checksum:016x}",
        count as f64 / secs,
        secs * 1e6 / count as f64,
        givens as f64 / count as f64
    );
    Ok(())
}
