//! The chain finder: per start, which searches to make (the closure prunes), and what a
//! reached state proves — an open chain's eliminations, a continuous loop's, a
//! discontinuous loop's placement or elimination — as a [`Step`] with its sentence.
//!
//! Design decision: one finder type configured by [`Kind`] (which links) and [`Report`]
//! (what to report), so X-chains, XY-chains, AICs and nice loops share one search and
//! differ only in their filter and their conclusion.

use super::certify;
use super::probe::{self, Event};
use super::regraph;
use super::state::{KeptAics, XyMiss};
use super::*;
use crate::hodoku_choice::{self, Rank};
use crate::techniques::table::{AIC, GROUPED_AIC};

/// `step` with every node of a chain highlighted ("on" nodes in one colour, "off" in the
/// other) and the chain's cells named; with `lazy` (see [`Finder::lazy_text`]) left as it is,
/// [`chain_marked`] marking the step kept from its chain — the same marks: the chain's nodes
/// are the path's, cells, digit and value ([`to_chain`]).
pub(super) fn marked(links: &Links, mut step: Step, path: &[(u32, bool)], lazy: bool) -> Step {
    if lazy {
        return step;
    }
    for &(pv, pval) in path {
        let d = links.digit(pv);
        for c in links.cells(pv) {
            step = step.mark(c, d, if pval { Role::ColorA } else { Role::ColorB });
        }
    }
    step.cells(path.iter().flat_map(|p| links.cells(p.0)))
}

/// The marks [`marked`] left out of a lazy step, from its first chain: before the marks the
/// step has (`first`: an open chain's, marked before its eliminations) or after them (a
/// loop's, marked after).
fn chain_marked(mut step: Step, first: bool) -> Step {
    let Some(chain) = step.highlight.chains.first() else {
        return step;
    };
    let mut marks = Vec::new();
    let mut cells = Vec::new();
    for n in &chain.nodes {
        let role = if n.on { Role::ColorA } else { Role::ColorB };
        for &c in &n.cells {
            marks.push((
                Candidate {
                    cell: c,
                    digit: n.digit,
                },
                role,
            ));
            cells.push(c);
        }
    }
    let candidates = &mut step.highlight.candidates;
    if first {
        candidates.splice(0..0, marks);
    } else {
        candidates.extend(marks);
    }
    step.cells(cells)
}

/// Largest candidate count (cells × digits) whose closure is kept and used to prune.
pub(super) const MAX_CACHED_CANDIDATES: usize = 16 * 16 * 16;

/// Largest number of live nodes (candidates and groups) a discontinuous-loop search on a
/// bigger grid builds a closure for: its reach rows take nodes² / 2 bits (about 134 MB here;
/// an empty 64×64 grid would need 34 GB).
pub(super) const MAX_CLOSURE_NODES: usize = 16_384;

pub(super) fn to_chain(links: &Links, path: &[(u32, bool)], closed: bool) -> Chain {
    let nodes: Vec<ChainNode> = path
        .iter()
        .map(|&(v, val)| {
            if links.is_group(v) {
                ChainNode::group(links.cells(v), links.digit(v), val)
            } else {
                let (c, d) = links.split(v);
                ChainNode::new(c, d, val)
            }
        })
        .collect();
    let mut kinds: Vec<LinkKind> = path
        .windows(2)
        .map(|w| {
            if w[0].1 {
                LinkKind::Weak
            } else {
                LinkKind::Strong
            }
        })
        .collect();
    if closed {
        kinds.push(LinkKind::Weak);
    }
    Chain {
        nodes,
        links: kinds,
    }
}

/// Whether a path's nodes are all distinct and no two cover the same candidate (BFS can
/// revisit a node with the other value, which is what loops need, but a plain chain must
/// not; a group must not overlap a candidate or group of the chain).
pub(super) fn simple(links: &Links, path: &[(u32, bool)]) -> bool {
    let mut seen: Vec<(u16, u8)> = Vec::with_capacity(path.len() + 4);
    for p in path {
        links.covers(p.0, &mut seen);
    }
    seen.sort_unstable();
    seen.windows(2).all(|w| w[0] != w[1])
}

/// Whether a chain may be reported: [`simple`], except in HoDoKu's order, where HoDoKu's own
/// lasso rule decides (a node's first cell in no earlier node but the one just before it,
/// which lets a group overlap an earlier candidate; `aic`: not even the start cell).
fn reportable(links: &Links, path: &[(u32, bool)], hodoku: bool, aic: bool) -> bool {
    if !hodoku {
        return simple(links, path);
    }
    let first = |&(v, _): &(u32, bool)| {
        if links.is_group(v) {
            links.group(v).cells[0]
        } else {
            links.split(v).0
        }
    };
    let cells = |&(v, _): &(u32, bool), out: &mut Vec<Cell>| {
        if links.is_group(v) {
            out.extend(&links.group(v).cells);
        } else {
            out.push(links.split(v).0);
        }
    };
    hodoku_choice::lasso_free_by(path, first, cells, aic)
}

/// The AIC finder of `kind` (Any or Grouped), whose chains the continuous-loop finder of the
/// same kind collects.
fn aic_finder(kind: Kind) -> ChainFinder {
    ChainFinder {
        info: if kind == Kind::Grouped {
            &GROUPED_AIC
        } else {
            &AIC
        },
        kind,
        report: Report::Ends,
    }
}

