-- The position cache: a game's position after its last move, in the rules crate's saved
-- form, and the ply it was saved at; each move's display text (SAN in chess). Both are
-- written in the transaction that stores the moves, so a read shows a game without
-- replaying its record. The moves stay the truth: a read uses the cache only while
-- position_ply equals ply and every move has its display text, and replays otherwise
-- (games from before this migration, until the server's start-up refresh has saved
-- theirs).
alter table games add column position text;
alter table games add column position_ply integer;
alter table moves add column display text;
