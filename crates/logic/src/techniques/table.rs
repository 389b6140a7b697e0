//! The technique table: every technique's row — id, name, HoDoKu code, SE rating, HoDoKu level
//! and score, place in HoDoKu's and in Sudoku Explainer's order, family, summary — in one file,
//! as HoDoKu keeps its `StepConfig`. The finders live in the family files beside this one (each
//! section below names its file) and only refer to their rows.
//!
//! Design decision: rows are plain struct literals with named fields, so a row reads without
//! knowing any macro; what a whole family shares (its [`Family`], whether it assumes a unique
//! solution, whether it is on by default) comes from one defaults const per family through
//! `..FAMILY`, and a row states only where it differs. Every row states its five numbers on one
//! line in aligned columns, and the sections follow HoDoKu's order (rows within a section too),
//! so both orders can be read down the `hodoku_order` and `se_order` columns. The `table!`
//! macro only turns each row into a `pub static` and collects them all in [`ROWS`].
//!
//! Adding a technique: see [`techniques`](super).

use crate::technique::Level::{Easy, Extreme, Hard, Medium, Unfair};
use crate::technique::{Family, TechniqueInfo};

/// A family's blank row: on by default, no uniqueness assumption; the other fields are blanks
/// that every row fills in (a test checks that none is left blank).
const fn blank(family: Family) -> TechniqueInfo {
    TechniqueInfo {
        id: "",
        name: "",
        hodoku: None,
        se: 0.0,
        level: Easy,
        score: 0,
        hodoku_order: 0,
        se_order: 0,
        uniqueness: false,
        default_on: true,
        family,
        summary: "",
    }
}

/// What each family's rows share, in HoDoKu's order: a row ends with `..defaults::FAMILY`.
mod defaults {
    use super::blank;
    use crate::technique::{Family, TechniqueInfo};

    /// Singles.
    pub(super) const SINGLES: TechniqueInfo = blank(Family::Singles);
    /// Subsets.
    pub(super) const SUBSETS: TechniqueInfo = blank(Family::Subsets);
    /// Locked candidates.
    pub(super) const INTERSECTIONS: TechniqueInfo = blank(Family::Intersections);
    /// Basic fish.
    pub(super) const FISH: TechniqueInfo = blank(Family::Fish);
    /// Remote pairs. SE has no rule for them (it sees a forcing Y-chain); `se` rates them as one.
    pub(super) const REMOTE_PAIR: TechniqueInfo = blank(Family::RemotePair);
    /// Uniqueness techniques: they assume the puzzle has one solution.
    pub(super) const UNIQUENESS: TechniqueInfo = TechniqueInfo {
        uniqueness: true,
        ..blank(Family::Uniqueness)
    };
    /// Single-digit patterns. SE 1.2.1 sees them as forcing X-chains; `se` is Sukaku's rating.
    /// Duals are off by default, as in HoDoKu.
    pub(super) const SINGLE_DIGIT: TechniqueInfo = blank(Family::SingleDigit);
    /// Wings.
    pub(super) const WINGS: TechniqueInfo = blank(Family::Wings);
    /// Finned, sashimi and Siamese basic fish (HoDoKu's codes 0310–0315, 0320–0325 and
    /// 03111–03221), found by [`Fish`](crate::techniques::complex_fish::Fish) with a basic
    /// shape. Sudoku Explainer has no fins, and the reference gives no Sukaku rating for them,
    /// so a finned fish rates 0.1 and a sashimi fish 0.2 above its basic fish (X-wing 3.2,
    /// swordfish 3.8, jellyfish 5.2; squirmbag, whale and leviathan, which SE lacks too, 5.8,
    /// 6.2 and 6.6), and each sits right after its basic fish in SE's order. Siamese fish are
    /// off by default.
    pub(super) const FINNED_FISH: TechniqueInfo = blank(Family::FinnedFish);
    /// Aligned pair exclusion.
    pub(super) const ALIGNED: TechniqueInfo = blank(Family::Aligned);
    /// Sue de Coq.
    pub(super) const SUE_DE_COQ: TechniqueInfo = blank(Family::SueDeCoq);
    /// Colouring. SE has no colouring rule (it sees a forcing X-chain); `se` rates it as one.
    pub(super) const COLOURING: TechniqueInfo = blank(Family::Colouring);
    /// Chains and loops.
    pub(super) const CHAINS: TechniqueInfo = blank(Family::Chains);
    /// Almost locked sets. Not SE 1.2.1 techniques: `se` is the rating of the forcing chain each
    /// stands for.
    pub(super) const ALS: TechniqueInfo = blank(Family::Als);
    /// Franken and mutant fish; their SE ratings are explained in
    /// [`complex_fish`](crate::techniques::complex_fish).
    pub(super) const COMPLEX_FISH: TechniqueInfo = blank(Family::ComplexFish);
    /// Forcing chains and nets.
    pub(super) const FORCING: TechniqueInfo = blank(Family::Forcing);
    /// Templates: off by default, as in HoDoKu.
    pub(super) const TEMPLATES: TechniqueInfo = TechniqueInfo {
        default_on: false,
        ..blank(Family::Templates)
    };
    /// The explained trial.
    pub(super) const GUESS: TechniqueInfo = blank(Family::Guess);
}

