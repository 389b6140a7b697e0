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
}
