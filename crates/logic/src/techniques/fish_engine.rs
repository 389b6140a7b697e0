//! The general fish search behind finned, sashimi, Franken, mutant and Siamese fish: for one
//! digit, `k` base houses and `k` cover houses (none of them a base house); fins are the base
//! candidates no cover holds plus the endo fins (candidates in two base houses). If no fin is
//! true, the base houses' `k` digits sit in `k` different cover houses, one each, so the covers'
//! other candidates go, and so does a base candidate lying in two covers (cannibalism); if a fin
//! is true, whatever sees every fin goes. So the step removes the cover candidates (and
//! cannibals) that see every fin.
//!
//! Design decision: the candidates of one digit are renumbered `0..m` so every house is a bit
//! mask (`u128` for up to 128 places, wider fixed arrays beyond, so every layout works); the
//! base houses are a combination walk (pruned by the endo-fin limit and, for row/column fish,
//! by the number of cover lines), and the covers are found by branching on the first base
//! candidate not yet covered: it is a fin, or one of the unforbidden covers holding it takes
//! it. Each cover set is reached by exactly one path, each cover holds a base candidate, and a
//! branch dies as soon as its fins see no common candidate or exceed the fin limit.
//!
//! The targeted walk (finned fish found from their eliminations, see [`targeted`]) asks each
//! house's pruning test (enough covers for the free candidates) once per target before the
//! base walk and keeps the houses that pass; the walk's first level joins only those houses
//! to the very bases the test was asked on (the target's fixed bases), so there the test is
//! not asked again and only the endo-fin limits are (issue 45, session 40). The same nodes
//! pass, so the walk visits the same base and cover sets in the same order;
//! [`targeted_reference`] asks every test and the tests compare the two.
//!
//! Where the sets of at most `k - 1` cover houses can be numbered in a few words (the finned
//! Franken X-wing and swordfish on 9×9 grids), the pruning test is set algebra instead of a
//! cover search (`CoverSets`): each house's family of cover sets hitting its free candidates
//! is built once per target, a house joins the bases when its family meets theirs, and the
//! meet is the new bases' family. Same test, same answer, so the same walk; the test had been
//! most of the targeted walk's instructions (issue 45, session 49).
//!
//! Session 69 (issue 45), byte-identical, on mt10th in HoDoKu's order: walked from its first
//! touched house, a base set's family lies in that house's, so the untouched houses' families
//! are built within the passing touched houses' sets (the joins answer the same, see
//! `Search::walk`); the shared-set filter is skipped with one base to choose (it keeps every
//! passing house then), and `shared_by` counts with only the counters its size uses; with no
//! cover left to choose a house's family is read off its free candidates (together -10.2 M
//! instructions of 3,698.5 M). The families are met candidate by candidate one 64-bit word at a
//! time instead of by `u128` steps (`CoverSets::hitting`, -17.4 M).

use sudokit_core::{Cell, Digit, House, HouseKind};

use crate::grid::CandidateGrid;
use crate::kernel::bits::bits;
use crate::kernel::combos::{combinations, combos};

/// Largest number of endo fins (HoDoKu's default).
pub const MAX_ENDO_FINS: usize = 2;

/// Which houses may be base and cover houses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Rows against columns (or columns against rows).
    Basic,
    /// Rows and boxes against columns and boxes (or the other way round), with a box.
    Franken,
    /// Any rows, columns and boxes that are neither basic nor Franken.
    Mutant,
}

/// One fish found.
#[derive(Clone, Debug)]
pub struct Found {
    /// The digit.
    pub digit: Digit,
    /// Base houses.
    pub base: Vec<House>,
    /// Cover houses.
    pub cover: Vec<House>,
    /// Base candidates that are not fins.
    pub body: Vec<Cell>,
    /// Base candidates no cover holds.
    pub fins: Vec<Cell>,
    /// Base candidates in two base houses.
    pub endo: Vec<Cell>,
    /// Candidates removed (cover candidates and cannibals that see every fin).
    pub elims: Vec<Cell>,
    /// The removed candidates that are base candidates in two covers.
    pub cannibals: Vec<Cell>,
    /// Basic fish only: some base house has at most one candidate besides its fins.
    pub sashimi: bool,
}

impl Found {
    /// Whether the fish has fins (exo or endo).
    pub fn finned(&self) -> bool {
        !self.fins.is_empty() || !self.endo.is_empty()
    }
}

/// A fixed-width bit set over the renumbered candidates of one digit.
trait Mask: Copy + PartialEq {
    fn zero() -> Self;
    fn set(&mut self, i: usize);
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn minus(self, o: Self) -> Self;
    fn count(&self) -> u32;
    fn is_zero(&self) -> bool;
    fn lowest(&self) -> Option<usize>;
    /// The lowest set bit, cleared.
    fn pop_lowest(&mut self) -> Option<usize>;
    fn has(&self, i: usize) -> bool;
    /// How many 64-bit words the set has, and word `w` (bits `64 * w..64 * w + 64`).
    const WORDS: usize;
    fn word(&self, w: usize) -> u64;
}

impl Mask for u128 {
    fn zero() -> Self {
        0
    }
    fn set(&mut self, i: usize) {
        *self |= 1 << i;
    }
    fn and(self, o: Self) -> Self {
        self & o
    }
    fn or(self, o: Self) -> Self {
        self | o
    }
    fn minus(self, o: Self) -> Self {
        self & !o
    }
    fn count(&self) -> u32 {
        self.count_ones()
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    fn lowest(&self) -> Option<usize> {
        (*self != 0).then(|| self.trailing_zeros() as usize)
    }
    fn pop_lowest(&mut self) -> Option<usize> {
        let i = self.lowest()?;
        *self &= *self - 1;
        Some(i)
    }
    fn has(&self, i: usize) -> bool {
        *self >> i & 1 == 1
    }
    const WORDS: usize = 2;
    #[inline(always)]
    fn word(&self, w: usize) -> u64 {
        (*self >> (64 * w)) as u64
    }
}

#[derive(Clone, Copy, PartialEq)]
struct Wide<const K: usize>([u64; K]);

impl<const K: usize> Mask for Wide<K> {
    fn zero() -> Self {
        Wide([0; K])
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn and(mut self, o: Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a &= b;
        }
        self
    }
    fn or(mut self, o: Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a |= b;
        }
        self
    }
    fn minus(mut self, o: Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a &= !b;
        }
        self
    }
    fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    fn lowest(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }
    fn pop_lowest(&mut self) -> Option<usize> {
        let (i, w) = self.0.iter_mut().enumerate().find(|(_, w)| **w != 0)?;
        let at = i * 64 + w.trailing_zeros() as usize;
        *w &= *w - 1;
        Some(at)
    }
    fn has(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    const WORDS: usize = K;
    #[inline(always)]
    fn word(&self, w: usize) -> u64 {
        self.0[w]
    }
}

/// Whether `h` has a cell in `lost` (bits in reading order, 64 cells a word).
pub(crate) fn house_lost(g: &CandidateGrid, h: House, lost: &[u64]) -> bool {
    g.house_cells(h).iter().any(|c| {
        lost.get(c.index() / 64)
            .is_some_and(|w| w >> (c.index() % 64) & 1 == 1)
    })
}

/// What to look for.
#[derive(Clone, Copy, Debug)]
pub struct Params {
    /// Number of base (and cover) houses.
    pub size: usize,
    /// Which houses.
    pub shape: Shape,
    /// `false`: fish without fins only; `true`: fish with at least one fin only.
    pub finned: bool,
    /// Largest number of exo fins.
    pub max_fins: usize,
}

/// House kinds as bits, so a set of kinds is a `u8`.
type Kind = u8;
const ROW: Kind = 1;
const COL: Kind = 2;
const BOX: Kind = 4;

fn kind_of(g: &CandidateGrid, h: House) -> Option<Kind> {
    match g.layout().house_kind(h) {
        HouseKind::Row(_) => Some(ROW),
        HouseKind::Column(_) => Some(COL),
        HouseKind::Box(_) | HouseKind::Region(_) => Some(BOX),
        HouseKind::Diagonal | HouseKind::AntiDiagonal => None,
    }
}

/// The shape of a fish whose base houses have the kinds `base` and covers `cover`.
fn classify(base: Kind, cover: Kind) -> Shape {
    if (base == ROW && cover == COL) || (base == COL && cover == ROW) {
        Shape::Basic
    } else if (base & COL == 0 && cover & ROW == 0) || (base & ROW == 0 && cover & COL == 0) {
        Shape::Franken
    } else {
        Shape::Mutant
    }
}

/// Calls `visit` with the fish found for each base set of `digit` (every fish with those base
/// houses, possibly none); stops when `visit` returns `false`, and returns `false` then.
pub fn search(
    g: &CandidateGrid,
    digit: Digit,
    p: Params,
    visit: &mut dyn FnMut(&[Found]) -> bool,
) -> bool {
    let places = g.empty_cells().filter(|&c| g.has(c, digit)).count();
    if places <= 128 {
        Search::<u128>::new(g, digit, p).run(visit)
    } else if places <= 512 {
        Search::<Wide<8>>::new(g, digit, p).run(visit)
    } else {
        Search::<Wide<64>>::new(g, digit, p).run(visit)
    }
}

