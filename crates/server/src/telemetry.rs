//! Logging through `tracing`: text or JSON lines, filtered by `RUST_LOG`.

use tracing_subscriber::{EnvFilter, fmt, prelude::*};

use crate::config::LogFormat;

/// Installs the global subscriber writing to `writer`. Does nothing if one is installed
/// already (tests call it once per test).
pub fn init<W>(filter: &str, format: LogFormat, writer: W)
where
    W: for<'a> fmt::MakeWriter<'a> + Send + Sync + 'static,
{
    let filter = EnvFilter::try_new(filter).unwrap_or_else(|_| EnvFilter::new("info"));
    let registry = tracing_subscriber::registry().with(filter);
    // Colours only on a terminal: piped logs stay plain text.
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stdout());
    let result = match format {
        LogFormat::Text => registry
            .with(fmt::layer().with_ansi(ansi).with_writer(writer))
            .try_init(),
        LogFormat::Json => registry
            .with(fmt::layer().json().flatten_event(true).with_writer(writer))
            .try_init(),
    };
    // An already installed subscriber is fine: the first one wins.
    drop(result);
}
