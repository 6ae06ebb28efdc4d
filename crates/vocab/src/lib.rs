//! The vocabulary every layer of the server shares and none owns: the clock, ids and
//! tokens, the one error type with its codes, the translations, and the names of the
//! metrics. It knows no storage, no domain and no page.

pub mod clock;
pub mod cookies;
pub mod error;
pub mod i18n;
pub mod ids;
pub mod local_time;
pub mod metrics;