/// A generic chain finder.
pub struct ChainFinder {
    /// The technique row.
    pub info: &'static TechniqueInfo,
    /// Links allowed.
    pub kind: Kind,
    /// What it reports.
    pub report: Report,
}

/// What a [`ChainFinder`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Report {
    /// Open chains: S or V, eliminations of what sees both ends.
    Ends,
    /// Discontinuous loops: a start that implies itself true, or its own negation.
    Discontinuous,
    /// Continuous loops.
    Continuous,
}

/// Cells holding `d` that see both `a` and `b` (neither of them).
pub(super) fn seeing_both(g: &CandidateGrid, a: Cell, b: Cell, d: Digit) -> Vec<Cell> {
    g.peers(a)
        .iter()
        .copied()
        .filter(|&c| c != b && g.has(c, d) && g.sees(c, b))
        .collect()
}

impl ChainFinder {
    pub(super) fn rating(&self, path_len: usize) -> f32 {
        let base = match self.kind {
            Kind::X | Kind::Xy => self.info.se,
            Kind::Any | Kind::Grouped => 7.0,
        };
        base + length_increment::<f32>(path_len)
    }

    /// The chain of an open chain's step (an AIC: `start` false at one end, the state `fd`
    /// reached at the other) when it removes something and may be reported, else `None`:
    /// what [`Report::Ends`] reports, tested without building the step and its sentence
    /// ([`ChainFinder::ends_built`] does that from the chain).
    pub(super) fn ends_path(
        &self,
        g: &CandidateGrid,
        links: &Links,
        start: u32,
        grouped: bool,
        fd: &Found<'_>,
        hodoku: bool,
    ) -> Option<Vec<(u32, bool)>> {
        let (v, val) = fd.last;
        // HoDoKu builds an AIC from both its ends (each end's own table): under `hodoku` both
        // directions are reported, otherwise the one from the lower start.
        if !val || (v <= start && !hodoku) || fd.len < 4 || fd.grouped != grouped {
            return None;
        }
        if !self.ends_remove(g, links, start, v) {
            return None;
        }
        let fdp = fd.path();
        reportable(links, &fdp, hodoku, true).then_some(fdp)
    }

    /// Whether an open chain from `start` (false) to `v` (true) removes something: the
    /// candidates [`ChainFinder::ends_eliminations`] lists, tested without listing them.
    fn ends_remove(&self, g: &CandidateGrid, links: &Links, start: u32, v: u32) -> bool {
        let (sc, sd) = links.split(start);
        let vd = links.digit(v);
        if links.is_group(v) {
            if vd != sd {
                return false;
            }
            let seen = links.seen(g, v);
            g.peer_set(sc)
                .iter()
                .any(|c| seen.contains(c) && g.has(c, sd))
        } else {
            let vc = links.split(v).0;
            if vc == sc {
                false
            } else if vd == sd {
                g.peers(sc)
                    .iter()
                    .any(|&c| c != vc && g.has(c, sd) && g.sees(c, vc))
            } else {
                !matches!(self.kind, Kind::X | Kind::Xy)
                    && g.sees(sc, vc)
                    && (g.has(vc, sd) || g.has(sc, vd))
            }
        }
    }

    /// What an open chain from `start` (false) to `v` (true) removes, in the order its step
    /// lists them: a group end's digit from the cells seeing the start and the whole group;
    /// the same digit at both ends, from the cells seeing both; two digits in peer cells, each
    /// from the other end's cell.
    fn ends_eliminations(
        &self,
        g: &CandidateGrid,
        links: &Links,
        start: u32,
        v: u32,
    ) -> Vec<(Cell, Digit)> {
        let (sc, sd) = links.split(start);
        let mut elims: Vec<(Cell, Digit)> = Vec::new();
        let vd = links.digit(v);
        let vc = links.cells(v)[0];
        if links.is_group(v) {
            // A group end: its digit goes from cells seeing the start
            // and the whole group.
            if vd != sd {
                return elims;
            }
            let mut both = links.seen(g, v).clone();
            both.intersect_with(g.peer_set(sc));
            elims.extend(both.iter().filter(|&c| g.has(c, sd)).map(|c| (c, sd)));
        } else if vc == sc {
            // same cell: a discontinuous loop, reported there
        } else if vd == sd {
            elims.extend(seeing_both(g, sc, vc, sd).into_iter().map(|c| (c, sd)));
        } else if !matches!(self.kind, Kind::X | Kind::Xy) && g.sees(sc, vc) {
            if g.has(vc, sd) {
                elims.push((vc, sd));
            }
            if g.has(sc, vd) {
                elims.push((sc, vd));
            }
        }
        elims
    }

    /// The [`Rank`] [`hodoku_choice::rank`] gives the step [`ChainFinder::ends_built`] builds
    /// from the AIC `path` (when `best` may take it at all), worked out without building it:
    /// the step's eliminations are [`ChainFinder::ends_eliminations`]' (sorted by digit, then
    /// cell, as the rank sums them), and an AIC's found order is its premise's, the start
    /// (the chain's first node, "off").
    pub(super) fn ends_rank(&self, g: &CandidateGrid, links: &Links, path: &[(u32, bool)]) -> Rank {
        let start = path[0].0;
        let v = path[path.len() - 1].0;
        let mut list: Vec<(usize, u8)> = (self.ends_eliminations(g, links, start, v).into_iter())
            .map(|(c, d)| (c.index(), d.get()))
            .collect();
        list.sort_unstable_by_key(|&(c, d)| (d, c));
        list.dedup();
        let (sc, sd) = links.split(start);
        (
            0,
            usize::MAX - list.len(),
            hodoku_choice::weighted_sum(list.iter().copied()),
            hodoku_choice::loop_order(true, false, sc.index(), sd.get()),
        )
    }

