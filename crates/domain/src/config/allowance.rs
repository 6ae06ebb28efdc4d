//! The configuration of the games a player may take on ([`crate::allowance`]).

use super::ConfigError;

/// The games a player may take on (see [`crate::allowance`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AllowanceConfig {
    /// `GAMES_ALLOWANCE`: the active games a player may have before finishing any.
    pub base: i64,
    /// `GAMES_ALLOWANCE_CEILING`: the most the allowance grows to, one game for each
    /// game finished.
    pub ceiling: i64,
    /// `TIMEOUT_COOLDOWN_DAYS`: the days after a loss on time in which the player may
    /// not enter a tournament (0: never barred).
    pub cooldown_days: i64,
}

impl AllowanceConfig {
    /// The three variables' values, checked: an allowance of 1 to 10000 games, a ceiling
    /// no lower, a cooldown of 0 to 366 days.
    pub(super) fn checked(
        base: i64,
        ceiling: i64,
        cooldown_days: i64,
    ) -> Result<AllowanceConfig, ConfigError> {
        if !(1..=10_000).contains(&base) {
            return Err(ConfigError {
                variable: "GAMES_ALLOWANCE",
                message: "expected 1 to 10000 games".to_owned(),
            });
        }
        if !(base..=10_000).contains(&ceiling) {
            return Err(ConfigError {
                variable: "GAMES_ALLOWANCE_CEILING",
                message: "expected no fewer games than GAMES_ALLOWANCE, at most 10000".to_owned(),
            });
        }
        if !(0..=366).contains(&cooldown_days) {
            return Err(ConfigError {
                variable: "TIMEOUT_COOLDOWN_DAYS",
                message: "expected 0 to 366 days".to_owned(),
            });
        }
        Ok(AllowanceConfig {
            base,
            ceiling,
            cooldown_days,
        })
    }

    /// The active games a player who finished `finished` games may have.
    #[must_use]
    pub fn games_for(&self, finished: i64) -> i64 {
        self.base.saturating_add(finished.max(0)).min(self.ceiling)
    }
}
