-- Ratings (Glicko-2 per variant), rated and casual games, rating ranges on challenges,
-- per-player counters and head-to-head records. Kept in step with the Postgres folder.
--
-- Ratings are stored as integers at a fixed scale (see domain::ratings): rating and
-- deviation in millionths of a point, volatility in billionths. The live update and
-- `server ratings rebuild` both round through this scale after every game, so a rebuild
-- reproduces the stored values exactly.

-- rated: 1 for a rated game, 0 for a casual one. Games from before this migration are
-- rated: `server ratings rebuild` rates them once after the upgrade.
alter table games add column rated bigint not null default 1;

-- a challenge is rated (1) or casual (0); an open challenge may limit the rating of
-- whoever accepts it (both ends inclusive, whole points; null: no limit).
alter table challenges add column rated bigint not null default 1;
alter table challenges add column min_rating bigint;
alter table challenges add column max_rating bigint;

-- the number of rated games of the variant so far: each rated game takes the next number
-- in the transaction that ends it (the row is the one the end already updates), and the
-- rebuild replays games in that order.
alter table variant_stats add column rated_games bigint not null default 0;

-- one rating per player and variant, made at the player's first rated game.
create table player_ratings (
    user_id text not null references users (id),
    variant text not null,
    rating bigint not null,
    deviation bigint not null,
    volatility bigint not null,
    rated_games bigint not null,
    last_rated_at bigint not null,
    primary key (user_id, variant)
);
-- the leaderboard reads a variant's ratings from the top.
create index player_ratings_board on player_ratings (variant, rating, user_id);

-- the rating change of each rated game: both players before and after. The primary key
-- is the last guard against rating a game twice.
create table game_ratings (
    game_id text primary key references games (id),
    variant text not null,
    seq bigint not null,
    rated_at bigint not null,
    white_id text not null references users (id),
    black_id text not null references users (id),
    white_before bigint not null,
    white_deviation_before bigint not null,
    white_after bigint not null,
    white_deviation_after bigint not null,
    black_before bigint not null,
    black_deviation_before bigint not null,
    black_after bigint not null,
    black_deviation_after bigint not null,
    unique (variant, seq)
);
create index game_ratings_white on game_ratings (white_id, variant, seq);
create index game_ratings_black on game_ratings (black_id, variant, seq);

-- every finished game (rated or casual) counted per player and variant in the
-- transaction that ends it, so a profile never counts games. streak: the current run of
-- wins (a loss or a draw ends it).
create table player_stats (
    user_id text not null references users (id),
    variant text not null,
    games bigint not null default 0,
    white_wins bigint not null default 0,
    white_losses bigint not null default 0,
    white_draws bigint not null default 0,
    black_wins bigint not null default 0,
    black_losses bigint not null default 0,
    black_draws bigint not null default 0,
    current_streak bigint not null default 0,
    longest_streak bigint not null default 0,
    primary key (user_id, variant)
);

-- each pair's record, one row from each side, kept with the counters above.
create table head_to_head (
    user_id text not null references users (id),
    opponent_id text not null references users (id),
    wins bigint not null default 0,
    losses bigint not null default 0,
    draws bigint not null default 0,
    primary key (user_id, opponent_id)
);

-- a player's finished games newest first (profiles), and a variant's (the rules page).
create index games_white_finished on games (white_id, finished_at, id);
create index games_black_finished on games (black_id, finished_at, id);
create index games_variant_finished on games (variant, finished_at, id);
