//! Deciding games at a round's deadline, in-process on a real database: `--games` games
//! (500 by default) of every variant in turn, each 10 to 30 random plies in and limited
//! to a day, are all past their deadline at once, and the adjudication job decides them.
//! Per variant it reports the games decided, the time per game and the results; the
//! baseline, in the same run, is the same number of games decided by the draw rule (the
//! hold, the read and the end's transaction without a search), so the ratio is what the
//! engines add.
//!
//! ```text
//! cargo build --release -p bench --examples
//! target/release/examples/adjudication_bench [--games 500] [--nodes 1000000]
//!     [--database-url postgres://postgres@127.0.0.1:5432/bench]
//! ```
//!
//! `--nodes` is the server's `ENGINE_NODES` (its default); an adjudication searches four
//! times that. Without `--database-url` it runs on a fresh SQLite file in the temporary
//! folder.

use std::{collections::BTreeMap, sync::Arc, time::Instant};

use domain::{
    accounts::{AccountKind, User},
    config::Config,
    game::{
        self, ClockSettings, DeadlineRule, GameLimit, GameSource, NewGameRequest, StopRules,
        TimeControl,
    },
    jobs::adjudication,
};
use rand::{SeedableRng, rngs::StdRng, seq::IndexedRandom};
use rules::{AnyGame, Setup, Variant};
use store::users;
use vocab::clock::ManualClock;

const DAY: i64 = 86_400;

struct Options {
    games: usize,
    nodes: u64,
    database_url: Option<String>,
}

fn options() -> Options {
    let mut options = Options {
        games: 500,
        nodes: 1_000_000,
        database_url: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().unwrap_or_default();
        match flag.as_str() {
            "--games" => options.games = value.parse().expect("--games N"),
            "--nodes" => options.nodes = value.parse().expect("--nodes N"),
            "--database-url" => options.database_url = Some(value),
            other => panic!("unknown flag {other}"),
        }
    }
    options
}

/// A game of `variant` from `setup` 10 to 30 random plies in (fewer if it would end),
/// its moves.
fn random_moves(variant: Variant, setup: Setup, rng: &mut StdRng) -> Vec<String> {
    let mut game = AnyGame::new(variant, setup).expect("a variant");
    let plies = 10 + rand::Rng::random_range(rng, 0..=20);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = game.legal_moves();
        let Some(text) = legal.choose(rng).cloned() else {
            break;
        };
        let mut next = game.clone();
        next.play(&text).expect("a legal move");
        if next.outcome().is_some() {
            break;
        }
        game = next;
        moves.push(text);
    }
    moves
}

