//! Challenges: create, list, cancel, accept (which creates the game).

use rules::{AnyGame, Variant};

use crate::{
    AppState,
    db::{
        challenges::{self, ChallengeRow, NewChallenge},
        users,
    },
    domain::{
        accounts::User,
        game::{self, ClockSettings, GameSource, NewGameRequest},
        new_id,
    },
    error::AppError,
};

/// The days per move a challenge may ask for.
pub const DAYS_PER_MOVE: [i64; 7] = [1, 2, 3, 5, 7, 10, 14];

/// The challenger's colour choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorChoice {
    /// The challenger plays White.
    White,
    /// The challenger plays Black.
    Black,
    /// Drawn when the challenge is accepted.
    Random,
}

impl ColorChoice {
    /// Every choice.
    pub const ALL: [ColorChoice; 3] = [ColorChoice::White, ColorChoice::Black, ColorChoice::Random];

    /// `white`, `black` or `random`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            ColorChoice::White => "white",
            ColorChoice::Black => "black",
            ColorChoice::Random => "random",
        }
    }

    /// Reads `white`, `black` or `random` (see [`FromStr`](std::str::FromStr)).
    #[must_use]
    pub fn parse(text: &str) -> Option<ColorChoice> {
        text.parse().ok()
    }
}

rules::text_form!(ColorChoice, "colour choice");

/// An open challenge as people see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    /// Its id.
    pub id: String,
    /// The variant.
    pub variant: Variant,
    /// Who made it.
    pub challenger: String,
    /// The challenger's colour choice.
    pub color: ColorChoice,
    /// Days per move.
    pub days_per_move: i64,
    /// Who may accept it (`None`: anyone).
    pub opponent: Option<String>,
    /// open, accepted or cancelled.
    pub status: String,
    /// The game it became, once accepted.
    pub game_id: Option<String>,
    /// When it was made (unix seconds).
    pub created_at: i64,
}

impl TryFrom<ChallengeRow> for Challenge {
    type Error = AppError;
    fn try_from(row: ChallengeRow) -> Result<Challenge, AppError> {
        Ok(Challenge {
            variant: row
                .variant
                .parse()
                .map_err(|_| AppError::internal(format!("stored variant `{}`", row.variant)))?,
            color: row
                .color
                .parse()
                .map_err(|error| AppError::internal(format!("stored colour: {error}")))?,
            id: row.id,
            challenger: row.challenger,
            days_per_move: row.days_per_move,
            opponent: row.opponent,
            status: row.status,
            game_id: row.game_id,
            created_at: row.created_at,
        })
    }
}

/// What a new challenge asks for, as text from a form or the API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengeRequest<'a> {
    /// A variant id.
    pub variant: &'a str,
    /// `white`, `black` or `random`.
    pub color: &'a str,
    /// One of [`DAYS_PER_MOVE`].
    pub days_per_move: i64,
    /// The one user who may accept it, or anyone.
    pub opponent: Option<&'a str>,
}

/// Creates a challenge.
///
/// # Errors
///
/// 404 when no player has the opponent's name; 422 `unknown_variant`, `invalid_color`,
/// `invalid_days_per_move`, `challenge_to_yourself`.
pub async fn create(
    state: &AppState,
    user: &User,
    request: &ChallengeRequest<'_>,
) -> Result<Challenge, AppError> {
    let variant: Variant = request.variant.parse().map_err(|_| {
        AppError::invalid(
            "unknown_variant",
            format!("unknown variant `{}`", request.variant),
        )
    })?;
    let color: ColorChoice = request
        .color
        .parse()
        .map_err(|_| AppError::invalid("invalid_color", "color is `white`, `black` or `random`"))?;
    if !DAYS_PER_MOVE.contains(&request.days_per_move) {
        return Err(AppError::invalid(
            "invalid_days_per_move",
            "days_per_move is one of 1, 2, 3, 5, 7, 10, 14",
        ));
    }
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
            Some(row)
        }
    };
    let id = new_id();
    let now = state.now();
    challenges::insert(
        &mut conn,
        &NewChallenge {
            id: &id,
            challenger_id: &user.id,
            opponent_id: opponent.as_ref().map(|row| row.id.as_str()),
            variant: variant.as_str(),
            color: color.as_str(),
            days_per_move: request.days_per_move,
            created_at: now,
        },
    )
    .await?;
    Ok(Challenge {
        id,
        variant,
        challenger: user.username.clone(),
        color,
        days_per_move: request.days_per_move,
        opponent: opponent.map(|row| row.username),
        status: "open".to_owned(),
        game_id: None,
        created_at: now,
    })
}

