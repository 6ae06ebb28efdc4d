### The rules pages of the games.

rules-statistics = Statistics of won games: white { $white } ({ $white_pct } %), black { $black } ({ $black_pct } %), draws { $draws } ({ $draws_pct } %)
rules-statistics_both_lost = both lost at the deadline { $both_lost } ({ $both_lost_pct } %)
rules-play = Play this game
rules-recent = Recently finished games
rules-ended = Ended
rules-common = Two players, White and Black; White always moves first. Besides the board, a game ends when a player resigns, when both agree to a draw (an offer lapses when the opponent moves or declines), or when the player to move lets the time per move run out and so loses. Before both players have moved, either may abort the game: it then has no result and counts nowhere.
rules-chess960 =
    Chess960, also called Fischer Random, is chess with the pieces behind the pawns shuffled. Each game starts from one of 960 positions, drawn at random when the game is made: White's pieces stand on the first rank in some order, with the bishops on squares of both colours and the king between the two rooks, and Black's mirror them. Everything else follows the rules of chess below.

    Castling ends on the usual squares, wherever the king and rook started: castling towards the h-file puts the king on g1 and the rook on f1 (g8 and f8 for Black), castling towards the a-file puts the king on c1 and the rook on d1 (c8 and d8). It is allowed when neither the king nor that rook has moved, when every square the two cross or land on is empty but for the two of them, when the king is not in check and when no square the king crosses or lands on is attacked. To castle, move the king onto its own rook. The move is written O-O or O-O-O, and in the API as the king's square and then the rook's (b1a1).
rules-chess =
    Chess is played by the FIDE Laws: the usual start, every piece move, castling, en passant and promotion to queen, rook, bishop or knight. Checkmate wins; stalemate is a draw.

    Some draws happen by themselves: when neither side can ever mate (only the kings remain, or a king with a single knight, or bishops all on squares of one colour), when the same position stands for the fifth time, or after 75 moves by each side without a capture or a pawn move.

    Other draws must be claimed by the player to move: when the position has stood three times, or after 50 moves by each side without a capture or a pawn move.

    Moves are shown in standard algebraic notation (Nf3, O-O, e8=Q), and finished games can be downloaded as PGN.
rules-reversi =
    Reversi is played here on a { $size }x{ $size } board that starts empty.

    The first four moves (White, Black, White, Black) each put a disc of the mover's colour on one of the four empty centre squares, turning nothing over.

    After that you place a disc on an empty square so that, in at least one of the eight directions, an unbroken line of your opponent's discs runs from it to one of your own discs. Every such line, in every direction, turns over to your colour.

    If you have no such move while your opponent has one, you must pass; the server plays the pass for you and it counts as a move. When neither player can move, or the board is full, the game ends: whoever has more discs wins, equal counts draw.
rules-chess-reversi =
    Chess Reversi is a placement game on a chessboard. Each side has eight pieces, king, queen, two rooks, two bishops and two knights, and places one per move. Placed pieces never move; the game lasts exactly sixteen moves.

    White's first move places the king anywhere. Every other piece must go next to at least one of the opponent's pieces. Black's king is placed last, as Black's eighth move. Your second bishop must stand on the other square colour than your first.

    When your opponent has just placed their queen and yours is still off the board, you must place your queen. Black must place the queen by Black's seventh move at the latest. White's eighth piece must leave at least one empty square next to it, and Black's king must go next to White's eighth piece. A side that cannot place any piece loses.

    Scoring: each piece attacks squares as in chess (sliding pieces stop at the first piece of either colour). You score a point for every empty square each of your pieces attacks: a square attacked by two of your pieces gives two points, and a square attacked by both sides scores for both. After the sixteenth move the higher score wins; equal scores draw. The game page can shade the squares each side attacks.
