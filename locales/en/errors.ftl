### Error pages and refusals.

error-back_home = Back to the home page
error-status-400 = Bad request
error-status-401 = Not signed in
error-status-403 = Not allowed
error-status-404 = Not found
error-status-405 = Not allowed here
error-status-409 = Conflict
error-status-413 = Too large
error-status-422 = Not accepted
error-status-429 = Too many attempts
error-status-500 = Something went wrong
error-status-503 = Unavailable
error-not_found = There is nothing here: the page, game or player does not exist.
error-stale_ply = This game changed in another tab or by your opponent: here is the board as it stands now. Nothing was played.
error-game_over = The game is over.
error-not_your_turn = It is not your turn.
error-not_a_player = You do not play in this game.
error-bot_plays_through_api = This is a bot account: it plays through the bot API (/api/bot/…), not through the site's forms.
error-illegal_move = That move is not legal here.
error-malformed_move = That is not a move.
error-invalid_username = A username has 3 to 20 letters, digits, _ or -.
error-username_taken = That username is taken.
error-invalid_password = A password has at least 8 characters.
error-invalid_credentials = Wrong username or password.
error-database_unavailable = The database is not answering just now. Nothing was lost: try again in a few seconds.
error-request_timeout = The server took too long to answer. Nothing was lost: try again in a few seconds.
error-rate_limited =
    { $secs ->
        [one] Too many attempts: try again in { $secs } second.
       *[other] Too many attempts: try again in { $secs } seconds.
    }
error-busy =
    { $secs ->
        [one] The server is busy: try again in { $secs } second.
       *[other] The server is busy: try again in { $secs } seconds.
    }
error-blank_password = A password cannot be only spaces.
error-password_control_character = A password cannot contain control characters.
error-common_password = That password is one of the most common ones: choose another.
error-too_many_tokens = You hold the most API tokens allowed: revoke one first.
error-invalid_token_name = A token name has at most 60 characters.
error-cross_site_request = Forms sent from another site are refused.
error-challenge_taken = That challenge is no longer open.
error-challenge_closed = That challenge is no longer open.
error-unknown_opponent = There is no player of that name.
error-own_challenge = You cannot accept your own challenge.
error-not_addressed_to_you = That challenge is addressed to someone else.
error-not_your_challenge = Only its creator may cancel a challenge.
error-unknown_variant = Choose one of the games.
error-invalid_color = Choose white, black or random.
error-invalid_days_per_move = Choose one of the offered days per move.
error-challenge_to_yourself = You cannot challenge yourself.
error-too_many_challenges = You have 50 open challenges, the most a player may have: cancel one, or wait for one to be accepted.
error-invalid_rating_range = A rating range runs from a lower to a higher rating, each a whole number from 0 to 4000.
error-rating_range_needs_open_challenge = Only a challenge open to anyone may have a rating range.
error-rating_out_of_range = Your rating in this game is outside the challenge's rating range.
error-too_late_to_abort = A game can be aborted only before both sides have moved.
error-draw_already_offered = You already offer a draw.
error-no_draw_offer = Your opponent offers no draw.
error-no_draw_claim = There is no draw to claim.
error-time_out = The time for this move ran out: the game is lost on time. Nothing was played.
error-draw_offer_this_move = You offered a draw at this move already: wait for the next move.
error-too_many_draw_offers = You have offered a draw three times in this game: no more offers.
error-invalid_form = The form was incomplete.
error-invalid_after_move = Choose where to go after a move: stay on the game or go to the next one.
error-invalid_confirm_moves = Choose whether moves are confirmed: on or off.
error-method_not_allowed = That cannot be done here.
error-payload_too_large = The form is too large.
error-bad_request = The request could not be read.
error-internal = Something went wrong on our side. Try again later.
error-unavailable = The site is unavailable for a moment. Try again later.
error-invalid_start_position = That start does not suit the game: in chess give a FEN with White to move, in Chess960 a number from 0 to 959, in Reversi an opening's name from its rules page; the other games take none.
error-invalid_record = That record cannot be carried over: { $detail }.
error-conflicting_start = The record names a start other than the start position you gave: leave that field empty.
error-import_needs_opponent = A game carried over from elsewhere goes to its opponent: give their name.
error-import_needs_color = A game carried over from elsewhere names the colour you played there: choose White or Black.
error-import_is_casual = A game carried over from elsewhere is casual, as its first moves were not played here: choose casual.
error-invalid_time_control = Check the time control: up to 23 extra hours per move; a time bank starts with 1 to 30 days, gains 0 to 14 days per move and holds at most 60 days, and never less than it starts with.
error-conflicting_time_control = Give either a time control or days per move, not both.
error-invalid_requirement = A limit on who may accept is a whole number: 0 to 100 percent of games lost on time, 0 to 1000 finished games.
error-requirements_need_open_challenge = Only a challenge open to anyone may ask for a record.
error-reliability_required = Your record of the last 90 days does not meet what this asks: see its limits.
error-invalid_night = That is not a night: give two times of day, 1 to 10 hours apart.
error-unknown_time_zone = That is not a time zone: use a name such as Europe/Tallinn.
error-already_on_vacation = You are on vacation already.
error-not_on_vacation = You are not on vacation.
error-invalid_vacation_length = A vacation lasts at least an hour.
error-vacation_allowance_exceeded = That is more vacation than you have left this year.
error-untimed_game = This game has no clock.
error-already_paused = The clocks are paused already.
error-give_time_on_their_turn = You can give time while your opponent is to move.
error-too_many_time_gifts = You have given three days in this game: no more.
error-too_many_pauses = Two pauses have been agreed in this game: no more.
error-pause_already_offered = You already ask for a pause.
error-no_pause_offer = Your opponent asks for no pause.
error-chat_rate_limited =
    { $secs ->
        [one] You are writing too fast: wait { $secs } second.
       *[other] You are writing too fast: wait { $secs } seconds.
    }
