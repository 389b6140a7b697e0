//! SukakuExplainer's strong-link patterns on one digit: chains of `n` strong links joined by
//! weak links (skyscraper, 2-string kite, turbot fish and empty rectangle for `n = 2`; "3
//! skyscrapers", "3-string kite" and "n strong links" above), their grouped forms and the
//! X-loops they close.
//!
//! Design decision: the rater reproduces what Sukaku *finds and picks*, not its loops. A strong
//! link is a region (block, row or column) whose places for the digit split into two nodes,
//! each a cell or a group of cells in one line (a block whose places avoid a 2×2 "rectangle" of
//! the block: an empty rectangle; a line whose places lie in two of its blocks). Consecutive
//! links are joined when the end node of one and the start node of the next lie in one house
//! (checked column, row, block, as Sukaku does, because that house's cells are not eliminated);
//! the links' places must be disjoint. Every chain is found by a depth-first search along those
//! joins; each digit's links and their possible successors are built once from the digit's
//! places and shared by every chain length and every step that leaves those places alone.
//! Each chain is then given the key Sukaku's own enumeration would visit it at (kinds of the
//! links, digit, regions, link order, directions); hints are sorted by rating, eliminations
//! (most first), Sukaku's suffix string, then that key, and the first is applied.
//!
//! One deliberate difference: for an empty rectangle whose two arms are single cells and whose
//! corner ("heart") holds the digit, Sukaku links the two arm cells directly, which is not a
//! strong link (the digit may sit in the corner); the rater keeps the corner in the second
//! node, so every elimination stays sound.

use std::cmp::Ordering;

use super::board::{Board, Kind, NONE, Shape};
use super::hint::Hint;
use super::wings::sees;
use crate::kernel::bits::bit;
use crate::kernel::naming::cell_at;

/// Sukaku's base ratings by number of strong links (index = links − 1).
const BASE: [f64; 8] = [0.0, 4.0, 5.4, 5.8, 6.2, 6.6, 7.0, 7.4];

/// One way a region forms a strong link on the digit.
#[derive(Clone, Debug)]
struct Link {
    /// Sukaku's region-type code: 0 block, 1 row, 2 column.
    kind: u8,
    /// Index of the region among its kind.
    region: usize,
    /// Which of the region's link variants this is (Sukaku's visiting order).
    ordinal: usize,
    grouped: bool,
    /// The region's type on the shape (its cells are never eliminated from).
    ty: usize,
    /// The digit's places in the region.
    places: Vec<usize>,
    nodes: [Vec<usize>; 2],
    /// The houses of each node (see [`Houses`]).
    houses: [Houses; 2],
}

impl Link {
    /// Sukaku's region number (`type * 10 + index + 1`), used to pick one start of a loop.
    fn full_number(&self) -> usize {
        self.kind as usize * 10 + self.region + 1
    }
}

fn kind_code(k: Kind) -> Option<u8> {
    match k {
        Kind::Block => Some(0),
        Kind::Row => Some(1),
        Kind::Column => Some(2),
        Kind::Extra => None,
    }
}

fn row_col(shape: &Shape, c: usize) -> (usize, usize) {
    (c / shape.n, c % shape.n)
}

fn same_line(shape: &Shape, a: usize, b: usize) -> bool {
    let (ra, ca) = row_col(shape, a);
    let (rb, cb) = row_col(shape, b);
    ra == rb || ca == cb
}

/// The kinds a shared house is looked for in, in Sukaku's order: column, row, block, extra.
const HOUSE_KINDS: [Kind; 4] = [Kind::Column, Kind::Row, Kind::Block, Kind::Extra];

/// The region type of each of [`HOUSE_KINDS`] on `shape`, if it has one.
fn house_types(shape: &Shape) -> [Option<usize>; 4] {
    HOUSE_KINDS.map(|k| shape.type_of(k))
}

