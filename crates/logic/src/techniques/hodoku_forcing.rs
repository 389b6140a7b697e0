//! Forcing chains and nets as HoDoKu 2.2.4 finds them (issue 42), used in HoDoKu's order
//! ([`Options::hodoku`](crate::Options)) on the standard 9×9 layout.
//!
//! HoDoKu's forcing search is table-based: for every candidate and both premises ("is the
//! digit", "is not the digit") it keeps the table of what the premise implies, the closure of
//! direct implications. Chains use only direct links of the grid — a placed candidate removes
//! the rest of its cell and its peers; a removed candidate sets a bivalue cell's other digit
//! and a house's only other place — and group nodes (two or three places of a digit in the
//! same line and box). Nets start from a look-ahead instead: each premise is applied to a copy
//! of the grid, then four rounds of every naked and hidden single are applied, and all that
//! was placed or removed is a direct implication. Every table is then checked for
//! - a contradiction (the premise's opposite, a candidate both on and off, two digits in a
//!   cell, a digit twice in a house, a cell or a house left without a place): the premise is
//!   false;
//! - the same fact in the tables of a candidate's two premises, of all candidates of a cell,
//!   or of all places of a digit in a house: the fact holds.
//!
//! Each step has one effect: one placement or one elimination. For each effect HoDoKu keeps
//! the derivation with the shortest chains (the first found on a tie: contradictions, then
//! the pairs of premises, then cells, rows, columns and boxes), so that derivation decides
//! whether the step is a contradiction or a verity — except for a placement: there a
//! contradiction beats every verity, however long its chains. (HoDoKu keeps one step per
//! effect *and type*, and its comparator, seeing two placements of the same cell of different
//! types, never looks at their lengths: it answers "greater" both ways, so its stable sort
//! keeps them in the order found, contradictions first.) Then it applies the lowest
//! placement, or, with none, the lowest elimination (cell, then digit).
//!
//! Design decision: the tables are bitsets over the grid's live candidates filled by a
//! breadth-first walk of the implication graph, so a distance is the number of links of the
//! shortest chain (HoDoKu's chain length, up to a constant per chain). For nets it is not:
//! a look-ahead counts as one link here, where HoDoKu counts the entries of the net it
//! builds (main chain, side branches and their separators). So where the lowest effect of a
//! net search is an elimination with both a contradiction and a verity, the step is decided
//! on HoDoKu's own tables ([`net_len`]): they are filled entry for entry as its look-ahead
//! records them (singles queues, reasons, distances), only the premise tables the effect's
//! derivations use are expanded, and HoDoKu's walk measures each derivation; a derivation
//! without a side branch is dropped (HoDoKu's net search keeps only nets), as is a verity
//! with a chain HoDoKu's tables do not hold, and the
//! elimination is a verity only when its net is strictly shorter. (Built for every net
//! search, those tables cost as much as the look-aheads: +12% `explain` time on the first
//! 300 of top1465.) All effects of one
//! grid are worked out once and kept in the finder's [`Memory`](crate::Memory). For speed
//! (issue 42: the tables must not slow `explain` by more than 10%), a net's look-aheads share
//! one copy of the grid and rescan only the cells and houses a premise changed (plus those
//! that held a single from the start), and a premise's emptied cells and houses are found by
//! counting its eliminations per cell and per house, not by checking every house; the
//! outcome is the same as a full scan's. The
//! contradiction finder reports the lowest effect whose best derivation is a contradiction,
//! the verity finder the lowest whose best is a verity, and the solver's HoDoKu sort
//! (`hodoku_choice`) takes the better of the two: exactly HoDoKu's step.
//!
//! Cheaper, same result (issue 45, session 36). Group nodes are found on 128-bit cell masks
//! (per house, per digit, per group) instead of scanning each house's cells; a look-ahead's
//! placement reaches the peers holding the digit through a mask (the layout lists peers in
//! ascending order, a mask's bits come out in that order); a look-ahead round looks only at
//! the cells and houses changed since the last round looked (a cell or house that held no
//! single then and did not change since holds none now; a single found is placed, which
//! changes its cell and houses, so it is never missed); HoDoKu's net tables reuse one copy of
//! the grid and fixed reason lists. Each of these visits the same groups, cells, houses and
//! peers in the same order as the plain scans, so the links, their order (which decides the
//! chains shown), the tables and so the steps and their text are unchanged; the tests hold
//! them to the plain scans (`group_nodes_match_the_scan`, `look_aheads_match_full_scans`:
//! links, tables and distances equal on solver paths and random grids), and `explain`'s
//! output is byte-identical on top1465 and `data/logic`.
//!
//! Lazy net tables (issue 45, session 37). HoDoKu's direct table of a candidate literal is
//! filled the first time an expansion or a chain walk reads it, not for every literal up
//! front (the 16 or so expansions of one step read a fraction of them). This is exact
//! because each candidate's table is a function of the grid alone: its look-ahead starts
//! from a fresh copy of the start grid and a position index that is all `NONE` (reset after
//! every fill, so the order of the fills does not matter), and the group nodes' entries,
//! which the group tables used to append to it as they were built, are recorded per literal
//! in the same group order and appended after its look-ahead — an appended entry never looks
//! at the position index, only at the table's length (HoDoKu's cap) and first distance,
//! which are what they were. The group tables are built as before. The test
//! `lazy_net_tables_match_in_any_order` fills every table in two orders (and after
//! expansions) and finds them equal, and checks each candidate table's group entries
//! against the group tables' own links.
//!
//! Contradictions on demand (issue 45, session 38). HoDoKu applies the lowest effect, not the
//! shortest derivation: its sort puts placements before eliminations and then orders by cell
//! and digit; length only decides among the derivations of one effect. So the search no
//! longer works out every premise's contradictions. It works out every verity (each
//! effect's best verity: the first of the least length, as before), then walks the effects
//! in HoDoKu's order and works out an effect's contradictions (those of its opposite
//! premise, `at ^ 1`: the first of the least length) only when a pick can depend on them:
//! - an effect's best derivation is its contradiction when it has one and, for a placement,
//!   always, for an elimination, unless its verity is strictly shorter (contradictions are
//!   offered first and a later offer wins only when strictly shorter); else its verity;
//! - the contradiction pick is the first effect whose best is a contradiction, the verity
//!   pick the first whose best is a verity. Once the contradiction pick is known, an effect
//!   without a verity can be neither (its best would be a contradiction, and that pick is
//!   taken), so its contradictions are skipped; an effect with a verity still needs its
//!   contradictions (they may take the effect from the verity pick); the walk stops when
//!   both picks are known;
//! - the nets' case for HoDoKu's own measure is decided on the first effect with any
//!   derivation (the lowest), whose both types are known then; `net_pick` asks, for each
//!   later effect, whether it has a derivation (a verity, or contradictions worked out
//!   then), as it asked the eager table.
//!
//! A miss still looks at every premise's contradictions (it must show there are none); a
//! hit whose contradiction pick is a placement skips those of the "off" premises after the
//! pick and of every premise "on", except where the effect has a verity. The
//! test `contradictions_on_demand_match_the_eager_search` keeps the eager search (every
//! premise's contradictions offered, then the verities) as the reference and compares both
//! picks, derivations, chains and lengths on solver paths and random grids, chains and nets.
//!
//! Best only (issue 45, session 52). In HoDoKu's order the solver keeps only the better of
//! the two picks ([`Finder::best_only`](crate::technique::Finder::best_only)): the two
//! effects differ and each step has one, so the better is the lower effect in HoDoKu's order
//! — the first effect the walk of [`choose`] finds any derivation for, which takes the pick
//! of its type. The walk stops there (the other finder of the group reports nothing); the
//! memo keeps such a half result under a key of its own, so a caller that wants both picks
//! (`find_all`, tests) never gets it. On `mt10th.txt`: −97 M instructions (−1.7%).
//!
//! Bivalue cells in nets (issue 45, session 39). In a net, "not `d`" in a bivalue cell
//! `{d, e}` and "is `e`" apply the same placement: their look-aheads record the same literals
//! in the same order but for the first (each starts with the other premise, having dropped
//! its own), so the "not" premise's links are copied from the "is" premise's
//! ([`off_in_bivalue`]). Where the group nodes add no link to one of them that the other
//! lacks (the graph's rows of the two agree but for each other), the two premises' tables
//! are equal but for their own distances (0 and 1, swapped), so the "not" premise is not
//! walked ([`Tables::twin`]). Both arguments are written at the functions; the test
//! `look_aheads_match_full_scans` holds links, tables and distances to the plain search,
//! which derives nothing, on solver paths and random grids.
//!
//! One walk for all premises (issue 45, session 40). The tables are no longer filled by a
//! breadth-first walk per premise but by one level-synchronous walk from every premise at
//! once, 64 premises at a time ([`walk_all`]): each node carries the premises of the block
//! that first reached it at the current level, passes them on along its links, and a
//! premise's table is read off where it enters a node's set. A table holds only what the
//! premise reaches and at what distance (the number of links of a shortest chain), no
//! parent and no order (the chains shown are walked again by [`Tables::path`]), and a
//! premise enters a node's set exactly at its distance from the premise, so the tables are
//! those of the premise walks entry for entry (argued at [`walk_all`]; the premise walk stays
//! as the tests' reference, `multi_source_walk_matches_the_premise_walks` and, on HoDoKu's
//! paths of 60 hard puzzles, `multi_source_walk_matches_on_hard_paths`).
//!
//! Less bookkeeping per grid (issue 45, session 41). (1) A net's look-ahead marks, per
//! changed house, the digits whose candidates there changed ([`Sim::touch`] is told which),
//! and a round looks for hidden singles only at those digits, each on a per-digit cell plane
//! kept in step with the copy (one mask and a popcount instead of counting the house's nine
//! cells for all digits). A digit's places in a house change only through `touch` with that
//! digit (or a placement's removals from its peers, which mark the same cells, houses and
//! digit all at once: session 56, −5.5 M instructions on `mt10th.txt`), and a placement only adds to a house's placed digits (which can end a hidden single,
//! never start one), so an unmarked digit was not lone when last looked at and is not lone
//! now; the marked ones are looked at in house order, then digit order, as the full scan
//! does: the same singles in the same order (`look_aheads_match_full_scans` holds the
//! look-aheads to the scan of every cell, house and digit). (2) The group nodes' links are
//! worked out before the candidates' own ([`group_links`]: they read the grid only), so each
//! candidate literal's list is allocated once with room for them and they are appended in the
//! order found ([`GroupLinks::apply`]; `group_nodes_match_the_scan`). (3) [`Shape`] lists
//! every house's places in one buffer instead of two lists per house and digit
//! (`shape_places_match_the_scan`). None of these changes a link, a table or a step.
//!
//! Whether there is a contradiction, as bitset tests (issue 45, session 50). Most premises
//! force none (a miss looks at every premise), so [`has_contradiction`] answers whether
//! [`contradictions`] would list one without listing or counting: the premise's opposite,
//! a candidate both on and off, then per cell and per house and digit a mask test of its
//! candidates against the "off" set, looked at only where the premise removes the check's
//! lowest candidate; in chains the crowding checks, bivalue cells and two-place houses are
//! left out, since they fire only with a candidate both on and off (argued there). The
//! contradictions are listed only where it answers yes. The test
//! `has_contradiction_matches_the_list` (and the hard paths' test) holds it to the list for
//! every premise, chains and nets. Each all-off check keeps its first (word, mask) pair
//! beside the range of the rest ([`Shape`]'s `first_checks`), so most checks are turned down
//! without indexing their words (session 60, −18.4 M instructions on `mt10th.txt`).
//!
//! Chains' tables from components, lengths where a pick reads them (issue 45, session 50).
//! A chain search's "on"/"off" sets are the reach rows of the graph's strongly connected
//! components ([`Tables::fill_by_components`]: exactly what each premise reaches), and no
//! distance table is filled: a grid reads few lengths. The verities are first only marked
//! per effect ([`verity_marks`]: the same intersections as [`each_verity`], ORed into one
//! bitset per kind of effect, an intersection left as soon as it is empty: session 59, −5.5 M
//! instructions on `mt10th.txt`; a premise's "on" and "off" sets intersected as the one run
//! of its component row that holds them, [`Tables::both_sets`]: session 60, −12.5 M); an
//! effect's best verity (the first
//! of the least length, [`best_verity`]) is worked out only where `choose` reads it — an
//! elimination that also has a contradiction, or the verity pick — from one walk of the
//! transposed graph to its end ([`Tables::dist_to`]: only the nodes that reach it, session
//! 68), and a contradiction's lengths from one
//! walk from its premise ([`Tables::dist_from`]): breadth-first distances, those the table
//! held. The multi-source walk ([`walk_all`]) stays the reference:
//! `components_match_the_multi_source_walk` (and the hard paths' test) holds sets and both
//! walks' lengths to it; `contradictions_on_demand_match_the_eager_search` holds the picks to
//! the eager search with every verity's length.
//!
//! Nets' tables from components too (issue 45, session 51). A net's graph (the look-aheads'
//! links) is walked the same way; a net premise and its twin (above) imply each other
//! directly, so they share a component and its row without being copied. The net pick's
//! length ([`derivation_len`]) is one walk to a verity's end or from a contradiction's
//! premise. `components_match_the_multi_source_walk` holds the nets' sets and lengths to the
//! multi-source walk with twins, which `look_aheads_match_full_scans` holds to the premise
//! walks.
//!
//! One buffer for the graph (session 56). The literals' successor lists share one buffer
//! ([`Adj`]: where each list starts, how long it is), each written with room for its group
//! links, which are put there as found: the same lists in the same order, without an
//! allocation per literal (−9.1 M instructions on `mt10th.txt`). The test
//! `one_buffer_lists_match_the_lists` holds the chains' links to lists pushed one by one.
//!
//! Cell masks for the per-grid tables (session 58). [`Shape::new`] (every house's places
//! and the verities' premise sets), the chains' [`direct_links`] (the peers holding a
//! candidate, a house's two places) and the group nodes' buddies ([`group_links`]) read 81-bit
//! cell masks ([`CellMasks`]: empty cells, each digit's candidates, the cells a placed digit
//! blocks, houses, peers) instead of scanning each house's or peer's cells. The standard
//! layout lists a house's cells and a cell's peers in ascending order, so a mask's bits come
//! out in the order the scans visited them: the same lists in the same order
//! (`shape_matches_the_scan` keeps the scan as the reference; `one_buffer_lists_match_the_lists`
//! and `group_nodes_match_the_scan` cover the links).
//!
//! Less allocation and fewer checks per grid (issue 45, session 69). (1) [`group_links`]
//! looks only at the boxes crossing each line ([`LayoutMasks::crossings`]: a box that does
//! not cross the line shares no cell with it, so the scan skipped it) and keeps each house and
//! digit's groups in one buffer, in group order, instead of a list per house and digit
//! (~140 allocations a grid): the same groups and links in the same order (−14.8 M
//! instructions on `mt10th.txt`). (2) [`has_contradiction_by_row`] tests the
//! premise's opposite once, and a component row that forces no contradiction marks the
//! components the walk asks after it as forcing none ([`sets_force_contradiction`] is
//! monotone: 74.8 K row checks → 38.9 K); [`Shape`]'s lists are allocated once with room
//! for all (together −4.7 M in [`choose`]; 3,698.5 → 3,679.2 M in all). Tried and dropped:
//! the group links sorted by start node and written after each list's own links, instead
//! of room filled with `NONE` (+5.8 M: a copy per list costs more than the fill). `one_buffer_lists_match_the_lists`,
//! `group_nodes_match_the_scan`, `cell_masks_match_the_layout` and
//! `has_contradiction_matches_the_list` (now also in the walk's order) hold these to the
//! references; `explain`'s output is byte-identical on `mt10th.txt`.

use std::rc::Rc;

use sudokit_core::{Cell, Digit, DigitSet, House, HouseKind};

use crate::grid::CandidateGrid;
use crate::kernel::se_length::length_increment;
use crate::render::cell_name;
use crate::step::{Chain, ChainNode, LinkKind, Role, Step};
use crate::technique::{Finder, TechniqueInfo};

/// Rounds of singles a net's look-ahead applies (HoDoKu's default `anzTableLookAhead`).
const LOOK_AHEAD: usize = 4;

/// Whether this search applies to `g` (HoDoKu's tables are those of the 9×9 grid).
pub(crate) fn applies(g: &CandidateGrid) -> bool {
    g.layout().is_standard_9x9()
}

/// How a step's effect was derived.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Source {
    /// One premise (a literal) forces a contradiction.
    Contradiction(u32),
    /// Every premise listed (two of one candidate, all of a cell, all places in a house) forces
    /// the effect.
    Verity(Vec<u32>),
}

/// The best derivation of one effect: its source, the literals it ends on per premise (the
/// chains to show), and its length.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Derivation {
    source: Source,
    /// (premise literal, end literal) of each chain.
    chains: Vec<(u32, u32)>,
    len: u32,
}

/// The picks of one grid: per kind (contradiction, verity), whether it places, the
/// candidate, and the derivation.
type Picks = [Option<(bool, u32, Derivation)>; 2];

/// The chosen step of one kind on one grid under one rule set.
#[derive(Debug)]
pub(crate) struct Chosen {
    /// Placement (`true`) or elimination of the candidate.
    place: bool,
    cell: Cell,
    digit: Digit,
    derivation: Derivation,
    /// The chains shown, as literals from premise to end.
    paths: Vec<Vec<u32>>,
    /// The live candidates (literal `2i + on` is candidate `i`).
    cands: Vec<(Cell, Digit)>,
}

/// The chosen contradiction and verity of the last grid, per rule set (`net`), and whether
/// only the better of the two was worked out (see [`choose`]'s `best_only`).
pub(crate) type HodokuForcingCache = Vec<(
    (crate::memory::StateKey, bool, bool),
    Rc<[Option<Chosen>; 2]>,
)>;

/// The implication graph and the tables of one grid.
struct Tables {
    /// Live candidates, cell-major.
    cands: Vec<(Cell, Digit)>,
    /// Compact index of candidate `cell * 9 + digit index`.
    index: Vec<u32>,
    /// Literal graph: candidate literals `2i + on`, then group-node literals.
    adj: Adj,
    /// Words of a candidate bitset.
    words: usize,
    /// Nets (look-ahead links) or chains (direct links).
    net: bool,
    /// Per premise literal: candidates forced on, forced off (bitsets); distances, a row
    /// per reached literal (`lit * lits + premise`: the multi-source walk writes a literal's
    /// premises together), written for the literals the premise reaches, the rest whatever
    /// the reused buffer held: read through [`Tables::dist`], see [`DIST_BUFFER`]. Empty
    /// when filled by [`Fill::Fast`] (`rows` instead, lengths by [`Tables::dist_from`] and
    /// [`Tables::dist_to`]).
    on: Vec<u64>,
    off: Vec<u64>,
    dist: Vec<u16>,
    /// [`Fill::Fast`]: the reach rows of the graph's strongly connected components
    /// ([`Tables::fill_by_components`]), and per premise literal the word where its row
    /// starts: its "on" set is the row's first `words` words, its "off" set the next `words`.
    rows: Vec<u64>,
    row_at: Vec<u32>,
    /// [`Fill::Fast`]: per group node (literal `lits + x` at `x`), the word where its
    /// component's row starts (read by [`Tables::dist_to`]).
    group_at: Vec<u32>,
    /// [`Fill::Fast`]: words per component row (`row_at / row_words` is the component).
    row_words: usize,
    /// The grid's cell masks: built for the links, read again by [`Shape::new`].
    masks: CellMasks,
}

/// The literal graph's successor lists, all in one buffer (session 56): a list per node
/// where it starts and how long it is, in the order the lists were written (not node order)
/// and followed by room for the links added later (the group nodes'). One allocation for
/// the graph instead of one per literal (~500 a grid, each freed with the tables).
#[derive(Default)]
struct Adj {
    /// Per node: where its list starts in `list`, and its length.
    at: Vec<(u32, u32)>,
    list: Vec<u32>,
}

impl Adj {
    /// `nodes` empty lists.
    fn new(nodes: usize) -> Adj {
        Adj {
            at: vec![(0, 0); nodes],
            list: Vec::new(),
        }
    }
    fn len(&self) -> usize {
        self.at.len()
    }
    /// Node `u`'s list is `links`, written at the end of the buffer, with room for `extra`
    /// more links after them ([`Adj::push`]).
    fn set(&mut self, u: usize, links: impl IntoIterator<Item = u32>, extra: usize) {
        let start = self.list.len();
        self.list.extend(links);
        self.at[u] = (start as u32, (self.list.len() - start) as u32);
        self.list.resize(self.list.len() + extra, NONE);
    }
    /// Node `u`'s list is a copy of node `v`'s with its first link replaced by `first`, with
    /// room for `extra` more.
    fn set_copy(&mut self, u: usize, v: usize, first: u32, extra: usize) {
        let (s, n) = self.at[v];
        let start = self.list.len();
        self.list
            .extend_from_within(s as usize..s as usize + n as usize);
        self.list[start] = first;
        self.at[u] = (start as u32, n);
        self.list.resize(self.list.len() + extra, NONE);
    }
    /// Appends `v` to node `u`'s list, in the room left after it (the caller reserved it).
    fn push(&mut self, u: usize, v: u32) {
        let (s, n) = &mut self.at[u];
        debug_assert_eq!(
            self.list[(*s + *n) as usize],
            NONE,
            "room left for the link"
        );
        self.list[(*s + *n) as usize] = v;
        *n += 1;
    }
    /// Every list, in node order.
    fn iter(&self) -> impl Iterator<Item = &[u32]> + '_ {
        (0..self.len()).map(|u| &self[u])
    }
    /// The number of links.
    fn links(&self) -> usize {
        self.at.iter().map(|&(_, n)| n as usize).sum()
    }
}

impl std::ops::Index<usize> for Adj {
    type Output = [u32];
    fn index(&self, u: usize) -> &[u32] {
        let (s, n) = self.at[u];
        &self.list[s as usize..(s + n) as usize]
    }
}

