//! Multiple (cell and region) forcing chains and dynamic forcing chains: the searches from
//! each "on" assumption of a cell's digits or a region's places, what they all conclude, and
//! the reduction and binary (contradiction) hints.
//!
//! Design decision: searches from the same assumption are cached per pass, and static ones
//! are skipped when the kernel's reach sets say they cannot meet, without changing the hints.

use super::*;

impl Chaining {
    pub(super) fn multiple_chains(
        &self,
        ctx: &mut Ctx<'_>,
        cands: &mut [u64],
        out: &mut Vec<Hint>,
    ) -> Result<(), Stopped> {
        if self.nishio && ctx.rule_source.is_none() {
            return self.nishio_chains(ctx, cands, out);
        }
        let sh = ctx.shape;
        let n = sh.n;
        let mut graph = (!self.dynamic && self.level == 0).then(|| StaticGraph::take(ctx, cands));
        // Static multiple forcing chains give only cell and region forcing chains: a cell
        // whose digits' searches, and whose regions' places, cannot meet anywhere has none.
        if !self.nishio
            && let Some(g) = &mut graph
        {
            g.ensure_xy();
        }
        let reach = graph.as_ref().filter(|_| !self.nishio).and_then(|g| g.xy());
        let links = graph.as_ref().map(|g| &g.links);
        let mut acc = Vec::new();
        let mut cache = RunCache::default();
        let outer_bound = std::mem::replace(&mut ctx.bound, u32::MAX);
        for cell in 0..sh.ncells {
            if ctx.values[cell] != 0 {
                continue;
            }
            let card = cands[cell].count_ones();
            if !(card > 2 || (card > 1 && self.dynamic)) {
                continue;
            }
            if let Some(r) = &reach
                && !self.static_cell_may_give(r, sh, cands, cell, &mut acc)
            {
                continue;
            }
            let mut value_runs: Vec<(u8, Run)> = Vec::new();
            for d in digits(cands[cell]) {
                ctx.tick()?;
                let p_on = pot(n, cell, d, true);
                let do_double = card >= 3 && !self.nishio && self.dynamic;
                let do_contradiction = self.dynamic || self.nishio;
                // Assume on (the search may already have run for a region forcing chain of
                // an earlier cell; searches are deterministic, so it is reused).
                let (on_run, absurd) = match cache.remove(&p_on) {
                    Some(x) => x,
                    None => self.search_from(ctx, links, cands, p_on)?,
                };
                if do_contradiction
                    && let Some((a, b)) = absurd
                    && let Some(h) =
                        self.binary_hint(ctx, cands, (&on_run, a), (&on_run, b), p_on, p_on, true)
                {
                    out.push(h);
                }
                // Assume off. Only contradictions and double chains read that search; and
                // at level 0 a dynamic search whose assumption turns nothing on holds the
                // assumption alone, which gives neither (see `Self::off_is_inert`).
                let skip_off = !(do_contradiction || do_double)
                    || (self.dynamic && self.level == 0 && self.off_is_inert(sh, cands, cell, d));
                if !skip_off {
                    let (off_run, absurd) = self.search_from(ctx, links, cands, p_on ^ 1)?;
                    if do_contradiction
                        && let Some((a, b)) = absurd
                        && let Some(h) = self.binary_hint(
                            ctx,
                            cands,
                            (&off_run, a),
                            (&off_run, b),
                            p_on ^ 1,
                            p_on ^ 1,
                            true,
                        )
                    {
                        out.push(h);
                    }
                    if do_double {
                        // Double chains: the "on" search's "on" nodes, then its "off"
                        // nodes, that the "off" search reached too.
                        for (list, source) in [(&on_run.on, p_on), (&on_run.off, p_on ^ 1)] {
                            for &id in list {
                                let q = on_run.nodes[id as usize].pot;
                                if let Some(other) = off_run.get(q)
                                    && let Some(h) = self.binary_hint(
                                        ctx,
                                        cands,
                                        (&on_run, id),
                                        (&off_run, other),
                                        source,
                                        q,
                                        false,
                                    )
                                {
                                    out.push(h);
                                }
                            }
                        }
                    }
                    ctx.recycle(off_run);
                }
                if !self.nishio {
                    self.region_chains(ctx, links, cands, cell, d, &on_run, &mut cache, out)?;
                }
                value_runs.push((d, on_run));
            }
            if !self.nishio && (card == 2 || (self.multiple && card > 2)) {
                // Cell forcing chains: what every digit of the cell implies.
                for want_on in [true, false] {
                    let first = &value_runs[0].1;
                    let list = if want_on { &first.on } else { &first.off };
                    for &id in list {
                        let q = first.nodes[id as usize].pot;
                        let all = value_runs.iter().all(|(_, r)| r.get(q).is_some());
                        if !all {
                            continue;
                        }
                        let targets: Vec<(&Run, u32)> = value_runs
                            .iter()
                            .map(|(_, r)| (r, r.get(q).unwrap_or(NONE)))
                            .collect();
                        if let Some(h) = self.reduction_hint(
                            ctx,
                            cands,
                            &targets,
                            q,
                            "Cell Forcing",
                            5,
                            &|| format!("every digit of {}", cell_at(sh.n, cell)),
                            Cause::NakedSingle,
                        ) {
                            out.push(h);
                        }
                    }
                }
            }
            for (_, r) in value_runs {
                ctx.recycle(r);
            }
        }
        for (_, (run, _)) in cache.drain() {
            ctx.recycle(run);
        }
        ctx.bound = outer_bound;
        if graph.is_some() {
            ctx.graph = graph;
        }
        Ok(())
    }

