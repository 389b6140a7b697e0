//! Nishio forcing chains: per (cell, digit), the two searches multiple forcing chains would
//! make, restricted to the digit as SE's Nishio rule restricts them, and their hints.
//!
//! Design decision: a Nishio search depends only on the digit's pattern (the cells holding
//! it), so its outcome is kept per pattern in the puzzle's memo and a later pass on the same
//! pattern answers from it instead of searching again.

use super::*;

impl Chaining {
    /// Nishio at the top level: the same searches and hints as
    /// [`Chaining::multiple_chains`] makes for it, with each (cell, digit)'s two searches
    /// answered from the puzzle's [`NishioMemo`] when the digit's pattern was searched before.
    pub(super) fn nishio_chains(
        &self,
        ctx: &mut Ctx<'_>,
        cands: &mut [u64],
        out: &mut Vec<Hint>,
    ) -> Result<(), Stopped> {
        let sh = ctx.shape;
        let n = sh.n;
        let outer_bound = std::mem::replace(&mut ctx.bound, u32::MAX);
        let mut memo = std::mem::take(&mut ctx.nishio);
        let mut tables: Vec<_> = (1..=n as u8).map(|d| memo.take(cands, d)).collect();
        let mut result = Ok(());
        'cells: for cell in 0..sh.ncells {
            if ctx.values[cell] != 0 || cands[cell].count_ones() < 2 {
                continue;
            }
            for d in digits(cands[cell]) {
                if let Err(e) = ctx.tick() {
                    result = Err(e);
                    break 'cells;
                }
                let slot = &mut tables[d as usize - 1].1[cell];
                if slot.as_ref().is_none_or(|s| ctx.want_text && !s.texts) {
                    match self.nishio_search(ctx, cands, cell, d) {
                        Ok(s) => *slot = Some(s),
                        Err(e) => {
                            result = Err(e);
                            break 'cells;
                        }
                    }
                }
                let Some(searched) = slot.as_ref() else {
                    continue;
                };
                let p_on = pot(n, cell, d, true);
                for (source, found) in [(p_on, &searched.on), (p_on ^ 1, &searched.off)] {
                    if let Some(f) = found
                        && let Some(h) = self.nishio_hint(ctx, cands, source, f)
                    {
                        out.push(h);
                    }
                }
            }
        }
        for (d, (key, table)) in tables.into_iter().enumerate() {
            memo.put(d as u8 + 1, key, table);
        }
        ctx.nishio = memo;
        ctx.bound = outer_bound;
        result
    }

    /// The two Nishio searches from (`cell`, `d`), with each contradiction's complexity.
    pub(super) fn nishio_search(
        &self,
        ctx: &mut Ctx<'_>,
        cands: &mut [u64],
        cell: usize,
        d: u8,
    ) -> Result<Searched, Stopped> {
        let n = ctx.shape.n;
        let mut searched = Searched {
            texts: ctx.want_text,
            ..Searched::default()
        };
        let p_on = pot(n, cell, d, true);
        for source in [p_on, p_on ^ 1] {
            let (run, absurd) = self.search_from(ctx, None, cands, source)?;
            let found = absurd.map(|(a, b)| Found {
                complexity: ctx.complexity(&[(&run, a), (&run, b)]),
                chains: ctx.want_text.then(|| {
                    (
                        Self::chain_text(ctx.shape, &run, a),
                        Self::chain_text(ctx.shape, &run, b),
                    )
                }),
            });
            if source & 1 == 1 {
                searched.on = found;
            } else {
                searched.off = found;
            }
            ctx.recycle(run);
        }
        Ok(searched)
    }

    /// The hint of a Nishio contradiction from `source`, as [`Chaining::binary_hint`] makes
    /// it, when its complexity is within the round's bound.
    pub(super) fn nishio_hint(
        &self,
        ctx: &mut Ctx<'_>,
        cands: &[u64],
        source: u32,
        found: &Found,
    ) -> Option<Hint> {
        let sh = ctx.shape;
        let (c, d, son) = unpot(sh.n, source);
        // A contradiction from an assumed "off" proves the digit: it removes the cell's others.
        let on_hint = !son;
        if on_hint && cands[c] & !bit(d) == 0 {
            return None;
        }
        let complexity = found.complexity;
        if complexity > ctx.prune_limit() {
            return None;
        }
        ctx.bound = ctx.bound.min(complexity);
        let name = format!("{}Forcing{}", self.prefix(), self.suffix());
        let mut h = Hint::pattern(
            &name,
            self.base() + length_increment::<f64>(complexity as usize),
            String::new(),
        );
        h.complexity = complexity;
        h.sort_key = 7;
        conclude(&mut h, cands, c, d, on_hint);
        if let Some((a, b)) = &found.chains {
            h.text = format!(
                "{}: if {}{}{}: {} and {}: {}",
                name,
                cell_at(sh.n, c),
                if son { "=" } else { "<>" },
                d,
                a,
                b,
                h.removals_text(sh)
            );
        }
        Some(h)
    }
}
