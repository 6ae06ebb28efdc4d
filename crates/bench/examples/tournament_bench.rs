//! The tournament runner at scale, in-process on a real database: a Swiss of N players
//! (1,000 by default) is started and played round by round, and two figures are taken,
//! each as a ratio against a baseline measured in the same run:
//!
//! - **A round**: the runner's step that pairs a round and creates its games (the start
//!   also seeds the field), against creating the same number of casual games through the
//!   same one create function in one transaction.
//! - **A game's end**: a resignation of a tournament game, whose transaction also writes
//!   the game's outcome, both players' scores and the runner's mark, against a
//!   resignation of a casual game between the same players.
//!
//! ```text
//! cargo build --release -p bench --examples
//! target/release/examples/tournament_bench [--players 1000] [--rounds 5]
//!     [--database-url postgres://postgres@127.0.0.1:5432/bench]
//! ```
//!
//! Without `--database-url` it runs on a fresh SQLite file in the temporary folder.

use std::{sync::Arc, time::Instant};

use domain::{
    accounts::{AccountKind, User},
    config::Config,
    game::{self, ClockSettings, GameAction, GameSource, NewGameRequest, StopRules, TimeControl},
    tournaments::{self, Format, FormatOptions, Terms, TournamentRequest, runner},
};
use rand::{Rng, SeedableRng, rngs::StdRng};
use store::{tournaments as rows, users};
use vocab::clock::SystemClock;

struct Options {
    players: usize,
    rounds: i64,
    database_url: Option<String>,
}

