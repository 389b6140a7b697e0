//! Which static chain searches can find anything, from the strong links alone.
//!
//! Design decision: a static forcing-chain or cycle search visits everything its root
//! reaches, so it finds something exactly when the root's "on" reaches its "off" (or the
//! reverse), or when its "on" shares a strongly connected component with another "on". Those
//! questions are answered here on the *strong-link graph*: its nodes are the candidates that
//! have a strong link, and an edge `u → v` says "u on" turns some strong candidate `b` off
//! (a weak link) whose partner `v` then turns on (a strong link). Every path between two
//! "on" nodes of the full implication graph is a sequence of such steps, so reachability
//! between "on" nodes is the same in both graphs; the full graph's weak links, which are most
//! of its edges, and its "off" nodes, which are most of its nodes, are only looked at once per
//! candidate. On the nested searches of the hardest puzzles this costs a fraction of the full
//! graph's reach sets ([`super::chaining`]'s `Reach`, still built where a cell or region
//! forcing chain needs to know whether several searches can meet).

use super::board::{NONE, Shape};
use super::chaining::Links;
use crate::kernel::graph::Components;

/// Largest strong-link graph the filter is built for; above it every search runs.
const MAX_STRONG: usize = 4096;

/// Per candidate index (`cell * n + d - 1`): whether its "on" reaches its "off" (a chain
/// that removes it), its "off" reaches its "on" (one that places it), whether its "on"
/// lies on a cycle through another "on" (a cycle search can close), and whether a cycle
/// through it could remove anything (see [`removable_components`]).
pub(crate) struct Filter {
    pub removes: Vec<bool>,
    pub places: Vec<bool>,
    pub cycles: Vec<bool>,
    pub cycle_removes: Vec<bool>,
}

impl Filter {
    /// The filter of one pass with link kinds `y` (a cell's digits) and `x` (a digit's
    /// places); `None` when the graph is too large, meaning every search runs.
    pub fn new(sh: &Shape, l: &Links, cands: &[u64], y: bool, x: bool) -> Option<Filter> {
        let n = l.n();
        let k = cands.len() * n;
        // The candidates' indices, in order.
        let mut all: Vec<u32> = Vec::with_capacity(k);
        for (cell, &m) in cands.iter().enumerate() {
            let mut m = m;
            while m != 0 {
                all.push((cell * n) as u32 + m.trailing_zeros());
                m &= m - 1;
            }
        }
        // The strong-link graph's nodes: candidates some strong link turns on. (The links
        // need not be symmetric: a cell on two regions of one type links through one.)
        let mut tid = vec![NONE; k];
        let mut target_of: Vec<u32> = Vec::new();
        for &i in &all {
            for q in l.strong(i as usize, y, x) {
                tid[(q >> 1) as usize] = 0;
            }
        }
        for (i, t) in tid.iter_mut().enumerate() {
            if *t == 0 {
                *t = target_of.len() as u32;
                target_of.push(i as u32);
            }
        }
        let m = target_of.len();
        if m > MAX_STRONG {
            return None;
        }
        let words = m.div_ceil(64).max(1);
        // Strong links of every candidate, to node ids, flat.
        let mut pstart = vec![0u32; k + 1];
        let mut partners: Vec<u32> = Vec::new();
        let mut at = 0;
        for &i in &all {
            let i = i as usize;
            pstart[at..=i].fill(partners.len() as u32);
            at = i + 1;
            partners.extend(l.strong(i, y, x).map(|q| tid[(q >> 1) as usize]));
        }
        pstart[at..].fill(partners.len() as u32);
        let partners_of = |b: usize| &partners[pstart[b] as usize..pstart[b + 1] as usize];
        // Edges u → v: "u on" turns some b off (weak link), and "b off" turns v on.
        // Alongside, per candidate, the nodes whose "on" turns it off.
        let mut start = Vec::with_capacity(m + 1);
        let mut succ: Vec<u32> = Vec::new();
        let mut offs_by = vec![0u64; k * words];
        for (u, &cu) in target_of.iter().enumerate() {
            start.push(succ.len() as u32);
            for b in l.weak(cu as usize, y) {
                let b = (b >> 1) as usize;
                offs_by[b * words + u / 64] |= 1 << (u % 64);
                succ.extend_from_slice(partners_of(b));
            }
        }
        start.push(succ.len() as u32);
        let cs = Components::new(m, &start, &succ);
        let row_of = |v: u32| cs.row(v as usize);
        let mut removes = vec![false; k];
        let mut places = vec![false; k];
        let mut cycles = vec![false; k];
        let removable = removable_components(sh, l, cands, y, &target_of, &partners_of, &cs);
        let mut cycle_removes = vec![false; k];
        let mut from = vec![0u64; words];
        for &i in &all {
            let i = i as usize;
            let offs = &offs_by[i * words..(i + 1) * words];
            let t = tid[i];
            // The "on" nodes one step or more from "i on"; one of them whose "on" turns
            // "i" off closes a chain that removes "i". When "i" is a node, those are its
            // successors' rows: its own row, less itself unless it is on a cycle — and
            // "i on" never turns "i" off, so its own row answers.
            removes[i] = if t != NONE {
                row_of(t).iter().zip(offs).any(|(a, b)| a & b != 0)
            } else {
                from.iter_mut().for_each(|w| *w = 0);
                for b in l.weak(i, y) {
                    for &v in partners_of((b >> 1) as usize) {
                        for (a, r) in from.iter_mut().zip(row_of(v)) {
                            *a |= r;
                        }
                    }
                }
                from.iter().zip(offs).any(|(a, b)| a & b != 0)
            };
            if t != NONE {
                places[i] = partners_of(i)
                    .iter()
                    .any(|&v| row_of(v)[t as usize / 64] >> (t % 64) & 1 == 1);
                let c = cs.comp[t as usize] as usize;
                cycles[i] = cs.size[c] >= 2;
                cycle_removes[i] = removable[c];
            }
        }
        Some(Filter {
            removes,
            places,
            cycles,
            cycle_removes,
        })
    }
}

