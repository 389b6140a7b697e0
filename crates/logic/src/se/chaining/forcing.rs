//! Static forcing chains: per candidate, the cycle and forcing searches of one pass (X, Y or
//! both kinds of links), the bound that stops them past the best hint found, and the hints.
//!
//! Design decision: a forcing search whose nodes a cycle search from the same root already
//! made is not repeated ([`covers`]); the bound only cuts searches whose every hint would sort
//! after the best one, so the first hint is SE's first hint.

use super::*;

/// The farthest distance from the root at which a forcing search bounded by `max_depth` makes
/// an "off" node: its round `r` makes them at distance `2r + 1` while `2r <= max_depth`.
#[inline]
pub(super) fn forcing_reach(max_depth: u32) -> u64 {
    2 * (u64::from(max_depth) / 2) + 1
}

/// Whether a cycle search bounded by `cycles` (round `k` while `2k + 1 <= cycles`) makes every
/// node a forcing search from the same root bounded by `forcing` makes.
#[inline]
pub(super) fn covers(cycles: u32, forcing: u32) -> bool {
    forcing_reach(forcing) <= u64::from(cycles)
}

/// How deep the static searches of one pass may go (see [`Chaining::hints`]): past these
/// depths every hint would sort after the best hint already found.
#[derive(Clone, Copy, Debug)]
pub(super) struct StaticBound {
    pub(super) cycles: u32,
    pub(super) forcing: u32,
}

impl StaticBound {
    pub(super) const NONE: StaticBound = StaticBound {
        cycles: u32::MAX,
        forcing: u32::MAX,
    };

    /// The bound for a pass with link kinds `y`, `x`, given the hints found so far. Hints
    /// sort by (rating, complexity, kind), the earlier first on a tie, so a hint of this
    /// pass with complexity `c` can only come first while (base + length(c), c, kind) is
    /// below the best hint's; that holds for every `c` up to a limit, and a node deeper
    /// than the limit only leads to hints of higher complexity.
    pub(super) fn from_hints(out: &[Hint], y: bool, x: bool) -> StaticBound {
        let best = out.iter().min_by(|a, b| {
            a.rating
                .partial_cmp(&b.rating)
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(a.complexity.cmp(&b.complexity))
                .then(a.sort_key.cmp(&b.sort_key))
        });
        let Some(best) = best else {
            return StaticBound::NONE;
        };
        let key = if x && y {
            4
        } else if y {
            3
        } else {
            2
        };
        let limit = |base: f64| -> u32 {
            let before = |c: u32| {
                let r = base + length_increment::<f64>(c as usize);
                match r.partial_cmp(&best.rating) {
                    Some(std::cmp::Ordering::Less) => true,
                    Some(std::cmp::Ordering::Equal) => (c, key) < (best.complexity, best.sort_key),
                    _ => false,
                }
            };
            let mut c = 0;
            while c < 1 << 20 && before(c + 1) {
                c += 1;
            }
            c
        };
        let (cycle_base, forcing_base) = if x && y { (7.0, 7.0) } else { (6.5, 6.6) };
        StaticBound {
            cycles: limit(cycle_base),
            forcing: limit(forcing_base),
        }
    }
}

impl Chaining {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn unary(
        &self,
        ctx: &mut Ctx<'_>,
        links: &Links,
        cands: &[u64],
        cell: usize,
        d: u8,
        y: bool,
        x: bool,
        bound: StaticBound,
        (search_cycles, search_on, search_off): (bool, bool, bool),
        out: &mut Vec<Hint>,
    ) {
        if cands[cell].count_ones() > 2 && !x {
            return;
        }
        let sh = ctx.shape;
        let n = sh.n;
        let source = pot(n, cell, d, true);
        // Cycles.
        let mut run = ctx.run();
        let root = run.node(source, &[], Cause::Assumption);
        run.store(root);
        let mut bufs = std::mem::take(&mut ctx.static_bufs);
        let cycles = if search_cycles {
            Self::cycles(links, &mut run, root, y, x, bound.cycles, &mut bufs)
        } else {
            Vec::new()
        };
        for dst in cycles {
            if let Some(h) = self.cycle_hint(ctx, cands, &run, dst, y, x) {
                out.push(h);
            }
        }
        if x {
            let mut chains_on = ctx.run();
            let r = chains_on.node(source, &[], Cause::Assumption);
            chains_on.store(r);
            // The forcing search from "on" is the cycle search's first-visit tree (the same
            // graph and order; the cycle search only adds second nodes that close cycles), so
            // when the cycle search went as deep, its node for "source off" is the chain.
            let from_cycles = search_on && search_cycles && covers(bound.cycles, bound.forcing);
            let targets = if from_cycles {
                Vec::new()
            } else if search_on {
                Self::forcing(links, &mut chains_on, source, y, bound.forcing, &mut bufs)
            } else {
                Vec::new()
            };
            if from_cycles
                && let Some(t) = run.get(source ^ 1)
                && u64::from(run.depth(t)) <= forcing_reach(bound.forcing)
            {
                let h = self.forcing_hint(ctx, cands, &run, t, y, x);
                if h.is_worth() {
                    out.push(h);
                }
            }
            let mut chains_off = ctx.run();
            let r = chains_off.node(source ^ 1, &[], Cause::Assumption);
            chains_off.store(r);
            let targets_off = if search_off {
                Self::forcing(
                    links,
                    &mut chains_off,
                    source ^ 1,
                    y,
                    bound.forcing,
                    &mut bufs,
                )
            } else {
                Vec::new()
            };
            for (run, ts) in [(&chains_on, targets), (&chains_off, targets_off)] {
                for t in ts {
                    let h = self.forcing_hint(ctx, cands, run, t, y, x);
                    if h.is_worth() {
                        out.push(h);
                    }
                }
            }
            ctx.recycle(chains_on);
            ctx.recycle(chains_off);
        }
        ctx.static_bufs = bufs;
        ctx.recycle(run);
    }

