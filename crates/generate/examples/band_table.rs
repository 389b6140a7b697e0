//! Computes the exact law of a uniformly random 9×9 grid's top band over the band orbits and
//! Felgenhauer and Jarvis's 44 classes, and checks it: `cargo run --release -p
//! sudokit-generate --example band_table > crates/generate/data/band_classes.tsv`. It finds the
//! orbits and their sizes, joins orbits with a common column-set pattern into classes, counts
//! the grids one band of each class starts, and fails unless the orbits hold all
//! 948,109,639,680 bands and the grids add up to 6,670,903,752,021,072,936,960. With
//! `--every-orbit` it also counts the completions of every orbit's representative and fails
//! unless each equals its class's (a few minutes).

use std::time::Instant;

use sudokit_generate::bands::{
    BandClasses, ColumnCounter, GRIDS_9X9, NORMALISED_BANDS, RELABELLINGS,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let start = Instant::now();
    let orbits = BandClasses::new();
    let family = orbits.column_families();
    let classes = family.iter().max().map_or(0, |&m| m + 1);
    eprintln!(
        "{} orbits, {classes} classes, of {NORMALISED_BANDS} normalised bands in {:.1?}",
        orbits.len(),
        start.elapsed()
    );
    let mut counter = ColumnCounter::default();
    let mut completions = vec![0u64; classes];
    for (c, slot) in completions.iter_mut().enumerate() {
        let first = family
            .iter()
            .position(|&f| f == c)
            .expect("a class has an orbit");
        *slot = counter.completions(&orbits.representative(first));
        eprintln!(
            "class {c:2}: {} completions ({:.1?})",
            *slot,
            start.elapsed()
        );
    }
    if std::env::args().any(|a| a == "--every-orbit") {
        // The classes' premise, checked: every orbit of a class has its class's completions.
        for (k, &f) in family.iter().enumerate() {
            let own = counter.completions(&orbits.representative(k));
            if own != completions[f] {
                return Err(format!(
                    "orbit {k}: {own} completions, its class {f} has {}",
                    completions[f]
                )
                .into());
            }
        }
        eprintln!(
            "every orbit's completions equal its class's ({:.1?})",
            start.elapsed()
        );
    }
    let (mut bands, mut grids) = (0u64, 0u128);
    for (k, &f) in family.iter().enumerate() {
        let size = orbits.normalised_size(k) * RELABELLINGS;
        bands += size;
        grids += u128::from(size) * u128::from(completions[f]);
    }
    let all_bands = NORMALISED_BANDS as u64 * RELABELLINGS;
    if bands != all_bands || grids != GRIDS_9X9 {
        return Err(format!(
            "the counts do not add up: {bands} bands (want {all_bands}), {grids} grids (want {GRIDS_9X9})"
        )
        .into());
    }
    println!(
        "# 9x9 band orbits (relabelling, row, column-in-box and box permutations), their Felgenhauer-Jarvis"
    );
    println!(
        "# classes (orbits whose column sets are equivalent under relabelling and column and box permutations, hence"
    );
    println!("# with the same completions),");
    println!(
        "# and the exact law of a uniformly random grid's top band: P(orbit) = bands x completions / grids."
    );
    println!(
        "# Made by `cargo run --release -p sudokit-generate --example band_table` (sudokit_generate::bands)."
    );
    println!(
        "# Checked: {} orbits, {classes} classes, bands add up to {all_bands}, grids to {GRIDS_9X9}.",
        orbits.len()
    );
    println!("# orbit\tclass\trepresentative\tbands\tcompletions\tprobability");
    for (k, &f) in family.iter().enumerate() {
        let rep: String = orbits
            .representative(k)
            .iter()
            .map(|d| char::from(b'0' + d))
            .collect();
        let size = orbits.normalised_size(k) * RELABELLINGS;
        let p = u128::from(size) * u128::from(completions[f]);
        println!(
            "{k}\t{f}\t{rep}\t{size}\t{}\t{:.10e}",
            completions[f],
            p as f64 / GRIDS_9X9 as f64
        );
    }
    eprintln!("total {grids} grids: matches; {:.1?}", start.elapsed());
    Ok(())
}
