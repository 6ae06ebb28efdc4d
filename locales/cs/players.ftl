### Player pages and leaderboards.

board-title = Žebříček
board-explain = Ratingy Glicko-2 v této hře. Hráči s předběžným ratingem (označeným otazníkem) a hráči, kteří v posledních měsících nehráli v této hře hodnocenou partii, tu uvedeni nejsou.
board-empty = V této hře zatím nikdo nemá ustálený rating.
board-engines_pool = { $variant }, enginy povoleny
board-with_engines = Ratingy z partií, které povolují enginy
board-without_engines = Ratingy z partií bez enginů
board-rank = #
board-player = Hráč
board-rating = Rating
board-deviation = Odchylka
board-games = Hodnocené partie
player-challenge = Vyzvat tohoto hráče
player-active = Rozehrané partie
player-chart_title = Rating ve hře { $variant } po každé hodnocené partii
player-against_you = Proti vám: výhry { $wins }, prohry { $losses }, remízy { $draws }.
player-ratings = Ratingy
player-no_ratings = Zatím žádné hodnocené partie.
player-rating_detail =
    { $n ->
        [one] Odchylka { $deviation }, { $n } hodnocená partie. Pás ukazuje jednu odchylku na každou stranu.
        [few] Odchylka { $deviation }, { $n } hodnocené partie. Pás ukazuje jednu odchylku na každou stranu.
        [many] Odchylka { $deviation }, { $n } hodnocené partie. Pás ukazuje jednu odchylku na každou stranu.
       *[other] Odchylka { $deviation }, { $n } hodnocených partií. Pás ukazuje jednu odchylku na každou stranu.
    }
player-provisional = Otazník označuje předběžný rating: jeho odchylka je stále nad 110, proto se v žebříčcích neuvádí.
player-record = Bilance
player-games = Partie
player-as_white = Za bílé (výhry / prohry / remízy)
player-as_black = Za černé (výhry / prohry / remízy)
player-streak = Současná série výher
player-longest_streak = Nejdelší série výher
player-record_hint = Počítá se každá dokončená partie, hodnocená i nehodnocená; zrušené ne.
player-all = vše
player-result = Výsledek
player-filter = Zobrazit
player-result-won = výhra
player-result-lost = prohra
player-result-drawn = remíza
player-block = Zablokovat tohoto hráče
player-block_help = Žádná diskuse ani výzvy mezi vámi.
player-you_block = Tohoto hráče blokujete: žádná diskuse ani výzvy mezi vámi.
player-unblock = Odblokovat tohoto hráče
player-bot_badge = BOT
player-bot_title = Účet bota: hraje za něj program přes API pro boty
