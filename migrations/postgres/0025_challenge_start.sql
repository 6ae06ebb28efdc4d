-- The start a challenger chose for the game (a thematic start): the stored setup text
-- the game will have (Chess960's {"start": N}, a chess FEN {"fen": "…"}, a Reversi
-- opening {"opening": "8x8-07"}); null when the game starts as usual (drawn at random
-- where the variant draws its start). See docs/thematic-starts.md.
alter table challenges add column setup text;
