-- The whole schema, Postgres flavour. Kept in step with migrations/sqlite by hand: the
-- server runs one code path over both, so the schema sticks to integers and text.
-- ids are random text; times are unix-epoch seconds (the API shows RFC 3339).

-- accounts. `username_key` is the lower-cased name: names are unique case-insensitively,
-- and the unique index is what answers "name taken" (no check-then-insert).
create table users (
    id text primary key,
    username text not null,
    username_key text not null unique,
    password_hash text not null,
    created_at bigint not null
);

-- browser sessions: only the sha-256 of the cookie value is stored.
create table sessions (
    token_hash text primary key,
    user_id text not null references users (id) on delete cascade,
    created_at bigint not null,
    expires_at bigint not null
);
create index sessions_user on sessions (user_id);

-- personal API tokens (`Authorization: Bearer`): stored hashed, like sessions.
create table api_tokens (
    token_hash text primary key,
    user_id text not null references users (id) on delete cascade,
    created_at bigint not null
);
create index api_tokens_user on api_tokens (user_id);

-- challenges: `opponent_id` null means open to anyone. `color` is the challenger's
-- (white, black or random). status: open, accepted or cancelled.
create table challenges (
    id text primary key,
    challenger_id text not null references users (id),
    opponent_id text references users (id),
    variant text not null,
    color text not null,
    days_per_move bigint not null,
    status text not null default 'open',
    game_id text,
    created_at bigint not null
);
create index challenges_open on challenges (status, created_at);

-- games. The moves table is the truth; `ply` and `to_move` are kept beside it so the
-- ply-guarded update (`where id = $1 and ply = $2`) can be a move's first write.
-- status: active, finished or aborted. setup: Knight Fight's numbers as JSON text.
-- deadline: when the player to move runs out of time (null once the game is over).
create table games (
    id text primary key,
    variant text not null,
    white_id text not null references users (id),
    black_id text not null references users (id),
    setup text,
    status text not null,
    result text,
    termination text,
    end_reason text,
    ply bigint not null default 0,
    to_move text,
    deadline bigint,
    draw_offer text,
    days_per_move bigint not null,
    created_at bigint not null,
    updated_at bigint not null,
    finished_at bigint
);
create index games_white on games (white_id, status);
create index games_black on games (black_id, status);
-- the sweeper looks for active games past their deadline.
create index games_deadline on games (status, deadline);

-- one row per ply, passes included; (game_id, ply) is unique, so a move can never be
-- stored twice.
create table moves (
    game_id text not null references games (id) on delete cascade,
    ply bigint not null,
    move text not null,
    played_at bigint not null,
    primary key (game_id, ply)
);

-- counters per variant, updated in the same transaction that finishes a game, so they
-- equal a recount of finished games. Aborted games count nowhere.
create table variant_stats (
    variant text primary key,
    white_wins bigint not null default 0,
    black_wins bigint not null default 0,
    draws bigint not null default 0
);
insert into variant_stats (variant) values
    ('chess'), ('reversi-6x6'), ('reversi-8x8'), ('reversi-10x10'), ('chess-reversi'),
    ('knight-fight');
