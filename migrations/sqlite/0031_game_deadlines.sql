-- Game deadlines and adjudication (issue 39 item 1). See docs/time.md. Kept in step
-- with the other database's folder.

-- the longest a game of a challenge or a tournament may last (days from its start), and
-- how a game still going then is decided: 'adjudicate' (the engines judge the position)
-- or 'draw'. Null days: no limit.
alter table challenges add column max_game_days integer;
alter table challenges add column deadline_rule text not null default 'adjudicate';
alter table tournaments add column max_game_days integer;
alter table tournaments add column deadline_rule text not null default 'adjudicate';

-- a game's own deadline (unix seconds; null: none) and its rule. Once it has passed no
-- move is taken, and the adjudication job decides the game; a player's clock running
-- out after it no longer loses the game on time.
alter table games add column hard_deadline integer;
alter table games add column deadline_rule text not null default 'adjudicate';
-- the adjudication job's hold on a game it is deciding (unix seconds): another instance
-- takes the game only once this has passed (the holder died).
alter table games add column adjudication_held_until integer;
-- how an adjudicated game was decided, shown on its page: the search's score in the
-- family's units for `adjudication_mover` (null: no search ran), the line it rests on
-- (moves separated by spaces), the depth reached, 1 when the search saw the game's end,
-- and which engine judged ('built_in' or 'stockfish'; null: the draw rule).
alter table games add column adjudication_score integer;
alter table games add column adjudication_mover text;
alter table games add column adjudication_line text;
alter table games add column adjudication_depth integer;
alter table games add column adjudication_certain integer;
alter table games add column adjudication_engine text;

create index games_hard_deadline on games (status, hard_deadline);
