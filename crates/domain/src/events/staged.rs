//! Staging: a change is written into the transaction that makes it, to be delivered
//! once that has committed. On Postgres staging sends the change's NOTIFY in the
//! transaction (through `store::notify`); on SQLite it waits for the commit here.

use sqlx::AnyConnection;

use super::{
    hub::EventHub,
    payloads::{ChallengeSignal, ChatWire, GameEvent, UserNotice},
    wire::{ChallengeWire, Change, FlushWire, ReportsWire, SignedOutWire, UsersWire, Wire},
};
use store::{Backend, games, notify};

/// A change staged in its transaction, to be delivered once that has committed.
#[derive(Debug)]
#[must_use = "call `committed` after the transaction commits"]
pub struct Staged {
    wire: Wire,
    /// Postgres delivers it to every instance, this one included (a moment later).
    notified: bool,
}

impl Staged {
    /// The transaction committed: deliver the change here (SQLite), or (Postgres, which
    /// delivers it) only tell this instance's caches at once what it makes stale.
    pub fn committed(self, hub: &EventHub) {
        if self.notified {
            hub.tell_caches(&self.wire.delivered());
        } else {
            hub.deliver_wire(&self.wire);
        }
    }
}

impl EventHub {
    /// Stages the change of `game` between `white_id` and `black_id` in the transaction
    /// `conn`, with both players' turn counts as that transaction sees them (so they
    /// count the change). On Postgres one statement counts them into the payload and
    /// NOTIFYs it there (sent only if the transaction commits; the wire kept here, only
    /// to drop this instance's snapshots at once, carries no counts); on SQLite they are
    /// read and the change waits for [`Staged::committed`].
    ///
    /// # Errors
    ///
    /// Database errors (the transaction should then be rolled back).
    pub async fn stage(
        &self,
        conn: &mut AnyConnection,
        game: GameEvent,
        white_id: &str,
        black_id: &str,
    ) -> Result<Staged, sqlx::Error> {
        if self.backend() == Backend::Sqlite {
            let counts = games::count_turns_of_both(conn, (white_id, black_id)).await?;
            let wire = Wire::Change(Change::new(game, white_id, black_id, counts));
            return Ok(Staged {
                wire,
                notified: false,
            });
        }
        let wire = Wire::Change(Change::new(game, white_id, black_id, (0, 0)));
        notify::notify_change_with_turns(conn, &wire.to_json()?, white_id, black_id).await?;
        Ok(Staged {
            wire,
            notified: true,
        })
    }

    /// Stages a challenge's change in the transaction `conn`, as [`EventHub::stage`] does
    /// a game's.
    ///
    /// # Errors
    ///
    /// Database errors (the transaction should then be rolled back).
    pub async fn stage_challenge(
        &self,
        conn: &mut AnyConnection,
        signal: ChallengeSignal,
    ) -> Result<Staged, sqlx::Error> {
        self.stage_wire(conn, Wire::Challenge(ChallengeWire { challenge: signal }))
            .await
    }

    /// Stages, in the transaction `conn`, the word to every instance to drop its
    /// snapshots, for a change that any game's page may show and that has no game event
    /// (delivered as [`EventHub::stage`] delivers a change).
    ///
    /// # Errors
    ///
    /// Database errors (the transaction should then be rolled back).
    pub async fn stage_flush(&self, conn: &mut AnyConnection) -> Result<Staged, sqlx::Error> {
        let wire = Wire::Flush(FlushWire {
            flush_snapshots: true,
        });
        self.stage_wire(conn, wire).await
    }

    /// Stages, in `conn` (a transaction, or a connection that has just ended a session or
    /// revoked a token), the word to every instance that sessions of `user_id` ended or
    /// one of their tokens was revoked (delivered as [`EventHub::stage`] delivers a
    /// change).
    ///
    /// # Errors
    ///
    /// Database errors (the transaction should then be rolled back).
    pub async fn stage_signed_out(
        &self,
        conn: &mut AnyConnection,
        user_id: &str,
    ) -> Result<Staged, sqlx::Error> {
        let wire = Wire::SignedOut(SignedOutWire {
            signed_out: user_id.to_owned(),
        });
        self.stage_wire(conn, wire).await
    }

    /// Stages, in `conn` (a transaction, or a connection that has just made the change),
    /// the word to every instance that something of `users` changed with no event of its
    /// own (a setting, a note, a conditional line, notices read, a block): what they
    /// keep of them goes (delivered as [`EventHub::stage`] delivers a
    /// change).
    ///
    /// # Errors
    ///
    /// Database errors (the transaction should then be rolled back).
    pub async fn stage_users_changed(
        &self,
        conn: &mut AnyConnection,
        users: &[&str],
    ) -> Result<Staged, sqlx::Error> {
        let wire = Wire::Users(UsersWire {
            users_changed: users.iter().map(|user| (*user).to_owned()).collect(),
        });
        self.stage_wire(conn, wire).await
    }

    /// Stages, in `conn`, the word to every instance that a report was filed or closed,
    /// which administrators' header counts show.
    ///
    /// # Errors
    ///
    /// Database errors (the transaction should then be rolled back).
    pub async fn stage_reports_changed(
        &self,
        conn: &mut AnyConnection,
    ) -> Result<Staged, sqlx::Error> {
        let wire = Wire::Reports(ReportsWire {
            reports_changed: true,
        });
        self.stage_wire(conn, wire).await
    }

    /// Stages a new chat line in the transaction `conn` (as [`EventHub::stage`]): once
    /// committed it reaches the game's watchers who may read it (its players, and
    /// everyone when both players allow spectators).
    ///
    /// # Errors
    ///
    /// Database errors (the transaction should then be rolled back).
    pub async fn stage_chat(
        &self,
        conn: &mut AnyConnection,
        chat: ChatWire,
    ) -> Result<Staged, sqlx::Error> {
        self.stage_wire(conn, Wire::Chat(chat)).await
    }

    async fn stage_wire(
        &self,
        conn: &mut AnyConnection,
        wire: Wire,
    ) -> Result<Staged, sqlx::Error> {
        let notified = self.backend() == Backend::Postgres;
        if notified {
            notify::notify_all(conn, &[wire.to_json()?]).await?;
        }
        Ok(Staged { wire, notified })
    }

    /// Publishes `notices` (each a player's notice with their unread count) to their
    /// players' event streams on every instance: on Postgres in one statement, a
    /// `pg_notify` for each; on SQLite handed to this process's subscribers, with no
    /// connection.
    ///
    /// # Errors
    ///
    /// Database errors (nothing was published).
    pub async fn publish_notices(
        &self,
        pool: &sqlx::AnyPool,
        notices: &[UserNotice],
    ) -> Result<(), sqlx::Error> {
        let wires = notices.iter().cloned().map(Wire::Notice);
        match self.backend() {
            Backend::Sqlite => {
                wires.for_each(|wire| self.deliver_wire(&wire));
                Ok(())
            }
            Backend::Postgres if notices.is_empty() => Ok(()),
            Backend::Postgres => {
                let payloads = wires
                    .map(|wire| wire.to_json())
                    .collect::<Result<Vec<String>, sqlx::Error>>()?;
                let mut conn = pool.acquire().await?;
                notify::notify_all(&mut conn, &payloads).await
            }
        }
    }
}