#[tokio::main]
async fn main() {
    let options = options();
    let url = options.database_url.clone().unwrap_or_else(|| {
        let dir = std::env::temp_dir().join(format!("adjudication-bench-{}", std::process::id()));
        format!("sqlite://{}/bench.db", dir.display())
    });
    let nodes = options.nodes.to_string();
    let config = Config::from_lookup(|name| match name {
        "DATABASE_URL" => Some(url.clone()),
        "SWEEP_INTERVAL_SECS" => Some("0".to_owned()),
        "ENGINE_WORKERS" => Some("0".to_owned()),
        "ENGINE_NODES" => Some(nodes.clone()),
        _ => None,
    })
    .expect("configuration");
    let start = 1_800_000_000;
    let clock = ManualClock::new(start);
    let state = server::build_state(config, Arc::new(clock.clone()))
        .await
        .expect("state");
    let mut rng = StdRng::seed_from_u64(39);
    let people: Vec<User> = {
        let mut tx = state.db.begin_write().await.expect("transaction");
        let mut people = Vec::new();
        for i in 0..20 {
            let user = User {
                id: vocab::ids::new_id(),
                username: format!("adj{i:02}"),
                kind: AccountKind::Human,
            };
            users::insert(&mut tx, &user.id, &user.username, "!", start)
                .await
                .expect("user");
            people.push(user);
        }
        tx.commit().await.expect("commit");
        people
    };
    // Each (rule, variant) gets its own second of creation, so its games come due alone.
    let variants = Variant::ALL;
    let per_variant = options.games.div_ceil(variants.len());
    let mut batches = Vec::new();
    for (r, rule) in [DeadlineRule::Draw, DeadlineRule::Adjudicate]
        .into_iter()
        .enumerate()
    {
        for (v, &variant) in variants.iter().enumerate() {
            let created_at = start + i64::try_from(r * variants.len() + v).expect("index");
            clock.set(created_at);
            let mut tx = state.db.begin_write().await.expect("transaction");
            let mut created = Vec::new();
            for g in 0..per_variant {
                let pair = &people[(2 * g) % people.len()..][..2];
                let setup = AnyGame::random_setup(variant, &mut rng);
                let moves = random_moves(variant, setup.clone(), &mut rng);
                let request = NewGameRequest {
                    variant,
                    white_id: &pair[0].id,
                    black_id: &pair[1].id,
                    setup,
                    clock: ClockSettings {
                        control: TimeControl::PerMove { days: 7, hours: 0 },
                        stops: StopRules::default(),
                        limit: Some(GameLimit::new(1, rule).expect("a limit")),
                    },
                    source: GameSource::Challenge,
                    source_id: None,
                    rated: false,
                    engines_allowed: false,
                    moves,
                };
                created.push(
                    game::create(&state, &mut tx, &request, created_at)
                        .await
                        .expect("a game"),
                );
            }
            tx.commit().await.expect("commit");
            for game in created {
                game.committed(&state);
            }
            batches.push((rule, variant, created_at + DAY));
        }
    }
    println!(
        "{} games per variant and rule; ENGINE_NODES {} (an adjudication searches {})\n",
        per_variant,
        options.nodes,
        options.nodes * adjudication::ADJUDICATION_NODES_PER_ENGINE_NODE
    );
    println!("| rule | variant | games | ms per game | White wins | Black wins | draws |");
    println!("|---|---|---:|---:|---:|---:|---:|");
    let mut totals: BTreeMap<&str, (usize, f64)> = BTreeMap::new();
    for (rule, variant, due) in batches {
        clock.set(due);
        let began = Instant::now();
        let mut decided = 0;
        loop {
            match adjudication::round(&state).await.expect("a round") {
                0 => break,
                more => decided += more,
            }
        }
        let millis = began.elapsed().as_secs_f64() * 1_000.0;
        let (white, black, draws): (i64, i64, i64) = sqlx::query_as(
            "select coalesce(sum(case when result = '1-0' then 1 else 0 end), 0), \
             coalesce(sum(case when result = '0-1' then 1 else 0 end), 0), \
             coalesce(sum(case when result = '1/2-1/2' then 1 else 0 end), 0) \
             from games where variant = $1 and deadline_rule = $2 and status = 'finished'",
        )
        .bind(variant.as_str())
        .bind(rule.as_str())
        .fetch_one(&state.db.pool)
        .await
        .expect("results");
        let per_game = millis / f64::from(u32::try_from(decided.max(1)).expect("games"));
        println!(
            "| {rule} | {variant} | {decided} | {per_game:.1} | {white} | {black} | {draws} |"
        );
        let total = totals.entry(rule.as_str()).or_default();
        total.0 += decided;
        total.1 += millis;
    }
    let mean = |rule: &str| {
        let (games, millis) = totals[rule];
        millis / f64::from(u32::try_from(games.max(1)).expect("games"))
    };
    println!();
    for rule in ["draw", "adjudicate"] {
        let (games, millis) = totals[rule];
        println!(
            "{rule}: {games} games in {:.1} s, {:.1} ms per game",
            millis / 1_000.0,
            mean(rule)
        );
    }
    println!(
        "adjudicate ÷ draw, per game: {:.1}",
        mean("adjudicate") / mean("draw")
    );
}