/// Open challenges the caller may see: open to anyone, addressed to them, or their own.
///
/// # Errors
///
/// Database errors.
pub async fn list(state: &AppState, user: Option<&User>) -> Result<Vec<Challenge>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let rows = challenges::list_open(&mut conn, user.map(|user| user.id.as_str())).await?;
    rows.into_iter().map(Challenge::try_from).collect()
}

/// One challenge, whatever its status.
///
/// # Errors
///
/// 404 when there is none.
pub async fn get(state: &AppState, id: &str) -> Result<Challenge, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let row = challenges::get(&mut conn, id)
        .await?
        .ok_or(AppError::NotFound("challenge"))?;
    Challenge::try_from(row)
}

/// Cancels the caller's open challenge.
///
/// # Errors
///
/// 404 no such challenge; 403 `not_your_challenge`; 409 `challenge_closed`.
pub async fn cancel(state: &AppState, user: &User, id: &str) -> Result<Challenge, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    if challenges::cancel(&mut conn, id, &user.id).await? {
        drop(conn);
        return get(state, id).await;
    }
    let row = challenges::get(&mut conn, id)
        .await?
        .ok_or(AppError::NotFound("challenge"))?;
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

/// Accepts a challenge: takes it and creates the game in one transaction, so of several
/// people accepting at once exactly one gets the game. Returns the game's id.
///
/// # Errors
///
/// 404 no such challenge; 403 `own_challenge` / `not_addressed_to_you`; 409
/// `challenge_taken` when it is no longer open.
pub async fn accept(state: &AppState, user: &User, id: &str) -> Result<String, AppError> {
    let now = state.now();
    let mut tx = state.db.pool.begin().await?;
    // The first statement is the write that takes the challenge.
    let Some((challenger_id, variant, color, days_per_move)) =
        challenges::take(&mut tx, id, &user.id).await?
    else {
        tx.rollback().await?;
        return Err(why_not_taken(state, user, id).await);
    };
    let variant: Variant = variant
        .parse()
        .map_err(|_| AppError::internal(format!("stored variant `{variant}`")))?;
    let challenger_white = match color.parse::<ColorChoice>() {
        Ok(ColorChoice::White) => true,
        Ok(ColorChoice::Black) => false,
        Ok(ColorChoice::Random) => rand::random::<bool>(),
        Err(error) => return Err(AppError::internal(format!("stored colour: {error}"))),
    };
    let (white_id, black_id) = if challenger_white {
        (challenger_id.as_str(), user.id.as_str())
    } else {
        (user.id.as_str(), challenger_id.as_str())
    };
    let request = NewGameRequest {
        variant,
        white_id,
        black_id,
        setup: AnyGame::random_setup(variant, &mut rand::rng()),
        clock: ClockSettings { days_per_move },
        source: GameSource::Challenge,
        source_id: Some(id),
    };
    // On any error below, dropping `tx` rolls the whole acceptance back.
    let created = game::create(state, &mut tx, &request, now).await?;
    challenges::set_game(&mut tx, id, &created.id).await?;
    tx.commit().await?;
    Ok(created.committed(state))
}

async fn why_not_taken(state: &AppState, user: &User, id: &str) -> AppError {
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
