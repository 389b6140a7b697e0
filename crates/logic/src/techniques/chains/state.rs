//! What the chain finders keep between calls, all in one place: the link graphs and
//! closures of the last grid (per variant), the search buffers, the AIC chains the
//! continuous-loop search collected for the AIC finder that follows it (kept as chains, each
//! step built only if that finder replays it: [`KeptAics`]), and the last grid the XY-chain
//! finder missed on ([`XyMiss`]). The HoDoKu link order of a graph lives with the graph
//! ([`super::search::Order`]).
//!
//! Design decision: the state is a [`ChainMemory`] inside the [`Memory`] the finder is lent
//! (one per solving path), each cache keyed by the grid's state, so a finder called on
//! another grid rebuilds and a finder called again on the same grid (the solver runs the
//! chain finders one after another) reuses; nothing else of the finders is remembered
//! between calls.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use sudokit_core::Layout;

use super::*;
use crate::memory::{Memory, StateKey};
use crate::technique::Options;

/// A grid state, link kind and options: what the kept AIC steps belong to.
pub(super) type AicKey = (StateKey, Kind, crate::technique::Options);

/// Values built from one grid state, one entry per variant `V` (a newer grid's entry
/// replaces the variant's older one).
type Cache<V, T> = RefCell<Vec<((StateKey, V), Rc<T>)>>;

/// The AIC chains a continuous-loop search collected on one grid: the chains only, each
/// step (and its sentence) built when the AIC finder replays them
/// ([`ChainFinder::ends_built`]); in HoDoKu's order a discontinuous loop nearly always
/// reports first, so most are never built, and a chain whose rank (from its ends,
/// [`ChainFinder::ends_rank`]) is above the group's best so far is not built either. The
/// graph is the one the chains' nodes name.
///
/// *Exactness:* the chains kept are those whose steps were kept before (the same test,
/// [`ChainFinder::ends_path`]), in the same order, and a step depends only on the grid (the
/// same state: the replay is keyed by it), the graph and the chain, so the steps the AIC finder
/// replays are the steps kept before.
pub(super) struct KeptAics {
    /// The graph the chains were found in.
    pub(super) links: Rc<Links>,
    /// Each chain, from its start (false) to its end (true), in the order found.
    pub(super) paths: Vec<Vec<(u32, bool)>>,
}

impl KeptAics {
    /// No chains, in `links`.
    pub(super) fn none(links: Rc<Links>) -> KeptAics {
        KeptAics {
            links,
            paths: Vec::new(),
        }
    }
}

/// A grid on which the XY-chain finder searched every start and reported nothing: what it
/// reports on a later grid depends on that grid's bivalue cells and on which candidates are
/// left to remove, so a grid with the same bivalue cells and fewer candidates is a miss too.
///
/// *Exactness.* An XY-chain runs through bivalue cells only: a start is searched from
/// "false" only when it has a strong link of the kind, a bivalue cell's (so its cell is
/// bivalue); from a "false" state the search takes that link to the cell's other digit
/// ("true"), and from a "true" state the weak links to the same digit in peer cells, where a
/// "false" state outside a bivalue cell has no strong link of the kind and is a leaf: reached,
/// neither expanded nor visited ([`search()`]: `true_only`, and the leaf rule). Take a grid
/// that refines the miss grid (every candidate one of its) with the same bivalue cells (a
/// cell is bivalue on both or on neither, and then with the same two candidates, since they
/// are a subset). Its starts are the same, in the same order; each state's list of links
/// reaches the same non-leaf states in the same order (only leaves left the lists), so every
/// search queues and expands the same states in the same order, with the same parents and
/// depths, and reaches the same "true" states by the same chains. An open chain's
/// eliminations (the start's digit in cells seeing both ends, [`ChainFinder::ends_path`])
/// are the miss grid's that are still candidates: none there, none now. So the finder
/// reports nothing again, and is not run. The layout and options must be the same ones.
pub(super) struct XyMiss {
    layout: Arc<Layout>,
    options: Options,
    /// Per cell, its candidates on that grid (empty for a filled cell).
    cands: Vec<DigitSet>,
}

impl XyMiss {
    /// Whether the XY-chain finder with `options` is known to report nothing on `g`: same
    /// layout and options, every candidate of `g` one of the miss grid's, and the same
    /// bivalue cells (see [`XyMiss`]).
    pub(super) fn covers(&self, g: &CandidateGrid, options: &Options) -> bool {
        (Arc::ptr_eq(&self.layout, g.layout_arc()) || *self.layout == *g.layout())
            && self.options == *options
            && self.cands.len() == g.cell_count()
            && (g.candidate_slice().iter().zip(&self.cands))
                .all(|(&now, &was)| now.0 & !was.0 == 0 && (now.len() == 2) == (was.len() == 2))
    }

