-- The outbox's channels send on their own (issue 37): each claims only its own rows, so
-- the due index leads with the channel. And a push device that stops answering is
-- paused instead of holding up every push to it. See docs/notifications.md.

-- The claims of one channel: its due rows, oldest attempt first.
create index outbox_due_by_channel on outbox (channel, next_attempt_at)
    where sent_at is null and failed_at is null;
drop index outbox_due;

-- failures: the sends to the device that failed (a timeout, a refused connection, an
-- error answer) since the last one it took; a success sets it back to 0. paused_at: when
-- the failures reached the budget and the device stopped being sent to (null: it is
-- sent to). Subscribing the browser again, or Resume on the settings page, clears both.
alter table push_subscriptions add column failures bigint not null default 0;
alter table push_subscriptions add column paused_at bigint;
