//! The first canonical-form search, kept as an independent oracle for the tests: it
//! enumerates all 1,296 column orders at the first row with a given instead of fixing columns
//! as they show givens.

use std::sync::OnceLock;

const ANY: u16 = u16::MAX;

fn col_perms() -> &'static [[u8; 9]] {
    static PERMS: OnceLock<Vec<[u8; 9]>> = OnceLock::new();
    PERMS.get_or_init(|| {
        // The six orders of three items: a first item, then the other two either way round.
        let p3: Vec<[usize; 3]> = (0..6)
            .map(|i| {
                let first = i / 2;
                let (x, y) = ((first + 1) % 3, (first + 2) % 3);
                if i % 2 == 0 {
                    [first, x, y]
                } else {
                    [first, y, x]
                }
            })
            .collect();
        let mut out = Vec::with_capacity(1296);
        for s in &p3 {
            for a in &p3 {
                for b in &p3 {
                    for c in &p3 {
                        let inner = [a, b, c];
                        let mut perm = [0u8; 9];
                        for (slot, &stack) in s.iter().enumerate() {
                            for k in 0..3 {
                                perm[slot * 3 + k] = (stack * 3 + inner[slot][k]) as u8;
                            }
                        }
                        out.push(perm);
                    }
                }
            }
        }
        out
    })
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct State {
    t: u8,
    used: u16,
    last: u8,
    cp: u16,
    map: [u8; 10],
    next: u8,
}

/// Reads row `r` of `g` through column order `cp` with relabelling `map`; writes into `out`
/// and returns `false` as soon as the row reads larger than `best` (when there is one).
#[inline]
fn read_row(
    g: &[u8; 81],
    r: usize,
    cp: &[u8; 9],
    map: &mut [u8; 10],
    next: &mut u8,
    out: &mut [u8; 9],
    best: Option<&[u8; 9]>,
) -> bool {
    let mut tied = best.is_some();
    let best = best.unwrap_or(&[0; 9]);
    for p in 0..9 {
        let v = g[r * 9 + cp[p] as usize];
        let x = if v == 0 {
            0
        } else {
            if map[v as usize] == 0 {
                map[v as usize] = *next;
                *next += 1;
            }
            map[v as usize]
        };
        out[p] = x;
        if tied {
            if x > best[p] {
                return false;
            }
            if x < best[p] {
                tied = false;
            }
        }
    }
    true
}

/// The minlex form of a 9×9 puzzle given as 81 values (0 = empty, 1..=9).
pub(super) fn minlex(values: &[u8; 81]) -> [u8; 81] {
    let perms = col_perms();
    let mut grids = [*values, [0u8; 81]];
    for r in 0..9 {
        for c in 0..9 {
            grids[1][c * 9 + r] = values[r * 9 + c];
        }
    }
    let empty_row = |t: usize, r: usize| grids[t][r * 9..r * 9 + 9].iter().all(|&v| v == 0);
    let mut states = vec![
        State {
            t: 0,
            used: 0,
            last: 0,
            cp: ANY,
            map: [0; 10],
            next: 1,
        },
        State {
            t: 1,
            used: 0,
            last: 0,
            cp: ANY,
            map: [0; 10],
            next: 1,
        },
    ];
    let mut result = [0u8; 81];
    let mut next_states: Vec<State> = Vec::new();
    for k in 0..9 {
        let mut best = [0u8; 9];
        let mut have_best = false;
        next_states.clear();
        for s in &states {
            let g = &grids[s.t as usize];
            let rows: Vec<usize> = if k % 3 == 0 {
                (0..9)
                    .filter(|&r| s.used & (0b111 << (r / 3 * 3)) == 0)
                    .collect()
            } else {
                let band = s.last as usize / 3;
                (band * 3..band * 3 + 3)
                    .filter(|&r| s.used & (1 << r) == 0)
                    .collect()
            };
            for r in rows {
                let cps: Vec<u16> = if s.cp != ANY {
                    vec![s.cp]
                } else if empty_row(s.t as usize, r) {
                    vec![ANY]
                } else {
                    (0..perms.len() as u16).collect()
                };
                for cp in cps {
                    let mut map = s.map;
                    let mut nx = s.next;
                    let mut out = [0u8; 9];
                    if cp != ANY {
                        if !read_row(
                            g,
                            r,
                            &perms[cp as usize],
                            &mut map,
                            &mut nx,
                            &mut out,
                            have_best.then_some(&best),
                        ) {
                            continue;
                        }
                    } else if have_best && best != [0; 9] {
                        // An empty row reads all zeros: smaller than any non-empty best.
                        next_states.clear();
                    }
                    if !have_best || out < best {
                        best = out;
                        have_best = true;
                        next_states.clear();
                    }
                    next_states.push(State {
                        t: s.t,
                        used: s.used | (1 << r),
                        last: r as u8,
                        cp,
                        map,
                        next: nx,
                    });
                }
            }
        }
        result[k * 9..k * 9 + 9].copy_from_slice(&best);
        // States differing only in the order of the rows already used cannot differ later.
        for s in &mut next_states {
            if (k + 1) % 3 == 0 {
                s.last = 0;
            } else {
                s.last /= 3;
            }
        }
        next_states.sort_unstable();
        next_states.dedup();
        for s in &mut next_states {
            if (k + 1) % 3 != 0 {
                s.last *= 3;
            }
        }
        std::mem::swap(&mut states, &mut next_states);
    }
    result
}