    /// The step of an open chain `path` that [`ChainFinder::ends_path`] let through, with
    /// its sentence (`lazy`: none yet, [`Technique::finish`] writes the kept step's).
    pub(super) fn ends_built(
        &self,
        g: &CandidateGrid,
        links: &Links,
        path: &[(u32, bool)],
        lazy: bool,
    ) -> Step {
        let start = path[0].0;
        let v = path[path.len() - 1].0;
        let sd = links.digit(start);
        let vd = links.digit(v);
        let elims = self.ends_eliminations(g, links, start, v);
        let chain = to_chain(links, path, false);
        let mut step = marked(
            links,
            Step::new(self.info)
                .rated(self.rating(path.len()))
                .digits([sd, vd]),
            path,
            lazy,
        );
        for &(c, d) in &elims {
            step = step.eliminate(c, d).mark(c, d, Role::Eliminated);
        }
        let text = self.sentence(g, &chain, &step, lazy);
        step.chain(chain).text(text)
    }

    /// The sentence of a step with `chain` and `step`'s eliminations: the chain, then what
    /// it proves ([`ChainFinder::conclusion`]); with `lazy` (a finder with lazy text, see
    /// [`Finder::lazy_text`]) none: [`Technique::finish`] writes the kept step's, the same
    /// sentence, built once.
    pub(super) fn sentence(
        &self,
        g: &CandidateGrid,
        chain: &Chain,
        step: &Step,
        lazy: bool,
    ) -> String {
        if lazy {
            // A continuous loop's conclusion lists its eliminations in the loop's order,
            // which `finish` cannot see (a kept step's come sorted): its conclusion alone.
            if self.report == Report::Continuous {
                return loop_conclusion(g.layout(), &step.eliminations);
            }
            String::new()
        } else {
            self.text_for(g, chain, &self.conclusion(g, chain, &step.eliminations))
        }
    }

    /// What a chain of this finder proves, read off the chain and its eliminations `elims`
    /// alone, so a lazy step's is written for the step kept only. An open chain: its start
    /// false makes its end true. A continuous loop: its weak links are strong. A
    /// discontinuous loop from S (the first node, "on" when assumed true): S true leads to a
    /// contradiction; S false makes S true, or another digit of its cell true, or (HoDoKu's
    /// loops, ending "off") another digit of its cell false.
    fn conclusion(&self, g: &CandidateGrid, chain: &Chain, elims: &[Candidate]) -> String {
        let l = g.layout();
        let (first, last) = (&chain.nodes[0], &chain.nodes[chain.nodes.len() - 1]);
        let (sd, vd) = (first.digit, last.digit);
        let name = crate::render::cell_name(l, first.cells[0]);
        match self.report {
            Report::Ends => {
                let end = if last.cells.len() == 1 {
                    format!(
                        "makes {}={vd} true",
                        crate::render::cell_name(l, last.cells[0])
                    )
                } else {
                    format!(
                        "puts {vd} in one of {}",
                        crate::render::cells_name(l, &last.cells)
                    )
                };
                // The text names cells in the order of their first elimination, which is
                // `ends_eliminations`' order: the end's cell, then the start's, when the two
                // ends hold different digits; else cell order. Put back in that order, since
                // a kept step's eliminations come sorted (`Step::normalized`).
                let two = last.cells.len() == 1 && sd != vd;
                let at_end = |e: &&Candidate| two && e.cell == last.cells[0];
                let ordered: Vec<Candidate> = (elims.iter().filter(at_end))
                    .chain(elims.iter().filter(|e| !at_end(e)))
                    .copied()
                    .collect();
                format!(
                    "if {name}={sd} is false the chain {end}, so one of the two ends is true, and {}.",
                    eliminations_text(l, &ordered),
                )
            }
            // Only for a step built at once: a lazy one keeps its conclusion (see
            // `ChainFinder::sentence`).
            Report::Continuous => loop_conclusion(l, elims),
            Report::Discontinuous => match (first.on, last.on) {
                (true, _) => {
                    format!("assuming {name}={sd} leads to a contradiction, so {name} is not {sd}.")
                }
                (false, false) => {
                    format!("if {name} is not {sd} it is not {vd} either: so it is not {vd}.")
                }
                (false, true) if vd == sd => format!(
                    "if {name} were not {sd} the chain would make it {sd}: so it is {sd}, and its other candidates are removed."
                ),
                (false, true) => {
                    format!("if {name} is not {sd} it is {vd}: its other candidates are removed.")
                }
            },
        }
    }

    pub(super) fn text_for(&self, g: &CandidateGrid, chain: &Chain, conclusion: &str) -> String {
        let mut s = String::new();
        let _ = write!(s, "{} — ", chain_text(g.layout(), chain));
        s.push_str(conclusion);
        s
    }
}

/// A continuous loop's conclusion: its weak links are strong, and `elims` (in the loop's
/// order) go.
fn loop_conclusion(l: &sudokit_core::Layout, elims: &[Candidate]) -> String {
    format!(
        "the loop closes, so every weak link in it is strong, and {}.",
        eliminations_text(l, elims)
    )
}