    /// Whether a dynamic search from "`d` off in `cell`" stops at its root: the cell keeps
    /// two digits or more besides `d` (or the rule has no cell links) and no region of the
    /// cell is down to two places of `d`, so the root turns nothing on. Such a search, at
    /// level 0 (no nested rules to run once the queues are empty), holds no node but the
    /// root: no contradiction, and no double chain (the "on" search never stores its own
    /// root's "off").
    pub(super) fn off_is_inert(&self, sh: &Shape, cands: &[u64], cell: usize, d: u8) -> bool {
        if !self.nishio && two_bits(cands[cell]) {
            return false;
        }
        let b = bit(d);
        sh.slots_of(cell).iter().all(|slot| {
            let cells = &sh.region_cells[slot.cells as usize..slot.cells as usize + sh.n];
            cells
                .iter()
                .filter(|&&c| cands[c as usize] & b != 0)
                .count()
                != 2
        })
    }

    /// For static multiple forcing chains: whether `cell` can give a cell forcing chain (its
    /// digits' "on" searches meet) or a region forcing chain it starts (for a digit whose
    /// first place in a region it is, the places' searches meet). Mirrors the conditions of
    /// [`Chaining::multiple_chains`] and [`Chaining::region_chains`].
    pub(super) fn static_cell_may_give(
        &self,
        r: &Reach,
        sh: &Shape,
        cands: &[u64],
        cell: usize,
        acc: &mut Vec<u64>,
    ) -> bool {
        let n = sh.n;
        let card = cands[cell].count_ones();
        if (card == 2 || (self.multiple && card > 2))
            && r.meet(digits(cands[cell]).map(|d| cell * n + d as usize - 1), acc)
        {
            return true;
        }
        for d in digits(cands[cell]) {
            let b = bit(d);
            for (t, ty) in sh.types.iter().enumerate() {
                let reg = sh.region_at[t][cell];
                if reg == NONE {
                    continue;
                }
                let places = ty.regions[reg as usize]
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| cands[c] & b != 0);
                let k = places.clone().count();
                if !(k == 2 || (self.multiple && k > 2)) || places.clone().next() != Some(cell) {
                    continue;
                }
                if r.meet(places.map(|c| c * n + d as usize - 1), acc) {
                    return true;
                }
            }
        }
        false
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn region_chains(
        &self,
        ctx: &mut Ctx<'_>,
        links: Option<&Links>,
        cands: &mut [u64],
        cell: usize,
        d: u8,
        on_run: &Run,
        cache: &mut RunCache,
        out: &mut Vec<Hint>,
    ) -> Result<(), Stopped> {
        let sh = ctx.shape;
        let n = sh.n;
        for (t, ty) in sh.types.iter().enumerate() {
            let r = sh.region_at[t][cell];
            if r == NONE {
                continue;
            }
            let region = &ty.regions[r as usize];
            let b = bit(d);
            let places: Vec<usize> = region
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| cands[c] & b != 0)
                .collect();
            let k = places.len();
            if !(k == 2 || (self.multiple && k > 2)) || places[0] != cell {
                continue;
            }
            for &other in &places[1..] {
                let q = pot(n, other, d, true);
                if cache.contains_key(&q) {
                    continue;
                }
                ctx.tick()?;
                let found = self.search_from(ctx, links, cands, q)?;
                cache.insert(q, found);
            }
            let runs: Vec<&Run> = places[1..]
                .iter()
                .filter_map(|&other| cache.get(&pot(n, other, d, true)).map(|x| &x.0))
                .collect();
            for want_on in [true, false] {
                let list = if want_on { &on_run.on } else { &on_run.off };
                for &id in list {
                    let q = on_run.nodes[id as usize].pot;
                    if !runs.iter().all(|r| r.get(q).is_some()) {
                        continue;
                    }
                    let mut targets: Vec<(&Run, u32)> = vec![(on_run, id)];
                    targets.extend(runs.iter().map(|&r| (r, r.get(q).unwrap_or(NONE))));
                    // The sentence names the region; built only when a text is wanted.
                    let what = || {
                        let rname = match ty.kind {
                            Kind::Block => format!("block {}", r + 1),
                            Kind::Row => format!("row {}", r + 1),
                            Kind::Column => format!("column {}", r + 1),
                            Kind::Extra => format!("diagonal {}", r + 1),
                        };
                        format!("every place of {d} in {rname}")
                    };
                    if let Some(h) = self.reduction_hint(
                        ctx,
                        cands,
                        &targets,
                        q,
                        "Region Forcing",
                        6,
                        &what,
                        Cause::Hidden(t as u8),
                    ) {
                        out.push(h);
                    }
                }
            }
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn reduction_hint(
        &self,
        ctx: &mut Ctx<'_>,
        cands: &[u64],
        targets: &[(&Run, u32)],
        q: u32,
        kind: &str,
        sort_key: u32,
        what: &dyn Fn() -> String,
        assumption: Cause,
    ) -> Option<Hint> {
        let sh = ctx.shape;
        let (c, d, on) = unpot(sh.n, q);
        if on && cands[c] & !bit(d) == 0 {
            return None;
        }
        let complexity = ctx.complexity_within(targets, ctx.prune_limit())?;
        if ctx.rule_source.is_none() {
            ctx.bound = ctx.bound.min(complexity);
        }
        let name = if !self.dynamic && !self.multiple {
            "Forcing Chain".to_string()
        } else {
            format!("{}{}{}", self.prefix(), kind, self.suffix())
        };
        let mut h = Hint::pattern(
            &name,
            self.base() + length_increment::<f64>(complexity as usize),
            String::new(),
        );
        h.complexity = complexity;
        h.sort_key = sort_key;
        h.rule_parents = ctx.rule_parents(cands, targets, Some(assumption));
        conclude(&mut h, cands, c, d, on);
        if ctx.want_text {
            h.text = format!(
                "{}: {} leads to {}{}{}: {}",
                name,
                what(),
                cell_at(sh.n, c),
                if on { "=" } else { "<>" },
                d,
                targets
                    .iter()
                    .map(|&(r, id)| Self::chain_text(sh, r, id))
                    .collect::<Vec<_>>()
                    .join("; ")
            );
        }
        Some(h)
    }

    /// Contradiction (`absurd`) or double forcing chains from one assumption.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn binary_hint(
        &self,
        ctx: &mut Ctx<'_>,
        cands: &[u64],
        dst_on: (&Run, u32),
        dst_off: (&Run, u32),
        source: u32,
        target: u32,
        absurd: bool,
    ) -> Option<Hint> {
        let sh = ctx.shape;
        let (tc, td, ton) = unpot(sh.n, target);
        let on_hint = if absurd { source & 1 == 0 } else { ton };
        if on_hint && cands[tc] & !bit(td) == 0 {
            return None;
        }
        let complexity = ctx.complexity_within(&[dst_on, dst_off], ctx.prune_limit())?;
        if ctx.rule_source.is_none() {
            ctx.bound = ctx.bound.min(complexity);
        }
        let kind = if self.nishio {
            "Forcing"
        } else if absurd {
            "Contradiction Forcing"
        } else {
            "Double Forcing"
        };
        let name = format!("{}{}{}", self.prefix(), kind, self.suffix());
        let mut h = Hint::pattern(
            &name,
            self.base() + length_increment::<f64>(complexity as usize),
            String::new(),
        );
        h.complexity = complexity;
        h.sort_key = if absurd { 7 } else { 1 };
        h.rule_parents = ctx.rule_parents(cands, &[dst_on, dst_off], None);
        // An "on" hint removes the target cell's other digits and places the target; an "off"
        // hint removes the target. A contradiction from an assumed "off" proves it "on".
        conclude(&mut h, cands, tc, td, on_hint);
        let (sc, sd, son) = unpot(sh.n, source);
        if ctx.want_text {
            h.text = format!(
                "{}: if {}{}{}: {} and {}: {}",
                name,
                cell_at(sh.n, sc),
                if son { "=" } else { "<>" },
                sd,
                Self::chain_text(sh, dst_on.0, dst_on.1),
                Self::chain_text(sh, dst_off.0, dst_off.1),
                h.removals_text(sh)
            );
        }
        Some(h)
    }
}
