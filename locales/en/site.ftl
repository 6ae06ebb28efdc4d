### The frame of every page: header, navigation, sign-in, and the words for games, colours, pieces and time that many pages share.

site-name = Boardgames
site-footer = Correspondence board games: a move today, the next one days later. Free software (AGPL).
nav-skip = Skip to content
nav-label = Main
nav-lobby = Lobby
nav-my_games = My games
nav-rules = Rules
nav-logout = Log out
nav-login = Log in
nav-signup = Sign up
nav-language = Language
nav-settings = Settings
nav-leaderboards = Leaderboards
page-first = First page
page-next = Next page
home-title = Board games by correspondence
home-intro = Challenge a friend or anyone in the lobby and play at your own pace: each move may take days. Six games are on offer, each with its rules and its win statistics.
home-your_turn =
    { $n ->
        [one] Your turn in { $n } game
       *[other] Your turn in { $n } games
    }
home-games = The games
auth-signup_title = Sign up
auth-login_title = Log in
auth-username = Username
auth-username_help = 3 to 20 letters, digits, _ or -.
auth-password = Password
auth-password_help = At least 8 characters.
auth-signup_button = Create account
auth-login_button = Log in
auth-have_account = Already have an account? Log in
auth-no_account = No account yet? Sign up
engines-label = Engines
engines-not_allowed = no engines
engines-allowed = engines allowed
engines-hint = No engines: the players think for themselves, and the engine's evaluation on the analysis board opens only when the game ends. Engines allowed: both may consult engines, and a rated game counts in a separate rating for such games.
color-white = white
color-black = black
color-White = White
color-Black = Black
color-choice-white = White
color-choice-black = Black
color-choice-random = Random
label-empty = { $square }, empty
label-dead = { $square }, erased
label-disc = { $square }, { $color } disc
label-piece = { $square }, { $color } { $piece }
label-piece_choice = { $color } { $piece }
label-attacked = , attacked by white { $white }, by black { $black }
label-preview = , gives you { $mine } points, your opponent { $theirs }
legend-white = attacked by White
legend-black = attacked by Black
legend-both = attacked by both
legend-counts = The small numbers on a shaded square: how many white pieces attack it (top left) and how many black pieces (bottom right). Each attacked empty square scores a point for each attacker.
legend-previews = The numbers on each square you can choose: your points and your opponent's after placing the piece there.
label-check = , in check
piece-king = king
piece-queen = queen
piece-rook = rook
piece-bishop = bishop
piece-knight = knight
piece-pawn = pawn
time-days_hours = { $d } d { $h } h
time-hours_minutes = { $h } h { $m } min
variant-chess = Chess
variant-chess960 = Chess960
variant-reversi-6x6 = Reversi 6x6
variant-reversi-8x8 = Reversi 8x8
variant-reversi-10x10 = Reversi 10x10
variant-chess-reversi = Chess Reversi
variant-knight-fight = Knight Fight
time-per_move = { $d } d per move
time-per_move_hours = { $d } d { $h } h per move
time-bank = Time bank: { $initial } d + { $increment } d per move, at most { $cap } d
time-untimed = Untimed
time-weekends_off = weekends off
time-no_vacation = no vacation
time-weekend = Weekend
time-vacation_until = On vacation until { $when }
time-no_nights = no nights off
time-night_until = Night until { $when }
card-time_losses = Lost on time: { $n } of { $games } games in 90 days ({ $percent }%)
card-no_recent = No games ended in 90 days
card-pace = { $time } a move
card-pace_unknown = time per move not known yet
card-active =
    { $n ->
        [one] { $n } game going
       *[other] { $n } games going
    }
card-finished =
    { $n ->
        [one] { $n } game finished
       *[other] { $n } games finished
    }
card-vacation = { $n } h of vacation left
card-expected = Expected length: { $low }–{ $high } days
card-asks_time_losses = at most { $percent }% lost on time
card-asks_finished =
    { $n ->
        [one] at least { $n } finished game
       *[other] at least { $n } finished games
    }
card-title = Reliability
card-days_range = { $low }–{ $high } days
limit-max_game_days = Longest a game may last (days; empty: no limit)
limit-max_game_days_hint = A game still going then takes no more moves and is decided by the rule below.
limit-deadline_rule = At the game's deadline
limit-rule-adjudicate = The engines judge the position
limit-rule-draw = The game is drawn
limit-rule-both_lose = Both players lose
limit-game_limit = Game limit
limit-text = { $days } days; then { $rule }
unit-pawns = pawns
unit-discs = discs
unit-points = points
time-paused_until = Paused until { $when }
auth-forgot = Forgot your password?
account-admin_title = Administration
account-admin_link = Reports, mutes, bans and the log
account-password_title = Password
account-password_saved = Your password is changed. Your other sessions are signed out.
account-current_password = Current password
account-new_password = New password
account-password_help = 8 to 256 characters, not one of the most common passwords. Your other sessions will be signed out.
account-change_password = Change the password
account-data_title = Your data
account-data_help = Download everything the site keeps about you as one JSON file: your profile, settings, ratings, every game with its record, your chat lines and notes.
account-export = Download my data
account-delete_title = Delete the account
account-delete_help = This cannot be undone. Your games in progress end as your resignation, your open challenges are cancelled, and your e-mail address, notes, tokens and settings are deleted. Your finished games stay, under an anonymous name.
account-password = Password
account-delete_confirm = Type your username ({ $name }) to confirm
account-delete = Delete my account
nav-tournaments = Tournaments
nav-menu = Menu
nav-admin = Admin
nav-open_reports =
    { $n ->
        [one] { $n } open report
       *[other] { $n } open reports
    }
time-ago-now = just now
time-ago-minutes = { $n } min ago
time-ago-hours = { $n } h ago
time-ago-days = { $n } d ago
time-shown_in = Times are shown in { $zone }.
time-change_zone = Change
home-start-title = Your first game
home-start-computer = Play the computer
home-start-computer_hint = eight levels, it answers in seconds
home-start-lobby = Accept or make a challenge in the lobby
home-start-rules = Read how each game is played
auth-why_sign_in = Sign in to challenge players and play. New here? Signing up takes a name and a password.