/// Whether state (`v`, `val`), `v` a candidate of the start's cell, is one where a HoDoKu
/// discontinuous loop from (`start`, `start_val`) may conclude: from "S true", "S false" or
/// another digit of the cell true; from "S false", "S true" or another digit of the cell
/// false (the search's other states of the cell conclude nothing, see the finder).
fn ends_in_cell(v: u32, val: bool, start: u32, start_val: bool) -> bool {
    if v == start {
        val != start_val
    } else {
        val == start_val
    }
}

/// The least [`Rank`] a step of a discontinuous loop from `sd` in cell `sc`, assumed
/// `start_val`, can have, so that a search whose least rank is above the group's best so far
/// ([`Finder::bound`]) can be left out: [`hodoku_choice::best`] would never take one of its
/// steps. Every step of such a search removes candidates of `sc` only and starts at S,
/// which fixes its found order: "S true" removes S; "S false" removes all the cell's other
/// digits when it reaches S true, all of them but `e` when it reaches `e` true, and (in
/// HoDoKu's order) `e` when it reaches `e` false. `reached(e, val)` says whether the search
/// may conclude at that state of the cell (`true` when not known), so the least of those
/// ranks bounds every step's. A search leaves nothing behind in a memo (only open chains and
/// continuous loops remember what they found, see [`DigitMisses`](crate::memo::DigitMisses)
/// and [`KeptAics`]), so none records a miss.
fn least_loop_rank(
    g: &CandidateGrid,
    sc: Cell,
    sd: Digit,
    start_val: bool,
    reached: impl Fn(Digit, bool) -> bool,
) -> Option<Rank> {
    let c = sc.index();
    let rank = |digits: DigitSet| {
        (!digits.is_empty()).then(|| {
            (
                0,
                usize::MAX - digits.len() as usize,
                hodoku_choice::weighted_sum(digits.iter().map(|d| (c, d.get()))),
                hodoku_choice::loop_order(false, start_val, c, sd.get()),
            )
        })
    };
    if start_val {
        return rank(DigitSet::single(sd));
    }
    let mut others = g.candidates(sc);
    others.remove(sd);
    let mut least = reached(sd, true).then(|| rank(others)).flatten();
    for e in others.iter() {
        let mut but_e = others;
        but_e.remove(e);
        for r in [
            reached(e, true).then(|| rank(but_e)).flatten(),
            reached(e, false)
                .then(|| rank(DigitSet::single(e)))
                .flatten(),
        ]
        .into_iter()
        .flatten()
        {
            least = Some(least.map_or(r, |l: Rank| l.min(r)));
        }
    }
    least
}

/// The digits on which the X-chain finder `x` is known to report nothing on `g`
/// ([`DigitMisses`](crate::memo::DigitMisses)): those whose plane is one it missed on, and
/// those whose plane is a subset of such a plane with the same houses holding the digit
/// exactly twice.
///
/// *Exactness.* An X-chain of digit `d` reads only `d`'s plane: its strong links are the
/// pairs of a house holding `d` twice ([`HOUSE`] links), its weak links from a "true" state
/// go to the peers holding `d` (in cell order), and it removes `d` from cells holding it that
/// see both ends ([`ChainFinder::ends_remove`]). Take a plane that is a subset of the miss
/// plane, with the same houses holding `d` twice: those houses hold the same two cells (a
/// subset of two of them, two of them), so the strong links are the same, in the same order,
/// and every cell gone had none. Its starts (candidates with a strong link) are the same, in
/// the same order. A "false" state with no strong link is a leaf of the search: reached,
/// neither expanded nor queued ([`search()`]), and an open chain's search visits "true"
/// states only. So each "true" state's weak list reaches the same non-leaf states in the same
/// order (only leaves left it), and every search queues and expands the same states in the
/// same order, with the same parents and depths, and reaches the same "true" states by the
/// same chains; each chain removes what it removed on the miss plane that is still there:
/// nothing. The other digits' searches are untouched (each search reads its own start's
/// plane), so the finder reports exactly what it reports when `d` is searched. The kept miss
/// plane stays the one compared with.
fn x_chain_misses(x: &ChainFinder, g: &CandidateGrid, f: &Finder<'_>) -> crate::memo::DigitMisses {
    crate::memo::DigitMisses::new(x.info.id, g, f, !probe::no_pairs(f.memory()))
}