/// A node's houses: per kind of [`HOUSE_KINDS`], the region holding every cell of the node,
/// or `NONE`. Two nodes lie in one house exactly when some kind gives both the same region,
/// so the joins between links are a few compares instead of a walk over their cells.
type Houses = [u32; 4];

fn houses_of(shape: &Shape, types: &[Option<usize>; 4], cells: &[usize]) -> Houses {
    types.map(|t| {
        let Some(t) = t else { return NONE };
        let at = &shape.region_at[t];
        let r = at[cells[0]];
        if cells.iter().all(|&c| at[c] == r) {
            r
        } else {
            NONE
        }
    })
}

/// The house holding every cell of two nodes (given by their [`Houses`]), tried column, row,
/// block, then extra houses.
fn shared_house(types: &[Option<usize>; 4], a: &Houses, b: &Houses) -> Option<(usize, usize)> {
    (0..4).find_map(|i| {
        let t = types[i]?;
        (a[i] != NONE && a[i] == b[i]).then_some((t, a[i] as usize))
    })
}

/// The strong-link variants of a block whose places are more than two.
fn block_variants(shape: &Shape, cells: &[u16], places: &[usize]) -> Vec<(bool, [Vec<usize>; 2])> {
    let has = |c: usize| places.contains(&c);
    let pick = |f: &dyn Fn(usize) -> bool| -> Vec<usize> {
        cells
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| has(c) && f(c))
            .collect()
    };
    // Hearts first: the digit avoids every block cell outside the heart's row and column.
    for &h in cells {
        let h = h as usize;
        let (hr, hc) = row_col(shape, h);
        let outside = pick(&|c| {
            let (r, col) = row_col(shape, c);
            r != hr && col != hc
        });
        if !outside.is_empty() {
            continue;
        }
        let arm1 = pick(&|c| c != h && row_col(shape, c).1 == hc);
        let arm2 = pick(&|c| c != h && row_col(shape, c).0 == hr);
        if arm1.is_empty() || arm2.is_empty() {
            return Vec::new();
        }
        let with = |mut v: Vec<usize>| {
            v.push(h);
            v
        };
        return if arm1.len() == 1 {
            vec![(true, [arm1, with(arm2)])]
        } else if arm2.len() == 1 {
            vec![(true, [arm2, with(arm1)])]
        } else if has(h) {
            vec![(true, [with(arm1), with(arm2)])]
        } else {
            vec![(true, [arm1, arm2])]
        };
    }
    // Then two parallel lines of a 3×3 block (the third empty), when four or more places.
    let mut rows: Vec<usize> = cells
        .iter()
        .map(|&c| row_col(shape, c as usize).0)
        .collect();
    let mut cols: Vec<usize> = cells
        .iter()
        .map(|&c| row_col(shape, c as usize).1)
        .collect();
    rows.sort_unstable();
    rows.dedup();
    cols.sort_unstable();
    cols.dedup();
    if places.len() < 4 || rows.len() != 3 || cols.len() != 3 || cells.len() != 9 {
        return Vec::new();
    }
    let pairs = [(0, 1, 2), (0, 2, 1), (1, 2, 0)];
    for by_row in [true, false] {
        let lines = if by_row { &rows } else { &cols };
        let line_of = |c: usize| {
            let (r, col) = row_col(shape, c);
            if by_row { r } else { col }
        };
        for &(a, b, empty) in &pairs {
            if places.iter().any(|&c| line_of(c) == lines[empty]) {
                continue;
            }
            let arm1 = pick(&|c| line_of(c) == lines[a]);
            let arm2 = pick(&|c| line_of(c) == lines[b]);
            if arm1.is_empty() || arm2.is_empty() {
                return Vec::new();
            }
            let mut v = vec![(true, [arm1.clone(), arm2.clone()])];
            let square = places.len() == 4
                && arm1.len() == 2
                && arm2.len() == 2
                && same_line(shape, arm1[0], arm2[0])
                && same_line(shape, arm1[1], arm2[1]);
            if square {
                v.push((true, [vec![arm1[0], arm2[0]], vec![arm1[1], arm2[1]]]));
            }
            return v;
        }
    }
    Vec::new()
}

