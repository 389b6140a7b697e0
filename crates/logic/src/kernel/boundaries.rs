//! The boundary between the two solvers, checked on the sources: no file of `techniques/`
//! names `crate::se`, no file of `se/` names `crate::techniques`; what both need comes from
//! the kernel.

use std::path::{Path, PathBuf};

/// Every `.rs` file below `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let p = entry.unwrap().path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The lines of the files below `src/<folder>` that name the module path `path` (followed by
/// anything but a letter, digit or `_`, so `crate::se` does not match `crate::search`).
fn naming(folder: &str, path: &str) -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join(folder);
    let files = sources(&dir);
    assert!(files.len() > 3, "no sources found below {}", dir.display());
    let mut hits = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, line) in text.lines().enumerate() {
            let bad = line.match_indices(path).any(|(at, _)| {
                let next = line[at + path.len()..].chars().next();
                !next.is_some_and(|c| c.is_alphanumeric() || c == '_')
            });
            if bad {
                hits.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
            }
        }
    }
    hits
}

/// `techniques/` does not name `crate::se` and `se/` does not name `crate::techniques`.
#[test]
fn neither_solver_imports_the_others_internals() {
    for (folder, other) in [("techniques", "crate::se"), ("se", "crate::techniques")] {
        let hits = naming(folder, other);
        assert!(
            hits.is_empty(),
            "{folder}/ names {other}:\n{}",
            hits.join("\n")
        );
    }
}
