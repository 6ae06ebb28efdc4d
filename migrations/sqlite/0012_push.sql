-- Web Push (issue 14): the devices a player asked to be notified on, and the server's
-- VAPID key pair. See docs/notifications.md.

-- One browser (one service worker registration) of one player. endpoint: the push
-- service's URL for it, unique (a browser that another account subscribes moves to that
-- account). p256dh and auth: the browser's public key and authentication secret,
-- base64url without padding as the browser gives them. label: "Firefox on Linux", from
-- the User-Agent when it subscribed. lang: the page's language then ('en', 'et'), the
-- language of its messages. last_success_at: the last message the push service took.
create table push_subscriptions (
    id text primary key,
    user_id text not null references users (id) on delete cascade,
    endpoint text not null unique,
    p256dh text not null,
    auth text not null,
    label text not null default '',
    lang text not null default 'en',
    created_at integer not null,
    last_success_at integer
);
create index push_subscriptions_by_user on push_subscriptions (user_id, created_at);

-- Which subscriptions a push outbox row has reached: a retry after some devices failed
-- sends only to the others. Deleted with the row or the subscription.
create table push_deliveries (
    outbox_id text not null references outbox (id) on delete cascade,
    subscription_id text not null references push_subscriptions (id) on delete cascade,
    delivered_at integer not null,
    primary key (outbox_id, subscription_id)
);

-- The VAPID key pair generated on first start when VAPID_PRIVATE_KEY is not configured:
-- one row (id 1), inserted if absent, so instances starting at once keep the same pair.
-- private_key: the P-256 scalar, public_key: the uncompressed point, both base64url.
create table vapid_keys (
    id integer primary key check (id = 1),
    private_key text not null,
    public_key text not null,
    created_at integer not null
);
