//! Quick experiment driver: counts up to 2 solutions on the first N puzzles of a file and
//! prints totals (guesses, nodes) and the best time of a few passes.
//! `cargo run --release -p sudokit-fast --example search_stats -- FILE [N] [PASSES]`

use cpu_time::ThreadTime as Instant;
use sudokit_core::Flow;
use sudokit_fast::Fast;

struct Never;
impl sudokit_core::Termination for Never {
    fn should_stop(&mut self) -> bool {
        false
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("read");
    let n: usize = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let passes: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(3);
    let puzzles: Vec<[u8; 81]> = text
        .lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .take(n)
        .map(|l| {
            let mut c = [0u8; 81];
            for (x, ch) in c.iter_mut().zip(l.bytes()) {
                *x = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
            }
            c
        })
        .collect();
    let (mut nodes, mut guesses, mut back, mut sols) = (0u64, 0u64, 0u64, 0u64);
    let mut first_nodes = 0u64;
    for p in &puzzles {
        first_nodes += Fast::run(p, 1, &mut Never, |_| Flow::Continue)
            .counters
            .nodes;
        let o = Fast::run(p, 2, &mut Never, |_| Flow::Continue);
        nodes += o.counters.nodes;
        guesses += o.counters.guesses;
        back += o.counters.backtracks;
        sols += o.solutions;
    }
    let k = puzzles.len() as f64;

    let mut best = f64::INFINITY;
    let mut best1 = f64::INFINITY;
    for _ in 0..passes {
        let t = Instant::now();
        let mut s = 0;
        for p in &puzzles {
            s += Fast::count_up_to(std::hint::black_box(p), 2).0;
        }
        std::hint::black_box(s);
        best = best.min(t.elapsed().as_secs_f64());
        let t = Instant::now();
        for p in &puzzles {
            s += Fast::solve_first(std::hint::black_box(p)).1;
        }
        std::hint::black_box(s);
        best1 = best1.min(t.elapsed().as_secs_f64());
    }
    println!(
        "{} puzzles, sols {}, first-mode nodes/p {:.1}, nodes/p {:.1}, guesses/p {:.2}, backtracks/p {:.1}, unique {:.2} us/p, first {:.2} us/p",
        puzzles.len(),
        sols,
        first_nodes as f64 / k,
        nodes as f64 / k,
        guesses as f64 / k,
        back as f64 / k,
        best * 1e6 / k,
        best1 * 1e6 / k
    );
}
