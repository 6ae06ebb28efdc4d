//! `server`: reads the configuration, connects and migrates the database, serves until
//! SIGTERM or Ctrl-C, then lets in-flight requests finish. Other commands (`migrate`,
//! `check-config`, `backup`, `copy-data`, `healthcheck`): see `server --help`.

use std::{process::ExitCode, sync::Arc};

use clap::Parser;
use domain::config::Config;
use server::{
    cli::{Cli, Command},
    telemetry,
};
use vocab::clock::SystemClock;

/// mimalloc rather than the C library's allocator: a profile of the game page under load
/// found a fifth of its time in glibc's `malloc` and `free` (docs/benchmarks.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> ExitCode {
    let command = Cli::parse().command.unwrap_or(Command::Serve);
    if command != Command::Serve {
        return server::cli::run(command).await;
    }
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(error) => {
            eprintln!("configuration error: {error}");
            return ExitCode::from(2);
        }
    };
    telemetry::init(&config.log_filter, config.log_format, std::io::stdout);
    match run(config).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!(%error, "server stopped");
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

async fn run(config: Config) -> Result<(), Box<dyn std::error::Error>> {
    let addr = config.listen_addr;
    let state = server::build_state(config, Arc::new(SystemClock)).await?;
    // Before any request can end a game on time: deadlines move on by a downtime first.
    if state.config.sweep_interval.is_some()
        && let Err(error) = domain::sweeper::protect_from_downtime(&state).await
    {
        tracing::warn!(%error, "checking for downtime failed; the sweeper retries");
    }
    let sweeper = server::spawn_sweeper(&state);
    let outbox = server::spawn_outbox(&state);
    let tournaments = server::spawn_tournaments(&state);
    let adjudication = server::spawn_adjudication(&state);
    let reviews = server::spawn_reviews(&state);
    let engine = server::spawn_engine(&state);
    server::spawn_position_refresh(&state);
    server::spawn_snapshot_sweep(&state);
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|error| format!("binding LISTEN_ADDR {addr}: {error}"))?;
    tracing::info!(%addr, backend = ?state.db.backend, "serving");
    server::serve(listener, state.clone(), shutdown_signal()).await?;
    // The computer's searches under way stop; their replies stay queued for the restart.
    if let Some(engine) = engine {
        engine.stop().await;
    }
    for job in [sweeper, outbox, tournaments, adjudication, reviews]
        .into_iter()
        .flatten()
    {
        job.abort();
    }
    state.db.pool.close().await;
    tracing::info!("stopped");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
}
