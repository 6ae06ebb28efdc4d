-- Conditional moves (issue 18 item 1). See docs/conditional-moves.md. Numbered 0017 after
-- the chat's 0016.

-- One conditional line of one player in one game. seq: its number in the game (1, 2, …,
-- max + 1 at the insert, which runs after the write that claims the game's row, so two
-- inserts in one game never race for it): the lines keep the order they were entered in
-- (entered in the same second, their times do not tell). The moves the player expects from
-- here on, both sides' ("if they play X, I answer Y, then if Z, W …"), as canonical
-- texts separated by single spaces (`moves`), with the texts people read (`display`,
-- SAN for chess) in the same order. Forced passes are written out (`pass`), as the
-- record has them. ply: the game's ply the line starts at, the index of its first move
-- in the record. A line is checked by the rules when entered; after every ply the lines
-- of the game are advanced (a line whose next move was played loses it and moves to the
-- next ply; a line that no longer matches, or is used up, is deleted), so every line of
-- an active game starts at the game's ply. When a line's next move is its owner's and
-- the move before it was played as the line expected, the server plays it at once, in
-- the same transaction. Lines still pending when the game ends are kept: the record
-- shows them. Deleted with the game.
create table conditional_lines (
    id text primary key,
    game_id text not null references games (id) on delete cascade,
    user_id text not null references users (id) on delete cascade,
    seq bigint not null,
    ply bigint not null check (ply >= 0),
    moves text not null,
    display text not null,
    created_at bigint not null
);
-- The pipeline reads a game's lines after every move, in order; a player lists theirs.
create unique index conditional_lines_by_game on conditional_lines (game_id, seq);
create index conditional_lines_by_player on conditional_lines (game_id, user_id);