struct Search<'g, M: Mask> {
    g: &'g CandidateGrid,
    digit: Digit,
    p: Params,
    /// Local index -> cell.
    cells: Vec<Cell>,
    /// Cell index -> local index (`u16::MAX`: no candidate of the digit).
    local: Vec<u16>,
    /// Every candidate of the digit.
    all: M,
    /// Houses with candidates: (house, kind, mask, positions over the house's cells).
    houses: Vec<(House, Kind, M, u64)>,
    /// Per local candidate: the houses holding it (bits over `houses`; those past the 64th
    /// left out, as the targeted walk, which reads these, takes at most 64 houses).
    holders: Vec<u64>,
    /// Whether a candidate's peers are the candidates sharing one of `houses` with it: the
    /// layout's peers are the cells sharing a house, and every house has a kind (no
    /// diagonal, which `houses` leaves out), so `peers_of` is the union of its holders'
    /// masks. Otherwise `peers_of` asks the layout's peer list.
    house_peers: bool,
    /// Lazily computed: the local candidates each local candidate sees.
    peers: Vec<Option<M>>,
    /// The targeted walk may report in any order ([`targeted_any_order`]): base sets are
    /// walked from their first touched house.
    any_order: bool,
    /// The finned search also reports fish without fins
    /// ([`targeted_any_order_with_plain`]).
    with_plain: bool,
    /// The targeted walk's plain form ([`targeted_reference`]): every pruning test asked as
    /// [`covers_exist`], none read from the easy houses or skipped as known.
    reference: bool,
}

/// The state of one base set while covers are chosen.
struct Base<M> {
    idx: Vec<usize>,
    /// The kinds of the base houses.
    kinds: Kind,
    union: M,
    endo: M,
    /// Candidate covers (indices into `houses`).
    options: Vec<usize>,
}

/// The cover search's state.
#[derive(Clone, Copy)]
struct State<M> {
    /// Candidates in the chosen covers.
    union: M,
    /// Candidates in two chosen covers.
    twice: M,
    /// Base candidates declared fins.
    fins: M,
    /// Candidates that see every fin (endo fins included) and lie in a possible cover.
    seen: M,
    /// Cover options (bits over `Base::options`) that may not be chosen.
    forbidden: u64,
}

impl<'g, M: Mask> Search<'g, M> {
    fn new(g: &'g CandidateGrid, digit: Digit, p: Params) -> Self {
        let mut local = vec![u16::MAX; g.cell_count()];
        let mut cells = Vec::new();
        for c in g.empty_cells() {
            if g.has(c, digit) {
                local[c.index()] = cells.len() as u16;
                cells.push(c);
            }
        }
        let mut all = M::zero();
        for i in 0..cells.len() {
            all.set(i);
        }
        let mut houses = Vec::new();
        let mut house_peers = g.house_peers();
        for h in g.houses() {
            let Some(kind) = kind_of(g, h) else {
                house_peers = false;
                continue;
            };
            let mut m = M::zero();
            let mut pos = 0u64;
            for (i, c) in g.house_cells(h).iter().enumerate() {
                let l = local[c.index()];
                if l != u16::MAX {
                    m.set(l as usize);
                    pos |= 1 << i;
                }
            }
            if !m.is_zero() {
                houses.push((h, kind, m, pos));
            }
        }
        let n = cells.len();
        house_peers &= houses.len() <= 64;
        let mut holders = vec![0u64; n];
        for (i, h) in houses.iter().enumerate().take(64) {
            let mut rest = h.2;
            while let Some(l) = rest.pop_lowest() {
                holders[l] |= 1 << i;
            }
        }
        Search {
            g,
            digit,
            p,
            cells,
            local,
            all,
            houses,
            holders,
            house_peers,
            peers: vec![None; n],
            any_order: false,
            with_plain: false,
            reference: false,
        }
    }