rules-knight-fight =
    Knight Fight is played on a 10x10 board. When the game is created every square gets a different number from 00 to 99 at random.

    Each side has one knight, off the board at first. White places it on a numbered square of the first rank, Black on a numbered square of the tenth rank; after that every move is a knight's jump.

    A knight may land only on a square that still holds a number and that the other knight does not attack. Landing scores that number and removes it; the square a knight leaves stays empty for the rest of the game.

    Mirror rule: if the number you land on has two different digits, such as 57 (or 05), the square holding the mirrored number (75, or 50) loses its number, and nobody scores it.

    Double rule: if you land on a double (00, 11, … 99) and another square still holds a double, you must also choose one such square to lose its number.

    The game ends when the player to move has no legal move. The higher score wins; equal scores draw.
rules-statistics_usual = Only games from the usual start count here: not those from a chosen position, nor games carried over from elsewhere.
rules-statistics_here = Only games played here from their start count here, not games carried over from elsewhere.
rules-openings_title = Openings
rules-openings = A challenge may start from one of these openings instead of the empty centre: each is a few moves after which our engine finds the position close to even. Write its name in the challenge's start position field.
rules-conditional_title = Conditional moves
rules-conditional =
    In a game that goes on, a player may enter lines ahead under the board: "if my opponent plays this, I answer that, and if they then play this, I answer that". When the opponent plays a line's move, the answer is played at once, as the player's own move; it uses none of their time. Only the player sees their lines until the game ends; the lines still pending then become part of the game's record. A player keeps at most { $lines } lines in a game, each of at most 40 moves.

    A line is checked by the rules when it is entered. Two lines of a player may part only at a move of the opponent, so one position never has two answers.

    Any move: a line may say * for a move of the opponent, meaning whatever they play (in Reversi also a pass). The moves after it can only be checked when they come: if the answer is not legal then, nothing is played, the line is deleted, and the player's "your turn" notice says so. Where one line names the opponent's move and another says * there, the line naming the move answers.

    A line may end with an action in place of the player's last move: offer a draw, accept the opponent's draw offer, claim a draw (where the rules allow one: in chess threefold repetition or the fifty-move rule), or resign. The action follows the same rules as its button on the game page; if they refuse it then (for example, no draw was offered), the line is deleted and the notice says why. The computer takes no draw offer, so a line against it cannot offer or accept one.

    Repertoire: lines a player keeps once for all their games of a variant, from the start, on their repertoire page (typed like a line here, pasted as a record, added from a finished game or from the analysis board). In every game where their repertoire answers (on unless their settings say otherwise; each game has a switch), while the game's moves follow one of its lines, the reply is played at once, like a conditional line's; a conditional line of the game answers first. When both players' repertoires answer, they play out the line they share at once, at most { $cap } moves for one move of a player. Which moves came from a repertoire stays private until the game ends; then its record says so.
rules-engines_title = Engines, evaluation and review
rules-engines =
    Every challenge and tournament says whether its players may use engines. No engines, the default: the players think for themselves. Engines allowed: both may consult engines and databases, and a rated game counts in a separate rating for such games, with its own leaderboard.

    Evaluation: on the analysis board, "Evaluate this position" asks the server's engine who stands better and by how much (in pawns, discs or points), or the end it sees, with the best line a few moves deep. It is always open for a game that has ended; while a game is played, only if it allows engines. Each player may ask six times a minute.

    Computer review: once a game has ended, anyone signed in may ask for its review. The engine weighs every move against its best move there and marks those that cost most: in chess an inaccuracy from half a pawn, a mistake from one pawn, a blunder from two; in Reversi and Chess Reversi from 2, 4 and 8 discs or points; in Knight Fight from 5, 10 and 20 points. The review page shows a graph of the evaluation after each move and the marked moves with the better move; a chess game's PGN carries the marks.