    /// Remembers `g` in `slot` as the XY-chain finder's miss with `options` (in place when
    /// one is kept).
    pub(super) fn record(slot: &RefCell<Option<XyMiss>>, g: &CandidateGrid, options: &Options) {
        let mut slot = slot.borrow_mut();
        match &mut *slot {
            Some(m) => {
                if !Arc::ptr_eq(&m.layout, g.layout_arc()) {
                    m.layout = g.layout_arc().clone();
                }
                if m.options != *options {
                    m.options = options.clone();
                }
                m.cands.clear();
                m.cands.extend_from_slice(g.candidate_slice());
            }
            None => {
                *slot = Some(XyMiss {
                    layout: g.layout_arc().clone(),
                    options: options.clone(),
                    cands: g.candidate_slice().to_vec(),
                })
            }
        }
    }
}

/// The chain finders' part of a [`Memory`].
#[derive(Default)]
pub(crate) struct ChainMemory {
    /// The link graphs of the last grid seen, one per (grouped, ALS) variant.
    links: Cache<(bool, bool), Links>,
    /// The closures of the last grid seen, one per kind and ALS flag: the continuous-loop,
    /// discontinuous-loop and AIC finders of a kind run one after another on the same grid.
    closures: Cache<(Kind, bool), Closure>,
    /// The search buffers, kept between calls (the finders run after every step).
    scratch: RefCell<Scratch>,
    /// The AIC steps of the last grid whose continuous-loop search ran to the end. An AIC
    /// search is that same search (the same links, starts and order, from each start assumed
    /// false), so the continuous-loop finder also tests each state it reaches as an AIC end
    /// and keeps the steps here; the AIC finder of the same kind, which HoDoKu's order runs
    /// after it on the same grid when nothing came between, reports them instead of
    /// searching again.
    pub(super) aic_steps: RefCell<Option<(AicKey, KeptAics)>>,
    /// Per kind, the last grid whose graph had no self-contradicting candidate (see
    /// [`super::certify`]).
    pub(super) no_contra: RefCell<Vec<super::certify::NoContra>>,
    /// The last grid on which the XY-chain finder searched every start and reported nothing.
    pub(super) xy_miss: RefCell<Option<XyMiss>>,
    /// Test-only counters and switches (see [`super::probe`]).
    #[cfg(test)]
    pub(super) probe: super::probe::Counts,
}

/// The value `build` makes for `g` and `variant`, from `cache` when the last one made for
/// that variant was for the same grid state.
fn cached<V: PartialEq + Copy, T>(
    cache: &Cache<V, T>,
    g: &CandidateGrid,
    variant: V,
    build: impl FnOnce() -> T,
) -> Rc<T> {
    if let Some((_, v)) = cache
        .borrow()
        .iter()
        .find(|(k, _)| k.1 == variant && g.has_state(&k.0))
    {
        return v.clone();
    }
    // Built with the cache not borrowed (building links may consult other caches).
    let v = Rc::new(build());
    let mut c = cache.borrow_mut();
    c.retain(|(k, _)| k.1 != variant);
    c.push(((g.state_key(), variant), v.clone()));
    v
}

/// [`Links::new`], kept in `memory` for the next finder on the same grid.
pub(super) fn cached_links(
    g: &CandidateGrid,
    grouped: bool,
    als: bool,
    memory: &Memory,
) -> Rc<Links> {
    cached(&memory.chains.links, g, (grouped, als), || {
        // A grouped graph is the plain one with groups added ([`Links::build`]): when the
        // plain graph of this grid is kept (the plain chain finders ran on it first), its
        // candidate links are copied instead of built again.
        if grouped {
            let key = (g.state_key(), (false, false));
            let plain = memory
                .chains
                .links
                .borrow()
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| v.clone());
            if let Some(plain) = plain {
                let mut links = plain.plain_copy();
                links.add_groups(g, als, memory);
                return links;
            }
        }
        Links::build(g, grouped, als, memory)
    })
}

/// [`Closure::new`], kept in `memory` for the next finder on the same grid (`als`: the
/// links hold ALS nodes).
pub(super) fn cached_closure(
    g: &CandidateGrid,
    links: &Links,
    kind: Kind,
    als: bool,
    memory: &Memory,
) -> Rc<Closure> {
    cached(&memory.chains.closures, g, (kind, als), || {
        Closure::new(g, links, kind)
    })
}

/// Whether the closure of `kind` (without ALS nodes) kept for `g`'s state has a
/// self-contradicting candidate; `None` when none is kept for that state.
pub(super) fn kept_contra(g: &CandidateGrid, kind: Kind, memory: &Memory) -> Option<bool> {
    let key = (g.state_key(), (kind, false));
    memory
        .chains
        .closures
        .borrow()
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, cl)| cl.any_contra)
}

/// A [`Scratch`] taken from a memory and given back when dropped.
pub(super) struct Borrowed<'a> {
    pub(super) scratch: Scratch,
    home: &'a RefCell<Scratch>,
}

impl<'a> Borrowed<'a> {
    /// Takes `memory`'s search buffers (empty ones the first time).
    pub(super) fn take(memory: &'a Memory) -> Borrowed<'a> {
        let home = &memory.chains.scratch;
        Borrowed {
            scratch: std::mem::take(&mut *home.borrow_mut()),
            home,
        }
    }
}

impl Drop for Borrowed<'_> {
    fn drop(&mut self) {
        *self.home.borrow_mut() = std::mem::take(&mut self.scratch);
    }
}
