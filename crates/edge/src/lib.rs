//! What the two faces ([`html`](../html) and [`api`](../api)) share at the HTTP edge: the
//! extractors that read a request's viewer, path, query and body with the project's
//! errors, the client's address behind trusted proxies, and downloads.

pub mod client_addr;
pub mod download;
pub mod extract;
pub mod field;
