//! Which instance HoDoKu takes when several techniques are one of its steps (issue 42).
//!
//! HoDoKu searches some families as one step and applies the best instance found, not the
//! first: its "nice loop / AIC" step covers continuous and discontinuous nice loops and AICs,
//! its grouped step the grouped three, its forcing chain step both contradiction and verity,
//! and so does its forcing net step. sudokit keeps each of them a technique of its own (each
//! has its own HoDoKu code and score); in HoDoKu's order the solver asks every enabled member
//! of a group for all its instances and keeps the best by HoDoKu's rules:
//! - loops and AICs: the most eliminations; then (instances clearing other candidates) the
//!   lowest weighted sum of the eliminated candidates (cell index times 1, 81, 161, … plus the
//!   digit; for loops and AICs in HoDoKu's order of them, by digit and then cell, otherwise in
//!   cell order); then a loop before an AIC (HoDoKu looks for the loops first and
//!   keeps the first of equal rank); then the shortest chain;
//! - the same for X-chains, XY-chains, remote pairs, turbot fish and ALS chains, each of which
//!   HoDoKu also searches in full and sorts (for ALS chains the chain length stands for the
//!   number and size of the sets); in its grouped step HoDoKu keeps only the loops and AICs
//!   that hold a group node; and it takes an AIC only when both its ends are single
//!   candidates (its AIC check skips a chain ending in a group), so a grouped AIC from or to a
//!   group is left out;
//! - forcing chains and nets: placing before eliminating; the most placements (eliminations);
//!   then the lowest cells (candidates, compared one by one in cell order); then the shortest
//!   chains.
//!
//! Design decision: a total sort key (ties kept in the order found, as HoDoKu's stable sort
//! keeps them), so the choice never depends on a comparison that is not an order.

use sudokit_core::{Cell, Digit};

use crate::grid::CandidateGrid;

use crate::step::Step;

/// The groups HoDoKu searches as one step (or single techniques whose instances it sorts), by
/// technique id; the index decides the rule (see [`best`]).
pub(crate) const GROUPS: [&[&str]; 9] = [
    &["continuous-nice-loop", "discontinuous-nice-loop", "aic"],
    &[
        "grouped-continuous-nice-loop",
        "grouped-discontinuous-nice-loop",
        "grouped-aic",
    ],
    &["forcing-chain-contradiction", "forcing-chain-verity"],
    &["forcing-net-contradiction", "forcing-net-verity"],
    &["x-chain"],
    &["xy-chain"],
    &["remote-pair"],
    &["turbot-fish"],
    &["als-xy-chain"],
];

/// Group indices with a rule of their own.
const GROUPED_LOOPS: usize = 1;
const FORCING: [usize; 2] = [2, 3];

/// The group `id` belongs to (an index into [`GROUPS`]), if any.
pub(crate) fn group_of(id: &str) -> Option<usize> {
    GROUPS.iter().position(|g| g.contains(&id))
}

fn chain_len(s: &Step) -> usize {
    s.highlight.chains.iter().map(|c| c.nodes.len()).sum()
}

/// Candidates as HoDoKu numbers them (cell index, digit), in cell order.
fn cands(list: &[crate::step::Candidate]) -> Vec<(usize, u8)> {
    let mut v: Vec<(usize, u8)> = list
        .iter()
        .map(|c| (c.cell.index(), c.digit.get()))
        .collect();
    v.sort_unstable();
    v
}

/// A chain node as HoDoKu's rules see it.
#[derive(Clone)]
struct Node {
    /// Its first cell.
    cell: Cell,
    /// All its cells (a group's, or an ALS's).
    cells: Vec<Cell>,
    digit: Digit,
    on: bool,
}

/// HoDoKu's lasso rule (its `addChain`) on a chain from start to end: no node's first cell
/// may lie in an earlier node other than the one just before it; a nice loop (not `aic`) may
/// come back to its start cell.
fn lasso_free(seq: &[Node], aic: bool) -> bool {
    let Some(start) = seq.first().map(|n| n.cell) else {
        return true;
    };
    let mut lasso: Vec<Cell> = Vec::new();
    for (i, n) in seq.iter().enumerate() {
        if lasso.contains(&n.cell) {
            return false;
        }
        if i > 0 && (aic || seq[i - 1].cell != start) {
            lasso.extend(&seq[i - 1].cells);
        }
    }
    true
}

/// Whether HoDoKu builds the loop `cyc` (its nodes in order, the first in the start cell, the
/// last linked back to the first) from its start cell: HoDoKu's loop starts with the last of
/// the start cell's nodes at the beginning and ends with the first of them at the end (its
/// first link leaves the cell, its last one comes from another), in either direction. Its
/// tables keep the first way they reach a candidate, so a loop whose end is the premise
/// itself or follows from it at once (another digit of the cell off after one on, another
/// digit of a bivalue cell on after one off) is never built.
fn loop_from_start(cyc: &[Node], bivalue: bool, continuous: bool) -> bool {
    let n = cyc.len();
    let start = cyc[0].cell;
    let mut lo = 0;
    while lo + 1 < n && cyc[lo + 1].cell == start {
        lo += 1;
    }
    let mut hi = n - 1;
    while hi > lo && cyc[hi].cell == start {
        hi -= 1;
    }
    if hi == lo {
        return true;
    }
    // A discontinuous loop is taken as found: its first link leaves the start cell and its
    // last one comes from another (read backwards, HoDoKu's tables reach its nodes otherwise).
    if !continuous && (lo != 0 || hi + 2 < n) {
        return false;
    }
    // A loop through its start cell twice closes there first.
    if cyc[lo + 1..=hi].iter().any(|m| m.cell == start) {
        return false;
    }
    let mut seq: Vec<Node> = cyc[lo..=hi].to_vec();
    seq.push(cyc.get(hi + 1).unwrap_or(&cyc[0]).clone());
    let found = |seq: &[Node]| {
        let (p, e) = (&seq[0], &seq[seq.len() - 1]);
        let at_once = (p.digit == e.digit && p.on == e.on)
            || (p.digit != e.digit && p.on && !e.on)
            || (p.digit != e.digit && !p.on && e.on && bivalue);
        !at_once && lasso_free(seq, false)
    };
    if found(&seq) {
        return true;
    }
    if !continuous {
        return false;
    }
    seq.reverse();
    // Read backwards, each node's value is the negation of what it implies forwards.
    for m in &mut seq {
        m.on = !m.on;
    }
    found(&seq)
}

