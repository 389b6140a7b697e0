//! Candidate-grid formats: HoDoKu's library lines and pencil-mark grids, read and written.
//!
//! Design decision: these formats carry pencil marks, which the core reader's `Grid` cannot
//! hold, so they live here beside [`CandidateGrid`](crate::CandidateGrid); one file per format.

pub mod hodoku;
pub mod pencil;

/// A candidate-grid text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FormatError {
    /// The text is not in the expected shape.
    #[error("{0}")]
    Malformed(String),
    /// A cell token that is not a set of candidates (`3467A` in a 9×9 grid).
    #[error(
        "bad pencil-mark token `{token}` at line {line}, column {column} of the grid (cell {cell}): {expected}"
    )]
    Token {
        /// The token as written.
        token: String,
        /// 1-based line of the grid's text it is on.
        line: usize,
        /// 1-based column (in characters) where it starts.
        column: usize,
        /// The cell it stands for (`r2c5`).
        cell: String,
        /// What a token of this grid holds.
        expected: String,
    },
}