    fn orientations(&self) -> &'static [(Kind, Kind)] {
        match self.p.shape {
            Shape::Basic => &[(ROW, COL), (COL, ROW)],
            Shape::Franken => &[(ROW | BOX, COL | BOX), (COL | BOX, ROW | BOX)],
            Shape::Mutant => &[(ROW | COL | BOX, ROW | COL | BOX)],
        }
    }

    fn run(mut self, visit: &mut dyn FnMut(&[Found]) -> bool) -> bool {
        for &(bk, ck) in self.orientations() {
            let cand: Vec<usize> = (0..self.houses.len())
                .filter(|&i| bk & self.houses[i].1 != 0)
                .collect();
            if cand.len() < self.p.size {
                continue;
            }
            let mut chosen = Vec::with_capacity(self.p.size);
            if !self.bases(&cand, ck, 0, M::zero(), M::zero(), 0, &mut chosen, visit) {
                return false;
            }
        }
        true
    }

    #[allow(clippy::too_many_arguments)]
    fn bases(
        &mut self,
        cand: &[usize],
        ck: Kind,
        start: usize,
        union: M,
        endo: M,
        lines: u64,
        chosen: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[Found]) -> bool,
    ) -> bool {
        let k = self.p.size;
        if chosen.len() == k {
            let options: Vec<usize> = (0..self.houses.len())
                .filter(|&i| {
                    ck & self.houses[i].1 != 0
                        && !chosen.contains(&i)
                        && !self.houses[i].2.and(union).is_zero()
                })
                .collect();
            if options.len() < k || options.len() > 64 {
                return true;
            }
            // Whatever a step removes lies in a cover (outside the fins).
            let mut reach = M::zero();
            for &o in &options {
                reach = reach.or(self.houses[o].2);
            }
            if self.p.shape == Shape::Basic {
                reach = reach.minus(union);
            }
            let seen = self.seen_by(endo).and(reach);
            if seen.is_zero() {
                return true;
            }
            let base = Base {
                idx: chosen.clone(),
                kinds: chosen.iter().fold(0, |k, &i| k | self.houses[i].1),
                union,
                endo,
                options,
            };
            let mut found = Vec::new();
            let mut covers = Vec::with_capacity(k);
            let st = State {
                union: M::zero(),
                twice: M::zero(),
                fins: M::zero(),
                seen,
                forbidden: 0,
            };
            self.covers(&base, &mut covers, st, &mut found);
            return found.is_empty() || visit(&found);
        }
        let max_lines = if self.p.finned {
            k + self.p.max_fins
        } else {
            k
        };
        for i in start..cand.len() {
            if cand.len() - i < k - chosen.len() {
                break;
            }
            let (_, _, m, pos) = self.houses[cand[i]];
            let e = endo.or(union.and(m));
            if !e.is_zero() && (!self.p.finned || e.count() as usize > MAX_ENDO_FINS) {
                continue;
            }
            let l = lines | pos;
            if self.p.shape == Shape::Basic && l.count_ones() as usize > max_lines {
                continue;
            }
            chosen.push(cand[i]);
            let go = self.bases(cand, ck, i + 1, union.or(m), e, l, chosen, visit);
            chosen.pop();
            if !go {
                return false;
            }
        }
        true
    }

    /// The local candidates that see local candidate `i`: its layout peers holding the digit
    /// (the same set as asking every candidate whether it sees `i`, from the peer list: a
    /// cell has far fewer peers than a digit has candidates).
    fn peers_of(&mut self, i: usize) -> M {
        if let Some(m) = self.peers[i] {
            return m;
        }
        let mut m = M::zero();
        if self.house_peers {
            for h in bits(self.holders[i]) {
                m = m.or(self.houses[h].2);
            }
            let mut me = M::zero();
            me.set(i);
            m = m.minus(me);
        } else {
            for p in self.g.peers(self.cells[i]) {
                let l = self.local[p.index()];
                if l != u16::MAX {
                    m.set(l as usize);
                }
            }
        }
        self.peers[i] = Some(m);
        m
    }

    /// The candidates that see every fin in `fins` (all candidates when there is none).
    fn seen_by(&mut self, fins: M) -> M {
        self.also_seeing(self.all, fins)
    }

    /// The candidates of `s` that also see every fin in `fins`.
    #[inline]
    fn also_seeing(&mut self, mut s: M, fins: M) -> M {
        let mut rest = fins;
        while let Some(i) = rest.lowest() {
            s = s.and(self.peers_of(i));
            let mut bit = M::zero();
            bit.set(i);
            rest = rest.minus(bit);
        }
        s
    }

    fn covers(&mut self, b: &Base<M>, chosen: &mut Vec<usize>, st: State<M>, out: &mut Vec<Found>) {
        let k = self.p.size;
        let rest = b.union.minus(b.endo).minus(st.union).minus(st.fins);
        if chosen.len() == k {
            let mut fins = st.fins.or(rest);
            if fins.count() as usize > self.p.max_fins {
                return;
            }
            let seen = self.also_seeing(st.seen, rest);
            fins = fins.or(b.endo);
            self.leaf(b, chosen, st.union, st.twice, fins, seen, out);
            return;
        }
        let Some(first) = rest.lowest() else {
            return;
        };
        // `first` is a fin: no cover may hold it.
        if self.p.finned && (st.fins.count() as usize) < self.p.max_fins {
            let seen = st.seen.and(self.peers_of(first));
            if !seen.is_zero() {
                let mut forbidden = st.forbidden;
                for (j, &o) in b.options.iter().enumerate() {
                    if self.houses[o].2.has(first) {
                        forbidden |= 1 << j;
                    }
                }
                let mut fins = st.fins;
                fins.set(first);
                let next = State {
                    fins,
                    seen,
                    forbidden,
                    ..st
                };
                self.covers(b, chosen, next, out);
            }
        }
        // Or a cover holds it.
        let mut forbidden = st.forbidden;
        for (j, &o) in b.options.iter().enumerate() {
            if st.forbidden >> j & 1 == 1 || !self.houses[o].2.has(first) {
                continue;
            }
            let m = self.houses[o].2;
            chosen.push(o);
            let next = State {
                union: st.union.or(m),
                twice: st.twice.or(st.union.and(m)),
                forbidden: forbidden | 1 << j,
                ..st
            };
            self.covers(b, chosen, next, out);
            chosen.pop();
            forbidden |= 1 << j;
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn leaf(
        &mut self,
        b: &Base<M>,
        chosen: &[usize],
        union: M,
        twice: M,
        all_fins: M,
        seen: M,
        out: &mut Vec<Found>,
    ) {
        if self.p.finned == all_fins.is_zero() && !(self.with_plain && all_fins.is_zero()) {
            return;
        }
        if self.p.shape != Shape::Basic {
            let kinds = chosen.iter().fold(0, |k, &i| k | self.houses[i].1);
            if classify(b.kinds, kinds) != self.p.shape {
                return;
            }
        }
        let cannibals = twice.and(b.union).minus(all_fins);
        let elims = union.minus(b.union).or(cannibals).and(seen);
        if elims.is_zero() {
            return;
        }
        let list = |m: M| -> Vec<Cell> {
            (0..self.cells.len())
                .filter(|&i| m.has(i))
                .map(|i| self.cells[i])
                .collect()
        };
        let sashimi = self.p.shape == Shape::Basic
            && !all_fins.is_zero()
            && b.idx
                .iter()
                .any(|&i| self.houses[i].2.minus(all_fins).count() <= 1);
        let mut base: Vec<House> = b.idx.iter().map(|&i| self.houses[i].0).collect();
        base.sort();
        let mut cover: Vec<House> = chosen.iter().map(|&i| self.houses[i].0).collect();
        cover.sort();
        out.push(Found {
            digit: self.digit,
            base,
            cover,
            body: list(b.union.minus(all_fins)),
            fins: list(all_fins.minus(b.endo)),
            endo: list(b.endo),
            elims: list(elims),
            cannibals: list(cannibals.and(elims)),
            sashimi,
        });
    }
}

/// Franken and mutant fish (with or without fins), found from their eliminations (fish
/// without fins: from their base candidates, which the covers must hold). Every
/// fish (its base and cover houses) that removes something is reported once, with all of its
/// eliminations, as [`search`] would report it; `visit` returns `false` to stop.
///
/// A candidate `e` is removed by a fish when, were `e` true, the fins (which all see `e`) would
/// be false and the base houses' truths would have to fit into the covers that `e` leaves
/// free. So, with `e` and its peers taken out of the digit's candidates, the remaining base
/// candidates must lie in one cover fewer than there are bases (two fewer when `e` is a
/// cannibal, a base candidate in two covers). That is a small exact-cover question per
/// target: the base walk is pruned as soon as its remaining candidates need too many covers,
/// and the covers are found by branching on the first uncovered candidate (at most three
/// houses hold it). This is far cheaper than choosing fins and covers blind.
///
/// With `lost` (the cells that lost the digit since a plane on which this search reported
/// nothing, as the per-digit memo gives them), only base sets with a house
/// holding a lost cell are walked: any other base set had the same base candidates on that
/// plane and the same fish, with the same or more eliminations, so it yields nothing now.
pub fn targeted(
    g: &CandidateGrid,
    digit: Digit,
    p: Params,
    lost: Option<&[u64]>,
    visit: &mut dyn FnMut(Found) -> bool,
) -> bool {
    targeted_in(
        g,
        digit,
        p,
        &[p.size],
        lost,
        (false, false, false),
        &mut |_, x| visit(x),
    )
}

/// [`targeted`] for a caller that orders what it is given itself: the same fish, each once,
/// in another order. With `lost`, each base set is walked from its first touched house (the
/// first house of the set, in the walk's order, holding a lost cell), so no node of the walk
/// lacks one; [`targeted`] walks the sets in combination order and passes through every
/// untouched prefix. The tests at every node (enough covers for the free candidates, the
/// endo fins) only get harder as houses join, so a set passes them all in one order exactly
/// when it does in the other: the sets reaching the cover search, and so the fish, are the
/// same.
pub fn targeted_any_order(
    g: &CandidateGrid,
    digit: Digit,
    p: Params,
    lost: Option<&[u64]>,
    visit: &mut dyn FnMut(Found) -> bool,
) -> bool {
    targeted_in(
        g,
        digit,
        p,
        &[p.size],
        lost,
        (true, false, false),
        &mut |_, x| visit(x),
    )
}

/// [`targeted_any_order`] of the finned search (`p.finned` is taken as `true`) that also
/// reports the fish without fins of the same shape and size: every fish of both kinds, each
/// once, so the fish without fins and the finned fish of a size come from one walk.
///
/// Exact: a fish without fins that removes `t` is met by the finned walk's target `t`. When
/// `t` is no base candidate, the base candidates that do not see `t` lie in the covers other
/// than one holding `t` (that cover's candidates all see `t`), which is the question the walk
/// asks of every base set (`k - 1` covers, `t`'s cover joining in `Search::fill`); when `t`
/// is a cannibal (one base, two covers) it is the cannibal walk with that base and those two
/// covers fixed. Every pruning test of the walk holds for such a fish (no endo fins, no exo
/// fins, the covers are no bases), the walk reaches its base and cover set, and the fish is
/// evaluated from that set alone (`Search::evaluate`), as the walk without fins evaluates
/// it. With `lost`, both walks keep the base sets holding a touched house only. So the fish
/// without fins reported here are those [`targeted_any_order`] reports without fins, and the
/// finned ones those it reports with fins.
pub fn targeted_any_order_with_plain(
    g: &CandidateGrid,
    digit: Digit,
    p: Params,
    lost: Option<&[u64]>,
    visit: &mut dyn FnMut(Found) -> bool,
) -> bool {
    targeted_any_order_with_plain_sizes(g, digit, p, &[p.size], lost, &mut |_, x| visit(x))
}

/// [`targeted_any_order_with_plain`] for several sizes (`p.size` is not read) on one digit:
/// `visit(i, fish)` gets the fish of `sizes[i]`, for each size exactly what
/// [`targeted_any_order_with_plain`] of that size reports, in its order, the sizes one after
/// another; stops at the first `false` and returns `false` then. The sizes share what the
/// walk builds from the digit's candidates alone (the candidates renumbered, the houses'
/// masks, each candidate's holders and peers), which does not depend on the size; each
/// size's walk is the one its own call makes (issue 45).
pub fn targeted_any_order_with_plain_sizes(
    g: &CandidateGrid,
    digit: Digit,
    p: Params,
    sizes: &[usize],
    lost: Option<&[u64]>,
    visit: &mut dyn FnMut(usize, Found) -> bool,
) -> bool {
    let p = Params { finned: true, ..p };
    targeted_in(g, digit, p, sizes, lost, (true, true, false), visit)
}

/// The targeted walk in its plain form, for tests: [`targeted`] (`any_order` and `with_plain`
/// false), [`targeted_any_order`] (`any_order`) or [`targeted_any_order_with_plain`] (both;
/// `p.finned` is then taken as `true`), with each house's pruning test asked with
/// [`covers_exist`] for every target and at every node, where the walk otherwise takes the
/// houses that pass for every target as passing (`Target::easy`) and skips the test at the
/// first level of the base walk (where `Search::walk` has just asked it on the same bases).
/// The same fish in the same order.
#[doc(hidden)]
pub fn targeted_reference(
    g: &CandidateGrid,
    digit: Digit,
    p: Params,
    lost: Option<&[u64]>,
    (any_order, with_plain): (bool, bool),
    visit: &mut dyn FnMut(Found) -> bool,
) -> bool {
    let p = Params {
        finned: p.finned || with_plain,
        ..p
    };
    let flags = (any_order, with_plain, true);
    targeted_in(g, digit, p, &[p.size], lost, flags, &mut |_, x| visit(x))
}

/// The targeted walk of each size of `sizes` in turn (`p.size` is not read) on one
/// [`Search`]: `visit(i, fish)` for the fish of `sizes[i]`; `flags` are `any_order`,
/// `with_plain` and `reference`. A walk reads its search's size and flags and the peer sets
/// it fills in on demand (each a function of the candidates alone), so each size's walk is
/// the one a search of its own makes.
fn targeted_in(
    g: &CandidateGrid,
    digit: Digit,
    p: Params,
    sizes: &[usize],
    lost: Option<&[u64]>,
    flags: (bool, bool, bool),
    visit: &mut dyn FnMut(usize, Found) -> bool,
) -> bool {
    fn go<M: Mask>(
        mut s: Search<'_, M>,
        sizes: &[usize],
        lost: Option<&[u64]>,
        flags: (bool, bool, bool),
        visit: &mut dyn FnMut(usize, Found) -> bool,
    ) -> bool {
        (s.any_order, s.with_plain, s.reference) = flags;
        sizes.iter().enumerate().all(|(i, &size)| {
            s.p.size = size;
            s.run_targeted(lost, &mut |x| visit(i, x))
        })
    }
    let places = g.empty_cells().filter(|&c| g.has(c, digit)).count();
    if places <= 128 {
        go(Search::<u128>::new(g, digit, p), sizes, lost, flags, visit)
    } else if places <= 512 {
        go(
            Search::<Wide<8>>::new(g, digit, p),
            sizes,
            lost,
            flags,
            visit,
        )
    } else {
        go(
            Search::<Wide<64>>::new(g, digit, p),
            sizes,
            lost,
            flags,
            visit,
        )
    }
}

/// The fixed part of one targeted walk. House sets are bit masks over `Search::houses`
/// (at most 64 houses: complex fish are searched up to 16×16, which has 48).
struct Target<M> {
    /// Candidates that do not see the target (and are not it).
    free: M,
    /// Houses that may be bases (not holding the target), and covers.
    base_ok: u64,
    cover_ok: u64,
    /// Bases and covers fixed by the target.
    fixed_bases: u64,
    fixed_covers: u64,
    /// Houses of which one joins each cover set found (the target's own covers, when it lies
    /// outside the bases); none when empty.
    one_of: u64,
    /// How many more bases, and how many covers for their free candidates.
    more_bases: u32,
    more_covers: u32,
    /// Houses whose every candidate fits in `more_covers` covers by themselves (no base or
    /// cover fixed): such a house passes the pruning test for any target, since fewer
    /// candidates need no more covers. Empty when bases or covers are fixed.
    easy: u64,
    /// Houses holding a cell that lost the digit since the last miss (all when unknown):
    /// every base set walked has one.
    touch: u64,
}

impl<M> Target<M> {
    /// A walk with nothing fixed: the candidates `free`, the houses of `base_ok` and
    /// `cover_ok` open, `more_bases` bases and `more_covers` covers to choose, no house
    /// known easy.
    #[inline]
    fn open(
        free: M,
        base_ok: u64,
        cover_ok: u64,
        more_bases: u32,
        more_covers: u32,
        touch: u64,
    ) -> Target<M> {
        Target {
            free,
            base_ok,
            cover_ok,
            fixed_bases: 0,
            fixed_covers: 0,
            one_of: 0,
            more_bases,
            more_covers,
            easy: 0,
            touch,
        }
    }
}

/// The walk's tables: each house's candidates, and the houses holding each candidate.
/// (A house is a bit of a `u64`: the targeted walk runs on at most 64 houses, so the per-house
/// tables are arrays of 64 read at `h % 64`, without a bounds check in the walk.)
struct Tables<M> {
    masks: [M; 64],
    /// How many houses `masks` holds.
    houses: usize,
    holders: Vec<u64>,
}

impl<M: Mask> Tables<M> {
    /// The tables of the houses whose candidates are `houses` (at most 64 of them).
    fn new(houses: impl Iterator<Item = M>, holders: Vec<u64>) -> Tables<M> {
        let mut masks = [M::zero(); 64];
        let mut n = 0;
        for m in houses {
            masks[n] = m;
            n += 1;
        }
        Tables {
            masks,
            houses: n,
            holders,
        }
    }

    /// House `h`'s candidates.
    #[inline(always)]
    fn mask(&self, h: usize) -> M {
        self.masks[h % 64]
    }
}

type Seen = rustc_hash::FxHashSet<(u64, u64)>;

impl<M: Mask> Search<'_, M> {
    fn run_targeted(&mut self, lost: Option<&[u64]>, visit: &mut dyn FnMut(Found) -> bool) -> bool {
        let k = self.p.size as u32;
        if self.houses.len() > 64 || k < 2 {
            return true;
        }
        let touch = match lost {
            None => u64::MAX,
            Some(lost) => self
                .houses
                .iter()
                .enumerate()
                .filter(|(_, h)| house_lost(self.g, h.0, lost))
                .fold(0, |a, (i, _)| a | 1 << i),
        };
        if touch == 0 {
            return true;
        }
        let tables = Tables::new(self.houses.iter().map(|h| h.2), self.holders.clone());
        // The narrowest families that number the cover sets of every orientation.
        let most = if self.p.finned { k - 1 } else { k };
        let sets = self
            .orientations()
            .iter()
            .map(|&(_, ck)| cover_sets(self.kinds(ck).count_ones(), most))
            .max()
            .unwrap_or(0);
        if self.reference || sets > 4 * 64 {
            self.targeted_walks::<0>(&tables, touch, visit)
        } else if sets > 64 {
            self.targeted_walks::<4>(&tables, touch, visit)
        } else {
            self.targeted_walks::<1>(&tables, touch, visit)
        }
    }

    /// The houses of the kinds `want`.
    fn kinds(&self, want: Kind) -> u64 {
        self.houses
            .iter()
            .enumerate()
            .filter(|(_, h)| want & h.1 != 0)
            .fold(0, |a, (i, _)| a | 1 << i)
    }

    /// The targeted walks of [`Self::run_targeted`], with families of `W` words (none when
    /// `W` is 0: the walk asks [`covers_exist`]).
    fn targeted_walks<const W: usize>(
        &mut self,
        tables: &Tables<M>,
        touch: u64,
        visit: &mut dyn FnMut(Found) -> bool,
    ) -> bool {
        let k = self.p.size as u32;
        let n = self.cells.len();
        let most = if self.p.finned { k - 1 } else { k };
        let mut done = Seen::default();
        let mut fs = Families::<W> {
            sets: None,
            of: [[0; W]; 64],
        };
        for &(bk, ck) in self.orientations() {
            let (bases_all, covers_all) = (self.kinds(bk), self.kinds(ck));
            fs.sets = (W > 0).then(|| CoverSets::new(covers_all, most, tables));
            if !self.p.finned {
                // Without fins no target is needed: every base candidate is covered.
                let tg = Target::open(self.all, bases_all, covers_all, k, k, touch);
                if !self.walk(&tg, tables, &mut fs, &mut done, visit) {
                    return false;
                }
                continue;
            }
            // The houses that pass the pruning test of every target (see `Target::easy`).
            let mut easy = 0u64;
            if fs.sets.is_none() && !self.reference {
                let probe = Target::open(self.all, bases_all, covers_all, k, k - 1, touch);
                for i in bits(bases_all) {
                    if covers_exist(&probe, tables, 1 << i, tables.mask(i), k - 1) {
                        easy |= 1 << i;
                    }
                }
            }
            for t in 0..n {
                let mut bit = M::zero();
                bit.set(t);
                let free = self.all.minus(self.peers_of(t)).minus(bit);
                let mine = tables.holders[t];
                let (cover_of, base_of) = (mine & covers_all, mine & bases_all);
                let mut tg = Target {
                    free,
                    base_ok: bases_all & !mine,
                    cover_ok: covers_all,
                    fixed_bases: 0,
                    fixed_covers: 0,
                    one_of: cover_of,
                    more_bases: k,
                    more_covers: k - 1,
                    easy,
                    touch,
                };
                // `t` outside the bases, in one cover (any of its houses that may cover).
                if !self.walk(&tg, tables, &mut fs, &mut done, visit) {
                    return false;
                }
                // `t` a cannibal: in one base and two covers.
                tg.one_of = 0;
                tg.easy = 0;
                tg.more_bases = k - 1;
                tg.more_covers = k - 2;
                for b in bits(base_of) {
                    tg.fixed_bases = 1 << b;
                    let cs = cover_of & !(1 << b);
                    for c1 in bits(cs) {
                        for c2 in bits(cs & !((2u64 << c1) - 1)) {
                            tg.fixed_covers = 1 << c1 | 1 << c2;
                            if !self.walk(&tg, tables, &mut fs, &mut done, visit) {
                                return false;
                            }
                        }
                    }
                }
            }
        }
        true
    }

    /// Walks the base sets of one target; `false` to stop.
    fn walk<const W: usize>(
        &mut self,
        tg: &Target<M>,
        tb: &Tables<M>,
        fs: &mut Families<W>,
        done: &mut Seen,
        visit: &mut dyn FnMut(Found) -> bool,
    ) -> bool {
        let mut union = M::zero();
        let mut endo = M::zero();
        for b in bits(tg.fixed_bases) {
            let m = tb.mask(b);
            endo = endo.or(union.and(m));
            union = union.or(m);
        }
        // With cover-set families: the cover sets the fixed bases and covers allow; none,
        // and no base set can be completed (every test below would fail).
        let root = match &fs.sets {
            Some(sets) => {
                let fam = sets.allowing(tg, union.and(tg.free));
                if is_empty(fam) {
                    return true;
                }
                fam
            }
            None => [0; W],
        };
        // Houses whose own free candidates need too many covers never join. The touched
        // houses are asked first: when none can join (and no fixed base is touched), no base
        // set is walked at all.
        let pool = tg.base_ok & !tg.fixed_bases;
        let joins = |fs: &mut Families<W>, i: usize, root: Family<W>| match &fs.sets {
            Some(sets) => {
                let need = tb.mask(i).and(tg.free);
                let fam = if tg.more_covers == 0 {
                    // No cover left to choose: `root` holds at most the empty set, which
                    // holds no house and hits no candidate, so the house's family is `root`
                    // when it has no free candidate and empty otherwise (what `of_house`
                    // answers, without its loop).
                    if need.is_zero() { root } else { [0; W] }
                } else if need == tb.mask(i) {
                    // A house none of whose candidates sees the target has its whole family
                    // (most houses: built once per orientation instead of once per target).
                    and(root, sets.whole[i % 64])
                } else {
                    sets.of_house(i, need, root)
                };
                fs.of[i % 64] = fam;
                !is_empty(fam)
            }
            None => {
                let need = union.or(tb.mask(i)).and(tg.free);
                tg.easy >> i & 1 == 1
                    || covers_exist(tg, tb, tg.fixed_bases | 1 << i, need, tg.more_covers)
            }
        };
        // Walked from the first touched house (`walk_from_touched`), every base set's family
        // lies in that house's: so an untouched house only matters through the sets its
        // family shares with a passing touched house's, and its family is built within their
        // union (`reach`). Exact: along any walk the node's family lies in the first touched
        // house's, so each join's intersection, and so each join's answer, is the same; a
        // house this leaves without a family is one no join would take, and the shared-set
        // filter below keeps every house of a completed set (their common set lies in the
        // union). So the walk meets the same base sets in the same order (issue 45).
        let from_touched = self.any_order && tg.fixed_bases & tg.touch == 0;
        let mut reach = root;
        // One loop over both parts, so `joins` has one call site and is inlined (called
        // twice, it stayed a call: a sixth of the walk's instructions, callgrind, issue 45).
        let mut pass = 0u64;
        for (second, part) in [(false, pool & tg.touch), (true, pool & !tg.touch)] {
            if second {
                if pass == 0 && tg.fixed_bases & tg.touch == 0 {
                    return true;
                }
                if from_touched && fs.sets.is_some() {
                    let union = bits(pass).fold([0; W], |a, i| or(a, fs.of[i % 64]));
                    reach = and(root, union);
                }
            }
            for i in bits(part) {
                if joins(fs, i, reach) {
                    pass |= 1 << i;
                }
            }
        }
        if pass.count_ones() < tg.more_bases {
            return true;
        }
        // With families, a base set passes its joins only when its houses' families share a
        // cover set (their intersection is the set's family), which then lies in the
        // families of `more_bases` passing houses. So a house none of whose sets does is in
        // no completed base set and is left out of the walk: the walk meets the same
        // completed sets in the same order, and when no touched house is left (and no fixed
        // base is touched), none at all.
        // With one base to choose the filter keeps every passing house (its family is not
        // empty and lies in their union, the sets shared by one family), so it is skipped.
        if fs.sets.is_some() && tg.more_bases > 1 {
            let shared = shared_by(bits(pass).map(|i| fs.of[i % 64]), tg.more_bases);
            pass = bits(pass)
                .filter(|&i| !is_empty(and(shared, fs.of[i % 64])))
                .fold(0, |a, i| a | 1 << i);
            if pass.count_ones() < tg.more_bases {
                return true;
            }
        }
        // The last candidate base that is touched: past it, a set without one is dead.
        let last_touch = if tg.fixed_bases & tg.touch != 0 {
            u32::MAX
        } else {
            match pass & tg.touch {
                0 => return true,
                t => 63 - t.leading_zeros(),
            }
        };
        if self.any_order && last_touch != u32::MAX {
            return self.walk_from_touched(tg, tb, fs, pass, (union, endo, root), done, visit);
        }
        self.walk_bases(
            tg,
            tb,
            fs,
            pass,
            last_touch,
            (union, endo, root),
            tg.fixed_bases,
            done,
            visit,
        )
    }

    /// The base sets of [`Self::walk_bases`] with a touched house, each walked from its
    /// first touched house `h` in `cand`: `h`, then houses of `cand` in order, leaving out
    /// `h` and the touched houses before it. See [`targeted_any_order`].
    #[allow(clippy::too_many_arguments)]
    fn walk_from_touched<const W: usize>(
        &mut self,
        tg: &Target<M>,
        tb: &Tables<M>,
        fs: &Families<W>,
        cand: u64,
        node: (M, M, Family<W>),
        done: &mut Seen,
        visit: &mut dyn FnMut(Found) -> bool,
    ) -> bool {
        for h in bits(cand & tg.touch) {
            let Some((next, b)) = self.join(tg, tb, fs, node, tg.fixed_bases, h, true) else {
                continue;
            };
            let rest = cand & !(1 << h) & (above(h) | !tg.touch);
            if !self.walk_bases(tg, tb, fs, rest, u32::MAX, next, b, done, visit) {
                return false;
            }
        }
        true
    }

    /// The base sets of `cand` (houses not yet taken, walked in increasing order) completing
    /// `bases` (their candidates, endo fins and cover sets `node`); with nothing touched yet,
    /// houses past `last_touch` end the walk.
    #[allow(clippy::too_many_arguments)]
    fn walk_bases<const W: usize>(
        &mut self,
        tg: &Target<M>,
        tb: &Tables<M>,
        fs: &Families<W>,
        cand: u64,
        last_touch: u32,
        node: (M, M, Family<W>),
        bases: u64,
        done: &mut Seen,
        visit: &mut dyn FnMut(Found) -> bool,
    ) -> bool {
        let (union, endo, _) = node;
        let chosen = (bases & !tg.fixed_bases).count_ones();
        let touched = bases & tg.touch != 0;
        if chosen == tg.more_bases {
            if !touched {
                return true;
            }
            let mut go = true;
            each_cover(
                tg,
                tb,
                bases,
                union.and(tg.free),
                tg.more_covers,
                tg.fixed_covers,
                &mut |cs| {
                    go = if tg.one_of == 0 {
                        self.fill(tg, tb, bases, union, endo, cs, done, visit)
                    } else {
                        bits(tg.one_of & !cs & !bases).all(|c| {
                            self.fill(tg, tb, bases, union, endo, cs | 1 << c, done, visit)
                        })
                    };
                    go
                },
            );
            return go;
        }
        let left = tg.more_bases - chosen;
        // The first level's houses passed `walk`'s test with these very bases.
        let first = chosen == 0;
        let mut rest = cand;
        while rest != 0 {
            let i = rest.trailing_zeros();
            if rest.count_ones() < left || (!touched && i > last_touch) {
                break;
            }
            rest &= rest - 1;
            let Some((next, b)) = self.join(tg, tb, fs, node, bases, i as usize, first) else {
                continue;
            };
            if !self.walk_bases(tg, tb, fs, rest, last_touch, next, b, done, visit) {
                return false;
            }
        }
        true
    }

    /// House `h` joining the bases `bases` (candidates `union`, endo fins `endo`): the new
    /// union, endo fins and bases, or `None` when no fish can come of them (endo fins that
    /// do not see the target or are too many, or too few covers left for the free
    /// candidates). `covered`: the caller knows the covers exist (the house passed
    /// `Self::walk`'s test on exactly these bases), so only the endo fins are tested. With
    /// cover-set families, the test is whether the bases' family and the house's share a
    /// cover set (see [`CoverSets`]), and the new bases' family is that intersection. Always
    /// inlined: as a call it cost the targeted walk 10% more instructions (callgrind, issue
    /// 45).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn join<const W: usize>(
        &self,
        tg: &Target<M>,
        tb: &Tables<M>,
        fs: &Families<W>,
        (union, endo, fam): (M, M, Family<W>),
        bases: u64,
        h: usize,
        covered: bool,
    ) -> Option<((M, M, Family<W>), u64)> {
        // With families the cover test is one intersection, asked first (it fails most).
        let f = if fs.sets.is_some() {
            let f = and(fam, fs.of[h % 64]);
            if is_empty(f) {
                return None;
            }
            Some(f)
        } else {
            None
        };
        let m = tb.mask(h);
        let e = endo.or(union.and(m));
        // Endo fins must see the target; at most MAX_ENDO_FINS of them.
        if !e.is_zero()
            && (!self.p.finned || e.count() as usize > MAX_ENDO_FINS || !e.and(tg.free).is_zero())
        {
            return None;
        }
        let u = union.or(m);
        let b = bases | 1 << h;
        if let Some(f) = f {
            return Some(((u, e, f), b));
        }
        ((covered && !self.reference) || covers_exist(tg, tb, b, u.and(tg.free), tg.more_covers))
            .then_some(((u, e, fam), b))
    }

    /// Completes a cover set with any houses that hold a base candidate and evaluates each
    /// fish once; `false` to stop.
    #[allow(clippy::too_many_arguments)]
    fn fill(
        &mut self,
        tg: &Target<M>,
        tb: &Tables<M>,
        bases: u64,
        union: M,
        endo: M,
        covers: u64,
        done: &mut Seen,
        visit: &mut dyn FnMut(Found) -> bool,
    ) -> bool {
        let k = self.p.size as u32;
        let holds = |i: usize| !tb.mask(i).and(union).is_zero();
        if bits(covers).any(|c| !holds(c)) {
            return true;
        }
        let extra: Vec<usize> = bits(tg.cover_ok & !bases & !covers)
            .filter(|&i| holds(i))
            .collect();
        let want = (k - covers.count_ones()) as usize;
        if extra.len() < want {
            return true;
        }
        let mut go = true;
        combos(&extra, want, |_| 0, u32::MAX, &mut |pick, _| {
            let cs = pick.iter().fold(covers, |a, &i| a | 1 << i);
            if !done.insert((bases, cs)) {
                return true;
            }
            if let Some(x) = self.evaluate(bases, cs, union, endo) {
                go = visit(x);
            }
            go
        });
        go
    }

    /// The fish on these base and cover houses, if it has this search's shape and fins and
    /// removes something.
    fn evaluate(&mut self, bases: u64, covers: u64, union: M, endo: M) -> Option<Found> {
        let mut cu = M::zero();
        let mut twice = M::zero();
        for c in bits(covers) {
            let m = self.houses[c].2;
            twice = twice.or(cu.and(m));
            cu = cu.or(m);
        }
        let exo = union.minus(endo).minus(cu);
        if exo.count() as usize > self.p.max_fins {
            return None;
        }
        let fins = exo.or(endo);
        let seen = self.seen_by(fins);
        let idx: Vec<usize> = bits(bases).collect();
        let b = Base {
            kinds: idx.iter().fold(0, |k, &i| k | self.houses[i].1),
            idx,
            union,
            endo,
            options: Vec::new(),
        };
        let chosen: Vec<usize> = bits(covers).collect();
        let mut out = Vec::new();
        self.leaf(&b, &chosen, cu, twice, fins, seen, &mut out);
        out.pop()
    }
}

