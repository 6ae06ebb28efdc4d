-- A game carried over from elsewhere: the moves already played, as canonical move texts
-- separated by spaces, checked when the challenge was made and played through when it
-- is accepted (from the challenge's setup); null for a challenge that starts a new game.
-- See docs/thematic-starts.md.
alter table challenges add column moves text;