impl PartialEq for Adj {
    /// The same lists (wherever they lie in the buffer).
    fn eq(&self, other: &Adj) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl std::fmt::Debug for Adj {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// How [`Tables::build`] fills the premises' tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fill {
    /// The reach rows of the components, lengths by a walk where a pick reads them (chains
    /// and nets).
    Fast,
    /// The multi-source walk ([`walk_all`]; a net's twins copied): the reference of
    /// [`Fill::Fast`] (tests).
    MultiSource,
    /// Plain scans for the look-aheads, nothing derived, a walk per premise ([`Walk::run`]: the
    /// reference of [`walk_all`]; tests).
    Premise,
}

const NONE: u32 = u32::MAX;

thread_local! {
    /// The distance table's buffer (a row of premises per literal, `lits²` entries: ~400 KB on a
    /// typical grid), kept from one [`Tables`] to the next on this thread instead of being
    /// allocated and filled with `u16::MAX` per grid. Not cleared: a premise's walk writes
    /// the distance of every literal it reaches (those in its "on" and "off" sets), and
    /// [`Tables::dist`] answers `u16::MAX` for any other literal without reading the buffer,
    /// which is what the filled table held there. Almost every read is of a reached literal
    /// (a chain's end); not all: on a grid whose candidates include a digit placed in a
    /// peer, a house's "every place off" count can be reached with a place still on, and its
    /// length is then read at `u16::MAX` as before (test `stale_distances_are_never_read`).
    static DIST_BUFFER: std::cell::RefCell<Vec<u16>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Drop for Tables {
    /// Hands the distance buffer back for the next grid's tables.
    fn drop(&mut self) {
        let dist = std::mem::take(&mut self.dist);
        // (Dropped with the buffer if the thread-local is gone: a thread ending.)
        let _ = DIST_BUFFER.try_with(|b| {
            let mut b = b.borrow_mut();
            if dist.capacity() > b.capacity() {
                *b = dist;
            }
        });
    }
}

impl Tables {
    fn lits(&self) -> usize {
        2 * self.cands.len()
    }
    fn cand(&self, cell: Cell, d: Digit) -> u32 {
        self.index[cell.index() * 9 + d.index()]
    }
    fn on_set(&self, p: usize) -> &[u64] {
        if let Some(&at) = self.row_at.get(p) {
            return &self.rows[at as usize..at as usize + self.words];
        }
        &self.on[p * self.words..(p + 1) * self.words]
    }
    fn off_set(&self, p: usize) -> &[u64] {
        if let Some(&at) = self.row_at.get(p) {
            return &self.rows[at as usize + self.words..at as usize + 2 * self.words];
        }
        &self.off[p * self.words..(p + 1) * self.words]
    }
    /// Premise `p`'s "on" set followed by its "off" set (`2 * words` words), as its
    /// component's row holds them: only for tables filled by [`Fill::Fast`].
    fn both_sets(&self, p: usize) -> &[u64] {
        let at = self.row_at[p] as usize;
        &self.rows[at..at + 2 * self.words]
    }
    /// Whether the distances are in the table ([`Tables::dist`]) rather than walked on
    /// demand (filled by [`Fill::Fast`]).
    fn has_dist(&self) -> bool {
        self.row_at.is_empty()
    }
    /// The distance from `from` to every node (`u16::MAX` where it does not reach), by a
    /// breadth-first walk of the graph: the table's row of distances of premise `from`.
    fn dist_from(&self, from: u32) -> Vec<u16> {
        distances(self.adj.len(), from, |u| &self.adj[u])
    }
    /// The distance to literal `to` from every node (`u16::MAX` where it is not reached), by a
    /// breadth-first walk of the transposed graph to `to`: the table's column of distances to
    /// `to`. Only for tables filled by [`Fill::Fast`].
    ///
    /// Only the nodes that reach `to` (their component's row holds it) and the links between
    /// them are transposed, not the whole graph (session 68: the transposed graph, built per
    /// table, cost ~21 M instructions on `mt10th.txt` over ~215 tables).
    ///
    /// Exact: the walk from `to` over the transposed graph visits exactly the nodes with a
    /// path to `to`, and every node of such a path reaches `to`; so the paths to `to`, and
    /// with them every shortest path's length, are the same in the restricted graph, and a
    /// node that does not reach `to` is left at `u16::MAX` in both. (A node that does not
    /// reach `to` has no successor that does, so its list is skipped whole.) Breadth-first
    /// distances do not depend on the order of the lists. The test
    /// `components_match_the_multi_source_walk` holds every literal's column to the
    /// multi-source walk's distances; it fails when the group nodes are left out.
    fn dist_to(&self, to: u32) -> Vec<u16> {
        let (n, lits) = (self.adj.len(), self.lits());
        debug_assert!((to as usize) < lits && !self.row_at.is_empty());
        // `to`'s bit in a component's row (the node numbering of `fill_by_components`).
        let bit = if to % 2 == 1 {
            to as usize / 2
        } else {
            64 * self.words + to as usize / 2
        };
        let live: Vec<bool> = self
            .row_at
            .iter()
            .chain(&self.group_at)
            .map(|&at| self.rows[at as usize + bit / 64] >> (bit % 64) & 1 == 1)
            .collect();
        debug_assert_eq!(live.len(), n);
        let mut start = vec![0u32; n + 1];
        for u in (0..n).filter(|&u| live[u]) {
            for &v in &self.adj[u] {
                start[v as usize + 1] += u32::from(live[v as usize]);
            }
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut pred = vec![0u32; start[n] as usize];
        for u in (0..n).filter(|&u| live[u]) {
            for &v in &self.adj[u] {
                if live[v as usize] {
                    pred[fill[v as usize] as usize] = u as u32;
                    fill[v as usize] += 1;
                }
            }
        }
        distances(n, to, |u| &pred[start[u] as usize..start[u + 1] as usize])
    }
    /// The distance from premise `p` to literal `lit`, `u16::MAX` when `p` does not reach it
    /// (the buffer holds a distance only where the walk wrote one: see [`DIST_BUFFER`]).
    fn dist(&self, p: usize, lit: u32) -> u32 {
        let set = if lit % 2 == 1 {
            self.on_set(p)
        } else {
            self.off_set(p)
        };
        if Tables::has(set, lit / 2) {
            u32::from(self.dist[lit as usize * self.lits() + p])
        } else {
            u32::from(u16::MAX)
        }
    }
    fn has(set: &[u64], i: u32) -> bool {
        set[i as usize / 64] >> (i % 64) & 1 == 1
    }

    fn new(g: &CandidateGrid, net: bool) -> Tables {
        Tables::build(g, net, Fill::Fast)
    }

    /// [`Tables::new`]; with [`Fill::Premise`], a net's look-aheads look at every cell and
    /// house in every round and reach a placement's peers one by one, every premise has a
    /// look-ahead of its own (none derived by [`off_in_bivalue`]): the plain scans the
    /// shortcuts must match; for the tests.
    fn build(g: &CandidateGrid, net: bool, fill: Fill) -> Tables {
        let reference = fill == Fill::Premise;
        let mut cands = Vec::new();
        let mut index = vec![NONE; 81 * 9];
        for c in g.empty_cells() {
            for d in g.candidates(c).iter() {
                index[c.index() * 9 + d.index()] = cands.len() as u32;
                cands.push((c, d));
            }
        }
        let k = cands.len();
        let mut adj = Adj::new(2 * k);
        // The group nodes' links are known before the candidates' own (they depend on the
        // grid alone), so each candidate literal's list is allocated once with room for them.
        let masks = CellMasks::new(g);
        let groups = group_links(g, &index, 2 * k as u32, &masks);
        let extra = groups.extra(2 * k);
        if net {
            // One copy of the grid serves every premise's look-ahead (reset in between).
            let values = g.values().to_vec();
            let (peers, house_mask) = (masks.peers, *masks.house);
            let masks: Vec<u16> = g.cells().map(|c| g.candidates(c).0 as u16).collect();
            let mut sim = Sim {
                g,
                index: &index,
                values: values.clone(),
                cands: masks.clone(),
                out: Vec::new(),
                seen: [[0; 9]; 2],
                indexed: std::array::from_fn(|d| {
                    (0..81)
                        .filter(|&c| index[c * 9 + d] != NONE)
                        .fold(0u128, |m, c| m | 1 << c)
                }),
                singles: Vec::new(),
                peers,
                plane: std::array::from_fn(|d| {
                    g.cells()
                        .filter(|&c| g.candidates(c).0 >> d & 1 == 1)
                        .fold(0u128, |m, c| m | 1 << c.index())
                }),
                house_bits: g
                    .cells()
                    .map(|c| {
                        g.layout()
                            .houses_of(c)
                            .iter()
                            .fold(0u32, |m, h| m | 1 << h.0)
                    })
                    .collect(),
                cell_houses: g
                    .cells()
                    .map(|c| {
                        let hs = g.layout().houses_of(c);
                        [hs[0].0 as u8, hs[1].0 as u8, hs[2].0 as u8]
                    })
                    .collect(),
                dirty_cells: 0,
                dirty_houses: 0,
                dirty_digits: [0; 27],
                reference,
                base_dirty: (0, 0, [0; 27]),
                placed: [0; 27],
                live: [0; 9],
                house_mask,
            };
            sim.live = sim.plane;
            for c in g.cells() {
                if let Some(d) = g.value(c) {
                    for h in sim.cell_houses[c.index()] {
                        sim.placed[h as usize] |= 1 << d.index();
                    }
                }
            }
            let placed = sim.placed;
            sim.base_dirty = base_singles(&sim);
            let mut bivalue = Vec::new();
            for (i, &(c, d)) in cands.iter().enumerate() {
                for on in [true, false] {
                    // "Not `d`" in a bivalue cell is derived below from "is the other
                    // digit" (see `off_in_bivalue`).
                    if !on && !reference && masks[c.index()].count_ones() == 2 {
                        bivalue.push(i);
                        continue;
                    }
                    sim.values.copy_from_slice(&values);
                    sim.placed = placed;
                    sim.cands.copy_from_slice(&masks);
                    sim.live = sim.plane;
                    (sim.dirty_cells, sim.dirty_houses, sim.dirty_digits) = sim.base_dirty;
                    let at = 2 * i + usize::from(on);
                    look_ahead(&mut sim, c, d, on, usize::from(extra[at]), &mut adj, at);
                }
            }
            for i in bivalue {
                let (c, d) = cands[i];
                let e = masks[c.index()] & !(1 << d.index());
                let j = index[c.index() * 9 + e.trailing_zeros() as usize] as usize;
                off_in_bivalue(&mut adj, 2 * i, 2 * j + 1, usize::from(extra[2 * i]));
            }
        } else {
            direct_links(g, &index, &cands, &mut adj, &extra, &masks);
        }
        groups.apply(&mut adj);
        let words = k.div_ceil(64).max(1);
        let lits = 2 * k;
        let mut t = Tables {
            cands,
            index,
            adj,
            words,
            net,
            rows: Vec::new(),
            row_at: Vec::new(),
            group_at: Vec::new(),
            row_words: 0,
            masks,
            on: Vec::new(),
            off: Vec::new(),
            dist: Vec::new(),
        };
        if fill == Fill::Fast {
            t.fill_by_components();
            return t;
        }
        t.on = vec![0; lits * words];
        t.off = vec![0; lits * words];
        // (A fresh buffer if the thread's is gone: its thread-local destroyed.)
        t.dist = DIST_BUFFER
            .try_with(|b| std::mem::take(&mut *b.borrow_mut()))
            .unwrap_or_default();
        if t.dist.len() < lits * lits {
            t.dist.resize(lits * lits, u16::MAX);
        }
        // The premises' tables come from one multi-source walk ([`walk_all`]); the plain
        // walk of each premise ([`Walk`], on the graph as a bit matrix) is the reference. A
        // net's twins (below) need the matrix too.
        if !net && fill == Fill::MultiSource {
            walk_all(&mut t, &[]);
            return t;
        }
        let nodes = t.adj.len();
        let nw = nodes.div_ceil(64);
        let mut matrix = vec![0u64; nodes * nw];
        let mut sources = vec![0u64; nw];
        for (u, vs) in t.adj.iter().enumerate() {
            for &v in vs {
                matrix[u * nw + v as usize / 64] |= 1 << (v % 64);
            }
            if !vs.is_empty() {
                sources[u / 64] |= 1 << (u % 64);
            }
        }
        let mut walk = Walk {
            matrix,
            sources,
            nw,
            reached: vec![0u64; nw],
            level: vec![0u64; nw],
            next: vec![0u64; nw],
        };
        // A net's "not `d`" in a bivalue cell usually has the links of "is the other digit"
        // (see [`off_in_bivalue`]): then its tables are those of the other (see
        // [`Tables::twin`]), and only the other is walked.
        let twins = if net && !reference {
            walk.twins(&t)
        } else {
            Vec::new()
        };
        let mut twin_of = vec![NONE; lits];
        for &(p, q) in &twins {
            twin_of[p as usize] = q;
        }
        if reference {
            for p in (0..lits).filter(|&p| twin_of[p] == NONE) {
                walk.run(&mut t, p, lits, words);
            }
        } else {
            walk_all(&mut t, &twin_of);
        }
        for (p, q) in twins {
            t.twin(p as usize, q as usize);
        }
        t
    }

    /// Fills the tables (chains and nets) from the strongly connected components of the graph
    /// ([`Components`](crate::kernel::graph::Components)), with the nodes numbered so that a
    /// component's row holds the "on" set and then the "off" set of any of its members:
    /// candidate `i`'s "on" literal is node `i`, its "off" literal node `K + i` (`K = 64 *
    /// words`), group node `lits + x` node `2K + x`. A premise's tables are then its
    /// component's row (no copy; the premises of one component share it), and the distances
    /// are walked where a pick reads them ([`Tables::dist_from`], [`Tables::dist_to`]).
    ///
    /// Exact: a component's row holds exactly the nodes any of its members reaches, itself
    /// included ([`Components`](crate::kernel::graph::Components)), and a premise's table holds
    /// exactly the literals it reaches, itself included ([`walk_all`]); reach does not depend
    /// on the numbering or the order of the links. The breadth-first walks give the shortest
    /// chains' lengths, which are the table's distances ([`walk_all`]). The test
    /// `components_match_the_multi_source_walk` holds sets and lengths to [`walk_all`]'s.
    ///
    /// Why: the multi-source walk fills a `lits²` distance table of which a grid reads a few
    /// rows and columns, scattered over ~500 KB.
    fn fill_by_components(&mut self) {
        let (lits, words) = (self.lits(), self.words);
        let kk = 64 * words;
        let node = |u: usize| {
            if u >= lits {
                2 * kk + (u - lits)
            } else if u % 2 == 1 {
                u / 2
            } else {
                kk + u / 2
            }
        };
        let nodes = 2 * kk + (self.adj.len() - lits);
        // The lists are written in node order (the "on" literals, the padding up to `K`, the
        // "off" literals, the padding up to `2K`, the groups), each target through a table
        // of the numbering: the same `start` and `succ` as counting, summing and filling
        // by literal, in one sequential pass.
        let map: Vec<u32> = (0..self.adj.len()).map(|u| node(u) as u32).collect();
        let total = self.adj.links();
        let mut start: Vec<u32> = Vec::with_capacity(nodes + 1);
        let mut succ: Vec<u32> = Vec::with_capacity(total);
        let k = lits / 2;
        for odd in [1, 0] {
            for i in 0..k {
                start.push(succ.len() as u32);
                succ.extend(self.adj[2 * i + odd].iter().map(|&v| map[v as usize]));
            }
            start.resize(start.len() + (kk - k), succ.len() as u32);
        }
        for vs in (lits..self.adj.len()).map(|u| &self.adj[u]) {
            start.push(succ.len() as u32);
            succ.extend(vs.iter().map(|&v| map[v as usize]));
        }
        start.push(succ.len() as u32);
        debug_assert_eq!(start.len(), nodes + 1);
        let (comp, row_words, rows) =
            crate::kernel::graph::Components::new(nodes, &start, &succ).into_rows();
        self.row_at = (0..lits)
            .map(|p| comp[map[p] as usize] * row_words as u32)
            .collect();
        self.group_at = (lits..self.adj.len())
            .map(|u| comp[map[u] as usize] * row_words as u32)
            .collect();
        self.rows = rows;
        self.row_words = row_words;
    }

    /// Fills premise `p`'s tables from those of `q`, its twin: `p` and `q` imply each
    /// other directly and have the same other direct implications (checked on the graph by
    /// [`Walk::twins`]).
    ///
    /// Exact: the walk from `p` reaches `p` at 0, then `q` and the rest `X` of its
    /// successors at 1; the walk from `q` reaches `q` at 0, then `p` and the same `X` at 1.
    /// Both have then reached the same set, and their next levels are the successors of
    /// that set's last level less the reached set: the successors of `q` (`p` and `X`) and
    /// of `p` (`q` and `X`) are all reached, so both are the successors of `X` less the same
    /// set, and from there every level is equal. So the tables are equal but for the
    /// distances of `p` and `q` themselves, swapped (0 and 1). The test
    /// `look_aheads_match_full_scans` holds them to the walk.
    fn twin(&mut self, p: usize, q: usize) {
        let (lits, words) = (self.lits(), self.words);
        for (sets, odd) in [(&mut self.on, 1), (&mut self.off, 0)] {
            sets.copy_within(q * words..(q + 1) * words, p * words);
            for w in 0..words {
                let mut x = sets[p * words + w];
                while x != 0 {
                    let lit = 2 * (w * 64 + x.trailing_zeros() as usize) + odd;
                    x &= x - 1;
                    self.dist[lit * lits + p] = self.dist[lit * lits + q];
                }
            }
        }
        self.dist[p * lits + p] = 0;
        self.dist[q * lits + p] = 1;
    }

    /// The shortest chain from `from` to `to` (literals), by a walk with parents.
    fn path(&self, from: u32, to: u32) -> Vec<u32> {
        let mut parent = vec![NONE; self.adj.len()];
        parent[from as usize] = from;
        let mut queue = vec![from];
        let mut head = 0;
        while head < queue.len() && parent[to as usize] == NONE {
            let u = queue[head];
            head += 1;
            for &v in &self.adj[u as usize] {
                if parent[v as usize] == NONE {
                    parent[v as usize] = u;
                    queue.push(v);
                }
            }
        }
        if parent[to as usize] == NONE {
            return vec![from];
        }
        let mut path = vec![to];
        let mut at = to;
        while at != from {
            at = parent[at as usize];
            path.push(at);
        }
        path.reverse();
        path
    }
}

/// The breadth-first walk of [`Tables::new`]: the implication graph as a bit matrix and the
/// walk's level sets (kept between premises).
struct Walk {
    /// Row `u`: node `u`'s direct implications.
    matrix: Vec<u64>,
    /// The nodes with a successor (most "off" literals have none: their rows are skipped).
    sources: Vec<u64>,
    /// Words of a row.
    nw: usize,
    reached: Vec<u64>,
    level: Vec<u64>,
    next: Vec<u64>,
}

impl Walk {
    /// The pairs (`p`, `q`) of a bivalue cell's "not `d`" (`p`) and "is the other digit"
    /// (`q`) whose tables are equal up to `p` and `q` ([`Tables::twin`]): `p` and `q` imply
    /// each other directly and their rows agree on every other node (group nodes
    /// included).
    fn twins(&self, t: &Tables) -> Vec<(u32, u32)> {
        let nw = self.nw;
        let has = |u: usize, v: usize| self.matrix[u * nw + v / 64] >> (v % 64) & 1 == 1;
        let mut out = Vec::new();
        // (The candidates are cell-major: a cell's are consecutive.)
        let mut a = 0;
        while a < t.cands.len() {
            let c = t.cands[a].0;
            let b = a + t.cands[a..].iter().take_while(|x| x.0 == c).count();
            let (first, two) = (a, b - a == 2);
            a = b;
            if !two {
                continue;
            }
            for (i, j) in [(first, first + 1), (first + 1, first)] {
                let (p, q) = (2 * i, 2 * j + 1);
                if !(has(p, q) && has(q, p)) {
                    continue;
                }
                let equal = (0..nw).all(|w| {
                    let mut from_p = self.matrix[p * nw + w];
                    let mut from_q = self.matrix[q * nw + w];
                    if w == q / 64 {
                        from_p &= !(1 << (q % 64));
                    }
                    if w == p / 64 {
                        from_q &= !(1 << (p % 64));
                    }
                    from_p == from_q
                });
                if equal {
                    out.push((p as u32, q as u32));
                }
            }
        }
        out
    }

    /// Fills premise `p`'s tables by the walk: the next level is the union of the rows of
    /// this level's nodes, less what was reached, so a distance is the number of links of
    /// the shortest chain.
    fn run(&mut self, t: &mut Tables, p: usize, lits: usize, words: usize) {
        let nw = self.nw;
        let (matrix, sources) = (&self.matrix, &self.sources);
        let (reached, level, next) = (&mut self.reached, &mut self.level, &mut self.next);
        // (`level` is empty here: the last level of the previous walk was.)
        reached.fill(0);
        reached[p / 64] |= 1 << (p % 64);
        level[p / 64] |= 1 << (p % 64);
        let dist = &mut t.dist;
        let ons = &mut t.on[p * words..(p + 1) * words];
        let offs = &mut t.off[p * words..(p + 1) * words];
        let mut du = 0u16;
        loop {
            // Record this level's literals (group nodes only pass the walk on), and
            // gather the next level from the rows of the nodes with a successor.
            for w in 0..nw {
                let mut x = level[w];
                while x != 0 {
                    let u = w * 64 + x.trailing_zeros() as usize;
                    x &= x - 1;
                    if u < lits {
                        let (i, set) = if u % 2 == 1 {
                            (u / 2, &mut *ons)
                        } else {
                            (u / 2, &mut *offs)
                        };
                        set[i / 64] |= 1 << (i % 64);
                        dist[u * lits + p] = du;
                    }
                    if sources[w] >> (u % 64) & 1 == 1 {
                        let row = &matrix[u * nw..(u + 1) * nw];
                        for (n, r) in next.iter_mut().zip(row) {
                            *n |= r;
                        }
                    }
                }
            }
            let mut any = 0;
            // (`next` is left empty for the next level.)
            for ((n, r), l) in next
                .iter_mut()
                .zip(reached.iter_mut())
                .zip(level.iter_mut())
            {
                let v = std::mem::take(n) & !*r;
                *r |= v;
                *l = v;
                any |= v;
            }
            if any == 0 {
                break;
            }
            du = du.saturating_add(1);
        }
    }
}

/// Fills the tables of every premise (every candidate literal but those whose `twin_of`
/// entry is set) of a net (for chains: the reference of [`Tables::fill_by_components`]) by
/// one level-synchronous breadth-first walk from all of them at once: each
/// node carries the set of premises (a bitset over literals) that first reached it at the
/// current level; the next level's set of a node is the union of the sets its predecessors
/// carry, less the premises that reached it before. A premise's table (what it reaches, at
/// what distance) is the transpose: premise `p` reaches node `v` at distance `L` exactly
/// when `p` enters `v`'s set at level `L`.
///
/// Exact: the tables hold, per premise, the literals it reaches and their distances, the
/// number of links of a shortest chain; nothing else (no parent, no order: [`Tables::path`]
/// walks the shown chains again, and the sets are read as bitsets). By induction on `L`,
/// the premises entering `v`'s set at level `L` are those whose shortest chain to `v` has
/// `L` links: at 0 only `p` itself; a shortest chain of `L + 1` links to `v` ends with a link
/// from a node `u` at distance `L`, where `p` entered at level `L` (so `p` is in the union
/// at `L + 1`), and `p` had not reached `v` before (else the chain would not be shortest);
/// conversely a premise entering at `L + 1` came through such a `u`. That is what the
/// premise's own walk ([`Walk::run`]: the next level is the union of the rows of this
/// level's nodes less what was reached) writes: the same distances for the same literals,
/// and nothing where it does not reach. The test `multi_source_walk_matches_the_premise_walks`
/// holds every table to the premise walks, chains and nets.
///
/// Why: a premise's walk ORs a row of the whole graph per node it reaches (~2.8 K
/// instructions a premise, ~400 premises a grid); here a node passes one word on along its
/// own links, once per block of 64 premises and level at which one of them first reaches
/// it.
fn walk_all(t: &mut Tables, twin_of: &[u32]) {
    let lits = t.lits();
    let words = t.words;
    let nodes = t.adj.len();
    // The premises are walked 64 at a time (a block: one word per node), so a node passes
    // on one word per link, and only at the levels where a premise of the block reaches it.
    let mut reached = vec![0u64; nodes];
    let mut front = vec![0u64; nodes];
    let mut next = vec![0u64; nodes];
    let mut active: Vec<u32> = Vec::with_capacity(nodes);
    // (At most one entry per node, plus the slot a repeated node is written to.)
    let mut touched: Vec<u32> = vec![0; nodes + 1];
    for block in 0..lits.div_ceil(64) {
        let base = block * 64;
        reached.fill(0);
        for p in base..lits.min(base + 64) {
            if twin_of.get(p).is_some_and(|&q| q != NONE) {
                continue;
            }
            let bit = 1u64 << (p - base);
            reached[p] |= bit;
            front[p] |= bit;
            active.push(p as u32);
            t.dist[p * lits + p] = 0;
            let sets = if p % 2 == 1 { &mut t.on } else { &mut t.off };
            let i = p / 2;
            sets[p * words + i / 64] |= 1 << (i % 64);
        }
        let mut level = 0u16;
        while !active.is_empty() {
            level = level.saturating_add(1);
            // (`touched` lists each successor once, where its word was still empty: a
            // branch-free append, as the test is unpredictable.)
            let mut len = 0;
            for &u in &active {
                let u = u as usize;
                let f = std::mem::take(&mut front[u]);
                for &v in &t.adj[u] {
                    let n = &mut next[v as usize];
                    touched[len] = v;
                    len += usize::from(*n == 0);
                    *n |= f;
                }
            }
            let touched = &touched[..len];
            active.clear();
            for &v in touched {
                let v = v as usize;
                let x = std::mem::take(&mut next[v]) & !reached[v];
                if x == 0 {
                    continue;
                }
                reached[v] |= x;
                front[v] = x;
                active.push(v as u32);
                if v >= lits {
                    // (Group nodes only pass the walk on.)
                    continue;
                }
                let (i, sets) = if v % 2 == 1 {
                    (v / 2, &mut t.on)
                } else {
                    (v / 2, &mut t.off)
                };
                let (iw, ib) = (i / 64, 1u64 << (i % 64));
                // (The block's premises of one literal are neighbours in the distance
                // table.)
                let row = &mut t.dist[v * lits + base..];
                let mut y = x;
                while y != 0 {
                    let b = y.trailing_zeros() as usize;
                    y &= y - 1;
                    row[b] = level;
                    sets[(base + b) * words + iw] |= ib;
                }
            }
        }
    }
}

/// The breadth-first distances from `from` over the graph with successors `succ` (`u16::MAX`
/// where not reached): the number of links of a shortest chain.
fn distances<'a>(nodes: usize, from: u32, succ: impl Fn(usize) -> &'a [u32]) -> Vec<u16> {
    let mut dist = vec![u16::MAX; nodes];
    dist[from as usize] = 0;
    let mut queue = Vec::with_capacity(nodes);
    queue.push(from);
    let mut head = 0;
    while let Some(&u) = queue.get(head) {
        head += 1;
        let du = dist[u as usize].saturating_add(1);
        for &v in succ(u as usize) {
            if dist[v as usize] == u16::MAX {
                dist[v as usize] = du;
                queue.push(v);
            }
        }
    }
    dist
}

/// Chains' direct links: "on" removes the cell's other digits and the digit from its peers;
/// "off" sets a bivalue cell's other digit and a house's only other place.
///
/// Each list is allocated once, with room for its direct links (at most the cell's other
/// digits and 20 peers "on", one bivalue partner and three houses "off") and for the group
/// links `extra` counts (added later by [`GroupLinks::apply`]).
fn direct_links(
    g: &CandidateGrid,
    index: &[u32],
    cands: &[(Cell, Digit)],
    adj: &mut Adj,
    extra: &[u16],
    masks: &CellMasks,
) {
    let l = g.layout();
    // (The "off" list is gathered here first: it is checked for repeats as it grows.)
    let mut off: Vec<u32> = Vec::with_capacity(4);
    for (i, &(c, d)) in cands.iter().enumerate() {
        let (ci, di) = (c.index(), d.index());
        let cs = g.candidates(c);
        let others = || {
            cs.iter()
                .filter(move |&e| e != d)
                .map(|e| index[ci * 9 + e.index()])
        };
        off.clear();
        if cs.len() == 2 {
            off.extend(others().map(|j| 2 * j + 1));
        }
        // The peers holding the candidate, in the layout's (ascending) order of peers: the
        // bits of a mask (session 58; was a lookup per peer).
        let mut x = masks.peers[ci] & masks.plane[di] & masks.empty;
        let peers = std::iter::from_fn(move || {
            (x != 0).then(|| {
                let p = x.trailing_zeros() as usize;
                x &= x - 1;
                2 * index[p * 9 + di]
            })
        });
        adj.set(
            2 * i + 1,
            others().map(|j| 2 * j).chain(peers),
            usize::from(extra[2 * i + 1]),
        );
        for &h in l.houses_of(c) {
            // The house's cells holding the digit (`g.positions`), `c` one of them.
            let places = masks.house[h.index()] & masks.plane[di];
            if places.count_ones() == 2 {
                let other = (places & !(1u128 << ci)).trailing_zeros() as usize;
                let j = index[other * 9 + di];
                if !off.contains(&(2 * j + 1)) {
                    off.push(2 * j + 1);
                }
            }
        }
        adj.set(2 * i, off.iter().copied(), usize::from(extra[2 * i]));
    }
}

/// A net's direct implications of "`cell` is (`on`) or is not `digit`": the premise applied to
/// a copy of the grid, then [`LOOK_AHEAD`] rounds of all naked and hidden singles; every
/// candidate placed or removed on the way (as literals).
/// The list is node `at`'s of `adj`, with room for `extra` more links (the group nodes'
/// links, added later).
fn look_ahead(
    sim: &mut Sim<'_>,
    cell: Cell,
    digit: Digit,
    on: bool,
    extra: usize,
    adj: &mut Adj,
    at: usize,
) {
    let (g, index) = (sim.g, sim.index);
    if on {
        sim.set(cell, digit.index());
    } else {
        sim.note(cell, digit.index(), false);
        sim.cands[cell.index()] &= !(1 << digit.index());
        sim.live[digit.index()] &= !(1 << cell.index());
        sim.touch(cell.index(), 1 << digit.index());
        let rest = sim.cands[cell.index()];
        if rest.count_ones() == 1 {
            sim.set(cell, rest.trailing_zeros() as usize);
        }
    }
    let l = g.layout();
    let mut singles = std::mem::take(&mut sim.singles);
    for _ in 0..LOOK_AHEAD {
        singles.clear();
        // Only what changed since the last round's look (see `Sim::dirty_cells`).
        let mut cells_left = std::mem::take(&mut sim.dirty_cells);
        if sim.reference {
            cells_left = (1 << 81) - 1;
        }
        while cells_left != 0 {
            let ci = cells_left.trailing_zeros() as usize;
            cells_left &= cells_left - 1;
            let m = sim.cands[ci];
            if sim.values[ci] == 0 && m.count_ones() == 1 {
                singles.push((Cell(ci as u16), m.trailing_zeros() as usize));
            }
        }
        let mut houses_left = std::mem::take(&mut sim.dirty_houses);
        if sim.reference {
            houses_left = (1 << 27) - 1;
            while houses_left != 0 {
                let h = House(houses_left.trailing_zeros() as u16);
                houses_left &= houses_left - 1;
                let cells = l.house_cells(h);
                let mut lone = sim.lone_digits(h, cells);
                while lone != 0 {
                    let d = lone.trailing_zeros() as usize;
                    lone &= lone - 1;
                    if let Some(&x) = cells.iter().find(|x| sim.cands[x.index()] >> d & 1 == 1)
                        && !singles.contains(&(x, d))
                    {
                        singles.push((x, d));
                    }
                }
            }
        }
        // Per dirty house, only its dirty digits, each on the digit's plane: a digit with
        // one place left in the house, not placed there, is a hidden single (see
        // `Sim::dirty_digits`; in house order, then digit order, as the scan of all).
        while houses_left != 0 {
            let h = houses_left.trailing_zeros() as usize;
            houses_left &= houses_left - 1;
            let mut digits = std::mem::take(&mut sim.dirty_digits[h]) & !sim.placed[h];
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let m = sim.live[d] & sim.house_mask[h];
                if m.count_ones() == 1 {
                    let x = Cell(m.trailing_zeros() as u16);
                    if !singles.contains(&(x, d)) {
                        singles.push((x, d));
                    }
                }
            }
        }
        if singles.is_empty() {
            break;
        }
        for &(c, d) in &singles {
            if sim.values[c.index()] == 0 {
                sim.set(c, d);
            }
        }
    }
    sim.singles = singles;
    // The premise itself is where the walk starts.
    let own = 2 * index[cell.index() * 9 + digit.index()] + u32::from(on);
    // `sim.out` keeps its capacity for the next premise (no growth per premise); the marks
    // of the literals seen are cleared at once (eighteen masks, not one flag per literal).
    sim.seen = [[0; 9]; 2];
    adj.set(at, sim.out.iter().copied().filter(|&x| x != own), extra);
    sim.out.clear();
}

/// A net's direct implications of "not `d`" (literal `off`) in a bivalue cell, from those of
/// "is the other digit `e`" (literal `other_on`, its list in `adj`), without a look-ahead of
/// its own: written as node `off`'s list of `adj`.
///
/// Exact: [`look_ahead`] of "is `e`" places `e` ([`Sim::set`]: it records "is `e`", then the
/// cell's other digit "not `d`", then the peers, then places); that of "not `d`" records
/// "not `d`", removes `d`, finds the cell left with `e` alone and places it the same way
/// (recording "is `e`"; `d` is gone, so the cell's other digits add nothing). From there
/// both copies of the grid are equal (candidates, values, placed digits, the cells and
/// houses marked changed: the removal's marks are a subset of the placement's) and so are the
/// literals seen, so the singles rounds record the same literals in the same order. The two
/// lists differ only in their first literal: each drops its own premise and starts with the
/// other's — "not `d`" for "is `e`", "is `e`" for "not `d`". The test
/// `look_aheads_match_full_scans` holds this to the look-ahead itself.
/// (The list has room for `extra` more links: the group nodes'.)
fn off_in_bivalue(adj: &mut Adj, off: usize, other_on: usize, extra: usize) {
    debug_assert_eq!(adj[other_on].first(), Some(&(off as u32)));
    adj.set_copy(off, other_on, other_on as u32, extra);
}

/// The cells holding a naked single and the houses holding a hidden single in the grid the
/// search started from (what a look-ahead round must look at even where nothing changed).
fn base_singles(sim: &Sim<'_>) -> (u128, u32, [u16; 27]) {
    let l = sim.g.layout();
    let mut cells = 0u128;
    for c in sim.g.cells() {
        if sim.values[c.index()] == 0 && sim.cands[c.index()].count_ones() == 1 {
            cells |= 1 << c.index();
        }
    }
    let (mut houses, mut digits) = (0u32, [0u16; 27]);
    for h in l.houses() {
        let lone = sim.lone_digits(h, l.house_cells(h));
        if lone != 0 {
            houses |= 1 << h.index();
            digits[h.index()] = lone;
        }
    }
    (cells, houses, digits)
}

/// A copy of the grid a net's look-ahead plays on, and the literals it recorded.
struct Sim<'a> {
    g: &'a CandidateGrid,
    index: &'a [u32],
    values: Vec<u8>,
    cands: Vec<u16>,
    out: Vec<u32>,
    /// The literals recorded in `out`, as cell masks per kind ("off" 0, "on" 1) and digit
    /// (session 70: a placement marks its peers' "off" literals with one mask operation, and
    /// the marks are cleared with eighteen stores instead of a flag per recorded literal).
    seen: [[u128; 9]; 2],
    /// Per digit: the cells holding it as a live candidate of the grid the search started
    /// from (those with a literal: `index` is not `NONE` there).
    indexed: [u128; 9],
    /// The singles of one look-ahead round (kept to reuse its allocation).
    singles: Vec<(Cell, usize)>,
    /// Per cell: its peers (a cell mask).
    peers: &'static [u128; 81],
    /// Per digit: the cells holding it in the grid the search started from.
    plane: [u128; 9],
    /// Per cell: the indices of its three houses.
    cell_houses: Vec<[u8; 3]>,
    /// Per cell: its houses (a house mask).
    house_bits: Vec<u32>,
    /// Cells and houses that may hold a single: those changed since the last round looked
    /// (since the look-ahead began, for the first round), and, for the first round, those
    /// that held one in the grid the search started from (`base_dirty`). Every other cell
    /// and house is as it was when last looked at, without a single (a single found is
    /// placed, which changes its cell and houses; every change of a candidate or a placement
    /// marks its cell and houses here), so a round looks only at these: it finds the singles
    /// a scan of all would, in the same order.
    dirty_cells: u128,
    dirty_houses: u32,
    /// Per dirty house: the digits that may hold a hidden single there — those whose
    /// candidates in the house changed since the last round looked (and, for the first round,
    /// those lone in the start grid). A digit's candidates in a house change only through
    /// [`Sim::touch`] with that digit (or [`Sim::set`]'s removals from the peers, marked as
    /// `touch` would mark each, all at once); a placement only adds digits to `placed`, which can
    /// end a hidden single, never start one; so a digit not marked was not lone when last
    /// looked at and is not lone now, and a round that looks only at the marked digits of
    /// the marked houses finds the singles the scan of every digit finds, in house order,
    /// then digit order, as it does.
    dirty_digits: [u16; 27],
    base_dirty: (u128, u32, [u16; 27]),
    /// Look at every cell and house in every round, and reach a placement's peers one by
    /// one (the reference the tests hold the shortcuts to).
    reference: bool,
    /// Per house: the digits placed in it.
    placed: [u16; 27],
    /// Per digit: the cells holding it in the copy (`cands` by digit, kept in step with it).
    live: [u128; 9],
    /// Per house: its cells.
    house_mask: [u128; 27],
}

