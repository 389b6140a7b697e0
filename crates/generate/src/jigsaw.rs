//! Random jigsaw region maps: N connected regions of N cells each.
//!
//! Design decision: start from a valid map (the layout's boxes when the side has a box shape,
//! otherwise rows) and apply many random *swaps*: a cell of region A on A's border with B moves
//! to B while a cell of B on B's border with A moves to A; a swap is kept only when both regions
//! stay connected. Every map it produces is valid by construction; whether it has a solution
//! grid at all is left to the filler, and the generator draws a new map when it has none.

use sudokit_core::Layout;
use sudokit_core::layout::default_box;

use crate::GenError;
use crate::rng::Rng;

/// A random valid region map for an n×n jigsaw (`swaps` attempted moves; 0 keeps the start).
pub fn random_regions(n: usize, rng: &mut Rng, swaps: usize) -> Result<Vec<u8>, GenError> {
    if !(2..=64).contains(&n) {
        return Err(GenError::Unsupported(format!("jigsaw side {n} (2..=64)")));
    }
    let mut map: Vec<u8> = match default_box(n) {
        Some((br, bc)) => (0..n * n)
            .map(|i| ((i / n) / br * (n / bc) + (i % n) / bc) as u8)
            .collect(),
        None => (0..n * n).map(|i| (i / n) as u8).collect(),
    };
    let neighbours = |i: usize| {
        let (r, c) = (i / n, i % n);
        let mut v = Vec::with_capacity(4);
        if r > 0 {
            v.push(i - n);
        }
        if r + 1 < n {
            v.push(i + n);
        }
        if c > 0 {
            v.push(i - 1);
        }
        if c + 1 < n {
            v.push(i + 1);
        }
        v
    };
    let connected = |map: &[u8], region: u8| {
        let cells: Vec<usize> = (0..n * n).filter(|&i| map[i] == region).collect();
        let Some(&start) = cells.first() else {
            return false;
        };
        let mut seen = vec![false; n * n];
        let mut stack = vec![start];
        seen[start] = true;
        let mut count = 0;
        while let Some(i) = stack.pop() {
            count += 1;
            for j in neighbours(i) {
                if !seen[j] && map[j] == region {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        count == cells.len()
    };
    for _ in 0..swaps {
        let a = rng.below(n * n);
        let nb = neighbours(a);
        let b0 = *rng.pick(&nb);
        let (ra, rb) = (map[a], map[b0]);
        if ra == rb {
            continue;
        }
        // A cell of region B that touches region A (other than sending `a` straight back).
        let border: Vec<usize> = (0..n * n)
            .filter(|&j| map[j] == rb && neighbours(j).iter().any(|&k| map[k] == ra && k != a))
            .collect();
        if border.is_empty() {
            continue;
        }
        let b = *rng.pick(&border);
        map[a] = rb;
        map[b] = ra;
        if !(connected(&map, ra) && connected(&map, rb)) {
            map[a] = ra;
            map[b] = rb;
        }
    }
    Ok(map)
}

/// A random jigsaw layout (see [`random_regions`]); the swap count scales with the grid.
pub fn random_layout(n: usize, rng: &mut Rng) -> Result<Layout, GenError> {
    let map = random_regions(n, rng, 20 * n * n)?;
    Layout::jigsaw(n, map).map_err(|e| GenError::Unsupported(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_are_valid_connected_and_differ_from_boxes() {
        let mut rng = Rng::new(4);
        for n in [4, 5, 6, 7, 9] {
            let map = random_regions(n, &mut rng, 20 * n * n).unwrap();
            assert!(Layout::jigsaw(n, map.clone()).is_ok());
            for r in 0..n as u8 {
                assert_eq!(map.iter().filter(|&&x| x == r).count(), n);
            }
            let start = random_regions(n, &mut rng, 0).unwrap();
            assert_ne!(map, start, "n = {n}");
        }
    }
}
