//! The computer's replies: the engine job claims the replies queued in `engine_queue`
//! (see [`crate::computer`]), searches on a bounded pool of dedicated OS threads
//! (`ENGINE_WORKERS`, never on the async threads), and plays each reply through the
//! lifecycle's move path as the computer, with the ply guard.
//!
//! - **Claiming.** A round (`claim_round`) claims as many due rows as there are free
//!   threads, with one guarded update (`claimed_by` this instance, `claimed_until` now
//!   plus [`LEASE_SECS`]; on Postgres over `for update skip locked`), so several
//!   instances on one database never take one row at once. A row whose lease ran out
//!   (its instance died mid-search) is due again and taken by whoever is free. Rows are
//!   taken round-robin across players (every player's oldest reply, then every
//!   player's second, …, a row being computed counting as its player's turn, the
//!   player with fewer rows queued first among equal turns;
//!   [`store::engine::claim_due`]), so one player's backlog delays another player's
//!   reply by at most the searches under way.
//! - **Searching.** `engine::best_move` (or `engine::best_move_with_uci` for chess
//!   levels 7 and 8 when `STOCKFISH_PATH` is set) with the row's level and seed and a
//!   node budget of `ENGINE_NODES`, so a retry searches the same way and finds the same
//!   move. A search is also cut at half the lease, so it ends while its row is held. A
//!   search that panics (or an external engine that fails) does not lose the reply: the
//!   built-in search, or the first legal move, is played instead; a row claimed more than
//!   [`FIRST_MOVE_AFTER`] times (a crash loop) gets the first legal move at once.
//! - **Playing.** [`crate::game::play::play_reply`] plays the move in one
//!   transaction whose first write is the ply guard and whose second deletes the row (if
//!   this instance still holds it): so a reply is played exactly once, whatever the
//!   instances, leases and restarts. A stale row (the person resigned, the game moved
//!   on) is just deleted.
//! - **Waking.** The job runs a round when woken ([`Services::wake_engine`]: after the
//!   commit that queued a reply, and when a thread becomes free) and every
//!   [`IDLE_INTERVAL`] as a fallback (rows queued by another instance, leases run out).
//!   At start, and every few minutes, the replies missing from the queue (games copied by
//!   `copy-data`) are queued ([`crate::computer::queue_unanswered`]).
//! - **Stopping.** On shutdown ([`EngineJob::stop`]) the stop flag ends the searches
//!   under way within a few hundred nodes; their rows are given back, to be computed
//!   again (to the same move) after the restart.

use std::{
    panic::AssertUnwindSafe,
    path::PathBuf,
    sync::{
        Arc, Mutex, PoisonError,
        atomic::{AtomicBool, Ordering},
        mpsc,
    },
    time::{Duration, Instant},
};

use engine::{Budget, EngineError, Level, Request};
use rules::AnyGame;
use tokio::sync::Semaphore;

use crate::{
    Services,
    accounts::user::User,
    computer,
    game::{self, GameStatus, errors::Refusal, play::play_reply},
};
use store::engine::{self as queue, QueuedReply};
use vocab::{error::AppError, metrics};

/// How long a claim holds a row (seconds).
pub const LEASE_SECS: i64 = 120;

/// After this many claims of one row, the reply is the first legal move, without a
/// search (the searches of the claims before did not end: a crash loop).
pub const FIRST_MOVE_AFTER: i64 = 3;

/// How long a reply whose move could not be played waits before it is tried again
/// (seconds).
pub const RETRY_SECS: i64 = 10;

/// How often the job looks for due rows when nothing wakes it.
pub const IDLE_INTERVAL: Duration = Duration::from_secs(5);

/// How often the replies missing from the queue are queued (and at start).
const REPAIR_INTERVAL: Duration = Duration::from_secs(300);

/// At most this many missing replies are queued per repair.
const REPAIR_BATCH: i64 = 1_000;

/// How long [`EngineJob::stop`] waits for the replies under way to give their rows back.
const STOP_WAIT: Duration = Duration::from_secs(5);

/// A job for a worker thread.
type Task = Box<dyn FnOnce() + Send + 'static>;

/// The engine's threads: `workers` OS threads taking tasks from one channel, and a
/// semaphore with a permit per thread, so the job claims only what it can compute now.
#[derive(Debug)]
struct Pool {
    tasks: Mutex<Option<mpsc::Sender<Task>>>,
    free: Arc<Semaphore>,
    workers: usize,
}

