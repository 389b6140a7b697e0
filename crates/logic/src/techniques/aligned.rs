//! Aligned pair exclusion: two cells that see each other; a digit of the first is impossible
//! when every digit of the second is excluded beside it — equal digits in cells that see each
//! other, or a third cell that sees both and would be left without a candidate. Every layout.
//!
//! Design decision: the exclusion test is the plain one Sudoku Explainer uses (a common peer
//! whose candidates lie inside the pair), checked pair by pair; it needs no chains and stays
//! cheap enough to run before them in SE's order.

use sudokit_core::{Cell, Digit, DigitSet};

use crate::grid::{CandidateGrid, CellSet};
use crate::memo;
use crate::render::{cell_name, cells_name};
use crate::step::{Role, Step};
use crate::technique::{Finder, Technique, TechniqueInfo};
use crate::techniques::table::ALIGNED_PAIR_EXCLUSION;

/// Finder for [`ALIGNED_PAIR_EXCLUSION`].
pub struct AlignedPair;

/// Why `a` and `b` cannot sit in two cells that see each other, if they cannot: `None` = the pair is possible.
fn excluded(g: &CandidateGrid, a: Digit, b: Digit, common: &[Cell]) -> Option<Option<Cell>> {
    if a == b {
        return Some(None);
    }
    let pair = DigitSet(DigitSet::single(a).0 | DigitSet::single(b).0);
    common
        .iter()
        .find(|&&c| g.candidates(c).0 & !pair.0 == 0)
        .map(|&c| Some(c))
}

impl Technique for AlignedPair {
    fn info(&self) -> &'static TechniqueInfo {
        &ALIGNED_PAIR_EXCLUSION
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        memo::since_miss(ALIGNED_PAIR_EXCLUSION.id, g, f, |changed, f| {
            find(g, changed, f)
        });
    }
}

/// The finder; with `changed`, only pairs of which a cell or a cell seeing both changed are
/// looked at (a pair's steps depend on its two cells and the bivalue cells seeing both, see
/// [`memo::since_miss`]).
fn find(g: &CandidateGrid, changed: Option<&CellSet>, f: &mut Finder<'_>) {
    {
        let l = g.layout();
        let cells: Vec<Cell> = g
            .empty_cells()
            .filter(|&c| (2..=5).contains(&g.candidates(c).len()))
            .collect();
        let changed_list: Vec<Cell> = changed.map_or_else(Vec::new, |ch| ch.iter().collect());
        for (i, &x) in cells.iter().enumerate() {
            for &y in &cells[i + 1..] {
                if !g.sees(x, y) {
                    continue;
                }
                if changed.is_some()
                    && !changed_list
                        .iter()
                        .any(|&c| c == x || c == y || (g.sees(c, x) && g.sees(c, y)))
                {
                    continue;
                }
                let common: Vec<Cell> = g
                    .peers(x)
                    .iter()
                    .copied()
                    .filter(|&c| {
                        c != y && g.value(c).is_none() && g.sees(c, y) && g.candidates(c).len() == 2
                    })
                    .collect();
                if common.is_empty() {
                    continue;
                }
                for (p, q) in [(x, y), (y, x)] {
                    for a in g.candidates(p).iter() {
                        let reasons: Option<Vec<Option<Cell>>> = g
                            .candidates(q)
                            .iter()
                            .map(|b| excluded(g, a, b, &common))
                            .collect();
                        let Some(reasons) = reasons else { continue };
                        let mut blockers: Vec<Cell> = reasons.into_iter().flatten().collect();
                        blockers.sort();
                        blockers.dedup();
                        let step = Step::new(&ALIGNED_PAIR_EXCLUSION)
                            .digits([a])
                            .cells([p, q].into_iter().chain(blockers.iter().copied()))
                            .eliminate(p, a)
                            .mark(p, a, Role::Eliminated)
                            .mark_candidates(g, &blockers, Role::Pattern);
                        let text = format!(
                            "{} and {} see each other. If {} were {a}, every candidate of {} would clash: equal to {a}, or emptying {}. So {} is not {a}.",
                            cell_name(l, p),
                            cell_name(l, q),
                            cell_name(l, p),
                            cell_name(l, q),
                            if blockers.is_empty() {
                                "nothing".to_string()
                            } else {
                                cells_name(l, &blockers)
                            },
                            cell_name(l, p)
                        );
                        if !f.emit(step.text(text)) {
                            return;
                        }
                    }
                }
            }
        }
    }
}
