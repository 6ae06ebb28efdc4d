-- Time controls (issue 13): per move (days plus hours), a time bank, or untimed.

-- time_control: the control's text form: `per_move:<days>:<hours>`,
-- `bank:<initial days>:<increment days>:<cap days>` or `untimed`. days_per_move stays
-- beside it for older readers: the per-move days, a bank's initial days, 0 untimed.
alter table challenges add column time_control text not null default 'per_move:3:0';
update challenges set time_control = 'per_move:' || days_per_move || ':0';
alter table games add column time_control text not null default 'per_move:3:0';
update games set time_control = 'per_move:' || days_per_move || ':0';
-- a time bank's seconds per player: what the player's next turn starts with (for the
-- player to move, what their turn started with: their time left is deadline - now).
-- null unless the game has a time bank.
alter table games add column white_bank integer;
alter table games add column black_bank integer;

-- the timeout sweeper's heartbeat, one row per task: when it last ran and the run before
-- (unix seconds). Each round's first write moves last_run to now and previous_run to the
-- old last_run in one guarded update, so of several instances each sees its own gap; a
-- gap above the threshold moves every active deadline on by the gap, in the same
-- transaction, before anything is ended on time.
create table sweeper_runs (
    task text primary key,
    last_run integer not null,
    previous_run integer
);
