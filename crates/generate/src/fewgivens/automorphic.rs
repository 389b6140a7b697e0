//! Solution grids automorphic under a geometric map: grids G with G(g(c)) = π(G(c)) for a
//! map g of the square (180° or 90° rotation, the main or anti-diagonal reflection) and a
//! digit permutation π, the grids the record-low symmetric puzzles mostly sit on. On such a
//! grid the unavoidable sets come in orbits under g, so a pattern symmetric under g hits far
//! fewer distinct constraints, which is what [`super::hitting`] searches take them for.
//!
//! Design decision: π's cycle type is *derived*, not guessed. In a house that g maps onto
//! itself the digits along a cell orbit of length L are d, π(d), ..., π^(L-1)(d), all distinct
//! (one house), so d lies on a π-cycle of length exactly L: π's cycle type is the multiset of
//! the house's orbit lengths. [`cycle_types`] reads it off every invariant house and keeps it
//! only when they all agree (rot180: 2,2,2,2,1; rot90: 4,4,1; a diagonal: 2,2,2,1,1,1; a row
//! mirror: its middle column says π = identity and its middle row says otherwise, so no
//! grid). Up to relabelling that type is the only π there is; each grid gets a random
//! labelling of it, then a randomised depth-first fill with bitmask candidates assigns whole
//! orbits at once (c := d forces g^k(c) := π^k(d)), propagating orbit singles, within
//! [`NODES_PER_ATTEMPT`] nodes; a stalled attempt restarts. Grids are deduplicated by their
//! minlex form, so one source (one worker) yields only essentially different grids; workers
//! of a `-j` run have their own sources and may meet the same grid.

use std::collections::HashSet;

use super::closure::Conjugate;
use crate::Rng;
use crate::canon::minlex;

/// Search nodes of one fill attempt; an attempt that needs more restarts with a new labelling.
pub const NODES_PER_ATTEMPT: u64 = 20_000;

/// A map of the square whose automorphic grids exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GridMap {
    /// Rotation by 180°.
    Rot180,
    /// Rotation by 90° (clockwise).
    Rot90,
    /// Reflection in the main diagonal (transpose).
    Diagonal,
    /// Reflection in the anti-diagonal.
    AntiDiagonal,
}

impl GridMap {
    /// Every map, in the order `any` draws from.
    pub const ALL: [GridMap; 4] = [
        GridMap::Rot180,
        GridMap::Rot90,
        GridMap::Diagonal,
        GridMap::AntiDiagonal,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            GridMap::Rot180 => "rot180",
            GridMap::Rot90 => "rot90",
            GridMap::Diagonal => "diagonal",
            GridMap::AntiDiagonal => "antidiagonal",
        }
    }

    /// The image of each cell (row-major 9×9).
    pub fn cells(self) -> [usize; 81] {
        std::array::from_fn(|c| {
            let (r, k) = (c / 9, c % 9);
            let (r2, k2) = match self {
                GridMap::Rot180 => (8 - r, 8 - k),
                GridMap::Rot90 => (k, 8 - r),
                GridMap::Diagonal => (k, r),
                GridMap::AntiDiagonal => (8 - k, 8 - r),
            };
            r2 * 9 + k2
        })
    }
}

/// The grid-source option: one map, or a map drawn at random per grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Automorphism {
    /// Grids automorphic under this map.
    Map(GridMap),
    /// Each grid under one of [`GridMap::ALL`], drawn at random.
    Any,
}

impl Automorphism {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Automorphism::Map(m) => m.name(),
            Automorphism::Any => "any",
        }
    }
}

/// Whether `map` keeps every orbit of the conjugate `cj` (maps it onto itself): then every
/// pattern of that conjugate is symmetric under `map` too, and on a grid automorphic under
/// `map` its unavoidable sets come in orbits the pattern hits together. The puzzles whose
/// clue digits are symmetric as well (π on the digits) live on these conjugates.
pub fn aligned(cj: &Conjugate, map: GridMap) -> bool {
    let g = map.cells();
    (0..81).all(|c| cj.orbit_of[g[c]] == cj.orbit_of[c])
}

/// A name that is not an [`Automorphism`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown automorphism '{0}' (rot180, rot90, diagonal, antidiagonal or any; a row or \
     column mirror has no automorphic grid)"
)]
pub struct UnknownAutomorphism(pub String);

