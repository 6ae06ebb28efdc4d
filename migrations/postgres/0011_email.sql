-- E-mail for notifications (issue 14): a player's address and its verification, password
-- reset by e-mail, the daily digest, the e-mail and push columns of the preferences, and
-- outbox rows of their own (the digest) with a snapshot and a key that is queued once.
-- Numbered 0011: 0010 and 0012 belong to the work beside it.

-- email: the address as the player typed it (null: none). email_verified_at: when its
-- verification link was followed (null: unverified; nothing is mailed to it but the
-- link). email_token_hash / email_token_expires: the sha-256 of the pending verification
-- link's token and when it runs out (single use: cleared when followed).
alter table users add column email text;
alter table users add column email_verified_at bigint;
alter table users add column email_token_hash text;
alter table users add column email_token_expires bigint;
-- Password reset: the sha-256 of the mailed token and when it runs out (single use).
alter table users add column reset_token_hash text;
alter table users add column reset_token_expires bigint;
-- unsubscribe_key: the random key of the player's one-click unsubscribe link (it can only
-- turn e-mail off, so it is kept as is, to be put in every mail).
alter table users add column unsubscribe_key text;
-- language: the language of the player's mails ('en', 'et'), the site's language when
-- they last saved their address or notification settings.
alter table users add column language text not null default 'en';
-- The daily digest: on (1) or off, the local hour (in the player's time zone) it is
-- sent at, the local date it was last sent on (YYYY-MM-DD), and a moment no later than
-- the next one is due (null: nothing to look at, no verified address).
alter table users add column email_digest bigint not null default 1
    check (email_digest in (0, 1));
alter table users add column digest_hour bigint not null default 8
    check (digest_hour between 0 and 23);
alter table users add column digest_last_date text;
alter table users add column digest_next_at bigint;
create index users_digest_due on users (digest_next_at) where digest_next_at is not null;
create index users_email_token on users (email_token_hash) where email_token_hash is not null;
create index users_reset_token on users (reset_token_hash) where reset_token_hash is not null;
create unique index users_unsubscribe_key on users (unsubscribe_key)
    where unsubscribe_key is not null;
create index users_email on users (lower(email)) where email is not null;

-- Per kind: e-mail and push on (1) or off (0); null: the kind's default (e-mail on for
-- the clock warnings, push on for your_turn, clock_warning and challenge).
alter table notification_preferences add column email bigint check (email in (0, 1));
alter table notification_preferences add column push bigint check (push in (0, 1));

-- The outbox's rows: notification_id optional (a digest is a delivery of its own, not of
-- a notice), payload (what the delivery says, fixed when it was queued: a later notice
-- superseding its notice does not change it) and dedupe (a key queued at most once per
-- channel: a clock warning's mail per game, move and warning; a digest per player and
-- day).
alter table outbox alter column notification_id drop not null;
alter table outbox add column payload text;
alter table outbox add column dedupe text;
create unique index outbox_dedupe on outbox (channel, dedupe) where dedupe is not null;
