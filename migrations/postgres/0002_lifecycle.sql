-- The game lifecycle: where a game comes from, and the draw-offer limits.

-- source: challenge, tournament, rematch or computer (what created the game); source_id
-- names the thing it came from (the challenge's id, later a pairing's). Every game so far
-- came from a challenge, and the challenge row knows which.
alter table games add column source text not null default 'challenge';
alter table games add column source_id text;
update games set source_id = (select c.id from challenges c where c.game_id = games.id);

-- draw offers: each player may offer at most once per ply and a few times per game. The
-- counts are the offers made so far; *_offer_ply is the ply of the player's last offer.
alter table games add column white_draw_offers bigint not null default 0;
alter table games add column black_draw_offers bigint not null default 0;
alter table games add column white_offer_ply bigint;
alter table games add column black_offer_ply bigint;