impl Sim<'_> {
    /// The digits (as a mask) with exactly one place among `cells` (those of house `h`) and
    /// not placed there.
    fn lone_digits(&self, h: House, cells: &[Cell]) -> u16 {
        // Per digit: seen once (`once`), seen more than once (`more`) among the cells'
        // candidates (a placed cell has none); a digit placed in the house is never lone.
        let (mut once, mut more) = (0u16, 0u16);
        for x in cells {
            let m = self.cands[x.index()];
            more |= once & m;
            once |= m;
        }
        once & !more & !self.placed[h.index()]
    }
    /// Marks cell `c` (an index) and its houses as changed, for the `digits` (a mask) whose
    /// candidates there changed.
    fn touch(&mut self, c: usize, digits: u16) {
        self.dirty_cells |= 1 << c;
        for &h in &self.cell_houses[c] {
            self.dirty_houses |= 1 << h;
            self.dirty_digits[h as usize] |= digits;
        }
    }
    /// Records literal "`c` is (`on`) or is not `d`" in `out`, unless recorded before or the
    /// candidate is not live in the grid the search started from (it has no literal).
    fn note(&mut self, c: Cell, d: usize, on: bool) {
        let bit = 1u128 << c.index();
        let seen = &mut self.seen[usize::from(on)][d];
        if self.indexed[d] & bit & !*seen != 0 {
            *seen |= bit;
            self.out
                .push(2 * self.index[c.index() * 9 + d] + u32::from(on));
        }
    }
    /// Places `d` (an index) in `c`: the cell's other digits and the digit's places among the
    /// peers (in the grid the search started from) are off.
    fn set(&mut self, c: Cell, d: usize) {
        self.note(c, d, true);
        // The cell's other digits, in ascending order as a scan of the nine finds them.
        let mut rest = self.cands[c.index()] & !(1 << d);
        while rest != 0 {
            self.note(c, rest.trailing_zeros() as usize, false);
            rest &= rest - 1;
        }
        if self.reference {
            let g = self.g;
            for &p in g.layout().peers(c) {
                if g.candidates(p).0 >> d & 1 == 1 {
                    self.note(p, d, false);
                }
                if self.cands[p.index()] >> d & 1 == 1 {
                    self.cands[p.index()] &= !(1 << d);
                    self.live[d] &= !(1 << p.index());
                    self.touch(p.index(), 1 << d);
                }
            }
            self.place(c, d);
            return;
        }
        // The peers holding the digit at the start, in the layout's (ascending) order of
        // peers; the copy's candidates are a subset of those.
        // (`note` for each: those with a literal, not recorded yet, marked all at once.)
        let mut x = self.peers[c.index()] & self.plane[d] & self.indexed[d] & !self.seen[0][d];
        self.seen[0][d] |= x;
        while x != 0 {
            let p = x.trailing_zeros() as usize;
            x &= x - 1;
            self.out.push(2 * self.index[p * 9 + d]);
        }
        // The cells losing the digit are the peers holding it in the copy: `live[d]` is
        // `cands` by digit, kept in step (session 62: one mask instead of testing each peer's
        // candidates). They and their houses are marked at the end, as `touch` would mark
        // each (the marks are sets: their order does not matter).
        let cells = self.peers[c.index()] & self.live[d];
        let (mut y, mut houses) = (cells, 0u32);
        while y != 0 {
            let p = y.trailing_zeros() as usize;
            y &= y - 1;
            self.cands[p] &= !(1 << d);
            houses |= self.house_bits[p];
        }
        self.live[d] &= !cells;
        self.dirty_cells |= cells;
        self.dirty_houses |= houses;
        while houses != 0 {
            self.dirty_digits[houses.trailing_zeros() as usize] |= 1 << d;
            houses &= houses - 1;
        }
        self.place(c, d);
    }
    /// The placement itself (after its eliminations).
    fn place(&mut self, c: Cell, d: usize) {
        let gone = std::mem::take(&mut self.cands[c.index()]);
        let mut x = gone;
        while x != 0 {
            self.live[x.trailing_zeros() as usize] &= !(1 << c.index());
            x &= x - 1;
        }
        self.values[c.index()] = d as u8 + 1;
        for h in self.cell_houses[c.index()] {
            self.placed[h as usize] |= 1 << d;
        }
        self.touch(c.index(), gone);
    }
}

/// HoDoKu's group nodes (two or three places of a digit where a line crosses a box) as
/// literals after the candidates', with their links to candidates and to each other.
///
/// Worked on 128-bit cell masks (per house, per digit, per group); every loop visits the
/// same groups, cells and houses in the same order as the plain scan of each house's cells
/// (`tests::group_nodes_by_scan`, kept as the reference), so the links and their order —
/// which the shown chains depend on — are the same.
#[cfg(test)]
fn group_nodes(g: &CandidateGrid, index: &[u32], adj: &mut Vec<Vec<u32>>) {
    let groups = group_links(g, index, adj.len() as u32, &CellMasks::new(g));
    let extra = groups.extra(adj.len());
    let mut lists = Adj::new(adj.len());
    for (u, vs) in adj.iter().enumerate() {
        lists.set(u, vs.iter().copied(), usize::from(extra[u]));
    }
    groups.apply(&mut lists);
    *adj = lists.iter().map(<[u32]>::to_vec).collect();
}

/// The group nodes' links of one grid, worked out before they are added ([`GroupLinks::apply`]):
/// they depend on the grid alone, not on the links already there, so the candidates' own
/// lists can be allocated with room for them (no regrowth per group link).
struct GroupLinks {
    /// The number of group nodes (two literals each, numbered from `base`).
    groups: usize,
    base: u32,
    /// (from, to) in the order they are found.
    links: Vec<(u32, u32)>,
}

impl GroupLinks {
    /// Per literal below `lits`: the number of group links it gets.
    fn extra(&self, lits: usize) -> Vec<u16> {
        let mut extra = vec![0u16; lits];
        for &(u, _) in &self.links {
            if let Some(n) = extra.get_mut(u as usize) {
                *n += 1;
            }
        }
        extra
    }
    /// Appends the group literals to `adj` (which holds the `base` candidate literals, each
    /// with room for its group links: [`GroupLinks::extra`]) and every link, in order: each
    /// list gets the same entries in the same order as pushing them where they were found.
    fn apply(self, adj: &mut Adj) {
        debug_assert_eq!(adj.len(), self.base as usize);
        let base = self.base as usize;
        let total = base + 2 * self.groups;
        let mut count = vec![0u32; total - base];
        for &(u, _) in &self.links {
            if let Some(n) = (u as usize).checked_sub(base) {
                count[n] += 1;
            }
        }
        adj.at.resize(total, (0, 0));
        adj.list.reserve(count.iter().sum::<u32>() as usize);
        for (u, &n) in count.iter().enumerate() {
            adj.set(base + u, [], n as usize);
        }
        for (u, v) in self.links {
            adj.push(u as usize, v);
        }
    }
}

/// HoDoKu's group nodes' links (two or three places of a digit where a line crosses a box:
/// literals after the candidates', numbered from `base`), with their links to candidates and
/// to each other, in the order they are added to the graph.
fn group_links(g: &CandidateGrid, index: &[u32], base: u32, masks: &CellMasks) -> GroupLinks {
    debug_assert!(g.layout().is_standard_9x9());
    let (house_mask, digit_mask) = (&masks.house, &masks.plane);
    // (digit, cells as a mask, line, box), in the reference's order: lines, digits, boxes.
    // Only the boxes crossing the line are looked at, in box order (session 69: a box that
    // does not cross it shares no cell with it, so its `cells` would be empty and skipped).
    let mut groups: Vec<(usize, u128, House, House)> = Vec::with_capacity(128);
    for (line, across) in masks.crossings {
        let line = *line;
        for (d, &plane) in digit_mask.iter().enumerate() {
            let places = house_mask[line.index()] & plane;
            if places.count_ones() < 2 {
                continue;
            }
            for &b in across {
                let cells = places & house_mask[b.index()];
                if cells.count_ones() >= 2 {
                    groups.push((d, cells, line, b));
                }
            }
        }
    }
    // Per house and digit (`h * 9 + d`): the groups of the digit in the house (its line or
    // its box), in group order — the groups of the digit a scan of all of them would match
    // on the house, in the order it meets them (session 62: only those are looked at). One
    // buffer, each house and digit's groups at `by_list[by_start[x]..by_start[x + 1]]`,
    // filled in group order (session 69: was a list per house and digit, ~140 allocations a
    // grid).
    let mut by_start = [0u32; 27 * 9 + 1];
    for &(d, _, line, b) in &groups {
        by_start[line.index() * 9 + d + 1] += 1;
        by_start[b.index() * 9 + d + 1] += 1;
    }
    for x in 0..27 * 9 {
        by_start[x + 1] += by_start[x];
    }
    let mut fill = by_start;
    let mut by_list = vec![0u32; 2 * groups.len()];
    for (gi, &(d, _, line, b)) in groups.iter().enumerate() {
        for x in [line.index() * 9 + d, b.index() * 9 + d] {
            by_list[fill[x] as usize] = gi as u32;
            fill[x] += 1;
        }
    }
    let by_house = |x: usize| &by_list[by_start[x] as usize..by_start[x + 1] as usize];
    let mut links: Vec<(u32, u32)> = Vec::with_capacity(16 * groups.len());
    let cand = |c: usize, d: usize| index[c * 9 + d];
    let mut buddies: Vec<usize> = Vec::with_capacity(16);
    for (gi, &(d, cells, line, b)) in groups.iter().enumerate() {
        let on = base + 2 * gi as u32 + 1;
        let off = on - 1;
        // The cells of the line, then of the box, holding the digit outside the group (each
        // once, where first met).
        // (The houses' cells are in ascending order: the line's buddies, then the box's
        // outside the line, each as a mask's bits.)
        buddies.clear();
        let in_line = house_mask[line.index()] & digit_mask[d] & !cells;
        let in_box = house_mask[b.index()] & digit_mask[d] & !cells & !house_mask[line.index()];
        for mut x in [in_line, in_box] {
            while x != 0 {
                buddies.push(x.trailing_zeros() as usize);
                x &= x - 1;
            }
        }
        let buddy_mask = in_line | in_box;
        for &x in &buddies {
            let i = cand(x, d);
            links.push((on, 2 * i));
            links.push((2 * i + 1, off));
        }
        for house in [b, line] {
            let rest = buddy_mask & house_mask[house.index()];
            if rest.count_ones() == 1 {
                let i = cand(rest.trailing_zeros() as usize, d);
                links.push((off, 2 * i + 1));
                links.push((2 * i, on));
            }
        }
        for house in [line, b] {
            let (mut count, mut only) = (0, 0);
            for &gj in by_house(house.index() * 9 + d) {
                let gj = gj as usize;
                let cells2 = groups[gj].1;
                if gj != gi && cells2 & cells == 0 {
                    links.push((on, base + 2 * gj as u32));
                    count += 1;
                    only = gj;
                }
            }
            if count == 1 {
                let outside = house_mask[house.index()] & digit_mask[d] & !(cells | groups[only].1);
                if outside == 0 {
                    links.push((off, base + 2 * only as u32 + 1));
                }
            }
        }
    }
    GroupLinks {
        groups: groups.len(),
        base,
        links,
    }
}

