//! The number of techniques the README states is the technique table's, and `sudokit
//! techniques` prints one line per row (text, after its header, and JSON).

use std::path::PathBuf;
use std::process::Command;

use sudokit_logic::techniques::table::ROWS;

/// The number in the README's "`sudokit techniques` lists all N".
fn readme_count() -> usize {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../README.md");
    let text = std::fs::read_to_string(path).unwrap();
    let key = "`sudokit techniques` lists all ";
    let at = text
        .find(key)
        .expect("the README says how many techniques there are")
        + key.len();
    let digits: String = text[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().expect("a number after 'lists all'")
}

fn techniques(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .arg("techniques")
        .args(args)
        .output()
        .unwrap();
    assert!(o.status.success());
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn readme_states_the_tables_technique_count() {
    assert_eq!(
        readme_count(),
        ROWS.len(),
        "README.md's technique count differs from the table's"
    );
}

#[test]
fn techniques_prints_one_line_per_row() {
    let text = techniques(&[]);
    let mut lines = text.lines();
    assert!(lines.next().unwrap().starts_with("id "), "a header line");
    assert_eq!(lines.count(), ROWS.len());
    for order in ["hodoku", "se"] {
        assert_eq!(
            techniques(&["-f", "json", "--order", order])
                .lines()
                .count(),
            ROWS.len()
        );
    }
}
