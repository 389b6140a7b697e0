//! The technique registry: every technique sudokit knows, one line each, over the rows of
//! [`table`] and the finders of the family files beside it.
//!
//! Design decision: a technique's facts and its finder are kept apart, as in HoDoKu's
//! `StepConfig`: every row (id, name, code, ratings, level, score, both orders, family) is in
//! [`table`], the finder files hold only finders, and [`ALL`] pairs each finder with its row.
//! The solver orders techniques by the rows' `hodoku_order` or `se_order`, so the position in
//! [`ALL`] does not matter (except between rows with the same `se_order`, which keep the order
//! of [`ALL`]).
//!
//! Adding a technique takes four things:
//! 1. **One row** in [`table`], in its family's section at its HoDoKu position (a new family
//!    also gets a [`Family`](crate::Family) variant and a defaults const there);
//! 2. **one finder**: a type implementing [`Technique`] in its family's file (or a new file,
//!    declared below), whose `info()` returns the row;
//! 3. **one registration line** in [`ALL`];
//! 4. **one test case**: a HoDoKu library line in `data/logic/techniques.txt`, which
//!    `crates/logic/tests/techniques.rs` runs (a technique without a HoDoKu code is instead
//!    checked for sound instances along the solving paths of `data/logic/top95.txt`).
//!
//! `crates/logic/tests/table.rs` checks that [`ALL`] and the table agree row for row, and the
//! CLI's tests that the README's count is the table's.

pub mod aligned;
pub mod als;
pub mod chains;
pub mod colouring;
pub mod complex_fish;
pub mod fish;
pub mod fish_engine;
pub mod forcing;
pub mod guess;
pub(crate) mod hodoku_forcing;
pub(crate) mod hodoku_uniqueness;
pub mod intersections;
pub mod remote_pair;
pub mod single_digit;
pub mod singles;
pub mod subsets;
pub mod sue_de_coq;
pub mod table;
pub mod templates;
pub mod uniqueness;
pub mod wings;

use crate::technique::{Technique, TechniqueInfo};
use complex_fish::{Fish, Variant::*};
use fish_engine::Shape::{Basic, Franken, Mutant};
use subsets::{Kind, Subset};