error-empty_message = Write something first: the message is empty.
error-message_too_long = A message has at most 500 characters and 20 line breaks.
error-control_character = The text holds a control character: only line breaks and tabs are allowed.
error-note_too_long = Notes have at most 10000 characters.
error-chat_full = This game's chat is full.
error-chat_private = The players keep this chat to themselves.
error-blocked = This player does not accept messages or challenges from you.
error-you_block = You block this player: unblock them first.
error-block_yourself = You cannot block yourself.
error-too_many_blocks = You block as many players as you may: unblock one first.
error-invalid_push_endpoint = That push address cannot be used: it must be an https address of a push service.
error-invalid_push_keys = The browser sent push keys that cannot be used.
error-too_many_devices = At most 10 devices can be notified: remove one first.
error-invalid_email = That is not an e-mail address.
error-email_disabled = This server does not send e-mail.
error-invalid_link = This link is unknown, already used or expired.
error-invalid_digest_hour = Choose an hour from 00 to 23 for the digest.
error-email_not_offered = That kind of notice is not mailed one by one.
error-invalid_reset_request = Give your username or your e-mail address.
error-computer_busy =
    { $secs ->
        [one] The computer has too many games waiting for its reply: start a new game against it in { $secs } second. Games under way go on.
       *[other] The computer has too many games waiting for its reply: start a new game against it in { $secs } seconds. Games under way go on.
    }
error-computer_replies_waiting =
    { $secs ->
        [one] As many of your games wait for the computer's reply as a player may have when starting another: start it once the computer has answered, in about { $secs } second. Other players are not held up by yours.
       *[other] As many of your games wait for the computer's reply as a player may have when starting another: start it once the computer has answered, in about { $secs } seconds. Other players are not held up by yours.
    }
error-too_many_computer_games = You have as many games against the computer under way as a player may: finish or resign one first.
error-computer_opponent = That player is the computer: play it with “Play the computer” at the top of the lobby.
error-invalid_level = The computer's level is 1 to 8.
error-reserved_username = Names such as Computer-1 or deleted-… are kept by the server: choose another.
error-computer_game = The computer takes no draw offer or pause, and needs no time given: play on, resign or abort.
error-banned = An administrator has banned this account: it cannot sign in.
error-muted = An administrator has muted you: you cannot write in the chat.
error-not_admin = Only administrators may do this.
error-wrong_password = That is not your current password.
error-already_reported = You have reported this already: an administrator will read it.
error-report_yourself = You cannot report yourself.
error-invalid_report = Report either a player or a chat line.
error-reason_too_long = A reason has at most 500 characters.
error-confirmation_mismatch = Type your username to confirm that the account is to be deleted.
error-target_is_admin = An administrator is not muted or banned: their role must be removed first.
error-no_change = Nothing to change: the account is already so.
error-own_account = Administrators do not mute or ban their own account.
error-report_closed = That report is closed already.
error-rating_outside_limits = Your rating in this game is outside the tournament's limits.
error-already_joined = You are already in this tournament.
error-tournament_full = The tournament is full.
error-tournament_started = The tournament is no longer open for entry.
error-tournament_over = The tournament is over.
error-tournament_changed = The tournament changed meanwhile: try again.
error-not_joined = That player is not playing in this tournament.
error-not_organiser = Only the tournament's organiser may do this.
error-not_enough_players = The tournament does not have enough players to start.
error-tournament_game = A tournament game cannot be aborted: resign it instead.
error-invalid_name = A tournament's name has 3 to 80 characters on one line.
error-unknown_format = Choose round-robin sections, Swiss or knock-out.
error-invalid_players = A tournament takes at least 2 and at most 2,000 players, the fewest no more than the most.
error-invalid_section_size = A section has 3 to 12 players.
error-invalid_advance = From 1 to half the section size may go on from each section.
error-invalid_rounds = A Swiss has 1 to 30 rounds.
error-invalid_games_per_match = A knock-out match has 2, 4, 6, 8 or 10 games.
error-invalid_start = A start time is in the future, at most a year ahead.
error-computer_account = The computer plays only from "Play the computer".
error-invalid_seasons = A league has 1 to 50 seasons.
error-repertoire_moves_only = A repertoire holds moves only: no “any move” and no actions.
error-no_repertoire = Every game of this kind starts from a position of its own, so a repertoire cannot follow it.
error-repertoire_needs_start = A Chess960 line follows one start: give its number.
error-game_not_over = A game's moves join your repertoire once it has ended.
error-game_allowance = Not now: you play as many games as you may take on for now. The number grows with each game you finish; a new game can begin when one ends.
error-timeout_cooldown = Not now: after a game lost on time, tournament entries wait for a while (the rules pages say how long).
