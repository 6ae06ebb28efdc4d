-- E-mail for notifications (issue 14): a player's address and its verification, password
-- reset by e-mail, the daily digest, the e-mail and push columns of the preferences, and
-- outbox rows of their own (the digest) with a snapshot and a key that is queued once.
-- Numbered 0011: 0010 and 0012 belong to the work beside it.

-- email: the address as the player typed it (null: none). email_verified_at: when its
-- verification link was followed (null: unverified; nothing is mailed to it but the
-- link). email_token_hash / email_token_expires: the sha-256 of the pending verification
-- link's token and when it runs out (single use: cleared when followed).
alter table users add column email text;
alter table users add column email_verified_at integer;
alter table users add column email_token_hash text;
alter table users add column email_token_expires integer;
-- Password reset: the sha-256 of the mailed token and when it runs out (single use).
alter table users add column reset_token_hash text;
alter table users add column reset_token_expires integer;
-- unsubscribe_key: the random key of the player's one-click unsubscribe link (it can only
-- turn e-mail off, so it is kept as is, to be put in every mail).
alter table users add column unsubscribe_key text;
-- language: the language of the player's mails ('en', 'et'), the site's language when
-- they last saved their address or notification settings.
alter table users add column language text not null default 'en';
-- The daily digest: on (1) or off, the local hour (in the player's time zone) it is
-- sent at, the local date it was last sent on (YYYY-MM-DD), and a moment no later than
-- the next one is due (null: nothing to look at, no verified address).
alter table users add column email_digest integer not null default 1
    check (email_digest in (0, 1));
alter table users add column digest_hour integer not null default 8
    check (digest_hour between 0 and 23);
alter table users add column digest_last_date text;
alter table users add column digest_next_at integer;
create index users_digest_due on users (digest_next_at) where digest_next_at is not null;
create index users_email_token on users (email_token_hash) where email_token_hash is not null;
create index users_reset_token on users (reset_token_hash) where reset_token_hash is not null;
create unique index users_unsubscribe_key on users (unsubscribe_key)
    where unsubscribe_key is not null;
create index users_email on users (lower(email)) where email is not null;

-- Per kind: e-mail and push on (1) or off (0); null: the kind's default (e-mail on for
-- the clock warnings, push on for your_turn, clock_warning and challenge).
alter table notification_preferences add column email integer check (email in (0, 1));
alter table notification_preferences add column push integer check (push in (0, 1));

-- The outbox again, with notification_id optional (a digest is a delivery of its own,
-- not of a notice), payload (what the delivery says, fixed when it was queued: a later
-- notice superseding its notice does not change it) and dedupe (a key queued at most
-- once per channel: a clock warning's mail per game, move and warning; a digest per
-- player and day). SQLite cannot drop a column's not-null: the table is made anew.
create table outbox_new (
    id text primary key,
    notification_id text references notifications (id) on delete cascade,
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
    last_error text,
    payload text,
    dedupe text
);
insert into outbox_new (id, notification_id, user_id, channel, created_at, next_attempt_at,
    attempts, claimed_by, claimed_until, sent_at, sent_by, failed_at, last_error)
select id, notification_id, user_id, channel, created_at, next_attempt_at, attempts,
    claimed_by, claimed_until, sent_at, sent_by, failed_at, last_error from outbox;
drop table outbox;
alter table outbox_new rename to outbox;
create index outbox_due on outbox (next_attempt_at) where sent_at is null and failed_at is null;
create index outbox_by_age on outbox (created_at);
create unique index outbox_dedupe on outbox (channel, dedupe) where dedupe is not null;
