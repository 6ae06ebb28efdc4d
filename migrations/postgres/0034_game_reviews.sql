-- Post-game reviews by the engine (issue 41 item 3). See docs/analysis.md. Kept in step
-- with the other database's folder.

-- one review per finished game: queued when someone asks, claimed by one instance at a
-- time (claimed_by, claimed_until: a claim whose instance died runs out and the review
-- is taken again), then done with its moves (JSON: each move's mover, the move, the
-- engine's best, the position after it for White, the loss and the mark) or failed.
create table game_reviews (
    game_id text primary key references games (id),
    requested_by text not null references users (id),
    requested_at bigint not null,
    status text not null default 'queued' check (status in ('queued', 'done', 'failed')),
    claimed_by text,
    claimed_until bigint,
    attempts bigint not null default 0,
    finished_at bigint,
    white_start_centi bigint,
    moves text
);
create index game_reviews_queue on game_reviews (status, requested_at);
create index game_reviews_requester on game_reviews (requested_by, status);
