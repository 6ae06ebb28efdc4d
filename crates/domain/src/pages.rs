//! Look-ups the web pages need beyond the API's (owned by the web pages).

use crate::{
    Services,
    accounts::user::{AccountKind, User},
};
use store::users;
use vocab::error::AppError;

/// The user registered as `name` (case-insensitively), if any.
///
/// # Errors
///
/// Database errors.
pub async fn user_by_name(state: &Services, name: &str) -> Result<Option<User>, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    let row = users::by_name(&mut conn, name).await?;
    Ok(row.map(|row| User {
        id: row.id,
        username: row.username,
        kind: AccountKind::from_stored(&row.kind),
    }))
}
