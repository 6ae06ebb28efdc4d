//! Logging through `tracing`: text or JSON lines, filtered by `RUST_LOG`.
//!
//! Every request is logged once by the request middleware (`crate::ops::track`):
//! method, matched route, status, duration and client address; never headers, bodies
//! or query strings, so passwords, tokens and cookies stay out of the logs.

use tracing_subscriber::{EnvFilter, Layer, fmt, prelude::*, registry::LookupSpan};

use domain::config::LogFormat;

/// The formatting layer for `format`, writing to `writer` (what [`init`] installs; tests
/// use it to capture the lines of a real request flow).
pub fn layer<S, W>(format: LogFormat, writer: W) -> Box<dyn Layer<S> + Send + Sync>
where
    S: tracing::Subscriber + for<'a> LookupSpan<'a>,
    W: for<'a> fmt::MakeWriter<'a> + Send + Sync + 'static,
{
    // Colours only on a terminal: piped logs stay plain text.
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stdout());
    match format {
        LogFormat::Text => fmt::layer().with_ansi(ansi).with_writer(writer).boxed(),
        LogFormat::Json => fmt::layer()
            .json()
            .flatten_event(true)
            .with_writer(writer)
            .boxed(),
    }
}

/// Installs the global subscriber writing to `writer`. Does nothing if one is installed
/// already (tests call it once per test).
pub fn init<W>(filter: &str, format: LogFormat, writer: W)
where
    W: for<'a> fmt::MakeWriter<'a> + Send + Sync + 'static,
{
    let filter = EnvFilter::try_new(filter).unwrap_or_else(|_| EnvFilter::new("info"));
    let result = tracing_subscriber::registry()
        .with(filter)
        .with(layer(format, writer))
        .try_init();
    // An already installed subscriber is fine: the first one wins.
    drop(result);
}
