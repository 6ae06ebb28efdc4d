//! Challenges: create, list, cancel, accept (which creates the game).

use rules::{Setup, Variant};

use crate::{
    Services,
    accounts::user::{AccountKind, User},
    computer::players as computer,
    events::{ChallengeChange, ChallengeSignal},
    game::{self, ClockSettings, GameLimit, GameSource, NewGameRequest, StopRules, TimeControl},
    notifications,
    ratings::{self, RatingPool, StoredRating},
    reliability::{
        self,
        card::{Card, ExpectedLength, Requirements},
    },
};
use store::{
    challenges::{self, ChallengeRow, ChallengeTerms, NewChallenge},
    users,
};
use vocab::{error::AppError, ids::new_id};

mod carried_over;
mod color_choice;
mod limits;

pub use carried_over::read_start_and_record;
pub use color_choice::ColorChoice;
use limits::check_limits;
pub use limits::{RATING_LIMITS, range_text};
pub(crate) use limits::{admits, check_rating_range};

/// The days per move a challenge may ask for.
pub use crate::game::time_control::DAYS_PER_MOVE;

/// The most open challenges one player may have at once: enough for any real use, and a
/// bound on what one account (or a script with its token) can fill the lobby with.
pub const MAX_OPEN_CHALLENGES: i64 = 50;

/// An open challenge as people see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    /// Its id.
    pub id: String,
    /// The variant.
    pub variant: Variant,
    /// Who made it.
    pub challenger: String,
    /// Who plays the challenger's account.
    pub challenger_kind: AccountKind,
    /// The challenger's colour choice.
    pub color: ColorChoice,
    /// Days per move (the per-move days, a bank's initial days, 0 untimed).
    pub days_per_move: i64,
    /// The game's time control.
    pub time_control: TimeControl,
    /// Whether weekends and vacations stop the game's clocks.
    pub stops: StopRules,
    /// The most days its game may last and how it is decided then, if limited.
    pub limit: Option<GameLimit>,
    /// Who may accept it (`None`: anyone).
    pub opponent: Option<String>,
    /// open, accepted, cancelled or declined.
    pub status: String,
    /// The game it became, once accepted.
    pub game_id: Option<String>,
    /// When it was made (unix seconds).
    pub created_at: i64,
    /// Rated (or casual).
    pub rated: bool,
    /// Its game allows the players engines (and is rated in the engines pool).
    pub engines_allowed: bool,
    /// The lowest rating that may accept it (whole points), if limited.
    pub min_rating: Option<i64>,
    /// The highest rating that may accept it (whole points), if limited.
    pub max_rating: Option<i64>,
    /// Whether the viewer's rating lets them accept it (`None` without a viewer, or for
    /// their own challenge).
    pub viewer_may_accept: Option<bool>,
    /// The challenger's rating in the variant, as read with the challenge (the starting
    /// rating, provisional, before their first rated game of it); `None` for a challenge
    /// just made, whose answer does not read it.
    pub challenger_rating: Option<ratings::ShownRating>,
    /// The start chosen for the game (a Chess960 number, a chess FEN, a Reversi
    /// opening); `None`: as usual.
    pub start: Option<Setup>,
    /// A game carried over from elsewhere: the moves played so far from `start`
    /// (canonical texts); empty for a new game.
    pub moves: Vec<String>,
    /// What it asks of who takes it.
    pub requirements: Requirements,
    /// The challenger's reliability card (`None` where the answer does not read it).
    pub challenger_card: Option<Card>,
    /// How long its game is expected to last, with the viewer (or a player at the site's
    /// pace) as the opponent (`None` where the answer does not read it).
    pub expected: Option<ExpectedLength>,
}

impl Challenge {
    /// Whether a player rated `rating` (whole points) is within its rating range.
    #[must_use]
    pub fn admits(&self, rating: i64) -> bool {
        admits(self.min_rating, self.max_rating, rating)
    }

    /// The ratings its game counts in, when rated.
    #[must_use]
    pub const fn rating_pool(&self) -> RatingPool {
        RatingPool {
            variant: self.variant,
            engines_allowed: self.engines_allowed,
        }
    }
}