/// The strong-link variant of a line whose places (more than two) lie in two of its blocks.
fn line_variants(shape: &Shape, cells: &[u16], places: &[usize]) -> Vec<(bool, [Vec<usize>; 2])> {
    let Some(bt) = shape.type_of(Kind::Block) else {
        return Vec::new();
    };
    let mut segments: Vec<(u32, Vec<usize>)> = Vec::new();
    for &c in cells {
        let b = shape.region_at[bt][c as usize];
        match segments.iter_mut().find(|(s, _)| *s == b) {
            Some((_, v)) => v.push(c as usize),
            None => segments.push((b, vec![c as usize])),
        }
    }
    if segments.len() != 3 {
        return Vec::new();
    }
    let in_seg = |i: usize| -> Vec<usize> {
        segments[i]
            .1
            .iter()
            .copied()
            .filter(|c| places.contains(c))
            .collect()
    };
    for empty in 0..3 {
        if !in_seg(empty).is_empty() {
            continue;
        }
        let others: Vec<usize> = (0..3).filter(|&i| i != empty).collect();
        let (arm1, arm2) = (in_seg(others[0]), in_seg(others[1]));
        if arm1.is_empty() || arm2.is_empty() {
            return Vec::new();
        }
        return if arm1.len() == 1 {
            vec![(true, [arm1, arm2])]
        } else if arm2.len() == 1 {
            vec![(true, [arm2, arm1])]
        } else {
            vec![(true, [arm1, arm2])]
        };
    }
    Vec::new()
}

fn links_of(shape: &Shape, types: &[Option<usize>; 4], b: &Board, d: u8) -> Vec<Link> {
    let mut out = Vec::new();
    for (t, ty) in shape.types.iter().enumerate() {
        let Some(kind) = kind_code(ty.kind) else {
            continue;
        };
        for (r, cells) in ty.regions.iter().enumerate() {
            let places: Vec<usize> = cells
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| b.cands[c] & bit(d) != 0)
                .collect();
            if places.len() < 2 || places.len() > 6 {
                continue;
            }
            let variants = if places.len() == 2 {
                if kind == 0 && same_line(shape, places[0], places[1]) {
                    Vec::new()
                } else {
                    vec![(false, [vec![places[0]], vec![places[1]]])]
                }
            } else if kind == 0 {
                block_variants(shape, cells, &places)
            } else {
                line_variants(shape, cells, &places)
            };
            for (ordinal, (grouped, nodes)) in variants.into_iter().enumerate() {
                let houses = [
                    houses_of(shape, types, &nodes[0]),
                    houses_of(shape, types, &nodes[1]),
                ];
                out.push(Link {
                    kind,
                    region: r,
                    ordinal,
                    grouped,
                    ty: t,
                    places: places.clone(),
                    nodes,
                    houses,
                });
            }
        }
    }
    out
}

/// Sukaku's suffix: grouped-link count, then the link kinds in chain order (read from the end
/// that gives the smaller string), rows and columns swapped to the smaller name.
fn suffix(grouped: usize, kinds: &[u8]) -> String {
    let fwd: String = kinds.iter().map(|k| k.to_string()).collect();
    let rev: String = kinds.iter().rev().map(|k| k.to_string()).collect();
    let set: Vec<u8> = if fwd <= rev {
        kinds.to_vec()
    } else {
        kinds.iter().rev().copied().collect()
    };
    let swap = |k: u8| match k {
        1 => 2,
        2 => 1,
        k => k,
    };
    let original: String = set.iter().map(|k| k.to_string()).collect();
    let swapped: String = set.iter().map(|&k| swap(k).to_string()).collect();
    let rev_swapped: String = set.iter().rev().map(|&k| swap(k).to_string()).collect();
    let name = if set.contains(&1) {
        let s = if rev_swapped <= swapped {
            rev_swapped
        } else {
            swapped
        };
        if original <= s { original } else { s }
    } else {
        set.iter()
            .map(|&k| if k == 2 { 1 } else { k }.to_string())
            .collect()
    };
    format!("{grouped}{name}")
}

