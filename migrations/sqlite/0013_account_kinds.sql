-- Account kinds (issue 17). kind: 'human' (signs in with a password), 'computer' (one
-- account per engine level, played by the server's engine workers; it has no password
-- and cannot sign in) or 'bot' (a person's account upgraded for a program, which then
-- plays only through the bot API). Every existing account is a human's.
alter table users add column kind text not null default 'human';