impl TryFrom<ChallengeRow> for Challenge {
    type Error = AppError;
    fn try_from(row: ChallengeRow) -> Result<Challenge, AppError> {
        let (variant, color, clock, start) = read_terms(&row.terms)?;
        Ok(Challenge {
            start,
            moves: moves_of(&row.terms),
            id: row.id,
            variant,
            challenger: row.challenger,
            challenger_kind: AccountKind::from_stored(&row.challenger_kind),
            color,
            days_per_move: row.terms.days_per_move,
            time_control: clock.control,
            stops: clock.stops,
            limit: clock.limit,
            opponent: row.opponent,
            status: row.status,
            game_id: row.game_id,
            created_at: row.created_at,
            rated: row.terms.rated != 0,
            engines_allowed: row.terms.engines_allowed != 0,
            min_rating: row.terms.min_rating,
            max_rating: row.terms.max_rating,
            viewer_may_accept: None,
            requirements: Requirements {
                max_time_loss_percent: row.terms.max_time_loss_percent,
                min_finished_games: row.terms.min_finished_games,
            },
            challenger_card: None,
            expected: None,
            challenger_rating: Some(match (row.challenger_rating, row.challenger_deviation) {
                (Some(rating), Some(deviation)) => ratings::ShownRating { rating, deviation },
                _ => StoredRating::initial().shown(),
            }),
        })
    }
}

/// What stored `terms` ask for.
type Terms = (Variant, ColorChoice, ClockSettings, Option<Setup>);

/// The variant, the colour choice, the clock and the chosen start that the stored
/// `terms` ask for.
fn read_terms(terms: &ChallengeTerms) -> Result<Terms, AppError> {
    let variant = terms
        .variant
        .parse()
        .map_err(|_| AppError::internal(format!("stored variant `{}`", terms.variant)))?;
    let color = terms
        .color
        .parse()
        .map_err(|error| AppError::internal(format!("stored colour: {error}")))?;
    let control = terms
        .time_control
        .parse()
        .map_err(|error| AppError::internal(format!("stored time control: {error}")))?;
    let stops = StopRules {
        weekends_off: terms.weekends_off != 0,
        vacation_allowed: terms.vacation_allowed != 0,
        nights_allowed: terms.nights_allowed != 0,
    };
    let start = terms
        .setup
        .as_deref()
        .map(|text| Setup::from_stored(variant, Some(text)))
        .transpose()
        .map_err(|error| AppError::internal(format!("stored start: {error}")))?;
    let limit = GameLimit::stored(terms.max_game_days, &terms.deadline_rule);
    Ok((
        variant,
        color,
        ClockSettings {
            control,
            stops,
            limit,
        },
        start,
    ))
}

/// The moves a stored challenge carries over (none for a new game).
fn moves_of(terms: &ChallengeTerms) -> Vec<String> {
    terms
        .moves
        .as_deref()
        .map(|moves| moves.split(' ').map(str::to_owned).collect())
        .unwrap_or_default()
}

/// The start a player chose for a game of `variant`, from `text` ([`Setup::chosen`]: a
/// FEN in chess, a number in Chess960, an opening's name in Reversi); `None` when empty.
///
/// # Errors
///
/// 422 `invalid_start_position`, saying what the variant takes.
pub fn read_start(variant: Variant, text: &str) -> Result<Option<Setup>, AppError> {
    Setup::chosen(variant, text).map_err(|error| {
        let takes = Setup::start_choice(variant).unwrap_or("no chosen start");
        AppError::invalid(
            "invalid_start_position",
            format!(
                "the start of a {} game is {takes} ({error})",
                variant.as_str()
            ),
        )
    })
}

/// What a new challenge asks for, from a form or the API (which read the variant and the
/// colour: `edge::field`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengeRequest<'a> {
    /// The variant.
    pub variant: Variant,
    /// The challenger's colour.
    pub color: ColorChoice,
    /// The game's time control (checked here).
    pub time_control: TimeControl,
    /// Whether weekends and vacations stop the game's clocks.
    pub stops: StopRules,
    /// The most days its game may last and how it is decided then, if limited.
    pub limit: Option<GameLimit>,
    /// The one user who may accept it, or anyone.
    pub opponent: Option<&'a str>,
    /// Rated (or casual).
    pub rated: bool,
    /// Its game allows the players engines.
    pub engines_allowed: bool,
    /// Open challenges only: the lowest rating that may accept (whole points).
    pub min_rating: Option<i64>,
    /// Open challenges only: the highest rating that may accept (whole points).
    pub max_rating: Option<i64>,
    /// The start chosen for the game ([`read_start`]); `None`: as usual.
    pub start: Option<Setup>,
    /// A game carried over from elsewhere: the moves played so far from `start`
    /// ([`read_start_and_record`]); empty for a new game.
    pub moves: Vec<String>,
    /// Open challenges only: what it asks of who takes it.
    pub requirements: Requirements,
}