fn rating_of(links: usize, suffix: &str) -> f64 {
    let tail = &suffix[1..];
    let base = BASE[links - 1];
    if !suffix.starts_with('0') {
        base + 0.3
    } else if !tail.contains('0') && !tail.contains('2') {
        base
    } else if tail.contains('0') && tail.contains('2') {
        base + 0.2
    } else {
        base + 0.1
    }
}

fn name_of(links: usize, suffix: &str, ring: bool) -> String {
    let tail = &suffix[1..];
    let grouped = !suffix.starts_with('0');
    let g = if grouped { "Grouped " } else { "" };
    if ring {
        return format!("({links} Strong Links) {g}X-Loop {suffix}");
    }
    let base = if !tail.contains('0') && !tail.contains('2') {
        if links < 3 {
            "Skyscraper".to_string()
        } else {
            format!("{links} Skyscrapers")
        }
    } else if !tail.contains('0') && links < 4 {
        format!("{links}-String Kite")
    } else {
        format!("{links} Strong links")
    };
    format!("{g}{base} {suffix}")
}

/// The orders QuickPerm (countdown version) visits the permutations of `0..n` in.
fn quickperm(n: usize) -> Vec<Vec<usize>> {
    let mut q: Vec<usize> = (0..n).collect();
    let mut r: Vec<usize> = (0..=n).collect();
    let mut out = vec![q.clone()];
    let mut s = 1;
    while s < n {
        r[s] -= 1;
        let t = if s % 2 == 1 { r[s] } else { 0 };
        q.swap(t, s);
        out.push(q.clone());
        s = 1;
        while s < n && r[s] == 0 {
            r[s] = s;
            s += 1;
        }
    }
    out
}

#[derive(Clone)]
struct Found {
    hint: Hint,
    elims: usize,
    suffix: String,
    key: Vec<usize>,
}

/// The strong links of one digit and how they may join, built from the digit's places once
/// and shared by the searches for every chain length.
struct Graph {
    /// The digit's places it was built on (see [`places_of`]).
    plane: Vec<u64>,
    links: Vec<Link>,
    /// `overlap[i * links + j]`: links `i` and `j` share a place.
    overlap: Vec<bool>,
    /// `succ[succ_range[2 * link + dir]]`: the (link, direction) pairs that may follow.
    succ: Vec<(usize, usize)>,
    succ_range: Vec<(usize, usize)>,
}

impl Graph {
    /// Builds the links of `d` and fills `overlap` (links sharing a place) and `succ` (the
    /// links, with their directions, that may follow each link read in each direction: end
    /// node of one and start node of the other in one house, no place shared).
    fn new(shape: &Shape, types: &[Option<usize>; 4], b: &Board, d: u8, plane: Vec<u64>) -> Graph {
        let links = links_of(shape, types, b, d);
        let m = links.len();
        let mut overlap = vec![false; m * m];
        // Links sharing a place: group the (place, link) pairs by place.
        let mut owners: Vec<(usize, usize)> = links
            .iter()
            .enumerate()
            .flat_map(|(i, l)| l.places.iter().map(move |&c| (c, i)))
            .collect();
        owners.sort_unstable();
        for run in owners.chunk_by(|a, b| a.0 == b.0) {
            for &(_, i) in run {
                for &(_, j) in run {
                    overlap[i * m + j] = true;
                }
            }
        }
        let mut succ = Vec::new();
        let mut succ_range = Vec::with_capacity(2 * m);
        for i in 0..m {
            for from_dir in 0..2 {
                // Link i read from its node `from_dir` ends at its node `1 - from_dir`.
                let end = &links[i].houses[1 - from_dir];
                let start = succ.len();
                for j in 0..m {
                    if overlap[i * m + j] {
                        continue;
                    }
                    for dir in 0..2 {
                        if shared_house(types, end, &links[j].houses[dir]).is_some() {
                            succ.push((j, dir));
                        }
                    }
                }
                succ_range.push((start, succ.len()));
            }
        }
        Graph {
            plane,
            links,
            overlap,
            succ,
            succ_range,
        }
    }
}

