//! SE's general search (the dynamic expansion): from the assumptions in a run, every
//! consequence, one "on" before any "off", dynamic eliminations carried out on the board as
//! they are met and undone at the end, and the nested rules asked for more when it runs dry.
//!
//! Design decision: the queue discipline is SE's to the letter, since the first parent each
//! node keeps decides the complexity, and the rating, of every chain found from the run.

use super::*;

impl Chaining {
    /// SE's general search: from the assumptions already in `run`, every consequence, one
    /// "on" before any "off"; in dynamic mode each "off" is carried out on `cands` as it is
    /// met (and undone at the end); with nesting, when nothing is left, the nested rules are
    /// asked for more eliminations. Returns the two nodes of a contradiction, if one is met.
    pub(super) fn chain(
        &self,
        ctx: &mut Ctx<'_>,
        links: Option<&Links>,
        cands: &mut [u64],
        run: &mut Run,
    ) -> Result<Option<(u32, u32)>, Stopped> {
        let sh = ctx.shape;
        if let Some(l) = links {
            // A static search leaves the board as it is.
            // (Its places are never read: an empty set allocates nothing.)
            return self.chain_inner(ctx, Some(l), sh, cands, &mut Places::default(), run);
        }
        // Without static links the search is a dynamic one (see `Chaining::dyn_off_to_on`).
        debug_assert!(self.dynamic);
        let mut places = ctx.places.pop().unwrap_or_default();
        places.fill(sh, cands);
        let result = self.chain_inner(ctx, None, sh, cands, &mut places, run);
        cands.copy_from_slice(&places.save);
        ctx.places.push(places);
        result
    }

    pub(super) fn chain_inner(
        &self,
        ctx: &mut Ctx<'_>,
        links: Option<&Links>,
        sh: &Shape,
        cands: &mut [u64],
        places: &mut Places,
        run: &mut Run,
    ) -> Result<Option<(u32, u32)>, Stopped> {
        let y = !self.nishio;
        // The queues are the run's own "on" and "off" lists read in insertion order: every
        // node stored is queued, and nothing else is.
        let (mut hon, mut hoff) = (0, 0);
        let mut offs = std::mem::take(&mut ctx.offs_buf);
        let mut ons = std::mem::take(&mut ctx.ons_buf);
        let result = loop {
            if hon < run.on.len() {
                let p = run.on[hon];
                hon += 1;
                let pp = run.nodes[p as usize].pot;
                match links {
                    Some(l) => Self::on_to_off(l, pp, y, &mut offs),
                    None => Self::dyn_on_to_off(sh, cands, places, pp, y, &mut offs),
                }
                let mut absurd = None;
                for &q in &offs {
                    if let Some(on) = run.get(q | 1) {
                        let id = run.node(q, &[p], Cause::Off);
                        absurd = Some((on, id));
                        break;
                    }
                    if run.get(q).is_none() {
                        let id = run.node(q, &[p], Cause::Off);
                        run.store(id);
                    }
                }
                if absurd.is_some() {
                    break Ok(absurd);
                }
            } else if hoff < run.off.len() {
                let p = run.off[hoff];
                hoff += 1;
                let pp = run.nodes[p as usize].pot;
                // (Only the dynamic searches have no static links; they take each "off"
                // off the board as they expand it.)
                match links {
                    Some(l) => Self::off_to_on(l, p, pp, y, true, &mut ons),
                    None => Self::dyn_off_to_on(sh, cands, places, run, p, pp, y, &mut ons),
                }
                let mut absurd = None;
                for k in 0..ons.items.len() {
                    let (q, s, l, cause) = ons.items[k];
                    let parents = &ons.par[s as usize..(s + l) as usize];
                    if let Some(off) = run.get(q & !1) {
                        let id = run.node(q, parents, cause);
                        absurd = Some((id, off));
                        break;
                    }
                    if run.get(q).is_none() {
                        let id = run.node(q, parents, cause);
                        run.store(id);
                    }
                }
                if absurd.is_some() {
                    break Ok(absurd);
                }
            }
            if hon == run.on.len() && hoff == run.off.len() {
                if self.level == 0 {
                    break Ok(None);
                }
                if let Err(e) = ctx.tick() {
                    break Err(e);
                }
                let adv = match advanced::potentials(ctx, self.level, cands, &places.save) {
                    Ok(a) => a,
                    Err(e) => break Err(e),
                };
                for adv in adv {
                    if run.get(adv.pot).is_none() {
                        let parents: Vec<u32> =
                            adv.parents.iter().filter_map(|&p| run.get(p)).collect();
                        let id = run.node(adv.pot, &parents, Cause::Advanced);
                        run.nodes[id as usize].nested = adv.nested;
                        run.nodes[id as usize].nested_key = adv.nested_key;
                        run.store(id);
                    }
                }
                if hoff == run.off.len() {
                    break Ok(None);
                }
            }
        };
        ctx.offs_buf = offs;
        ctx.ons_buf = ons;
        result
    }

    /// A general search from the single assumption `source`: its run and the contradiction it
    /// met, if any. (On a stop the run goes back to the pool.)
    pub(super) fn search_from(
        &self,
        ctx: &mut Ctx<'_>,
        links: Option<&Links>,
        cands: &mut [u64],
        source: u32,
    ) -> Result<(Run, Option<(u32, u32)>), Stopped> {
        let mut run = ctx.run();
        let r = run.node(source, &[], Cause::Assumption);
        run.store(r);
        match self.chain(ctx, links, cands, &mut run) {
            Ok(absurd) => Ok((run, absurd)),
            Err(e) => {
                ctx.recycle(run);
                Err(e)
            }
        }
    }
}
