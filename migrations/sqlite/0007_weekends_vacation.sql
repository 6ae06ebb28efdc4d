-- Weekends off, vacation, serial timeouts, time warnings, extra time and pauses
-- (issue 13). Kept in step with the other database's folder.

-- a player's own time zone (an IANA name), for their weekends and the times they see.
alter table users add column time_zone text not null default 'UTC';
-- the player's vacation: at most one at a time, [vacation_from, vacation_until); null
-- when none. vacation_automatic is 1 when the server started it instead of a loss on
-- time. A vacation that has ended is cleared when it is next looked at or changed.
alter table users add column vacation_from integer;
alter table users add column vacation_until integer;
alter table users add column vacation_automatic integer not null default 0;
-- the allowance used in vacation_year (whole hours, charged when a vacation starts and
-- given back for hours not taken when it ends early); a new year starts at zero.
alter table users add column vacation_year integer not null default 0;
alter table users add column vacation_used_hours integer not null default 0;
-- 1: when the player would lose on time, a day of their allowance is used instead.
alter table users add column auto_vacation integer not null default 1;

-- a challenge and its game may stop the clocks on each player's weekend, and may refuse
-- vacation (a player's vacation then does not stop their clock in that game).
alter table challenges add column weekends_off integer not null default 0;
alter table challenges add column vacation_allowed integer not null default 1;
alter table games add column weekends_off integer not null default 0;
alter table games add column vacation_allowed integer not null default 1;

-- 1: a loss on time within 72 hours after another loss on time of the same player (a
-- serial timeout); such a game changes no rating.
alter table games add column serial_timeout integer not null default 0;

-- time warnings of the player to move: turn_time is the running time their turn started
-- with (seconds); warnings_sent the warnings already given this turn (1: 80% of the time
-- used, 2: a day left, 4: an hour left); next_warning_at no later than the next warning
-- is due (null: none left this turn). All three are reset by every move.
alter table games add column turn_time integer;
alter table games add column warnings_sent integer not null default 0;
alter table games add column next_warning_at integer;
create index games_next_warning on games (next_warning_at) where next_warning_at is not null;

-- extra time and pauses: how many days each player gave their opponent; a pause offered
-- by one player (white or black) until the opponent moves or answers; an agreed pause
-- [paused_from, paused_until) that stops both clocks; how many pauses were agreed.
alter table games add column white_time_gifts integer not null default 0;
alter table games add column black_time_gifts integer not null default 0;
alter table games add column pause_offer text;
alter table games add column paused_from integer;
alter table games add column paused_until integer;
alter table games add column pauses_agreed integer not null default 0;
