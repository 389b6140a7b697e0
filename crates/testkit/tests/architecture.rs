//! ARCHITECTURE.md's crate table stays in step with the crates: one row per crate under
//! `crates/` (and `python/`, the Python package's extension crate), naming its package, and
//! listing exactly the crate's `[dependencies]` — the workspace crates in one column (without
//! the `sudokit-` prefix), the external crates in the other. A crate added, removed or given
//! a new dependency without its row fails here.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The names in a `[dependencies]` section of a Cargo.toml (`name = …`, `name.workspace = …`).
fn dependencies(manifest: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[dependencies]";
            continue;
        }
        if !inside || line.is_empty() || line.starts_with('#') {
            continue;
        }
        let name = line
            .split(['=', '.'])
            .next()
            .expect("a key")
            .trim()
            .trim_matches('"');
        out.push(name.to_string());
    }
    out
}

/// The package name of a Cargo.toml.
fn package_name(manifest: &str) -> String {
    manifest
        .lines()
        .find_map(|l| l.trim().strip_prefix("name = "))
        .expect("a package name")
        .trim_matches('"')
        .to_string()
}

/// The words of a table cell: names split on commas, backticks and "—" dropped.
fn names(cell: &str) -> BTreeSet<String> {
    cell.split(',')
        .map(|s| s.trim().trim_matches('`').trim())
        .filter(|s| !s.is_empty() && *s != "—")
        .map(str::to_string)
        .collect()
}

/// The rows of ARCHITECTURE.md's crate table: (folder, package, workspace deps, external deps).
fn table_rows() -> Vec<(String, String, BTreeSet<String>, BTreeSet<String>)> {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let mut rows = Vec::new();
    let mut in_table = false;
    for line in text.lines() {
        if line.starts_with("| crate | package |") {
            in_table = true;
            continue;
        }
        if !in_table {
            continue;
        }
        if !line.starts_with('|') {
            break;
        }
        if line.starts_with("|---") {
            continue;
        }
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        assert_eq!(cells.len(), 5, "a row of five cells: {line}");
        let folder = cells[0]
            .split('(')
            .nth(1)
            .and_then(|s| s.split(')').next())
            .unwrap_or_else(|| panic!("the crate cell links its folder: {line}"))
            .to_string();
        rows.push((
            folder,
            cells[1].trim_matches('`').to_string(),
            names(cells[3]),
            names(cells[4]),
        ));
    }
    rows
}

#[test]
fn architecture_table_lists_every_crate_with_its_dependencies() {
    let rows = table_rows();
    assert!(rows.len() > 10, "the crate table was found");
    let mut folders = BTreeSet::new();
    // Every crate under `crates/`, and the Python package's extension crate in `python/`.
    let mut dirs: Vec<(String, std::path::PathBuf)> = Vec::new();
    for entry in std::fs::read_dir(root().join("crates")).expect("crates/") {
        let dir = entry.expect("an entry").path();
        let name = format!(
            "crates/{}",
            dir.file_name().expect("a name").to_string_lossy()
        );
        dirs.push((name, dir));
    }
    dirs.push(("python".to_string(), root().join("python")));
    for (folder, dir) in dirs {
        let Ok(manifest) = std::fs::read_to_string(dir.join("Cargo.toml")) else {
            continue;
        };
        folders.insert(folder.clone());
        let row = rows
            .iter()
            .find(|r| r.0 == folder)
            .unwrap_or_else(|| panic!("ARCHITECTURE.md has no row for {folder}"));
        assert_eq!(row.1, package_name(&manifest), "{folder}: package name");
        let deps = dependencies(&manifest);
        let internal: BTreeSet<String> = deps
            .iter()
            .filter_map(|d| d.strip_prefix("sudokit-").map(str::to_string))
            .collect();
        let external: BTreeSet<String> = deps
            .iter()
            .filter(|d| !d.starts_with("sudokit-"))
            .cloned()
            .collect();
        assert_eq!(row.2, internal, "{folder}: workspace dependencies");
        assert_eq!(row.3, external, "{folder}: external dependencies");
    }
    for row in &rows {
        assert!(
            folders.contains(&row.0),
            "ARCHITECTURE.md lists {} which is not a crate",
            row.0
        );
    }
}