/// The layout's rows and columns, and its boxes (house order).
fn lines_and_boxes(l: &sudokit_core::Layout) -> (Vec<House>, Vec<House>) {
    let lines = l
        .houses()
        .filter(|&h| matches!(l.house_kind(h), HouseKind::Row(_) | HouseKind::Column(_)))
        .collect();
    let boxes = l
        .houses()
        .filter(|&h| matches!(l.house_kind(h), HouseKind::Box(_)))
        .collect();
    (lines, boxes)
}

/// Set bits of a bitset, lowest first.
fn bits(set: &[u64]) -> impl Iterator<Item = u32> + '_ {
    set.iter().enumerate().flat_map(|(w, &x)| {
        let mut x = x;
        std::iter::from_fn(move || {
            (x != 0).then(|| {
                let b = x.trailing_zeros();
                x &= x - 1;
                w as u32 * 64 + b
            })
        })
    })
}

/// What the checks need of the grid, worked out once per grid.
struct Shape {
    /// Per cell: its live candidates' indices (a range, the candidates being cell-major).
    cell_range: Vec<(u32, u32)>,
    /// Per live candidate: its three houses.
    houses: Vec<[u16; 3]>,
    /// Per house and digit (`h * 9 + d`): its live places as a range of `place_list`,
    /// empty when a place the placed digits allow holds no candidate (HoDoKu counts such a
    /// place, so the house never empties; its `place_count` is 0 and never met).
    places: Vec<(u32, u32)>,
    /// The live places of every house and digit, one after the other (one buffer per grid,
    /// not a list per house and digit).
    place_list: Vec<u32>,
    /// Houses in HoDoKu's order: rows, columns, boxes.
    order: Vec<House>,
    /// Per house: its place in `order`.
    rank: Vec<u8>,
    /// Per house and digit: the number of live places, 0 when `places` is `None` (the counts
    /// a premise's eliminations are matched against).
    place_count: Vec<u8>,
    /// Per live candidate: its cell's index.
    cell_of: Vec<u8>,
    /// The premise sets of the verities after the candidates' pairs, in HoDoKu's order: each
    /// cell's candidates, then each house's places of each digit (houses in `order`), "on"
    /// literals, one set after the other, each ending where `verity_ends` says.
    verity_sets: Vec<u32>,
    verity_ends: Vec<u32>,
    /// The (word, mask) pairs of the candidates of every empty-cell and empty-house check of
    /// [`has_contradiction`], one check after the other.
    check_words: Vec<(u8, u64)>,
    /// Per live candidate `j`: `first_checks[first_start[j]..first_start[j + 1]]` are the
    /// checks that fire when all their candidates are off and whose lowest candidate is `j`,
    /// each as its first (word, mask) pair and the range of `check_words` that holds the
    /// rest: the first word, read without an index, turns most checks down (session 60).
    first_start: Vec<u32>,
    first_checks: Vec<(u8, u64, u32, u32)>,
    /// The candidates with such a check (bits): only those a premise removes are looked at.
    trigger: Vec<u64>,
    /// The checks that fire when at least a count of their candidates are off (a house and
    /// digit with a candidate that is not a place, a digit placed in a peer: the count is
    /// the places'), with the count: looked at for every premise.
    always: Vec<(u32, u32, u8)>,
}

/// A 9×9 grid as cell masks (bit `c` for cell `c`), for [`Shape::new`], the chains'
/// [`direct_links`] and the group nodes' [`group_links`]: built once per grid's tables and
/// kept in them ([`Tables::masks`]), the houses and peers shared ([`STANDARD_MASKS`]).
struct CellMasks {
    /// The empty cells.
    empty: u128,
    /// Per digit (index): the cells holding it as a candidate.
    plane: [u128; 9],
    /// Per digit: the cells with a house where it is placed.
    blocked: [u128; 9],
    /// Per house: its cells.
    house: &'static [u128; 27],
    /// Per cell: its peers (the cells sharing a house with it).
    peers: &'static [u128; 81],
    /// The lines with the boxes crossing each ([`LayoutMasks::crossings`]).
    crossings: &'static [(House, Vec<House>)],
}

/// The standard 9×9 layout's houses and peers as cell masks: layout constants, worked out
/// once (session 59; every grid's tables worked them out twice, ~15 K instructions a time).
struct LayoutMasks {
    /// Per house: its cells.
    house: [u128; 27],
    /// Per cell: its peers (the cells sharing a house with it), itself excluded.
    peers: [u128; 81],
    /// The lines (rows and columns, house order), each with the boxes crossing it (sharing
    /// a cell with it), in house order: the pairs [`group_links`] looks at (session 69).
    crossings: Vec<(House, Vec<House>)>,
}

impl LayoutMasks {
    fn new(l: &sudokit_core::Layout) -> LayoutMasks {
        let mut m = LayoutMasks {
            house: [0; 27],
            peers: [0; 81],
            crossings: Vec::new(),
        };
        for h in l.houses() {
            m.house[h.index()] = l
                .house_cells(h)
                .iter()
                .fold(0u128, |x, c| x | 1 << c.index());
        }
        for (i, p) in m.peers.iter_mut().enumerate() {
            *p = l
                .peers(Cell(i as u16))
                .iter()
                .fold(0u128, |x, c| x | 1 << c.index());
        }
        let (lines, boxes) = lines_and_boxes(l);
        m.crossings = lines
            .iter()
            .map(|&line| {
                let across = boxes
                    .iter()
                    .copied()
                    .filter(|b| m.house[b.index()] & m.house[line.index()] != 0)
                    .collect();
                (line, across)
            })
            .collect();
        m
    }
}

/// [`LayoutMasks`] of the standard 9×9 layout (the only one this search runs on: every
/// standard 9×9 layout numbers its houses and cells alike, `Layout::standard(9)`'s way).
static STANDARD_MASKS: std::sync::LazyLock<LayoutMasks> = std::sync::LazyLock::new(|| {
    LayoutMasks::new(&sudokit_core::Layout::standard(9).expect("the 9×9 layout"))
});

impl CellMasks {
    fn new(g: &CandidateGrid) -> CellMasks {
        let l = g.layout();
        debug_assert!(l.is_standard_9x9());
        let lm: &'static LayoutMasks = &STANDARD_MASKS;
        let mut m = CellMasks {
            empty: 0,
            plane: [0; 9],
            blocked: [0; 9],
            house: &lm.house,
            peers: &lm.peers,
            crossings: &lm.crossings,
        };
        for c in g.cells() {
            let bit = 1u128 << c.index();
            match g.value(c) {
                None => m.empty |= bit,
                // (The cells of the cell's houses: its peers and itself.)
                Some(d) => m.blocked[d.index()] |= m.peers[c.index()] | bit,
            }
            let mut x = g.candidates(c).0;
            while x != 0 {
                m.plane[x.trailing_zeros() as usize] |= bit;
                x &= x - 1;
            }
        }
        m
    }
}

impl Shape {
    fn new(g: &CandidateGrid, t: &Tables) -> Shape {
        let l = g.layout();
        let mut cell_range = vec![(0, 0); 81];
        let mut at = 0u32;
        for c in g.cells() {
            let n = if g.value(c).is_none() {
                g.candidates(c).len()
            } else {
                0
            };
            cell_range[c.index()] = (at, at + n);
            at += n;
        }
        let houses = t
            .cands
            .iter()
            .map(|&(c, _)| {
                let hs = l.houses_of(c);
                [hs[0].0, hs[1].0, hs[2].0]
            })
            .collect();
        let kind_rank = |h: House| match l.house_kind(h) {
            HouseKind::Row(_) => 0,
            HouseKind::Column(_) => 1,
            _ => 2,
        };
        let mut order: Vec<House> = l.houses().collect();
        order.sort_by_key(|&h| (kind_rank(h), h.0));
        // Cell masks (session 58): the layout lists a house's cells in ascending order (this
        // search runs on the standard 9×9 layout only), so a mask's bits come out in the
        // order the scan of the house's cells visits them (`shape_matches_the_scan`).
        let masks = &t.masks;
        // (Written into one buffer: a list per house and digit cost ~500 allocations a grid.)
        let mut places = vec![(0, 0); l.house_count() * 9];
        let mut place_list: Vec<u32> = Vec::with_capacity(t.cands.len() * 3);
        let mut place_count = vec![0u8; l.house_count() * 9];
        // Per house and digit: whether its candidates are exactly its places.
        let mut clean = vec![false; l.house_count() * 9];
        for h in l.houses() {
            let open = masks.house[h.index()] & masks.empty;
            for d in 0..9 {
                let start = place_list.len();
                // The cells holding the candidate, and the places: the empty cells none of
                // whose houses holds the digit. A place without the candidate lists none.
                let cands = open & masks.plane[d];
                let allowed = open & !masks.blocked[d];
                if allowed & !cands == 0 {
                    let mut x = allowed;
                    while x != 0 {
                        let c = x.trailing_zeros() as usize;
                        x &= x - 1;
                        place_list.push(t.index[c * 9 + d]);
                    }
                }
                let k = h.index() * 9 + d;
                places[k] = (start as u32, place_list.len() as u32);
                place_count[k] = (place_list.len() - start) as u8;
                clean[k] = cands.count_ones() as usize == place_list.len() - start;
            }
        }
        let mut rank = vec![0u8; l.house_count()];
        for (r, h) in order.iter().enumerate() {
            rank[h.index()] = r as u8;
        }
        let cell_of = t.cands.iter().map(|&(c, _)| c.index() as u8).collect();
        let mut sh = Shape {
            cell_range,
            houses,
            places,
            place_list,
            order,
            rank,
            place_count,
            cell_of,
            // (Room for every set and check, so they are written without regrowth: at most
            // a set per cell and per house and digit, each candidate in four of them.)
            verity_sets: Vec::with_capacity(4 * t.cands.len()),
            verity_ends: Vec::with_capacity(81 + 27 * 9),
            check_words: Vec::with_capacity(2 * (81 + 27 * 9)),
            first_start: Vec::new(),
            first_checks: Vec::new(),
            trigger: vec![0; t.words],
            always: Vec::new(),
        };
        sh.add_checks(g, t, &clean);
        for &(a, b) in &sh.cell_range {
            if a < b {
                sh.verity_sets.extend((a..b).map(|j| 2 * j + 1));
                sh.verity_ends.push(sh.verity_sets.len() as u32);
            }
        }
        for &h in &sh.order {
            for d in 0..9 {
                // (`g.cells_with(h, d)`, in the house's order.)
                let mut x = masks.house[h.index()] & masks.plane[d];
                if x == 0 {
                    continue;
                }
                while x != 0 {
                    let c = x.trailing_zeros() as usize;
                    x &= x - 1;
                    sh.verity_sets.push(2 * t.index[c * 9 + d] + 1);
                }
                sh.verity_ends.push(sh.verity_sets.len() as u32);
            }
        }
        sh
    }

    /// The verities' premise sets after the candidates' pairs (`verity_sets`), in order.
    fn verity_sets(&self) -> impl Iterator<Item = &[u32]> + '_ {
        let starts = std::iter::once(0).chain(self.verity_ends.iter().copied());
        starts
            .zip(&self.verity_ends)
            .map(|(a, &b)| &self.verity_sets[a as usize..b as usize])
    }

    /// The checks of [`has_contradiction`]: every cell with candidates (all of them off), and
    /// every house and digit with a place count (that many of its candidates off; `clean`:
    /// its candidates are its places, so all of them off) — in chains, less the bivalue
    /// cells and the houses whose two candidates are their two places (see
    /// [`has_contradiction`]: those fire only with a candidate both on and off).
    fn add_checks(&mut self, g: &CandidateGrid, t: &Tables, clean: &[bool]) {
        let l = g.layout();
        // (Lowest candidate, range of `check_words`) of the checks that need all off.
        let mut firsts: Vec<(u32, (u32, u32))> = Vec::with_capacity(81 + 27 * 9);
        let add = |words: &mut Vec<(u8, u64)>, members: &mut dyn Iterator<Item = u32>| {
            let start = words.len();
            let mut low = NONE;
            for j in members {
                low = low.min(j);
                let (w, b) = ((j / 64) as u8, 1u64 << (j % 64));
                match words[start..].iter_mut().find(|x| x.0 == w) {
                    Some(x) => x.1 |= b,
                    None => words.push((w, b)),
                }
            }
            (low, (start as u32, words.len() as u32))
        };
        for &(a, b) in &self.cell_range {
            if a < b && (t.net || b - a != 2) {
                firsts.push(add(&mut self.check_words, &mut (a..b)));
            }
        }
        for h in l.houses() {
            for d in DigitSet::full(9).iter() {
                let k = h.index() * 9 + d.index();
                let need = self.place_count[k];
                if need == 0 || !t.net && need == 2 && clean[k] {
                    continue;
                }
                if clean[k] {
                    let (a, b) = self.places[k];
                    let places = &self.place_list[a as usize..b as usize];
                    firsts.push(add(&mut self.check_words, &mut places.iter().copied()));
                } else {
                    let (_, range) = add(
                        &mut self.check_words,
                        &mut l
                            .house_cells(h)
                            .iter()
                            .map(|&c| t.cand(c, d))
                            .filter(|&j| j != NONE),
                    );
                    self.always.push((range.0, range.1, need));
                }
            }
        }
        firsts.sort_unstable_by_key(|x| x.0);
        self.first_start = vec![0; t.cands.len() + 1];
        self.first_checks.reserve_exact(firsts.len());
        for &(j, range) in &firsts {
            self.first_start[j as usize + 1] += 1;
            self.trigger[j as usize / 64] |= 1 << (j % 64);
            let (w, m) = self.check_words[range.0 as usize];
            self.first_checks.push((w, m, range.0 + 1, range.1));
        }
        for j in 0..t.cands.len() {
            self.first_start[j + 1] += self.first_start[j];
        }
    }
}

/// Every effect's best derivation, so far, by `2i + place`.
/// Also, per effect, the types of derivation seen (bit 0 contradiction, bit 1 verity).
struct Best(Vec<Option<Derivation>>, Vec<u8>);

impl Best {
    /// Keeps a derivation of this type and length for the effect if it beats what it has:
    /// shorter (the first of equal length), except that a placement's contradiction beats any
    /// verity of it. `make` builds its source and chains only when it wins (most offers lose,
    /// so nothing is allocated for them).
    fn keep(
        &mut self,
        i: u32,
        place: bool,
        verity: bool,
        len: u32,
        make: impl FnOnce() -> (Source, Vec<(u32, u32)>),
    ) {
        let at = 2 * i as usize + usize::from(place);
        self.1[at] |= 1 << u8::from(verity);
        let slot = &mut self.0[at];
        let better = |b: &Derivation| match (matches!(b.source, Source::Contradiction(_)), !verity)
        {
            (true, false) if place => false,
            (false, true) if place => true,
            _ => b.len > len,
        };
        if slot.as_ref().is_none_or(better) {
            let (source, chains) = make();
            *slot = Some(Derivation {
                source,
                chains,
                len,
            });
        }
    }
}

/// The length of a derivation: its chains' links (`dist` of premise and end), plus one per
/// chain.
fn chain_len(chains: &[(u32, u32)], dist: impl Fn(u32, u32) -> u32) -> u32 {
    chains.iter().map(|&(p, e)| dist(p, e) + 1).sum()
}

/// [`chain_len`] with the table's distances, or, where it has none, one walk to the chains'
/// common end (a verity's) or one from each premise (a contradiction's chains share theirs).
fn derivation_len(t: &Tables, chains: &[(u32, u32)]) -> u32 {
    if t.has_dist() {
        return chain_len(chains, |p, e| t.dist(p as usize, e));
    }
    match chains {
        [(_, e), rest @ ..] if rest.iter().all(|x| x.1 == *e) => {
            let to = t.dist_to(*e);
            chain_len(chains, |p, _| u32::from(to[p as usize]))
        }
        [(p, _), rest @ ..] if rest.iter().all(|x| x.0 == *p) => {
            let from = t.dist_from(*p);
            chain_len(chains, |_, e| u32::from(from[e as usize]))
        }
        _ => chain_len(chains, |p, e| u32::from(t.dist_from(p)[e as usize])),
    }
}

/// A premise's "on" set counted per cell and per house and digit, and whether a count passes
/// one (two digits in a cell or a digit twice in a house).
fn on_counts(t: &Tables, sh: &Shape, ons: &[u64]) -> ([u8; 81], [u8; 27 * 9], bool) {
    let mut per_cell = [0u8; 81];
    let mut per_house = [0u8; 27 * 9];
    let mut crowded = false;
    for j in bits(ons) {
        let (c, d) = t.cands[j as usize];
        per_cell[c.index()] += 1;
        crowded |= per_cell[c.index()] > 1;
        for &h in &sh.houses[j as usize] {
            let n = &mut per_house[h as usize * 9 + d.index()];
            *n += 1;
            crowded |= *n > 1;
        }
    }
    (per_cell, per_house, crowded)
}

/// Whether premise `p` forces a contradiction: whether [`contradictions`] lists one, found
/// by bitset tests and without listing (most premises force none, and an effect's
/// contradictions are listed only where a pick reads them: [`contradiction_of`]).
///
/// Exact: [`contradictions`] lists something iff one of its checks fires. The premise's
/// opposite and a candidate both on and off are tested as there. Then, with no candidate
/// both on and off, a cell's count of candidates "off and not on" meets its size iff all
/// its candidates are off, and a house and digit's count of candidates off meets its place
/// count iff at least that many are off ([`Shape::add_checks`] lists the candidates of each;
/// where they are exactly the places, the lowest is off when the check fires, so only the
/// premise's eliminations with such a check are looked at). In chains three checks never
/// fire alone, as every link they need is a direct link ([`direct_links`]) and the tables
/// are closed under links:
/// - two digits in a cell or a digit twice in a house: "on" removes the cell's other
///   digits and the digit from its peers, so the second of the two is both on and off;
/// - a bivalue cell with both candidates off: "off" sets the other, which is then both on
///   and off;
/// - a house and digit whose two candidates are its two places, both off: the same, by the
///   house's strong link ("off" sets the house's only other place).
///
/// In nets (look-aheads) the crowding is counted as in [`contradictions`]. The test
/// `has_contradiction_matches_the_list` holds it to [`contradictions`] for every premise.
fn has_contradiction(t: &Tables, sh: &Shape, p: usize) -> bool {
    let (ons, offs) = (t.on_set(p), t.off_set(p));
    Tables::has(if p % 2 == 1 { offs } else { ons }, p as u32 / 2)
        || sets_force_contradiction(t, sh, ons, offs)
}

/// [`has_contradiction`] past the premise's opposite: whether the sets `ons` and `offs`
/// (a premise's) force a contradiction. A function of the two sets alone, and monotone: what
/// forces one forces one with more candidates on or off too (each check asks for a candidate
/// in both sets, a count reaching a bound, or every candidate of a check off; none asks for
/// a candidate to be missing), which [`has_contradiction_by_row`] uses.
fn sets_force_contradiction(t: &Tables, sh: &Shape, ons: &[u64], offs: &[u64]) -> bool {
    if ons.iter().zip(offs).any(|(a, b)| a & b != 0) || t.net && on_counts(t, sh, ons).2 {
        return true;
    }
    let words = |a: u32, b: u32| sh.check_words[a as usize..b as usize].iter();
    for (w, (&x, &tr)) in offs.iter().zip(&sh.trigger).enumerate() {
        let mut y = x & tr;
        while y != 0 {
            let j = w * 64 + y.trailing_zeros() as usize;
            y &= y - 1;
            let (a, b) = (sh.first_start[j], sh.first_start[j + 1]);
            if sh.first_checks[a as usize..b as usize]
                .iter()
                .any(|&(w, m, a, b)| {
                    offs[usize::from(w)] & m == m
                        && words(a, b).all(|&(w, m)| offs[usize::from(w)] & m == m)
                })
            {
                return true;
            }
        }
    }
    sh.always.iter().any(|&(a, b, need)| {
        let off: u32 = words(a, b)
            .map(|&(w, m)| (offs[usize::from(w)] & m).count_ones())
            .sum();
        off >= u32::from(need)
    })
}

/// Per component of a [`Fill::Fast`] table: whether its row's sets force a contradiction
/// (0 not known yet, 1 no, 2 yes), for [`has_contradiction_by_row`].
fn row_memo(t: &Tables) -> Vec<u8> {
    if t.has_dist() {
        return Vec::new();
    }
    vec![0; t.rows.len() / t.row_words]
}

/// [`has_contradiction`], with what a component's row forces remembered in `memo`
/// ([`row_memo`]) for the other premises of the component (session 68: the chains' graphs
/// have far fewer components than literals, strong links joining "on" and "off" literals).
///
/// Exact: past the premise's opposite, [`has_contradiction`] reads nothing of the premise
/// but its "on" and "off" sets (the crowding counts, the cell and house checks), and the
/// premises of one component share one row ([`Tables::fill_by_components`]: the same
/// `row_at`), so its answer there is the same for all of them. The test
/// `has_contradiction_matches_the_list` holds this to [`has_contradiction`] for every
/// premise, in descending order with one memo per table (it fails when the memo is keyed
/// by the opposite premise's row).
///
/// A row that forces none also marks every component it reaches (session 69): a component
/// `p` reaches has a row within `p`'s (reach is transitive), and what forces a contradiction
/// forces one with more on or off ([`sets_force_contradiction`] is monotone), so a row
/// within one that forces none forces none either. Only the components of the literals the
/// walk of [`choose`] asks after `p` are marked ("off" premises in ascending order, then
/// "on" premises): marking any is exact, which ones is only a matter of cost (marking all
/// cost more than it saved: +3.0 M instructions on `mt10th.txt`).
fn has_contradiction_by_row(t: &Tables, sh: &Shape, p: usize, memo: &mut [u8]) -> bool {
    if memo.is_empty() {
        return has_contradiction(t, sh, p);
    }
    let (ons, offs) = (t.on_set(p), t.off_set(p));
    // The premise's opposite (its own, not its row's).
    if Tables::has(if p % 2 == 1 { offs } else { ons }, p as u32 / 2) {
        return true;
    }
    let c = t.row_at[p] as usize / t.row_words;
    match memo[c] {
        1 => false,
        2 => true,
        _ => {
            let found = sets_force_contradiction(t, sh, ons, offs);
            memo[c] = 1 + u8::from(found);
            if !found {
                // The literals the walk asks after `p`: the "off" ones above it and every
                // "on" one after an "off" premise, the "on" ones above it after an "on" one.
                let i = p / 2;
                for (set, odd) in [(ons, 1), (offs, 0)] {
                    if odd == 0 && p % 2 == 1 {
                        continue;
                    }
                    let from = if odd == p % 2 { i + 1 } else { 0 };
                    for (w, &x) in set.iter().enumerate().skip(from / 64) {
                        let mut x = if w == from / 64 {
                            x & !0u64 << (from % 64)
                        } else {
                            x
                        };
                        while x != 0 {
                            let lit = 2 * (w * 64 + x.trailing_zeros() as usize) + odd;
                            x &= x - 1;
                            let q = t.row_at[lit] as usize / t.row_words;
                            debug_assert_ne!(memo[q], 2, "a row within one that forces none");
                            memo[q] = 1;
                        }
                    }
                }
            }
            found
        }
    }
}