/// Per component of the strong-link graph: whether a cycle through its nodes could remove
/// anything. A cycle's "on" nodes follow each other along strong-graph edges, so they all
/// lie in one component `C`; its "off" nodes are candidates that some node of `C` turns off
/// and whose strong link turns a node of `C` on. A cycle removes digit `d` only from a
/// candidate that sees an "on" and an "off" node of `d` on it (`Chaining::cycle_hint`), so
/// when no candidate sees both a node of `C` and such an "off" candidate, with the same
/// digit, no cycle search from `C` can give a hint. Most cycles a search closes remove
/// nothing; this rules out most of those searches before they run.
fn removable_components<'a>(
    sh: &Shape,
    l: &Links,
    cands: &[u64],
    y: bool,
    target_of: &[u32],
    partners_of: &dyn Fn(usize) -> &'a [u32],
    cs: &Components,
) -> Vec<bool> {
    let n = l.n();
    let pw = sh.peer_words;
    let ncomp = cs.size.len();
    // Components that can hold a cycle (two nodes or more), numbered.
    let mut slot = vec![NONE; ncomp];
    let mut nslots = 0;
    for (c, &size) in cs.size.iter().enumerate() {
        if size >= 2 {
            slot[c] = nslots;
            nslots += 1;
        }
    }
    let mut removable = vec![false; ncomp];
    if nslots == 0 {
        return removable;
    }
    let nslots = nslots as usize;
    // Per slot and digit, the cells that see a node ("on") or an "off" candidate.
    let mut on = vec![0u64; nslots * n * pw];
    let mut off = vec![0u64; nslots * n * pw];
    let peers = |cell: usize| &sh.peer_bits[cell * pw..(cell + 1) * pw];
    let or_into = |dst: &mut [u64], src: &[u64]| {
        for (a, b) in dst.iter_mut().zip(src) {
            *a |= b;
        }
    };
    // The last slot each candidate was looked at for as an "off" node.
    let mut checked = vec![NONE; cands.len() * n];
    for (u, &cu) in target_of.iter().enumerate() {
        let c = cs.comp[u];
        let s = slot[c as usize];
        if s == NONE {
            continue;
        }
        let s = s as usize;
        let cu = cu as usize;
        let at = (s * n + cu % n) * pw;
        or_into(&mut on[at..at + pw], peers(cu / n));
        for b in l.weak(cu, y) {
            let b = (b >> 1) as usize;
            if checked[b] == s as u32 {
                continue;
            }
            checked[b] = s as u32;
            if partners_of(b).iter().any(|&v| cs.comp[v as usize] == c) {
                let at = (s * n + b % n) * pw;
                or_into(&mut off[at..at + pw], peers(b / n));
            }
        }
    }
    // Per digit, the cells holding it.
    let mut holds = vec![0u64; n * pw];
    for (cell, &m) in cands.iter().enumerate() {
        let mut m = m;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            holds[d * pw + cell / 64] |= 1 << (cell % 64);
            m &= m - 1;
        }
    }
    for (c, &s) in slot.iter().enumerate() {
        if s == NONE {
            continue;
        }
        let base = s as usize * n * pw;
        removable[c] = (0..n * pw).any(|j| on[base + j] & off[base + j] & holds[j] != 0);
    }
    removable
}
