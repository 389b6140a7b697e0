//! Cell rules, groups and indexers: odd, even, minimum, maximum, quadruple, clone, extra
//! regions, disjoint groups, and row, column and box indexers.

use super::{Check, Filled, Indexing, Pos};

pub(super) fn parity(g: &Filled<'_>, cells: &[Pos], rest: u32) -> Check {
    for &p in cells {
        if g.at(p) % 2 != rest {
            let want = if rest == 1 { "odd" } else { "even" };
            return Err(format!("{p} = {} is not {want}", g.at(p)));
        }
    }
    Ok(())
}

pub(super) fn extremum(g: &Filled<'_>, cells: &[Pos], maximum: bool) -> Check {
    for &p in cells {
        let x = g.at(p);
        let neighbours = [(0isize, 1isize), (0, -1), (1, 0), (-1, 0)];
        for (dr, dc) in neighbours {
            let (r, c) = (p.row as isize + dr, p.col as isize + dc);
            if r < 0 || c < 0 || r as usize >= g.n || c as usize >= g.n {
                continue;
            }
            let q = Pos::new(r as usize, c as usize);
            if cells.contains(&q) {
                continue; // neighbours in the same set are not compared
            }
            let y = g.at(q);
            if (maximum && x <= y) || (!maximum && x >= y) {
                let want = if maximum { "greater" } else { "smaller" };
                return Err(format!("{p} = {x} is not {want} than {q} = {y}"));
            }
        }
    }
    Ok(())
}

pub(super) fn quadruple(g: &Filled<'_>, cells: &[Pos], digits: &[u32]) -> Check {
    let mut left = g.digits(cells);
    for &d in digits {
        match left.iter().position(|&x| x == d) {
            Some(i) => {
                left.swap_remove(i);
            }
            None => return Err(format!("digit {d} is missing (or too few times)")),
        }
    }
    Ok(())
}

pub(super) fn clone(g: &Filled<'_>, cells: &[Pos], clone: &[Pos]) -> Check {
    for (&p, &q) in cells.iter().zip(clone) {
        if g.at(p) != g.at(q) {
            return Err(format!("{p} = {} but its clone {q} = {}", g.at(p), g.at(q)));
        }
    }
    Ok(())
}

pub(super) fn distinct(g: &Filled<'_>, cells: &[Pos]) -> Check {
    super::sums::distinct_digits(g, cells)
}

pub(super) fn disjoint_groups(g: &Filled<'_>) -> Check {
    let regions: Vec<Vec<Pos>> = (0..g.n).map(|r| g.region_cells(r)).collect();
    for k in 0..g.n {
        let group: Vec<Pos> = regions
            .iter()
            .filter_map(|cells| cells.get(k).copied())
            .collect();
        distinct(g, &group).map_err(|e| format!("group {}: {e}", k + 1))?;
    }
    Ok(())
}

pub(super) fn indexer(g: &Filled<'_>, cells: &[Pos], kind: Indexing) -> Check {
    for &p in cells {
        let d = g.at(p) as usize;
        let (target, want) = match kind {
            Indexing::Row => (Pos::new(d - 1, p.col), p.row + 1),
            Indexing::Column => (Pos::new(p.row, d - 1), p.col + 1),
            Indexing::Region => {
                let region = g.region_cells(usize::from(g.region_of[p.index(g.n)]));
                let k = region.iter().position(|&q| q == p).unwrap_or(0);
                (region[d - 1], k + 1)
            }
        };
        if g.at(target) as usize != want {
            return Err(format!(
                "{p} = {d} says {target} holds {want}, but it holds {}",
                g.at(target)
            ));
        }
    }
    Ok(())
}