/// The contradictions premise `p` (a literal) forces, each as its chains (HoDoKu's checks in
/// its order).
fn contradictions(t: &Tables, sh: &Shape, p: usize) -> Vec<Vec<(u32, u32)>> {
    let (ons, offs) = (t.on_set(p), t.off_set(p));
    let i = p as u32 / 2;
    let on = p % 2 == 1;
    let pl = p as u32;
    let mut ends: Vec<Vec<(u32, u32)>> = Vec::new();
    // The premise's opposite.
    if on && Tables::has(offs, i) || !on && Tables::has(ons, i) {
        ends.push(vec![(pl, pl ^ 1)]);
    }
    // A candidate both on and off (the first cell per digit; bits ascending, no buffer).
    let mut first = [NONE; 9];
    for (w, (a, b)) in ons.iter().zip(offs).enumerate() {
        let mut x = a & b;
        while x != 0 {
            let j = w as u32 * 64 + x.trailing_zeros();
            x &= x - 1;
            let d = t.cands[j as usize].1.index();
            if first[d] == NONE {
                first[d] = j;
            }
        }
    }
    for j in first.into_iter().filter(|&j| j != NONE) {
        ends.push(vec![(pl, 2 * j), (pl, 2 * j + 1)]);
    }
    // Two digits on in one cell (the first cell per pair of digits). The "on" set is
    // counted per cell and per house first; it is listed only when something is crowded.
    let (per_cell, per_house, crowded) = on_counts(t, sh, ons);
    if crowded {
        let on_list: Vec<u32> = bits(ons).collect();
        let mut pairs: Vec<((usize, usize), u32, u32)> = Vec::new();
        for (x, &a) in on_list.iter().enumerate() {
            let cell = t.cands[a as usize].0;
            if per_cell[cell.index()] < 2 {
                continue;
            }
            for &b in &on_list[x + 1..] {
                if t.cands[b as usize].0 != cell {
                    break;
                }
                let key = (t.cands[a as usize].1.index(), t.cands[b as usize].1.index());
                if !pairs.iter().any(|q| q.0 == key) {
                    pairs.push((key, a, b));
                }
            }
        }
        pairs.sort_by_key(|q| q.0);
        for (_, a, b) in pairs {
            ends.push(vec![(pl, 2 * a + 1), (pl, 2 * b + 1)]);
        }
        // A digit on twice in a house (digits, then rows, columns, boxes).
        for d in 0..9 {
            for h in &sh.order {
                if per_house[h.index() * 9 + d] > 1 {
                    ends.push(
                        on_list
                            .iter()
                            .filter(|&&j| {
                                t.cands[j as usize].1.index() == d
                                    && sh.houses[j as usize].contains(&h.0)
                            })
                            .map(|&j| (pl, 2 * j + 1))
                            .collect(),
                    );
                }
            }
        }
    }
    // A cell with every candidate off (and none on), and a digit with every place in a house
    // off: the premise's eliminations are counted per cell and per house and digit, and a
    // count reaching the cell's or the house's size is a hit (found in one pass over the
    // eliminations, then put in HoDoKu's order: cells, then digits, rows, columns, boxes).
    let mut off_cell = [0u8; 81];
    let mut off_house = [0u8; 27 * 9];
    let mut empty_cells: Vec<u8> = Vec::new();
    let mut empty_houses: Vec<(usize, u8, usize)> = Vec::new();
    for j in bits(offs) {
        let ju = j as usize;
        if !Tables::has(ons, j) {
            let c = sh.cell_of[ju] as usize;
            off_cell[c] += 1;
            let (a, b) = sh.cell_range[c];
            if u32::from(off_cell[c]) == b - a {
                empty_cells.push(c as u8);
            }
        }
        let d = t.cands[ju].1.index();
        for &h in &sh.houses[ju] {
            let k = h as usize * 9 + d;
            off_house[k] += 1;
            if off_house[k] == sh.place_count[k] {
                empty_houses.push((d, sh.rank[h as usize], k));
            }
        }
    }
    empty_cells.sort_unstable();
    for c in empty_cells {
        let (a, b) = sh.cell_range[c as usize];
        ends.push((a..b).map(|j| (pl, 2 * j)).collect());
    }
    empty_houses.sort_unstable();
    for (_, _, k) in empty_houses {
        // (A count met is at least 1, so the house's places are listed.)
        let (a, b) = sh.places[k];
        ends.push(
            sh.place_list[a as usize..b as usize]
                .iter()
                .map(|&j| (pl, 2 * j))
                .collect(),
        );
    }
    ends
}

/// Every verity, to `found` (premises, candidate, placed): a set of premises of which one
/// holds (a candidate's two premises, a cell's candidates, a digit's places in a house, in
/// HoDoKu's order), and each fact all their tables share. (The intersections live on the
/// stack: a 9×9 grid has at most 729 candidates, 12 words.)
fn each_verity(t: &Tables, sh: &Shape, found: &mut dyn FnMut(&[u32], u32, bool)) {
    let k = t.cands.len();
    let words = t.words;
    let mut verity = |premises: &[u32], skip: Option<Cell>| {
        let (mut on_buf, mut off_buf) = ([0u64; 12], [0u64; 12]);
        let (ons, offs) = (&mut on_buf[..words], &mut off_buf[..words]);
        ons.copy_from_slice(t.on_set(premises[0] as usize));
        offs.copy_from_slice(t.off_set(premises[0] as usize));
        for &p in &premises[1..] {
            for (w, x) in ons.iter_mut().zip(t.on_set(p as usize)) {
                *w &= x;
            }
            for (w, x) in offs.iter_mut().zip(t.off_set(p as usize)) {
                *w &= x;
            }
        }
        for (set, place) in [(&*ons, true), (&*offs, false)] {
            for j in bits(set) {
                if skip != Some(t.cands[j as usize].0) {
                    found(premises, j, place);
                }
            }
        }
    };
    for i in 0..k as u32 {
        verity(&[2 * i + 1, 2 * i], Some(t.cands[i as usize].0));
    }
    for premises in sh.verity_sets() {
        verity(premises, None);
    }
}

/// Which effects have a verity, as two bitsets over the candidates (placements, then
/// eliminations): the union of every intersection [`each_verity`] lists, without a call per
/// fact (session 59). A pair's intersection drops the candidates of its own cell (the range
/// `cell_range` gives: the candidates are cell-major), as [`each_verity`]'s `skip` does, so
/// candidate `j` is marked here exactly when [`each_verity`] finds a verity of its effect.
/// (Test `verity_marks_match_each_verity`.)
fn verity_marks(t: &Tables, sh: &Shape) -> (Vec<u64>, Vec<u64>) {
    let words = t.words;
    // A premise's "on" and "off" sets side by side, as its component's row holds them
    // ([`Tables::both_sets`]): one intersection of `2 * words` words, the marks likewise
    // (session 60).
    let mut marks = vec![0u64; 2 * words];
    let mut mark = |premises: &[u32], skip: Option<(u32, u32)>| {
        let mut buf = [0u64; 24];
        let both = &mut buf[..2 * words];
        // The first two premises' intersection written at once (a lone premise with itself).
        let first = t.both_sets(premises[0] as usize);
        let second = premises.get(1).map_or(first, |&p| t.both_sets(p as usize));
        let mut any = 0;
        for ((w, x), y) in both.iter_mut().zip(first).zip(second) {
            *w = x & y;
            any |= *w;
        }
        if any == 0 {
            return;
        }
        for &p in premises.get(2..).unwrap_or_default() {
            let mut any = 0;
            for (w, x) in both.iter_mut().zip(t.both_sets(p as usize)) {
                *w &= x;
                any |= *w;
            }
            // (An empty intersection stays empty: the rest of the premises cannot add.)
            if any == 0 {
                return;
            }
        }
        if let Some((a, b)) = skip {
            for j in a..b {
                let (w, bit) = (j as usize / 64, !(1u64 << (j % 64)));
                both[w] &= bit;
                both[words + w] &= bit;
            }
        }
        for (m, x) in marks.iter_mut().zip(&*both) {
            *m |= x;
        }
    };
    for (i, &(c, _)) in t.cands.iter().enumerate() {
        let i = i as u32;
        mark(&[2 * i + 1, 2 * i], Some(sh.cell_range[c.index()]));
    }
    for premises in sh.verity_sets() {
        mark(premises, None);
    }
    let off_marks = marks.split_off(words);
    (marks, off_marks)
}

/// Offers every verity to `best` ([`each_verity`]), with its length by `dist`.
fn offer_verities(t: &Tables, sh: &Shape, best: &mut Best, dist: &dyn Fn(u32, u32) -> u32) {
    let mut ends: Vec<(u32, u32)> = Vec::with_capacity(9);
    each_verity(t, sh, &mut |premises, j, place| {
        let end = 2 * j + u32::from(place);
        ends.clear();
        ends.extend(premises.iter().map(|&p| (p, end)));
        best.keep(j, place, true, chain_len(&ends, dist), || {
            (Source::Verity(premises.to_vec()), ends.clone())
        });
    });
}

/// The best verity of effect `at` (`2i + place`): of the verities [`verities_of`] lists for
/// it, the first of the least length, with the distances to its end walked once
/// ([`Tables::dist_to`]) — what [`offer_verities`] keeps for it.
fn best_verity(t: &Tables, sh: &Shape, at: usize) -> Option<Derivation> {
    let end = at as u32;
    let to = t.dist_to(end);
    let mut best: Option<Derivation> = None;
    verities_of(t, sh, end / 2, at % 2 == 1, &mut |premises| {
        let len = chain_len(
            &premises.iter().map(|&p| (p, end)).collect::<Vec<_>>(),
            |p, _| u32::from(to[p as usize]),
        );
        if best.as_ref().is_none_or(|b| b.len > len) {
            best = Some(Derivation {
                source: Source::Verity(premises.to_vec()),
                chains: premises.iter().map(|&p| (p, end)).collect(),
                len,
            });
        }
    });
    best
}

/// The best contradiction of effect `at` (`2i + place`): of the contradictions its opposite
/// premise (`at ^ 1`) forces, the first of the least length. (Listed only when
/// [`has_contradiction`] finds one.)
fn contradiction_of(t: &Tables, sh: &Shape, at: usize, memo: &mut [u8]) -> Option<Derivation> {
    let p = at ^ 1;
    if !has_contradiction_by_row(t, sh, p, memo) {
        return None;
    }
    // (Every chain starts at `p`: one walk gives their lengths, where the table has none.)
    let from = (!t.has_dist()).then(|| t.dist_from(p as u32));
    let dist = |q: u32, e: u32| match &from {
        Some(d) => u32::from(d[e as usize]),
        None => t.dist(q as usize, e),
    };
    let mut best: Option<Derivation> = None;
    for chains in contradictions(t, sh, p) {
        let len = chain_len(&chains, dist);
        if best.as_ref().is_none_or(|b| b.len > len) {
            best = Some(Derivation {
                source: Source::Contradiction(p as u32),
                chains,
                len,
            });
        }
    }
    best
}

/// Every effect's best derivation as HoDoKu judges it, and the one it applies: the lowest
/// effect (placements first) whose best derivation is a contradiction, and the lowest whose
/// best is a verity (the solver takes the better of the two, as HoDoKu's sort would).
///
/// Which effects have a verity is worked out for all (the verity pick needs it); an
/// effect's best verity only where a pick reads it (an elimination with a contradiction too,
/// or the pick: [`best_verity`]; every effect's at once where the table has the lengths, the
/// reference [`Fill::MultiSource`]); an
/// effect's contradictions only when the picks need them (see the module doc,
/// "Contradictions on demand"). With `best_only` the walk stops at the first pick, the
/// better of the two (module doc, "Best only").
fn choose(g: &CandidateGrid, t: &Tables, net: bool, best_only: bool) -> Picks {
    let k = t.cands.len();
    let sh = Shape::new(g, t);
    // (`None`s made, not cloned: `vec![None; n]` clones a derivation's option n times.)
    let mut verities = Best((0..2 * k).map(|_| None).collect(), vec![0; 2 * k]);
    if t.has_dist() {
        offer_verities(t, &sh, &mut verities, &|p, e| t.dist(p as usize, e));
    } else {
        // Which effects have a verity; the best one only where a pick reads it.
        let (on_marks, off_marks) = verity_marks(t, &sh);
        for j in 0..k {
            verities.1[2 * j] = 2 * u8::from(Tables::has(&off_marks, j as u32));
            verities.1[2 * j + 1] = 2 * u8::from(Tables::has(&on_marks, j as u32));
        }
    }
    let verity = |verities: &mut Best, at: usize| match verities.0[at].take() {
        Some(v) => Some(v),
        None if verities.1[at] != 0 && !t.has_dist() => best_verity(t, &sh, at),
        None => None,
    };
    // Per component: whether its row forces a contradiction, once worked out.
    let mut memo = row_memo(t);
    // Per effect: its best contradiction, once worked out.
    let mut contra: Vec<Option<Option<Derivation>>> = (0..2 * k).map(|_| None).collect();
    let mut picks: Picks = [None, None];
    let mut first = true;
    'effects: for place in [true, false] {
        for i in 0..k {
            if picks[0].is_some() && picks[1].is_some() {
                break 'effects;
            }
            let at = 2 * i + usize::from(place);
            let has_v = verities.1[at] != 0;
            // Without a verity the effect can only be a contradiction pick, and that one is
            // taken: its contradictions cannot change a pick.
            if !has_v && picks[0].is_some() {
                continue;
            }
            let c = contra[at].get_or_insert_with(|| contradiction_of(t, &sh, at, &mut memo));
            // The best verity, where a pick reads it: to compare lengths, or as the pick.
            let mut v = None;
            // A placement takes its contradiction over any verity; an elimination its verity
            // only when strictly shorter (contradictions are offered first in HoDoKu's order).
            let kind = match (&*c, has_v) {
                (None, false) => continue,
                (Some(_), false) => 0,
                (None, true) => 1,
                (Some(_), true) if place => 0,
                (Some(c), true) => {
                    v = verity(&mut verities, at);
                    usize::from(v.as_ref().expect("a verity").len < c.len)
                }
            };
            if std::mem::replace(&mut first, false) && net && !place && c.is_some() && has_v {
                // In nets, HoDoKu's own measure decides where the lowest effect is an
                // elimination with derivations of both types (its tables are built only
                // then: they cost as much as the look-aheads; a placement takes its
                // contradiction anyway).
                let nets = net_len::NetTables::new(g, &t.index, &t.cands);
                let mut has = |at: usize| {
                    verities.1[at] != 0
                        || contra[at].as_ref().map_or_else(
                            || has_contradiction_by_row(t, &sh, at ^ 1, &mut memo),
                            Option::is_some,
                        )
                };
                return net_pick(t, &sh, &mut has, &nets);
            }
            if picks[kind].is_none() {
                let d = if kind == 0 {
                    c.take()
                } else {
                    v.or_else(|| verity(&mut verities, at))
                };
                picks[kind] = Some((place, i as u32, d.expect("the pick's derivation")));
                if best_only {
                    break 'effects;
                }
            }
        }
    }
    picks
}

/// Every derivation of one effect (candidate `i` placed or removed), in the order HoDoKu's
/// checks find them: the contradictions of the opposite premise, then the verities (pairs of
/// premises, cells, houses).
fn derivations_of(t: &Tables, sh: &Shape, i: u32, place: bool) -> Vec<(Source, Vec<(u32, u32)>)> {
    let mut out = Vec::new();
    let p = 2 * i + u32::from(!place);
    for chains in contradictions(t, sh, p as usize) {
        out.push((Source::Contradiction(p), chains));
    }
    let end = 2 * i + u32::from(place);
    verities_of(t, sh, i, place, &mut |premises| {
        let chains = premises.iter().map(|&q| (q, end)).collect();
        out.push((Source::Verity(premises.to_vec()), chains));
    });
    out
}

/// The verities of one effect (candidate `i` placed or removed), to `found` as their
/// premises, in the order [`each_verity`] finds them: the premise sets whose tables all hold
/// the effect (pairs of premises of the candidates outside its cell, cells, houses).
fn verities_of(t: &Tables, sh: &Shape, i: u32, place: bool, found: &mut dyn FnMut(&[u32])) {
    // The premises whose table holds the effect (bits over literals), looked up once.
    let lits = t.lits();
    let mut holds = vec![0u64; lits.div_ceil(64)];
    for q in 0..lits {
        let set = if place { t.on_set(q) } else { t.off_set(q) };
        holds[q / 64] |= u64::from(Tables::has(set, i)) << (q % 64);
    }
    let held = |q: u32| holds[q as usize / 64] >> (q % 64) & 1 == 1;
    // A candidate's two premises (bits `2j`, `2j + 1` of a word), outside the effect's cell.
    let (a, b) = sh.cell_range[t.cands[i as usize].0.index()];
    for (w, &x) in holds.iter().enumerate() {
        let mut both = x & x >> 1 & 0x5555_5555_5555_5555;
        while both != 0 {
            let j = (w * 64) as u32 / 2 + both.trailing_zeros() / 2;
            both &= both - 1;
            if !(a..b).contains(&j) {
                found(&[2 * j + 1, 2 * j]);
            }
        }
    }
    for premises in sh.verity_sets() {
        if premises.iter().all(|&q| held(q)) {
            found(premises);
        }
    }
}

/// A derivation kept per type: HoDoKu's length, its source and its chains.
type Kept = (u32, Source, Vec<(u32, u32)>);

/// HoDoKu's forcing-net step: the lowest effect (placements first) that has a derivation
/// HoDoKu keeps — a net, with a side branch: its net search drops a plain chain — and of that
/// effect's derivations the shortest as HoDoKu measures nets ([`net_len`]) per type; a
/// placement takes its contradiction, an elimination its verity only when strictly shorter.
fn net_pick(
    t: &Tables,
    sh: &Shape,
    has: &mut dyn FnMut(usize) -> bool,
    nets: &net_len::NetTables,
) -> Picks {
    let k = t.cands.len() as u32;
    let mut expanded: Vec<Option<net_len::Expanded>> = Vec::new();
    expanded.resize_with(2 * k as usize, || None);
    for place in [true, false] {
        for i in 0..k {
            if !has(2 * i as usize + usize::from(place)) {
                continue;
            }
            // Per type (contradiction, verity): HoDoKu's length and the derivation.
            let mut kept: [Option<Kept>; 2] = [None, None];
            for (source, chains) in derivations_of(t, sh, i, place) {
                // A verity with a chain HoDoKu's table does not hold: HoDoKu does not find it.
                let (mut len, mut net, mut whole) = (0, false, true);
                for &(p, e) in &chains {
                    let x = expanded[p as usize].get_or_insert_with(|| nets.expanded(p));
                    match nets.chain(x, e) {
                        Some((l, n)) => {
                            len += l;
                            net |= n;
                        }
                        None => whole = false,
                    }
                }
                if !net || !whole && matches!(source, Source::Verity(_)) {
                    continue;
                }
                let kind = usize::from(matches!(source, Source::Verity(_)));
                if kept[kind].as_ref().is_none_or(|b| b.0 > len) {
                    kept[kind] = Some((len, source, chains));
                }
            }
            let kind = match (&kept[0], &kept[1]) {
                (None, None) => continue,
                (Some(_), None) => 0,
                (None, Some(_)) => 1,
                (Some(c), Some(v)) => usize::from(!place && v.0 < c.0),
            };
            let (_, source, chains) = kept[kind].take().expect("kept");
            let len = derivation_len(t, &chains);
            let mut picks = [None, None];
            picks[kind] = Some((
                place,
                i,
                Derivation {
                    source,
                    chains,
                    len,
                },
            ));
            return picks;
        }
    }
    [None, None]
}

/// The contradiction and the verity HoDoKu would take on `g` under these rules (chains or
/// nets), through the memory.
fn chosen(g: &CandidateGrid, net: bool, f: &Finder<'_>) -> Rc<[Option<Chosen>; 2]> {
    let best_only = f.best_only();
    let memory = f.memory();
    if let Some((_, c)) = memory
        .hodoku_forcing
        .borrow()
        .iter()
        .find(|(k, _)| k.1 == net && k.2 == best_only && g.has_state(&k.0))
    {
        return c.clone();
    }
    let key = (g.state_key(), net, best_only);
    let t = Tables::new(g, net);
    let c = choose(g, &t, net, best_only).map(|pick| {
        pick.map(|(place, i, derivation)| {
            let (cell, digit) = t.cands[i as usize];
            let paths = derivation
                .chains
                .iter()
                .map(|&(p, e)| t.path(p, e))
                .collect();
            Chosen {
                place,
                cell,
                digit,
                derivation,
                paths,
                cands: t.cands.clone(),
            }
        })
    });
    let c = Rc::new(c);
    let mut cache = memory.hodoku_forcing.borrow_mut();
    cache.retain(|(k, _)| k.1 != net);
    cache.push((key, c.clone()));
    c
}

fn lit_text(g: &CandidateGrid, c: &Chosen, lit: u32) -> String {
    match c.cands.get(lit as usize / 2) {
        Some(&(cell, d)) => format!(
            "{}{}{d}",
            cell_name(g.layout(), cell),
            if lit % 2 == 1 { "=" } else { "≠" }
        ),
        None => "a group".to_string(),
    }
}

fn path_text(g: &CandidateGrid, c: &Chosen, path: &[u32]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut group = false;
    for &x in path {
        let s = lit_text(g, c, x);
        if s == "a group" {
            if !group {
                parts.push("(a group of places)".to_string());
            }
            group = true;
        } else {
            group = false;
            parts.push(s);
        }
    }
    parts.join(" → ")
}

/// The chains shown as links on the grid: each path's runs of single candidates (a group
/// node ends a run), a link drawn strong into a fact that holds and weak into one that does
/// not.
fn path_chains(c: &Chosen) -> Vec<Chain> {
    let mut chains = Vec::new();
    for path in &c.paths {
        let mut run: Vec<ChainNode> = Vec::new();
        for &lit in path.iter().chain(std::iter::once(&u32::MAX)) {
            match c.cands.get(lit as usize / 2) {
                Some(&(cell, d)) if lit != u32::MAX => {
                    run.push(ChainNode::new(cell, d, lit % 2 == 1))
                }
                _ => {
                    if run.len() >= 2 {
                        let links = run[1..]
                            .iter()
                            .map(|n| {
                                if n.on {
                                    LinkKind::Strong
                                } else {
                                    LinkKind::Weak
                                }
                            })
                            .collect();
                        chains.push(Chain {
                            nodes: std::mem::take(&mut run),
                            links,
                        });
                    }
                    run.clear();
                }
            }
        }
    }
    chains
}

/// Reports HoDoKu's forcing step on `g` if it is of `info`'s kind (`verity` or not).
pub(crate) fn find(
    info: &'static TechniqueInfo,
    net: bool,
    verity: bool,
    g: &CandidateGrid,
    f: &mut Finder<'_>,
) {
    let picks = chosen(g, net, f);
    let Some(c) = picks[usize::from(verity)].as_ref() else {
        return;
    };
    let l = g.layout();
    let effect = format!(
        "{}{}{}",
        cell_name(l, c.cell),
        if c.place { "=" } else { "≠" },
        c.digit
    );
    let kind = if net { "net" } else { "chain" };
    let chains: Vec<String> = c.paths.iter().map(|p| path_text(g, c, p)).collect();
    let text = match &c.derivation.source {
        Source::Contradiction(p) => format!(
            "Forcing {kind} (HoDoKu's tables): assuming {} leads to a contradiction: {}. So {effect}.",
            lit_text(g, c, *p),
            chains.join("; ")
        ),
        // All premises "on" (a cell's candidates, a digit's places in a house): worded as
        // sudokit's verities are, so `explain` and the web app can retell them branch by
        // branch; a candidate's two premises keep these words.
        Source::Verity(ps) if ps.iter().all(|&p| p % 2 == 1) => format!(
            "{} (HoDoKu's tables), and every branch forces the same: {effect}. {}.",
            ps.iter()
                .map(|&p| lit_text(g, c, p))
                .collect::<Vec<_>>()
                .join(" or "),
            chains
                .iter()
                .map(|x| format!("If {x}"))
                .collect::<Vec<_>>()
                .join("; ")
        ),
        Source::Verity(ps) => format!(
            "Forcing {kind} (HoDoKu's tables): one of {} holds, and each forces {effect}: {}.",
            ps.iter()
                .map(|&p| lit_text(g, c, p))
                .collect::<Vec<_>>()
                .join(", "),
            chains.join("; ")
        ),
    };
    let mut step = super::forcing::conclude(
        Step::new(info).digits([c.digit]).cells([c.cell]),
        c.cell,
        c.digit,
        c.place,
    );
    for chain in path_chains(c) {
        step = step.chain(chain);
    }
    for path in &c.paths {
        // The premises assumed true are the pattern (the retelling assumes them).
        if let Some(&p) = path.first()
            && p % 2 == 1
            && let Some(&(cell, d)) = c.cands.get(p as usize / 2)
        {
            step = step.mark(cell, d, Role::Pattern);
        }
    }
    let se = info.se + length_increment::<f32>(c.derivation.len as usize);
    f.emit(step.rated(se).text(text));
}