/// The houses numbered above `h` (bits `h + 1..64`).
#[inline]
fn above(h: usize) -> u64 {
    u64::MAX.checked_shl(h as u32 + 1).unwrap_or(0)
}

/// A set of cover sets: bit `j` for the `j`th set of [`CoverSets`], in `W` words.
type Family<const W: usize> = [u64; W];

#[inline(always)]
fn and<const W: usize>(a: Family<W>, b: Family<W>) -> Family<W> {
    std::array::from_fn(|w| a[w] & b[w])
}

#[inline(always)]
fn is_empty<const W: usize>(a: Family<W>) -> bool {
    a.iter().all(|&w| w == 0)
}

#[inline(always)]
fn or<const W: usize>(a: Family<W>, b: Family<W>) -> Family<W> {
    std::array::from_fn(|w| a[w] | b[w])
}

/// The cover sets lying in at least `m` of `fams` (all of them when `m` is 0 or above 8, a
/// bound no walk reaches: complex fish have at most 7 bases). Bit-sliced counters:
/// `at[c]` holds the sets met in at least `c + 1` families so far.
fn shared_by<const W: usize>(fams: impl Iterator<Item = Family<W>>, m: u32) -> Family<W> {
    const MOST: usize = 8;
    let m = m as usize;
    if m == 0 || m > MOST {
        return [u64::MAX; W];
    }
    // The sizes the walks ask (complex fish up to swordfish have at most three bases to
    // choose) without the general counters: the same updates, on only the counters used.
    match m {
        1 => return fams.fold([0; W], or),
        2 => {
            let (mut a0, mut a1) = ([0; W], [0; W]);
            for f in fams {
                a1 = or(a1, and(a0, f));
                a0 = or(a0, f);
            }
            return a1;
        }
        3 => {
            let (mut a0, mut a1, mut a2) = ([0; W], [0; W], [0; W]);
            for f in fams {
                a2 = or(a2, and(a1, f));
                a1 = or(a1, and(a0, f));
                a0 = or(a0, f);
            }
            return a2;
        }
        _ => {}
    }
    let mut at = [[0u64; W]; MOST];
    for f in fams {
        for c in (1..m).rev() {
            at[c] = or(at[c], and(at[c - 1], f));
        }
        at[0] = or(at[0], f);
    }
    at[m - 1]
}

