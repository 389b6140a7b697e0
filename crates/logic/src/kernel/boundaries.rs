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

#[test]
fn the_finders_do_not_import_the_raters_internals() {
    let hits = naming("techniques", "crate::se");
    assert!(
        hits.is_empty(),
        "techniques/ imports se/:\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_rater_does_not_import_the_finders_internals() {
    let hits = naming("se", "crate::techniques");
    assert!(
        hits.is_empty(),
        "se/ imports techniques/:\n{}",
        hits.join("\n")
    );
}
