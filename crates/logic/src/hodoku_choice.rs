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
//!   cell order); then the order HoDoKu finds them in (its sort keeps steps of equal rank
//!   in that order): loops from premises "on", then "off", then AICs, each by premise;
//!   then the shortest chain;
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
//!
//! Best only (issue 45, session 52). Since only the minimum is kept, a member of a group may
//! leave out a step whose key is strictly greater than that of a step the group already
//! found: the solver keeps the least [`Rank`] (the key's first four components, from steps
//! [`best`] may take only) of what the members reported so far and lends it to each
//! ([`Finder::bound`](crate::technique::Finder::bound)); a finder that can bound the rank of
//! everything one of its searches could report skips the search when that bound is above.
//! The steps it does report come in the same order, so ties are decided as before. (On the
//! 147 puzzles of `mt10th.txt` three quarters of the discontinuous-loop searches from a
//! premise "off" go.)

use sudokit_core::Cell;

use crate::step::{ChainNode, Step};

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

/// HoDoKu's lasso rule (its `addChain`) on a chain from start to end, each node given by
/// `first` (its first cell) and `cells` (all its cells): no node's first cell may lie in an
/// earlier node other than the one just before it; a nice loop (not `aic`) may come back to
/// its start cell. The chain finders apply it as they find chains in HoDoKu's order.
pub(crate) fn lasso_free_by<T>(
    seq: &[T],
    first: impl Fn(&T) -> Cell,
    cells: impl Fn(&T, &mut Vec<Cell>),
    aic: bool,
) -> bool {
    let Some(start) = seq.first().map(&first) else {
        return true;
    };
    let mut lasso: Vec<Cell> = Vec::with_capacity(2 * seq.len());
    for (i, n) in seq.iter().enumerate() {
        if lasso.contains(&first(n)) {
            return false;
        }
        if i > 0 && (aic || first(&seq[i - 1]) != start) {
            cells(&seq[i - 1], &mut lasso);
        }
    }
    true
}

/// [`lasso_free_by`] on a step's chain nodes: a node's first cell, and all its cells (a
/// group's, or an ALS's).
fn lasso_free(seq: &[ChainNode], aic: bool) -> bool {
    lasso_free_by(
        seq,
        |n| n.cells[0],
        |n, out| out.extend(n.cells.iter().chain(&n.als)),
        aic,
    )
}

/// Whether HoDoKu's tables would build this loop or AIC (its `addChain`, `checkNiceLoop` and
/// `checkAics`). In HoDoKu's order the chain finders report the chains HoDoKu's tables record
/// (see `chains::search`): a loop from its premise to another entry of the start cell, an AIC
/// from its premise (off) to its end (on), in both directions. So the chain is checked as it
/// is: the lasso rule; a loop's first link leaves the start cell and its last one comes from
/// another cell; an AIC with one digit at both ends removes two or more candidates (one is a
/// nice loop's to HoDoKu), with two digits it removes both ends' other digit.
fn hodoku_shape(s: &Step) -> bool {
    let Some(chain) = s.highlight.chains.first() else {
        return true;
    };
    let seq = &chain.nodes[..];
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
            ends && lasso_free(seq, true)
        }
        _ => {
            let n = seq.len();
            let start = seq[0].cells[0];
            n >= 4
                && seq[n - 1].cells[0] == start
                && seq[1].cells[0] != start
                && seq[n - 2].cells[0] != start
                && lasso_free(seq, false)
        }
    }
}

/// Where HoDoKu finds a loop or AIC, which decides between steps of equal rank (its sort keeps
/// them in the order found): loops from the premises "on" first, then from the premises "off",
/// then AICs, each by premise (cell, then digit); other groups keep the order found.
fn found_order(group: usize, s: &Step) -> usize {
    let Some(first) = s.highlight.chains.first().and_then(|c| c.nodes.first()) else {
        return 0;
    };
    if group > GROUPED_LOOPS {
        return 0;
    }
    let aic = matches!(s.technique.id, "aic" | "grouped-aic");
    loop_order(aic, first.on, first.cells[0].index(), first.digit.get())
}

