//! Checks the 9×9 random-grid filler against the exact law of band classes: `cargo run
//! --release -p sudokit-generate --example band_check -- [COUNT] [SEED] [SOURCE]` draws COUNT
//! grids (default 1,000,000; grid `i` from `Rng::derive(SEED, i)`, default seed 1), classifies
//! each grid's three bands and three stacks into Felgenhauer and Jarvis's 44 classes, and
//! prints Pearson's chi-square against `data/band_classes.tsv` for each position and pooled,
//! with p-values (classes expected fewer than 5 times are pooled into one bin). SOURCE is
//! `filler` (the default: `fill::random_grid`, which draws 9×9 grids with
//! `uniform::UniformGrids`), `exact` (`uniform::UniformGrids` itself, exactly uniform), or a biased source to see the check
//! fail: `dfs` (the randomised most-constrained-first backtracker that fills other layouts, and
//! filled 9×9 grids before session 10), `root` (seed 002's root solution, shuffled by relabelling and row, column,
//! band and stack permutations) or `rowmajor` (a randomised backtracker that fills the cells
//! in reading order instead of most constrained first); `walkN` is `dfs` followed by N
//! moves of a swap walk (an experiment: the walk does not mix fast enough to help).

use std::sync::Arc;
use std::time::Instant;

use sudokit_core::Layout;
use sudokit_generate::Rng;
use sudokit_generate::bands::{BandClasses, Tally, exact_table, is_grid, shuffled};
use sudokit_generate::fill::{backtrack_grid, random_grid, root_solution};
use sudokit_generate::uniform::UniformGrids;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let count: u64 = args.next().map_or(Ok(1_000_000), |c| c.parse())?;
    let seed: u64 = args.next().map_or(Ok(1), |c| c.parse())?;
    let source = args.next().unwrap_or_else(|| "filler".into());
    let layout = Arc::new(Layout::standard(9).map_err(|e| e.to_string())?);
    let root: Vec<u8> = root_solution(&layout)?.values().to_vec();
    let start = Instant::now();
    let orbits = BandClasses::new();
    let mut tally = Tally::new(&exact_table());
    let mut drawing = std::time::Duration::ZERO;
    for i in 0..count {
        let mut rng = Rng::new(Rng::derive(seed, i));
        let drawn = Instant::now();
        let grid: Vec<u8> = match source.as_str() {
            "filler" => random_grid(&layout, &mut rng, 100)?.values().to_vec(),
            "root" => shuffled(&root, &mut rng),
            "exact" => UniformGrids::get().sample(&mut rng).to_vec(),
            "dfs" => backtrack_grid(&layout, &mut rng, 100)?.values().to_vec(),
            "rowmajor" => row_major(&mut rng),
            walk if walk.starts_with("walk") => {
                let steps: usize = walk[4..].parse()?;
                let mut g = backtrack_grid(&layout, &mut rng, 100)?.values().to_vec();
                swap_walk(&mut g, &mut rng, steps);
                g
            }
            other => return Err(format!("unknown source {other:?}").into()),
        };
        drawing += drawn.elapsed();
        if !is_grid(&grid) {
            return Err(format!("grid {i} from {source} is not a valid grid: {grid:?}").into());
        }
        tally.add(&orbits, &grid);
    }
    let secs = start.elapsed().as_secs_f64();
    let draw = drawing.as_secs_f64();
    println!(
        "{} grids from {source}, seed {seed}, {secs:.1} s ({draw:.2} s drawing them: {:.0} grids/s)",
        tally.grids(),
        tally.grids() as f64 / draw
    );
    for pos in 0..6 {
        let c = tally.position(pos);
        let name = if pos < 3 { "band" } else { "stack" };
        println!(
            "{name} {}: chi-square {:10.2}  dof {:2}  p {:.3e}",
            pos % 3 + 1,
            c.statistic,
            c.dof,
            c.p_value
        );
    }
    if std::env::var_os("BAND_CHECK_CLASSES").is_some() {
        let table = exact_table();
        let grids = tally.grids() as f64;
        println!("class  completions  expected(band 1)  observed(bands 1-3, stacks 1-3)");
        for k in 0..44 {
            let rows: Vec<_> = table.iter().filter(|r| r.class == k).collect();
            let p: f64 = rows.iter().map(|r| r.probability()).sum();
            let obs: Vec<u64> = (0..6).map(|pos| tally.counts(pos)[k]).collect();
            println!(
                "{k:5} {:12} {:12.1}  {obs:?}",
                rows[0].completions,
                p * grids
            );
        }
    }
    let c = tally.pooled();
    println!(
        "pooled (6 per grid, approximate): chi-square {:.2}  dof {}  p {:.3e}",
        c.statistic, c.dof, c.p_value
    );
    Ok(())
}

/// A randomised backtracker in reading order (digits in random order, restarts after 2,000
/// nodes): simpler than the filler and visibly biased.
fn row_major(rng: &mut Rng) -> Vec<u8> {
    fn fill(g: &mut [u8; 81], i: usize, rng: &mut Rng, nodes: &mut u32) -> bool {
        if i == 81 {
            return true;
        }
        let (r, c) = (i / 9, i % 9);
        let mut used = 0u16;
        for j in 0..9 {
            used |= 1 << g[r * 9 + j] | 1 << g[j * 9 + c];
            used |= 1 << g[(r / 3 * 3 + j / 3) * 9 + c / 3 * 3 + j % 3];
        }
        let mut digits: Vec<u8> = (1..=9).filter(|&d| used >> d & 1 == 0).collect();
        rng.shuffle(&mut digits);
        for d in digits {
            if *nodes == 0 {
                return false;
            }
            *nodes -= 1;
            g[i] = d;
            if fill(g, i + 1, rng, nodes) {
                return true;
            }
            g[i] = 0;
        }
        false
    }
    loop {
        let mut g = [0u8; 81];
        let mut nodes = 2_000;
        if fill(&mut g, 0, rng, &mut nodes) {
            return g.to_vec();
        }
    }
}

/// `steps` moves of a random walk on grids: a random cell and another digit, and the two
/// digits swapped on the smallest set of cells around that cell where the swap keeps the grid
/// valid (a symmetric proposal, so the uniform law is stationary).
fn swap_walk(g: &mut [u8], rng: &mut Rng, steps: usize) {
    for _ in 0..steps {
        let c = rng.below(81);
        let a = g[c];
        let mut b = rng.below(8) as u8 + 1;
        if b >= a {
            b += 1;
        }
        let mut set = vec![c];
        let mut i = 0;
        while i < set.len() {
            let x = set[i];
            let other = if g[x] == a { b } else { a };
            let (r, col) = (x / 9, x % 9);
            for j in 0..9 {
                for y in [
                    r * 9 + j,
                    j * 9 + col,
                    (r / 3 * 3 + j / 3) * 9 + col / 3 * 3 + j % 3,
                ] {
                    if g[y] == other && !set.contains(&y) {
                        set.push(y);
                    }
                }
            }
            i += 1;
        }
        for &x in &set {
            g[x] = if g[x] == a { b } else { a };
        }
    }
}
