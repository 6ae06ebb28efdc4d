//! Reliability cards: what a player's last months say of how they keep their games going
//! (losses on time and their share, average time per move, active games, vacation left),
//! shown on challenges, profiles and in the API; what open challenges and tournaments may
//! ask of them; and how long a game is expected to last. The rules are in
//! [`card`](mod@card); see docs/time.md.

pub mod card;

use std::sync::Arc;

use sqlx::AnyConnection;

use crate::{Services, game::TimeControl, player_time};
use card::{CARD_DAYS, Card, ExpectedLength, Requirements, SitePace, SitePaces};
use rules::Variant;
use store::standing;
use vocab::{error::AppError, ids::DAY};

/// `user_id`'s card as of now, read in `conn`.
///
/// # Errors
///
/// 404 for no such player; database errors.
pub async fn read_card(
    state: &Services,
    conn: &mut AnyConnection,
    user_id: &str,
) -> Result<Card, AppError> {
    let now = state.now();
    let row = standing::card_of(&mut *conn, user_id, now - CARD_DAYS * DAY)
        .await?
        .ok_or(AppError::NotFound("player"))?;
    let allowance_days = state.config.vacation_days_per_year;
    let vacation_hours_left = if allowance_days > 0 {
        Some(player_time::vacation_hours_left(&mut *conn, user_id, now, allowance_days).await?)
    } else {
        None
    };
    Ok(Card {
        active: row.active,
        finished: row.finished,
        recent_games: row.recent,
        recent_time_losses: row.recent_time_losses,
        seconds_per_move: Card::pace_of(row.recent_moves, row.recent_move_seconds),
        vacation_hours_left,
    })
}

/// `user_id`'s card, from this instance's snapshot when it has a fresh one.
///
/// # Errors
///
/// 404 for no such player; database errors.
pub async fn card(state: &Services, user_id: &str) -> Result<Arc<Card>, AppError> {
    let ticket = match state.caches.cards.get(user_id) {
        Ok(card) => return Ok(card),
        Err(ticket) => ticket,
    };
    let mut conn = state.db.pool.acquire().await?;
    let card = Arc::new(read_card(state, &mut conn, user_id).await?);
    state
        .caches
        .cards
        .keep(ticket, user_id.to_owned(), card.clone());
    Ok(card)
}

/// The site's pace per variant, from this instance's snapshot when it has a fresh one.
///
/// # Errors
///
/// Database errors.
pub async fn site_paces(state: &Services) -> Result<Arc<SitePaces>, AppError> {
    let ticket = match state.caches.paces.get(&()) {
        Ok(paces) => return Ok(paces),
        Err(ticket) => ticket,
    };
    let mut conn = state.db.pool.acquire().await?;
    let rows = standing::site_pace(&mut conn, state.now() - CARD_DAYS * DAY).await?;
    let paces = SitePaces(
        rows.into_iter()
            .filter_map(|row| {
                let variant = row.variant.parse::<Variant>().ok()?;
                let pace = SitePace::of_games(row.games, row.plies, row.moves, row.move_seconds);
                Some((variant, pace))
            })
            .collect(),
    );
    let paces = Arc::new(paces);
    state.caches.paces.keep(ticket, (), paces.clone());
    Ok(paces)
}

/// How long a game of `variant` under `control` is expected to last between `players`
/// (user ids; `None`: a player not known yet, who plays at the site's pace).
///
/// # Errors
///
/// Database errors.
pub async fn expected_length(
    state: &Services,
    variant: Variant,
    control: TimeControl,
    players: [Option<&str>; 2],
) -> Result<ExpectedLength, AppError> {
    let site = site_paces(state).await?.of(variant);
    let mut paces = [site.seconds_per_move; 2];
    for (pace, player) in paces.iter_mut().zip(players) {
        if let Some(user_id) = player
            && let Some(own) = card(state, user_id).await?.seconds_per_move
        {
            *pace = own;
        }
    }
    Ok(card::expected_length(control, paces, site))
}

/// Checks that `user_id` meets `requirements`, reading their card in `conn` (the
/// transaction that takes the challenge or the entry).
///
/// # Errors
///
/// 409 `reliability_required` saying what is missing; database errors.
pub async fn check(
    state: &Services,
    conn: &mut AnyConnection,
    user_id: &str,
    requirements: Requirements,
) -> Result<(), AppError> {
    if requirements.is_empty() {
        return Ok(());
    }
    requirements.check(&read_card(state, conn, user_id).await?)
}