impl Pool {
    fn new(workers: usize) -> Pool {
        let (sender, receiver) = mpsc::channel::<Task>();
        let receiver = Arc::new(Mutex::new(receiver));
        let mut started = 0;
        for n in 0..workers {
            let receiver = receiver.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("engine-{n}"))
                .spawn(move || {
                    loop {
                        let task = receiver
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .recv();
                        match task {
                            // A task that panics drops its answer (the caller sees none)
                            // and the thread goes on.
                            Ok(task) => {
                                let _ = std::panic::catch_unwind(AssertUnwindSafe(task));
                            }
                            // The job ended: no more tasks.
                            Err(_) => return,
                        }
                    }
                });
            match spawned {
                Ok(_) => started += 1,
                Err(error) => tracing::error!(%error, "starting an engine thread failed"),
            }
        }
        Pool {
            tasks: Mutex::new(Some(sender)),
            free: Arc::new(Semaphore::new(started)),
            workers: started,
        }
    }

    /// Runs `work` on one of the threads and waits for its answer (`None`: the pool is
    /// closed, or the work panicked).
    async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let (answer, answered) = tokio::sync::oneshot::channel();
        let task: Task = Box::new(move || {
            let _ = answer.send(work());
        });
        self.tasks
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()?
            .send(task)
            .ok()?;
        answered.await.ok()
    }

    /// Lets the threads end once their tasks are done.
    fn close(&self) {
        self.tasks
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
    }
}

/// A running engine job.
#[derive(Debug)]
pub struct EngineJob {
    state: Services,
    pool: Arc<Pool>,
    task: tokio::task::JoinHandle<()>,
}

impl EngineJob {
    /// Stops the job: sets the stop flag (the searches under way end within a few
    /// hundred nodes and their rows are given back, see the module's text), waits a few
    /// seconds for that, and lets the threads end.
    pub async fn stop(self) {
        self.state.engine_stop.store(true, Ordering::SeqCst);
        self.state.wake_engine();
        let workers = u32::try_from(self.pool.workers).unwrap_or(u32::MAX);
        let idle = self.pool.free.clone().acquire_many_owned(workers);
        if tokio::time::timeout(STOP_WAIT, idle).await.is_err() {
            tracing::warn!("the computer's replies under way did not stop in time");
        }
        self.pool.close();
        let _ = tokio::time::timeout(STOP_WAIT, self.task).await;
    }
}

/// Starts the engine job of `state` with `ENGINE_WORKERS` threads; `None` when it is 0
/// (this instance computes no reply).
pub fn spawn(state: &Services) -> Option<EngineJob> {
    let workers = state.config.engine.workers;
    if workers == 0 {
        return None;
    }
    let pool = Arc::new(Pool::new(workers));
    let task = tokio::spawn(run(state.clone(), pool.clone()));
    Some(EngineJob {
        state: state.clone(),
        pool,
        task,
    })
}

/// Runs rounds until stopped: when woken and every [`IDLE_INTERVAL`]; errors are logged
/// and the next round tries again.
async fn run(state: Services, pool: Arc<Pool>) {
    let mut ticker = tokio::time::interval(IDLE_INTERVAL);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut repaired: Option<Instant> = None;
    loop {
        if repaired.is_none_or(|at| at.elapsed() >= REPAIR_INTERVAL) {
            repaired = Some(Instant::now());
            match computer::queue_unanswered(&state, REPAIR_BATCH).await {
                Ok(0) => {}
                Ok(queued) => tracing::info!(queued, "queued the computer's missing replies"),
                Err(error) => tracing::warn!(%error, "queueing the computer's missing replies"),
            }
        }
        if state.engine_stop.load(Ordering::SeqCst) {
            return;
        }
        if let Err(error) = claim_round(&state, &pool).await {
            tracing::warn!(%error, "an engine round failed");
        }
        tokio::select! {
            _ = ticker.tick() => {}
            () = state.engine_wake.notified() => {}
        }
        if state.engine_stop.load(Ordering::SeqCst) {
            return;
        }
    }
}