/// Declares each row as a `pub static` (with its doc) and lists them all in [`ROWS`].
macro_rules! table {
    ($($(#[$doc:meta])* $name:ident = $row:expr;)*) => {
        $($(#[$doc])* pub static $name: TechniqueInfo = $row;)*

        /// Every row, in the order of this file.
        pub static ROWS: &[&TechniqueInfo] = &[$(&$name),*];
    };
}

table! {
    // ---- singles (singles.rs) -------------------------------------------------------------------
    /// Full house.
    FULL_HOUSE = TechniqueInfo {
        id: "full-house", name: "Full House", hodoku: Some("0000"),
        se:  1.0, level: Easy,    score:     4, hodoku_order:  100, se_order:  100,
        summary: "the last empty cell of a house takes the missing digit",
        ..defaults::SINGLES
    };
    /// Naked single.
    NAKED_SINGLE = TechniqueInfo {
        id: "naked-single", name: "Naked Single", hodoku: Some("0003"),
        se:  2.3, level: Easy,    score:     4, hodoku_order:  200, se_order:  400,
        summary: "a cell with one candidate left takes it",
        ..defaults::SINGLES
    };
    /// Hidden single.
    HIDDEN_SINGLE = TechniqueInfo {
        id: "hidden-single", name: "Hidden Single", hodoku: Some("0002"),
        se:  1.5, level: Easy,    score:    14, hodoku_order:  300, se_order:  110,
        summary: "a digit with one place left in a house goes there",
        ..defaults::SINGLES
    };

    // ---- subsets (subsets.rs) -------------------------------------------------------------------
    /// Locked Pair.
    LOCKED_PAIR = TechniqueInfo {
        id: "locked-pair", name: "Locked Pair", hodoku: Some("0110"),
        se:  3.0, level: Medium,  score:    40, hodoku_order: 1000, se_order:  700,
        summary: "a naked pair in a box and a line at once clears both",
        ..defaults::SUBSETS
    };
    /// Locked Triple.
    LOCKED_TRIPLE = TechniqueInfo {
        id: "locked-triple", name: "Locked Triple", hodoku: Some("0111"),
        se:  3.6, level: Medium,  score:    60, hodoku_order: 1100, se_order: 1000,
        summary: "a naked triple in a box and a line at once clears both",
        ..defaults::SUBSETS
    };
    /// Naked Pair.
    NAKED_PAIR = TechniqueInfo {
        id: "naked-pair", name: "Naked Pair", hodoku: Some("0200"),
        se:  3.0, level: Medium,  score:    60, hodoku_order: 1300, se_order:  700,
        summary: "two cells of a house with the same two candidates: the rest of the house loses them",
        ..defaults::SUBSETS
    };
    /// Naked Triple.
    NAKED_TRIPLE = TechniqueInfo {
        id: "naked-triple", name: "Naked Triple", hodoku: Some("0201"),
        se:  3.6, level: Medium,  score:    80, hodoku_order: 1400, se_order: 1000,
        summary: "three cells of a house with three candidates among them",
        ..defaults::SUBSETS
    };
    /// Hidden Pair.
    HIDDEN_PAIR = TechniqueInfo {
        id: "hidden-pair", name: "Hidden Pair", hodoku: Some("0210"),
        se:  3.4, level: Medium,  score:    70, hodoku_order: 1500, se_order:  900,
        summary: "two digits with the same two places in a house: those cells lose their other candidates",
        ..defaults::SUBSETS
    };
    /// Hidden Triple.
    HIDDEN_TRIPLE = TechniqueInfo {
        id: "hidden-triple", name: "Hidden Triple", hodoku: Some("0211"),
        se:  4.0, level: Medium,  score:   100, hodoku_order: 1600, se_order: 1200,
        summary: "three digits confined to three cells of a house",
        ..defaults::SUBSETS
    };
    /// Naked Quadruple.
    NAKED_QUAD = TechniqueInfo {
        id: "naked-quad", name: "Naked Quadruple", hodoku: Some("0202"),
        se:  5.0, level: Hard,    score:   120, hodoku_order: 2000, se_order: 1600,
        summary: "four cells of a house with four candidates among them",
        ..defaults::SUBSETS
    };
    /// Hidden Quadruple.
    HIDDEN_QUAD = TechniqueInfo {
        id: "hidden-quad", name: "Hidden Quadruple", hodoku: Some("0212"),
        se:  5.4, level: Hard,    score:   150, hodoku_order: 2100, se_order: 1800,
        summary: "four digits confined to four cells of a house",
        ..defaults::SUBSETS
    };

    // ---- intersections (intersections.rs) -------------------------------------------------------
    /// Locked candidates, type 1.
    POINTING = TechniqueInfo {
        id: "pointing", name: "Locked Candidates Type 1 (Pointing)", hodoku: Some("0100"),
        se:  2.6, level: Medium,  score:    50, hodoku_order: 1200, se_order:  600,
        summary: "a digit's places in a box lie in one line: the rest of the line loses it",
        ..defaults::INTERSECTIONS
    };
    /// Locked candidates, type 2.
    CLAIMING = TechniqueInfo {
        id: "claiming", name: "Locked Candidates Type 2 (Claiming)", hodoku: Some("0101"),
        se:  2.8, level: Medium,  score:    50, hodoku_order: 1210, se_order:  610,
        summary: "a digit's places in a line lie in one box: the rest of the box loses it",
        ..defaults::INTERSECTIONS
    };

    // ---- basic fish (fish.rs) -------------------------------------------------------------------
    /// X-Wing.
    X_WING = TechniqueInfo {
        id: "x-wing", name: "X-Wing", hodoku: Some("0300"),
        se:  3.2, level: Hard,    score:   140, hodoku_order: 2200, se_order:  800,
        summary: "a digit in two rows lies in two columns only (or the other way round)",
        ..defaults::FISH
    };
    /// Swordfish.
    SWORDFISH = TechniqueInfo {
        id: "swordfish", name: "Swordfish", hodoku: Some("0301"),
        se:  3.8, level: Hard,    score:   150, hodoku_order: 2300, se_order: 1100,
        summary: "a digit in three rows lies in three columns only (or the other way round)",
        ..defaults::FISH
    };
    /// Jellyfish.
    JELLYFISH = TechniqueInfo {
        id: "jellyfish", name: "Jellyfish", hodoku: Some("0302"),
        se:  5.2, level: Hard,    score:   160, hodoku_order: 2400, se_order: 1700,
        summary: "a digit in four rows lies in four columns only (or the other way round)",
        ..defaults::FISH
    };

    // ---- remote pair (remote_pair.rs) -----------------------------------------------------------
    /// Remote pair.
    REMOTE_PAIR = TechniqueInfo {
        id: "remote-pair", name: "Remote Pair", hodoku: Some("0703"),
        se:  6.6, level: Hard,    score:   110, hodoku_order: 2800, se_order: 1985,
        summary: "a chain of cells holding the same pair {a,b}: a cell seeing two cells an odd distance apart loses a and b",
        ..defaults::REMOTE_PAIR
    };

    // ---- uniqueness (uniqueness.rs) -------------------------------------------------------------
    /// Bivalue Universal Grave + 1.
    BUG1 = TechniqueInfo {
        id: "bug-plus-1", name: "Bivalue Universal Grave + 1", hodoku: Some("0610"),
        se:  5.6, level: Hard,    score:   100, hodoku_order: 2900, se_order: 1900,
        summary: "every empty cell bivalue but one: that cell takes the digit that would break the grave",
        ..defaults::UNIQUENESS
    };
    /// Uniqueness Test 1.
    UR1 = TechniqueInfo {
        id: "unique-rectangle-1", name: "Uniqueness Test 1", hodoku: Some("0600"),
        se:  4.5, level: Hard,    score:   100, hodoku_order: 3500, se_order: 1500,
        summary: "three corners of a would-be deadly rectangle hold only its two digits: the fourth loses them",
        ..defaults::UNIQUENESS
    };
    /// Uniqueness Test 2.
    UR2 = TechniqueInfo {
        id: "unique-rectangle-2", name: "Uniqueness Test 2", hodoku: Some("0601"),
        se:  4.5, level: Hard,    score:   100, hodoku_order: 3600, se_order: 1501,
        summary: "two corners share one extra digit: it must be in one of them",
        ..defaults::UNIQUENESS
    };
    /// Uniqueness Test 3.
    UR3 = TechniqueInfo {
        id: "unique-rectangle-3", name: "Uniqueness Test 3", hodoku: Some("0602"),
        se:  4.6, level: Hard,    score:   100, hodoku_order: 3700, se_order: 1502,
        summary: "the extra digits of two corners form a naked subset with other cells of a house",
        ..defaults::UNIQUENESS
    };
    /// Uniqueness Test 4.
    UR4 = TechniqueInfo {
        id: "unique-rectangle-4", name: "Uniqueness Test 4", hodoku: Some("0603"),
        se:  4.5, level: Hard,    score:   100, hodoku_order: 3800, se_order: 1503,
        summary: "one rectangle digit is locked in the roof: the other leaves both roof cells",
        ..defaults::UNIQUENESS
    };
    /// Uniqueness Test 5.
    UR5 = TechniqueInfo {
        id: "unique-rectangle-5", name: "Uniqueness Test 5", hodoku: Some("0604"),
        se:  4.5, level: Hard,    score:   100, hodoku_order: 3900, se_order: 1504,
        summary: "diagonal or three corners share one extra digit: what sees all of them loses it",
        ..defaults::UNIQUENESS
    };
    /// Uniqueness Test 6.
    UR6 = TechniqueInfo {
        id: "unique-rectangle-6", name: "Uniqueness Test 6", hodoku: Some("0605"),
        se:  4.5, level: Hard,    score:   100, hodoku_order: 4000, se_order: 1505,
        summary: "a rectangle digit forms an X-wing on the rectangle: the diagonal roof loses it",
        ..defaults::UNIQUENESS
    };
    /// Hidden Rectangle.
    HIDDEN_RECTANGLE = TechniqueInfo {
        id: "hidden-rectangle", name: "Hidden Rectangle", hodoku: Some("0606"),
        se:  4.5, level: Hard,    score:   100, hodoku_order: 4010, se_order: 1506,
        summary: "a bivalue corner and strong links at the opposite corner: that corner loses a digit",
        ..defaults::UNIQUENESS
    };
    /// Avoidable Rectangle Type 1.
    AR1 = TechniqueInfo {
        id: "avoidable-rectangle-1", name: "Avoidable Rectangle Type 1", hodoku: Some("0607"),
        se:  4.5, level: Hard,    score:   100, hodoku_order: 4020, se_order: 1507,
        summary: "three corners placed by the solver: the fourth cannot complete the swap",
        ..defaults::UNIQUENESS
    };
    /// Avoidable Rectangle Type 2.
    AR2 = TechniqueInfo {
        id: "avoidable-rectangle-2", name: "Avoidable Rectangle Type 2", hodoku: Some("0608"),
        se:  4.5, level: Hard,    score:   100, hodoku_order: 4030, se_order: 1508,
        summary: "two corners placed by the solver, the others share one extra digit: it must be in one",
        ..defaults::UNIQUENESS
    };

    // ---- single-digit patterns (single_digit.rs) ------------------------------------------------
    /// Skyscraper.
    SKYSCRAPER = TechniqueInfo {
        id: "skyscraper", name: "Skyscraper", hodoku: Some("0400"),
        se:  4.0, level: Hard,    score:   130, hodoku_order: 3000, se_order: 1250,
        summary: "two parallel strong links on a digit, one end of each aligned: what sees both other ends loses it",
        ..defaults::SINGLE_DIGIT
    };
    /// 2-String Kite.
    TWO_STRING_KITE = TechniqueInfo {
        id: "2-string-kite", name: "2-String Kite", hodoku: Some("0401"),
        se:  4.1, level: Hard,    score:   150, hodoku_order: 3100, se_order: 1260,
        summary: "a strong link in a row and one in a column, joined in a box: what sees both free ends loses the digit",
        ..defaults::SINGLE_DIGIT
    };
    /// Dual 2-String Kite.
    DUAL_TWO_STRING_KITE = TechniqueInfo {
        id: "dual-2-string-kite", name: "Dual 2-String Kite", hodoku: Some("0404"),
        se:  4.1, level: Hard,    score:   150, hodoku_order: 3110, se_order: 1261,
        default_on: false,
        summary: "two 2-string kites through the same two box cells: both eliminations at once",
        ..defaults::SINGLE_DIGIT
    };
    /// Turbot Fish.
    TURBOT_FISH = TechniqueInfo {
        id: "turbot-fish", name: "Turbot Fish", hodoku: Some("0403"),
        se:  4.2, level: Hard,    score:   120, hodoku_order: 3120, se_order: 1270,
        summary: "two strong links on a digit joined by a weak link: what sees both free ends loses it",
        ..defaults::SINGLE_DIGIT
    };
    /// Empty Rectangle.
    EMPTY_RECTANGLE = TechniqueInfo {
        id: "empty-rectangle", name: "Empty Rectangle", hodoku: Some("0402"),
        se:  4.3, level: Hard,    score:   120, hodoku_order: 3170, se_order: 1280,
        summary: "a box whose digit lies on a row and a column, with a strong link outside: one cell loses the digit",
        ..defaults::SINGLE_DIGIT
    };
    /// Dual Empty Rectangle.
    DUAL_EMPTY_RECTANGLE = TechniqueInfo {
        id: "dual-empty-rectangle", name: "Dual Empty Rectangle", hodoku: Some("0405"),
        se:  4.3, level: Hard,    score:   120, hodoku_order: 3180, se_order: 1281,
        default_on: false,
        summary: "two empty rectangles in one box whose strong links meet: both eliminations at once",
        ..defaults::SINGLE_DIGIT
    };

    // ---- wings (wings.rs) -----------------------------------------------------------------------
    /// W-Wing.
    W_WING = TechniqueInfo {
        id: "w-wing", name: "W-Wing", hodoku: Some("0803"),
        se:  4.4, level: Hard,    score:   150, hodoku_order: 3200, se_order: 1410,
        summary: "two equal bivalue cells {x,y} joined by a strong link on x: what sees both loses y",
        ..defaults::WINGS
    };
    /// XY-Wing.
    XY_WING = TechniqueInfo {
        id: "xy-wing", name: "XY-Wing", hodoku: Some("0800"),
        se:  4.2, level: Hard,    score:   160, hodoku_order: 3300, se_order: 1300,
        summary: "a pivot {x,y} sees pincers {x,z} and {y,z}: what sees both pincers loses z",
        ..defaults::WINGS
    };
    /// XYZ-Wing.
    XYZ_WING = TechniqueInfo {
        id: "xyz-wing", name: "XYZ-Wing", hodoku: Some("0801"),
        se:  4.4, level: Hard,    score:   180, hodoku_order: 3400, se_order: 1400,
        summary: "a pivot {x,y,z} sees pincers {x,z} and {y,z}: what sees all three loses z",
        ..defaults::WINGS
    };
    /// WXYZ-Wing.
    WXYZ_WING = TechniqueInfo {
        id: "wxyz-wing", name: "WXYZ-Wing", hodoku: None,
        se:  5.5, level: Hard,    score:   200, hodoku_order: 3450, se_order: 1850,
        summary: "four cells with four digits, all but one restricted: what sees the free digit's cells loses it",
        ..defaults::WINGS
    };

    // ---- finned, sashimi and Siamese fish (complex_fish.rs) -------------------------------------
    /// Finned X-Wing (HoDoKu 0310).
    FINNED_X_WING = TechniqueInfo {
        id: "finned-x-wing", name: "Finned X-Wing", hodoku: Some("0310"),
        se:  3.3, level: Hard,    score:   130, hodoku_order: 4100, se_order:  810,
        summary: "an X-wing with fins: the eliminations must also see every fin",
        ..defaults::FINNED_FISH
    };
    /// Sashimi X-Wing (HoDoKu 0320).
    SASHIMI_X_WING = TechniqueInfo {
        id: "sashimi-x-wing", name: "Sashimi X-Wing", hodoku: Some("0320"),
        se:  3.4, level: Hard,    score:   150, hodoku_order: 4200, se_order:  820,
        summary: "a finned X-wing one of whose base lines keeps a single candidate besides the fins",
        ..defaults::FINNED_FISH
    };
    /// Finned Swordfish (HoDoKu 0311).
    FINNED_SWORDFISH = TechniqueInfo {
        id: "finned-swordfish", name: "Finned Swordfish", hodoku: Some("0311"),
        se:  3.9, level: Unfair,  score:   200, hodoku_order: 4300, se_order: 1110,
        summary: "a swordfish with fins: the eliminations must also see every fin",
        ..defaults::FINNED_FISH
    };
    /// Siamese Finned Swordfish (HoDoKu 03111).
    SIAMESE_FINNED_SWORDFISH = TechniqueInfo {
        id: "siamese-finned-swordfish", name: "Siamese Finned Swordfish", hodoku: Some("03111"),
        se:  3.9, level: Unfair,  score:   200, hodoku_order: 4350, se_order: 1111,
        default_on: false,
        summary: "two finned swordfish on the same base lines, as one step",
        ..defaults::FINNED_FISH
    };
    /// Sashimi Swordfish (HoDoKu 0321).
    SASHIMI_SWORDFISH = TechniqueInfo {
        id: "sashimi-swordfish", name: "Sashimi Swordfish", hodoku: Some("0321"),
        se:  4.0, level: Unfair,  score:   240, hodoku_order: 4400, se_order: 1120,
        summary: "a finned swordfish one of whose base lines keeps a single candidate besides the fins",
        ..defaults::FINNED_FISH
    };
    /// Siamese Sashimi Swordfish (HoDoKu 03211).
    SIAMESE_SASHIMI_SWORDFISH = TechniqueInfo {
        id: "siamese-sashimi-swordfish", name: "Siamese Sashimi Swordfish", hodoku: Some("03211"),
        se:  4.0, level: Unfair,  score:   240, hodoku_order: 4450, se_order: 1121,
        default_on: false,
        summary: "two sashimi swordfish on the same base lines, as one step",
        ..defaults::FINNED_FISH
    };
    /// Finned Jellyfish (HoDoKu 0312).
    FINNED_JELLYFISH = TechniqueInfo {
        id: "finned-jellyfish", name: "Finned Jellyfish", hodoku: Some("0312"),
        se:  5.3, level: Unfair,  score:   250, hodoku_order: 4500, se_order: 1710,
        summary: "a jellyfish with fins: the eliminations must also see every fin",
        ..defaults::FINNED_FISH
    };
    /// Siamese Finned Jellyfish (HoDoKu 03121).
    SIAMESE_FINNED_JELLYFISH = TechniqueInfo {
        id: "siamese-finned-jellyfish", name: "Siamese Finned Jellyfish", hodoku: Some("03121"),
        se:  5.3, level: Unfair,  score:   250, hodoku_order: 4550, se_order: 1711,
        default_on: false,
        summary: "two finned jellyfish on the same base lines, as one step",
        ..defaults::FINNED_FISH
    };
    /// Sashimi Jellyfish (HoDoKu 0322).
    SASHIMI_JELLYFISH = TechniqueInfo {
        id: "sashimi-jellyfish", name: "Sashimi Jellyfish", hodoku: Some("0322"),
        se:  5.4, level: Unfair,  score:   260, hodoku_order: 4600, se_order: 1720,
        summary: "a finned jellyfish one of whose base lines keeps a single candidate besides the fins",
        ..defaults::FINNED_FISH
    };
    /// Siamese Sashimi Jellyfish (HoDoKu 03221).
    SIAMESE_SASHIMI_JELLYFISH = TechniqueInfo {
        id: "siamese-sashimi-jellyfish", name: "Siamese Sashimi Jellyfish", hodoku: Some("03221"),
        se:  5.4, level: Unfair,  score:   260, hodoku_order: 4650, se_order: 1721,
        default_on: false,
        summary: "two sashimi jellyfish on the same base lines, as one step",
        ..defaults::FINNED_FISH
    };

    // ---- aligned pair exclusion (aligned.rs) ----------------------------------------------------
    /// Aligned pair exclusion.
    ALIGNED_PAIR_EXCLUSION = TechniqueInfo {
        id: "aligned-pair-exclusion", name: "Aligned Pair Exclusion", hodoku: None,
        se:  6.2, level: Unfair,  score:   300, hodoku_order: 5250, se_order: 2000,
        summary: "every pairing of a digit with the other cell's digits empties a common peer: the digit goes",
        ..defaults::ALIGNED
    };

    // ---- Sue de Coq (sue_de_coq.rs) -------------------------------------------------------------
    /// Sue de Coq.
    SUE_DE_COQ = TechniqueInfo {
        id: "sue-de-coq", name: "Sue de Coq", hodoku: Some("1101"),
        se:  5.0, level: Unfair,  score:   250, hodoku_order: 5300, se_order: 1650,
        summary: "a box/line intersection plus cells of each locks its digits into both houses",
        ..defaults::SUE_DE_COQ
    };

    // ---- colouring (colouring.rs) ---------------------------------------------------------------
    /// Simple Colors Trap.
    SIMPLE_COLORS_TRAP = TechniqueInfo {
        id: "simple-colors-trap", name: "Simple Colors Trap", hodoku: Some("0500"),
        se:  6.6, level: Hard,    score:   150, hodoku_order: 5330, se_order: 1990,
        summary: "a digit's strong links coloured in two alternating colours: a cell seeing both colours loses it",
        ..defaults::COLOURING
    };
    /// Simple Colors Wrap.
    SIMPLE_COLORS_WRAP = TechniqueInfo {
        id: "simple-colors-wrap", name: "Simple Colors Wrap", hodoku: Some("0501"),
        se:  6.6, level: Hard,    score:   150, hodoku_order: 5331, se_order: 1991,
        summary: "a digit's strong links coloured in two colours: a colour that sees itself is false everywhere",
        ..defaults::COLOURING
    };
    /// Multi Colors 1.
    MULTI_COLORS_1 = TechniqueInfo {
        id: "multi-colors-1", name: "Multi Colors 1", hodoku: Some("0502"),
        se:  6.6, level: Hard,    score:   200, hodoku_order: 5360, se_order: 1995,
        summary: "two coloured clusters where colours a and b see each other: a cell seeing both opposites loses the digit",
        ..defaults::COLOURING
    };
    /// Multi Colors 2.
    MULTI_COLORS_2 = TechniqueInfo {
        id: "multi-colors-2", name: "Multi Colors 2", hodoku: Some("0503"),
        se:  6.6, level: Hard,    score:   200, hodoku_order: 5361, se_order: 1996,
        summary: "two coloured clusters where one colour sees both colours of the other: that colour is false",
        ..defaults::COLOURING
    };

    // ---- chains and loops (chains.rs) -----------------------------------------------------------
    /// X-Chain.
    X_CHAIN = TechniqueInfo {
        id: "x-chain", name: "X-Chain", hodoku: Some("0701"),
        se:  6.6, level: Unfair,  score:   260, hodoku_order: 5400, se_order: 2000,
        summary: "a chain of strong and weak links on one digit: a cell seeing both ends loses it",
        ..defaults::CHAINS
    };
    /// XY-Chain.
    XY_CHAIN = TechniqueInfo {
        id: "xy-chain", name: "XY-Chain", hodoku: Some("0702"),
        se:  6.6, level: Unfair,  score:   260, hodoku_order: 5500, se_order: 2010,
        summary: "a chain of bivalue cells: a cell seeing both ends loses the end digit",
        ..defaults::CHAINS
    };
    /// Continuous Nice Loop.
    NICE_LOOP_CONTINUOUS = TechniqueInfo {
        id: "continuous-nice-loop", name: "Continuous Nice Loop", hodoku: Some("0706"),
        se:  6.5, level: Unfair,  score:   280, hodoku_order: 5600, se_order: 2020,
        summary: "a closed alternating loop: every weak link becomes strong",
        ..defaults::CHAINS
    };
    /// Discontinuous Nice Loop.
    NICE_LOOP_DISCONTINUOUS = TechniqueInfo {
        id: "discontinuous-nice-loop", name: "Discontinuous Nice Loop", hodoku: Some("0707"),
        se:  7.0, level: Unfair,  score:   280, hodoku_order: 5601, se_order: 2030,
        summary: "an alternating chain that returns to its start with a contradiction",
        ..defaults::CHAINS
    };
    /// AIC.
    AIC = TechniqueInfo {
        id: "aic", name: "AIC", hodoku: Some("0708"),
        se:  7.0, level: Unfair,  score:   280, hodoku_order: 5602, se_order: 2040,
        summary: "alternating inference chain: one of its two ends is true",
        ..defaults::CHAINS
    };
    /// Grouped Continuous Nice Loop.
    GROUPED_NICE_LOOP_CONTINUOUS = TechniqueInfo {
        id: "grouped-continuous-nice-loop", name: "Grouped Continuous Nice Loop", hodoku: Some("0709"),
        se:  7.0, level: Unfair,  score:   300, hodoku_order: 5650, se_order: 2050,
        summary: "a closed alternating loop through group nodes: every weak link becomes strong",
        ..defaults::CHAINS
    };
    /// Grouped Discontinuous Nice Loop.
    GROUPED_NICE_LOOP_DISCONTINUOUS = TechniqueInfo {
        id: "grouped-discontinuous-nice-loop", name: "Grouped Discontinuous Nice Loop", hodoku: Some("0710"),
        se:  7.0, level: Unfair,  score:   300, hodoku_order: 5651, se_order: 2060,
        summary: "an alternating chain through group nodes that returns to its start with a contradiction",
        ..defaults::CHAINS
    };
    /// Grouped AIC.
    GROUPED_AIC = TechniqueInfo {
        id: "grouped-aic", name: "Grouped AIC", hodoku: Some("0711"),
        se:  7.0, level: Unfair,  score:   300, hodoku_order: 5652, se_order: 2070,
        summary: "alternating inference chain through group nodes: one of its two ends is true",
        ..defaults::CHAINS
    };

    // ---- almost locked sets (als.rs) ------------------------------------------------------------
    /// ALS-XZ.
    ALS_XZ = TechniqueInfo {
        id: "als-xz", name: "ALS-XZ", hodoku: Some("0901"),
        se:  6.6, level: Unfair,  score:   300, hodoku_order: 5700, se_order: 2150,
        summary: "two almost locked sets joined by a restricted common digit: a shared digit seen from both goes",
        ..defaults::ALS
    };
    /// ALS-XY-Wing.
    ALS_XY_WING = TechniqueInfo {
        id: "als-xy-wing", name: "ALS-XY-Wing", hodoku: Some("0902"),
        se:  7.0, level: Unfair,  score:   320, hodoku_order: 5800, se_order: 2160,
        summary: "three almost locked sets, a pivot linked to two wings by different digits",
        ..defaults::ALS
    };
    /// ALS-XY-Chain.
    ALS_XY_CHAIN = TechniqueInfo {
        id: "als-xy-chain", name: "ALS-XY-Chain", hodoku: Some("0903"),
        se:  7.2, level: Unfair,  score:   340, hodoku_order: 5900, se_order: 2170,
        summary: "a chain of almost locked sets, consecutive links on different digits",
        ..defaults::ALS
    };
    /// Death Blossom.
    DEATH_BLOSSOM = TechniqueInfo {
        id: "death-blossom", name: "Death Blossom", hodoku: Some("0904"),
        se:  7.2, level: Unfair,  score:   360, hodoku_order: 6000, se_order: 2180,
        default_on: false,
        summary: "every candidate of a stem cell sees an almost locked set; a digit common to all of them goes",
        ..defaults::ALS
    };

    // ---- Franken and mutant fish (complex_fish.rs) ----------------------------------------------
    /// Franken X-Wing (HoDoKu 0330).
    FRANKEN_X_WING = TechniqueInfo {
        id: "franken-x-wing", name: "Franken X-Wing", hodoku: Some("0330"),
        se:  3.5, level: Unfair,  score:   300, hodoku_order: 6100, se_order:  910,
        summary: "two base houses, rows or columns and boxes, whose digit lies in two cover houses",
        ..defaults::COMPLEX_FISH
    };
    /// Franken Swordfish (HoDoKu 0331).
    FRANKEN_SWORDFISH = TechniqueInfo {
        id: "franken-swordfish", name: "Franken Swordfish", hodoku: Some("0331"),
        se:  4.1, level: Unfair,  score:   350, hodoku_order: 6200, se_order: 1210,
        summary: "three base houses, rows or columns and boxes, whose digit lies in three cover houses",
        ..defaults::COMPLEX_FISH
    };
    /// Franken Jellyfish (HoDoKu 0332).
    FRANKEN_JELLYFISH = TechniqueInfo {
        id: "franken-jellyfish", name: "Franken Jellyfish", hodoku: Some("0332"),
        se:  5.5, level: Unfair,  score:   370, hodoku_order: 6300, se_order: 1810,
        default_on: false,
        summary: "four base houses, rows or columns and boxes, whose digit lies in four cover houses",
        ..defaults::COMPLEX_FISH
    };
    /// Finned Franken X-Wing (HoDoKu 0340).
    FINNED_FRANKEN_X_WING = TechniqueInfo {
        id: "finned-franken-x-wing", name: "Finned Franken X-Wing", hodoku: Some("0340"),
        se:  3.6, level: Unfair,  score:   390, hodoku_order: 6700, se_order: 1010,
        summary: "a Franken X-wing with fins: the eliminations must also see every fin",
        ..defaults::COMPLEX_FISH
    };
    /// Finned Franken Swordfish (HoDoKu 0341).
    FINNED_FRANKEN_SWORDFISH = TechniqueInfo {
        id: "finned-franken-swordfish", name: "Finned Franken Swordfish", hodoku: Some("0341"),
        se:  4.2, level: Unfair,  score:   410, hodoku_order: 6800, se_order: 1220,
        summary: "a Franken swordfish with fins: the eliminations must also see every fin",
        ..defaults::COMPLEX_FISH
    };
    /// Siamese Finned Franken Swordfish (HoDoKu 03411).
    SIAMESE_FINNED_FRANKEN_SWORDFISH = TechniqueInfo {
        id: "siamese-finned-franken-swordfish", name: "Siamese Finned Franken Swordfish", hodoku: Some("03411"),
        se:  4.2, level: Unfair,  score:   410, hodoku_order: 6850, se_order: 1221,
        default_on: false,
        summary: "two finned Franken swordfish on the same base houses, as one step",
        ..defaults::COMPLEX_FISH
    };
    /// Finned Franken Jellyfish (HoDoKu 0342).
    FINNED_FRANKEN_JELLYFISH = TechniqueInfo {
        id: "finned-franken-jellyfish", name: "Finned Franken Jellyfish", hodoku: Some("0342"),
        se:  5.6, level: Unfair,  score:   430, hodoku_order: 6900, se_order: 1820,
        default_on: false,
        summary: "a Franken jellyfish with fins: the eliminations must also see every fin",
        ..defaults::COMPLEX_FISH
    };
    /// Siamese Finned Franken Jellyfish (HoDoKu 03421).
    SIAMESE_FINNED_FRANKEN_JELLYFISH = TechniqueInfo {
        id: "siamese-finned-franken-jellyfish", name: "Siamese Finned Franken Jellyfish", hodoku: Some("03421"),
        se:  5.6, level: Unfair,  score:   430, hodoku_order: 6950, se_order: 1821,
        default_on: false,
        summary: "two finned Franken jellyfish on the same base houses, as one step",
        ..defaults::COMPLEX_FISH
    };
    /// Mutant X-Wing (HoDoKu 0350).
    MUTANT_X_WING = TechniqueInfo {
        id: "mutant-x-wing", name: "Mutant X-Wing", hodoku: Some("0350"),
        se:  3.7, level: Extreme, score:   450, hodoku_order: 7300, se_order: 1020,
        default_on: false,
        summary: "two base houses of any kind (rows and columns mixed) whose digit lies in two cover houses",
        ..defaults::COMPLEX_FISH
    };
    /// Mutant Swordfish (HoDoKu 0351).
    MUTANT_SWORDFISH = TechniqueInfo {
        id: "mutant-swordfish", name: "Mutant Swordfish", hodoku: Some("0351"),
        se:  4.3, level: Extreme, score:   450, hodoku_order: 7400, se_order: 1310,
        default_on: false,
        summary: "three base houses of any kind whose digit lies in three cover houses",
        ..defaults::COMPLEX_FISH
    };
    /// Mutant Jellyfish (HoDoKu 0352).
    MUTANT_JELLYFISH = TechniqueInfo {
        id: "mutant-jellyfish", name: "Mutant Jellyfish", hodoku: Some("0352"),
        se:  5.7, level: Extreme, score:   450, hodoku_order: 7500, se_order: 1910,
        default_on: false,
        summary: "four base houses of any kind whose digit lies in four cover houses",
        ..defaults::COMPLEX_FISH
    };
    /// Finned Mutant X-Wing (HoDoKu 0360).
    FINNED_MUTANT_X_WING = TechniqueInfo {
        id: "finned-mutant-x-wing", name: "Finned Mutant X-Wing", hodoku: Some("0360"),
        se:  3.8, level: Extreme, score:   470, hodoku_order: 7900, se_order: 1030,
        default_on: false,
        summary: "a mutant X-wing with fins: the eliminations must also see every fin",
        ..defaults::COMPLEX_FISH
    };
    /// Finned Mutant Swordfish (HoDoKu 0361).
    FINNED_MUTANT_SWORDFISH = TechniqueInfo {
        id: "finned-mutant-swordfish", name: "Finned Mutant Swordfish", hodoku: Some("0361"),
        se:  4.4, level: Extreme, score:   470, hodoku_order: 8000, se_order: 1320,
        default_on: false,
        summary: "a mutant swordfish with fins: the eliminations must also see every fin",
        ..defaults::COMPLEX_FISH
    };
    /// Finned Mutant Jellyfish (HoDoKu 0362).
    FINNED_MUTANT_JELLYFISH = TechniqueInfo {
        id: "finned-mutant-jellyfish", name: "Finned Mutant Jellyfish", hodoku: Some("0362"),
        se:  5.8, level: Extreme, score:   470, hodoku_order: 8100, se_order: 1920,
        default_on: false,
        summary: "a mutant jellyfish with fins: the eliminations must also see every fin",
        ..defaults::COMPLEX_FISH
    };
    /// Siamese Finned Mutant Jellyfish (HoDoKu 03621).
    SIAMESE_FINNED_MUTANT_JELLYFISH = TechniqueInfo {
        id: "siamese-finned-mutant-jellyfish", name: "Siamese Finned Mutant Jellyfish", hodoku: Some("03621"),
        se:  5.8, level: Extreme, score:   470, hodoku_order: 8150, se_order: 1921,
        default_on: false,
        summary: "two finned mutant jellyfish on the same base houses, as one step",
        ..defaults::COMPLEX_FISH
    };
    // Sudoku Explainer has no fish above size 4; these two extend its size steps.
    /// Finned Mutant Squirmbag (HoDoKu 0363).
    FINNED_MUTANT_SQUIRMBAG = TechniqueInfo {
        id: "finned-mutant-squirmbag", name: "Finned Mutant Squirmbag", hodoku: Some("0363"),
        se:  6.0, level: Extreme, score:   470, hodoku_order: 8200, se_order: 1930,
        default_on: false,
        summary: "a mutant fish of five base and five cover houses with fins",
        ..defaults::COMPLEX_FISH
    };
    /// Finned Mutant Whale (HoDoKu 0364).
    FINNED_MUTANT_WHALE = TechniqueInfo {
        id: "finned-mutant-whale", name: "Finned Mutant Whale", hodoku: Some("0364"),
        se:  6.2, level: Extreme, score:   470, hodoku_order: 8300, se_order: 1940,
        default_on: false,
        summary: "a mutant fish of six base and six cover houses with fins",
        ..defaults::COMPLEX_FISH
    };

    // ---- forcing chains and nets (forcing.rs) ---------------------------------------------------
    /// Forcing Chain Contradiction.
    FC_CONTRADICTION = TechniqueInfo {
        id: "forcing-chain-contradiction", name: "Forcing Chain Contradiction", hodoku: Some("1301"),
        se:  7.5, level: Extreme, score:   500, hodoku_order: 8500, se_order: 2300,
        summary: "assuming a candidate forces a contradiction along strong and weak links: it is false",
        ..defaults::FORCING
    };
    /// Forcing Chain Verity.
    FC_VERITY = TechniqueInfo {
        id: "forcing-chain-verity", name: "Forcing Chain Verity", hodoku: Some("1302"),
        se:  8.0, level: Extreme, score:   500, hodoku_order: 8510, se_order: 2400,
        summary: "every candidate of a cell (or place of a digit in a house) forces the same fact along links",
        ..defaults::FORCING
    };
    /// Forcing Net Contradiction.
    FN_CONTRADICTION = TechniqueInfo {
        id: "forcing-net-contradiction", name: "Forcing Net Contradiction", hodoku: Some("1303"),
        se:  8.5, level: Extreme, score:   700, hodoku_order: 8600, se_order: 2500,
        summary: "assuming a candidate forces, with singles along the way, a contradiction: it is false",
        ..defaults::FORCING
    };
    /// Forcing Net Verity.
    FN_VERITY = TechniqueInfo {
        id: "forcing-net-verity", name: "Forcing Net Verity", hodoku: Some("1304"),
        se:  8.5, level: Extreme, score:   700, hodoku_order: 8610, se_order: 2600,
        summary: "every branch of a cell or house forces, with singles along the way, the same fact",
        ..defaults::FORCING
    };

    // ---- templates (templates.rs) ---------------------------------------------------------------
    /// Template Set: a cell every fitting template of a digit uses holds it.
    TEMPLATE_SET = TechniqueInfo {
        id: "template-set", name: "Template Set", hodoku: Some("1201"),
        se:  8.0, level: Extreme, score: 10000, hodoku_order: 8700, se_order: 2700,
        summary: "every placement of a digit that fits the grid (one per house) uses a cell: it holds the digit",
        ..defaults::TEMPLATES
    };
    /// Template Delete: a candidate no fitting template of its digit uses is false.
    TEMPLATE_DELETE = TechniqueInfo {
        id: "template-delete", name: "Template Delete", hodoku: Some("1202"),
        se:  8.0, level: Extreme, score: 10000, hodoku_order: 8800, se_order: 2710,
        summary: "no placement of a digit that fits the grid (one per house) uses a candidate: it is false",
        ..defaults::TEMPLATES
    };

    // ---- the explained trial (guess.rs) ---------------------------------------------------------
    /// The explained guess.
    GUESS = TechniqueInfo {
        id: "guess", name: "Trial and Error", hodoku: None,
        se: 11.0, level: Extreme, score: 10000, hodoku_order: 8900, se_order: 9900,
        summary: "try a digit in the cell with fewest candidates; a trial that fails removes the digit",
        ..defaults::GUESS
    };
}