struct Search<'a> {
    shape: &'a Shape,
    board: &'a Board,
    n: usize,
    digit: u8,
    types: [Option<usize>; 4],
    kinds_available: &'a [u8],
    perms: &'a [Vec<usize>],
    links: &'a [Link],
    chain: Vec<(usize, usize)>,
    overlap: &'a [bool],
    succ: &'a [(usize, usize)],
    succ_range: &'a [(usize, usize)],
    found: Vec<Found>,
}

impl Search<'_> {
    fn node(&self, i: usize, end: usize) -> &[usize] {
        let (li, dir) = self.chain[i];
        &self.links[li].nodes[if end == 1 { 1 - dir } else { dir }]
    }

    /// Where link `li` comes in Sukaku's enumeration: by kind, then region.
    fn depth_key(&self, li: usize) -> (u8, usize) {
        let l = &self.links[li];
        (l.kind, l.region)
    }

    /// The houses of [`Search::node`]`(i, end)`.
    fn houses(&self, i: usize, end: usize) -> &Houses {
        let (li, dir) = self.chain[i];
        &self.links[li].houses[if end == 1 { 1 - dir } else { dir }]
    }

    fn extend(&mut self) {
        if self.chain.len() == self.n {
            self.evaluate();
            return;
        }
        let m = self.links.len();
        let last = self.chain.len() + 1 == self.n;
        let Some(&(prev, pdir)) = self.chain.last() else {
            for li in 0..m {
                for dir in 0..2 {
                    self.chain.push((li, dir));
                    self.extend();
                    self.chain.pop();
                }
            }
            return;
        };
        let (from, to) = self.succ_range[prev * 2 + pdir];
        for k in from..to {
            let (li, dir) = self.succ[k];
            if self.chain.iter().any(|&(u, _)| self.overlap[u * m + li]) {
                continue;
            }
            // `evaluate` keeps only the reading whose first link comes first.
            if last && self.depth_key(li) < self.depth_key(self.chain[0].0) {
                continue;
            }
            self.chain.push((li, dir));
            self.extend();
            self.chain.pop();
        }
    }

    fn evaluate(&mut self) {
        let (sh, b, d, n) = (self.shape, self.board, self.digit, self.n);
        // Sukaku keeps the reading of a chain whose first link comes before its last (two
        // links of one region overlap, so the keys differ).
        if self.depth_key(self.chain[0].0) > self.depth_key(self.chain[n - 1].0) {
            return;
        }
        // Depth order of Sukaku's enumeration: links sorted by kind, then region.
        let mut by_depth: Vec<usize> = (0..n).collect();
        by_depth.sort_by_key(|&i| self.depth_key(self.chain[i].0));
        let mut q = vec![0; n];
        for (depth, &i) in by_depth.iter().enumerate() {
            q[i] = depth;
        }
        let mut shares = Vec::with_capacity(n - 1);
        for w in 0..n - 1 {
            match shared_house(&self.types, self.houses(w, 1), self.houses(w + 1, 0)) {
                Some(h) => shares.push(h),
                None => return,
            }
        }
        let mut both = self.node(0, 0).to_vec();
        both.extend_from_slice(self.node(n - 1, 1));
        let ring = shared_house(&self.types, self.houses(0, 0), self.houses(n - 1, 1)).is_some();
        if ring {
            let first = self.links[self.chain[0].0].full_number();
            let min = self
                .chain
                .iter()
                .map(|&(l, _)| self.links[l].full_number())
                .min()
                .unwrap_or(first);
            if first != min || self.chain[0].1 != 0 {
                return;
            }
        }
        let in_base = |c: usize| {
            self.chain.iter().any(|&(l, _)| {
                let l = &self.links[l];
                sh.region_at[l.ty][c] == l.region as u32
            })
        };
        let in_share = |c: usize| shares.iter().any(|&(t, r)| sh.region_at[t][c] == r as u32);
        let seeing = |group: &[usize]| -> Vec<usize> {
            sh.peers[group[0]]
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| {
                    b.cands[c] & bit(d) != 0
                        && !group.contains(&c)
                        && group.iter().all(|&g| sees(sh, g, c))
                        && !in_base(c)
                })
                .collect()
        };
        let mut removals: Vec<usize> = Vec::new();
        let mut elims = 0;
        let v: Vec<usize> = seeing(&both)
            .into_iter()
            .filter(|&c| ring || !in_share(c))
            .collect();
        elims += v.len();
        removals.extend(v);
        if ring {
            for w in 0..n - 1 {
                let mut cells = self.node(w, 1).to_vec();
                cells.extend_from_slice(self.node(w + 1, 0));
                let v = seeing(&cells);
                elims += v.len();
                removals.extend(v);
            }
        }
        if removals.is_empty() {
            return;
        }
        let grouped = self
            .chain
            .iter()
            .filter(|&&(l, _)| self.links[l].grouped)
            .count();
        let kinds: Vec<u8> = self
            .chain
            .iter()
            .map(|&(l, _)| self.links[l].kind)
            .collect();
        let suffix = suffix(grouped, &kinds);
        let rating = rating_of(n, &suffix);
        let name = name_of(n, &suffix, ring);
        // Sukaku's visiting order: kinds (as a bit mask), digit, regions and variants by
        // depth, link order (QuickPerm rank), directions.
        let mut sorted_kinds: Vec<u8> = kinds.clone();
        sorted_kinds.sort_unstable();
        let mask: usize = sorted_kinds
            .iter()
            .enumerate()
            .map(|(i, k)| {
                let pos = self
                    .kinds_available
                    .iter()
                    .position(|x| x == k)
                    .unwrap_or(0);
                1usize << (pos * n + i)
            })
            .sum();
        let mut key = vec![mask, d as usize];
        for &i in &by_depth {
            let l = &self.links[self.chain[i].0];
            key.push(l.region);
            key.push(l.ordinal);
        }
        key.push(
            self.perms
                .iter()
                .position(|p| *p == q)
                .unwrap_or(usize::MAX),
        );
        key.push(
            self.chain
                .iter()
                .fold(0usize, |acc, &(_, dir)| acc * 2 + dir),
        );
        let mut hint = Hint::pattern(&name, rating, String::new());
        for &c in &removals {
            hint.remove(c as u16, bit(d));
        }
        let path: Vec<String> = (0..n)
            .map(|i| {
                let cells = |s: &[usize]| {
                    s.iter()
                        .map(|&c| cell_at(sh.n, c))
                        .collect::<Vec<_>>()
                        .join("+")
                };
                format!("{}={}", cells(self.node(i, 0)), cells(self.node(i, 1)))
            })
            .collect();
        hint.text = format!(
            "{name}: strong links on {d} {}: {}",
            path.join(" - "),
            hint.removals_text(sh)
        );
        self.found.push(Found {
            hint,
            elims,
            suffix,
            key,
        });
    }
}

