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

use super::board::NONE;
use super::chaining::Links;

/// Largest strong-link graph the filter is built for; above it every search runs.
const MAX_STRONG: usize = 4096;

/// Per candidate index (`cell * n + d - 1`): whether its "on" reaches its "off" (a chain
/// that removes it), its "off" reaches its "on" (one that places it), and whether its "on"
/// lies on a cycle through another "on" (a cycle search can close).
pub(crate) struct Filter {
    pub removes: Vec<bool>,
    pub places: Vec<bool>,
    pub cycles: Vec<bool>,
}

impl Filter {
    /// The filter of one pass with link kinds `y` (a cell's digits) and `x` (a digit's
    /// places); `None` when the graph is too large, meaning every search runs.
    pub fn new(l: &Links, cands: &[u64], y: bool, x: bool) -> Option<Filter> {
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
        let cs = super::chaining::Components::new(m, &start, &succ);
        let row_of = |v: u32| cs.row(v as usize);
        let mut removes = vec![false; k];
        let mut places = vec![false; k];
        let mut cycles = vec![false; k];
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
                cycles[i] = cs.size[cs.comp[t as usize] as usize] >= 2;
            }
        }
        Some(Filter {
            removes,
            places,
            cycles,
        })
    }
}