/// Creates a challenge.
///
/// # Errors
///
/// 404 when no player has the opponent's name; 403 `blocked` when the opponent blocks the
/// caller, `you_block` when the caller blocks the opponent; 422
/// `invalid_days_per_move`, `invalid_time_control`, `conflicting_time_control`,
/// `challenge_to_yourself`, `computer_opponent` (addressed to the computer, which is
/// played with "Play the computer"), `invalid_rating_range` (an end outside 0–4000, or the lowest
/// above the highest), `rating_range_needs_open_challenge` (a range on a challenge
/// addressed to one player), `invalid_start_position` (a start that is not the
/// variant's), `import_needs_opponent` / `import_needs_color` / `import_is_casual` (a
/// game carried over from elsewhere is addressed to one player, names the challenger's
/// colour and is casual); 409 `too_many_challenges` when the caller already has
/// [`MAX_OPEN_CHALLENGES`] open, `game_allowance` when they play as many games as their
/// allowance lets them ([`crate::allowance`]).
pub async fn create(
    state: &Services,
    user: &User,
    request: &ChallengeRequest<'_>,
) -> Result<Challenge, AppError> {
    let (variant, color) = (request.variant, request.color);
    let time_control = request.time_control.validated()?;
    check_limits(
        request.opponent,
        (request.min_rating, request.max_rating),
        request.requirements,
    )?;
    carried_over::check(request)?;
    // A start that is not this variant's is refused (the faces read it for the variant).
    let stored_start = match &request.start {
        Some(start) => {
            let stored = start.to_stored();
            Setup::from_stored(variant, stored.as_deref()).map_err(|error| {
                AppError::invalid(
                    "invalid_start_position",
                    format!("not a start of this game: {error}"),
                )
            })?;
            stored
        }
        None => None,
    };
    let mut conn = state.db.pool.acquire().await?;
    let opponent = match request.opponent.filter(|name| !name.is_empty()) {
        None => None,
        Some(name) => {
            let row = users::by_name(&mut conn, name)
                .await?
                .ok_or(AppError::NotFound("player"))?;
            if row.id == user.id {
                return Err(AppError::invalid(
                    "challenge_to_yourself",
                    "a challenge cannot be addressed to yourself",
                ));
            }
            if row.kind == AccountKind::Computer.as_str() {
                return Err(computer::challenge_refused(&row.username));
            }
            crate::chat::check_challenge(&mut conn, &user.id, &row.id).await?;
            Some(row)
        }
    };
    crate::allowance::check_new_game(state, &mut conn, (&user.id, user.kind), None).await?;
    drop(conn);
    let id = new_id();
    let now = state.now();
    let stored_moves = (!request.moves.is_empty()).then(|| request.moves.join(" "));
    // The count, the challenge and its opponent's notice in one transaction; the count
    // locks the challenger, so creations at once cannot pass the limit together.
    let mut tx = state.db.begin_write().await?;
    let open = challenges::lock_and_count_open(&mut tx, state.db.backend, &user.id).await?;
    if open >= MAX_OPEN_CHALLENGES {
        return Err(AppError::conflict(
            "too_many_challenges",
            format!(
                "a player may have at most {MAX_OPEN_CHALLENGES} open challenges: \
                 cancel one, or wait for one to be accepted"
            ),
        ));
    }
    challenges::insert(
        &mut tx,
        &NewChallenge {
            id: &id,
            challenger_id: &user.id,
            opponent_id: opponent.as_ref().map(|row| row.id.as_str()),
            variant: variant.as_str(),
            color: color.as_str(),
            days_per_move: time_control.legacy_days(),
            time_control: &time_control.to_text(),
            weekends_off: request.stops.weekends_off,
            vacation_allowed: request.stops.vacation_allowed,
            nights_allowed: request.stops.nights_allowed,
            created_at: now,
            rated: request.rated,
            min_rating: request.min_rating,
            max_rating: request.max_rating,
            setup: stored_start.as_deref(),
            moves: stored_moves.as_deref(),
            max_time_loss_percent: request.requirements.max_time_loss_percent,
            min_finished_games: request.requirements.min_finished_games,
            game_limit: request
                .limit
                .map(|limit| (limit.days(), limit.rule().as_str())),
            engines_allowed: request.engines_allowed,
        },
    )
    .await?;
    let signal = match &opponent {
        Some(opponent) => {
            notifications::record(
                &mut tx,
                &opponent.id,
                notifications::Kind::Challenge,
                notifications::Link::Challenge(&id),
                serde_json::json!({"opponent": user.username, "variant": variant.as_str()}),
                now,
            )
            .await?;
            Some(ChallengeSignal {
                challenge_id: id.clone(),
                change: ChallengeChange::Created,
                users: vec![user.id.clone(), opponent.id.clone()],
                reason: None,
            })
        }
        None => None,
    };
    if commit_with_signal(state, tx, signal).await? {
        state.wake_outbox();
    }
    Ok(Challenge {
        id,
        variant,
        challenger: user.username.clone(),
        challenger_kind: user.kind,
        color,
        days_per_move: time_control.legacy_days(),
        time_control,
        stops: request.stops,
        limit: request.limit,
        opponent: opponent.map(|row| row.username),
        status: "open".to_owned(),
        game_id: None,
        created_at: now,
        rated: request.rated,
        engines_allowed: request.engines_allowed,
        min_rating: request.min_rating,
        max_rating: request.max_rating,
        viewer_may_accept: None,
        challenger_rating: None,
        start: request.start.clone(),
        moves: request.moves.clone(),
        requirements: request.requirements,
        challenger_card: None,
        expected: None,
    })
}

