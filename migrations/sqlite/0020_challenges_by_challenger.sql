-- A player's open challenges, counted at each creation against the limit of open
-- challenges a player may have.
create index challenges_by_challenger on challenges (challenger_id, status);
