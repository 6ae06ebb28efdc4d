-- The notification centre and the outbox (issue 14). Both are written in the transaction
-- of the change that causes a notice, so a notice exists exactly when its change does.

-- One notice to one player. kind: what happened ('your_turn', 'draw_offer', 'challenge',
-- 'game_finished', 'clock_warning'; 'tournament_round' and 'chat_message' are kept for
-- the tournament and chat work). game_id / challenge_id: what it links to. payload: a
-- small JSON object for the text (the opponent's name, the result, the warning).
-- created_at: unix seconds, refreshed when a newer notice of the same game supersedes an
-- unread one. read_at: when the player marked it read (null: unread).
create table notifications (
    id text primary key,
    user_id text not null references users (id) on delete cascade,
    kind text not null check (kind in ('your_turn', 'draw_offer', 'challenge',
        'game_finished', 'clock_warning', 'tournament_round', 'chat_message')),
    game_id text,
    challenge_id text,
    payload text not null default '{}',
    created_at integer not null,
    read_at integer
);
-- The centre's pages: a player's notices newest first (keyset on created_at, id).
create index notifications_by_user on notifications (user_id, created_at, id);
-- The bell: a player's unread count.
create index notifications_unread on notifications (user_id) where read_at is null;
-- Pruning by age.
create index notifications_by_age on notifications (created_at);
-- Supersession: at most one unread "your turn" and one unread clock warning per player
-- and game; a newer one replaces it (an upsert on this index) instead of piling up.
create unique index notifications_superseded on notifications (user_id, kind, game_id)
    where read_at is null and kind in ('your_turn', 'clock_warning');

-- Deliveries of notices to channels beyond the centre's page, one row per notice and
-- channel, sent by the outbox job (see docs/notifications.md). channel: 'live' (the
-- player's open event streams) today; e-mail and push later. A row is due when
-- next_attempt_at has come and it is neither sent nor failed nor claimed under a lease
-- that still runs (claimed_by / claimed_until: the instance sending it and until when).
-- attempts counts the claims; after the last one failed_at is set and last_error kept.
create table outbox (
    id text primary key,
    notification_id text not null references notifications (id) on delete cascade,
    user_id text not null references users (id) on delete cascade,
    channel text not null,
    created_at integer not null,
    next_attempt_at integer not null,
    attempts integer not null default 0,
    claimed_by text,
    claimed_until integer,
    sent_at integer,
    sent_by text,
    failed_at integer,
    last_error text
);
-- The job's claim: rows still to send, by when they are due.
create index outbox_due on outbox (next_attempt_at) where sent_at is null and failed_at is null;
-- Pruning of sent rows by age.
create index outbox_by_age on outbox (created_at);

-- Per-kind preferences of a player. No row: the defaults (everything on). in_site: 1 when
-- notices of the kind appear in the centre (and its live channel), 0 when they are not
-- written at all. E-mail and push get their own columns here.
create table notification_preferences (
    user_id text not null references users (id) on delete cascade,
    kind text not null,
    in_site integer not null default 1 check (in_site in (0, 1)),
    primary key (user_id, kind)
);
