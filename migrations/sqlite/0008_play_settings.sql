-- Playing settings per player (issue 13), changed on the settings page and through
-- `/api/v1/me/settings`. Numbered 0008: 0007 belongs to the time-control work beside it.

-- after_move: where the browser goes after a move: 'stay' (back to the game) or
-- 'next_game' (on to the next game where it is the player's turn, when there is one).
alter table users add column after_move text not null default 'stay'
    check (after_move in ('stay', 'next_game'));
-- confirm_moves: 1 when a move chosen on the board waits for a Confirm button before the
-- script sends it, 0 when it is sent at once. On by default, as correspondence play is
-- (a slip cannot be taken back days later). The form without script always sends a move
-- by its own button, so this only changes the script's board.
alter table users add column confirm_moves integer not null default 1
    check (confirm_moves in (0, 1));
