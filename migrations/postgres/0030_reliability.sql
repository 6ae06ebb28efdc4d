-- Reliability cards and expected game length (issue 39 items 3 and 4). See
-- docs/time.md. Kept in step with the other database's folder.

-- each player's thinking in a finished game, written when it ends: how many of their
-- moves took time (moves played at once, such as conditional replies, forced passes and
-- the moves of a game carried over from elsewhere, are left out) and the seconds those
-- took, from the move before (or the game's start) to theirs. Null for games that
-- ended before this was kept.
alter table games add column white_moves integer;
alter table games add column white_move_seconds bigint;
alter table games add column black_moves integer;
alter table games add column black_move_seconds bigint;

-- what an open challenge or a tournament asks of who takes it: at most this share of
-- their games of the last 90 days lost on time (percent), at least this many finished
-- games; null asks nothing.
alter table challenges add column max_time_loss_percent integer;
alter table challenges add column min_finished_games integer;
alter table tournaments add column max_time_loss_percent integer;
alter table tournaments add column min_finished_games integer;
