//! Parsing a [`LayoutSpec`] from text: a box shape `RxC`, a region map, extra-constraint names.
//!
//! Design decision: the command line (`--box`, `--regions FILE`, `--extra`) and the web API
//! (`box`, `regions`, `extra` fields) read layouts through these functions, so both accept the
//! same spellings and refuse bad input with the same words. Errors are typed; callers add
//! where the text came from (a flag, a file name, a JSON field). Reading a region map from a
//! file (and bounding its size) stays with the caller: this module never does I/O.

use std::sync::Arc;

use super::LayoutSpec;
use crate::layout::{Extra, Layout, LayoutError};
use crate::types::MAX_SIZE;

/// Why a box shape, region map or extra name was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LayoutSpecError {
    /// The box shape is not two numbers joined by `x` (or `X`, `*`, `×`).
    #[error("expected RxC (e.g. 3x3), got '{0}'")]
    BoxSyntax(String),
    /// The number of box rows is not a number.
    #[error("bad box rows in '{0}'")]
    BoxRows(String),
    /// The number of box columns is not a number.
    #[error("bad box columns in '{0}'")]
    BoxColumns(String),
    /// The box shape gives a side of 0 or above [`MAX_SIZE`].
    #[error("box {rows}x{cols} gives an unsupported size (1..=64)")]
    BoxSize {
        /// Rows per box.
        rows: usize,
        /// Columns per box.
        cols: usize,
    },
    /// An extra-constraint name that is not known.
    #[error("unknown extra '{0}' (diagonals, anti-knight, anti-king)")]
    UnknownExtra(String),
    /// A region map whose label count is not N² for any side N ≥ 1.
    #[error("region map has {0} labels, expected N² for some N")]
    RegionCount(usize),
    /// The region map's labels do not make a valid layout (sizes, connectivity).
    #[error("bad region map")]
    Regions(#[source] LayoutError),
    /// Both a box shape and a region map were given.
    #[error("give either box or regions, not both")]
    BoxAndRegions,
}

/// Parses a box shape `RxC` (also `R*C`, `R×C`; spaces around the numbers allowed).
pub fn parse_box(s: &str) -> Result<(usize, usize), LayoutSpecError> {
    let (r, c) = s
        .split_once(['x', 'X', '*', '×'])
        .ok_or_else(|| LayoutSpecError::BoxSyntax(s.to_string()))?;
    let rows: usize = r
        .trim()
        .parse()
        .map_err(|_| LayoutSpecError::BoxRows(s.to_string()))?;
    let cols: usize = c
        .trim()
        .parse()
        .map_err(|_| LayoutSpecError::BoxColumns(s.to_string()))?;
    if rows == 0 || cols == 0 || rows.checked_mul(cols).is_none_or(|n| n > MAX_SIZE) {
        return Err(LayoutSpecError::BoxSize { rows, cols });
    }
    Ok((rows, cols))
}

/// Parses one extra-constraint name (see [`Extra::parse`] for the spellings).
pub fn parse_extra(s: &str) -> Result<Extra, LayoutSpecError> {
    Extra::parse(s).ok_or_else(|| LayoutSpecError::UnknownExtra(s.to_string()))
}

/// Parses a region map: one label per cell in reading order, on one line or N lines; whitespace
/// is ignored and so are lines starting with `#`. Each distinct label is one region.
pub fn parse_region_map(text: &str) -> Result<Layout, LayoutSpecError> {
    let labels: Vec<String> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .flat_map(|l| l.chars().filter(|c| !c.is_whitespace()).map(String::from))
        .collect();
    let n = (labels.len() as f64).sqrt().round() as usize;
    if n == 0 || n * n != labels.len() {
        return Err(LayoutSpecError::RegionCount(labels.len()));
    }
    let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
    Layout::jigsaw_from_labels(n, &refs).map_err(LayoutSpecError::Regions)
}