/// How many sets of at most `most` of `n` houses there are.
fn cover_sets(n: u32, most: u32) -> usize {
    let n = n as usize;
    let mut count = 1usize;
    let mut choose = 1usize;
    for s in 1..=most as usize {
        choose = choose * (n + 1).saturating_sub(s) / s;
        count += choose;
    }
    count
}

/// The targeted walk's families: the current orientation's [`CoverSets`] (none: the walk
/// asks [`covers_exist`]) and, per house, the cover sets its free candidates allow for the
/// current target (written for the houses `Search::walk` tests, read for those that passed).
struct Families<const W: usize> {
    sets: Option<CoverSets<W>>,
    /// Per house (at `h % 64`, see [`Tables`]).
    of: [Family<W>; 64],
}

/// The targeted walk's pruning test as set algebra: every set of at most `most` cover houses
/// of one orientation is numbered, and a family (a bit set over those numbers) holds the
/// cover sets with some property. The covers exist for a base set ([`covers_exist`]: at most
/// `more_covers` allowed houses holding every free candidate of the bases) exactly when some
/// cover set is small enough, holds no fixed cover and no base, and hits every free candidate
/// (holds a house holding it): when the intersection of those families is not empty. So each
/// house's family for a target (the sets hitting its free candidates, without the house) is
/// built once per walk, and a house joining the bases costs one intersection instead of a
/// cover search; the intersection, kept along the walk, is the new bases' family. Exact: the
/// same test, answered in one piece. Used when the numbered sets fit in a [`Family`] (the
/// finned Franken X-wing and swordfish on 9×9 grids, the default ones); otherwise the walk
/// asks [`covers_exist`] (issue 45).
struct CoverSets<const W: usize> {
    /// Per house (index into `Search::houses`, at `h % 64` as in [`Tables`]): the sets
    /// holding it.
    with: [Family<W>; 64],
    /// Per candidate: the sets hitting it.
    hit: Vec<Family<W>>,
    /// Per size `s` up to `most`: the sets of at most `s` houses.
    within: Vec<Family<W>>,
    /// Per house (at `h % 64`): the sets hitting every candidate of it, without it (its
    /// family for a target none of its candidates sees, so whose free candidates are all of
    /// them).
    whole: [Family<W>; 64],
}

