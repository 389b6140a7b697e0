//! The README's library snippet is `examples/readme_library.rs` verbatim, so it compiles as
//! shown (cargo builds examples for `cargo test`).

#[test]
fn readme_library_snippet_is_the_compiled_example() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(dir.join("../../README.md")).expect("README");
    let example = std::fs::read_to_string(dir.join("examples/readme_library.rs")).expect("example");
    assert!(
        readme.contains(&format!("```rust\n{example}```")),
        "README's rust block differs from examples/readme_library.rs"
    );
}
