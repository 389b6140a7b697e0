//! Format tests.