impl<const W: usize> CoverSets<W> {
    /// The sets of at most `most` houses of `covers` ([`cover_sets`] of them, at most `64 *
    /// W`).
    fn new<M: Mask>(covers: u64, most: u32, tb: &Tables<M>) -> CoverSets<W> {
        let n = covers.count_ones() as usize;
        let houses: Vec<usize> = bits(covers).collect();
        debug_assert!(cover_sets(n as u32, most) <= 64 * W);
        let mut with = [[0; W]; 64];
        let mut within = vec![[0; W]; most as usize + 1];
        // Set 0 is the empty set; then by size, each size in combination order.
        let mut j = 1;
        for s in 1..=most as usize {
            for pick in combinations(s, n) {
                for i in bits(pick) {
                    with[houses[i]][j / 64] |= 1 << (j % 64);
                }
                for w in &mut within[s..] {
                    w[j / 64] |= 1 << (j % 64);
                }
                j += 1;
            }
        }
        for w in &mut within {
            w[0] |= 1;
        }
        let hit = tb
            .holders
            .iter()
            .map(|&hs| {
                bits(hs & covers).fold([0; W], |a, h| std::array::from_fn(|w| a[w] | with[h][w]))
            })
            .collect();
        let mut sets = CoverSets {
            with,
            hit,
            within,
            whole: [[0; W]; 64],
        };
        for h in 0..tb.houses {
            sets.whole[h] = sets.hitting(tb.mask(h), 1 << h, [u64::MAX; W]);
        }
        sets
    }

    /// The sets of `fam` hitting every candidate of `need`, holding none of `not` (none at
    /// all as soon as none hits the candidates so far).
    #[inline(always)]
    fn hitting<M: Mask>(&self, need: M, not: u64, mut fam: Family<W>) -> Family<W> {
        // The candidates word by word, each in increasing order (the order `pop_lowest`
        // gives, with one-word bit steps: a sixth of the Franken walk's instructions had
        // been the two-word steps of `u128`, issue 45).
        for w in 0..M::WORDS {
            let mut rest = need.word(w);
            while rest != 0 {
                let x = w * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                fam = and(fam, self.hit[x]);
                if is_empty(fam) {
                    return fam;
                }
            }
        }
        for h in bits(not) {
            fam = std::array::from_fn(|w| fam[w] & !self.with[h % 64][w]);
        }
        fam
    }

