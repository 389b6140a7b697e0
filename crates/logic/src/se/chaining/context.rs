//! What a search needs besides the rule: the shape, values, budget, pooled runs and buffers,
//! the nested rules' source, and the complexity of a conclusion (distinct ancestors).
//!
//! Design decision: everything a search reuses lives in one [`Ctx`] passed down by reference,
//! so the rater keeps no thread-local state and a nested level borrows its parent's pool.

use super::*;

/// What a search needs besides the rule: the shape, placed values and a budget.
pub(crate) struct Ctx<'a> {
    pub shape: &'a Shape,
    pub values: &'a [u8],
    pub limiter: &'a mut Limiter,
    pub seen: Vec<u32>,
    pub stamp: u32,
    /// Set while this search runs nested inside another: the outer search's starting
    /// candidates, against which each hint's rule parents are found.
    pub rule_source: Option<Vec<u64>>,
    /// Whether hints get their sentence (building chain texts costs more than rating).
    pub want_text: bool,
    /// Runs kept for reuse, and the ancestor walk's queue.
    pub pool: Vec<Run>,
    pub queue: Vec<u32>,
    /// Buffers of the general search.
    pub offs_buf: Vec<u32>,
    pub ons_buf: OnBuf,
    /// Region places of the general searches under way (one per nesting level), for reuse.
    pub places: Vec<Places>,
    /// The last static graph built, for the next static rule on the same board.
    pub graph: Option<StaticGraph>,
    /// Least complexity among the hints of the current top-level multiple or dynamic search.
    pub bound: u32,
    /// Queues and buffers of the static cycle and forcing searches, for reuse.
    pub static_bufs: StaticBufs,
    /// Nishio searches already made in this puzzle, per digit pattern.
    pub nishio: NishioMemo,
    /// The board the nested patterns read, kept between calls (see `advanced::potentials`).
    pub nested_board: Option<Board>,
}

/// The static searches' queues and rule buffers, kept from one search to the next.
#[derive(Default)]
pub(crate) struct StaticBufs {
    pub(super) pending_on: Vec<u32>,
    pub(super) pending_off: Vec<u32>,
    pub(super) next: Vec<u32>,
    pub(super) offs: Vec<u32>,
    pub(super) ons: OnBuf,
    pub(super) path: Vec<u64>,
}

/// The queues and buffers one at a time: pending "on", pending "off", the round being
/// expanded, and the two rule buffers.
pub(super) type BufParts<'a> = (
    &'a mut Vec<u32>,
    &'a mut Vec<u32>,
    &'a mut Vec<u32>,
    &'a mut Vec<u32>,
    &'a mut OnBuf,
);

impl StaticBufs {
    #[inline]
    pub(super) fn parts(&mut self) -> BufParts<'_> {
        (
            &mut self.pending_on,
            &mut self.pending_off,
            &mut self.next,
            &mut self.offs,
            &mut self.ons,
        )
    }
}

impl Ctx<'_> {
    #[inline]
    pub(super) fn npots(&self) -> usize {
        self.shape.ncells * self.shape.n * 2
    }
    /// An empty run (from the pool when one is there).
    #[inline]
    pub(super) fn run(&mut self) -> Run {
        self.pool.pop().unwrap_or_else(|| Run::new(self.npots()))
    }
    #[inline]
    pub(super) fn recycle(&mut self, mut run: Run) {
        if self.pool.len() < 256 {
            run.reset();
            self.pool.push(run);
        }
    }
    #[inline]
    pub(super) fn tick(&mut self) -> Result<(), Stopped> {
        if self.limiter.should_stop() {
            Err(Stopped)
        } else {
            Ok(())
        }
    }
    #[inline]
    pub(super) fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.stamp
    }

    /// Complexity of a chain ending at the `targets` (each in its own run), SE's flat
    /// complexity plus each distinct nested chain's complexity once.
    #[inline]
    pub(super) fn complexity(&mut self, targets: &[(&Run, u32)]) -> u32 {
        self.complexity_within(targets, u32::MAX)
            .unwrap_or(u32::MAX)
    }

    /// The complexity when it is at most `limit`; `None` (found early) when it is more.
    #[inline]
    pub(super) fn complexity_within(&mut self, targets: &[(&Run, u32)], limit: u32) -> Option<u32> {
        if self.seen.len() < self.npots() {
            self.seen = vec![0; self.npots()];
        }
        let mut flat: u32 = 0;
        let mut nested = Vec::new();
        for &(run, id) in targets {
            let s = self.next_stamp();
            let left = limit.saturating_sub(flat);
            flat = flat.saturating_add(run.ancestors(
                id,
                &mut self.seen,
                s,
                &mut nested,
                &mut self.queue,
                left,
            ));
            if flat > limit {
                return None;
            }
        }
        let extra: u64 = nested.chunks(2).map(|c| c[1]).sum();
        let total = flat.saturating_add(extra as u32);
        (total <= limit).then_some(total)
    }

    /// The bound a top-level multiple or dynamic search may prune with: hints of one such
    /// rule share their base rating, so only those with the least complexity can come first.
    /// A nested search must report every hint, so it never prunes.
    #[inline]
    pub(super) fn prune_limit(&self) -> u32 {
        if self.rule_source.is_none() {
            self.bound
        } else {
            u32::MAX
        }
    }
}
