### Player pages and leaderboards.

board-title = Leaderboard
board-explain = Glicko-2 ratings of this game. Players with a provisional rating (marked with a question mark) and players without a rated game of it in the last months are not listed here.
board-empty = Nobody has an established rating in this game yet.
board-engines_pool = { $variant }, engines allowed
board-with_engines = Ratings from games that allow engines
board-without_engines = Ratings from games without engines
board-rank = #
board-player = Player
board-rating = Rating
board-deviation = Deviation
board-games = Rated games
player-challenge = Challenge this player
player-active = Games in progress
player-chart_title = { $variant } rating after each rated game
player-against_you = Against you: { $wins } won, { $losses } lost, { $draws } drawn.
player-ratings = Ratings
player-no_ratings = No rated games yet.
player-rating_detail =
    { $n ->
        [one] Deviation { $deviation }, { $n } rated game. The band shows one deviation either side.
       *[other] Deviation { $deviation }, { $n } rated games. The band shows one deviation either side.
    }
player-provisional = A question mark marks a provisional rating: its deviation is still above 110, so it is kept off the leaderboards.
player-record = Record
player-games = Games
player-as_white = As White (won / lost / drawn)
player-as_black = As Black (won / lost / drawn)
player-streak = Current winning streak
player-longest_streak = Longest winning streak
player-record_hint = Every finished game counts, rated or casual; aborted games do not.
player-all = all
player-result = Result
player-filter = Show
player-result-won = won
player-result-lost = lost
player-result-drawn = drawn
player-block = Block this player
player-block_help = No chat or challenges between you.
player-you_block = You block this player: no chat or challenges between you.
player-unblock = Unblock this player
player-bot_badge = BOT
player-bot_title = A bot account: a program plays it through the bot API