    /// The sets a target's fixed bases and covers allow: at most `more_covers` houses, no
    /// fixed base or cover, hitting every candidate of `need` (the fixed bases' free ones).
    fn allowing<M: Mask>(&self, tg: &Target<M>, need: M) -> Family<W> {
        let start = self.within[tg.more_covers as usize];
        self.hitting(need, tg.fixed_bases | tg.fixed_covers, start)
    }

    /// The sets of `root` (the fixed bases' and covers' family) that house `h` allows as a
    /// base: hitting every candidate of `need` (its free ones), without `h`. Every family
    /// along the walk lies in `root`, so a join may intersect with this one.
    fn of_house<M: Mask>(&self, h: usize, need: M, root: Family<W>) -> Family<W> {
        self.hitting(need, 1 << h, root)
    }
}

/// Whether at most `left` more covers (allowed, not bases, beside the fixed ones) hold every
/// candidate of `need`.
fn covers_exist<M: Mask>(tg: &Target<M>, tb: &Tables<M>, bases: u64, need: M, left: u32) -> bool {
    let allowed = tg.cover_ok & !bases & !tg.fixed_covers;
    // A quick bound first: candidates no allowed house holds two of need a cover each. Take
    // the first uncovered candidate, drop every candidate sharing an allowed house with it,
    // and repeat; more such candidates than covers left (or one no house holds) is a no.
    let mut rest = need;
    let mut apart = 0;
    while let Some(first) = rest.lowest() {
        let hs = tb.holders[first] & allowed;
        apart += 1;
        if hs == 0 || apart > left {
            return false;
        }
        for h in bits(hs) {
            rest = rest.minus(tb.mask(h));
        }
    }
    covers_within(tb, allowed, need, left)
}

/// Whether at most `left` houses of `allowed` hold every candidate of `need`, by branching on
/// the first uncovered candidate.
fn covers_within<M: Mask>(tb: &Tables<M>, allowed: u64, need: M, left: u32) -> bool {
    let Some(first) = need.lowest() else {
        return true;
    };
    if left == 0 {
        return false;
    }
    bits(tb.holders[first] & allowed)
        .any(|h| covers_within(tb, allowed, need.minus(tb.mask(h)), left - 1))
}

/// Calls `visit` with each cover set (as [`covers_exist`], each reached once by branching on
/// the first uncovered candidate); `false` to stop.
#[allow(clippy::too_many_arguments)]
fn each_cover<M: Mask>(
    tg: &Target<M>,
    tb: &Tables<M>,
    bases: u64,
    need: M,
    left: u32,
    covers: u64,
    visit: &mut dyn FnMut(u64) -> bool,
) -> bool {
    let Some(first) = need.lowest() else {
        return visit(covers);
    };
    if left == 0 {
        return true;
    }
    for h in bits(tb.holders[first] & tg.cover_ok & !bases & !covers) {
        let m = tb.mask(h);
        if !each_cover(
            tg,
            tb,
            bases,
            need.minus(m),
            left - 1,
            covers | 1 << h,
            visit,
        ) {
            return false;
        }
    }
    true
}

/// Finned and sashimi fish of rows against columns (both orientations), found from their
/// eliminations: for a candidate `e`, the base lines' candidates that do not see `e` must lie
/// in the cover lines, one of which is `e`'s; so for each `e` the base lines are a basic-fish
/// walk over masks with those candidates only (the union of cover lines pruned above `k`),
/// which is far cheaper than choosing covers blind. Each fish (base and cover lines) is
/// reported once, with all of its eliminations; `visit` returns `false` to stop.
///
/// With `lost` (as for [`targeted`]), only base sets with a line holding a lost cell are
/// walked.
///
/// A target's lines are built by clearing, in each line's positions, the places of the
/// target and its peers (the layout's `CandidateGrid::line_peers`, one mask per line),
/// which is the same set as asking each of the line's candidates whether it sees the target,
/// only cheaper; so the walk, its order and what it reports are unchanged (issue 45).
pub fn basic_finned(
    g: &CandidateGrid,
    digit: Digit,
    size: usize,
    max_fins: usize,
    lost: Option<&[u64]>,
    visit: &mut dyn FnMut(Found) -> bool,
) -> bool {
    basic_finned_sizes(g, digit, &[size], max_fins, lost, &mut |_, x| visit(x))
}

/// [`basic_finned`] for several sizes in one pass: `visit(i, fish)` gets the fish of
/// `sizes[i]`, for each size in exactly the order [`basic_finned`] of that size reports them
/// (a size whose `visit` returned `false` gets nothing more); `false` when some size stopped.
/// The sizes share each target's lines (the per-target work that does not depend on the
/// size); each size's walk, its order and its dedup are those of its own call: the targets
/// come in the same order, and what a size does at a target depends only on that target's
/// lines and the size (a fish's key holds its base lines, so no two sizes share one).
pub fn basic_finned_sizes(
    g: &CandidateGrid,
    digit: Digit,
    sizes: &[usize],
    max_fins: usize,
    lost: Option<&[u64]>,
    visit: &mut dyn FnMut(usize, Found) -> bool,
) -> bool {
    use super::fish::{digit_line_places, lines, lines_holding};
    if sizes.is_empty() {
        return true;
    }
    let n = g.size();
    let (in_rows, in_cols) = digit_line_places(g, digit);
    let (touch_rows, touch_cols) = lost.map_or((u64::MAX, u64::MAX), |lost| lines_holding(n, lost));
    let mut seen = rustc_hash::FxHashSet::default();
    let mut active = vec![true; sizes.len()];
    let largest = sizes.iter().copied().max().unwrap_or(0);
    for by_rows in [true, false] {
        let bases = lines(g, by_rows);
        let covers = lines(g, !by_rows);
        let pos = if by_rows {
            &in_rows[..n]
        } else {
            &in_cols[..n]
        };
        // Base lines holding a lost cell (all when unknown).
        let touch = if by_rows { touch_rows } else { touch_cols };
        if touch == 0 {
            continue;
        }
        let mut chosen = Vec::with_capacity(largest);
        // Per target: each open line's places to cover (indexed by line) and its cover count
        // with the target's line.
        let mut masks = [0u64; 64];
        let mut counts = [0u32; 64];
        for (re, &hr) in bases.iter().enumerate() {
            let line = g.house_cells(hr);
            for ce in bits(pos[re]) {
                if !active.contains(&true) {
                    return false;
                }
                // Per base line: the places that do not see `e` (they must be covered); the
                // lines any size may take, each size keeping those within its bound.
                let near = g.line_peers(by_rows, line[ce]);
                let mut open = 0u64;
                for (r, (&p, &s)) in pos.iter().zip(near).enumerate() {
                    let m = p & !(1 << ce) & !s;
                    let c = (m | 1 << ce).count_ones();
                    if r != re && p != 0 && c as usize <= largest {
                        open |= 1 << r;
                        masks[r] = m;
                        counts[r] = c;
                    }
                }
                for (si, &size) in sizes.iter().enumerate() {
                    if !active[si] {
                        continue;
                    }
                    let lines = if size >= largest {
                        open
                    } else {
                        bits(open)
                            .filter(|&r| counts[r] as usize <= size)
                            .fold(0u64, |a, r| a | 1 << r)
                    };
                    if (lines.count_ones() as usize) < size {
                        continue;
                    }
                    let last_touch = match lines & touch {
                        0 => continue,
                        t => 63 - t.leading_zeros(),
                    };
                    let walk = Walk {
                        masks: &masks,
                        k: size,
                        touch,
                        last_touch,
                    };
                    active[si] = walk.run(lines, 1 << ce, false, &mut chosen, &mut |set, union| {
                        let rows_mask = set.iter().fold(0u64, |a, &r| a | 1 << r);
                        let spare = set.iter().fold(0u64, |a, &r| a | pos[r]) & !union;
                        let need = size - union.count_ones() as usize;
                        let spare_bits: Vec<usize> = bits(spare).collect();
                        if spare_bits.len() < need {
                            return true;
                        }
                        let mut go = true;
                        combos(&spare_bits, need, |_| 0, u32::MAX, &mut |extra, _| {
                            let cols = extra.iter().fold(union, |a, &c| a | 1 << c);
                            if !seen.insert((by_rows, digit, rows_mask, cols)) {
                                return true;
                            }
                            if let Some(x) =
                                finned_fish(g, digit, &bases, &covers, pos, set, cols, max_fins)
                            {
                                go = visit(si, x);
                            }
                            go
                        });
                        go
                    });
                }
            }
        }
    }
    !active.contains(&false)
}