/// HoDoKu's net tables entry for entry (issue 42): what it measures a net's length on when it
/// tells a contradiction from a verity of the same elimination, and what tells a net from a
/// chain (its net search drops a derivation whose chains have no side branch).
///
/// A table lists a premise's implications in the order HoDoKu's look-ahead records them (its
/// singles queues, in the order the singles arose), each with up to five reasons (entries of
/// the same table) and a distance; expanding a table appends every direct implication of its
/// entries' own tables (or rewrites an expanded entry reached by a shorter way); a chain is
/// walked back from its end along each entry's first (highest) reason, the other reasons
/// being side branches walked back until they meet the main chain. The length is the main
/// chain's entries plus each side branch's entries and one separator, as HoDoKu counts them.
mod net_len {
    use super::NONE;
    use crate::grid::CandidateGrid;
    use std::cell::{OnceCell, RefCell};
    use sudokit_core::{Cell, Digit};

    /// HoDoKu's table size (`maxTableEntryLength`).
    const HMAX: usize = 1000;
    /// The side branches HoDoKu keeps per chain.
    const MAX_MINS: usize = 200;

    /// One table: entries (literals), their reasons (HoDoKu's five, the highest first), their
    /// distances, and for an expanded entry the table it came from.
    #[derive(Clone, Default)]
    struct HTable {
        ent: Vec<u32>,
        ret: Vec<[u16; 5]>,
        dist: Vec<u16>,
        from: Vec<u32>,
    }

    impl HTable {
        /// Empties the table, keeping its buffers.
        fn clear(&mut self) {
            self.ent.clear();
            self.ret.clear();
            self.dist.clear();
            self.from.clear();
        }
        /// HoDoKu's `getEntryIndex`: the last entry holding `lit`.
        fn find(&self, lit: u32) -> Option<usize> {
            self.ent.iter().rposition(|&x| x == lit)
        }
        /// HoDoKu's `addEntry` (a duplicate single candidate is dropped; `pos`, when given,
        /// indexes the table's literals).
        fn add(&mut self, lit: u32, normal: bool, r: [u32; 5], pos: &mut [u32]) {
            if normal && pos[lit as usize] != NONE {
                return;
            }
            let idx = self.ent.len();
            if idx >= HMAX {
                return;
            }
            let base = if (r[0] as usize) < idx {
                self.dist[r[0] as usize]
            } else {
                0
            };
            // `makeSRetIndex`: the highest reason moves to the front.
            let mut v = r.map(|x| x as u16);
            for s in 1..5 {
                if v[s] > 1023 {
                    v[s] = 0;
                }
                if v[s] > v[0] {
                    v.swap(0, s);
                }
            }
            self.ent.push(lit);
            self.ret.push(v);
            self.dist.push((base + 1) & 0x1ff);
            self.from.push(NONE);
            pos[lit as usize] = idx as u32;
        }
    }

    /// Per cell: its row, column and block (as HoDoKu numbers its 27 units).
    const CONS: [[usize; 3]; 81] = {
        let mut a = [[0; 3]; 81];
        let mut c = 0;
        while c < 81 {
            a[c] = [c / 9, 9 + c % 9, 18 + (c / 27) * 3 + (c % 9) / 3];
            c += 1;
        }
        a
    };
    /// Per unit: its cells.
    const UNITS: [[usize; 9]; 27] = {
        let mut a = [[0; 9]; 27];
        let mut u = 0;
        while u < 27 {
            let mut i = 0;
            while i < 9 {
                a[u][i] = if u < 9 {
                    u * 9 + i
                } else if u < 18 {
                    i * 9 + (u - 9)
                } else {
                    let b = u - 18;
                    (b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3
                };
                i += 1;
            }
            u += 1;
        }
        a
    };

    fn cons(c: usize) -> [usize; 3] {
        CONS[c]
    }
    fn unit(u: usize) -> [usize; 9] {
        UNITS[u]
    }

    /// HoDoKu's `Sudoku2` as a look-ahead changes it: values, candidates, free places per
    /// house and digit, and its singles queues.
    #[derive(Clone)]
    struct HSim {
        values: [u8; 81],
        cells: [u16; 81],
        free: [[u8; 9]; 27],
        nsq: Vec<(u8, u8)>,
        hsq: Vec<(u8, u8)>,
    }

    impl HSim {
        /// Becomes a copy of `from` (keeping its queues' allocations).
        fn reset(&mut self, from: &HSim) {
            self.values = from.values;
            self.cells = from.cells;
            self.free = from.free;
            self.nsq.clone_from(&from.nsq);
            self.hsq.clone_from(&from.hsq);
        }
        fn add_hidden(&mut self, u: usize, d: usize) {
            if let Some(&c) = unit(u).iter().find(|&&c| self.cells[c] >> d & 1 == 1) {
                self.hsq.push((c as u8, d as u8));
            }
        }
        fn delete_hidden(&mut self, u: usize, d: usize) {
            if let Some(i) = self
                .hsq
                .iter()
                .position(|&(c, v)| v as usize == d && cons(c as usize).contains(&u))
            {
                self.hsq.remove(i);
            }
        }
        /// `setCandidate(…, false)`.
        fn del(&mut self, c: usize, d: usize) {
            if self.cells[c] >> d & 1 == 0 {
                return;
            }
            self.cells[c] &= !(1 << d);
            if self.cells[c] == 0 {
                return;
            }
            if self.cells[c].count_ones() == 1 {
                self.nsq
                    .push((c as u8, self.cells[c].trailing_zeros() as u8));
            }
            for u in cons(c) {
                self.free[u][d] = self.free[u][d].wrapping_sub(1);
                match self.free[u][d] {
                    1 => self.add_hidden(u, d),
                    0 => self.delete_hidden(u, d),
                    _ => {}
                }
            }
        }
        /// `setCell`.
        fn set(&mut self, c: usize, d: usize, buddies: &[Vec<u8>]) {
            if self.values[c] as usize == d + 1 {
                return;
            }
            self.values[c] = d as u8 + 1;
            let cands = std::mem::take(&mut self.cells[c]);
            for &b in &buddies[c] {
                self.del(b as usize, d);
            }
            for e in (0..9).filter(|e| cands >> e & 1 == 1) {
                for u in cons(c) {
                    self.free[u][e] = self.free[u][e].wrapping_sub(1);
                    if self.free[u][e] == 1 && e != d {
                        self.add_hidden(u, e);
                    }
                }
            }
        }
    }

    /// A group node: its digit, cells, row or column, block and the cells seeing all of it.
    struct Group {
        d: usize,
        cells: Vec<usize>,
        line: Option<usize>,
        col: Option<usize>,
        block: usize,
        buddies: Vec<usize>,
    }

    /// The direct (filled, not expanded) tables of one grid, by literal: candidates' `2i + on`,
    /// then group nodes'. A candidate's table is filled on first use ([`NetTables::table`]):
    /// the expansions and walks of one step read only the tables of what their premises reach.
    pub(super) struct NetTables {
        direct: Vec<OnceCell<HTable>>,
        cand_cell: Vec<u8>,
        groups: Vec<Group>,
        base: u32,
        fill: Fill,
    }

    /// What a candidate's table is filled from: the grid as HoDoKu's look-ahead sees it, and
    /// the group-node entries the group tables append to it.
    struct Fill {
        index: Vec<u32>,
        /// Per candidate: its cell and digit index.
        cands: Vec<(usize, usize)>,
        /// Per cell: its candidates (none when placed).
        orig: [u16; 81],
        buddies: Vec<Vec<u8>>,
        start: HSim,
        /// Per candidate literal: the group-node literals appended to its table, in the order
        /// the group nodes are built.
        appended: Vec<Vec<u32>>,
        /// The look-ahead's grid, the table's literal positions (all `NONE` between fills)
        /// and the table being filled (kept for its buffers: a filled table is a copy of it at
        /// its size, not grown entry by entry).
        scratch: RefCell<(HSim, Vec<u32>, HTable)>,
    }

    impl Fill {
        fn lit(&self, c: usize, d: usize, on: bool) -> u32 {
            let i = self.index[c * 9 + d];
            if i == NONE {
                NONE
            } else {
                2 * i + u32::from(on)
            }
        }

        /// `setCell` of the table code: the placement and what it removes, as entries of `t`
        /// (with HoDoKu's reasons for a single of the look-ahead: `Some(naked)`).
        fn set_cell(
            &self,
            t: &mut HTable,
            s: &mut HSim,
            pos: &mut [u32],
            c: usize,
            d: usize,
            reasons: Option<bool>,
        ) {
            let l = self.lit(c, d, true);
            if l == NONE {
                return;
            }
            let orig = &self.orig;
            let cands = s.cells[c];
            let fr = cons(c).map(|u| s.free[u][d]);
            let mut house = 0;
            for h in 1..3 {
                if fr[h] < fr[house] {
                    house = h;
                }
            }
            s.set(c, d, &self.buddies);
            let ret_index = t.ent.len() as u32;
            let mut r = [0u32; 5];
            if let Some(naked) = reasons {
                // The first five of the cell's other digits (naked) or the unit's other
                // places (hidden), unnumbered reasons being 0.
                let mut others = [(0usize, 0usize); 5];
                let mut n = 0;
                if naked {
                    for e in (0..9).filter(|&e| e != d && orig[c] >> e & 1 == 1) {
                        if n < 5 {
                            others[n] = (c, e);
                            n += 1;
                        }
                    }
                } else {
                    for x in unit(cons(c)[house]) {
                        if x != c && orig[x] >> d & 1 == 1 && n < 5 {
                            others[n] = (x, d);
                            n += 1;
                        }
                    }
                }
                for (ri, &(x, e)) in others[..n].iter().enumerate() {
                    let ol = self.lit(x, e, false);
                    r[ri] = if ol == NONE || pos[ol as usize] == NONE {
                        0
                    } else {
                        pos[ol as usize]
                    };
                }
            }
            t.add(l, true, r, pos);
            for &b in &self.buddies[c] {
                if orig[b as usize] >> d & 1 == 1 {
                    t.add(
                        self.lit(b as usize, d, false),
                        true,
                        [ret_index, 0, 0, 0, 0],
                        pos,
                    );
                }
            }
            for e in (0..9).filter(|&e| e != d && cands >> e & 1 == 1) {
                t.add(self.lit(c, e, false), true, [ret_index, 0, 0, 0, 0], pos);
            }
        }

        /// The table of candidate literal `p`: the premise, [`LOOK_AHEAD`](super::LOOK_AHEAD)
        /// rounds of HoDoKu's singles queues, then the group-node entries appended to it.
        fn table(&self, p: u32) -> HTable {
            let mut scratch = self.scratch.borrow_mut();
            let (s, pos, t) = &mut *scratch;
            let (c0, d0) = self.cands[p as usize / 2];
            let on = p % 2 == 1;
            t.clear();
            s.reset(&self.start);
            if on {
                self.set_cell(t, s, pos, c0, d0, None);
            } else {
                s.del(c0, d0);
                t.add(self.lit(c0, d0, false), true, [0; 5], pos);
                if s.cells[c0].count_ones() == 1 {
                    let only = s.cells[c0].trailing_zeros() as usize;
                    self.set_cell(t, s, pos, c0, only, None);
                }
            }
            for _ in 0..super::LOOK_AHEAD {
                let mut singles: Vec<(usize, usize, bool)> = s
                    .nsq
                    .iter()
                    .filter(|&&(c, _)| s.values[c as usize] == 0)
                    .map(|&(c, v)| (c as usize, v as usize, true))
                    .collect();
                let mut found = [false; 81];
                for &(c, v) in &s.hsq {
                    let (c, v) = (c as usize, v as usize);
                    if s.values[c] == 0 && !found[c] && cons(c).iter().any(|&u| s.free[u][v] == 1) {
                        found[c] = true;
                        singles.push((c, v, false));
                    }
                }
                for (c, v, naked) in singles {
                    self.set_cell(t, s, pos, c, v, Some(naked));
                }
            }
            // (An appended entry never checks `pos`: the order of the appends alone decides.)
            for &x in &self.appended[p as usize] {
                t.add(x, false, [0; 5], pos);
            }
            for &x in &t.ent {
                pos[x as usize] = NONE;
            }
            t.clone()
        }
    }

    impl NetTables {
        pub(super) fn new(g: &CandidateGrid, index: &[u32], cands: &[(Cell, Digit)]) -> NetTables {
            let k = cands.len();
            let lit = |c: usize, d: usize, on: bool| -> u32 {
                let i = index[c * 9 + d];
                if i == NONE {
                    NONE
                } else {
                    2 * i + u32::from(on)
                }
            };
            let mut orig = [0u16; 81];
            for (c, o) in orig.iter_mut().enumerate() {
                if g.value(Cell(c as u16)).is_none() {
                    *o = g.candidates(Cell(c as u16)).0 as u16;
                }
            }
            let buddies: Vec<Vec<u8>> = (0..81)
                .map(|c| {
                    let mut v: Vec<u8> = (0..81)
                        .filter(|&x| x != c && cons(x).iter().zip(cons(c)).any(|(a, b)| *a == b))
                        .map(|x| x as u8)
                        .collect();
                    v.sort_unstable();
                    v
                })
                .collect();
            // Per cell: its buddies as a mask (the cells seeing all of a group: the
            // intersection of its cells' masks, ascending as the buddy lists are).
            let buddy_mask: Vec<u128> = buddies
                .iter()
                .map(|v| v.iter().fold(0u128, |m, &x| m | 1 << x))
                .collect();
            let mut start = HSim {
                values: [0; 81],
                cells: [0; 81],
                free: [[0; 9]; 27],
                nsq: Vec::new(),
                hsq: Vec::new(),
            };
            for (c, &m) in orig.iter().enumerate() {
                start.values[c] = g.value(Cell(c as u16)).map_or(0, |d| d.get());
                start.cells[c] = m;
                for d in 0..9 {
                    if m >> d & 1 == 1 {
                        for u in cons(c) {
                            start.free[u][d] += 1;
                        }
                    }
                }
            }
            // Group nodes, rows then columns, digits, blocks.
            let mut groups = Vec::new();
            for u in 0..18 {
                for d in 0..9 {
                    for b in 0..9 {
                        let cells: Vec<usize> = unit(u)
                            .into_iter()
                            .filter(|&c| cons(c)[2] == 18 + b && orig[c] >> d & 1 == 1)
                            .collect();
                        if cells.len() >= 2 {
                            let mut seen = cells.iter().fold(!0u128, |m, &c| m & buddy_mask[c]);
                            seen &= (1u128 << 81) - 1;
                            let mut bud = Vec::with_capacity(seen.count_ones() as usize);
                            while seen != 0 {
                                bud.push(seen.trailing_zeros() as usize);
                                seen &= seen - 1;
                            }
                            groups.push(Group {
                                d,
                                line: (u < 9).then_some(u),
                                col: u.checked_sub(9),
                                block: b,
                                cells,
                                buddies: bud,
                            });
                        }
                    }
                }
            }
            let base = 2 * k as u32;
            let nodes = 2 * k + 2 * groups.len();
            let direct: Vec<OnceCell<HTable>> = (0..nodes).map(|_| OnceCell::new()).collect();
            let mut appended: Vec<Vec<u32>> = vec![Vec::new(); 2 * k];
            let mut pos = vec![NONE; nodes];
            // Group nodes: their own tables, and their entries in the candidates' tables
            // (recorded in order, appended when a candidate's table is filled).
            let glit = |gi: usize, on: bool| base + 2 * gi as u32 + u32::from(on);
            // Each group's two tables are filled here and kept as copies at their size.
            let (mut on_t, mut off_t) = (HTable::default(), HTable::default());
            for (gi, gn) in groups.iter().enumerate() {
                let (d, on_l, off_l) = (gn.d, glit(gi, true), glit(gi, false));
                on_t.clear();
                off_t.clear();
                on_t.add(on_l, false, [0; 5], &mut pos);
                off_t.add(off_l, false, [0; 5], &mut pos);
                let seeing: Vec<usize> = gn
                    .buddies
                    .iter()
                    .copied()
                    .filter(|&x| orig[x] >> d & 1 == 1)
                    .collect();
                for &x in &seeing {
                    on_t.add(lit(x, d, false), true, [0; 5], &mut pos);
                    appended[lit(x, d, true) as usize].push(off_l);
                }
                let in_block: Vec<usize> = seeing
                    .iter()
                    .copied()
                    .filter(|&x| cons(x)[2] == 18 + gn.block)
                    .collect();
                let in_line: Vec<usize> = seeing
                    .iter()
                    .copied()
                    .filter(|&x| match (gn.line, gn.col) {
                        (Some(r), _) => x / 9 == r,
                        (_, Some(c)) => x % 9 == c,
                        _ => false,
                    })
                    .collect();
                for one in [in_block, in_line] {
                    if let [x] = one[..] {
                        off_t.add(lit(x, d, true), true, [0; 5], &mut pos);
                        appended[lit(x, d, false) as usize].push(on_l);
                    }
                }
                let mut firsts: [(usize, Option<usize>); 3] = [(0, None); 3];
                for (gj, gn2) in groups.iter().enumerate() {
                    if gj == gi || gn2.d != d || gn2.cells.iter().any(|c| gn.cells.contains(c)) {
                        continue;
                    }
                    let same = [
                        gn.line.is_some() && gn.line == gn2.line,
                        gn.col.is_some() && gn.col == gn2.col,
                        gn.block == gn2.block,
                    ];
                    for (h, &s) in same.iter().enumerate() {
                        if s {
                            firsts[h].0 += 1;
                            if firsts[h].0 == 1 {
                                firsts[h].1 = Some(gj);
                            }
                            on_t.add(glit(gj, false), false, [0; 5], &mut pos);
                        }
                    }
                }
                for (h, &(n, first)) in firsts.iter().enumerate() {
                    let (1, Some(gj)) = (n, first) else { continue };
                    let house = match h {
                        0 => gn.line.map(unit),
                        1 => gn.col.map(|c| unit(9 + c)),
                        _ => Some(unit(18 + gn.block)),
                    };
                    let Some(house) = house else { continue };
                    let rest = house.iter().any(|&x| {
                        orig[x] >> d & 1 == 1
                            && !gn.cells.contains(&x)
                            && !groups[gj].cells.contains(&x)
                    });
                    if !rest {
                        off_t.add(glit(gj, true), false, [0; 5], &mut pos);
                    }
                }
                for x in on_t.ent.iter().chain(&off_t.ent) {
                    pos[*x as usize] = NONE;
                }
                let _ = direct[on_l as usize].set(on_t.clone());
                let _ = direct[off_l as usize].set(off_t.clone());
            }
            let scratch = RefCell::new((start.clone(), pos, HTable::default()));
            NetTables {
                direct,
                cand_cell: cands.iter().map(|&(c, _)| c.index() as u8).collect(),
                groups,
                base,
                fill: Fill {
                    index: index.to_vec(),
                    cands: cands.iter().map(|&(c, d)| (c.index(), d.index())).collect(),
                    orig,
                    buddies,
                    start,
                    appended,
                    scratch,
                },
            }
        }

        /// The direct table of literal `p`, filled on first use (a candidate's; a group
        /// node's is built with the tables).
        fn table(&self, p: u32) -> &HTable {
            self.direct[p as usize].get_or_init(|| self.fill.table(p))
        }

        /// The table of premise `p` expanded as HoDoKu's `expandTables` does.
        pub(super) fn expanded(&self, p: u32) -> Expanded {
            let mut dest = self.table(p).clone();
            let mut pos = vec![NONE; self.direct.len()];
            for (i, &x) in dest.ent.iter().enumerate() {
                pos[x as usize] = i as u32;
            }
            let mut j = 1;
            while j < dest.ent.len() {
                if dest.ent.len() >= HMAX {
                    break;
                }
                let src_lit = dest.ent[j];
                let src = self.table(src_lit);
                let base = dest.dist[j];
                for k in 1..src.ent.len() {
                    let x = src.ent[k];
                    let d = (base + src.dist[k]) & 0x1ff;
                    let o = pos[x as usize];
                    if o != NONE {
                        let o = o as usize;
                        if dest.from[o] != NONE && dest.dist[o] > d {
                            dest.from[o] = src_lit;
                            dest.dist[o] = d;
                        }
                    } else if dest.ent.len() < HMAX {
                        pos[x as usize] = dest.ent.len() as u32;
                        dest.ent.push(x);
                        dest.ret.push([0; 5]);
                        dest.dist.push(d);
                        dest.from.push(src_lit);
                    }
                }
                j += 1;
            }
            Expanded { t: dest }
        }

        fn cells(&self, lit: u32) -> &[usize] {
            if lit < self.base {
                std::slice::from_ref(&CELLS[self.cand_cell[lit as usize / 2] as usize])
            } else {
                &self.groups[(lit - self.base) as usize / 2].cells
            }
        }

        /// One walk of HoDoKu's `buildChain` from entry `at` of `org`: the entries met (end
        /// first); on the main chain (`main` empty) the cells met go to `set` and the side
        /// branches' starts to `mins`; a side branch stops where it meets the main chain.
        fn walk(
            &self,
            org: &HTable,
            at: usize,
            main: &[u32],
            set: &mut [bool; 81],
            mins: &mut Vec<u32>,
        ) -> Vec<u32> {
            let is_min = !main.is_empty();
            let mut act = vec![org.ent[at]];
            let mut first = at;
            let mut cur: Option<&HTable> = None;
            while first != 0 && act.len() < HMAX {
                if cur.is_none() && org.from[first] != NONE {
                    let src = self.table(org.from[first]);
                    let Some(f) = src.find(org.ent[first]) else {
                        return act;
                    };
                    cur = Some(src);
                    first = f;
                }
                let t = cur.unwrap_or(org);
                let at = first;
                for i in 0..5 {
                    let e = t.ret[at][i] as usize;
                    if e >= t.ent.len() {
                        return act;
                    }
                    if i == 0 {
                        first = e;
                        let x = t.ent[e];
                        act.push(x);
                        let cells = self.cells(x);
                        if !is_min {
                            for &c in cells {
                                set[c] = true;
                            }
                        } else if set[cells[0]] && main.contains(&x) {
                            return act;
                        }
                    } else if e != 0 && !is_min && mins.len() < MAX_MINS {
                        mins.push(t.ent[e]);
                    }
                }
                if cur.is_some() && first == 0 {
                    let back = t.ent[0];
                    cur = None;
                    match org.find(back) {
                        Some(f) => first = f,
                        None => return act,
                    }
                }
            }
            act
        }

        /// HoDoKu's length of the chain from the premise of `e` to `end`, and whether it is
        /// a net (has a side branch); `None` when the table has no such entry.
        pub(super) fn chain(&self, e: &Expanded, end: u32) -> Option<(u32, bool)> {
            let org = &e.t;
            let at = org.ent.iter().position(|&x| x == end)?;
            let mut set = [false; 81];
            let mut mins = Vec::new();
            let main = self.walk(org, at, &[], &mut set, &mut mins);
            let mut len = main.len() as u32;
            let mut net = false;
            for m in mins {
                let Some(start) = org.find(m) else { continue };
                let w = self.walk(org, start, &main, &mut set, &mut Vec::new());
                let last = *w.last().expect("a walk holds its start");
                let hits = main.iter().filter(|&&x| x == last).count() as u32;
                if hits > 0 {
                    net = true;
                    len += hits * w.len() as u32;
                }
            }
            Some((len, net))
        }
    }

    /// A premise's expanded table.
    pub(super) struct Expanded {
        t: HTable,
    }

    /// A table's contents: entries, reasons, distances, sources.
    #[cfg(test)]
    pub(super) type Contents = (Vec<u32>, Vec<[u16; 5]>, Vec<u16>, Vec<u32>);

    #[cfg(test)]
    impl NetTables {
        /// Every direct table, those in `first` filled first (in that order, each after
        /// expanding it), then the rest ascending; listed by literal.
        pub(super) fn all_filled(&self, first: &[u32]) -> Vec<Contents> {
            for &p in first {
                let _ = self.expanded(p);
                let _ = self.table(p);
            }
            (0..self.direct.len() as u32)
                .map(|p| {
                    let t = self.table(p);
                    (t.ent.clone(), t.ret.clone(), t.dist.clone(), t.from.clone())
                })
                .collect()
        }

        /// An expanded table's contents.
        pub(super) fn expanded_contents(&self, p: u32) -> Contents {
            let t = self.expanded(p).t;
            (t.ent, t.ret, t.dist, t.from)
        }

        /// The group-node literals in each candidate's table must be those HoDoKu's group
        /// tables imply, in group order: "candidate on" holds "group off" where the group's
        /// "on" table holds "candidate off", and "candidate off" holds "group on" where the
        /// group's "off" table holds "candidate on". Returns how many there are.
        pub(super) fn check_group_entries(&self) -> usize {
            let mut n = 0;
            for p in 0..self.base {
                let want: Vec<u32> = (self.base..self.direct.len() as u32)
                    .filter(|&gl| {
                        let on = gl % 2 == 1;
                        on != (p % 2 == 1) && self.table(gl ^ 1).ent[1..].contains(&(p ^ 1))
                    })
                    .collect();
                let have: Vec<u32> = self
                    .table(p)
                    .ent
                    .iter()
                    .copied()
                    .filter(|&x| x >= self.base)
                    .collect();
                assert_eq!(have, want, "table of literal {p}");
                n += have.len();
            }
            n
        }
    }

    const CELLS: [usize; 81] = {
        let mut a = [0; 81];
        let mut i = 0;
        while i < 81 {
            a[i] = i;
            i += 1;
        }
        a
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testrng::Lcg;
    use std::sync::Arc;
    use sudokit_core::Layout;

    /// The reference for [`group_nodes`](super::group_nodes), scanning each house's cells:
    /// HoDoKu's group nodes (two or three places of a digit where a line crosses a box) as
    /// literals after the candidates', with their links to candidates and to each other.
    pub(super) fn group_nodes_by_scan(g: &CandidateGrid, index: &[u32], adj: &mut Vec<Vec<u32>>) {
        let l = g.layout();
        // (digit, cells, line, box)
        let mut groups: Vec<(Digit, Vec<Cell>, House, House)> = Vec::new();
        let (lines, boxes) = lines_and_boxes(l);
        // Per cell: its box.
        let box_of: Vec<House> = g
            .cells()
            .map(|c| {
                *l.houses_of(c)
                    .iter()
                    .find(|h| boxes.contains(h))
                    .expect("a cell is in a box")
            })
            .collect();
        let mut places: Vec<Cell> = Vec::with_capacity(9);
        for &line in &lines {
            for d in DigitSet::full(9).iter() {
                places.clear();
                places.extend(g.cells_with(line, d));
                if places.len() < 2 {
                    continue;
                }
                for &b in &boxes {
                    if places
                        .iter()
                        .filter(|c| box_of[c.index()] == b)
                        .nth(1)
                        .is_none()
                    {
                        continue;
                    }
                    let cells: Vec<Cell> = places
                        .iter()
                        .copied()
                        .filter(|c| box_of[c.index()] == b)
                        .collect();
                    groups.push((d, cells, line, b));
                }
            }
        }
        // The groups of each digit (a group links only to groups of its digit).
        let mut by_digit: Vec<Vec<usize>> = vec![Vec::new(); 9];
        for (gi, grp) in groups.iter().enumerate() {
            by_digit[grp.0.index()].push(gi);
        }
        let base = adj.len() as u32;
        adj.resize(adj.len() + 2 * groups.len(), Vec::new());
        let cand = |c: Cell, d: Digit| index[c.index() * 9 + d.index()];
        for (gi, (d, cells, line, b)) in groups.iter().enumerate() {
            let on = base + 2 * gi as u32 + 1;
            let off = on - 1;
            // Every cell of the line and of the box outside the group sees all of it.
            let sees_all = |x: Cell| !cells.contains(&x);
            let buddies: Vec<Cell> = l
                .house_cells(*line)
                .iter()
                .chain(l.house_cells(*b))
                .copied()
                .filter(|&x| g.candidates(x).contains(*d) && sees_all(x))
                .fold(Vec::new(), |mut v, x| {
                    if !v.contains(&x) {
                        v.push(x);
                    }
                    v
                });
            for &x in &buddies {
                let i = cand(x, *d);
                adj[on as usize].push(2 * i);
                adj[2 * i as usize + 1].push(off);
            }
            for house in [*b, *line] {
                let rest: Vec<Cell> = buddies
                    .iter()
                    .copied()
                    .filter(|x| l.house_cells(house).contains(x))
                    .collect();
                if rest.len() == 1 {
                    let i = cand(rest[0], *d);
                    adj[off as usize].push(2 * i + 1);
                    adj[2 * i as usize].push(on);
                }
            }
            for house in [*line, *b] {
                let others: Vec<usize> = by_digit[d.index()]
                    .iter()
                    .copied()
                    .filter(|&gj| {
                        let (_, cells2, line2, b2) = &groups[gj];
                        gj != gi
                            && (*line2 == house || *b2 == house)
                            && cells2.iter().all(|c| !cells.contains(c))
                    })
                    .collect();
                for &gj in &others {
                    adj[on as usize].push(base + 2 * gj as u32);
                }
                if let [gj] = others[..] {
                    let outside = g
                        .cells_with(house, *d)
                        .any(|x| !cells.contains(&x) && !groups[gj].1.contains(&x));
                    if !outside {
                        adj[off as usize].push(base + 2 * gj as u32 + 1);
                    }
                }
            }
        }
    }

    /// Candidate grids of every density: random candidates (a few cells placed), on the
    /// standard layout.
    fn grids(n: usize, seed: u64) -> Vec<CandidateGrid> {
        let layout = Arc::new(Layout::standard(9).expect("the 9×9 layout"));
        let mut rng = Lcg::new(seed);
        (0..n)
            .map(|k| {
                let keep = 1 + k as u64 % 7;
                let values: Vec<u8> = (0..81)
                    .map(|_| {
                        if rng.next().is_multiple_of(5) {
                            1 + (rng.next() % 9) as u8
                        } else {
                            0
                        }
                    })
                    .collect();
                let cands = (0..81)
                    .map(|_| {
                        let one = 1u64 << (rng.next() % 9);
                        DigitSet(
                            (0..9)
                                .filter(|_| rng.next() % 8 < keep)
                                .fold(one, |m, d| m | 1 << d),
                        )
                    })
                    .collect();
                CandidateGrid::with_candidates(layout.clone(), values, cands, vec![false; 81])
            })
            .collect()
    }

    fn index_of(g: &CandidateGrid) -> (Vec<u32>, usize) {
        let mut index = vec![NONE; 81 * 9];
        let mut k = 0;
        for c in g.empty_cells() {
            for d in g.candidates(c).iter() {
                index[c.index() * 9 + d.index()] = k as u32;
                k += 1;
            }
        }
        (index, k)
    }

    /// Grids where forcing steps are looked for: the start and every third grid of the
    /// default solver's path on a few hard puzzles.
    /// The solver-path grids and `n` random grids (`seed`).
    fn test_grids(n: usize, seed: u64) -> Vec<CandidateGrid> {
        let mut all = path_grids();
        all.extend(grids(n, seed));
        all
    }

    /// Calls `check` with the chains' and the nets' tables of every solver-path grid and of
    /// `n` random grids (`seed`).
    fn each_table(n: usize, seed: u64, mut check: impl FnMut(&CandidateGrid, &Tables, bool)) {
        for g in &test_grids(n, seed) {
            for net in [false, true] {
                check(g, &Tables::new(g, net), net);
            }
        }
    }

    fn path_grids() -> Vec<CandidateGrid> {
        use sudokit_core::format::{InputFormat, parse_one};
        let solver = crate::LogicSolver::default();
        let mut out = Vec::new();
        for puzzle in [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
            "..1..4.......6.3.5...9.....8.....7.3.......285...7.6..3...8...6..92......4...1...",
        ] {
            let mut g = CandidateGrid::new(&parse_one(puzzle, InputFormat::Auto).unwrap());
            let mut n = 0;
            while let Some(step) = solver.next_step(&g) {
                if n % 3 == 0 {
                    out.push(g.clone());
                }
                g.apply(&step);
                n += 1;
            }
        }
        out
    }

    /// A net's look-aheads (only what changed looked at each round, peers by mask, a
    /// bivalue cell's "not" premise derived from its other digit's) give the links, in the
    /// same order, that full scans do, and the multi-source walk's tables (some copied from
    /// a twin premise's) are the premise walks': on solver paths (singles at the start included) and on random grids
    /// of every density.
    #[test]
    fn look_aheads_match_full_scans() {
        let mut all = path_grids();
        assert!(all.len() > 30, "{} path grids", all.len());
        all.extend(grids(150, 36));
        let mut links = 0;
        // Bivalue cells' "not" premises (links derived by `off_in_bivalue`), and those of
        // them whose tables are their twin's (`Tables::twin`).
        let (mut derived, mut twins) = (0, 0);
        for g in &all {
            let multi = Tables::build(g, true, Fill::MultiSource);
            let scan = Tables::build(g, true, Fill::Premise);
            assert_eq!(multi.adj, scan.adj, "{:?}", g.values());
            assert_eq!((&multi.on, &multi.off), (&scan.on, &scan.off));
            assert_eq!(reached_dist(&multi), reached_dist(&scan));
            links += multi.adj.links();
            for (i, &(c, d)) in multi.cands.iter().enumerate() {
                if g.candidates(c).len() != 2 {
                    continue;
                }
                derived += 1;
                let e = g.candidates(c).iter().find(|&e| e != d).unwrap();
                let (p, q) = (2 * i as u32, 2 * multi.cand(c, e) + 1);
                let rest = |u: u32, v: u32| {
                    let mut s: Vec<u32> = multi.adj[u as usize]
                        .iter()
                        .copied()
                        .filter(|&x| x != v)
                        .collect();
                    s.sort_unstable();
                    s.dedup();
                    s
                };
                if multi.adj[p as usize].contains(&q)
                    && multi.adj[q as usize].contains(&p)
                    && rest(p, q) == rest(q, p)
                {
                    twins += 1;
                }
            }
        }
        assert!(links > 100_000, "{links} links");
        assert!(
            derived > 500 && twins > 200 && twins < derived,
            "{derived} derived, {twins} twins"
        );
    }

    /// A net look-ahead done the plain way (session 70's reference for [`Sim`]'s marks of the
    /// literals seen): a copy of the grid as values and candidate masks, one flag per literal
    /// seen, every cell and house scanned in every round, each peer looked at on its own.
    struct PlainSim<'a> {
        g: &'a CandidateGrid,
        index: &'a [u32],
        values: Vec<u8>,
        cands: Vec<u16>,
        seen: Vec<bool>,
        out: Vec<u32>,
    }

    impl PlainSim<'_> {
        fn note(&mut self, c: usize, d: usize, on: bool) {
            let i = self.index[c * 9 + d];
            if i != NONE {
                let lit = 2 * i + u32::from(on);
                if !self.seen[lit as usize] {
                    self.seen[lit as usize] = true;
                    self.out.push(lit);
                }
            }
        }
        fn set(&mut self, c: usize, d: usize) {
            self.note(c, d, true);
            for e in 0..9 {
                if e != d && self.cands[c] >> e & 1 == 1 {
                    self.note(c, e, false);
                }
            }
            for &p in self.g.layout().peers(Cell(c as u16)) {
                if self.g.candidates(p).0 >> d & 1 == 1 {
                    self.note(p.index(), d, false);
                }
                self.cands[p.index()] &= !(1 << d);
            }
            self.cands[c] = 0;
            self.values[c] = d as u8 + 1;
        }
    }