rules-time_title = Time
rules-time =
    Every game has a time control, chosen on the challenge. Per move: the player to move has the same time for every move (1, 2, 3, 5, 7, 10 or 14 days, plus up to 23 hours); the clock starts again in full after each move. Time bank: each player has a bank that starts with the initial days; the time a move takes comes out of the mover's bank, and after the move the bank gains the days added per move but never holds more than its cap (for example 3 days + 1 day per move, at most 7 days). Untimed: no clock, and the game is never lost on time.

    The player to move loses on time when their deadline passes: a move sent after it is refused, and the server ends the game. The page and My games show the time left and the deadline in UTC; only the clock of the player to move runs.

    Weekends off: a challenge may stop the clocks on weekends. Then a player's clock does not run from Saturday 00:00 to Monday 00:00 in their own time zone (UTC unless they choose another on their settings page), and their clock says "Weekend". A weekend across a change to or from summer time lasts its real length.

    Nights off: each player may choose a nightly pause of 1 to 10 hours on their settings page (for example 23:00 to 07:00 in their own time zone). Every night in that window their clock stands still, whatever the time control, and it says "Night until …". The window follows the local clock, so a night across a change to or from summer time is an hour shorter or longer in real time. A challenge or tournament may say "no nights off": in its games a night stops no clock.

    Vacation: every player has { $days } days of vacation a year, counted in hours and full again every 1 January (UTC); what is left over does not carry on. A vacation starts now from the settings page (or the API) and lasts the hours asked, taken from the allowance at the start; ending it early gives back the whole hours not taken. While it lasts, the player's clock stands still in every game that allows vacation (the opponent sees "On vacation until …"), and they may still move. A challenge may say "no vacation": in its game a vacation stops no clock.

    Automatic vacation: when a player would lose a game that allows vacation on time, is not on vacation and has allowance left, a vacation of one day (or what is left, if less) starts instead, and their settings page says so. It is on for everyone and can be turned off on the settings page. Without allowance left, the game is lost.

    Serial timeouts: a loss on time within 72 hours after another loss on time of the same player is marked as a serial timeout. The first loss of such a run is rated as usual; the ones after it change neither player's rating (their results still count in the statistics).

    Extra time and pauses: while the opponent is to move, a player may give them a day of running time, at most three days per game. Either player may ask for a pause; if the opponent accepts, both clocks stand still for seven days from then (at most two pauses per game). A request lapses when the opponent moves.

    Protection from downtime: when the server was not running for longer than an hour (the host may change this), every active game's deadline moves on by the whole time it was away, before any game is ended on time. Nobody loses on time because the server was down.

    How many games: a player may have { $games } games against people going on at once, and one more for each game they have finished, up to { $ceiling } (games against the computer count for neither). Beyond that, new challenges and entries are refused until a game ends. After a loss on time, a player may not enter tournaments for { $cooldown } days.

    Reliability: every challenge and every player's page show a record of the last 90 days: the games lost on time (how many, and their share of the games that ended), the average time per move (a move played at once, such as a conditional move, does not count), the games going and finished, and the vacation left. An open challenge or a tournament may ask for at most a share of games lost on time and for a number of finished games; without them it cannot be accepted or entered. Each challenge and tournament also shows how long a game is expected to last, in days: from its time control, both players' time per move (the site's average for a player without enough games) and the usual number of moves of the game here.

    Game deadlines: a challenge or a tournament may limit its games to a number of days from their start (1 to 365). The game page shows the deadline. Once it has passed, the game takes no more moves, and within seconds it is decided by the rule its challenge or tournament chose. Draw: the game is drawn. Both lose: neither player scores, and each player's rating counts it as a loss. The engines judge: the server's engine searches the position at its best level (chess with Stockfish, where the host has installed it); when the search sees the end of the game (a mate, Reversi played out to the last disc, Chess Reversi's last placement) that is the result, otherwise a side wins only if it is clearly ahead, by at least 3 pawns in chess, 4 discs in Reversi, 3 points in Chess Reversi or 10 in Knight Fight, and anything closer is a draw. A player whose own time runs out after the game's deadline does not lose on time. The result counts in the ratings, the statistics and the tournament like any other, and the game page says how it was reached: the evaluation, the line the engine saw and the rule. A tournament page shows each round's deadline and the latest date the tournament can end.
