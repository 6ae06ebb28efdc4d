-- Repertoires (issue 40 item 3). See docs/conditional-moves.md.

-- One line of a player's repertoire: both sides' moves from the start of a variant
-- (setup: the start's stored setup text, empty for the variant's usual start), for the
-- side the player plays (color), as canonical texts separated by single spaces
-- (moves), with the texts people read (display, SAN for chess) in the same order;
-- forced passes written out. While a game's moves follow a line, its next move is the
-- player's reply, played at once in the move's transaction. Checked by the rules when
-- entered; lines of one branch (user, variant, setup, color) part only at moves of the
-- opponent. Deleted with the account.
create table repertoire_lines (
    id text primary key,
    user_id text not null references users (id) on delete cascade,
    variant text not null,
    setup text not null,
    color text not null check (color in ('white', 'black')),
    moves text not null,
    display text not null,
    created_at integer not null
);
-- The pipeline reads one branch after a move; the page lists a player's lines.
create index repertoire_lines_by_branch on repertoire_lines (user_id, variant, setup, color);

-- The plies (1-based) of a game that a repertoire played: private while the game goes
-- on, marked in its record once it has ended. Deleted with the game.
create table repertoire_plies (
    game_id text not null references games (id) on delete cascade,
    ply integer not null,
    primary key (game_id, ply)
);

-- Whether each player's repertoire answers in the game: from their setting when the
-- game began, then as they turn it on or off in the game.
alter table games add column white_repertoire integer not null default 1;
alter table games add column black_repertoire integer not null default 1;
-- A player's setting: whether their repertoire answers in their new games.
alter table users add column repertoire_default integer not null default 1;