/// The least rating of a `StrongLinks(n)` hint (the suffixes only add to the base).
pub(crate) fn floor(n: usize) -> f64 {
    if (2..=BASE.len()).contains(&n) {
        BASE[n - 1]
    } else {
        f64::INFINITY
    }
}

/// Sukaku's order of hints: rating, eliminations (most first), suffix, then visiting key.
fn order(f: &Found, g: &Found) -> Ordering {
    f.hint
        .rating
        .partial_cmp(&g.hint.rating)
        .unwrap_or(Ordering::Equal)
        .then(g.elims.cmp(&f.elims))
        .then(f.suffix.cmp(&g.suffix))
        .then(f.key.cmp(&g.key))
}

/// The best `StrongLinks(n)` hint of each digit, kept with the digit's places it was found
/// on, from one step of a rating to the next; and each digit's link graph, shared by the
/// producers of every chain length at one step.
///
/// Everything a chain on digit `d` reads — its links, joins and eliminations — is where `d`
/// may still go, and most steps leave most digits untouched, so a digit whose places are
/// unchanged gives the same best hint again without a search.
#[derive(Default)]
pub(crate) struct Memo {
    /// Index `(n - 2) * digits + d - 1`.
    entries: Vec<Option<(Vec<u64>, Option<Found>)>>,
    /// Index `d - 1`.
    graphs: Vec<Option<Graph>>,
    /// QuickPerm's orders of `0..n`, index `n`.
    perms: Vec<Vec<Vec<usize>>>,
    /// The places being looked up.
    plane: Vec<u64>,
}

