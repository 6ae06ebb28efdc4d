-- The "both lose" deadline rule (issue 39 item 1). See docs/time.md. Kept in step with
-- the other database's folder.

-- a game's deadline rule may now also be 'both_lose': the game ends 0-0, neither side
-- scores, and each is rated as having lost. The rules pages count such games apart.
alter table variant_stats add column both_lost integer not null default 0;

-- a tournament game's outcome may be 'both_lost' too (no points for either). SQLite
-- cannot change a check, so the table is made again with its rows and index; nothing
-- refers to it.
create table tournament_games_new (
    game_id text primary key references games (id),
    tournament_id text not null references tournaments (id) on delete cascade,
    stage integer not null,
    section integer not null,
    round integer not null,
    white_id text not null references users (id),
    black_id text not null references users (id),
    outcome text check (outcome in ('white', 'black', 'draw', 'both_lost'))
);
insert into tournament_games_new
    (game_id, tournament_id, stage, section, round, white_id, black_id, outcome)
    select game_id, tournament_id, stage, section, round, white_id, black_id, outcome
    from tournament_games;
drop table tournament_games;
alter table tournament_games_new rename to tournament_games;
create index tournament_games_by_stage on tournament_games (tournament_id, stage, round);