    /// The literals [`look_ahead`] records for premise "`c` is (`on`) or is not `d`", less the
    /// premise itself, worked out by [`PlainSim`].
    fn plain_look_ahead(
        g: &CandidateGrid,
        index: &[u32],
        c: usize,
        d: usize,
        on: bool,
    ) -> Vec<u32> {
        let l = g.layout();
        let mut sim = PlainSim {
            g,
            index,
            values: g.values().to_vec(),
            cands: g.cells().map(|c| g.candidates(c).0 as u16).collect(),
            seen: vec![false; index.len() * 2],
            out: Vec::new(),
        };
        if on {
            sim.set(c, d);
        } else {
            sim.note(c, d, false);
            sim.cands[c] &= !(1 << d);
            if sim.cands[c].count_ones() == 1 {
                sim.set(c, sim.cands[c].trailing_zeros() as usize);
            }
        }
        for _ in 0..LOOK_AHEAD {
            let mut singles: Vec<(usize, usize)> = Vec::new();
            for x in 0..81 {
                if sim.values[x] == 0 && sim.cands[x].count_ones() == 1 {
                    singles.push((x, sim.cands[x].trailing_zeros() as usize));
                }
            }
            for h in l.houses() {
                let cells = l.house_cells(h);
                for e in 0..9 {
                    if cells.iter().any(|x| sim.values[x.index()] == e as u8 + 1) {
                        continue;
                    }
                    let places: Vec<usize> = cells
                        .iter()
                        .map(|x| x.index())
                        .filter(|&x| sim.cands[x] >> e & 1 == 1)
                        .collect();
                    if places.len() == 1 && !singles.contains(&(places[0], e)) {
                        singles.push((places[0], e));
                    }
                }
            }
            if singles.is_empty() {
                break;
            }
            for (x, e) in singles {
                if sim.values[x] == 0 {
                    sim.set(x, e);
                }
            }
        }
        let own = 2 * index[c * 9 + d] + u32::from(on);
        sim.out.into_iter().filter(|&x| x != own).collect()
    }

    /// Holds every net premise's look-ahead links (the production tables: marks of the
    /// literals seen as masks, peers marked at once, "not" in a bivalue cell derived) to the
    /// plain look-ahead's ([`plain_look_ahead`]), the group links left out.
    #[test]
    fn look_aheads_match_the_plain_look_ahead() {
        let mut all = path_grids();
        all.extend(grids(60, 70));
        let mut links = 0;
        for g in &all {
            let t = Tables::new(g, true);
            let lits = t.lits() as u32;
            for (i, &(c, d)) in t.cands.iter().enumerate() {
                for on in [false, true] {
                    let at = 2 * i + usize::from(on);
                    let got: Vec<u32> = t.adj[at].iter().copied().filter(|&x| x < lits).collect();
                    let want = plain_look_ahead(g, &t.index, c.index(), d.index(), on);
                    assert_eq!(got, want, "{:?} premise {at}", g.values());
                    links += want.len();
                }
            }
        }
        assert!(links > 50_000, "{links} links");
    }

    /// Holds the tables of `g` (chains and nets) from the multi-source walk to those of the
    /// premise walks (the reference: every premise walked on its own, nothing derived):
    /// the same "on"/"off" sets and the same distance for every reached literal; and the
    /// tables from the components (with their walked lengths) to the multi-source walk's. Returns the reached (premise, literal) pairs compared.
    fn multi_source_matches(g: &CandidateGrid) -> usize {
        let mut pairs = 0;
        for net in [false, true] {
            let fast = Tables::build(g, net, Fill::MultiSource);
            let plain = Tables::build(g, net, Fill::Premise);
            assert_eq!(fast.adj, plain.adj, "net {net}: {:?}", g.values());
            assert_eq!((&fast.on, &fast.off), (&plain.on, &plain.off), "net {net}");
            assert_eq!(reached_dist(&fast), reached_dist(&plain), "net {net}");
            has_contradiction_matches(g, &fast);
            let by_components = Tables::new(g, net);
            components_match(&by_components, &fast);
            has_contradiction_matches(g, &by_components);
            pairs += fast
                .on
                .iter()
                .chain(&fast.off)
                .map(|w| w.count_ones() as usize)
                .sum::<usize>();
        }
        pairs
    }

    /// Holds chain tables from the components ([`Fill::Fast`]) to the multi-source walk's
    /// (`multi`): every premise's "on" and "off" sets, and the lengths walked on demand
    /// from every premise ([`Tables::dist_from`]) and to every literal ([`Tables::dist_to`])
    /// to the table's distances (`u16::MAX` where not reached). Returns the reached pairs.
    fn components_match(fast: &Tables, multi: &Tables) -> usize {
        assert!(!fast.has_dist() && multi.has_dist());
        assert_eq!(fast.adj, multi.adj);
        let lits = fast.lits() as u32;
        let mut pairs = 0;
        for p in 0..lits {
            let pu = p as usize;
            assert_eq!(fast.on_set(pu), multi.on_set(pu), "premise {p}");
            assert_eq!(fast.off_set(pu), multi.off_set(pu), "premise {p}");
            let (from, to) = (fast.dist_from(p), fast.dist_to(p));
            for x in 0..lits {
                assert_eq!(u32::from(from[x as usize]), multi.dist(pu, x), "{p} to {x}");
                assert_eq!(
                    u32::from(to[x as usize]),
                    multi.dist(x as usize, p),
                    "{x} to {p}"
                );
                pairs += usize::from(from[x as usize] != u16::MAX);
            }
        }
        pairs
    }

    /// The chains' and the nets' tables from the strongly connected components
    /// ([`Tables::fill_by_components`](super::Tables::fill_by_components)) and their lengths
    /// walked on demand are the multi-source walk's (sets and distances), on solver paths and
    /// random grids of every density; the hard paths are
    /// `multi_source_walk_matches_on_hard_paths` (ignored: slow).
    #[test]
    fn components_match_the_multi_source_walk() {
        let mut pairs = [0; 2];
        for g in &test_grids(200, 51) {
            for net in [false, true] {
                pairs[usize::from(net)] += components_match(
                    &Tables::new(g, net),
                    &Tables::build(g, net, Fill::MultiSource),
                );
            }
        }
        assert!(
            pairs.iter().all(|&n| n > 1_000_000),
            "{pairs:?} reached pairs"
        );
    }

    /// The multi-source walk ([`walk_all`](super::walk_all)) gives every premise's tables
    /// (sets and distances) entry for entry as its own walk does, chains and nets, on solver
    /// paths and random grids of every density (group nodes, long chains and premises that
    /// reach nothing included).
    #[test]
    fn multi_source_walk_matches_the_premise_walks() {
        let mut all = path_grids();
        all.extend(grids(200, 47));
        let mut pairs = 0;
        for g in &all {
            pairs += multi_source_matches(g);
        }
        assert!(pairs > 1_000_000, "{pairs} reached pairs");
    }

    /// [`multi_source_walk_matches_the_premise_walks`] on every grid of HoDoKu's solving
    /// paths of the first 60 puzzles of `data/logic/top1465-200.txt` (the grids the forcing
    /// searches run on, and the rest). Slow in the test profile: run with
    /// `--include-ignored` (under `--profile ci`).
    #[test]
    #[ignore = "slow: HoDoKu's paths of 60 hard puzzles"]
    fn multi_source_walk_matches_on_hard_paths() {
        use sudokit_core::format::{InputFormat, parse_one};
        let text = include_str!("../../../../data/logic/top1465-200.txt");
        let solver = crate::LogicSolver::default();
        let (mut grids, mut pairs) = (0, 0);
        for line in text.lines().filter(|l| l.len() >= 81).take(60) {
            let mut g = CandidateGrid::new(&parse_one(&line[..81], InputFormat::Auto).unwrap());
            while let Some(step) = solver.next_step(&g) {
                pairs += multi_source_matches(&g);
                grids += 1;
                g.apply(&step);
            }
        }
        assert!(grids > 1_000, "{grids} grids");
        assert!(pairs > 10_000_000, "{pairs} reached pairs");
    }

    /// HoDoKu's net tables filled on demand do not depend on which are filled first (the
    /// look-ahead's scratch is clean between fills), expansions agree, and every candidate's
    /// table holds exactly the group-node entries the group tables imply, in group order.
    #[test]
    fn lazy_net_tables_match_in_any_order() {
        let mut all = path_grids();
        all.extend(grids(60, 37));
        let mut appended = 0;
        let mut premises = 0;
        for g in &all {
            let (index, k) = index_of(g);
            let cands: Vec<(Cell, Digit)> = g
                .empty_cells()
                .flat_map(|c| g.candidates(c).iter().map(move |d| (c, d)))
                .collect();
            assert_eq!(cands.len(), k);
            if k == 0 {
                continue;
            }
            let lits = 2 * k as u32;
            let a = net_len::NetTables::new(g, &index, &cands);
            let b = net_len::NetTables::new(g, &index, &cands);
            // Some premises expanded first (in a scattered order) against all ascending.
            let first: Vec<u32> = (0..lits).rev().step_by(7).collect();
            let up = a.all_filled(&[]);
            let scattered = b.all_filled(&first);
            assert_eq!(up, scattered, "{:?}", g.values());
            for &p in first.iter().take(5) {
                assert_eq!(a.expanded_contents(p), b.expanded_contents(p));
            }
            appended += a.check_group_entries();
            premises += lits as usize;
        }
        assert!(premises > 10_000, "{premises} premises");
        assert!(appended > 1_000, "{appended} group entries");
    }

    /// The eager search the lazy [`choose`](super::choose) must match (the search before
    /// session 38): every premise's contradictions offered first, premise by premise, then
    /// the verities, each effect keeping its best; then HoDoKu's pick.
    fn choose_eager(g: &CandidateGrid, t: &Tables, net: bool) -> (Picks, bool) {
        let k = t.cands.len();
        let sh = Shape::new(g, t);
        let dist = lengths(t);
        let mut best = Best(vec![None; 2 * k], vec![0; 2 * k]);
        for i in 0..k {
            for on in [true, false] {
                let p = 2 * i + usize::from(on);
                for chains in contradictions(t, &sh, p) {
                    let len = chain_len(&chains, &dist);
                    best.keep(i as u32, !on, false, len, || {
                        (Source::Contradiction(p as u32), chains)
                    });
                }
            }
        }
        offer_verities(t, &sh, &mut best, &dist);
        let lowest = [true, false]
            .into_iter()
            .flat_map(|place| (0..k).map(move |i| 2 * i + usize::from(place)))
            .find(|&at| best.0[at].is_some());
        if net && lowest.is_some_and(|at| at % 2 == 0 && best.1[at] == 3) {
            let nets = net_len::NetTables::new(g, &t.index, &t.cands);
            let picks = net_pick(t, &sh, &mut |at| best.0[at].is_some(), &nets);
            return (picks, true);
        }
        let mut picks: Picks = [None, None];
        for place in [true, false] {
            for i in 0..k {
                if let Some(d) = best.0[2 * i + usize::from(place)].take() {
                    let kind = usize::from(matches!(d.source, Source::Verity(_)));
                    if picks[kind].is_none() {
                        picks[kind] = Some((place, i as u32, d));
                    }
                }
            }
        }
        (picks, false)
    }

