//! The technique table (`techniques::table`) and the registry (`techniques::ALL`) agree: every
//! registered technique has exactly one row and every row one technique; ids, names, HoDoKu
//! codes and HoDoKu positions are unique, and SE positions are too but for three known ties.

use std::collections::{BTreeMap, HashMap, HashSet};

use sudokit_logic::techniques::{ALL, lookup, table::ROWS};
use sudokit_logic::{Family, TechniqueInfo};

/// Where two rows share a value of `key`: the value and the ids of the rows, sorted.
fn ties<K: Ord>(key: impl Fn(&TechniqueInfo) -> K) -> BTreeMap<K, Vec<&'static str>> {
    let mut by: BTreeMap<K, Vec<&'static str>> = BTreeMap::new();
    for r in ROWS {
        by.entry(key(r)).or_default().push(r.id);
    }
    by.retain(|_, ids| ids.len() > 1);
    for ids in by.values_mut() {
        ids.sort_unstable();
    }
    by
}

#[test]
fn every_registered_technique_has_exactly_one_row_and_every_row_a_technique() {
    let rows: HashSet<*const TechniqueInfo> = ROWS.iter().map(|r| *r as *const _).collect();
    assert_eq!(rows.len(), ROWS.len(), "a row is listed twice");
    let mut registered: HashMap<*const TechniqueInfo, usize> = HashMap::new();
    for t in ALL {
        let info: &'static TechniqueInfo = t.info();
        assert!(
            rows.contains(&(info as *const _)),
            "{} is registered but its row is not in the table",
            info.id
        );
        *registered.entry(info as *const _).or_default() += 1;
    }
    for r in ROWS {
        assert_eq!(
            registered.get(&(*r as *const _)),
            Some(&1),
            "row {} is not registered exactly once",
            r.id
        );
    }
    assert_eq!(ALL.len(), ROWS.len());
}

#[test]
fn ids_names_codes_and_hodoku_positions_are_unique() {
    assert!(ties(|r| r.id).is_empty(), "{:?}", ties(|r| r.id));
    assert!(ties(|r| r.name).is_empty(), "{:?}", ties(|r| r.name));
    let codes = ties(|r| r.hodoku);
    assert!(
        codes.keys().all(Option::is_none),
        "shared HoDoKu codes: {codes:?}"
    );
    assert!(
        ties(|r| r.hodoku_order).is_empty(),
        "{:?}",
        ties(|r| r.hodoku_order)
    );
    for r in ROWS {
        assert_eq!(lookup(r.id).map(|t| t.info().id), Some(r.id));
    }
}

/// SE's order places a locked subset with its naked subset and aligned pair exclusion with the
/// X-chain; no other two rows may share a place (the solver would then fall back on the order
/// of `ALL`).
#[test]
fn se_positions_are_unique_but_for_three_known_ties() {
    let expected: BTreeMap<u32, Vec<&str>> = [
        (700, vec!["locked-pair", "naked-pair"]),
        (1000, vec!["locked-triple", "naked-triple"]),
        (2000, vec!["aligned-pair-exclusion", "x-chain"]),
    ]
    .into_iter()
    .collect();
    assert_eq!(ties(|r| r.se_order), expected);
}

/// The family defaults leave blanks that every row must fill in.
#[test]
fn no_row_leaves_a_default_blank() {
    for r in ROWS {
        assert!(
            !r.id.is_empty() && !r.name.is_empty() && !r.summary.is_empty(),
            "{r:?}"
        );
        assert!(r.se > 0.0 && r.score > 0, "{}", r.id);
        assert!(r.hodoku_order > 0 && r.se_order > 0, "{}", r.id);
    }
}

/// The table is written family by family, the families in HoDoKu's order (of their first
/// rows), each family's rows in HoDoKu's order.
#[test]
fn rows_are_grouped_by_family_in_hodoku_order() {
    let mut sections: Vec<(Family, u32)> = Vec::new();
    for w in ROWS.windows(2) {
        if w[0].family == w[1].family {
            assert!(w[0].hodoku_order < w[1].hodoku_order, "{}", w[1].id);
        }
    }
    for r in ROWS {
        if sections.last().map(|s| s.0) != Some(r.family) {
            assert!(
                sections.iter().all(|s| s.0 != r.family),
                "family {} split",
                r.family.name()
            );
            sections.push((r.family, r.hodoku_order));
        }
    }
    assert!(sections.windows(2).all(|w| w[0].1 < w[1].1), "{sections:?}");
}