impl std::str::FromStr for Automorphism {
    type Err = UnknownAutomorphism;
    fn from_str(s: &str) -> Result<Automorphism, UnknownAutomorphism> {
        match s {
            "any" => Ok(Automorphism::Any),
            _ => GridMap::ALL
                .into_iter()
                .find(|m| m.name() == s)
                // `--symmetry`'s spelling of the class is accepted too.
                .or((s == "anti-diagonal").then_some(GridMap::AntiDiagonal))
                .map(Automorphism::Map)
                .ok_or_else(|| UnknownAutomorphism(s.to_string())),
        }
    }
}

impl std::fmt::Display for Automorphism {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A digit permutation: `perm[d]` is π(d) for d in 1..=9 (`perm[0] = 0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DigitPerm(pub [u8; 10]);

impl DigitPerm {
    /// π(d).
    pub fn apply(self, d: u8) -> u8 {
        self.0[usize::from(d)]
    }
}

impl std::fmt::Display for DigitPerm {
    /// Cycle notation, fixed digits included: `(12)(34)(56)(78)(9)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut done = [false; 10];
        for d in 1..=9u8 {
            if done[usize::from(d)] {
                continue;
            }
            f.write_str("(")?;
            let mut e = d;
            while !done[usize::from(e)] {
                done[usize::from(e)] = true;
                write!(f, "{e}")?;
                e = self.apply(e);
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// A grid automorphic under (`map`, `perm`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AutomorphicGrid {
    /// The solution grid, row-major, digits 1-9.
    pub grid: [u8; 81],
    /// The map g.
    pub map: GridMap,
    /// The digit permutation π: `grid[g(c)] = π(grid[c])`.
    pub perm: DigitPerm,
}

/// The cells of the 27 houses.
fn houses() -> Vec<[usize; 9]> {
    let mut out = Vec::with_capacity(27);
    for i in 0..9 {
        out.push(std::array::from_fn(|j| i * 9 + j));
        out.push(std::array::from_fn(|j| j * 9 + i));
        out.push(std::array::from_fn(|j| {
            (i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3
        }));
    }
    out
}

/// The admissible cycle types of π for the cell permutation `g` (each type the cycle lengths,
/// longest first): the orbit lengths of g inside every house g maps onto itself, when they
/// all agree (empty when they do not, or when g leaves no house invariant and so decides
/// nothing; the four [`GridMap`]s each leave one).
pub fn cycle_types(g: &[usize; 81]) -> Vec<Vec<usize>> {
    let mut found: Option<Vec<usize>> = None;
    for house in houses() {
        let mut sorted = house;
        sorted.sort_unstable();
        let mut image = house.map(|c| g[c]);
        image.sort_unstable();
        if image != sorted {
            continue;
        }
        let mut lengths = Vec::new();
        let mut seen = 0u128;
        for &c in &house {
            if seen & 1 << c != 0 {
                continue;
            }
            let mut len = 0;
            let mut e = c;
            while seen & 1 << e == 0 {
                seen |= 1 << e;
                e = g[e];
                len += 1;
            }
            lengths.push(len);
        }
        lengths.sort_unstable_by(|a, b| b.cmp(a));
        match &found {
            None => found = Some(lengths),
            Some(f) if *f != lengths => return Vec::new(),
            Some(_) => {}
        }
    }
    found.into_iter().collect()
}

/// A random labelling of the cycle type `lengths` (summing to 9).
fn random_perm(lengths: &[usize], rng: &mut Rng) -> DigitPerm {
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let mut perm = [0u8; 10];
    let mut at = 0;
    for &len in lengths {
        let cycle = &digits[at..at + len];
        for (i, &d) in cycle.iter().enumerate() {
            perm[usize::from(d)] = cycle[(i + 1) % len];
        }
        at += len;
    }
    DigitPerm(perm)
}

/// The 20 peers of each cell.
fn peers() -> [[u8; 20]; 81] {
    std::array::from_fn(|c| {
        let mut out = [0u8; 20];
        let mut n = 0;
        for e in 0..81 {
            let same_box = e / 27 == c / 27 && e % 9 / 3 == c % 9 / 3;
            if e != c && (e / 9 == c / 9 || e % 9 == c % 9 || same_box) {
                out[n] = e as u8;
                n += 1;
            }
        }
        out
    })
}

/// A partial fill: candidates (bit d for digit d) and values.
#[derive(Clone, Copy)]
struct State {
    cand: [u16; 81],
    value: [u8; 81],
}

/// One fill problem: the map, π and the tables derived from them.
struct Fill {
    map: [usize; 81],
    /// Length of each cell's orbit under the map.
    orbit_len: [usize; 81],
    perm: DigitPerm,
    /// Digits d with π^L(d) = d, by L (1..=4).
    closes: [u16; 5],
    peers: [[u8; 20]; 81],
    nodes: u64,
}

impl Fill {
    fn new(map: [usize; 81], perm: DigitPerm, peers: [[u8; 20]; 81]) -> Fill {
        let orbit_len = std::array::from_fn(|c| {
            let mut e = map[c];
            let mut len = 1;
            while e != c {
                e = map[e];
                len += 1;
            }
            len
        });
        let closes = std::array::from_fn(|l| {
            (1..=9u8)
                .filter(|&d| l > 0 && (0..l).fold(d, |e, _| perm.apply(e)) == d)
                .fold(0u16, |m, d| m | 1 << d)
        });
        Fill {
            map,
            orbit_len,
            perm,
            closes,
            peers,
            nodes: 0,
        }
    }

    /// Places d at c and π^k(d) at g^k(c) along c's orbit; `false` on a contradiction.
    fn assign(&self, s: &mut State, c: usize, d: u8) -> bool {
        let (mut cell, mut digit) = (c, d);
        for _ in 0..self.orbit_len[c] {
            if s.value[cell] != 0 {
                if s.value[cell] != digit {
                    return false;
                }
            } else {
                if s.cand[cell] & 1 << digit == 0 {
                    return false;
                }
                s.value[cell] = digit;
                s.cand[cell] = 1 << digit;
                for &p in &self.peers[cell] {
                    s.cand[usize::from(p)] &= !(1 << digit);
                }
            }
            cell = self.map[cell];
            digit = self.perm.apply(digit);
        }
        digit == d
    }

    /// The digits c can take with its whole orbit consistent.
    fn effective(&self, s: &State, c: usize) -> u16 {
        let len = self.orbit_len[c];
        let mut m = s.cand[c] & self.closes[len];
        let mut ds = m;
        while ds != 0 {
            let d = ds.trailing_zeros() as u8;
            ds &= ds - 1;
            let (mut cell, mut digit) = (c, d);
            for _ in 1..len {
                cell = self.map[cell];
                digit = self.perm.apply(digit);
                if s.cand[cell] & 1 << digit == 0 {
                    m &= !(1 << d);
                    break;
                }
            }
        }
        m
    }

    /// Orbit singles until none is left; `false` on a contradiction.
    fn propagate(&self, s: &mut State) -> bool {
        loop {
            let mut changed = false;
            for c in 0..81 {
                if s.value[c] != 0 {
                    continue;
                }
                let m = self.effective(s, c);
                if m == 0 {
                    return false;
                }
                if m.count_ones() == 1 {
                    if !self.assign(s, c, m.trailing_zeros() as u8) {
                        return false;
                    }
                    changed = true;
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// A completion of `s` in random order, within the node cap.
    fn search(&mut self, s: State, rng: &mut Rng) -> Option<[u8; 81]> {
        self.nodes += 1;
        if self.nodes > NODES_PER_ATTEMPT {
            return None;
        }
        let mut best: Option<(usize, u16)> = None;
        for c in 0..81 {
            if s.value[c] == 0 {
                let m = self.effective(&s, c);
                if best.is_none_or(|(_, b)| m.count_ones() < b.count_ones()) {
                    best = Some((c, m));
                }
            }
        }
        let Some((c, m)) = best else {
            return Some(s.value);
        };
        let mut digits: Vec<u8> = (1..=9).filter(|&d| m & 1 << d != 0).collect();
        rng.shuffle(&mut digits);
        for d in digits {
            let mut t = s;
            if self.assign(&mut t, c, d)
                && self.propagate(&mut t)
                && let Some(g) = self.search(t, rng)
            {
                return Some(g);
            }
            if self.nodes > NODES_PER_ATTEMPT {
                return None;
            }
        }
        None
    }
}

/// A seeded source of essentially different automorphic grids.
pub struct AutomorphicGrids {
    choice: Automorphism,
    peers: [[u8; 20]; 81],
    seen: HashSet<[u8; 81]>,
    /// Fill attempts made (each a fresh labelling of π).
    pub attempts: u64,
    /// Fill search nodes.
    pub nodes: u64,
    /// Grids filled that were equivalent to one given before.
    pub duplicates: u64,
}

impl AutomorphicGrids {
    /// A source of grids automorphic under `choice`.
    pub fn new(choice: Automorphism) -> AutomorphicGrids {
        AutomorphicGrids {
            choice,
            peers: peers(),
            seen: HashSet::new(),
            attempts: 0,
            nodes: 0,
            duplicates: 0,
        }
    }

    /// The next grid not equivalent to any given before, within `attempts` fill attempts
    /// (`None` when they all stalled or met known grids).
    pub fn next(&mut self, rng: &mut Rng, attempts: u64) -> Option<AutomorphicGrid> {
        self.next_until(rng, attempts, &|| false)
    }

    /// [`next`](Self::next), asking `stop` before each fill attempt (a budget or a cancel):
    /// `None` as soon as it says so.
    pub fn next_until(
        &mut self,
        rng: &mut Rng,
        attempts: u64,
        stop: &dyn Fn() -> bool,
    ) -> Option<AutomorphicGrid> {
        for _ in 0..attempts {
            if stop() {
                return None;
            }
            let map = match self.choice {
                Automorphism::Map(m) => m,
                Automorphism::Any => *rng.pick(&GridMap::ALL),
            };
            let cells = map.cells();
            let types = cycle_types(&cells);
            let lengths = types[rng.below(types.len())].clone();
            let perm = random_perm(&lengths, rng);
            self.attempts += 1;
            let mut fill = Fill::new(cells, perm, self.peers);
            let start = State {
                cand: [0x3fe; 81],
                value: [0; 81],
            };
            let grid = fill.search(start, rng);
            self.nodes += fill.nodes;
            let Some(grid) = grid else { continue };
            if !self.seen.insert(minlex(&grid)) {
                self.duplicates += 1;
                continue;
            }
            return Some(AutomorphicGrid { grid, map, perm });
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A complete valid grid, by rows, columns and boxes counted directly.
    fn valid(g: &[u8; 81]) -> bool {
        (0..9).all(|i| {
            let row: HashSet<u8> = (0..9).map(|j| g[i * 9 + j]).collect();
            let col: HashSet<u8> = (0..9).map(|j| g[j * 9 + i]).collect();
            let bx: HashSet<u8> = (0..9)
                .map(|j| g[(i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3])
                .collect();
            [row, col, bx]
                .iter()
                .all(|h| h.len() == 9 && h.iter().all(|d| (1..=9).contains(d)))
        })
    }

    /// The image of (r, c) under a map, written from the geometry, not from `GridMap::cells`.
    fn image(map: GridMap, r: usize, c: usize) -> (usize, usize) {
        match map {
            GridMap::Rot180 => (8 - r, 8 - c),
            GridMap::Rot90 => (c, 8 - r),
            GridMap::Diagonal => (c, r),
            GridMap::AntiDiagonal => (8 - c, 8 - r),
        }
    }

    #[test]
    fn a_stop_ends_the_fill_attempts_at_once_and_a_later_call_goes_on() {
        let mut src = AutomorphicGrids::new(Automorphism::Map(GridMap::Rot180));
        let mut rng = Rng::new(3);
        assert!(src.next_until(&mut rng, 1_000, &|| true).is_none());
        assert_eq!(src.attempts, 0, "no fill attempt after a stop");
        let asked = std::cell::Cell::new(0);
        let a = src.next_until(&mut rng, 1_000, &|| {
            asked.set(asked.get() + 1);
            false
        });
        let a = a.expect("a rot180 grid within 1,000 attempts");
        assert!(valid(&a.grid));
        assert_eq!(asked.get(), src.attempts, "stop asked before every attempt");
    }

    #[test]
    fn every_grid_is_a_solution_automorphic_under_its_map_and_perm() {
        for choice in [
            Automorphism::Map(GridMap::Rot180),
            Automorphism::Map(GridMap::Rot90),
            Automorphism::Map(GridMap::Diagonal),
            Automorphism::Map(GridMap::AntiDiagonal),
            Automorphism::Any,
        ] {
            let mut src = AutomorphicGrids::new(choice);
            let mut rng = Rng::new(7);
            let mut forms = HashSet::new();
            for _ in 0..5 {
                let a = src.next(&mut rng, 200).expect("a grid within 200 attempts");
                assert!(valid(&a.grid), "{choice}: not a solution");
                let mut sorted = a.perm.0;
                sorted.sort_unstable();
                assert_eq!(sorted, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], "π is a permutation");
                if let Automorphism::Map(m) = choice {
                    assert_eq!(a.map, m);
                }
                for r in 0..9 {
                    for c in 0..9 {
                        let (r2, c2) = image(a.map, r, c);
                        assert_eq!(
                            a.grid[r2 * 9 + c2],
                            a.perm.0[usize::from(a.grid[r * 9 + c])],
                            "{choice}: G(g(c)) = π(G(c)) at r{}c{}",
                            r + 1,
                            c + 1
                        );
                    }
                }
                assert!(forms.insert(minlex(&a.grid)), "grids are distinct");
            }
        }
    }

    #[test]
    fn seeded_runs_replay_exactly() {
        let run = |seed| {
            let mut src = AutomorphicGrids::new(Automorphism::Any);
            let mut rng = Rng::new(seed);
            (0..4)
                .map(|_| src.next(&mut rng, 200).expect("a grid"))
                .collect::<Vec<_>>()
        };
        assert_eq!(run(11), run(11));
        assert_ne!(run(11), run(12));
    }

    #[test]
    fn cycle_types_follow_the_invariant_houses() {
        let of = |m: GridMap| cycle_types(&m.cells());
        assert_eq!(of(GridMap::Rot180), vec![vec![2, 2, 2, 2, 1]]);
        assert_eq!(of(GridMap::Rot90), vec![vec![4, 4, 1]]);
        assert_eq!(of(GridMap::Diagonal), vec![vec![2, 2, 2, 1, 1, 1]]);
        assert_eq!(of(GridMap::AntiDiagonal), vec![vec![2, 2, 2, 1, 1, 1]]);
        // A column mirror: the middle column wants π = identity, the middle row does not.
        let mirror: [usize; 81] = std::array::from_fn(|c| c / 9 * 9 + 8 - c % 9);
        assert!(cycle_types(&mirror).is_empty());
    }

    #[test]
    fn names_parse_and_a_mirror_is_refused() {
        for m in GridMap::ALL {
            assert_eq!(m.name().parse(), Ok(Automorphism::Map(m)));
        }
        assert_eq!("any".parse(), Ok(Automorphism::Any));
        let err = "vertical".parse::<Automorphism>().unwrap_err();
        assert!(err.to_string().contains("unknown automorphism 'vertical'"));
    }

    #[test]
    fn aligned_conjugates_are_those_whose_orbits_the_map_keeps() {
        use super::super::closure::conjugates;
        use crate::Symmetry;
        // The standard orientation of the full class contains every map.
        let full = conjugates(Symmetry::Full);
        for m in GridMap::ALL {
            assert!(aligned(&full[0], m), "{}", m.name());
        }
        let aligned_90 = full.iter().filter(|cj| aligned(cj, GridMap::Rot90)).count();
        assert!(
            aligned_90 >= 1 && aligned_90 < full.len() / 10,
            "{aligned_90}"
        );
        // No conjugate of one mirror is kept by a rotation or a diagonal reflection.
        for cj in conjugates(Symmetry::Vertical) {
            assert!(GridMap::ALL.into_iter().all(|m| !aligned(&cj, m)));
        }
        // 180° rotation is in the both-mirrors group.
        assert!(aligned(
            &conjugates(Symmetry::Orthogonal)[0],
            GridMap::Rot180
        ));
    }

    #[test]
    fn perm_prints_in_cycle_notation() {
        let p = DigitPerm([0, 2, 1, 4, 3, 6, 5, 8, 7, 9]);
        assert_eq!(p.to_string(), "(12)(34)(56)(78)(9)");
    }

    #[test]
    fn the_anti_diagonal_takes_both_spellings() {
        for name in ["antidiagonal", "anti-diagonal"] {
            assert_eq!(
                name.parse::<Automorphism>(),
                Ok(Automorphism::Map(GridMap::AntiDiagonal))
            );
        }
        assert!("vertical".parse::<Automorphism>().is_err());
    }
}
