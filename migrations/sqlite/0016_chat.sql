-- Game chat, private notes and blocks (issue 18 item 3). See docs/chat.md. Numbered 0016:
-- 0014 and 0015 belong to the computer-opponent and bot work beside it.

-- chat_spectators: 1 when this player lets spectators read the chat of their games. A
-- game's chat is shown to people other than its two players only when both allow it;
-- 0 (the default): only the players read it.
alter table users add column chat_spectators integer not null default 0
    check (chat_spectators in (0, 1));

-- One line of a game's chat, written by one of its two players. seq: the line's number in
-- its game (1, 2, …), given by the insert (max + 1, retried on the rare collision), so
-- the lines keep their order and a page can ask for the lines after the last it shows.
-- ply: the game's ply when it was written (the record puts it after that move). body: up
-- to 500 characters, no control characters but line breaks and tabs (checked by the
-- server, which escapes it wherever it is shown). Deleted with its game.
create table chat_messages (
    game_id text not null references games (id) on delete cascade,
    seq integer not null,
    user_id text not null references users (id) on delete cascade,
    ply integer not null,
    body text not null,
    created_at integer not null,
    primary key (game_id, seq)
);

-- A player's private notepad for one game: only its owner ever reads it. body: up to
-- 10 000 characters; an empty notepad has no row.
create table game_notes (
    game_id text not null references games (id) on delete cascade,
    user_id text not null references users (id) on delete cascade,
    body text not null,
    updated_at integer not null,
    primary key (game_id, user_id)
);

-- blocker_id blocks blocked_id: no chat between the two in their games (either way), no
-- challenge from one to the other, and neither sees or accepts the other's open
-- challenges. Games already running go on.
create table blocks (
    blocker_id text not null references users (id) on delete cascade,
    blocked_id text not null references users (id) on delete cascade,
    created_at integer not null,
    primary key (blocker_id, blocked_id),
    check (blocker_id <> blocked_id)
);
-- "Who blocks me": the checks look both ways.
create index blocks_by_blocked on blocks (blocked_id);

-- Chat notices supersede too: at most one unread "new chat message" per player and game,
-- refreshed by the next line, instead of one notice per line.
drop index notifications_superseded;
create unique index notifications_superseded on notifications (user_id, kind, game_id)
    where read_at is null and kind in ('your_turn', 'clock_warning', 'chat_message');
