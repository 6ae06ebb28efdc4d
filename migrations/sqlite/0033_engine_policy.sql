-- Engine policy (issue 41 item 1). See docs/analysis.md. Kept in step with the other
-- database's folder.

-- whether a challenge's or a tournament's games allow the players engines (1) or not
-- (0, the default), and the game's own copy. Rated games that allow them are rated in a
-- pool of their own per variant: `player_ratings.variant` is then `{variant}+engines`.
alter table challenges add column engines_allowed integer not null default 0;
alter table tournaments add column engines_allowed integer not null default 0;
alter table games add column engines_allowed integer not null default 0;
