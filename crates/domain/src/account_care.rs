//! Account care, for every player: change the password, download one's data, delete the
//! account. See docs/moderation.md.

use serde_json::{Value, json};

use crate::{
    Services,
    accounts::{self, DELETED_PREFIX, User, validate_password},
    chat, game, moderation, player_time, settings,
};
use store::{moderation as rows, users};
use vocab::error::AppError;

/// A wrong current password (403: the caller is signed in, the check is of the form).
fn wrong_password(error: AppError) -> AppError {
    match error {
        AppError::InvalidCredentials => {
            AppError::forbidden("wrong_password", "that is not your current password")
        }
        other => other,
    }
}

/// Changes `user`'s password from `current` to `new`, asked from `client`: every other
/// session ends; the one whose cookie is `keep` (the caller's, if they use one) stays.
/// API tokens stay (they are revoked one by one on the settings page).
///
/// # Errors
///
/// 403 `wrong_password`; 429 after failed attempts (as a login); 422 as
/// [`validate_password`]; 503 `busy`; database errors.
pub async fn change_password(
    state: &Services,
    user: &User,
    current: &str,
    new: &str,
    client: &str,
    keep: Option<&str>,
) -> Result<(), AppError> {
    accounts::authenticate(state, &user.username, current, client)
        .await
        .map_err(wrong_password)?;
    validate_password(new)?;
    let hash = state.hashing.hash(new.to_owned()).await?;
    let keep = keep.map(accounts::token_hash);
    let mut tx = state.db.begin_write().await?;
    if !rows::set_password(&mut tx, &user.id, &hash).await? {
        tx.rollback().await?;
        return Err(AppError::NotFound("player"));
    }
    rows::end_sessions(&mut tx, &user.id, keep.as_deref()).await?;
    let signed_out = state.events.stage_signed_out(&mut tx, &user.id).await?;
    tx.commit().await?;
    signed_out.committed(&state.events);
    Ok(())
}

/// The name a deleted account takes: `deleted-` and its id (longer than a name a person
/// may choose, and of the reserved shape besides).
#[must_use]
pub fn deleted_name(user_id: &str) -> String {
    format!("{DELETED_PREFIX}{user_id}")
}

/// Deletes `user`'s account after checking `password` and the typed `confirmation` (the
/// account's name), from `client`. In one transaction: the name becomes
/// [`deleted_name`], the password unusable, the address and private data gone
/// (sessions, tokens, devices, notes, notices, blocks), open challenges cancelled and
/// active games ended as the player's resignation (as a ban does). Finished games stay
/// and show the new name. Returns the new name.
///
/// # Errors
///
/// 422 `confirmation_mismatch`; 403 `wrong_password`; 429 after failed attempts;
/// database errors.
pub async fn delete_account(
    state: &Services,
    user: &User,
    password: &str,
    confirmation: &str,
    client: &str,
) -> Result<String, AppError> {
    if !confirmation.trim().eq_ignore_ascii_case(&user.username) {
        return Err(AppError::invalid(
            "confirmation_mismatch",
            "type your username to confirm that the account is to be deleted",
        ));
    }
    accounts::authenticate(state, &user.username, password, client)
        .await
        .map_err(wrong_password)?;
    let name = deleted_name(&user.id);
    let now = state.now();
    let mut tx = state.db.begin_write().await?;
    let work = async {
        // The first statement is the write that takes the account.
        if !rows::anonymise(&mut tx, &user.id, &name, now).await? {
            return Err(AppError::NotFound("player"));
        }
        let ended = moderation::end_play(state, &mut tx, &user.id, now).await?;
        // After the games' ends, whose notices to this account are deleted with the rest.
        rows::delete_private(&mut tx, &user.id).await?;
        Ok(ended)
    }
    .await;
    match work {
        Ok(ended) => {
            tx.commit().await?;
            ended.committed(state);
            metrics::counter!("accounts_deleted_total").increment(1);
            Ok(name)
        }
        Err(error) => {
            tx.rollback().await?;
            Err(error)
        }
    }
}

/// Everything the server keeps of `user`, as one JSON document: the profile, the
/// settings, the ratings, every game (players, result, moves and the record as
/// `/games/{id}/record` gives it, with the chat once the game has ended), the player's
/// own chat lines and notes.
///
/// # Errors
///
/// Database errors.
pub async fn export(state: &Services, user: &User) -> Result<Value, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let profile = users::public_by_id(&mut conn, &user.id)
        .await?
        .ok_or(AppError::NotFound("player"))?;
    let account = rows::account(&mut conn, &user.id)
        .await?
        .ok_or(AppError::NotFound("player"))?;
    let email = rows::email_of(&mut conn, &user.id).await?;
    let ratings = rows::ratings_of(&mut conn, &user.id).await?;
    let lines = rows::chat_lines_of(&mut conn, &user.id).await?;
    let notes = rows::notes_of(&mut conn, &user.id).await?;
    let game_ids = rows::game_ids_of(&mut conn, &user.id).await?;
    drop(conn);
    let play = settings::play_settings(state, user).await?;
    let time = player_time::settings(state, user).await?;
    let spectators = chat::spectators_setting(state, user).await?;
    let mut games = Vec::with_capacity(game_ids.len());
    for id in &game_ids {
        let detail = game::get(state, id).await?;
        let record = crate::game::export::record_for(state, Some(user), &detail).await?;
        games.push(json!({
            "id": detail.id,
            "variant": detail.variant().as_str(),
            "white": detail.white,
            "black": detail.black,
            "status": detail.status.as_str(),
            "result": detail.result.map(rules::GameResult::as_str),
            "end_reason": detail.end_reason.map(|reason| reason.as_str().to_owned()),
            "rated": detail.rated,
            "created_at": detail.created_at,
            "finished_at": detail.finished_at,
            "moves": detail.game.moves().collect::<Vec<_>>(),
            "record": record,
        }));
    }
    Ok(json!({
        "exported_at": state.now(),
        "profile": {
            "id": profile.id,
            "username": profile.username,
            "kind": profile.kind,
            "created_at": profile.created_at,
            "email": email,
            "administrator": account.is_admin == 1,
            "muted_since": account.muted_at,
        },
        "settings": {
            "after_move": play.after_move.as_str(),
            "confirm_moves": play.confirm_moves,
            "time_zone": time.time_zone,
            "auto_vacation": time.auto_vacation,
            "chat_spectators": spectators,
        },
        "ratings": ratings.into_iter().map(|(variant, rating, deviation, games)| json!({
            "variant": variant,
            "rating": rating as f64 / 1_000_000.0,
            "deviation": deviation as f64 / 1_000_000.0,
            "rated_games": games,
        })).collect::<Vec<_>>(),
        "games": games,
        "chat_lines": lines.into_iter().map(|(game_id, seq, ply, body, at)| json!({
            "game_id": game_id, "seq": seq, "ply": ply, "text": body, "created_at": at,
        })).collect::<Vec<_>>(),
        "notes": notes.into_iter().map(|(game_id, body, at)| json!({
            "game_id": game_id, "text": body, "updated_at": at,
        })).collect::<Vec<_>>(),
    }))
}
