//! The one reader of a rules file (`--rules FILE` of every command, and `generate --rules`).
//!
//! Design decision: a rules file is what a setter has at hand, so three shapes are taken and
//! told apart by their first JSON value: a list of rules in sudokit's form
//! (`[{"type": "killer", "cells": ["r1c1", "r1c2"], "sum": 10}, …]`, put on the caller's base
//! grid), an object with a `rules` list (the same), or a whole puzzle record (f-puzzles JSON
//! or link, sudokit's JSON with `puzzle`/`grid`), whose own grid and rules are taken. Every
//! error names the file, and the line and column (JSON) or the line (a puzzle record) where
//! it went wrong; an unknown rule type is an error, never skipped.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use sudokit_core::Layout;
use sudokit_core::Rule;
use sudokit_core::format::{InputFormat, LayoutSpec, Reader};

/// Why a rules file could not be read.
#[derive(Debug)]
pub enum RulesFileError {
    /// The file could not be read.
    Read {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The rules are not valid JSON rules (an unknown type, a bad cell, a missing field).
    Json {
        /// The file.
        path: PathBuf,
        /// Where (1-based) and what.
        line: usize,
        /// The column (1-based).
        column: usize,
        /// serde's message (it names the field or the unknown type).
        message: String,
    },
    /// The rules do not fit the grid (a cell off the grid, a sum no digits make, …).
    Fit {
        /// The file.
        path: PathBuf,
        /// The layout's reason.
        message: String,
    },
    /// Neither rules nor a puzzle record, or a puzzle record that does not parse.
    Puzzle {
        /// The file.
        path: PathBuf,
        /// The line of the record (1-based; 0 when the file is empty).
        line: usize,
        /// The reader's reason.
        message: String,
    },
}

impl fmt::Display for RulesFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesFileError::Read { path, source } => {
                write!(f, "cannot read rules file {}: {source}", path.display())
            }
            RulesFileError::Json {
                path,
                line,
                column,
                message,
            } => write!(
                f,
                "{}: line {line}, column {column}: not a list of rules: {message}",
                path.display()
            ),
            RulesFileError::Fit { path, message } => {
                write!(
                    f,
                    "{}: a rule does not fit the grid: {message}",
                    path.display()
                )
            }
            RulesFileError::Puzzle {
                path,
                line,
                message,
            } => write!(f, "{}: line {line}: {message}", path.display()),
        }
    }
}

impl std::error::Error for RulesFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RulesFileError::Read { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// The layout a rules file gives: `base` with the file's rules, or the grid and rules of
/// the puzzle record it holds (see the module docs).
pub fn read_rules_file(path: &Path, base: &Layout) -> Result<Arc<Layout>, RulesFileError> {
    let text = std::fs::read_to_string(path).map_err(|source| RulesFileError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let json = |e: serde_json::Error| RulesFileError::Json {
        path: path.to_path_buf(),
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    };
    let listed: Option<Vec<Rule>> = match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(serde_json::Value::Array(_)) => Some(serde_json::from_str(&text).map_err(json)?),
        Ok(serde_json::Value::Object(o))
            if !o.contains_key("puzzle") && !o.contains_key("grid") =>
        {
            #[derive(serde::Deserialize)]
            struct Listed {
                rules: Vec<Rule>,
            }
            Some(serde_json::from_str::<Listed>(&text).map_err(json)?.rules)
        }
        _ => None,
    };
    if let Some(rules) = listed {
        let layout = base.with_rules(rules).map_err(|e| RulesFileError::Fit {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
        return Ok(Arc::new(layout));
    }
    let puzzle_error = |line: usize, message: String| RulesFileError::Puzzle {
        path: path.to_path_buf(),
        line,
        message,
    };
    let record = Reader::new(text.as_bytes(), InputFormat::Auto, LayoutSpec::default())
        .next()
        .ok_or_else(|| puzzle_error(0, "no rules and no puzzle".to_string()))?
        .map_err(|e| puzzle_error(0, e.to_string()))?;
    let puzzle = record
        .puzzle
        .map_err(|e| puzzle_error(record.line, e.to_string()))?;
    Ok(puzzle.layout_arc().clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, text: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("sudokit-rules-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn a_list_and_an_object_give_the_same_rules_on_the_base() {
        let base = Layout::standard(9).unwrap();
        let list = r#"[{"type": "killer", "cells": ["r1c1", "r1c2"], "sum": 10}]"#;
        let a = read_rules_file(&file("list.json", list), &base).unwrap();
        let object = format!(r#"{{"rules": {list}}}"#);
        let b = read_rules_file(&file("object.json", &object), &base).unwrap();
        assert_eq!(a.rules().len(), 1);
        assert_eq!(a.rules(), b.rules());
    }

    #[test]
    fn errors_name_the_file_and_where() {
        let base = Layout::standard(9).unwrap();
        let unknown = "[\n{\"type\": \"killer\", \"cells\": [\"r1c1\"], \"sum\": 1},\n{\"type\": \"spiral\"}\n]";
        let e = read_rules_file(&file("unknown.json", unknown), &base).unwrap_err();
        let shown = e.to_string();
        assert!(matches!(e, RulesFileError::Json { line: 3, .. }), "{shown}");
        assert!(
            shown.contains("unknown.json") && shown.contains("spiral"),
            "{shown}"
        );
        let off = r#"[{"type": "killer", "cells": ["r1c1", "r10c1"], "sum": 3}]"#;
        let e = read_rules_file(&file("off.json", off), &base).unwrap_err();
        assert!(e.to_string().contains("off.json"), "{e}");
        let missing = file("none.json", "");
        std::fs::remove_file(&missing).unwrap();
        let e = read_rules_file(&missing, &base).unwrap_err();
        assert!(matches!(e, RulesFileError::Read { .. }), "{e}");
    }
}
