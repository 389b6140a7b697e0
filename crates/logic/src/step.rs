//! A [`Step`]: one application of one technique, as data — what it places, what it eliminates,
//! what to highlight (cells, candidates with their roles, houses, chains with strong and weak
//! links), its rating, and a sentence for people.
//!
//! Design decision: a step is plain data that any front end renders; the sentence is built by
//! the technique that found the step (it knows the pattern's vocabulary) from the same fields the
//! JSON shows, so text and JSON never disagree. Cells are stored as indices; rendering with
//! rows and columns needs the layout (see [`crate::render`]).

use sudokit_core::{Cell, Digit, House};

use crate::grid::CandidateGrid;
use crate::technique::TechniqueInfo;

/// One candidate: a digit in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Candidate {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
}

impl Candidate {
    /// A candidate.
    pub fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate { cell, digit }
    }
}

/// What a highlighted candidate does in the pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// Part of the pattern (subset digits, fish base candidates, chain nodes).
    Pattern,
    /// A fin (finned fish, the extra candidates of a uniqueness or BUG pattern).
    Fin,
    /// The candidate is eliminated by the step.
    Eliminated,
    /// The candidate is placed by the step.
    Placed,
    /// First colour (colouring) or "on" side.
    ColorA,
    /// Second colour or "off" side.
    ColorB,
    /// Another colour (multi colours: the second cluster).
    ColorC,
    /// Another colour (multi colours: the second cluster's other side).
    ColorD,
}

/// The kind of inference between two chain nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LinkKind {
    /// If the first node is false the second is true.
    Strong,
    /// If the first node is true the second is false.
    Weak,
}

/// One node of a chain: a digit in one cell, or in a group of cells of one house (grouped
/// chains), or an almost locked set (`als` holds its cells, `cells` the cells with `digit`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ChainNode {
    /// The cells (one for a plain node; several for a group or an ALS).
    pub cells: Vec<Cell>,
    /// The digit.
    pub digit: Digit,
    /// `true` when the chain asserts the digit is there ("on"), `false` when it is not.
    pub on: bool,
    /// For an ALS node: every cell of the almost locked set.
    pub als: Vec<Cell>,
}

impl ChainNode {
    /// A plain node.
    pub fn new(cell: Cell, digit: Digit, on: bool) -> ChainNode {
        ChainNode {
            cells: vec![cell],
            digit,
            on,
            als: Vec::new(),
        }
    }
    /// A group node (several cells of one house).
    pub fn group(cells: Vec<Cell>, digit: Digit, on: bool) -> ChainNode {
        ChainNode {
            cells,
            digit,
            on,
            als: Vec::new(),
        }
    }
}

/// A chain: nodes and the link from each node to the next (`links.len() == nodes.len() - 1`,
/// or `nodes.len()` for a loop, whose last link returns to the first node).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Chain {
    /// The nodes in order.
    pub nodes: Vec<ChainNode>,
    /// The links, `links[i]` between `nodes[i]` and `nodes[i + 1]`.
    pub links: Vec<LinkKind>,
}

impl Chain {
    /// Whether the last link closes the chain into a loop.
    pub fn is_loop(&self) -> bool {
        !self.nodes.is_empty() && self.links.len() == self.nodes.len()
    }
}

/// What a front end should highlight for a step.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Highlight {
    /// Cells of the pattern.
    pub cells: Vec<Cell>,
    /// Candidates with their role.
    pub candidates: Vec<(Candidate, Role)>,
    /// Houses the pattern lives in (base and cover sets, the house of a single, ...).
    pub houses: Vec<House>,
    /// Chains (several for forcing chains: one per branch).
    pub chains: Vec<Chain>,
}

/// One step of a solving path. See the module docs.
#[derive(Clone, Debug)]
pub struct Step {
    /// The technique.
    pub technique: &'static TechniqueInfo,
    /// The Sudoku Explainer rating of this instance (chains and uniqueness vary per instance).
    pub se: f32,
    /// The digits the pattern is about (subset digits, fish digit, UR pair, ...).
    pub digits: Vec<Digit>,
    /// Digits placed.
    pub placements: Vec<Candidate>,
    /// Candidates removed.
    pub eliminations: Vec<Candidate>,
    /// What to highlight.
    pub highlight: Highlight,
    /// The explanation for people, in rNcM notation.
    pub text: String,
}

impl Step {
    /// An empty step of `technique`, rated at the technique's base SE rating.
    pub fn new(technique: &'static TechniqueInfo) -> Step {
        Step {
            technique,
            se: technique.se,
            digits: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            highlight: Highlight::default(),
            text: String::new(),
        }
    }
    /// Adds a placement.
    pub fn place(mut self, cell: Cell, digit: Digit) -> Step {
        self.placements.push(Candidate { cell, digit });
        self
    }
    /// Adds an elimination.
    pub fn eliminate(mut self, cell: Cell, digit: Digit) -> Step {
        self.eliminations.push(Candidate { cell, digit });
        self
    }
    /// Sets the digits the step is about.
    pub fn digits(mut self, digits: impl IntoIterator<Item = Digit>) -> Step {
        self.digits = digits.into_iter().collect();
        self
    }
    /// Sets the highlighted cells.
    pub fn cells(mut self, cells: impl IntoIterator<Item = Cell>) -> Step {
        self.highlight.cells = cells.into_iter().collect();
        self
    }
    /// Sets the highlighted houses.
    pub fn houses(mut self, houses: impl IntoIterator<Item = House>) -> Step {
        self.highlight.houses = houses.into_iter().collect();
        self
    }
    /// Highlights a candidate with a role.
    pub fn mark(mut self, cell: Cell, digit: Digit, role: Role) -> Step {
        self.highlight
            .candidates
            .push((Candidate { cell, digit }, role));
        self
    }
    /// Highlights every candidate of `cells` in `g` with a role.
    pub fn mark_candidates<'a>(
        mut self,
        g: &CandidateGrid,
        cells: impl IntoIterator<Item = &'a Cell>,
        role: Role,
    ) -> Step {
        for &c in cells {
            for d in g.candidates(c).iter() {
                self = self.mark(c, d, role);
            }
        }
        self
    }
    /// Adds a chain.
    pub fn chain(mut self, chain: Chain) -> Step {
        self.highlight.chains.push(chain);
        self
    }
    /// Sets the SE rating of this instance.
    pub fn rated(mut self, se: f32) -> Step {
        self.se = se;
        self
    }
    /// Sets the explanation.
    pub fn text(mut self, text: impl Into<String>) -> Step {
        self.text = text.into();
        self
    }
    /// Sorts and de-duplicates placements and eliminations (cell-major), so equal steps compare
    /// equal and output is stable.
    pub fn normalized(mut self) -> Step {
        self.placements.sort();
        self.placements.dedup();
        self.eliminations.sort();
        self.eliminations.dedup();
        self
    }
    /// Whether the step changes nothing at all (no placement, no elimination).
    pub fn is_empty(&self) -> bool {
        self.placements.is_empty() && self.eliminations.is_empty()
    }
}
