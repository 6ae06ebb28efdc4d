//! The tournament runner's one step: start a tournament whose start is due (or call it
//! off with too few entrants), and move a running one on when its round or stage is
//! complete (pair the next round, open the next stage, add a knock-out match's tie-break
//! games, or finish it).
//!
//! Exactly once: a step begins with the guarded update [`rows::claim_due`] that clears
//! the tournament's mark, as its transaction's first write. On SQLite the transaction
//! holds the write lock from its start; on Postgres the row stays locked until the
//! commit, and a second instance's claim then finds the mark cleared and does nothing.
//! Everything the step does (the games it creates through the one
//! [`game::create`](fn@crate::game::create), the byes, the notices) commits with
//! the claim or not at all.

mod knockouts;

use std::collections::{BTreeMap, HashMap};

use sqlx::AnyConnection;
use tournament::{Game, Outcome, Pairing, Seed, knockout, league, round_robin, sections, swiss};

use super::{
    settings::Format,
    tournament::{Status, Tournament},
};
use crate::{
    Services,
    game::{self, ClockSettings, Created, GameSource, NewGameRequest},
    notifications, ratings,
};
use store::tournaments::{self as rows, ByeRow, GameRow, PlayerRow, PlayerStatus};
use vocab::error::AppError;

/// Runs one step for every tournament with work due. Returns how many steps did
/// something. A step that fails is logged and leaves its tournament as it was, still
/// marked, for the next round; the other tournaments go on.
///
/// # Errors
///
/// Database errors reading which tournaments have work.
pub async fn round(state: &Services) -> Result<usize, AppError> {
    let due = {
        let mut conn = state.db.pool.acquire().await?;
        rows::due(&mut conn, state.now()).await?
    };
    let mut done = 0;
    for id in due {
        match step(state, &id).await {
            Ok(true) => done += 1,
            Ok(false) => {}
            Err(error) => tracing::warn!(tournament = %id, %error, "a tournament step failed"),
        }
    }
    Ok(done)
}

/// The runner's step for one tournament, if it still has work (see the module's notes).
/// Whether this call did it.
///
/// # Errors
///
/// Database errors; a pairing the rules refuse (a 500).
pub async fn step(state: &Services, id: &str) -> Result<bool, AppError> {
    let now = state.now();
    let mut tx = state.db.begin_write().await?;
    if !rows::claim_due(&mut tx, id, now).await? {
        tx.rollback().await?;
        return Ok(false);
    }
    let row = rows::get(&mut tx, id)
        .await?
        .ok_or(AppError::NotFound("tournament"))?;
    let tournament = Tournament::try_from(row)?;
    let mut step = Step {
        state,
        tournament: &tournament,
        created: Vec::new(),
        now,
    };
    match tournament.status {
        Status::Open => step.start(&mut tx).await?,
        Status::Running => step.advance(&mut tx).await?,
        Status::Finished | Status::Cancelled => {}
    }
    let created = step.created;
    tx.commit().await?;
    for game in created {
        game.committed(state);
    }
    state.wake_outbox();
    // The step may have left work marked (a knock-out round of byes alone).
    state.wake_tournaments();
    Ok(true)
}

/// Ends an open tournament without play (`status` cancelled), telling its entrants.
///
/// # Errors
///
/// Database errors.
pub(super) async fn call_off(
    conn: &mut AnyConnection,
    tournament: &Tournament,
    reason: &str,
    now: i64,
) -> Result<(), AppError> {
    rows::set_ended(
        &mut *conn,
        &tournament.id,
        Status::Cancelled.as_str(),
        None,
        now,
    )
    .await?;
    let players = rows::players(&mut *conn, &tournament.id).await?;
    let news = serde_json::json!({"event": "cancelled", "reason": reason});
    notify(conn, tournament, &user_ids(&players), news, now).await
}

