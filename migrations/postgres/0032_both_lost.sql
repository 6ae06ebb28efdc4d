-- The "both lose" deadline rule (issue 39 item 1). See docs/time.md. Kept in step with
-- the other database's folder.

-- a game's deadline rule may now also be 'both_lose': the game ends 0-0, neither side
-- scores, and each is rated as having lost. The rules pages count such games apart.
alter table variant_stats add column both_lost bigint not null default 0;

-- a tournament game's outcome may be 'both_lost' too (no points for either).
alter table tournament_games drop constraint tournament_games_outcome_check;
alter table tournament_games add constraint tournament_games_outcome_check
    check (outcome in ('white', 'black', 'draw', 'both_lost'));