/// Every technique, one registration line each.
#[rustfmt::skip]
pub static ALL: &[&dyn Technique] = &[
    &singles::FullHouse,
    &singles::NakedSingle,
    &singles::HiddenSingle,
    &intersections::Pointing,
    &intersections::Claiming,
    &Subset { kind: Kind::Locked, size: 2, info: &table::LOCKED_PAIR },
    &Subset { kind: Kind::Locked, size: 3, info: &table::LOCKED_TRIPLE },
    &Subset { kind: Kind::Naked, size: 2, info: &table::NAKED_PAIR },
    &Subset { kind: Kind::Naked, size: 3, info: &table::NAKED_TRIPLE },
    &Subset { kind: Kind::Naked, size: 4, info: &table::NAKED_QUAD },
    &Subset { kind: Kind::Hidden, size: 2, info: &table::HIDDEN_PAIR },
    &Subset { kind: Kind::Hidden, size: 3, info: &table::HIDDEN_TRIPLE },
    &Subset { kind: Kind::Hidden, size: 4, info: &table::HIDDEN_QUAD },
    &fish::BasicFish { size: 2, info: &table::X_WING },
    &fish::BasicFish { size: 3, info: &table::SWORDFISH },
    &fish::BasicFish { size: 4, info: &table::JELLYFISH },
    &Fish::new(Basic, Finned, 2, &table::FINNED_X_WING),
    &Fish::new(Basic, Sashimi, 2, &table::SASHIMI_X_WING),
    &Fish::new(Basic, Finned, 3, &table::FINNED_SWORDFISH),
    &Fish::new(Basic, Sashimi, 3, &table::SASHIMI_SWORDFISH),
    &Fish::new(Basic, Finned, 4, &table::FINNED_JELLYFISH),
    &Fish::new(Basic, Sashimi, 4, &table::SASHIMI_JELLYFISH),
    &Fish::new(Basic, Siamese { sashimi: false }, 3, &table::SIAMESE_FINNED_SWORDFISH),
    &Fish::new(Basic, Siamese { sashimi: true }, 3, &table::SIAMESE_SASHIMI_SWORDFISH),
    &Fish::new(Basic, Siamese { sashimi: false }, 4, &table::SIAMESE_FINNED_JELLYFISH),
    &Fish::new(Basic, Siamese { sashimi: true }, 4, &table::SIAMESE_SASHIMI_JELLYFISH),
    &Fish::new(Franken, Plain, 2, &table::FRANKEN_X_WING),
    &Fish::new(Franken, Plain, 3, &table::FRANKEN_SWORDFISH),
    &Fish::new(Franken, Plain, 4, &table::FRANKEN_JELLYFISH),
    &Fish::new(Franken, Finned, 2, &table::FINNED_FRANKEN_X_WING),
    &Fish::new(Franken, Finned, 3, &table::FINNED_FRANKEN_SWORDFISH),
    &Fish::new(Franken, Finned, 4, &table::FINNED_FRANKEN_JELLYFISH),
    &Fish::new(Franken, Siamese { sashimi: false }, 3, &table::SIAMESE_FINNED_FRANKEN_SWORDFISH),
    &Fish::new(Franken, Siamese { sashimi: false }, 4, &table::SIAMESE_FINNED_FRANKEN_JELLYFISH),
    &Fish::new(Mutant, Plain, 2, &table::MUTANT_X_WING),
    &Fish::new(Mutant, Plain, 3, &table::MUTANT_SWORDFISH),
    &Fish::new(Mutant, Plain, 4, &table::MUTANT_JELLYFISH),
    &Fish::new(Mutant, Finned, 2, &table::FINNED_MUTANT_X_WING),
    &Fish::new(Mutant, Finned, 3, &table::FINNED_MUTANT_SWORDFISH),
    &Fish::new(Mutant, Finned, 4, &table::FINNED_MUTANT_JELLYFISH),
    &Fish::new(Mutant, Finned, 5, &table::FINNED_MUTANT_SQUIRMBAG),
    &Fish::new(Mutant, Finned, 6, &table::FINNED_MUTANT_WHALE),
    &Fish::new(Mutant, Siamese { sashimi: false }, 4, &table::SIAMESE_FINNED_MUTANT_JELLYFISH),
    &single_digit::TwoLinks { info: &table::SKYSCRAPER },
    &single_digit::TwoLinks { info: &table::TWO_STRING_KITE },
    &single_digit::TwoLinks { info: &table::TURBOT_FISH },
    &single_digit::EmptyRectangle,
    &single_digit::DualKite,
    &single_digit::DualEmptyRectangle,
    &wings::WWing,
    &wings::PivotWing { xyz: false },
    &wings::PivotWing { xyz: true },
    &wings::WxyzWing,
    &uniqueness::Rectangles { kind: uniqueness::Kind::T1, info: &table::UR1 },
    &uniqueness::Rectangles { kind: uniqueness::Kind::T2, info: &table::UR2 },
    &uniqueness::Rectangles { kind: uniqueness::Kind::T3, info: &table::UR3 },
    &uniqueness::Rectangles { kind: uniqueness::Kind::T4, info: &table::UR4 },
    &uniqueness::Rectangles { kind: uniqueness::Kind::T5, info: &table::UR5 },
    &uniqueness::Rectangles { kind: uniqueness::Kind::T6, info: &table::UR6 },
    &uniqueness::Rectangles { kind: uniqueness::Kind::Hidden, info: &table::HIDDEN_RECTANGLE },
    &uniqueness::Rectangles { kind: uniqueness::Kind::Ar1, info: &table::AR1 },
    &uniqueness::Rectangles { kind: uniqueness::Kind::Ar2, info: &table::AR2 },
    &uniqueness::BugPlusOne,
    &remote_pair::RemotePair,
    &colouring::SimpleColors { kind: colouring::Simple::Trap },
    &colouring::SimpleColors { kind: colouring::Simple::Wrap },
    &colouring::MultiColors { type2: false },
    &colouring::MultiColors { type2: true },
    &chains::ChainFinder { info: &table::X_CHAIN, kind: chains::Kind::X, report: chains::Report::Ends },
    &chains::ChainFinder { info: &table::XY_CHAIN, kind: chains::Kind::Xy, report: chains::Report::Ends },
    &chains::ChainFinder { info: &table::NICE_LOOP_CONTINUOUS, kind: chains::Kind::Any, report: chains::Report::Continuous },
    &chains::ChainFinder { info: &table::NICE_LOOP_DISCONTINUOUS, kind: chains::Kind::Any, report: chains::Report::Discontinuous },
    &chains::ChainFinder { info: &table::AIC, kind: chains::Kind::Any, report: chains::Report::Ends },
    &chains::ChainFinder { info: &table::GROUPED_NICE_LOOP_CONTINUOUS, kind: chains::Kind::Grouped, report: chains::Report::Continuous },
    &chains::ChainFinder { info: &table::GROUPED_NICE_LOOP_DISCONTINUOUS, kind: chains::Kind::Grouped, report: chains::Report::Discontinuous },
    &chains::ChainFinder { info: &table::GROUPED_AIC, kind: chains::Kind::Grouped, report: chains::Report::Ends },
    &sue_de_coq::SueDeCoq,
    &aligned::AlignedPair,
    &als::AlsXz,
    &als::AlsXyWing,
    &als::AlsXyChain,
    &als::DeathBlossom,
    &forcing::Contradiction { info: &table::FC_CONTRADICTION, net: false },
    &forcing::Verity { info: &table::FC_VERITY, net: false },
    &forcing::Contradiction { info: &table::FN_CONTRADICTION, net: true },
    &forcing::Verity { info: &table::FN_VERITY, net: true },
    &templates::Templates { delete: false },
    &templates::Templates { delete: true },
    &guess::Guess,
];

/// Finds a technique by id (`naked-pair`), HoDoKu code (`0200`) or display name (any case).
pub fn lookup(name: &str) -> Option<&'static dyn Technique> {
    let key = name.trim();
    // Names compared lowercased without spaces, underscores and hyphens, byte by byte (no
    // string made per technique: qqwing's class looks its techniques up for every puzzle).
    fn norm(s: &str) -> impl Iterator<Item = u8> + '_ {
        s.bytes()
            .filter(|b| !matches!(b, b' ' | b'_' | b'-'))
            .map(|b| b.to_ascii_lowercase())
    }
    ALL.iter().copied().find(|t| {
        let i: &TechniqueInfo = t.info();
        i.id.eq_ignore_ascii_case(key)
            || i.hodoku == Some(key)
            || norm(i.name).eq(norm(key))
            || norm(i.id).eq(norm(key))
    })
}