/// Writes the same news of `tournament` (`payload`, with its name and variant added) to
/// each of `user_ids`.
async fn notify(
    conn: &mut AnyConnection,
    tournament: &Tournament,
    user_ids: &[&str],
    mut payload: serde_json::Value,
    now: i64,
) -> Result<(), AppError> {
    if let Some(fields) = payload.as_object_mut() {
        fields.insert("tournament".to_owned(), tournament.name.clone().into());
        fields.insert(
            "variant".to_owned(),
            tournament.variant.as_str().to_owned().into(),
        );
    }
    for &user_id in user_ids {
        notifications::record(
            &mut *conn,
            user_id,
            notifications::Kind::TournamentRound,
            notifications::Link::Tournament(&tournament.id),
            payload.clone(),
            now,
        )
        .await?;
    }
    Ok(())
}

/// The user ids of `players`.
fn user_ids(players: &[PlayerRow]) -> Vec<&str> {
    players
        .iter()
        .map(|player| player.user_id.as_str())
        .collect()
}

/// The entrants of a started tournament, by seed.
struct Field {
    players: Vec<PlayerRow>,
    seed_of: HashMap<String, Seed>,
}

impl Field {
    fn new(players: Vec<PlayerRow>) -> Field {
        let seed_of = players
            .iter()
            .enumerate()
            .map(|(seed, player)| (player.user_id.clone(), seed))
            .collect();
        Field { players, seed_of }
    }

    fn user(&self, seed: Seed) -> Result<&PlayerRow, AppError> {
        self.players
            .get(seed)
            .ok_or_else(|| AppError::internal(format!("tournament seed {seed} out of range")))
    }

    fn seed(&self, user_id: &str) -> Result<Seed, AppError> {
        self.seed_of
            .get(user_id)
            .copied()
            .ok_or_else(|| AppError::internal(format!("tournament player {user_id} unknown")))
    }

    fn active(&self, seed: Seed) -> bool {
        self.players
            .get(seed)
            .is_some_and(|player| player.status == PlayerStatus::Active)
    }

    fn game(&self, row: &GameRow) -> Result<Game, AppError> {
        Ok(Game {
            white: self.seed(&row.white_id)?,
            black: self.seed(&row.black_id)?,
            outcome: row.outcome.as_deref().map(outcome_of),
        })
    }
}

/// A section of a stage (a round-robin's section, a league season's group) once its
/// games are over.
struct Section {
    /// Its members (seeds, ascending).
    members: Vec<Seed>,
    /// Its standings: the members still in the tournament, best first.
    ranked: Vec<Seed>,
}

/// A league's section number is its division times this plus its group (0-based).
pub const LEAGUE_DIVISION: i64 = 100;

/// A league season's groups as sections: `division * LEAGUE_DIVISION + group`.
fn league_groups(divisions: &[Vec<Vec<Seed>>]) -> Vec<(i64, Vec<Seed>)> {
    let mut groups = Vec::new();
    for (division, members) in divisions.iter().enumerate() {
        for (group, seeds) in members.iter().enumerate() {
            let number = i64::try_from(division).unwrap_or_default() * LEAGUE_DIVISION
                + i64::try_from(group).unwrap_or_default();
            let mut seeds = seeds.clone();
            seeds.sort_unstable();
            groups.push((number, seeds));
        }
    }
    groups
}

/// A stored outcome (`white`, `black`, `draw`, `both_lost`) for the pairing rules.
pub(super) fn outcome_of(stored: &str) -> Outcome {
    match stored {
        "white" => Outcome::WhiteWon,
        "black" => Outcome::BlackWon,
        "both_lost" => Outcome::BothLost,
        _ => Outcome::Draw,
    }
}

struct Step<'a> {
    state: &'a Services,
    tournament: &'a Tournament,
    created: Vec<Created>,
    now: i64,
}