/// The cells holding `d`, as a bitset, into `plane`.
fn places_of(b: &Board, d: u8, plane: &mut Vec<u64>) {
    plane.clear();
    plane.resize(b.cands.len().div_ceil(64), 0);
    for (c, &m) in b.cands.iter().enumerate() {
        if m & bit(d) != 0 {
            plane[c / 64] |= 1 << (c % 64);
        }
    }
}

/// The first hint of Sukaku's `StrongLinks(n)` producer after its sort, if any. `memo` must
/// have been used only with boards of this shape.
pub(crate) fn strong_links(shape: &Shape, b: &Board, n: usize, memo: &mut Memo) -> Option<Hint> {
    if !(2..=BASE.len()).contains(&n) {
        return None;
    }
    let kinds_available: Vec<u8> = shape
        .types
        .iter()
        .filter_map(|t| kind_code(t.kind))
        .collect();
    if memo.perms.len() <= n {
        memo.perms.resize_with(n + 1, Vec::new);
    }
    if memo.perms[n].is_empty() {
        memo.perms[n] = quickperm(n);
    }
    let types = house_types(shape);
    let digits = shape.n;
    let want = (BASE.len() - 1) * digits;
    if memo.entries.len() < want {
        memo.entries.resize_with(want, || None);
    }
    if memo.graphs.len() < digits {
        memo.graphs.resize_with(digits, || None);
    }
    let mut best: Option<Found> = None;
    for d in 1..=digits as u8 {
        places_of(b, d, &mut memo.plane);
        let slot = &mut memo.entries[(n - 2) * digits + d as usize - 1];
        let digit_best = match slot {
            Some((seen, found)) if *seen == memo.plane => found.clone(),
            _ => {
                let graph = &mut memo.graphs[d as usize - 1];
                if graph.as_ref().is_none_or(|g| g.plane != memo.plane) {
                    *graph = Some(Graph::new(shape, &types, b, d, memo.plane.clone()));
                }
                let found = graph.as_ref().and_then(|g| {
                    best_of_digit(shape, b, n, d, types, &kinds_available, &memo.perms[n], g)
                });
                *slot = Some((memo.plane.clone(), found.clone()));
                found
            }
        };
        // The first of equal hints wins, as in one sort of every digit's hints.
        if let Some(f) = digit_best
            && best
                .as_ref()
                .is_none_or(|cur| order(&f, cur) == Ordering::Less)
        {
            best = Some(f);
        }
    }
    best.map(|f| f.hint)
}