/// Open challenges the caller may see: open to anyone, addressed to them, or their own;
/// none made by a player the caller blocks or is blocked by.
///
/// # Errors
///
/// Database errors.
pub async fn list(state: &Services, user: Option<&User>) -> Result<Vec<Challenge>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let mut rows = challenges::list_open(&mut conn, user.map(|user| user.id.as_str())).await?;
    if let Some(user) = user {
        let partners = crate::chat::block_partners(&mut conn, &user.id).await?;
        rows.retain(|row| !partners.contains(&row.challenger_id));
    }
    let players: Vec<(String, Option<String>)> = rows
        .iter()
        .map(|row| (row.challenger_id.clone(), row.opponent_id.clone()))
        .collect();
    let mut list = rows
        .into_iter()
        .map(Challenge::try_from)
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(user) = user {
        let own = ratings::whole_points_by_pool(&mut conn, &user.id).await?;
        for challenge in &mut list {
            if challenge.challenger != user.username {
                let rating = own
                    .get(&challenge.rating_pool())
                    .copied()
                    .unwrap_or_else(|| StoredRating::initial().whole_points());
                challenge.viewer_may_accept = Some(challenge.admits(rating));
            }
        }
    }
    drop(conn);
    for (challenge, (challenger_id, opponent_id)) in list.iter_mut().zip(&players) {
        // The opponent: the one it is addressed to, else the viewer who may take it.
        let opponent = opponent_id
            .as_deref()
            .or(user.map(|user| user.id.as_str()))
            .filter(|id| id != challenger_id);
        with_card(state, challenge, challenger_id, opponent).await?;
    }
    Ok(list)
}

/// Fills in `challenge`'s challenger's card and its expected length against `opponent`
/// (a user id; `None`: a player at the site's pace).
async fn with_card(
    state: &Services,
    challenge: &mut Challenge,
    challenger_id: &str,
    opponent: Option<&str>,
) -> Result<(), AppError> {
    challenge.challenger_card = Some(*reliability::card(state, challenger_id).await?);
    challenge.expected = Some(
        reliability::expected_length(
            state,
            challenge.variant,
            challenge.time_control,
            [Some(challenger_id), opponent],
        )
        .await?,
    );
    Ok(())
}

/// One challenge, whatever its status.
///
/// # Errors
///
/// 404 when there is none.
pub async fn get(state: &Services, id: &str) -> Result<Challenge, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let row = challenges::get(&mut conn, id)
        .await?
        .ok_or(AppError::NotFound("challenge"))?;
    drop(conn);
    let (challenger_id, opponent_id) = (row.challenger_id.clone(), row.opponent_id.clone());
    let mut challenge = Challenge::try_from(row)?;
    with_card(
        state,
        &mut challenge,
        &challenger_id,
        opponent_id.as_deref(),
    )
    .await?;
    Ok(challenge)
}