impl Step<'_> {
    fn id(&self) -> &str {
        &self.tournament.id
    }

    /// Seeds the entrants by their rating now and opens stage 1, or calls the
    /// tournament off with too few of them.
    async fn start(&mut self, conn: &mut AnyConnection) -> Result<(), AppError> {
        let entrants = rows::players(&mut *conn, self.id()).await?;
        if i64::try_from(entrants.len()).unwrap_or(i64::MAX) < self.tournament.terms.min_players {
            return call_off(conn, self.tournament, "not_enough_players", self.now).await;
        }
        let mut seeded = Vec::with_capacity(entrants.len());
        for player in entrants {
            let pool = self.tournament.rating_pool();
            let rating = ratings::whole_points(&mut *conn, &player.user_id, pool).await?;
            seeded.push(PlayerRow { rating, ..player });
        }
        seeded.sort_by(|a, b| {
            b.rating
                .cmp(&a.rating)
                .then(a.joined_at.cmp(&b.joined_at))
                .then(a.user_id.cmp(&b.user_id))
        });
        for (seed, player) in seeded.iter_mut().enumerate() {
            let seed = i64::try_from(seed).map_err(AppError::internal)?;
            rows::set_seed(&mut *conn, self.id(), &player.user_id, seed, player.rating).await?;
            player.seed = Some(seed);
        }
        rows::set_running(&mut *conn, self.id(), self.now).await?;
        let field = Field::new(seeded);
        let news = serde_json::json!({"event": "started"});
        self.notify_all(conn, &field, news).await?;
        let everyone: Vec<Seed> = (0..field.players.len()).collect();
        self.open_stage(conn, &field, 1, &everyone).await
    }

    /// Opens `stage` for `players` (seeds, ascending): their scores, and the games of
    /// its first round (every game of a round-robin stage).
    async fn open_stage(
        &mut self,
        conn: &mut AnyConnection,
        field: &Field,
        stage: i64,
        players: &[Seed],
    ) -> Result<(), AppError> {
        match self.tournament.format() {
            Format::RoundRobin => {
                let groups: Vec<(i64, Vec<Seed>)> =
                    sections::split(players.len(), self.tournament.settings.section_size())
                        .iter()
                        .enumerate()
                        .map(|(section, members)| {
                            let members = members
                                .iter()
                                .filter_map(|&i| players.get(i).copied())
                                .collect();
                            (i64::try_from(section).unwrap_or_default(), members)
                        })
                        .collect();
                self.open_groups(conn, field, stage, &groups).await?;
            }
            Format::League => {
                let divisions = league::next_season(
                    &[],
                    0,
                    0,
                    players,
                    self.tournament.settings.section_size(),
                );
                self.open_groups(conn, field, stage, &league_groups(&divisions))
                    .await?;
            }
            Format::Swiss | Format::Knockout => {
                for &seed in players {
                    let user = field.user(seed)?;
                    rows::insert_score(&mut *conn, self.id(), stage, 0, &user.user_id).await?;
                }
                if self.tournament.format() == Format::Swiss {
                    let round = swiss::pair(players, &[], &[]).ok_or_else(|| {
                        AppError::internal("no first Swiss round for the entrants")
                    })?;
                    self.play_swiss_round(conn, field, 1, &round).await?;
                } else {
                    let games = self.tournament.settings.match_games();
                    for (slot, (a, b)) in knockout::bracket(players.len()).iter().enumerate() {
                        let slot = i64::try_from(slot).map_err(AppError::internal)?;
                        let a = players.get(*a).copied().unwrap_or_default();
                        match b.and_then(|b| players.get(b).copied()) {
                            Some(b) => {
                                for pairing in knockout::opening_games(a, b, games) {
                                    self.create_game(conn, field, pairing, (stage, slot, 1))
                                        .await?;
                                }
                            }
                            None => {
                                let bye = ByeRow {
                                    stage,
                                    section: slot,
                                    round: 1,
                                    user_id: field.user(a)?.user_id.clone(),
                                };
                                rows::insert_bye(&mut *conn, self.id(), &bye).await?;
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Writes the same news to the players `seeds`.
    async fn notify_seeds(
        &self,
        conn: &mut AnyConnection,
        field: &Field,
        seeds: &[Seed],
        news: serde_json::Value,
    ) -> Result<(), AppError> {
        let users = seeds
            .iter()
            .map(|&seed| field.user(seed).map(|player| player.user_id.as_str()))
            .collect::<Result<Vec<_>, _>>()?;
        notify(conn, self.tournament, &users, news, self.now).await
    }

    /// Writes the same news to every entrant.
    async fn notify_all(
        &self,
        conn: &mut AnyConnection,
        field: &Field,
        news: serde_json::Value,
    ) -> Result<(), AppError> {
        notify(
            conn,
            self.tournament,
            &user_ids(&field.players),
            news,
            self.now,
        )
        .await
    }

    /// Records that the tournament has moved on to (`stage`, `round`), whose games are
    /// made, and tells the players `seeds` the `news`.
    async fn moved_on(
        &self,
        conn: &mut AnyConnection,
        field: &Field,
        (stage, round): (i64, i64),
        seeds: &[Seed],
        news: serde_json::Value,
    ) -> Result<(), AppError> {
        rows::set_progress(&mut *conn, self.id(), stage, round).await?;
        self.notify_seeds(conn, field, seeds, news).await
    }

    /// Opens all-play-all groups of `stage` (a round-robin stage's sections, a league
    /// season's groups): each member's score, and every game of each group at once.
    async fn open_groups(
        &mut self,
        conn: &mut AnyConnection,
        field: &Field,
        stage: i64,
        groups: &[(i64, Vec<Seed>)],
    ) -> Result<(), AppError> {
        for (section, members) in groups {
            for &seed in members {
                let user = field.user(seed)?;
                rows::insert_score(&mut *conn, self.id(), stage, *section, &user.user_id).await?;
            }
            let schedule =
                round_robin::schedule(members, self.tournament.settings.options().both_colours);
            for (round, games) in schedule.iter().enumerate() {
                let round = i64::try_from(round + 1).map_err(AppError::internal)?;
                for pairing in &games.pairings {
                    self.create_game(conn, field, *pairing, (stage, *section, round))
                        .await?;
                }
            }
        }
        Ok(())
    }

    /// The sections of the current stage by number (a round-robin's sections, a league
    /// season's groups), each with its standings from its `games`.
    async fn sections_of(
        &self,
        conn: &mut AnyConnection,
        field: &Field,
        games: &[&GameRow],
    ) -> Result<BTreeMap<i64, Section>, AppError> {
        let stage = self.tournament.stage;
        let scores = rows::scores(&mut *conn, self.id()).await?;
        let mut by_section: BTreeMap<i64, Vec<Seed>> = BTreeMap::new();
        for score in scores.iter().filter(|score| score.stage == stage) {
            by_section
                .entry(score.section)
                .or_default()
                .push(field.seed(&score.user_id)?);
        }
        let mut sections = BTreeMap::new();
        for (number, mut members) in by_section {
            members.sort_unstable();
            let played: Vec<Game> = games
                .iter()
                .filter(|game| game.section == number)
                .map(|game| field.game(game))
                .collect::<Result<_, _>>()?;
            let ranked = tournament::standings::rank(&members, &played, &[])
                .iter()
                .map(|line| line.seed)
                .filter(|&seed| field.active(seed))
                .collect();
            sections.insert(number, Section { members, ranked });
        }
        Ok(sections)
    }

    /// A league's season is over: the next one's divisions from its groups' standings
    /// (promotion, relegation, newcomers at the bottom), or the end after the last
    /// season, won by the first of the top group.
    async fn end_league_season(
        &mut self,
        conn: &mut AnyConnection,
        field: &Field,
        groups: &BTreeMap<i64, Section>,
    ) -> Result<(), AppError> {
        let stage = self.tournament.stage;
        let mut divisions: Vec<Vec<Vec<Seed>>> = Vec::new();
        let mut placed = Vec::new();
        for (section, group) in groups {
            placed.extend(group.members.iter().copied());
            let division =
                usize::try_from(section / LEAGUE_DIVISION).map_err(AppError::internal)?;
            if divisions.len() <= division {
                divisions.resize(division + 1, Vec::new());
            }
            divisions[division].push(group.ranked.clone());
        }
        let seasons = self.tournament.settings.rounds();
        if stage >= seasons {
            let winner = divisions
                .first()
                .and_then(|division| division.first())
                .and_then(|group| group.first())
                .copied();
            return self.finish(conn, field, winner).await;
        }
        let newcomers: Vec<Seed> = (0..field.players.len())
            .filter(|seed| field.active(*seed) && !placed.contains(seed))
            .collect();
        let moving = self.tournament.settings.advance();
        let next = league::next_season(
            &divisions,
            moving,
            moving,
            &newcomers,
            self.tournament.settings.section_size(),
        );
        let next_groups = league_groups(&next);
        if next_groups
            .iter()
            .map(|(_, members)| members.len())
            .sum::<usize>()
            < 2
        {
            let winner = next_groups
                .first()
                .and_then(|(_, group)| group.first())
                .copied();
            return self.finish(conn, field, winner).await;
        }
        rows::set_progress(&mut *conn, self.id(), stage + 1, 1).await?;
        self.open_groups(conn, field, stage + 1, &next_groups)
            .await?;
        for (section, members) in &next_groups {
            let news = serde_json::json!({
                "event": "season",
                "stage": stage + 1,
                "division": section / LEAGUE_DIVISION + 1,
            });
            self.notify_seeds(conn, field, members, news).await?;
        }
        Ok(())
    }

    async fn create_game(
        &mut self,
        conn: &mut AnyConnection,
        field: &Field,
        pairing: Pairing,
        (stage, section, round): (i64, i64, i64),
    ) -> Result<(), AppError> {
        let white = field.user(pairing.white)?;
        let black = field.user(pairing.black)?;
        let terms = &self.tournament.terms;
        let mut request = NewGameRequest::with_random_setup(
            self.tournament.variant,
            (&white.user_id, &black.user_id),
            ClockSettings {
                control: terms.time_control,
                stops: terms.stops,
                limit: terms.limit,
            },
            (GameSource::Tournament, Some(self.id())),
            terms.rated,
        );
        request.engines_allowed = terms.engines_allowed;
        if let Some(start) = &self.tournament.start {
            request.setup = start.clone();
        }
        let created = game::create(self.state, &mut *conn, &request, self.now).await?;
        rows::insert_game(
            &mut *conn,
            self.id(),
            &GameRow {
                game_id: created.id.clone(),
                stage,
                section,
                round,
                white_id: white.user_id.clone(),
                black_id: black.user_id.clone(),
                outcome: None,
            },
        )
        .await?;
        self.created.push(created);
        Ok(())
    }

    /// Creates a Swiss round's games and scores its bye (a point).
    async fn play_swiss_round(
        &mut self,
        conn: &mut AnyConnection,
        field: &Field,
        round: i64,
        pairings: &tournament::Round,
    ) -> Result<(), AppError> {
        for pairing in &pairings.pairings {
            self.create_game(conn, field, *pairing, (1, 0, round))
                .await?;
        }
        if let Some(bye) = pairings.bye {
            let user_id = field.user(bye)?.user_id.clone();
            let row = ByeRow {
                stage: 1,
                section: 0,
                round,
                user_id: user_id.clone(),
            };
            rows::insert_bye(&mut *conn, self.id(), &row).await?;
            rows::add_score(&mut *conn, self.id(), 1, &user_id, 2, false, false).await?;
        }
        Ok(())
    }

    /// Moves a running tournament on if its round (or stage) is complete.
    async fn advance(&mut self, conn: &mut AnyConnection) -> Result<(), AppError> {
        let field = Field::new(rows::players(&mut *conn, self.id()).await?);
        let games = rows::games(&mut *conn, self.id()).await?;
        let (stage, round) = (self.tournament.stage, self.tournament.round);
        match self.tournament.format() {
            Format::RoundRobin | Format::League => {
                let stage_games: Vec<&GameRow> =
                    games.iter().filter(|game| game.stage == stage).collect();
                if stage_games.iter().any(|game| game.outcome.is_none()) {
                    return Ok(());
                }
                let sections = self.sections_of(conn, &field, &stage_games).await?;
                if self.tournament.format() == Format::League {
                    self.end_league_season(conn, &field, &sections).await
                } else {
                    self.end_round_robin_stage(conn, &field, &sections).await
                }
            }
            Format::Swiss => {
                if games
                    .iter()
                    .any(|game| game.round == round && game.outcome.is_none())
                {
                    return Ok(());
                }
                let played: Vec<Game> = games
                    .iter()
                    .map(|game| field.game(game))
                    .collect::<Result<_, _>>()?;
                self.next_swiss_round(conn, &field, &played).await
            }
            Format::Knockout => self.knockout_round(conn, &field, &games).await,
        }
    }

    /// A round-robin stage is over: the best of each section go on to the next stage
    /// (the best of all win after the last one), the others are eliminated.
    async fn end_round_robin_stage(
        &mut self,
        conn: &mut AnyConnection,
        field: &Field,
        sections: &BTreeMap<i64, Section>,
    ) -> Result<(), AppError> {
        // Sections are numbered from 0: the last stage has one.
        let last_stage = sections.keys().all(|&section| section == 0);
        let taken = if last_stage {
            1
        } else {
            self.tournament.settings.advance()
        };
        let mut going_on: Vec<Seed> = sections
            .values()
            .flat_map(|section| section.ranked.iter().copied().take(taken))
            .collect();
        going_on.sort_unstable();
        for (seed, player) in field.players.iter().enumerate() {
            if player.status == PlayerStatus::Active && !going_on.contains(&seed) {
                rows::set_player_status(
                    &mut *conn,
                    self.id(),
                    &player.user_id,
                    PlayerStatus::Eliminated,
                )
                .await?;
            }
        }
        if last_stage || going_on.len() <= 1 {
            return self.finish(conn, field, going_on.first().copied()).await;
        }
        let next = self.tournament.stage + 1;
        self.open_stage(conn, field, next, &going_on).await?;
        let news = serde_json::json!({"event": "stage", "stage": next});
        self.moved_on(conn, field, (next, 1), &going_on, news).await
    }

    /// A Swiss round is over (`played`: every game so far): pairs the next one, or ends
    /// the tournament after the last.
    async fn next_swiss_round(
        &mut self,
        conn: &mut AnyConnection,
        field: &Field,
        played: &[Game],
    ) -> Result<(), AppError> {
        let round = self.tournament.round;
        let byes: Vec<Seed> = rows::byes(&mut *conn, self.id())
            .await?
            .iter()
            .map(|bye| field.seed(&bye.user_id))
            .collect::<Result<_, _>>()?;
        let active: Vec<Seed> = (0..field.players.len())
            .filter(|&seed| field.active(seed))
            .collect();
        let rounds = self.tournament.settings.rounds();
        let next = (round < rounds && active.len() >= 2)
            .then(|| swiss::pair(&active, played, &byes))
            .flatten();
        let Some(next) = next else {
            let all: Vec<Seed> = (0..field.players.len()).collect();
            let ranked = tournament::standings::rank(&all, played, &byes);
            let winner = ranked
                .iter()
                .map(|line| line.seed)
                .find(|&seed| field.active(seed));
            return self.finish(conn, field, winner).await;
        };
        self.play_swiss_round(conn, field, round + 1, &next).await?;
        let news = serde_json::json!({"event": "round", "round": round + 1});
        self.moved_on(conn, field, (1, round + 1), &active, news)
            .await
    }

    async fn finish(
        &mut self,
        conn: &mut AnyConnection,
        field: &Field,
        winner: Option<Seed>,
    ) -> Result<(), AppError> {
        let winner = winner.map(|seed| field.user(seed)).transpose()?;
        rows::set_ended(
            &mut *conn,
            self.id(),
            Status::Finished.as_str(),
            winner.map(|player| player.user_id.as_str()),
            self.now,
        )
        .await?;
        let winner_name = winner.map(|player| player.username.clone());
        let news = serde_json::json!({"event": "finished", "winner": winner_name});
        self.notify_all(conn, field, news).await
    }
}