    /// Contradictions worked out on demand give the picks (effect, derivation, chains,
    /// length) of the eager search that works out every premise's: chains and nets, on
    /// solver paths and random grids of every density. The counts make sure the cases the
    /// shortcut touches occur: a contradiction pick with a verity pick after it (the
    /// contradictions skipped), an elimination whose verity beats its contradiction, and
    /// HoDoKu's net measure.
    #[test]
    fn contradictions_on_demand_match_the_eager_search() {
        let (mut picks, mut later_verity, mut shorter_verity, mut nets) = (0, 0, 0, 0);
        each_table(240, 38, |g, t, net| {
            let lazy = choose(g, t, net, false);
            let (eager, measured) = choose_eager(g, t, net);
            assert_eq!(lazy, eager, "net {net}: {:?}", g.values());
            // Best only: the lower of the two picks (placements first), the other left out.
            let lower = (0..2)
                .filter(|&j| lazy[j].is_some())
                .min_by_key(|&j| lazy[j].as_ref().map(|p| (!p.0, p.1)));
            let mut best = [None, None];
            if let Some(j) = lower {
                best[j] = lazy[j].clone();
            }
            assert_eq!(choose(g, t, net, true), best, "net {net}: {:?}", g.values());
            nets += usize::from(measured);
            picks += lazy.iter().flatten().count();
            if let [Some(c), Some(v)] = &lazy {
                later_verity += usize::from((!c.0, c.1) < (!v.0, v.1));
            }
            if let Some((false, i, d)) = &lazy[1] {
                let c = contradiction_of(t, &Shape::new(g, t), 2 * *i as usize, &mut []);
                shorter_verity += usize::from(c.is_some_and(|c| c.len > d.len));
            }
        });
        assert!(picks > 600, "{picks} picks");
        assert!(
            later_verity > 100,
            "{later_verity} verity picks after a contradiction pick"
        );
        assert!(
            shorter_verity > 50,
            "{shorter_verity} verities beating a contradiction"
        );
        assert!(nets > 0, "{nets} picks by HoDoKu's net measure");
    }

    /// Holds [`has_contradiction`](super::has_contradiction) to the list of
    /// [`contradictions`](super::contradictions) for every premise of `t`. Returns the
    /// premises with a contradiction, and those of them with neither the premise's opposite
    /// nor a candidate both on and off (found by the cell and house checks alone).
    fn has_contradiction_matches(g: &CandidateGrid, t: &Tables) -> (usize, usize) {
        let sh = Shape::new(g, t);
        let (mut some, mut by_checks) = (0, 0);
        for p in 0..t.lits() {
            let list = contradictions(t, &sh, p);
            assert_eq!(
                has_contradiction(t, &sh, p),
                !list.is_empty(),
                "net {}, premise {p}: {:?}",
                t.net,
                g.values()
            );
            some += usize::from(!list.is_empty());
            by_checks += usize::from(
                !list.is_empty()
                    && !list
                        .iter()
                        .any(|c| c.len() <= 2 && c.iter().all(|&(_, e)| e / 2 == c[0].1 / 2)),
            );
        }
        // Remembered per component row, premises in descending order.
        let mut memo = super::row_memo(t);
        for p in (0..t.lits()).rev() {
            assert_eq!(
                super::has_contradiction_by_row(t, &sh, p, &mut memo),
                has_contradiction(t, &sh, p),
                "net {}, premise {p} by row",
                t.net
            );
        }
        // And in the order of `choose` ("off" premises, then "on" premises, ascending),
        // where a row that forces none has marked the components it reaches.
        let mut memo = super::row_memo(t);
        let k = t.lits() / 2;
        for p in (0..k).map(|i| 2 * i).chain((0..k).map(|i| 2 * i + 1)) {
            assert_eq!(
                super::has_contradiction_by_row(t, &sh, p, &mut memo),
                has_contradiction(t, &sh, p),
                "net {}, premise {p} by row, in the walk's order",
                t.net
            );
        }
        (some, by_checks)
    }

    /// [`has_contradiction`](super::has_contradiction) answers whether
    /// [`contradictions`](super::contradictions) lists one, for every premise, chains and
    /// nets, on solver paths and random grids of every density (some with a digit placed
    /// beside its candidate, where a house's candidates are not all places). The hard paths
    /// are `multi_source_walk_matches_on_hard_paths` (ignored: slow).
    #[test]
    fn has_contradiction_matches_the_list() {
        let (mut premises, mut some, mut by_checks, mut always) = (0, 0, 0, 0);
        each_table(200, 50, |g, t, _| {
            let (s, b) = has_contradiction_matches(g, t);
            premises += t.lits();
            some += s;
            by_checks += b;
            always += usize::from(!Shape::new(g, t).always.is_empty());
        });
        assert!(
            some > 10_000 && premises - some > 10_000,
            "{some} of {premises} premises with a contradiction"
        );
        assert!(by_checks > 1_000, "{by_checks} found by the checks alone");
        assert!(always > 10, "{always} tables with a check looked at always");
    }

    /// Every premise's distance to every literal: from the table, or walked (chains filled
    /// by [`Fill::Fast`]).
    fn lengths(t: &Tables) -> impl Fn(u32, u32) -> u32 + '_ {
        let from: Vec<Vec<u16>> = if t.has_dist() {
            Vec::new()
        } else {
            (0..t.lits() as u32).map(|p| t.dist_from(p)).collect()
        };
        move |p, e| match from.get(p as usize) {
            Some(d) => u32::from(d[e as usize]),
            None => t.dist(p as usize, e),
        }
    }

    /// The distances of what each premise reaches (`u16::MAX` elsewhere: the buffer's other
    /// entries are stale and never read).
    fn reached_dist(t: &Tables) -> Vec<u16> {
        let dist = lengths(t);
        let lits = t.lits();
        let mut out = vec![u16::MAX; lits * lits];
        for p in 0..lits {
            for x in 0..lits as u32 {
                let set = if x % 2 == 1 {
                    t.on_set(p)
                } else {
                    t.off_set(p)
                };
                if x as usize == p || Tables::has(set, x / 2) {
                    out[p * lits + x as usize] = dist(p as u32, x) as u16;
                }
            }
        }
        out
    }

    /// The reused distance buffer's stale entries are never read: tables built on a buffer
    /// filled with `u16::MAX` (what the table was filled with before it was reused), with 0
    /// and with 7 give the same picks (derivations, chains and lengths) and the same
    /// distances where reached, chains and nets, on solver paths and random grids (some
    /// with a candidate of a digit placed in a peer). A read of an entry no walk wrote would
    /// change a length (it did, on such a grid, before [`Tables::dist`] checked the sets).
    #[test]
    fn stale_distances_are_never_read() {
        let mut all = path_grids();
        all.extend(grids(120, 39));
        let mut picks = 0;
        for g in &all {
            for net in [false, true] {
                let mut runs = Vec::new();
                for stale in [u16::MAX, 0, 7] {
                    DIST_BUFFER.with(|b| {
                        let mut b = b.borrow_mut();
                        b.clear();
                        b.resize(1500 * 1500, stale);
                    });
                    let t = Tables::new(g, net);
                    runs.push((choose(g, &t, net, false), reached_dist(&t)));
                }
                assert_eq!(runs[0], runs[1], "net {net}: {:?}", g.values());
                assert_eq!(runs[0], runs[2], "net {net}: {:?}", g.values());
                picks += runs[0].0.iter().flatten().count();
            }
        }
        assert!(picks > 300, "{picks} picks");
    }

    #[test]
    fn group_nodes_match_the_scan() {
        let mut groups = 0;
        for g in grids(400, 45) {
            let (index, k) = index_of(&g);
            let mut fast = vec![vec![7u32]; 2 * k];
            let mut scan = fast.clone();
            group_nodes(&g, &index, &mut fast);
            group_nodes_by_scan(&g, &index, &mut scan);
            assert_eq!(fast, scan, "{:?}", g.values());
            groups += fast.len() - 2 * k;
        }
        assert!(groups > 1000, "{groups} group literals");
    }

    /// The chains' direct links as the lists were pushed before the links shared one buffer
    /// ([`Adj`]): the reference for [`direct_links`].
    fn direct_links_by_lists(g: &CandidateGrid, index: &[u32], k: usize) -> Vec<Vec<u32>> {
        let l = g.layout();
        let mut adj = vec![Vec::new(); 2 * k];
        for c in g.empty_cells() {
            let cs = g.candidates(c);
            for d in cs.iter() {
                let i = index[c.index() * 9 + d.index()] as usize;
                for e in cs.iter().filter(|&e| e != d) {
                    let j = index[c.index() * 9 + e.index()];
                    adj[2 * i + 1].push(2 * j);
                    if cs.len() == 2 {
                        adj[2 * i].push(2 * j + 1);
                    }
                }
                for &p in l.peers(c) {
                    let j = index[p.index() * 9 + d.index()];
                    if j != NONE {
                        adj[2 * i + 1].push(2 * j);
                    }
                }
                for &h in l.houses_of(c) {
                    if g.positions(h, d).count_ones() == 2 {
                        let other = g.cells_with(h, d).find(|&x| x != c).unwrap();
                        let j = index[other.index() * 9 + d.index()];
                        if !adj[2 * i].contains(&(2 * j + 1)) {
                            adj[2 * i].push(2 * j + 1);
                        }
                    }
                }
            }
        }
        adj
    }

    /// The one-buffer lists ([`Adj`]) hold what per-literal lists would: the chains' direct
    /// links as pushed list by list, then the group links appended in the room left for
    /// them; and a list copied with its first link replaced ([`Adj::set_copy`]).
    #[test]
    fn one_buffer_lists_match_the_lists() {
        let mut checked = 0;
        for g in test_grids(100, 56) {
            let (index, k) = index_of(&g);
            let cands: Vec<(Cell, Digit)> = g
                .empty_cells()
                .flat_map(|c| g.candidates(c).iter().map(move |d| (c, d)))
                .collect();
            let masks = CellMasks::new(&g);
            let groups = group_links(&g, &index, 2 * k as u32, &masks);
            let extra = groups.extra(2 * k);
            let mut adj = Adj::new(2 * k);
            direct_links(&g, &index, &cands, &mut adj, &extra, &masks);
            let mut lists = direct_links_by_lists(&g, &index, k);
            assert_eq!(
                adj.iter().map(<[u32]>::to_vec).collect::<Vec<_>>(),
                lists,
                "{:?}",
                g.values()
            );
            groups.apply(&mut adj);
            group_nodes_by_scan(&g, &index, &mut lists);
            assert_eq!(adj.len(), lists.len());
            for (u, list) in lists.iter().enumerate() {
                assert_eq!(&adj[u], &list[..], "{:?}", g.values());
            }
            assert_eq!(adj.links(), lists.iter().map(Vec::len).sum::<usize>());
            // Every reserved slot was filled.
            assert!(!adj.list.contains(&NONE));
            checked += 1;
        }
        assert!(checked > 100);
        let mut adj = Adj::new(3);
        adj.set(2, [5, 6, 7], 1);
        adj.set_copy(0, 2, 9, 0);
        adj.push(2, 8);
        assert_eq!(
            adj.iter().collect::<Vec<_>>(),
            [&[9, 6, 7][..], &[], &[5, 6, 7, 8]]
        );
        let mut other = Adj::new(3);
        other.set(0, [9, 6, 7], 0);
        other.set(2, [5, 6, 7, 8], 0);
        assert_eq!(adj, other);
        other.set(1, [1], 0);
        assert_ne!(adj, other);
    }

    /// Per house and digit, the live places as the plain scan lists them: `None` where a
    /// place the placed digits allow holds no candidate (the reference for [`Shape`]'s one
    /// buffer).
    fn places_by_scan(g: &CandidateGrid, t: &Tables) -> Vec<Option<Vec<u32>>> {
        let l = g.layout();
        let placed = |h: House, d: Digit| l.house_cells(h).iter().any(|&c| g.value(c) == Some(d));
        let mut places = vec![None; l.house_count() * 9];
        for h in l.houses() {
            for d in DigitSet::full(9).iter() {
                let live: Vec<u32> = l
                    .house_cells(h)
                    .iter()
                    .copied()
                    .filter(|&c| {
                        g.value(c).is_none() && l.houses_of(c).iter().all(|&h2| !placed(h2, d))
                    })
                    .map(|c| t.cand(c, d))
                    .collect();
                if !live.contains(&NONE) {
                    places[h.index() * 9 + d.index()] = Some(live);
                }
            }
        }
        places
    }

    /// [`Shape::new`] as it was before session 58: every house's cells scanned per digit (the
    /// reference for the cell masks).
    fn shape_by_scan(g: &CandidateGrid, t: &Tables) -> Shape {
        let l = g.layout();
        let mut sh = Shape::new(g, t);
        let placed: Vec<u16> = l
            .houses()
            .map(|h| {
                l.house_cells(h)
                    .iter()
                    .filter_map(|&c| g.value(c))
                    .fold(0, |m, d| m | 1 << d.index())
            })
            .collect();
        let allowed = |c: Cell, d: Digit| {
            g.value(c).is_none()
                && l.houses_of(c)
                    .iter()
                    .all(|h| placed[h.index()] >> d.index() & 1 == 0)
        };
        let mut places = vec![(0, 0); l.house_count() * 9];
        let mut place_list: Vec<u32> = Vec::new();
        let mut place_count = vec![0u8; l.house_count() * 9];
        let mut clean = vec![false; l.house_count() * 9];
        for h in l.houses() {
            for d in DigitSet::full(9).iter() {
                let start = place_list.len();
                let mut cands = 0;
                for &c in l.house_cells(h) {
                    cands += usize::from(t.cand(c, d) != NONE);
                    if allowed(c, d) {
                        place_list.push(t.cand(c, d));
                    }
                }
                if place_list[start..].contains(&NONE) {
                    place_list.truncate(start);
                }
                let k = h.index() * 9 + d.index();
                places[k] = (start as u32, place_list.len() as u32);
                place_count[k] = (place_list.len() - start) as u8;
                clean[k] = cands == place_list.len() - start;
            }
        }
        (sh.places, sh.place_list, sh.place_count) = (places, place_list, place_count);
        (sh.check_words, sh.first_start, sh.first_checks) = (Vec::new(), Vec::new(), Vec::new());
        sh.trigger = vec![0; t.words];
        sh.always = Vec::new();
        sh.add_checks(g, t, &clean);
        sh.verity_sets.clear();
        sh.verity_ends.clear();
        for &(a, b) in &sh.cell_range {
            if a < b {
                sh.verity_sets.extend((a..b).map(|j| 2 * j + 1));
                sh.verity_ends.push(sh.verity_sets.len() as u32);
            }
        }
        for &h in &sh.order {
            for d in DigitSet::full(9).iter() {
                let start = sh.verity_sets.len();
                sh.verity_sets
                    .extend(g.cells_with(h, d).map(|c| 2 * t.cand(c, d) + 1));
                if sh.verity_sets.len() > start {
                    sh.verity_ends.push(sh.verity_sets.len() as u32);
                }
            }
        }
        sh
    }

    /// Shape's cell-mask construction against the scan of every house's cells (session 58):
    /// places, counts, the contradiction checks (which read whether a house's candidates are
    /// its places) and the verities' premise sets, in order, chains and nets.
    #[test]
    fn shape_matches_the_scan() {
        let (mut unclean, mut sets) = (0, 0);
        for g in grids(150, 58).into_iter().chain(path_grids()) {
            for net in [false, true] {
                let t = Tables::new(&g, net);
                let (got, want) = (Shape::new(&g, &t), shape_by_scan(&g, &t));
                let v = g.values();
                assert_eq!(got.places, want.places, "{v:?}");
                assert_eq!(got.place_list, want.place_list, "{v:?}");
                assert_eq!(got.place_count, want.place_count, "{v:?}");
                assert_eq!(got.check_words, want.check_words, "{v:?}");
                assert_eq!(got.first_start, want.first_start, "{v:?}");
                assert_eq!(got.first_checks, want.first_checks, "{v:?}");
                assert_eq!(got.trigger, want.trigger, "{v:?}");
                assert_eq!(got.always, want.always, "{v:?}");
                assert_eq!(got.verity_sets, want.verity_sets, "{v:?}");
                assert_eq!(got.verity_ends, want.verity_ends, "{v:?}");
                unclean += want.always.len();
                sets += want.verity_ends.len();
            }
        }
        assert!(
            unclean > 10 && sets > 10_000,
            "{unclean} unclean, {sets} sets"
        );
    }

    /// Asserts that [`verity_marks`](super::verity_marks) marks exactly the effects
    /// [`each_verity`] finds a verity for; returns those effects (`2j + place`) and how many.
    fn marks_against_each_verity(g: &CandidateGrid, t: &Tables, sh: &Shape) -> (Vec<bool>, usize) {
        let mut want = vec![false; t.lits()];
        each_verity(t, sh, &mut |_, j, place| {
            want[2 * j as usize + usize::from(place)] = true;
        });
        let (on_marks, off_marks) = verity_marks(t, sh);
        for (at, &want) in want.iter().enumerate() {
            let marks = if at % 2 == 1 { &on_marks } else { &off_marks };
            let got = Tables::has(marks, at as u32 / 2);
            assert_eq!(got, want, "effect {at}, net {}: {:?}", t.net, g.values());
        }
        let marked = want.iter().filter(|&&w| w).count();
        (want, marked)
    }

    /// [`verity_marks`](super::verity_marks) marks exactly the effects [`each_verity`] finds a
    /// verity for, chains and nets (solver paths and random grids), including effects whose
    /// only candidate pair lies in their own cell (dropped by both).
    #[test]
    fn verity_marks_match_each_verity() {
        let (mut marked, mut skipped) = (0, 0);
        each_table(150, 59, |g, t, _| {
            let sh = Shape::new(g, t);
            marked += marks_against_each_verity(g, t, &sh).1;
            // Pairs whose intersection holds a candidate of their own cell.
            for (i, &(c, _)) in t.cands.iter().enumerate() {
                let (a, b) = sh.cell_range[c.index()];
                let both = |j: u32| {
                    Tables::has(t.on_set(2 * i + 1), j) && Tables::has(t.on_set(2 * i), j)
                        || Tables::has(t.off_set(2 * i + 1), j) && Tables::has(t.off_set(2 * i), j)
                };
                skipped += usize::from((a..b).any(both));
            }
        });
        assert!(
            marked > 1_000 && skipped > 10,
            "{marked} marked, {skipped} skipped"
        );
    }

    /// [`verity_marks`](super::verity_marks) against [`each_verity`] on tables whose rows
    /// carry random extra facts. On the real grids of the test above, an effect on a cell's
    /// candidate that both premises of another candidate of that cell force is forced by
    /// another verity too, so dropping the own-cell removal from either half of the marks
    /// changes no mark there and that test cannot see it (mutation-checked, session 62).
    /// Random rows break the coincidence: with either removal dropped this test fails, and it
    /// asks for such effects (eliminations that only their own cell's pairs imply, skipped by
    /// both functions) before it passes.
    #[test]
    fn verity_marks_match_each_verity_on_random_rows() {
        let mut rng = Lcg::new(62);
        let (mut own_cell_only, mut marked) = (0, 0);
        for g in test_grids(40, 62) {
            for net in [false, true] {
                let mut t = Tables::new(&g, net);
                let (k, words) = (t.cands.len(), t.words);
                if k == 0 {
                    continue;
                }
                // Each component's row (`2 * words` words: "on", then "off"), with a random
                // eighth of the candidates added (sparse, so that few verities of several
                // premises gain a fact); bits past the last candidate stay clear.
                let mut starts: Vec<u32> = t.row_at.clone();
                starts.sort_unstable();
                starts.dedup();
                let tail = if k % 64 == 0 {
                    !0
                } else {
                    (1u64 << (k % 64)) - 1
                };
                for &at in &starts {
                    for w in 0..2 * words {
                        let mut word = || rng.next() | rng.next() << 31 | rng.next() << 62;
                        let r = word() & word() & word();
                        let keep = if w % words == words - 1 { tail } else { !0 };
                        t.rows[at as usize + w] |= r & keep;
                    }
                }
                let sh = Shape::new(&g, &t);
                let (want, got) = marks_against_each_verity(&g, &t, &sh);
                marked += got;
                // Eliminations in a cell that only that cell's candidate pairs imply.
                for (i, &(c, _)) in t.cands.iter().enumerate() {
                    let (a, b) = sh.cell_range[c.index()];
                    own_cell_only += (a..b)
                        .filter(|&j| {
                            Tables::has(t.off_set(2 * i + 1), j)
                                && Tables::has(t.off_set(2 * i), j)
                                && !want[2 * j as usize]
                        })
                        .count();
                }
            }
        }
        assert!(
            marked > 1_000 && own_cell_only > 20,
            "{marked} marked, {own_cell_only} own-cell eliminations only a pair implies"
        );
    }

    /// [`CellMasks`] with the layout's houses and peers shared ([`STANDARD_MASKS`], session
    /// 59) against masks folded from the grid's own layout, cell by cell: houses, peers,
    /// empty cells, candidate planes and the cells a placed digit blocks (the cells of its
    /// houses), on random grids of every density and the hard solver paths.
    #[test]
    fn cell_masks_match_the_layout() {
        let mut blocked = 0;
        for g in grids(100, 59).into_iter().chain(path_grids()) {
            let l = g.layout();
            let m = CellMasks::new(&g);
            let fold = |cells: &[Cell]| cells.iter().fold(0u128, |x, c| x | 1 << c.index());
            // Every line with the boxes sharing a cell with it, in house order.
            let (lines, boxes) = lines_and_boxes(l);
            let crossings: Vec<(House, Vec<House>)> = lines
                .iter()
                .map(|&line| {
                    let across = boxes.iter().copied().filter(|&b| {
                        l.house_cells(b)
                            .iter()
                            .any(|c| l.house_cells(line).contains(c))
                    });
                    (line, across.collect())
                })
                .collect();
            assert_eq!(m.crossings, &crossings[..]);
            for h in l.houses() {
                assert_eq!(m.house[h.index()], fold(l.house_cells(h)), "house {}", h.0);
            }
            for c in g.cells() {
                assert_eq!(m.peers[c.index()], fold(l.peers(c)), "cell {}", c.0);
            }
            let v = g.values();
            for d in 0..9 {
                let (mut plane, mut want) = (0u128, 0u128);
                for c in g.cells() {
                    if g.candidates(c).0 >> d & 1 == 1 {
                        plane |= 1 << c.index();
                    }
                    if g.value(c).is_some_and(|e| e.index() == d) {
                        for &h in l.houses_of(c) {
                            want |= fold(l.house_cells(h));
                        }
                    }
                }
                assert_eq!(m.plane[d], plane, "{v:?}");
                assert_eq!(m.blocked[d], want, "{v:?}");
                blocked += usize::from(want != 0);
            }
            let empty = g
                .cells()
                .filter(|&c| g.value(c).is_none())
                .fold(0u128, |x, c| x | 1 << c.index());
            assert_eq!(m.empty, empty, "{v:?}");
        }
        assert!(blocked > 500, "{blocked} digits placed");
    }

    #[test]
    fn shape_places_match_the_scan() {
        // Random grids of every density (some with a digit placed beside its candidate, where
        // a house's places are not all live) and the hard solver paths.
        let (mut listed, mut unlisted) = (0, 0);
        for g in grids(150, 48).into_iter().chain(path_grids()) {
            let t = Tables::new(&g, false);
            let sh = Shape::new(&g, &t);
            for (k, want) in places_by_scan(&g, &t).into_iter().enumerate() {
                let (a, b) = sh.places[k];
                let got = &sh.place_list[a as usize..b as usize];
                match want {
                    Some(js) => {
                        assert_eq!(got, &js[..], "{:?} house-digit {k}", g.values());
                        assert_eq!(usize::from(sh.place_count[k]), js.len());
                        listed += usize::from(!js.is_empty());
                    }
                    None => {
                        assert!(got.is_empty() && sh.place_count[k] == 0);
                        unlisted += 1;
                    }
                }
            }
        }
        assert!(
            listed > 10_000 && unlisted > 10,
            "{listed} listed, {unlisted} unlisted"
        );
    }
}
