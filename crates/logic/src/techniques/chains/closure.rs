//! The closure of a kind's implication graph: which search states reach which, used to skip
//! starts whose searches cannot conclude anything.
//!
//! Design decision: a superset of what any bounded search can reach, built from the kernel's
//! strongly connected components in one walk, so pruning with it never hides a chain (the
//! tests compare pruned and unpruned finders).
//!
//! The graph's lists are made for the live nodes only, walked as the candidates in node order
//! (the list `Closure::new` numbers them from) and then the groups, instead of every node of
//! the graph with a test for the dead candidates: the same nodes in the same order, so the
//! same lists (session 69, issue 45: 3,698.5 → 3,695.7 M instructions on
//! `explain --order hodoku` of mt10th, every tenth puzzle of top1465).

use super::*;

/// Which search states reach which in one kind's implication graph, ignoring the depth bound
/// and the "uses a group" bit: a superset of what any [`search()`] from a state can reach, so a
/// search whose conclusions this rules out is skipped without changing what is found.
/// Discontinuous loops need it most: every candidate's "true" search ends in a contradiction
/// only if "S true" reaches "S false" (a true node that sees S is one weak link before it),
/// which few do; the closure costs about one search for all of them.
///
/// It also bounds what the AIC and continuous-loop finders can conclude (used for the kinds
/// that have them, Any and Grouped, up to 16×16). Every elimination of an open chain or of a
/// continuous loop removes a candidate X whose assumption "X true" reaches "X false" in the
/// same graph: X sees (or shares a cell with) one end S of a weak link the conclusion rests
/// on, so "X true" makes S false, the chain or the loop (walked on from S) then makes the
/// other end true, and that end sees X. So a grid with no such candidate
/// ([`Closure::contra`]) has no open chain or continuous loop that removes anything; an open
/// chain from S needs such an X in S's cell or among its digit's peers with "S false"
/// reaching "X false"; and a loop through S needs such an X with "X true" reaching "S false"
/// and "S false" reaching "X false" (the walk from the weak link's far end passes S false).
/// The loop's ALS eliminations rest on another argument, so with ALS nodes loops are not
/// pruned.
pub(super) struct Closure {
    /// Compact index of each live node (a candidate of the grid, or a group), `u32::MAX` if none.
    pub(super) id: Vec<u32>,
    /// Reach over the compact states `2 * id + val`.
    pub(super) reach: Components,
    /// Per candidate node: "true" reaches "false".
    pub(super) contra: Vec<bool>,
    /// The candidate nodes whose `contra` is set.
    pub(super) contra_list: Vec<u32>,
    /// Whether any candidate's `contra` is set.
    pub(super) any_contra: bool,
}

impl Closure {
    pub(super) fn new(g: &CandidateGrid, links: &Links, kind: Kind) -> Closure {
        let total = links.strong.len();
        let mut id = vec![u32::MAX; total];
        let mut live = 0u32;
        // Live nodes in node order: each cell's candidates (node `cell * n + digit index`),
        // then every group. `cand_nodes[i]` is the candidate node of compact index `i`.
        let n = links.n;
        let mut cand_nodes: Vec<u32> = Vec::with_capacity(links.cands);
        for (c, ids) in g.cells().zip(id[..links.cands].chunks_exact_mut(n)) {
            let cs = g.candidates(c);
            for d in cs.iter() {
                ids[d.index()] = live;
                cand_nodes.push(node(n, c, d));
                live += 1;
            }
        }
        for slot in &mut id[links.cands..] {
            *slot = live;
            live += 1;
        }
        let states = 2 * live as usize;
        let mut start = Vec::with_capacity(states + 1);
        // Room for every link at once (the weak ones listed, a few strong ones a node).
        let mut succ: Vec<u32> =
            Vec::with_capacity(links.weak.len() + links.weak_groups.total() + 4 * total);
        // The live nodes in node order: the candidates (`cand_nodes`), then every group —
        // the dead candidates have no state and no list.
        let groups = links.cands as u32..total as u32;
        for v in cand_nodes.iter().copied().chain(groups) {
            let v = v as usize;
            // "v false": strong links the kind allows.
            start.push(succ.len() as u32);
            for &(w, tag) in &links.strong[v] {
                let ok = match kind {
                    Kind::X => tag == HOUSE,
                    Kind::Xy => tag == CELL,
                    Kind::Any => tag < ALS,
                    Kind::Grouped => true,
                };
                if ok && id[w as usize] != u32::MAX {
                    succ.push(2 * id[w as usize] + 1);
                }
            }
            // "v true": weak links.
            start.push(succ.len() as u32);
            if !links.is_group(v as u32) {
                succ.extend(
                    links
                        .weak_of(v as u32, kind)
                        .iter()
                        .map(|&w| 2 * id[w as usize]),
                );
            }
            if kind == Kind::Grouped {
                succ.extend(links.weak_groups[v].iter().map(|&w| 2 * id[w as usize]));
            }
        }
        start.push(succ.len() as u32);
        let reach = Components::new(states, &start, &succ);
        // Only live candidates can have "true" reaching "false": one pass over them (compact
        // index order is node order, so the list comes out in node order).
        let mut contra = vec![false; links.cands];
        let mut contra_list: Vec<u32> = Vec::new();
        for (i, &v) in cand_nodes.iter().enumerate() {
            if reach.reaches(2 * i + 1, 2 * i) {
                contra[v as usize] = true;
                contra_list.push(v);
            }
        }
        Closure {
            id,
            reach,
            contra,
            any_contra: !contra_list.is_empty(),
            contra_list,
        }
    }

