-- Playing the computer (issue 17): the computer's pending replies. The computer accounts
-- themselves (users.kind = 'computer', ids computer-1 to computer-8) are inserted at
-- start-up if absent, not here, so that `copy-data` finds a fresh target empty.
--
-- One row per reply the computer owes: written in the transaction of the move (or of the
-- new game) that makes it the computer's turn, deleted in the transaction that plays the
-- reply (or, stale, when the game moved on or ended). ply: the game's ply the reply
-- answers (the ply guard of its move). level: 1 to 8. seed: the search's seed, kept so a
-- retry plays the same move. claimed_by / claimed_until: the engine job's lease (the
-- instance computing it, and until when; another instance takes a row whose lease ran
-- out). attempts: claims so far (after a few, a crash loop is assumed and the reply is
-- the first legal move). Not copied by `copy-data`: start-up queues the reply of every
-- active game whose computer is to move and has none.
create table engine_queue (
    game_id text not null references games (id) on delete cascade,
    ply bigint not null,
    level bigint not null check (level between 1 and 8),
    seed bigint not null,
    created_at bigint not null,
    claimed_by text,
    claimed_until bigint,
    attempts bigint not null default 0,
    primary key (game_id, ply)
);
create index engine_queue_due on engine_queue (claimed_until, created_at);
