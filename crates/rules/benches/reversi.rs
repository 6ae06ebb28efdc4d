//! Placeholder: replaced by the real benchmarks.
#![allow(missing_docs)]
fn main() {}
