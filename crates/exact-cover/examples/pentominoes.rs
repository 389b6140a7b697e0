//! The twelve pentominoes packed into a 6×10 rectangle, as exact cover: the 12 pieces and the
//! 60 cells are primary items; an option is one placement of one piece (any rotation or
//! reflection). There are 9,356 packings, or 2,339 up to the symmetries of the rectangle;
//! the second count pins the X pentomino (symmetric itself) to one quarter of the board.
//! Run with `cargo run --release -p sudokit-exact-cover --example pentominoes`.

use exact_cover::{BuildError, Builder, Item, Problem};
use std::time::Instant;

const ROWS: usize = 6;
const COLS: usize = 10;

/// The pieces, each drawn on a few rows (`#` = a square).
const PIECES: [(char, &[&str]); 12] = [
    ('F', &[".##", "##.", ".#."]),
    ('I', &["#####"]),
    ('L', &["####", "#..."]),
    ('N', &["##..", ".###"]),
    ('P', &["##", "##", "#."]),
    ('T', &["###", ".#.", ".#."]),
    ('U', &["#.#", "###"]),
    ('V', &["#..", "#..", "###"]),
    ('W', &["#..", "##.", ".##"]),
    ('X', &[".#.", "###", ".#."]),
    ('Y', &["####", ".#.."]),
    ('Z', &["##.", ".#.", ".##"]),
];

type Shape = Vec<(usize, usize)>;

fn cells(rows: &[&str]) -> Shape {
    let mut v = Vec::new();
    for (r, line) in rows.iter().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            if ch == '#' {
                v.push((r, c));
            }
        }
    }
    v
}

/// Moves a shape to the top-left corner and sorts it, so equal orientations compare equal.
fn normalize(shape: &[(isize, isize)]) -> Shape {
    let r0 = shape.iter().map(|p| p.0).min().unwrap_or(0);
    let c0 = shape.iter().map(|p| p.1).min().unwrap_or(0);
    let mut v: Shape = shape
        .iter()
        .map(|&(r, c)| ((r - r0) as usize, (c - c0) as usize))
        .collect();
    v.sort_unstable();
    v
}

/// The distinct rotations and reflections of a shape.
fn orientations(shape: &Shape) -> Vec<Shape> {
    let mut out: Vec<Shape> = Vec::new();
    let mut cur: Vec<(isize, isize)> = shape
        .iter()
        .map(|&(r, c)| (r as isize, c as isize))
        .collect();
    for flip in 0..2 {
        if flip == 1 {
            cur = cur.iter().map(|&(r, c)| (r, -c)).collect();
        }
        for _ in 0..4 {
            cur = cur.iter().map(|&(r, c)| (c, -r)).collect();
            let n = normalize(&cur);
            if !out.contains(&n) {
                out.push(n);
            }
        }
    }
    out
}

/// One option per placement; `quarter` keeps only X placements centred in the top-left
/// quarter of the board. Returns the problem and, per option, (piece, cells).
fn problem(quarter: bool) -> Result<(Problem, Vec<(char, Shape)>), BuildError> {
    let mut b = Builder::with_items(PIECES.len() + ROWS * COLS, 0);
    let mut placements = Vec::new();
    for (k, &(name, rows)) in PIECES.iter().enumerate() {
        for o in orientations(&cells(rows)) {
            let h = o.iter().map(|p| p.0).max().unwrap_or(0) + 1;
            let w = o.iter().map(|p| p.1).max().unwrap_or(0) + 1;
            for dr in 0..=ROWS.saturating_sub(h) {
                for dc in 0..=COLS.saturating_sub(w) {
                    if quarter && name == 'X' && (dr + 1 >= ROWS / 2 || dc + 1 >= COLS / 2) {
                        // The X's centre is at (dr + 1, dc + 1); keep rows < 3 and columns < 5.
                        continue;
                    }
                    let placed: Shape = o.iter().map(|&(r, c)| (r + dr, c + dc)).collect();
                    let items = std::iter::once(Item(k)).chain(
                        placed
                            .iter()
                            .map(|&(r, c)| Item(PIECES.len() + r * COLS + c)),
                    );
                    b.option(items)?;
                    placements.push((name, placed));
                }
            }
        }
    }
    Ok((b.build()?, placements))
}

fn main() -> Result<(), BuildError> {
    let (p, placements) = problem(false)?;
    if let Some(first) = p.first() {
        let mut board = [['.'; COLS]; ROWS];
        for o in first {
            let (name, cells) = &placements[o];
            for &(r, c) in cells {
                board[r][c] = *name;
            }
        }
        for row in board {
            println!("{}", row.iter().collect::<String>());
        }
    }
    for (quarter, what) in [(true, "up to symmetry"), (false, "every orientation")] {
        let start = Instant::now();
        let (p, _) = problem(quarter)?;
        let mut s = p.solver();
        let (found, _) = s.count_up_to(u64::MAX);
        println!(
            "6x10 pentominoes, {what}: {found} ({} options, {} nodes, {} updates, {:.3} s)",
            p.option_count(),
            s.stats().nodes,
            s.stats().updates,
            start.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(quarter: bool) -> Result<u64, BuildError> {
        Ok(problem(quarter)?.0.count())
    }

    #[test]
    fn pieces_have_their_known_orientation_counts() {
        let counts: Vec<usize> = PIECES
            .iter()
            .map(|(_, rows)| orientations(&cells(rows)).len())
            .collect();
        // F I L N P T U V W X Y Z
        assert_eq!(counts, [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
        assert!(PIECES.iter().all(|(_, rows)| cells(rows).len() == 5));
    }

    #[test]
    fn first_packing_tiles_the_board() {
        let (p, placements) = problem(false).unwrap();
        let first = p.first().unwrap();
        let mut seen = [[0u8; COLS]; ROWS];
        let mut pieces: Vec<char> = Vec::new();
        for o in first {
            pieces.push(placements[o].0);
            for &(r, c) in &placements[o].1 {
                seen[r][c] += 1;
            }
        }
        pieces.sort_unstable();
        assert_eq!(pieces.iter().collect::<String>(), "FILNPTUVWXYZ");
        assert!(seen.iter().flatten().all(|&k| k == 1));
    }

    #[test]
    fn there_are_2339_packings_up_to_symmetry() {
        assert_eq!(count(true).unwrap(), 2_339);
    }

    #[test]
    #[ignore = "slow without --release"]
    fn there_are_9356_packings_counting_orientations() {
        assert_eq!(count(false).unwrap(), 9_356);
    }
}