/// Cancels the caller's open challenge (the player it was addressed to hears of it on
/// their event stream).
///
/// # Errors
///
/// 404 no such challenge; 403 `not_your_challenge`; 409 `challenge_closed`.
pub async fn cancel(state: &Services, user: &User, id: &str) -> Result<Challenge, AppError> {
    let mut tx = state.db.begin_write().await?;
    // The first statement is the write that cancels it.
    if let Some(opponent) = challenges::cancel(&mut tx, id, &user.id).await? {
        notifications::challenge_settled(&mut tx, id, state.now()).await?;
        let signal = opponent.map(|opponent| ChallengeSignal {
            challenge_id: id.to_owned(),
            change: ChallengeChange::Canceled,
            users: vec![user.id.clone(), opponent],
            reason: None,
        });
        commit_with_signal(state, tx, signal).await?;
        return get(state, id).await;
    }
    let row = unchanged(state, tx, id).await?;
    if row.challenger_id != user.id {
        Err(AppError::forbidden(
            "not_your_challenge",
            "only its creator may cancel a challenge",
        ))
    } else {
        Err(AppError::conflict(
            "challenge_closed",
            "the challenge is no longer open",
        ))
    }
}

/// Stages `signal` (if any) in `tx`, commits, then delivers it to live viewers. Returns
/// whether there was one.
async fn commit_with_signal(
    state: &Services,
    mut tx: sqlx::Transaction<'static, sqlx::Any>,
    signal: Option<ChallengeSignal>,
) -> Result<bool, AppError> {
    let staged = match signal {
        Some(signal) => Some(state.events.stage_challenge(&mut tx, signal).await?),
        None => None,
    };
    tx.commit().await?;
    let signalled = staged.is_some();
    if let Some(staged) = staged {
        staged.committed(&state.events);
    }
    Ok(signalled)
}

/// Rolls `tx` back after a closing write that found no open challenge `id` and reads
/// it, to tell why.
///
/// # Errors
///
/// 404 when there is none; database errors.
async fn unchanged(
    state: &Services,
    tx: sqlx::Transaction<'static, sqlx::Any>,
    id: &str,
) -> Result<ChallengeRow, AppError> {
    tx.rollback().await?;
    let mut conn = state.db.pool.acquire().await?;
    challenges::get(&mut conn, id)
        .await?
        .ok_or(AppError::NotFound("challenge"))
}

/// Why a challenge is declined: Lichess's reasons, by their keys.
pub const DECLINE_REASONS: [&str; 11] = [
    "generic",
    "later",
    "tooFast",
    "tooSlow",
    "timeControl",
    "rated",
    "casual",
    "standard",
    "variant",
    "noBot",
    "onlyBot",
];

/// Declines a challenge addressed to the caller, for `reason` (one of
/// [`DECLINE_REASONS`]); its challenger hears of it on their event stream. A challenge
/// open to anyone cannot be declined (it waits for someone else).
///
/// # Errors
///
/// 422 `invalid_decline_reason`; 404 no such challenge; 403 `not_addressed_to_you`
/// (addressed to someone else, or to anyone); 409 `challenge_closed` when it is no
/// longer open.
pub async fn decline(
    state: &Services,
    user: &User,
    id: &str,
    reason: &str,
) -> Result<Challenge, AppError> {
    if !DECLINE_REASONS.contains(&reason) {
        return Err(AppError::invalid(
            "invalid_decline_reason",
            format!("a decline reason is one of {}", DECLINE_REASONS.join(", ")),
        ));
    }
    let mut tx = state.db.begin_write().await?;
    // The first statement is the write that declines it.
    if let Some(challenger) = challenges::decline(&mut tx, id, &user.id).await? {
        let now = state.now();
        notifications::challenge_settled(&mut tx, id, now).await?;
        let variant = challenges::get(&mut tx, id)
            .await?
            .map(|row| row.terms.variant)
            .unwrap_or_default();
        notifications::challenge_declined(
            &mut tx,
            &challenger,
            id,
            &user.username,
            &variant,
            reason,
            now,
        )
        .await?;
        let signal = ChallengeSignal {
            challenge_id: id.to_owned(),
            change: ChallengeChange::Declined,
            users: vec![challenger, user.id.clone()],
            reason: Some(reason.to_owned()),
        };
        commit_with_signal(state, tx, Some(signal)).await?;
        state.wake_outbox();
        return get(state, id).await;
    }
    let row = unchanged(state, tx, id).await?;
    if row.opponent_id.as_deref() != Some(user.id.as_str()) {
        Err(AppError::forbidden(
            "not_addressed_to_you",
            "only the player a challenge is addressed to may decline it",
        ))
    } else {
        Err(AppError::conflict(
            "challenge_closed",
            "the challenge is no longer open",
        ))
    }
}

