//! The knock-out's rounds: matches decided, extra games, the next round's pairs.

use sqlx::AnyConnection;
use tournament::{Game, Seed, knockout};

use super::{Field, Step};
use store::tournaments::{self as rows, ByeRow, GameRow, PlayerStatus};
use vocab::error::AppError;

impl Step<'_> {
    /// Moves a knock-out on after its current round: a match whose games are over has its
    /// loser eliminated, a drawn match gets its extra games, and once every match is
    /// decided the winners are paired for the next round (or the last one wins).
    pub(super) async fn knockout_round(
        &mut self,
        conn: &mut AnyConnection,
        field: &Field,
        games: &[GameRow],
    ) -> Result<(), AppError> {
        let round = self.tournament.round;
        let byes = rows::byes(&mut *conn, self.id()).await?;
        let mut slots: Vec<i64> = games
            .iter()
            .filter(|game| game.round == round)
            .map(|game| game.section)
            .chain(
                byes.iter()
                    .filter(|bye| bye.round == round)
                    .map(|bye| bye.section),
            )
            .collect();
        slots.sort_unstable();
        slots.dedup();
        let mut winners = Vec::with_capacity(slots.len());
        let mut waiting = false;
        for slot in slots {
            if let Some(bye) = byes
                .iter()
                .find(|bye| bye.round == round && bye.section == slot)
            {
                winners.push(field.seed(&bye.user_id)?);
                continue;
            }
            let slot_games: Vec<&GameRow> = games
                .iter()
                .filter(|game| game.round == round && game.section == slot)
                .collect();
            let Some(first) = slot_games.first() else {
                continue;
            };
            let (one, other) = (field.seed(&first.white_id)?, field.seed(&first.black_id)?);
            let (a, b) = (one.min(other), one.max(other));
            let played: Vec<Game> = slot_games
                .iter()
                .map(|game| field.game(game))
                .collect::<Result<_, _>>()?;
            if played.iter().any(|game| game.outcome.is_none()) {
                waiting = true;
                continue;
            }
            // A player who left the tournament loses the match once its games are over.
            let state = match (field.active(a), field.active(b)) {
                (true, false) => knockout::MatchState::Won {
                    winner: a,
                    loser: b,
                },
                (false, true) => knockout::MatchState::Won {
                    winner: b,
                    loser: a,
                },
                _ => knockout::match_state(a, b, self.tournament.settings.match_games(), &played),
            };
            match state {
                knockout::MatchState::Playing => waiting = true,
                knockout::MatchState::NeedsGames(extra) => {
                    waiting = true;
                    for pairing in extra {
                        self.create_game(conn, field, pairing, (1, slot, round))
                            .await?;
                    }
                }
                knockout::MatchState::Won { winner, loser } => {
                    let loser = field.user(loser)?;
                    if loser.status == PlayerStatus::Active {
                        rows::set_player_status(
                            &mut *conn,
                            self.id(),
                            &loser.user_id,
                            PlayerStatus::Eliminated,
                        )
                        .await?;
                    }
                    winners.push(winner);
                }
            }
        }
        if waiting {
            return Ok(());
        }
        if winners.len() <= 1 {
            return self.finish(conn, field, winners.first().copied()).await;
        }
        rows::set_progress(&mut *conn, self.id(), 1, round + 1).await?;
        let games_per_match = self.tournament.settings.match_games();
        let created_before = self.created.len();
        for (slot, pair) in winners.chunks(2).enumerate() {
            let slot = i64::try_from(slot).map_err(AppError::internal)?;
            // A winner who has left since goes no further: their opponent has a bye.
            let pair: Vec<Seed> = match *pair {
                [one, other] if field.active(one) != field.active(other) => {
                    vec![if field.active(one) { one } else { other }]
                }
                _ => pair.to_vec(),
            };
            match *pair {
                [one, other] => {
                    let (a, b) = (one.min(other), one.max(other));
                    for pairing in knockout::opening_games(a, b, games_per_match) {
                        self.create_game(conn, field, pairing, (1, slot, round + 1))
                            .await?;
                    }
                    let news = serde_json::json!({"event": "round", "round": round + 1});
                    self.notify_seeds(conn, field, &[a, b], news).await?;
                }
                [alone] => {
                    let bye = ByeRow {
                        stage: 1,
                        section: slot,
                        round: round + 1,
                        user_id: field.user(alone)?.user_id.clone(),
                    };
                    rows::insert_bye(&mut *conn, self.id(), &bye).await?;
                }
                _ => {}
            }
        }
        // A round of byes alone (its players left) has no game whose end would wake
        // the runner: it is marked to be moved on at once.
        if self.created.len() == created_before {
            rows::mark_pending(&mut *conn, self.id()).await?;
        }
        Ok(())
    }
}