/// The first hint on digit `d` after Sukaku's sort, from the digit's link graph.
#[allow(clippy::too_many_arguments)]
fn best_of_digit(
    shape: &Shape,
    b: &Board,
    n: usize,
    d: u8,
    types: [Option<usize>; 4],
    kinds_available: &[u8],
    perms: &[Vec<usize>],
    g: &Graph,
) -> Option<Found> {
    if g.links.len() < n {
        return None;
    }
    let mut s = Search {
        shape,
        board: b,
        n,
        digit: d,
        types,
        kinds_available,
        perms,
        links: &g.links,
        chain: Vec::with_capacity(n),
        overlap: &g.overlap,
        succ: &g.succ,
        succ_range: &g.succ_range,
        found: Vec::new(),
    };
    s.extend();
    s.found.into_iter().min_by(order)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use sudokit_core::Layout;

    fn board_with_digit(places: &[usize], d: u8) -> (Shape, Board) {
        let shape = Shape::new(Arc::new(Layout::standard(9).expect("9x9")));
        let all = 0x1ff & !bit(d);
        let mut b = Board::new(&shape, vec![0; 81], vec![all; 81]);
        for &c in places {
            b.cands[c] |= bit(d);
        }
        b.refresh(&shape);
        (shape, b)
    }

    #[test]
    fn skyscraper_is_found_and_rated_4_0() {
        // Digit 1 in row 1 only at r1c1, r1c5 and in row 6 only at r6c1, r6c4: r1c1 and r6c1
        // share column 1, so r1c5 or r6c4 holds 1 and the cells seeing both lose it: r2c4 and
        // r4c5 (the only others holding 1). Every other pair of links eliminates less or
        // rates higher.
        let places = [0, 4, 45, 48, 12, 31];
        let (shape, b) = board_with_digit(&places, 1);
        let h = strong_links(&shape, &b, 2, &mut Memo::default()).expect("a two-link pattern");
        assert!(h.name.starts_with("Skyscraper"), "{}", h.text);
        assert_eq!(super::super::hint::tenths(h.rating), 40);
        let mut cells: Vec<u16> = h.removals.iter().map(|&(c, _)| c).collect();
        cells.sort_unstable();
        assert_eq!(cells, vec![12, 31]);
    }

    #[test]
    fn empty_rectangle_is_a_grouped_link_rated_4_3() {
        // Box 1 holds 1 only at r1c2, r2c1, r3c1 (an empty rectangle around r1c1): r1c2 or
        // column 1 of the box. Row 6 holds 1 only at r6c1, r6c7. So r1c2 or r6c7 holds 1,
        // and r1c7 loses it (r6c2 is in row 6, a link's own house). Row 1 has three places in
        // three blocks (no link); the grouped column-1 link with column 7 is rated the same
        // but its suffix 111 sorts after 101.
        let places = [1, 9, 18, 4, 6, 45, 51];
        let (shape, b) = board_with_digit(&places, 1);
        let h =
            strong_links(&shape, &b, 2, &mut Memo::default()).expect("a grouped two-link pattern");
        assert_eq!(h.name, "Grouped 2 Strong links 101", "{}", h.text);
        assert_eq!(tenths(h.rating), 43);
        assert_eq!(h.removals, vec![(6, bit(1))]);
    }

    #[test]
    fn suffix_and_ratings_follow_sukaku() {
        assert_eq!(suffix(0, &[2, 2]), "011");
        assert_eq!(suffix(0, &[1, 1]), "011");
        assert_eq!(suffix(0, &[1, 2]), "012");
        assert_eq!(suffix(0, &[2, 0]), "001");
        assert_eq!(suffix(1, &[0, 1, 2]), "1012");
        assert_eq!(tenths(rating_of(2, "011")), 40);
        assert_eq!(tenths(rating_of(2, "012")), 41);
        assert_eq!(tenths(rating_of(2, "001")), 41);
        assert_eq!(tenths(rating_of(3, "0012")), 56);
        assert_eq!(tenths(rating_of(2, "101")), 43);
        assert_eq!(tenths(rating_of(4, "01111")), 58);
    }

    use super::super::hint::tenths;

    #[test]
    fn quickperm_visits_every_order_once() {
        let p = quickperm(3);
        assert_eq!(p.len(), 6);
        assert_eq!(p[0], vec![0, 1, 2]);
        assert_eq!(p[1], vec![1, 0, 2]);
        let mut s = p.clone();
        s.sort();
        s.dedup();
        assert_eq!(s.len(), 6);
    }
}
