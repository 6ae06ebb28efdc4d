-- The mails an account is sent on request (password-reset links and address checks),
-- counted per hour so nobody can flood its mailbox: mail_window_start is when the
-- current hour began (unix seconds; 0: never), mail_window_sent how many were sent in
-- it. See docs/email.md.
alter table users add column mail_window_start integer not null default 0;
alter table users add column mail_window_sent integer not null default 0;