    /// Whether an open chain from `start` (a candidate node, assumed false) can remove
    /// anything: some candidate X in its cell, or of its digit in a peer cell, has "X true"
    /// reaching "X false", and "start false" reaches "X false" (the chain's far end sees X).
    ///
    /// The candidates with "X true" reaching "X false" ([`Closure::contra_list`]) are
    /// usually fewer than the start's cell and peers: then they are the ones tried (the
    /// same question: each X of the list in the start's cell, or of its digit in a peer).
    #[inline]
    pub(super) fn chain_may_remove(&self, g: &CandidateGrid, links: &Links, start: u32) -> bool {
        if !self.any_contra {
            return false;
        }
        let (sc, sd) = links.split(start);
        let n = links.n;
        let may = |x: u32| self.contra[x as usize] && self.reaches((start, false), (x, false));
        let peers = g.peers(sc);
        if self.contra_list.len() < peers.len() {
            let seen = g.peer_set(sc);
            return self.contra_list.iter().any(|&x| {
                let (xc, xd) = links.split(x);
                (xc == sc || (xd == sd && seen.contains(xc)))
                    && self.reaches((start, false), (x, false))
            });
        }
        g.candidates(sc).iter().any(|e| may(node(n, sc, e)))
            || peers.iter().any(|&p| may(node(n, p, sd)))
    }

    /// Whether a continuous loop through `start` can remove anything: walking the loop from
    /// the far side of the weak link whose ends X sees, "X true" reaches "start false" and
    /// goes on to "X false".
    #[inline]
    pub(super) fn loop_may_remove(&self, start: u32) -> bool {
        self.contra_list.iter().any(|&x| {
            self.reaches((x, true), (start, false)) && self.reaches((start, false), (x, false))
        })
    }

    /// How many states of the start's cell [`super::finder`]'s HoDoKu discontinuous loops
    /// may conclude at the search from (`start`, `start_val`) reaches: "start" with the other
    /// value, and every other candidate of the cell with the same value (`ends_in_cell`).
    /// `first` is the node of the cell's first candidate and `k` the cell's candidate count.
    ///
    /// The cell's candidates are live and numbered one after another in digit order (see
    /// [`Closure::new`]), so their states are the `2 * k` states from `2 * id[first]` on, a
    /// false state at each even index and a true one at each odd: the count is the number of
    /// bits of that range in the start state's row with the start's value, less the start
    /// state itself (every row holds its own state), plus the start's other state if reached.
    #[inline]
    pub(super) fn cell_ends(&self, start: u32, start_val: bool, first: u32, k: usize) -> usize {
        let from = 2 * self.id[start as usize] as usize + usize::from(start_val);
        let row = self.reach.row(from);
        let lo = 2 * self.id[first as usize] as usize;
        let hi = lo + 2 * k;
        // Even bits (false states) or odd bits (true states) of every word.
        let alt = if start_val {
            0xAAAA_AAAA_AAAA_AAAAu64
        } else {
            0x5555_5555_5555_5555u64
        };
        let mut count = 0;
        for (w, &word) in row.iter().enumerate().take(hi.div_ceil(64)).skip(lo / 64) {
            let mut mask = alt;
            if w == lo / 64 {
                mask &= u64::MAX << (lo % 64);
            }
            if w == (hi - 1) / 64 && !hi.is_multiple_of(64) {
                mask &= u64::MAX >> (64 - hi % 64);
            }
            count += (word & mask).count_ones() as usize;
        }
        let other = from ^ 1;
        count - 1 + usize::from(row[other / 64] >> (other % 64) & 1 == 1)
    }

    /// The compact state of node `v` with value `val`, if `v` is live.
    #[inline]
    pub(super) fn state(&self, v: u32, val: bool) -> Option<usize> {
        let i = self.id[v as usize];
        (i != u32::MAX).then(|| 2 * i as usize + usize::from(val))
    }

    /// Whether state `from` reaches state `to`.
    #[inline]
    pub(super) fn reaches(&self, from: (u32, bool), to: (u32, bool)) -> bool {
        let (Some(a), Some(b)) = (self.state(from.0, from.1), self.state(to.0, to.1)) else {
            return false;
        };
        self.reach.reaches(a, b)
    }
}