/// Accepts a challenge: takes it and creates the game in one transaction, so of several
/// people accepting at once exactly one gets the game. Returns the game's id.
///
/// # Errors
///
/// 404 no such challenge; 403 `own_challenge` / `not_addressed_to_you`, `blocked` /
/// `you_block` when the challenger and the caller block one another (it stays open); 409
/// `challenge_taken` when it is no longer open, `game_allowance` when the caller or the
/// challenger plays as many games as their allowance lets them (it stays open); 422
/// `rating_out_of_range` when the
/// caller's rating in the variant is outside the challenge's range (it stays open).
pub async fn accept(state: &Services, user: &User, id: &str) -> Result<String, AppError> {
    let now = state.now();
    let mut tx = state.db.begin_write().await?;
    // The first statement is the write that takes the challenge.
    let Some(taken) = challenges::take(&mut tx, id, &user.id).await? else {
        tx.rollback().await?;
        return Err(why_not_taken(state, user, id).await);
    };
    let challenges::Taken {
        challenger_id,
        terms,
    } = taken;
    let (variant, color, clock, start) = read_terms(&terms)?;
    let moves = moves_of(&terms);
    if let Err(error) = crate::chat::check_challenge(&mut tx, &user.id, &challenger_id).await {
        tx.rollback().await?;
        return Err(error);
    }
    // Both take on a game: each within their allowance (the challenge stays open).
    for (player, whose) in [
        ((user.id.as_str(), user.kind), None),
        (
            (challenger_id.as_str(), AccountKind::Human),
            Some("the challenger"),
        ),
    ] {
        if let Err(error) = crate::allowance::check_new_game(state, &mut tx, player, whose).await {
            tx.rollback().await?;
            return Err(error);
        }
    }
    let (min_rating, max_rating) = (terms.min_rating, terms.max_rating);
    if min_rating.is_some() || max_rating.is_some() {
        let pool = RatingPool {
            variant,
            engines_allowed: terms.engines_allowed != 0,
        };
        let rating = ratings::whole_points(&mut tx, &user.id, pool).await?;
        if !admits(min_rating, max_rating, rating) {
            tx.rollback().await?;
            return Err(AppError::invalid(
                "rating_out_of_range",
                format!(
                    "your {} rating {rating} is outside this challenge's range {}",
                    variant.as_str(),
                    range_text(min_rating, max_rating)
                ),
            ));
        }
    }
    let requirements = Requirements {
        max_time_loss_percent: terms.max_time_loss_percent,
        min_finished_games: terms.min_finished_games,
    };
    if let Err(error) = reliability::check(state, &mut tx, &user.id, requirements).await {
        tx.rollback().await?;
        return Err(error);
    }
    let source = if moves.is_empty() {
        GameSource::Challenge
    } else {
        GameSource::Import
    };
    let mut request = NewGameRequest::with_random_setup(
        variant,
        color.seats(&challenger_id, &user.id),
        clock,
        (source, Some(id)),
        terms.rated != 0,
    );
    request.engines_allowed = terms.engines_allowed != 0;
    if let Some(start) = start {
        request.setup = start;
    }
    request.moves = moves;
    // On any error below, dropping `tx` rolls the whole acceptance back.
    let created = game::create(state, &mut tx, &request, now).await?;
    challenges::set_game(&mut tx, id, &created.id).await?;
    notifications::challenge_settled(&mut tx, id, now).await?;
    tx.commit().await?;
    Ok(created.committed(state))
}

async fn why_not_taken(state: &Services, user: &User, id: &str) -> AppError {
    let row = match state.db.pool.acquire().await {
        Ok(mut conn) => challenges::get(&mut conn, id).await,
        Err(error) => Err(error),
    };
    match row {
        Err(error) => error.into(),
        Ok(None) => AppError::NotFound("challenge"),
        Ok(Some(row)) if row.status != "open" => {
            AppError::conflict("challenge_taken", "the challenge is no longer open")
        }
        Ok(Some(row)) if row.challenger_id == user.id => {
            AppError::forbidden("own_challenge", "you cannot accept your own challenge")
        }
        Ok(Some(_)) => AppError::forbidden(
            "not_addressed_to_you",
            "the challenge is addressed to someone else",
        ),
    }
}