/// The finned fish on base lines `set` and cover lines `cols`, if it has 1..=`max_fins` fins
/// and removes something.
#[allow(clippy::too_many_arguments)]
fn finned_fish(
    g: &CandidateGrid,
    digit: Digit,
    bases: &[House],
    covers: &[House],
    pos: &[u64],
    set: &[usize],
    cols: u64,
    max_fins: usize,
) -> Option<Found> {
    // The fin count from the masks first: most candidate fish end here, before any list.
    let held = set.iter().fold(0u64, |a, &r| a | pos[r]);
    let fin_count: u32 = set.iter().map(|&r| (pos[r] & !cols).count_ones()).sum();
    if fin_count == 0 || fin_count as usize > max_fins || cols & !held != 0 {
        return None;
    }
    let mut fins = Vec::new();
    let mut body = Vec::new();
    for &r in set {
        for (c, &cell) in g.house_cells(bases[r]).iter().enumerate() {
            if pos[r] >> c & 1 == 1 {
                if cols >> c & 1 == 1 {
                    body.push(cell);
                } else {
                    fins.push(cell);
                }
            }
        }
    }
    let cover: Vec<House> = (0..covers.len())
        .filter(|c| cols >> c & 1 == 1)
        .map(|c| covers[c])
        .collect();
    let mut elims: Vec<Cell> = cover
        .iter()
        .flat_map(|&h| g.cells_with(h, digit))
        .filter(|c| !body.contains(c) && fins.iter().all(|&f| g.sees(*c, f)))
        .collect();
    if elims.is_empty() {
        return None;
    }
    elims.sort();
    body.sort();
    fins.sort();
    let sashimi = set.iter().any(|&r| (pos[r] & cols).count_ones() <= 1);
    let mut base: Vec<House> = set.iter().map(|&r| bases[r]).collect();
    base.sort();
    Some(Found {
        digit,
        base,
        cover,
        body,
        fins,
        endo: Vec::new(),
        elims,
        cannibals: Vec::new(),
        sashimi,
    })
}

/// The base-line walk of [`basic_finned`] and the basic fish: `k` lines (bits of the mask
/// handed to [`Walk::run`]; line `r`'s candidates to cover are `masks[r]`) whose candidates
/// to cover fit in `k` cover lines, at least one of them in `touch`, walked in increasing
/// line order (combination order).
///
/// Design decision: the lines are a bit mask over a table indexed by line, not a list of
/// (line, mask) items, so a finder hands each size its lines as one mask (no list built per
/// target and size) and the walk steps through them with bit operations (issue 45).
pub(crate) struct Walk<'a> {
    pub(crate) masks: &'a [u64],
    pub(crate) k: usize,
    /// Lines (bits) of which a set needs one.
    pub(crate) touch: u64,
    /// The last line of the walk's lines in `touch`.
    pub(crate) last_touch: u32,
}

impl Walk<'_> {
    /// Extends `chosen` (lines; `touched`: one is in `touch`) with lines of `rest` (the walk's
    /// lines after the last chosen one; all of them at the start), `union` being the covers needed so far; calls
    /// `visit` with each full set and its union, and stops when it returns `false`.
    pub(crate) fn run(
        &self,
        rest: u64,
        union: u64,
        touched: bool,
        chosen: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize], u64) -> bool,
    ) -> bool {
        if chosen.len() == self.k {
            return !touched || visit(chosen, union);
        }
        let need = (self.k - chosen.len()) as u32;
        let mut rest = rest;
        while rest != 0 {
            let r = rest.trailing_zeros();
            if rest.count_ones() < need || (!touched && r > self.last_touch) {
                break;
            }
            rest &= rest - 1;
            let u = union | self.masks[r as usize];
            if u.count_ones() as usize > self.k {
                continue;
            }
            chosen.push(r as usize);
            let go = self.run(rest, u, touched || self.touch >> r & 1 == 1, chosen, visit);
            chosen.pop();
            if !go {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    /// `Tables` reads back each house's candidates at its own index, for 0 to 64 houses.
    #[test]
    fn tables_read_each_house_at_its_index() {
        for n in [0usize, 1, 2, 9, 27, 63, 64] {
            let houses: Vec<u128> = (0..n as u128)
                .map(|h| ((h + 1) << (h % 60)) | (1 << 100))
                .collect();
            let tb = super::Tables::new(houses.iter().copied(), Vec::new());
            assert_eq!(tb.houses, n);
            for (h, &m) in houses.iter().enumerate() {
                assert_eq!(tb.mask(h), m, "{n} houses, house {h}");
            }
        }
    }

    use sudokit_core::{Extra, Grid, Layout};

    use super::*;

    /// The walk visits, in combination order, exactly the `k`-sets of its lines whose
    /// union (with the starting one) needs at most `k` covers and that hold a touched line,
    /// as a list of (line, mask) items walked by index did before it took bit masks.
    #[test]
    fn walk_visits_the_touched_sets_within_k_covers_in_order() {
        let mut rng = crate::testrng::Lcg::new(45);
        for _ in 0..3000 {
            let n = 2 + rng.below(9) as usize;
            let k = 1 + rng.below(4) as usize;
            let mut masks = [0u64; 64];
            let mut lines = 0u64;
            for (r, m) in masks.iter_mut().enumerate().take(n) {
                if rng.below(5) != 0 {
                    *m = rng.next() & rng.next() & ((1 << n) - 1);
                    lines |= 1 << r;
                }
            }
            let touch = if rng.below(3) == 0 {
                u64::MAX
            } else {
                rng.next() & ((1 << n) - 1)
            };
            let start = if rng.below(2) == 0 {
                0
            } else {
                1 << rng.below(n as u64)
            };
            let Some(last_touch) = (0..n as u32).rev().find(|&r| (lines & touch) >> r & 1 == 1)
            else {
                continue;
            };
            let walk = Walk {
                masks: &masks,
                k,
                touch,
                last_touch,
            };
            let mut got = Vec::new();
            walk.run(lines, start, false, &mut Vec::new(), &mut |set, u| {
                got.push((set.to_vec(), u));
                true
            });
            let items: Vec<usize> = bits(lines).collect();
            let mut want = Vec::new();
            if items.len() >= k {
                crate::kernel::combos::combos(&items, k, |_| 0, u32::MAX, &mut |set, _| {
                    let u = set.iter().fold(start, |a, &r| a | masks[r]);
                    if u.count_ones() as usize <= k && set.iter().any(|&r| touch >> r & 1 == 1) {
                        want.push((set.to_vec(), u));
                    }
                    true
                });
            }
            assert_eq!(
                got, want,
                "lines {lines:b}, k {k}, touch {touch:b}, start {start:b}"
            );
        }
    }

    /// `shared_by` keeps exactly the sets lying in at least `m` of the families.
    #[test]
    fn shared_by_counts_the_families_holding_each_set() {
        let fams: Vec<Family<2>> = (0..7u64)
            .map(|i| [i.wrapping_mul(0x9e37_79b9_7f4a_7c15), (i * 37) ^ 0x5555])
            .collect();
        for m in 1..=8u32 {
            let got = shared_by(fams.iter().copied(), m);
            for w in 0..2 {
                for b in 0..64 {
                    let count = fams.iter().filter(|f| f[w] >> b & 1 == 1).count() as u32;
                    assert_eq!(got[w] >> b & 1 == 1, count >= m, "m {m}, word {w}, bit {b}");
                }
            }
        }
    }

    /// `peers_of`, from the holders' masks or from the peer list, is the set of candidates
    /// that see the candidate, on layouts with and without peers outside the row, column and
    /// box houses (diagonals, anti-knight, anti-king) and on a jigsaw.
    #[test]
    fn peers_of_are_the_candidates_seeing_it() {
        let nine = Layout::standard(9).unwrap();
        let mut region_of: Vec<u8> = (0..81).map(|i| (i / 9) as u8).collect();
        region_of.swap(8, 9);
        let layouts = [
            nine.clone(),
            nine.with_extras(&[Extra::Diagonals]),
            nine.with_extras(&[Extra::AntiKnight]),
            nine.with_extras(&[Extra::AntiKing]),
            Layout::jigsaw(9, region_of).unwrap(),
            Layout::standard(4).unwrap(),
        ];
        let p = Params {
            size: 2,
            shape: Shape::Franken,
            finned: true,
            max_fins: 2,
        };
        for (li, l) in layouts.into_iter().enumerate() {
            let mut g = CandidateGrid::new(&Grid::empty(Arc::new(l)));
            let d = Digit::new(1).unwrap();
            // Some cells without the digit, so local indices differ from cell indices.
            for c in (0..g.cell_count()).step_by(3) {
                g.eliminate(Cell(c as u16), d);
            }
            let mut s = Search::<u128>::new(&g, d, p);
            assert_eq!(s.house_peers, li == 0 || li >= 4, "layout {li}");
            for i in 0..s.cells.len() {
                let mut want = 0u128;
                for (j, &o) in s.cells.iter().enumerate() {
                    if g.sees(s.cells[i], o) {
                        want.set(j);
                    }
                }
                assert_eq!(s.peers_of(i), want, "layout {li}, candidate {i}");
            }
        }
    }
}
