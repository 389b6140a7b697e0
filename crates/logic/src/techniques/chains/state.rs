//! What the chain finders keep between calls, all in one place: the link graphs and
//! closures of the last grid (per variant), the search buffers, and the AIC steps the
//! continuous-loop search collected for the AIC finder that follows it.
//!
//! Design decision: each cache is a per-thread value keyed by the grid's state, so a finder
//! called on another grid rebuilds and a finder called again on the same grid (the solver
//! runs the chain finders one after another) reuses; nothing else of the finders is
//! remembered between calls.

use super::*;

thread_local! {
    /// The link graphs of the last grid seen, one per (grouped, ALS) variant: the chain
    /// finders run one after another on the same grid.
    static LINKS: Cache<(bool, bool), Links> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// A per-thread cache of values built from one grid state, one entry per variant `V` (a
/// newer grid's entry replaces the variant's older one).
pub(super) type Cache<V, T> = std::cell::RefCell<Vec<((StateKey, V), std::rc::Rc<T>)>>;

/// A grid state, as [`CandidateGrid::state_key`] gives it.
pub(super) type StateKey = (u64, Vec<u8>, Vec<u64>);

/// The value `build` makes for `g` and `variant`, from `cache` when the last one made for
/// that variant was for the same grid state.
pub(super) fn cached<V: PartialEq + Copy, T>(
    cache: &'static std::thread::LocalKey<Cache<V, T>>,
    g: &CandidateGrid,
    variant: V,
    build: impl FnOnce() -> T,
) -> std::rc::Rc<T> {
    let key = (g.state_key(), variant);
    cache.with(|c| {
        let mut c = c.borrow_mut();
        if let Some((_, v)) = c.iter().find(|(k, _)| *k == key) {
            return v.clone();
        }
        c.retain(|(k, _)| k.1 != variant);
        let v = std::rc::Rc::new(build());
        c.push((key, v.clone()));
        v
    })
}

/// [`Links::new`], kept for the next finder on the same grid.
pub(super) fn cached_links(g: &CandidateGrid, grouped: bool, als: bool) -> std::rc::Rc<Links> {
    cached(&LINKS, g, (grouped, als), || Links::new(g, grouped, als))
}

thread_local! {
    /// The chain finders' scratch, kept between calls (they run after every step).
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// A [`Scratch`] taken from [`SCRATCH`] and given back when dropped.
pub(super) struct Borrowed(pub(super) Scratch);

impl Borrowed {
    pub(super) fn take() -> Borrowed {
        Borrowed(SCRATCH.with(|s| std::mem::take(&mut *s.borrow_mut())))
    }
}

impl Drop for Borrowed {
    fn drop(&mut self) {
        let sc = std::mem::take(&mut self.0);
        SCRATCH.with(|s| *s.borrow_mut() = sc);
    }
}

/// A grid state, link kind and options: what the AIC steps of [`AIC_STEPS`] belong to.
pub(super) type AicKey = (StateKey, Kind, crate::technique::Options);

thread_local! {
    /// The AIC steps of the last grid whose continuous-loop search ran to the end. An AIC
    /// search is that same search (the same links, starts and order, from each start
    /// assumed false), so the continuous-loop finder also tests each state it reaches as an
    /// AIC end and keeps the steps here; the AIC finder of the same kind, which HoDoKu's
    /// order runs after it on the same grid when nothing came between, reports them
    /// instead of searching again.
    pub(super) static AIC_STEPS: std::cell::RefCell<Option<(AicKey, Vec<Step>)>> =
        const { std::cell::RefCell::new(None) };
}

thread_local! {
    /// The closures of the last grid seen, one per kind and ALS flag: the continuous-loop, discontinuous-loop
    /// and AIC finders of a kind run one after another on the same grid.
    static CLOSURES: Cache<(Kind, bool), Closure> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// [`Closure::new`], kept for the next finder on the same grid (`als`: the links hold ALS
/// nodes).
pub(super) fn cached_closure(
    g: &CandidateGrid,
    links: &Links,
    kind: Kind,
    als: bool,
) -> std::rc::Rc<Closure> {
    cached(&CLOSURES, g, (kind, als), || Closure::new(g, links, kind))
}
