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
//! joins, then each is given the key Sukaku's own enumeration would visit it at (kinds of the
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
    /// All cells of the region (never eliminated from).
    region_cells: Vec<u16>,
    /// The digit's places in the region.
    places: Vec<usize>,
    nodes: [Vec<usize>; 2],
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

/// The house holding every cell of `a` and `b`, tried column, row, block, then extra houses.
fn shared_house(shape: &Shape, a: &[usize], b: &[usize]) -> Option<(usize, usize)> {
    for kind in [Kind::Column, Kind::Row, Kind::Block, Kind::Extra] {
        let Some(t) = shape.type_of(kind) else {
            continue;
        };
        let at = &shape.region_at[t];
        let r = at[a[0]];
        if r != NONE && a.iter().chain(b).all(|&c| at[c] == r) {
            return Some((t, r as usize));
        }
    }
    None
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

fn links_of(shape: &Shape, b: &Board, d: u8) -> Vec<Link> {
    let mut out = Vec::new();
    for ty in &shape.types {
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
                out.push(Link {
                    kind,
                    region: r,
                    ordinal,
                    grouped,
                    region_cells: cells.clone(),
                    places: places.clone(),
                    nodes,
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

struct Found {
    hint: Hint,
    elims: usize,
    suffix: String,
    key: Vec<usize>,
}

struct Search<'a> {
    shape: &'a Shape,
    board: &'a Board,
    n: usize,
    digit: u8,
    kinds_available: Vec<u8>,
    perms: &'a [Vec<usize>],
    links: Vec<Link>,
    chain: Vec<(usize, usize)>,
    overlap: Vec<bool>,
    joins: Vec<bool>,
    found: Vec<Found>,
}

impl Search<'_> {
    fn node(&self, i: usize, end: usize) -> &[usize] {
        let (li, dir) = self.chain[i];
        &self.links[li].nodes[if end == 1 { 1 - dir } else { dir }]
    }

    /// Fills `overlap` (links sharing a place) and `joins` (end node of one link, start node
    /// of another, in one house) once per digit.
    fn prepare(&mut self) {
        let m = self.links.len();
        self.overlap = vec![false; m * m];
        self.joins = vec![false; m * m * 4];
        for i in 0..m {
            for j in 0..m {
                let (a, b) = (&self.links[i], &self.links[j]);
                self.overlap[i * m + j] = a.places.iter().any(|c| b.places.contains(c));
                for (e, end) in a.nodes.iter().enumerate() {
                    for (s, start) in b.nodes.iter().enumerate() {
                        // Link i read from its node `1 - e`, link j from its node `s`.
                        let k = ((i * m + j) * 2 + (1 - e)) * 2 + s;
                        self.joins[k] = shared_house(self.shape, end, start).is_some();
                    }
                }
            }
        }
    }

    fn extend(&mut self) {
        if self.chain.len() == self.n {
            self.evaluate();
            return;
        }
        let m = self.links.len();
        for li in 0..m {
            if self.chain.iter().any(|&(u, _)| self.overlap[u * m + li]) {
                continue;
            }
            for dir in 0..2 {
                if let Some(&(last, ldir)) = self.chain.last()
                    && !self.joins[((last * m + li) * 2 + ldir) * 2 + dir]
                {
                    continue;
                }
                self.chain.push((li, dir));
                self.extend();
                self.chain.pop();
            }
        }
    }

    fn evaluate(&mut self) {
        let (sh, b, d, n) = (self.shape, self.board, self.digit, self.n);
        // Depth order of Sukaku's enumeration: links sorted by kind, then region.
        let mut by_depth: Vec<usize> = (0..n).collect();
        by_depth.sort_by_key(|&i| {
            let l = &self.links[self.chain[i].0];
            (l.kind, l.region)
        });
        let mut q = vec![0; n];
        for (depth, &i) in by_depth.iter().enumerate() {
            q[i] = depth;
        }
        // Sukaku keeps the reading of a chain whose first link comes before its last.
        if q[0] > q[n - 1] {
            return;
        }
        let mut shares = Vec::with_capacity(n - 1);
        for w in 0..n - 1 {
            match shared_house(sh, self.node(w, 1), self.node(w + 1, 0)) {
                Some(h) => shares.push(h),
                None => return,
            }
        }
        let mut both = self.node(0, 0).to_vec();
        both.extend_from_slice(self.node(n - 1, 1));
        let ring = shared_house(sh, self.node(0, 0), self.node(n - 1, 1)).is_some();
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
            self.chain
                .iter()
                .any(|&(l, _)| self.links[l].region_cells.contains(&(c as u16)))
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

/// The first hint of Sukaku's `StrongLinks(n)` producer after its sort, if any.
pub(crate) fn strong_links(shape: &Shape, b: &Board, n: usize) -> Option<Hint> {
    if !(2..=BASE.len()).contains(&n) {
        return None;
    }
    let kinds_available: Vec<u8> = shape
        .types
        .iter()
        .filter_map(|t| kind_code(t.kind))
        .collect();
    let perms = quickperm(n);
    let mut found = Vec::new();
    for d in 1..=shape.n as u8 {
        let links = links_of(shape, b, d);
        if links.len() < n {
            continue;
        }
        let mut s = Search {
            shape,
            board: b,
            n,
            digit: d,
            kinds_available: kinds_available.clone(),
            perms: &perms,
            links,
            chain: Vec::with_capacity(n),
            overlap: Vec::new(),
            joins: Vec::new(),
            found: Vec::new(),
        };
        s.prepare();
        s.extend();
        found.append(&mut s.found);
    }
    found
        .into_iter()
        .min_by(|f, g| {
            f.hint
                .rating
                .partial_cmp(&g.hint.rating)
                .unwrap_or(Ordering::Equal)
                .then(g.elims.cmp(&f.elims))
                .then(f.suffix.cmp(&g.suffix))
                .then(f.key.cmp(&g.key))
        })
        .map(|f| f.hint)
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
        let h = strong_links(&shape, &b, 2).expect("a two-link pattern");
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
        let h = strong_links(&shape, &b, 2).expect("a grouped two-link pattern");
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
