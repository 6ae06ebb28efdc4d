-- Tournaments (issue 16). See docs/tournaments.md.

-- A tournament. format: round_robin (sections of at most section_size, everyone meets
-- everyone in theirs, once or with both colours; the best `advance` of each go on to the
-- next stage until one section is left), swiss (`rounds` rounds), knockout (matches of
-- games_per_match games) or league (`rounds` seasons of divisions of groups of at most
-- section_size, `advance` moving up and down between seasons; a stage is a season and
-- a section is division * 100 + group). starts_at: when the runner starts it (null: when it is full).
-- invite_code: set for a private tournament, whose page and entry need it. stage and
-- round: where it is (0 before the start). pending: a game of it ended, or its start is
-- due, since the runner last looked (set in the transaction of the change; the runner's
-- claim is the guarded update that clears it). winner_id: once finished.
create table tournaments (
    id text primary key,
    name text not null,
    organiser_id text not null references users (id),
    variant text not null,
    format text not null check (format in ('round_robin', 'swiss', 'knockout', 'league')),
    time_control text not null,
    weekends_off bigint not null default 0 check (weekends_off in (0, 1)),
    vacation_allowed bigint not null default 1 check (vacation_allowed in (0, 1)),
    rated bigint not null default 1 check (rated in (0, 1)),
    min_players bigint not null,
    max_players bigint not null,
    min_rating bigint,
    max_rating bigint,
    section_size bigint,
    both_colours bigint not null default 0 check (both_colours in (0, 1)),
    advance bigint,
    rounds bigint,
    games_per_match bigint,
    invite_code text,
    starts_at bigint,
    status text not null default 'open'
        check (status in ('open', 'running', 'finished', 'cancelled')),
    stage bigint not null default 0,
    round bigint not null default 0,
    pending bigint not null default 0 check (pending in (0, 1)),
    winner_id text references users (id),
    created_at bigint not null,
    started_at bigint,
    finished_at bigint
);
create index tournaments_by_status on tournaments (status, created_at);
create index tournaments_pending on tournaments (pending) where pending = 1;

-- An entrant. rating: their rating in the variant when they joined, refreshed at the
-- start (the seeding). seed: 0 the highest, given at the start. status: active,
-- withdrawn (left after the start: their games are resigned), removed (by the organiser
-- after the start, likewise) or eliminated (out of a stage or a knock-out match).
create table tournament_players (
    tournament_id text not null references tournaments (id) on delete cascade,
    user_id text not null references users (id),
    joined_at bigint not null,
    rating bigint not null,
    seed bigint,
    status text not null default 'active'
        check (status in ('active', 'withdrawn', 'removed', 'eliminated')),
    primary key (tournament_id, user_id)
);
create index tournament_players_by_user on tournament_players (user_id);

-- A tournament's game: its stage, section (a round-robin section, a knock-out match's
-- place in its round; 0 in a Swiss) and round. outcome: white, black or draw, written in
-- the transaction that ends the game (null while it is played).
create table tournament_games (
    game_id text primary key references games (id),
    tournament_id text not null references tournaments (id) on delete cascade,
    stage bigint not null,
    section bigint not null,
    round bigint not null,
    white_id text not null references users (id),
    black_id text not null references users (id),
    outcome text check (outcome in ('white', 'black', 'draw'))
);
create index tournament_games_by_stage on tournament_games (tournament_id, stage, round);

-- A round sat out: a Swiss bye (a point), a knock-out bye (through to the next round).
create table tournament_byes (
    tournament_id text not null references tournaments (id) on delete cascade,
    stage bigint not null,
    section bigint not null,
    round bigint not null,
    user_id text not null references users (id),
    primary key (tournament_id, stage, round, user_id)
);

-- Each player's score in a stage, kept in the transaction of every game's end and every
-- bye: half points (a win 2, a draw 1, a bye 2), wins and games finished. The
-- tie-breaks are computed from the games when the standings are read.
create table tournament_scores (
    tournament_id text not null references tournaments (id) on delete cascade,
    stage bigint not null,
    section bigint not null,
    user_id text not null references users (id),
    half_points bigint not null default 0,
    wins bigint not null default 0,
    played bigint not null default 0,
    primary key (tournament_id, stage, user_id)
);
