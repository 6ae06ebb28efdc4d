-- chat_lines: how many lines the game's chat holds, so the number of its next line.
-- A line takes its number by raising this counter (an update of the game's row, which
-- holds the row's lock until the line commits), so two lines written at once can never
-- take one number; max(seq) + 1 in the insert could, on Postgres. See docs/chat.md.
alter table games add column chat_lines integer not null default 0;
update games set chat_lines =
    (select coalesce(max(seq), 0) from chat_messages where chat_messages.game_id = games.id);