/// Whether HoDoKu's tables would build this loop or AIC (its `addChain`, `checkNiceLoop` and
/// `checkAics`), in some direction (HoDoKu starts from every candidate, on and off): the
/// lasso rule; a discontinuous loop from its start cell, a continuous one from any of its
/// cells; an AIC with one digit at both ends removes two or more candidates (one is a nice
/// loop's to HoDoKu), with two digits its ends see each other and each holds the other's
/// digit.
fn hodoku_shape(s: &Step, g: &CandidateGrid) -> bool {
    let Some(chain) = s.highlight.chains.first() else {
        return true;
    };
    let mut seq: Vec<Node> = chain
        .nodes
        .iter()
        .map(|n| Node {
            cell: n.cells[0],
            cells: n.cells.iter().chain(&n.als).copied().collect(),
            digit: n.digit,
            on: n.on,
        })
        .collect();
    let bivalue = |c: Cell| g.candidates(c).len() == 2;
    let (Some(first), Some(last)) = (chain.nodes.first(), chain.nodes.last()) else {
        return true;
    };
    match s.technique.id {
        "aic" | "grouped-aic" => {
            let ends = if first.digit == last.digit {
                s.eliminations.len() >= 2
            } else {
                s.eliminations.len() == 2
            };
            let forward = lasso_free(&seq, true);
            seq.reverse();
            ends && (forward || lasso_free(&seq, true))
        }
        "continuous-nice-loop" | "grouped-continuous-nice-loop" => {
            let n = seq.len();
            (0..n).any(|i| {
                seq[i].cell != seq[(i + n - 1) % n].cell && {
                    let mut cyc = seq[i..].to_vec();
                    cyc.extend_from_slice(&seq[..i]);
                    loop_from_start(&cyc, bivalue(seq[i].cell), true)
                }
            })
        }
        _ => {
            let start = seq[0].cell;
            if seq[seq.len() - 1].cell != start {
                // The last node sees the start, which it turns off.
                seq.push(Node {
                    cell: start,
                    cells: vec![start],
                    digit: first.digit,
                    on: false,
                });
            }
            loop_from_start(&seq, bivalue(start), false)
        }
    }
}

/// The instance HoDoKu applies among `found` (in the order found), for group `group`.
pub(crate) fn best(group: usize, mut found: Vec<Step>, g: &CandidateGrid) -> Option<Step> {
    let forcing = FORCING.contains(&group);
    if group == GROUPED_LOOPS {
        // HoDoKu's grouped step keeps only chains with a group (or ALS) node in them.
        found.retain(|s| {
            s.highlight
                .chains
                .iter()
                .flat_map(|c| &c.nodes)
                .any(|n| n.cells.len() > 1 || !n.als.is_empty())
        });
    }
    if group <= GROUPED_LOOPS {
        found.retain(|s| hodoku_shape(s, g));
        // HoDoKu's AICs start and end on single candidates.
        found.retain(|s| {
            !matches!(s.technique.id, "aic" | "grouped-aic")
                || s.highlight.chains.iter().all(|c| {
                    [c.nodes.first(), c.nodes.last()]
                        .into_iter()
                        .flatten()
                        .all(|n| n.cells.len() == 1 && n.als.is_empty())
                })
        });
    }
    let key = |s: &Step| -> (usize, usize, Vec<usize>, bool, usize) {
        if forcing {
            let placing = !s.placements.is_empty();
            let list = cands(if placing {
                &s.placements
            } else {
                &s.eliminations
            });
            let n = list.len();
            let order = list.iter().map(|&(c, d)| c * 10 + d as usize).collect();
            (
                usize::from(!placing),
                usize::MAX - n,
                order,
                false,
                chain_len(s),
            )
        } else {
            let mut list = cands(&s.eliminations);
            if group <= GROUPED_LOOPS {
                // HoDoKu sorts a loop's or AIC's eliminations by digit, then cell (its
                // `getCandidateString`) before it sums them.
                list.sort_unstable_by_key(|&(c, d)| (d, c));
            }
            let sum = list
                .iter()
                .enumerate()
                .map(|(i, &(c, d))| c * (1 + 80 * i) + d as usize)
                .sum();
            // HoDoKu looks for loops before AICs and keeps the first of equal rank.
            let aic = matches!(s.technique.id, "aic" | "grouped-aic");
            (0, usize::MAX - list.len(), vec![sum], aic, chain_len(s))
        }
    };
    found
        .into_iter()
        .enumerate()
        .min_by_key(|(i, s)| (key(s), *i))
        .map(|(_, s)| s)
}
