-- The start an organiser chose for every game of a tournament (a thematic tournament):
-- the stored setup text the games will have, as challenges.setup holds it; null when
-- each game starts as usual. See docs/thematic-starts.md.
alter table tournaments add column setup text;
