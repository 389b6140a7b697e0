//! `generate`: the generator's configuration from a layout request, and the record of a
//! made puzzle.
//!
//! Design decision: the command line and the web API describe a layout the same way (a side,
//! a box shape, a region map, a fresh jigsaw, extra rules), so the one function
//! [`config_for`] turns that description into a [`Config`]; each front end then sets the
//! targets its flags or fields name. The generator itself is the generate crate's public API.

use std::sync::Arc;

use serde_json::{Value, json};
use sudokit_core::{Extra, Layout, LayoutError};
use sudokit_generate::{Config, GenError, Generated, Generator, LayoutChoice, Rng, Symmetry};

use crate::{line_of, rating_json};

/// The layout puzzles are made for, as both front ends describe it.
#[derive(Clone, Debug)]
pub enum LayoutRequest {
    /// A fresh random jigsaw map of side `n` per puzzle.
    Jigsaw {
        /// Side.
        n: usize,
    },
    /// A region map.
    Regions(Arc<Layout>),
    /// Boxes of `rows × cols`.
    Boxed {
        /// Rows per box.
        rows: usize,
        /// Columns per box.
        cols: usize,
    },
    /// The standard layout of side `n`.
    Standard {
        /// Side.
        n: usize,
    },
}

/// The generator configuration for `layout` with `extras`: unique puzzles, no symmetry, no
/// targets (the caller sets those).
pub fn config_for(layout: LayoutRequest, extras: &[Extra]) -> Result<Config, LayoutError> {
    let base = match layout {
        LayoutRequest::Jigsaw { n } => {
            return Ok(Config {
                layout: LayoutChoice::RandomJigsaw {
                    n,
                    extras: extras.to_vec(),
                },
                ..Config::new(Arc::new(Layout::standard(9)?))
            });
        }
        LayoutRequest::Regions(l) => Arc::unwrap_or_clone(l),
        LayoutRequest::Boxed { rows, cols } => Layout::boxed(rows * cols, rows, cols)?,
        LayoutRequest::Standard { n } => Layout::standard(n)?,
    };
    Ok(Config::new(Arc::new(base.with_extras(extras))))
}

/// Sets the targets the web API and the Python package name in words: the symmetry (a name of
/// `sudokit generate --symmetry`), minimality, an SE rating range and a HoDoKu level. The
/// error names the field.
pub fn set_targets(
    config: &mut Config,
    symmetry: Option<&str>,
    minimal: bool,
    rating: Option<(f32, f32)>,
    level: Option<&str>,
) -> Result<(), String> {
    if let Some(s) = symmetry {
        config.symmetry = s
            .parse::<Symmetry>()
            .map_err(|e| format!("symmetry: {e}"))?;
    }
    config.minimal = minimal;
    config.target.rating = rating;
    config.target.level = level.map(sudokit_generate::rate::parse_level).transpose()?;
    Ok(())
}

/// Puzzle `index` of the run with `seed` (made from `Rng::derive(seed, index)`, as `sudokit
/// generate --seed` makes it) and its record: the rating the generator measured, else, up to
/// 9×9, the rater's.
pub fn generate_one(generator: &Generator, seed: u64, index: u64) -> Result<Value, GenError> {
    let made = generator.generate(Rng::derive(seed, index))?;
    let rating = match made.measured.se {
        Some(r) => Some(r),
        None if side(generator.config()) <= 9 => generator.rate(&made.puzzle),
        None => None,
    };
    Ok(generated_json(&made, rating, index))
}

/// The side of the grids `config` makes.
pub fn side(config: &Config) -> usize {
    match &config.layout {
        LayoutChoice::Fixed(l) => l.size(),
        LayoutChoice::RandomJigsaw { n, .. } => *n,
    }
}

/// A grid's cells for a JSON record: its line (one symbol a cell) up to 35×35; above, where the
/// line format writes numbers separated by spaces, the list of numbers (0 empty), which the
/// JSON reader takes as it is.
fn cells_json(grid: &sudokit_core::Grid) -> Value {
    let line = line_of(grid);
    if line.chars().count() == grid.values().len() {
        json!(line)
    } else {
        json!(grid.values())
    }
}

/// One record of `sudokit generate --format json` for puzzle `index` (0-based).
pub fn generated_json(made: &Generated, rating: Option<f32>, index: u64) -> Value {
    let m = &made.measured;
    let mut v = json!({
        "index": index + 1,
        "puzzle": cells_json(&made.puzzle),
        "solution": cells_json(&made.solution),
        "givens": made.givens,
        "symmetry": made.symmetry.name(),
        "seed": made.seed,
        "rating": rating_json(rating),
        "rater": "se121",
        "minimal": made.minimal,
        "layout": made.puzzle.layout().describe(),
    });
    // Only a removal pass the budget stopped (a caller that asked to keep it) says so.
    if made.unfinished {
        v["unfinished"] = json!(true);
    }
    // The layout fields the JSON reader understands, so a record reads back (through `check`,
    // `solve`, ...) as the same puzzle with no layout flags.
    if let Value::Object(fields) = &mut v {
        fields.extend(crate::layout_fields(made.puzzle.layout()));
    }
    if let Some(l) = m.hodoku_level {
        v["hodoku_level"] = json!(l);
        v["hodoku_score"] = json!(m.hodoku_score);
    }
    if let Some(q) = m.qqwing {
        v["qqwing"] = json!(q);
    }
    if let Some(s) = m.seed_level {
        v["seed_level"] = json!(s);
    }
    v
}
