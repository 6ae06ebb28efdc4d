-- Moderation and account care (issue 18 item 5). See docs/moderation.md.

-- is_admin: 1 for an administrator (the first person to register, or granted with
-- `server admin grant NAME`). muted_at: since when the account may not write chat lines
-- (null: not muted). banned_at: since when the account is banned (null: not banned); a
-- banned account cannot sign in. deleted_at: when its owner deleted it (its name is then
-- `deleted-<id>`, its password unusable and its private data gone; its games stay).
alter table users add column is_admin bigint not null default 0 check (is_admin in (0, 1));
alter table users add column muted_at bigint;
alter table users add column banned_at bigint;
alter table users add column deleted_at bigint;

-- Who became administrator by registering first: a single row, taken by the registration
-- that inserts it (a second one racing it finds the row and stays a player). A site with
-- accounts already gets its oldest person's account as administrator.
create table first_admin (
    id bigint primary key check (id = 1),
    user_id text not null references users (id)
);
update users set is_admin = 1 where id = (
    select id from users where kind = 'human' order by created_at, id limit 1
);
insert into first_admin (id, user_id)
    select 1, id from users where is_admin = 1;

-- A report of a player, or of one chat line (game_id and chat_seq set), by a signed-in
-- player. target_key: `player:<user id>` or `chat:<game id>:<seq>`; at most one open
-- report per reporter and target. quoted: the reported line's text as it was when
-- reported (empty for a player). reason: up to 500 characters, no control characters
-- but line breaks and tabs. status: open, resolved or dismissed (by resolved_by, an
-- administrator, at resolved_at).
create table reports (
    id text primary key,
    reporter_id text not null references users (id),
    target_id text not null references users (id),
    target_key text not null,
    game_id text references games (id) on delete cascade,
    chat_seq bigint,
    quoted text not null default '',
    reason text not null default '',
    status text not null default 'open' check (status in ('open', 'resolved', 'dismissed')),
    created_at bigint not null,
    resolved_at bigint,
    resolved_by text references users (id)
);
create unique index reports_open_once on reports (reporter_id, target_key) where status = 'open';
create index reports_by_status on reports (status, created_at);

-- Every administrator's action, written in the action's own transaction: grant_admin,
-- revoke_admin, mute, unmute, ban, unban, resolve_report, dismiss_report. admin_id: who
-- (null: the `server admin` command line). target_id: the account acted on;
-- report_id: the report. detail: words for people (the games a ban ended, a note). seq:
-- the order of the log (max + 1 at the insert; actions at the same instant in two
-- transactions may share one, and are then ordered by id).
create table admin_actions (
    id text primary key,
    seq bigint not null,
    admin_id text references users (id),
    action text not null,
    target_id text references users (id),
    report_id text references reports (id),
    detail text not null default '',
    created_at bigint not null
);
create index admin_actions_newest on admin_actions (seq, id);