fn options() -> Options {
    let mut options = Options {
        players: 1_000,
        rounds: 5,
        database_url: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().unwrap_or_default();
        match flag.as_str() {
            "--players" => options.players = value.parse().expect("--players N"),
            "--rounds" => options.rounds = value.parse().expect("--rounds N"),
            "--database-url" => options.database_url = Some(value),
            other => panic!("unknown flag {other}"),
        }
    }
    options
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn millis(start: Instant) -> f64 {
    start.elapsed().as_secs_f64() * 1_000.0
}

#[tokio::main]
async fn main() {
    let options = options();
    let url = options.database_url.clone().unwrap_or_else(|| {
        let dir = std::env::temp_dir().join(format!("tournament-bench-{}", std::process::id()));
        format!("sqlite://{}/bench.db", dir.display())
    });
    let config = Config::from_lookup(|name| match name {
        "DATABASE_URL" => Some(url.clone()),
        "SWEEP_INTERVAL_SECS" => Some("0".to_owned()),
        "ENGINE_WORKERS" => Some("0".to_owned()),
        _ => None,
    })
    .expect("configuration");
    let state = server::build_state(config, Arc::new(SystemClock))
        .await
        .expect("state");
    let now = state.now();
    // The players, written directly (no password: the figures are about tournaments).
    let mut people = Vec::with_capacity(options.players + 1);
    {
        let mut tx = state.db.begin_write().await.expect("transaction");
        let run = vocab::ids::new_id();
        for i in 0..=options.players {
            let user = User {
                id: vocab::ids::new_id(),
                username: format!("b{run}{i:05}"),
                kind: AccountKind::Human,
            };
            users::insert(&mut tx, &user.id, &user.username, "!", now)
                .await
                .expect("user");
            people.push(user);
        }
        tx.commit().await.expect("commit");
    }
    let organiser = people.pop().expect("an organiser");
    let by_id: std::collections::HashMap<String, &User> =
        people.iter().map(|user| (user.id.clone(), user)).collect();
    let max = i64::try_from(options.players).expect("players");
    let tournament = tournaments::create(
        &state,
        &organiser,
        &TournamentRequest {
            name: "Benchmark Swiss",
            variant: "reversi-8x8".parse().expect("a variant id"),
            format: Format::Swiss,
            start: None,
            options: FormatOptions {
                rounds: Some(options.rounds),
                ..FormatOptions::default()
            },
            terms: Terms {
                time_control: TimeControl::DEFAULT,
                stops: StopRules::default(),
                limit: None,
                rated: true,
                engines_allowed: false,
                min_players: 2,
                max_players: max,
                min_rating: None,
                max_rating: None,
                requirements: Default::default(),
                private: false,
                starts_at: None,
            },
        },
    )
    .await
    .expect("tournament");
    let id = tournament.id.clone();
    let joined = Instant::now();
    for user in &people {
        tournaments::join(&state, user, &id, None)
            .await
            .expect("join");
    }
    println!(
        "{} entries in {:.0} ms ({:.2} ms each)",
        people.len(),
        millis(joined),
        millis(joined) / people.len() as f64
    );

    // Baseline: as many casual games as a round has, created through the one create
    // function in one transaction.
    let pairs = people.len() / 2;
    let baseline_start = Instant::now();
    let mut casual = Vec::with_capacity(pairs);
    {
        let mut tx = state.db.begin_write().await.expect("transaction");
        for pair in people.chunks(2).take(pairs) {
            let created = game::create(
                &state,
                &mut tx,
                &NewGameRequest {
                    variant: rules::Variant::Reversi8x8,
                    white_id: &pair[0].id,
                    black_id: &pair[1].id,
                    setup: rules::Setup::Standard,
                    clock: ClockSettings {
                        control: TimeControl::DEFAULT,
                        stops: StopRules::default(),
                        limit: None,
                    },
                    source: GameSource::Challenge,
                    source_id: None,
                    rated: false,
                    engines_allowed: false,
                    moves: Vec::new(),
                },
                now,
            )
            .await
            .expect("game");
            casual.push((created.id.clone(), pair[0].clone()));
            drop(created);
        }
        tx.commit().await.expect("commit");
    }
    let baseline_round = millis(baseline_start);
    println!("baseline: {pairs} casual games created in one transaction: {baseline_round:.0} ms");

    let mut rng = StdRng::seed_from_u64(1);
    let mut round_steps = Vec::new();
    let mut tournament_ends = Vec::new();
    let start = Instant::now();
    assert!(
        runner::step(&state, &id).await.expect("start"),
        "the start is due"
    );
    let start_ms = millis(start);
    println!("start (seeding, round 1 paired and created): {start_ms:.0} ms");
    for round in 1..=options.rounds {
        let mut conn = state.db.pool.acquire().await.expect("connection");
        let games = rows::games(&mut conn, &id).await.expect("games");
        drop(conn);
        for row in games.iter().filter(|row| row.round == round) {
            let loser = if rng.random_bool(0.5) {
                &row.white_id
            } else {
                &row.black_id
            };
            let began = Instant::now();
            game::act(&state, by_id[loser], &row.game_id, GameAction::Resign, None)
                .await
                .expect("resign");
            tournament_ends.push(millis(began));
        }
        let began = Instant::now();
        assert!(
            runner::step(&state, &id).await.expect("step"),
            "a step is due"
        );
        let ms = millis(began);
        if round < options.rounds {
            println!("round {} paired and created: {ms:.0} ms", round + 1);
            round_steps.push(ms);
        } else {
            println!("finished: {ms:.0} ms");
        }
    }
    let mut casual_ends = Vec::with_capacity(casual.len());
    for (game_id, white) in &casual {
        let began = Instant::now();
        game::act(&state, white, game_id, GameAction::Resign, None)
            .await
            .expect("resign");
        casual_ends.push(millis(began));
    }
    let round_median = median(&mut round_steps);
    let tournament_end = median(&mut tournament_ends);
    let casual_end = median(&mut casual_ends);
    println!();
    println!("| figure | ms | baseline ms | ratio |");
    println!("|---|---:|---:|---:|");
    println!(
        "| start: seed and pair round 1 of {} | {start_ms:.0} | {baseline_round:.0} | {:.2} |",
        people.len(),
        start_ms / baseline_round
    );
    println!(
        "| pair and create a round (median of {}) | {round_median:.0} | {baseline_round:.0} | {:.2} |",
        round_steps.len(),
        round_median / baseline_round
    );
    println!(
        "| a game's end with the standings (median of {}) | {tournament_end:.2} | {casual_end:.2} | {:.2} |",
        tournament_ends.len(),
        tournament_end / casual_end
    );
}