    pub(super) fn forcing(
        links: &Links,
        run: &mut Run,
        source: u32,
        y: bool,
        max_depth: u32,
        bufs: &mut StaticBufs,
    ) -> Vec<u32> {
        let (pending_on, pending_off, next, offs, ons) = bufs.parts();
        pending_on.clear();
        pending_on.extend_from_slice(&run.on);
        // Depth of the "on" layer of the coming round (an "off" root's first round has
        // none: its "on" consequences are at depth 1).
        let mut depth: i64 = if source & 1 == 1 { 0 } else { -1 };
        pending_off.clear();
        pending_off.extend_from_slice(&run.off);
        let mut chains: Vec<u32> = Vec::new();
        while !pending_on.is_empty() || !pending_off.is_empty() {
            // Nodes made in this round are at depth `depth + 1` and `depth + 2`.
            if depth + 1 > i64::from(max_depth) {
                break;
            }
            depth += 2;
            Self::on_layer(links, run, y, pending_on, next, offs, |run, p, q| {
                // A node is made only where it is used: a target or a new pot.
                let hit =
                    q | 1 == source && !chains.iter().any(|&c| run.nodes[c as usize].pot == q);
                let new = run.get(q).is_none();
                if !hit && !new {
                    return;
                }
                let id = run.node(q, &[p], Cause::Off);
                if hit {
                    chains.push(id);
                }
                // (A pot not yet in the run is on no path, so SE's `isParent` test cannot fail
                // here.)
                if new {
                    run.store(id);
                    pending_off.push(id);
                }
            });
            Self::off_layer(
                links,
                run,
                (y, true),
                pending_off,
                next,
                ons,
                |run, _, q, parents, cause| {
                    let hit =
                        q & !1 == source && !chains.iter().any(|&c| run.nodes[c as usize].pot == q);
                    let new = run.get(q).is_none();
                    if !hit && !new {
                        return;
                    }
                    let id = run.node(q, parents, cause);
                    if hit {
                        chains.push(id);
                    }
                    if new {
                        run.store(id);
                        pending_on.push(id);
                    }
                },
            );
        }
        chains
    }

    pub(super) fn forcing_hint(
        &self,
        ctx: &mut Ctx<'_>,
        cands: &[u64],
        run: &Run,
        target: u32,
        y: bool,
        x: bool,
    ) -> Hint {
        let sh = ctx.shape;
        let (c, d, on) = unpot(sh.n, run.nodes[target as usize].pot);
        let complexity = ctx.complexity(&[(run, target)]);
        let name = if x && y {
            "Forcing Chain"
        } else if y {
            "Forcing Y-Chain"
        } else if complexity == 6 {
            "Turbot Fish"
        } else {
            "Forcing X-Chain"
        };
        let base = if x && y { 7.0 } else { 6.6 };
        let mut h = chain_hint(ctx, cands, name, base, complexity, (run, target), (x, y));
        conclude(&mut h, cands, c, d, on);
        if ctx.want_text {
            h.text = format!(
                "{}: {}: {}",
                name,
                Self::chain_text(sh, run, target),
                if on {
                    format!("{}={}", cell_at(sh.n, c), d)
                } else {
                    h.removals_text(sh)
                }
            );
        }
        h
    }
}