/// Claims as many due replies as there are free threads and starts each (a task that
/// searches on a thread, then plays). Claims again while threads are free and rows due.
///
/// # Errors
///
/// Database errors of the claim.
async fn claim_round(state: &Services, pool: &Arc<Pool>) -> Result<(), AppError> {
    loop {
        let free = pool.free.available_permits();
        if free == 0 || state.engine_stop.load(Ordering::SeqCst) {
            return Ok(());
        }
        let now = state.now();
        let claimed = {
            let mut conn = state.db.pool.acquire().await?;
            queue::claim_due(
                &mut conn,
                state.db.backend,
                &state.instance_id,
                now,
                now + LEASE_SECS,
                i64::try_from(free).unwrap_or(i64::MAX),
            )
            .await?
        };
        if claimed.is_empty() {
            return Ok(());
        }
        for row in claimed {
            let Ok(permit) = pool.free.clone().try_acquire_owned() else {
                // Only this loop takes permits: cannot happen. Give the row back.
                give_back(state, &row, None).await;
                continue;
            };
            let (state, pool) = (state.clone(), pool.clone());
            tokio::spawn(async move {
                let outcome = match answer(&state, &pool, &row).await {
                    Ok(outcome) => outcome,
                    Err(error) => {
                        tracing::warn!(game = %row.game_id, ply = row.ply, %error,
                            "the computer's reply failed; tried again later");
                        give_back(&state, &row, Some(state.now() + RETRY_SECS)).await;
                        "failed"
                    }
                };
                metrics::computer_reply(outcome);
                drop(permit);
                // A thread is free: look for more.
                state.wake_engine();
            });
        }
    }
}

/// Gives `row` back: due again at `due_at` (`None`: at once). Errors are logged (the
/// lease then runs out by itself).
async fn give_back(state: &Services, row: &QueuedReply, due_at: Option<i64>) {
    let released = async {
        let mut conn = state.db.pool.acquire().await?;
        queue::release(&mut conn, &row.game_id, row.ply, &state.instance_id, due_at).await
    };
    if let Err(error) = released.await {
        tracing::warn!(game = %row.game_id, %error, "giving back the computer's reply");
    }
}

/// Deletes a stale `row` (held by this instance), returning the outcome `stale`.
async fn drop_stale(state: &Services, row: &QueuedReply) -> Result<&'static str, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    queue::take(&mut conn, &row.game_id, row.ply, &state.instance_id).await?;
    Ok("stale")
}

/// Computes and plays the reply of `row`. Returns the outcome for the metrics.
///
/// # Errors
///
/// Database errors, or a move the lifecycle refused for another reason than the game
/// having moved on (the row is then given back for a later try).
async fn answer(
    state: &Services,
    pool: &Pool,
    row: &QueuedReply,
) -> Result<&'static str, AppError> {
    let detail = match game::get(state, &row.game_id).await {
        Ok(detail) => detail,
        Err(AppError::NotFound(_)) => return drop_stale(state, row).await,
        Err(error) => return Err(error),
    };
    // The reply is owed only while the game is at the row's ply with the computer to move.
    let owed = detail.status == GameStatus::Active
        && detail.stored_ply() == row.ply
        && detail
            .computer()
            .is_some_and(|(side, _)| detail.to_move() == Some(side));
    let (Some((side, detail_level)), true) = (detail.computer(), owed) else {
        return drop_stale(state, row).await;
    };
    let level = u8::try_from(row.level)
        .ok()
        .and_then(Level::new)
        .unwrap_or(detail_level);
    let (id, name, kind) = detail.player(side);
    let computer = User {
        id: id.to_owned(),
        username: name.to_owned(),
        kind,
    };
    let Ok(seen_ply) = u32::try_from(row.ply) else {
        return drop_stale(state, row).await;
    };
    let text = if row.attempts > FIRST_MOVE_AFTER {
        tracing::warn!(game = %row.game_id, ply = row.ply, attempts = row.attempts,
            "the computer's reply was claimed too often: playing the first legal move");
        Some(first_legal(&detail.game))
    } else {
        let request = Request::new(
            level,
            Budget {
                nodes: state.config.engine.nodes,
                time: Some(Duration::from_secs(
                    u64::try_from(LEASE_SECS / 2).unwrap_or(60),
                )),
            },
            u64::from_ne_bytes(row.seed.to_ne_bytes()),
        );
        let game = detail.game.clone();
        let stop = state.engine_stop.clone();
        let uci = state.config.engine.stockfish_path.clone();
        let started = Instant::now();
        let found = pool
            .run(move || search(&game, &request, &stop, uci))
            .await
            .flatten();
        metrics::computer_search(started.elapsed());
        found
    };
    if state.engine_stop.load(Ordering::SeqCst) {
        // Shutting down: the search was cut short. Computed again after the restart.
        give_back(state, row, None).await;
        return Ok("stopped");
    }
    let Some(text) = text else {
        return drop_stale(state, row).await;
    };
    match play_reply(state, &computer, &row.game_id, &text, seen_ply).await {
        Ok(_) => Ok("played"),
        // Played meanwhile by another instance, or the game moved on or ended.
        Err(error)
            if matches!(
                Refusal::of(&error),
                Some(
                    Refusal::StalePly
                        | Refusal::GameOver
                        | Refusal::NotYourTurn
                        | Refusal::NotAPlayer
                        | Refusal::TimeOut
                        | Refusal::PastGameDeadline
                )
            ) || matches!(error, AppError::NotFound(_)) =>
        {
            // (A loss on time took the row with it.)
            drop_stale(state, row).await
        }
        Err(error) if Refusal::of(&error) == Some(Refusal::ReplyNotHeld) => {
            tracing::warn!(game = %row.game_id, ply = row.ply,
                "another instance took over the computer's reply");
            Ok("lost_lease")
        }
        // The search's move was refused (it cannot be: a bug): the first legal move.
        Err(error @ AppError::Invalid { .. }) => {
            tracing::error!(game = %row.game_id, ply = row.ply, %text, %error,
                "the computer's move was refused: playing the first legal move");
            play_reply(
                state,
                &computer,
                &row.game_id,
                &first_legal(&detail.game),
                seen_ply,
            )
            .await?;
            Ok("played")
        }
        Err(error) => Err(error),
    }
}

