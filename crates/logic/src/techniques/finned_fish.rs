//! Finned and sashimi fish (rows against columns, with fins) and their Siamese pairs: the rows
//! for HoDoKu's codes 0310–0315, 0320–0325 and 03111–03221. The finder is
//! [`super::complex_fish::Fish`] with [`Shape::Basic`](super::fish_engine::Shape::Basic).
//!
//! Design decision: Sudoku Explainer has no fins, and the reference gives no Sukaku rating for
//! them, so a finned fish rates 0.1 and a sashimi fish 0.2 above its basic fish (X-wing 3.2,
//! swordfish 3.8, jellyfish 5.2; squirmbag, whale and leviathan, which SE lacks too, 5.8, 6.2
//! and 6.6), and each sits right after its basic fish in SE's order.

use super::complex_fish::row;
use crate::technique::{Level, TechniqueInfo};

macro_rules! finned {
    ($name:ident, $id:literal, $title:literal, $code:literal, $se:literal, $level:ident, $score:literal, $ho:literal, $so:literal, $on:literal, $sum:literal) => {
        #[doc = concat!($title, " (HoDoKu ", $code, ").")]
        pub static $name: TechniqueInfo = row(
            $id,
            $title,
            $code,
            $se,
            Level::$level,
            $score,
            $ho,
            $so,
            $on,
            "finned_fish",
            $sum,
        );
    };
}

finned!(
    FINNED_X_WING,
    "finned-x-wing",
    "Finned X-Wing",
    "0310",
    3.3,
    Hard,
    130,
    4100,
    810,
    true,
    "an X-wing with fins: the eliminations must also see every fin"
);
finned!(
    SASHIMI_X_WING,
    "sashimi-x-wing",
    "Sashimi X-Wing",
    "0320",
    3.4,
    Hard,
    150,
    4200,
    820,
    true,
    "a finned X-wing one of whose base lines keeps a single candidate besides the fins"
);
finned!(
    FINNED_SWORDFISH,
    "finned-swordfish",
    "Finned Swordfish",
    "0311",
    3.9,
    Unfair,
    200,
    4300,
    1110,
    true,
    "a swordfish with fins: the eliminations must also see every fin"
);
finned!(
    SASHIMI_SWORDFISH,
    "sashimi-swordfish",
    "Sashimi Swordfish",
    "0321",
    4.0,
    Unfair,
    240,
    4400,
    1120,
    true,
    "a finned swordfish one of whose base lines keeps a single candidate besides the fins"
);
finned!(
    FINNED_JELLYFISH,
    "finned-jellyfish",
    "Finned Jellyfish",
    "0312",
    5.3,
    Unfair,
    250,
    4500,
    1710,
    true,
    "a jellyfish with fins: the eliminations must also see every fin"
);
finned!(
    SASHIMI_JELLYFISH,
    "sashimi-jellyfish",
    "Sashimi Jellyfish",
    "0322",
    5.4,
    Unfair,
    260,
    4600,
    1720,
    true,
    "a finned jellyfish one of whose base lines keeps a single candidate besides the fins"
);
finned!(
    SIAMESE_FINNED_SWORDFISH,
    "siamese-finned-swordfish",
    "Siamese Finned Swordfish",
    "03111",
    3.9,
    Unfair,
    200,
    4350,
    1111,
    false,
    "two finned swordfish on the same base lines, as one step"
);
finned!(
    SIAMESE_SASHIMI_SWORDFISH,
    "siamese-sashimi-swordfish",
    "Siamese Sashimi Swordfish",
    "03211",
    4.0,
    Unfair,
    240,
    4450,
    1121,
    false,
    "two sashimi swordfish on the same base lines, as one step"
);
finned!(
    SIAMESE_FINNED_JELLYFISH,
    "siamese-finned-jellyfish",
    "Siamese Finned Jellyfish",
    "03121",
    5.3,
    Unfair,
    250,
    4550,
    1711,
    false,
    "two finned jellyfish on the same base lines, as one step"
);
finned!(
    SIAMESE_SASHIMI_JELLYFISH,
    "siamese-sashimi-jellyfish",
    "Siamese Sashimi Jellyfish",
    "03221",
    5.4,
    Unfair,
    260,
    4650,
    1721,
    false,
    "two sashimi jellyfish on the same base lines, as one step"
);
