//! Who may take a challenge (or a tournament's place): its rating range and what it asks
//! of a reliability card, checked when it is made and when it is taken.

use crate::reliability::card::Requirements;
use vocab::error::AppError;

/// Whether `rating` is within `min..=max` (each end optional).
pub(crate) fn admits(min: Option<i64>, max: Option<i64>, rating: i64) -> bool {
    min.is_none_or(|min| rating >= min) && max.is_none_or(|max| rating <= max)
}

/// The ratings a range may name.
pub const RATING_LIMITS: std::ops::RangeInclusive<i64> = 0..=4000;

/// Checks what a new challenge asks of who takes it: a rating range, or a reliability
/// card's, only on a challenge open to anyone.
///
/// # Errors
///
/// 422 `rating_range_needs_open_challenge`, `invalid_rating_range`,
/// `requirements_need_open_challenge`, `invalid_requirement`.
pub(super) fn check_limits(
    opponent: Option<&str>,
    (min, max): (Option<i64>, Option<i64>),
    requirements: Requirements,
) -> Result<(), AppError> {
    let addressed = opponent.is_some_and(|name| !name.is_empty());
    if !requirements.is_empty() {
        if addressed {
            return Err(AppError::invalid(
                "requirements_need_open_challenge",
                "only a challenge open to anyone may ask for losses on time or finished games",
            ));
        }
        requirements.validated()?;
    }
    if min.is_none() && max.is_none() {
        return Ok(());
    }
    if addressed {
        return Err(AppError::invalid(
            "rating_range_needs_open_challenge",
            "only a challenge open to anyone may limit the rating of who accepts it",
        ));
    }
    check_rating_range(min, max)
}

/// Checks a rating range (a challenge's, a tournament's): each end within 0–4000, the
/// lowest no higher than the highest.
///
/// # Errors
///
/// 422 `invalid_rating_range`.
pub(crate) fn check_rating_range(min: Option<i64>, max: Option<i64>) -> Result<(), AppError> {
    let in_limits = |end: Option<i64>| end.is_none_or(|end| RATING_LIMITS.contains(&end));
    if !in_limits(min) || !in_limits(max) || min.zip(max).is_some_and(|(min, max)| min > max) {
        return Err(AppError::invalid(
            "invalid_rating_range",
            "a rating range runs from a lower to a higher rating, each from 0 to 4000",
        ));
    }
    Ok(())
}

/// A rating range as text: "1400–1800", "1400+" or "–1800".
#[must_use]
pub fn range_text(min: Option<i64>, max: Option<i64>) -> String {
    match (min, max) {
        (Some(min), Some(max)) => format!("{min}–{max}"),
        (Some(min), None) => format!("{min}+"),
        (None, Some(max)) => format!("–{max}"),
        (None, None) => String::new(),
    }
}
