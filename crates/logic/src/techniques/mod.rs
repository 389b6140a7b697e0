//! The technique registry: every technique sudokit knows, one line each.
//!
//! Adding a technique: write its file in this folder (a [`TechniqueInfo`] row and a type
//! implementing [`Technique`]), declare the module below, and add one line to [`ALL`]. The
//! solver orders techniques by the rows' `hodoku_order` or `se_order`, so the position in
//! [`ALL`] does not matter.

pub mod aligned;
pub mod als;
pub mod chains;
pub mod colouring;
pub mod complex_fish;
pub mod finned_fish;
pub mod fish;
pub mod fish_engine;
pub mod forcing;
pub mod guess;
pub mod intersections;
pub mod remote_pair;
pub mod single_digit;
pub mod singles;
pub mod subsets;
pub mod sue_de_coq;
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
    &Subset { kind: Kind::Locked, size: 2, info: &subsets::LOCKED_PAIR },
    &Subset { kind: Kind::Locked, size: 3, info: &subsets::LOCKED_TRIPLE },
    &Subset { kind: Kind::Naked, size: 2, info: &subsets::NAKED_PAIR },
    &Subset { kind: Kind::Naked, size: 3, info: &subsets::NAKED_TRIPLE },
    &Subset { kind: Kind::Naked, size: 4, info: &subsets::NAKED_QUAD },
    &Subset { kind: Kind::Hidden, size: 2, info: &subsets::HIDDEN_PAIR },
    &Subset { kind: Kind::Hidden, size: 3, info: &subsets::HIDDEN_TRIPLE },
    &Subset { kind: Kind::Hidden, size: 4, info: &subsets::HIDDEN_QUAD },
    &fish::BasicFish { size: 2, info: &fish::X_WING },
    &fish::BasicFish { size: 3, info: &fish::SWORDFISH },
    &fish::BasicFish { size: 4, info: &fish::JELLYFISH },
    &Fish::new(Basic, Finned, 2, &finned_fish::FINNED_X_WING),
    &Fish::new(Basic, Sashimi, 2, &finned_fish::SASHIMI_X_WING),
    &Fish::new(Basic, Finned, 3, &finned_fish::FINNED_SWORDFISH),
    &Fish::new(Basic, Sashimi, 3, &finned_fish::SASHIMI_SWORDFISH),
    &Fish::new(Basic, Finned, 4, &finned_fish::FINNED_JELLYFISH),
    &Fish::new(Basic, Sashimi, 4, &finned_fish::SASHIMI_JELLYFISH),
    &Fish::new(Basic, Siamese { sashimi: false }, 3, &finned_fish::SIAMESE_FINNED_SWORDFISH),
    &Fish::new(Basic, Siamese { sashimi: true }, 3, &finned_fish::SIAMESE_SASHIMI_SWORDFISH),
    &Fish::new(Basic, Siamese { sashimi: false }, 4, &finned_fish::SIAMESE_FINNED_JELLYFISH),
    &Fish::new(Basic, Siamese { sashimi: true }, 4, &finned_fish::SIAMESE_SASHIMI_JELLYFISH),
    &Fish::new(Franken, Plain, 2, &complex_fish::FRANKEN_X_WING),
    &Fish::new(Franken, Plain, 3, &complex_fish::FRANKEN_SWORDFISH),
    &Fish::new(Franken, Plain, 4, &complex_fish::FRANKEN_JELLYFISH),
    &Fish::new(Franken, Finned, 2, &complex_fish::FINNED_FRANKEN_X_WING),
    &Fish::new(Franken, Finned, 3, &complex_fish::FINNED_FRANKEN_SWORDFISH),
    &Fish::new(Franken, Finned, 4, &complex_fish::FINNED_FRANKEN_JELLYFISH),
    &Fish::new(Franken, Siamese { sashimi: false }, 3, &complex_fish::SIAMESE_FINNED_FRANKEN_SWORDFISH),
    &Fish::new(Franken, Siamese { sashimi: false }, 4, &complex_fish::SIAMESE_FINNED_FRANKEN_JELLYFISH),
    &Fish::new(Mutant, Plain, 2, &complex_fish::MUTANT_X_WING),
    &Fish::new(Mutant, Plain, 3, &complex_fish::MUTANT_SWORDFISH),
    &Fish::new(Mutant, Plain, 4, &complex_fish::MUTANT_JELLYFISH),
    &Fish::new(Mutant, Finned, 2, &complex_fish::FINNED_MUTANT_X_WING),
    &Fish::new(Mutant, Finned, 3, &complex_fish::FINNED_MUTANT_SWORDFISH),
    &Fish::new(Mutant, Finned, 4, &complex_fish::FINNED_MUTANT_JELLYFISH),
    &Fish::new(Mutant, Finned, 5, &complex_fish::FINNED_MUTANT_SQUIRMBAG),
    &Fish::new(Mutant, Finned, 6, &complex_fish::FINNED_MUTANT_WHALE),
    &Fish::new(Mutant, Siamese { sashimi: false }, 4, &complex_fish::SIAMESE_FINNED_MUTANT_JELLYFISH),
    &single_digit::TwoLinks { info: &single_digit::SKYSCRAPER },
    &single_digit::TwoLinks { info: &single_digit::TWO_STRING_KITE },
    &single_digit::TwoLinks { info: &single_digit::TURBOT_FISH },
    &single_digit::EmptyRectangle,
    &single_digit::DualKite,
    &single_digit::DualEmptyRectangle,
    &wings::WWing,
    &wings::PivotWing { xyz: false },
    &wings::PivotWing { xyz: true },
    &wings::WxyzWing,
    &uniqueness::Rectangles { kind: uniqueness::Kind::T1, info: &uniqueness::UR1 },
    &uniqueness::Rectangles { kind: uniqueness::Kind::T2, info: &uniqueness::UR2 },
    &uniqueness::Rectangles { kind: uniqueness::Kind::T3, info: &uniqueness::UR3 },
    &uniqueness::Rectangles { kind: uniqueness::Kind::T4, info: &uniqueness::UR4 },
    &uniqueness::Rectangles { kind: uniqueness::Kind::T5, info: &uniqueness::UR5 },
    &uniqueness::Rectangles { kind: uniqueness::Kind::T6, info: &uniqueness::UR6 },
    &uniqueness::Rectangles { kind: uniqueness::Kind::Hidden, info: &uniqueness::HIDDEN_RECTANGLE },
    &uniqueness::Rectangles { kind: uniqueness::Kind::Ar1, info: &uniqueness::AR1 },
    &uniqueness::Rectangles { kind: uniqueness::Kind::Ar2, info: &uniqueness::AR2 },
    &uniqueness::BugPlusOne,
    &remote_pair::RemotePair,
    &colouring::SimpleColors { kind: colouring::Simple::Trap },
    &colouring::SimpleColors { kind: colouring::Simple::Wrap },
    &colouring::MultiColors { type2: false },
    &colouring::MultiColors { type2: true },
    &chains::ChainFinder { info: &chains::X_CHAIN, kind: chains::Kind::X, report: chains::Report::Ends },
    &chains::ChainFinder { info: &chains::XY_CHAIN, kind: chains::Kind::Xy, report: chains::Report::Ends },
    &chains::ChainFinder { info: &chains::NICE_LOOP_CONTINUOUS, kind: chains::Kind::Any, report: chains::Report::Continuous },
    &chains::ChainFinder { info: &chains::NICE_LOOP_DISCONTINUOUS, kind: chains::Kind::Any, report: chains::Report::Discontinuous },
    &chains::ChainFinder { info: &chains::AIC, kind: chains::Kind::Any, report: chains::Report::Ends },
    &chains::ChainFinder { info: &chains::GROUPED_NICE_LOOP_CONTINUOUS, kind: chains::Kind::Grouped, report: chains::Report::Continuous },
    &chains::ChainFinder { info: &chains::GROUPED_NICE_LOOP_DISCONTINUOUS, kind: chains::Kind::Grouped, report: chains::Report::Discontinuous },
    &chains::ChainFinder { info: &chains::GROUPED_AIC, kind: chains::Kind::Grouped, report: chains::Report::Ends },
    &sue_de_coq::SueDeCoq,
    &aligned::AlignedPair,
    &als::AlsXz,
    &als::AlsXyWing,
    &als::AlsXyChain,
    &als::DeathBlossom,
    &forcing::Contradiction { info: &forcing::FC_CONTRADICTION, net: false },
    &forcing::Verity { info: &forcing::FC_VERITY, net: false },
    &forcing::Contradiction { info: &forcing::FN_CONTRADICTION, net: true },
    &forcing::Verity { info: &forcing::FN_VERITY, net: true },
    &templates::Templates { delete: false },
    &templates::Templates { delete: true },
    &guess::Guess,
];

/// Finds a technique by id (`naked-pair`), HoDoKu code (`0200`) or display name (any case).
pub fn lookup(name: &str) -> Option<&'static dyn Technique> {
    let key = name.trim();
    let norm = |s: &str| s.to_ascii_lowercase().replace([' ', '_', '-'], "");
    ALL.iter().copied().find(|t| {
        let i: &TechniqueInfo = t.info();
        i.id.eq_ignore_ascii_case(key)
            || i.hodoku == Some(key)
            || norm(i.name) == norm(key)
            || norm(i.id) == norm(key)
    })
}
