-- API tokens get a public id, a name and a last-used time, so that their owner can list
-- and revoke them. The id is random and unrelated to the token (only the token's hash is
-- stored, and the id is not derived from it), so showing it reveals nothing.
alter table api_tokens add column id text;
alter table api_tokens add column name text not null default 'API token';
-- unix seconds of the last request made with the token; updated at most once a minute.
alter table api_tokens add column last_used_at bigint;
-- tokens made before this migration get an id of their own.
update api_tokens set id = substr(md5(random()::text || token_hash), 1, 16) where id is null;
create unique index api_tokens_id on api_tokens (id);
