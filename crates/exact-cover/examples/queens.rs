//! N queens as exact cover: rows and columns are primary items (exactly one queen each), the
//! diagonals are secondary items (at most one queen each). Run with
//! `cargo run --release -p sudokit-exact-cover --example queens -- 8` (default 8).

use exact_cover::{BuildError, Builder, Item, Problem};
use std::time::Instant;

/// Items: rows 0..n, columns n..2n (primary); diagonals r+c and r-c+n-1 (secondary).
/// Option `r * n + c` places a queen on row `r`, column `c`.
fn problem(n: usize) -> Result<Problem, BuildError> {
    let diagonals = 2 * n.saturating_sub(1) + usize::from(n > 0);
    let mut b = Builder::with_items(2 * n, 2 * diagonals);
    for r in 0..n {
        for c in 0..n {
            b.option([
                Item(r),
                Item(n + c),
                Item(2 * n + r + c),
                Item(2 * n + diagonals + r + n - 1 - c),
            ])?;
        }
    }
    b.build()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let n: usize = match std::env::args().nth(1) {
        Some(a) => a
            .parse()
            .map_err(|_| format!("the board size must be a whole number, got '{a}'"))?,
        None => 8,
    };
    let p = problem(n)?;
    if let Some(first) = p.first() {
        let mut cols = vec![0; n];
        for o in first {
            cols[o / n] = o % n;
        }
        for c in cols {
            println!(
                "{}",
                (0..n)
                    .map(|k| if k == c { 'Q' } else { '.' })
                    .collect::<String>()
            );
        }
    }
    let start = Instant::now();
    let mut s = p.solver();
    let (found, _) = s.count_up_to(u64::MAX);
    println!(
        "{n} queens: {found} solutions ({} nodes, {} updates, {:.3} s)",
        s.stats().nodes,
        s.stats().updates,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    fn count(n: usize) -> Result<u64, exact_cover::BuildError> {
        Ok(super::problem(n)?.count())
    }

    #[test]
    fn small_boards_match_the_known_counts() {
        let known = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
        for (n, &k) in known.iter().enumerate() {
            assert_eq!(count(n).unwrap(), k, "{n} queens");
        }
    }

    #[test]
    fn twelve_queens_have_14200_solutions() {
        assert_eq!(count(12).unwrap(), 14_200);
    }
}
