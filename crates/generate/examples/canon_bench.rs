//! Times the canonical form alone: `cargo run --release -p sudokit-generate --example
//! canon_bench -- FILE [REPEAT]` reads 81-character puzzle lines (`.` or `0` for empty cells),
//! computes every minlex form `REPEAT` times (default 3) and prints the best pass in puzzles/s
//! with a checksum of the forms, so two builds can be compared on speed and output.

use std::time::Instant;

use sudokit_generate::canon::minlex;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or("usage: canon_bench FILE [REPEAT]")?;
    let repeat: usize = match args.next() {
        Some(r) => r.parse().map_err(|e| format!("REPEAT {r:?}: {e}"))?,
        None => 3,
    };
    let text = std::fs::read_to_string(&path)?;
    let mut puzzles = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bytes = line.as_bytes();
        if bytes.len() < 81 {
            return Err(format!("line {}: fewer than 81 cells", i + 1).into());
        }
        let mut v = [0u8; 81];
        for (cell, &b) in v.iter_mut().zip(&bytes[..81]) {
            *cell = match b {
                b'1'..=b'9' => b - b'0',
                b'.' | b'0' => 0,
                _ => return Err(format!("line {}: bad cell {:?}", i + 1, b as char).into()),
            };
        }
        puzzles.push(v);
    }
    let mut best = f64::INFINITY;
    let mut checksum = 0u64;
    for _ in 0..repeat.max(1) {
        let start = Instant::now();
        checksum = 0;
        for p in &puzzles {
            let f = minlex(p);
            for &x in &f {
                checksum = checksum.wrapping_mul(31).wrapping_add(x as u64);
            }
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{} puzzles, best of {} passes: {:.3} s, {:.0} puzzles/s, {:.2} µs each, checksum {:016x}",
        puzzles.len(),
        repeat.max(1),
        best,
        puzzles.len() as f64 / best,
        best * 1e6 / puzzles.len() as f64,
        checksum
    );
    Ok(())
}