impl LayoutSpec {
    /// A spec from its text parts: a box shape, a region map (blank counts as none) and extra
    /// names. A box shape and a region map together are refused.
    pub fn parse(
        box_shape: Option<&str>,
        regions: Option<&str>,
        extras: &[impl AsRef<str>],
    ) -> Result<LayoutSpec, LayoutSpecError> {
        let regions = regions.filter(|r| !r.trim().is_empty());
        if box_shape.is_some() && regions.is_some() {
            return Err(LayoutSpecError::BoxAndRegions);
        }
        Ok(LayoutSpec {
            box_shape: box_shape.map(parse_box).transpose()?,
            regions: regions.map(parse_region_map).transpose()?.map(Arc::new),
            extras: extras
                .iter()
                .map(|e| parse_extra(e.as_ref()))
                .collect::<Result<_, _>>()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_shapes_parse_in_every_spelling_and_bad_ones_say_why() {
        assert_eq!(parse_box("3x3"), Ok((3, 3)));
        assert_eq!(parse_box(" 2 X 3 "), Ok((2, 3)));
        assert_eq!(parse_box("4*4"), Ok((4, 4)));
        assert_eq!(parse_box("2×5"), Ok((2, 5)));
        assert_eq!(
            parse_box("3y3").unwrap_err().to_string(),
            "expected RxC (e.g. 3x3), got '3y3'"
        );
        assert_eq!(
            parse_box("ax3").unwrap_err().to_string(),
            "bad box rows in 'ax3'"
        );
        assert_eq!(
            parse_box("3xb").unwrap_err().to_string(),
            "bad box columns in '3xb'"
        );
        assert_eq!(
            parse_box("9x9").unwrap_err().to_string(),
            "box 9x9 gives an unsupported size (1..=64)"
        );
        assert!(matches!(
            parse_box("0x3"),
            Err(LayoutSpecError::BoxSize { rows: 0, cols: 3 })
        ));
        // Overflow is a size error, not a wrap-around.
        assert!(matches!(
            parse_box(&format!("{}x2", usize::MAX)),
            Err(LayoutSpecError::BoxSize { .. })
        ));
    }

    #[test]
    fn extras_parse_by_name_and_unknown_names_list_the_known_ones() {
        assert_eq!(parse_extra("anti-king"), Ok(Extra::AntiKing));
        assert_eq!(parse_extra("X"), Ok(Extra::Diagonals));
        assert_eq!(
            parse_extra("knights").unwrap_err().to_string(),
            "unknown extra 'knights' (diagonals, anti-knight, anti-king)"
        );
    }

    #[test]
    fn region_maps_ignore_whitespace_and_comments_and_check_the_count() {
        let l = parse_region_map("# a 4x4 map\n1122\n1122\n3344\n3344\n").unwrap();
        assert_eq!(l.size(), 4);
        assert!(l.is_jigsaw());
        let one_line = parse_region_map("1 1 2 2 1 1 2 2 3 3 4 4 3 3 4 4").unwrap();
        assert_eq!(one_line.region_map(), l.region_map());
        assert_eq!(
            parse_region_map("123").unwrap_err(),
            LayoutSpecError::RegionCount(3)
        );
        assert_eq!(
            parse_region_map("# only a comment\n").unwrap_err(),
            LayoutSpecError::RegionCount(0)
        );
        // Four labels of 2x2 that are not regions of two cells each.
        assert!(matches!(
            parse_region_map("1112"),
            Err(LayoutSpecError::Regions(_))
        ));
    }

    #[test]
    fn a_spec_takes_box_or_regions_but_not_both() {
        let s = LayoutSpec::parse(Some("2x3"), None, &["diagonals"]).unwrap();
        assert_eq!(s.box_shape, Some((2, 3)));
        assert_eq!(s.extras, vec![Extra::Diagonals]);
        let s = LayoutSpec::parse(None, Some("  \n"), &[] as &[&str]).unwrap();
        assert!(s.regions.is_none() && s.box_shape.is_none());
        assert_eq!(
            LayoutSpec::parse(Some("3x3"), Some("1"), &[] as &[&str]).unwrap_err(),
            LayoutSpecError::BoxAndRegions
        );
        assert!(matches!(
            LayoutSpec::parse(None, None, &["kings"]),
            Err(LayoutSpecError::UnknownExtra(_))
        ));
    }
}
