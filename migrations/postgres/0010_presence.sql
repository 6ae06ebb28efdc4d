-- Who watches which game on which instance (issue 14's "no noise"): a row per signed-in
-- player holding a game's event stream open on an instance, so that e-mail and push skip
-- a notice the player is looking at. Kept by each instance (events/presence.rs), renewed
-- every 20 s; expires_at (unix seconds, wall clock) lets the rows of a dead instance run
-- out. Not copied by copy-data.
create table presence (
    user_id text not null,
    game_id text not null,
    instance_id text not null,
    expires_at bigint not null,
    primary key (user_id, game_id, instance_id)
);
create index presence_by_instance on presence (instance_id);