impl Technique for ChainFinder {
    fn info(&self) -> &'static TechniqueInfo {
        self.info
    }
    /// Writes the chain in front of a lazy step's conclusion and marks its nodes (the
    /// sentence and marks a finder without lazy text makes at once): an open chain's marks
    /// come before its eliminations', a loop's after them.
    fn finish(&self, g: &CandidateGrid, step: Step) -> Step {
        match step.highlight.chains.first() {
            Some(chain) => {
                let text = if self.report == Report::Continuous {
                    self.text_for(g, chain, &step.text)
                } else {
                    self.text_for(g, chain, &self.conclusion(g, chain, &step.eliminations))
                };
                chain_marked(step.text(text), self.report == Report::Ends)
            }
            None => step,
        }
    }
    fn find(&self, g: &CandidateGrid, f: &mut Finder<'_>) {
        let grouped = self.kind == Kind::Grouped;
        // AICs (of the kinds that have continuous loops) may be known from the loop search.
        let fused =
            matches!(self.kind, Kind::Any | Kind::Grouped) && self.report != Report::Discontinuous;
        let key = fused.then(|| (g.state_key(), self.kind, f.options.clone()));
        if self.report == Report::Ends
            && let Some(key) = &key
        {
            let known = f
                .memory()
                .chains
                .aic_steps
                .borrow()
                .as_ref()
                .filter(|(k, _)| k == key)
                .map(|(_, kept)| (kept.links.clone(), kept.paths.clone()));
            if let Some((links, paths)) = known {
                probe::count(f.memory(), Event::Replayed);
                let aic = aic_finder(self.kind);
                // The steps the loop search's AIC finder would have built, built now — except,
                // for a group member (HoDoKu's order, see [`Finder::bound`]), a step whose rank
                // is above the group's best so far: `best` never takes it, and nothing here
                // remembers a miss. Its rank comes from its chain's ends alone
                // ([`ChainFinder::ends_rank`]).
                for path in &paths {
                    if f.bound()
                        .is_some_and(|bound| aic.ends_rank(g, &links, path) > bound)
                    {
                        continue;
                    }
                    if !f.emit(aic.ends_built(g, &links, path, f.lazy_text())) {
                        return;
                    }
                }
                return;
            }
        }
        // An XY-chain finder that missed on a grid with the same bivalue cells, of which this
        // one is a refinement, misses here too (see [`XyMiss`]).
        let xy_memo =
            self.kind == Kind::Xy && self.report == Report::Ends && !probe::unpruned(f.memory());
        if xy_memo
            && (f.memory().chains.xy_miss.borrow().as_ref()).is_some_and(|m| m.covers(g, f.options))
        {
            probe::count(f.memory(), Event::XyMiss);
            return;
        }
        let emitted_before = f.emitted();
        // The AIC finder whose chains the continuous-loop search also collects.
        let aic = aic_finder(self.kind);
        let mut aic_paths: Vec<Vec<(u32, bool)>> = Vec::new();
        // An X-chain lies on one digit's plane: digits whose plane had none are skipped, and
        // so are digits whose plane only lost candidates of no strong link since (see
        // [`x_chain_misses`]).
        let digit_misses = (self.kind == Kind::X && self.report == Report::Ends)
            .then(|| x_chain_misses(self, g, f));
        if digit_misses
            .as_ref()
            .is_some_and(|m| m.skip == DigitSet::full(g.size()))
        {
            return;
        }
        let memory = f.memory();
        // A grouped grid certified from the remembered grid's graph and the grid difference,
        // before its own graph is built (see [`super::regraph`]); on "maybe" the graph is
        // built and the certificate below asked as before.
        let lazy = if grouped
            && !f.options.chain_als
            && g.cell_count() * g.size() <= MAX_CACHED_CANDIDATES
            && !probe::unpruned(memory)
        {
            regraph::ask(g, memory)
        } else {
            regraph::Answer::NotAsked
        };
        if let regraph::Answer::Certified(old) = lazy {
            probe::count(memory, Event::Certified);
            if self.report == Report::Continuous
                && let Some(key) = key
            {
                *memory.chains.aic_steps.borrow_mut() = Some((key, KeptAics::none(old)));
            }
            return;
        }
        let links = cached_links(g, grouped, grouped && f.options.chain_als, memory);
        // HoDoKu finds loops and AICs with its tables (see `search`), which hold every chain
        // however long; its X- and XY-chains come from another search, limited to 20 links.
        let hodoku = f.options.hodoku && matches!(self.kind, Kind::Any | Kind::Grouped);
        let max = if hodoku {
            usize::MAX
        } else {
            f.options.max_chain.max(4)
        };
        let mut borrowed = Borrowed::take(memory);
        let scratch = &mut borrowed.scratch;
        let n = g.size();
        // Discontinuous loops are searched only from the starts the closure leaves possible
        // (on top1465, 0.2% of the "true" starts and 40% of the "false" ones); open chains and
        // continuous loops only from starts that may remove something (see [`Closure`]; a
        // continuous loop's ALS links remove by another argument, so with ALS nodes every
        // start is searched).
        let has_als = !links.als.is_empty();
        // The closure's reach rows take (states / 8) bytes per component: kept and used for
        // pruning up to 16×16 grids (about 8 MB at most), built afresh above that only for
        // discontinuous loops, which need it (as HoDoKu-order finders always did).
        let small = links.cands <= MAX_CACHED_CANDIDATES;
        let prunes = matches!(self.kind, Kind::Any | Kind::Grouped) && small;
        let unpruned = probe::unpruned(memory);
        // After a grid whose graph had no self-contradicting candidate, a refined grid's new
        // links are checked instead of building the closure (see [`super::certify`]): when
        // none can make one, no chain or loop of this kind removes anything.
        let certifies = prunes && !unpruned && certify::applies(self.kind, &links);
        let asked = matches!(lazy, regraph::Answer::Maybe);
        if certifies && !asked && certify::certified(g, &links, self.kind, memory) {
            probe::count(memory, Event::Certified);
            if self.report == Report::Continuous
                && let Some(key) = key
            {
                *memory.chains.aic_steps.borrow_mut() = Some((key, KeptAics::none(links.clone())));
            }
            return;
        }
        let closure = if prunes || (self.report == Report::Discontinuous && small) {
            Some(cached_closure(g, &links, self.kind, has_als, memory))
        } else if self.report == Report::Discontinuous
            && g.candidate_count() + (links.strong.len() - links.cands) <= MAX_CLOSURE_NODES
        {
            Some(std::rc::Rc::new(Closure::new(g, &links, self.kind)))
        } else {
            // Too big to build (its reach rows grow with the square of the nodes): every
            // start is searched, which finds the same loops (the closure only prunes).
            None
        };
        if certifies && let Some(cl) = &closure {
            certify::remember(g, &links, self.kind, cl.any_contra, memory);
        }
        let closure_prunes = closure.as_ref().filter(|_| prunes);
        // No self-contradicting candidate: no open chain, continuous or discontinuous loop
        // removes anything (argued at [`Closure`] and in [`super::certify`]).
        if !has_als && !unpruned && closure_prunes.is_some_and(|cl| !cl.any_contra) {
            if self.report == Report::Continuous
                && let Some(key) = key
            {
                *memory.chains.aic_steps.borrow_mut() = Some((key, KeptAics::none(links.clone())));
            }
            probe::count(f.memory(), Event::SkipGrid);
            return;
        }
        let mut hit_digits = DigitSet::EMPTY;
        let lazy_text = f.lazy_text();
        // A continuous-loop search's nodes whose "true" state may conclude (see there).
        let mut targets: Vec<u32> = Vec::new();
        // The grid's candidates in node order (cells, then digits, ascending).
        let live = g
            .cells()
            .flat_map(|c| g.candidates(c).iter().map(move |d| (c, d)));
        for (sc, sd) in live {
            // On big grids one search can run long: give up at the deadline, remembering
            // nothing (neither AICs nor misses) of a search cut short.
            if f.out_of_time() {
                return;
            }
            let start = node(n, sc, sd);
            // A search from "start false" with no strong link of the kind expands nothing
            // and reaches nothing (X- and XY-chains: a start with only bivalue or only house
            // links), so it is not made (`tests::closure_pruning_hides_no_chain` compares
            // with the searches made, `unpruned`).
            if self.report != Report::Discontinuous
                && (links.strong[start as usize].is_empty()
                    || (!unpruned
                        && !links.strong[start as usize]
                            .iter()
                            .any(|&(_, tag)| search::allows(self.kind, tag))))
            {
                continue;
            }
            if digit_misses.as_ref().is_some_and(|m| m.skip.contains(sd)) {
                continue;
            }
            let mut go = true;
            let before = f.emitted();
            // Asked only by the finders that use them (a discontinuous-loop search asks neither).
            let may_end = || {
                unpruned || closure_prunes.is_none_or(|cl| cl.chain_may_remove(g, &links, start))
            };
            let may_loop =
                || has_als || unpruned || closure_prunes.is_none_or(|cl| cl.loop_may_remove(start));
            // One search from this start (`true_only`: see [`search()`]).
            let mut run =
                |start_val: bool, true_only: bool, visit: &mut dyn FnMut(&Found<'_>) -> bool| {
                    search(
                        &links, self.kind, start, start_val, max, scratch, hodoku, true_only, visit,
                    )
                };
            match self.report {
                Report::Ends if !may_end() => {
                    probe::count(
                        f.memory(),
                        if has_als {
                            Event::SkipEndsAls
                        } else {
                            Event::SkipEnds
                        },
                    );
                }
                Report::Continuous if !(may_loop() || (fused && may_end())) => {
                    probe::count(f.memory(), Event::SkipLoop);
                }
                Report::Ends => {
                    // An open chain ends on a true node (`ends_path`).
                    go = run(false, true, &mut |fd| match self
                        .ends_path(g, &links, start, grouped, fd, hodoku)
                    {
                        Some(path) => f.emit(self.ends_built(g, &links, &path, lazy_text)),
                        None => true,
                    });
                }
                Report::Discontinuous => {
                    for start_val in [false, true] {
                        if !start_val && links.strong[start as usize].is_empty() {
                            continue;
                        }
                        // In HoDoKu's order a loop concludes only at a state of S's cell (see
                        // `ends_in_cell`), and the search from S, unbounded there, reaches
                        // exactly what the closure says it reaches: the states of S's cell
                        // it will reach are counted, and once it has reached them all no later
                        // state can conclude, so the search stops there (the same steps, in
                        // the same order; on top1465 the last of them comes after a fifth of
                        // the states a "false" search reaches).
                        // (Counted on the start state's reach row: [`Closure::cell_ends`].)
                        let mut left = match (&closure, hodoku) {
                            (Some(cl), true) => {
                                let cs = g.candidates(sc);
                                let first = cs.iter().next().map_or(start, |e| node(n, sc, e));
                                cl.cell_ends(start, start_val, first, cs.len() as usize)
                            }
                            _ => usize::MAX,
                        };
                        // In HoDoKu's order a search is made when one of those states is
                        // reached. Otherwise "S true" concludes only by reaching "S false";
                        // "S false" only by reaching a digit of S's cell true.
                        let may = left > 0
                            && (hodoku
                                || closure.as_ref().is_none_or(|cl| {
                                    if start_val {
                                        cl.reaches((start, true), (start, false))
                                    } else {
                                        g.candidates(sc).iter().any(|e| {
                                            cl.reaches((start, false), (node(n, sc, e), true))
                                        })
                                    }
                                }));
                        if !may {
                            continue;
                        }
                        // In HoDoKu's order a group member may leave out a search none of
                        // whose steps can be the group's best (see [`least_loop_rank`]).
                        if let Some(bound) = f.bound()
                            && least_loop_rank(g, sc, sd, start_val, |e, val| {
                                let v = node(n, sc, e);
                                !hodoku
                                    || closure.as_ref().is_none_or(|cl| {
                                        ends_in_cell(v, val, start, start_val)
                                            && cl.reaches((start, start_val), (v, val))
                                    })
                            })
                            .is_none_or(|least| least > bound)
                        {
                            continue;
                        }
                        let mut ended = false;
                        let mut conclude = |fd: &Found<'_>| {
                            let (v, val) = fd.last;
                            if fd.len < 4 || fd.grouped != grouped {
                                return true;
                            }
                            // Cheap tests first: most states reached conclude nothing.
                            // HoDoKu's loops end in the start cell (its tables' entries
                            // there): "S true" at S false or another digit of S true,
                            // "S false" at S true (and at another digit of S false, which
                            // removes that digit); a chain whose last link stays in the
                            // cell is left to the shorter one.
                            if hodoku {
                                if links.is_group(v) || links.split(v).0 != sc {
                                    return true;
                                }
                                let fdp = fd.path();
                                let before = fdp[fd.len - 2].0;
                                if links.cells(before)[0] == sc {
                                    return true;
                                }
                                if !start_val && !val && v != start {
                                    let vd = links.split(v).1;
                                    let step = Step::new(self.info)
                                        .rated(self.rating(fd.len))
                                        .eliminate(sc, vd)
                                        .mark(sc, vd, Role::Eliminated);
                                    if !reportable(&links, &fdp[..fd.len - 1], hodoku, false) {
                                        return true;
                                    }
                                    let chain = to_chain(&links, &fdp, false);
                                    let step = marked(&links, step, &fdp, lazy_text);
                                    let text = self.sentence(g, &chain, &step, lazy_text);
                                    return f.emit(step.digits([sd]).chain(chain).text(text));
                                }
                                if !start_val && links.split(v).1 != sd {
                                    // Both links strong, two digits: HoDoKu's continuous loop.
                                    return true;
                                }
                            }
                            let concludes = if start_val {
                                (v == start && !val) || (val && links.weak(g, v, start))
                            } else {
                                val && !links.is_group(v) && links.split(v).0 == sc
                            };
                            if !concludes {
                                return true;
                            }
                            let mut step = Step::new(self.info).rated(self.rating(fd.len));
                            if start_val {
                                // S true leads to S false, or to a true node that sees S
                                // (another digit in S's cell, S's digit in a peer or a
                                // group all of whose cells S sees): S is false.
                                let contradiction =
                                    (v == start && !val) || (val && links.weak(g, v, start));
                                if !contradiction {
                                    return true;
                                }
                                step = step.eliminate(sc, sd).mark(sc, sd, Role::Eliminated);
                            } else {
                                if links.is_group(v) || !val || links.split(v).0 != sc {
                                    return true;
                                }
                                let vd = links.split(v).1;
                                // S false makes S true (S is true), or makes another digit of
                                // its cell true (the cell holds one of the two).
                                let keep = if vd == sd {
                                    DigitSet::single(sd)
                                } else {
                                    DigitSet(DigitSet::single(sd).0 | DigitSet::single(vd).0)
                                };
                                for e in g.candidates(sc).iter().filter(|&e| !keep.contains(e)) {
                                    step = step.eliminate(sc, e).mark(sc, e, Role::Eliminated);
                                }
                            }
                            if step.is_empty() {
                                return true;
                            }
                            let fdp = fd.path();
                            // Every node but the last distinct (the last returns to the start).
                            if !reportable(&links, &fdp[..fd.len - 1], hodoku, false) {
                                return true;
                            }
                            let chain = to_chain(&links, &fdp, false);
                            let step = marked(&links, step, &fdp, lazy_text);
                            let text = self.sentence(g, &chain, &step, lazy_text);
                            f.emit(step.digits([sd]).chain(chain).text(text))
                        };
                        go = run(start_val, false, &mut |fd| {
                            if !conclude(fd) {
                                return false;
                            }
                            let (v, val) = fd.last;
                            if left != usize::MAX
                                && !links.is_group(v)
                                && links.split(v).0 == sc
                                && ends_in_cell(v, val, start, start_val)
                            {
                                left -= 1;
                                ended = left == 0;
                            }
                            !ended
                        }) || ended;
                        if !go {
                            break;
                        }
                    }
                }
                Report::Continuous => {
                    // `target`: whether the state reached may end an AIC that removes
                    // something (always, unless the targets below are known).
                    let hit = &mut |fd: &Found<'_>, target: bool| {
                        // Only the chain is kept: the AIC finder builds its step if it runs on
                        // this grid (in HoDoKu's order a discontinuous loop nearly always comes
                        // first, since every AIC elimination closes one).
                        if fused
                            && target
                            && let Some(path) = aic.ends_path(g, &links, start, grouped, fd, hodoku)
                        {
                            aic_paths.push(path);
                        }
                        let (v, val) = fd.last;
                        if !val
                            || fd.len < 4
                            || (!links.is_group(v) && v <= start && !hodoku)
                            || fd.grouped != grouped
                        {
                            return true;
                        }
                        // Closing weak link V -> S; HoDoKu's continuous loops close in the
                        // start cell ("S false" reaches another digit of S true, the last
                        // link from another cell).
                        if hodoku
                            && (links.is_group(v) || links.split(v).0 != sc || v == start || {
                                let p = fd.path();
                                links.cells(p[fd.len - 2].0)[0] == sc
                            })
                        {
                            return true;
                        }
                        if !links.weak(g, v, start) {
                            return true;
                        }
                        let fdp = fd.path();
                        if !reportable(&links, &fdp, hodoku, false) {
                            return true;
                        }
                        let mut path = fdp.clone();
                        path.push(fdp[0]);
                        // As HoDoKu, cells of the loop lose nothing through a house link
                        // (sound, but HoDoKu's classification depends on it).
                        let mut loop_cells = g.cell_set();
                        for p in &fdp {
                            for c in links.cells(p.0) {
                                loop_cells.insert(c);
                            }
                        }
                        let mut step = Step::new(self.info).rated(self.rating(fd.len));
                        for w in path.windows(2) {
                            let (a, b) = (w[0].0, w[1].0);
                            if !w[0].1 {
                                // A strong link through an ALS: in both directions of the
                                // loop one of its two digits is missing from it, so every
                                // other digit is locked in it.
                                if let Some(als) = links.als_between(a, b) {
                                    let (x, y) = (links.digit(a), links.digit(b));
                                    for z in als.cands.iter().filter(|&z| z != x && z != y) {
                                        for c in g.seen_by_all(&als.cells_with(g, z), z) {
                                            if !als.set.contains(c) {
                                                step = step.eliminate(c, z).mark(
                                                    c,
                                                    z,
                                                    Role::Eliminated,
                                                );
                                            }
                                        }
                                    }
                                }
                                continue;
                            }
                            // Every weak link (true -> false) of the loop becomes strong.
                            let (ad, bd) = (links.digit(a), links.digit(b));
                            if !links.is_group(a) && !links.is_group(b) && ad != bd {
                                let cell = links.split(a).0;
                                for e in g.candidates(cell).iter().filter(|&e| e != ad && e != bd) {
                                    step = step.eliminate(cell, e).mark(cell, e, Role::Eliminated);
                                }
                            } else {
                                let mut both = links.seen(g, a).clone();
                                both.intersect_with(links.seen(g, b));
                                for c in both.iter() {
                                    if g.has(c, ad) && !loop_cells.contains(c) {
                                        step = step.eliminate(c, ad).mark(c, ad, Role::Eliminated);
                                    }
                                }
                            }
                        }
                        if step.eliminations.is_empty() {
                            return true;
                        }
                        let chain = to_chain(&links, &fdp, true);
                        let step = marked(&links, step, &fdp, lazy_text);
                        let text = self.sentence(g, &chain, &step, lazy_text);
                        f.emit(step.digits([sd]).chain(chain).text(text))
                    };
                    // In HoDoKu's order (no ALS nodes) the search stops once it has reached
                    // every "true" state that may conclude, as the discontinuous one does: the
                    // other digits of S's cell (where HoDoKu's loops close) and the ends of
                    // the AICs kept — an AIC end removes a candidate X it sees, X in S's cell
                    // or S's digit in a peer (`ends_remove`), and X true reaches X false
                    // (see [`Closure`]): so the end is among the weak links' far ends of such
                    // an X. The search from S reaches exactly what the closure says; on
                    // top1465 the last of these states comes after about a third of the
                    // states reached (grouped: a quarter).
                    let mut left = usize::MAX;
                    if hodoku
                        && !has_als
                        && let Some(cl) = closure_prunes
                    {
                        targets.clear();
                        targets.extend(
                            g.candidates(sc)
                                .iter()
                                .map(|e| node(n, sc, e))
                                .filter(|&v| v != start),
                        );
                        for &x in &cl.contra_list {
                            let (xc, xd) = links.split(x);
                            if xc == sc || (xd == sd && g.sees(xc, sc)) {
                                targets.extend_from_slice(links.weak_of(x, self.kind));
                                if grouped {
                                    targets.extend(links.weak_groups[x as usize].iter());
                                }
                            }
                        }
                        targets.sort_unstable();
                        targets.dedup();
                        targets.retain(|&v| cl.reaches((start, false), (v, true)));
                        left = targets.len();
                        if left == 0 {
                            continue;
                        }
                    }
                    let mut ended = false;
                    // Loops close and kept AICs end on true nodes (`hit`'s first tests).
                    // A "true" state outside the targets ends no AIC that removes anything
                    // (the argument above), so the AIC end test is left out there.
                    go = run(false, true, &mut |fd| {
                        let (v, val) = fd.last;
                        let known = left != usize::MAX;
                        let target = val && (!known || targets.binary_search(&v).is_ok());
                        if !hit(fd, !known || target) {
                            return false;
                        }
                        if known && target {
                            left -= 1;
                            ended = left == 0;
                        }
                        !ended
                    }) || ended;
                }
            }
            if f.emitted() != before {
                hit_digits.insert(sd);
            }
            if !go || f.done() {
                return;
            }
        }
        if let Some(m) = &digit_misses {
            m.record(self.info.id, g, f, hit_digits);
        }
        if xy_memo && f.emitted() == emitted_before && !f.done() && !f.interrupted() {
            XyMiss::record(&memory.chains.xy_miss, g, f.options);
        }
        if self.report == Report::Continuous
            && let Some(key) = key
        {
            *memory.chains.aic_steps.borrow_mut() = Some((
                key,
                KeptAics {
                    links: links.clone(),
                    paths: aic_paths,
                },
            ));
        }
    }
}