/// [`found_order`] of a loop (or, `aic`, an AIC) whose premise is `digit` in cell `cell`,
/// "on" or not.
pub(crate) fn loop_order(aic: bool, on: bool, cell: usize, digit: u8) -> usize {
    let phase = if aic { 2 } else { usize::from(!on) };
    phase * 1_000_000 + cell * 10 + usize::from(digit)
}

/// HoDoKu's weighted sum of eliminated candidates `list` (cell index, digit), in the order
/// its sort sums them: the `i`-th candidate's cell times `1 + 80 i`, plus its digit.
pub(crate) fn weighted_sum(list: impl IntoIterator<Item = (usize, u8)>) -> usize {
    list.into_iter()
        .enumerate()
        .map(|(i, (c, d))| c * (1 + 80 * i) + d as usize)
        .sum()
}

/// The first four components of [`best`]'s key for a step of a group other than the forcing
/// ones, `(0, MAX − eliminations, weighted sum, found order)`: what a finder can bound
/// before a search (the fifth, the chain's length, and the index only break ties).
pub(crate) type Rank = (usize, usize, usize, usize);

/// Whether [`best`] may take `s` at all: HoDoKu's grouped step keeps only chains with a
/// group (or ALS) node in them; its loops and AICs must have its shape
/// ([`hodoku_shape`]), and its AICs start and end on single candidates.
fn eligible(group: usize, s: &Step) -> bool {
    if group == GROUPED_LOOPS
        && !s
            .highlight
            .chains
            .iter()
            .flat_map(|c| &c.nodes)
            .any(|n| n.cells.len() > 1 || !n.als.is_empty())
    {
        return false;
    }
    group > GROUPED_LOOPS
        || hodoku_shape(s)
            && (!matches!(s.technique.id, "aic" | "grouped-aic")
                || s.highlight.chains.iter().all(|c| {
                    [c.nodes.first(), c.nodes.last()]
                        .into_iter()
                        .flatten()
                        .all(|n| n.cells.len() == 1 && n.als.is_empty())
                }))
}

/// [`Rank`] of a step of a group other than the forcing ones.
fn rank_of(group: usize, s: &Step) -> Rank {
    let mut list = cands(&s.eliminations);
    if group <= GROUPED_LOOPS {
        // HoDoKu sorts a loop's or AIC's eliminations by digit, then cell (its
        // `getCandidateString`) before it sums them.
        list.sort_unstable_by_key(|&(c, d)| (d, c));
    }
    (
        0,
        usize::MAX - list.len(),
        weighted_sum(list.iter().copied()),
        found_order(group, s),
    )
}

/// The [`Rank`] of `s` when [`best`] may take it and `group` is not a forcing one, else
/// `None`. A step of the group whose rank is strictly greater than that of a step already
/// found is never [`best`]'s choice, so a finder may leave it out (see
/// [`Finder::bound`](crate::technique::Finder::bound)).
pub(crate) fn rank(group: usize, s: &Step) -> Option<Rank> {
    (!FORCING.contains(&group) && eligible(group, s)).then(|| rank_of(group, s))
}

/// The instance HoDoKu applies among `found` (in the order found), for group `group`.
pub(crate) fn best(group: usize, mut found: Vec<Step>) -> Option<Step> {
    let forcing = FORCING.contains(&group);
    found.retain(|s| eligible(group, s));
    let key = |s: &Step| -> (usize, usize, Vec<usize>, usize, usize) {
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
                0,
                chain_len(s),
            )
        } else {
            let (a, b, sum, order) = rank_of(group, s);
            (a, b, vec![sum], order, chain_len(s))
        }
    };
    found
        .into_iter()
        .enumerate()
        .min_by_key(|(i, s)| (key(s), *i))
        .map(|(_, s)| s)
}
