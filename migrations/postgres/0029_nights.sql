-- Nights off (issue 39 item 2). See docs/time.md. Kept in step with the other
-- database's folder.

-- a player's nightly pause, minutes after midnight in their own time zone: from
-- night_from to night_until, past midnight when night_until is the smaller; both null
-- when they have none. The window lasts 1 to 10 hours on the local clock.
alter table users add column night_from integer;
alter table users add column night_until integer;

-- a challenge, its game and a tournament may refuse nights off (a player's night then
-- does not stop their clock in that game), as they may refuse vacation.
alter table challenges add column nights_allowed integer not null default 1;
alter table games add column nights_allowed integer not null default 1;
alter table tournaments add column nights_allowed integer not null default 1;