/// The first legal move of `game` (a reply that never fails).
fn first_legal(game: &AnyGame) -> String {
    game.legal_moves().into_iter().next().unwrap_or_default()
}

/// The search, on a worker thread: the move of `request` in `game` (`None`: the game is
/// over). A failing external engine falls back to the built-in search; a search that
/// panics, to the first legal move.
fn search(
    game: &AnyGame,
    request: &Request,
    stop: &AtomicBool,
    uci: Option<PathBuf>,
) -> Option<String> {
    let searched = std::panic::catch_unwind(AssertUnwindSafe(|| {
        let built_in = || engine::best_move(game, request, stop);
        match uci {
            Some(path) => engine::best_move_with_uci(game, request, stop, &path).or_else(|error| {
                match error {
                    EngineError::Uci(reason) => {
                        tracing::warn!(%reason, "the UCI engine failed: the built-in search plays");
                        built_in()
                    }
                    other => Err(other),
                }
            }),
            None => built_in(),
        }
    }));
    match searched {
        Ok(Ok(reply)) => Some(reply.text),
        Ok(Err(EngineError::GameOver)) => None,
        Ok(Err(error)) => {
            tracing::error!(%error, "the computer's search failed: playing the first legal move");
            Some(first_legal(game)).filter(|text| !text.is_empty())
        }
        Err(_) => {
            tracing::error!("the computer's search panicked: playing the first legal move");
            Some(first_legal(game)).filter(|text| !text.is_empty())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_pool_runs_work_on_its_own_threads() {
        let pool = Pool::new(2);
        assert_eq!(pool.free.available_permits(), 2);
        let name = pool
            .run(|| std::thread::current().name().map(str::to_owned))
            .await
            .flatten();
        assert!(name.is_some_and(|name| name.starts_with("engine-")));
        // A panic in the work is no answer, and the thread goes on.
        assert_eq!(pool.run(|| -> u8 { panic!("boom") }).await, None);
        for _ in 0..4 {
            assert_eq!(pool.run(|| 7).await, Some(7));
        }
        pool.close();
        assert_eq!(pool.run(|| 1).await, None);
    }

    #[test]
    fn the_search_answers_with_a_legal_move_and_none_when_over() {
        let game = AnyGame::new(rules::Variant::Reversi6x6, None).unwrap();
        let request = Request::new(Level::new(3).unwrap(), Budget::nodes(2_000), 7);
        let stop = AtomicBool::new(false);
        let text = search(&game, &request, &stop, None).unwrap();
        assert!(game.legal_moves().contains(&text));
        // The same seed and budget: the same move.
        assert_eq!(search(&game, &request, &stop, None), Some(text));
        // A UCI engine that does not exist: the built-in search plays.
        let chess = AnyGame::replay(rules::Variant::Chess, None, ["e2e4"]).unwrap();
        let top = Request::new(Level::MAX, Budget::nodes(2_000), 7);
        let missing = Some(PathBuf::from("/nonexistent/stockfish"));
        let text = search(&chess, &top, &stop, missing).unwrap();
        assert!(chess.legal_moves().contains(&text));
    }
}
