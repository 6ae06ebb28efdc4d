### Player pages and leaderboards.

board-title = Meilleurs joueurs
board-explain = Classements Glicko-2 de ce jeu. Les joueurs au classement provisoire (marqué d'un point d'interrogation) et ceux sans partie classée dans ce jeu ces derniers mois n'apparaissent pas ici.
board-empty = Personne n'a encore de classement établi dans ce jeu.
board-engines_pool = { $variant }, moteurs autorisés
board-with_engines = Classements des parties avec moteurs autorisés
board-without_engines = Classements des parties sans moteur
board-rank = #
board-player = Joueur
board-rating = Classement
board-deviation = Écart
board-games = Parties classées
player-challenge = Défier ce joueur
player-active = Parties en cours
player-chart_title = { $variant } : classement après chaque partie classée
player-against_you = Contre vous : victoires { $wins }, défaites { $losses }, nulles { $draws }.
player-ratings = Classements
player-no_ratings = Aucune partie classée pour l'instant.
player-rating_detail =
    { $n ->
        [one] Écart { $deviation }, { $n } partie classée. La bande s'étend d'un écart de part et d'autre.
       *[other] Écart { $deviation }, { $n } parties classées. La bande s'étend d'un écart de part et d'autre.
    }
player-provisional = Un point d'interrogation signale un classement provisoire : son écart est encore supérieur à 110, il n'apparaît donc pas dans les tableaux des meilleurs joueurs.
player-record = Bilan
player-games = Parties
player-as_white = Avec les Blancs (gagnées / perdues / nulles)
player-as_black = Avec les Noirs (gagnées / perdues / nulles)
player-streak = Série de victoires en cours
player-longest_streak = Plus longue série de victoires
player-record_hint = Toute partie terminée compte, classée ou amicale ; les parties annulées, non.
player-all = toutes
player-result = Résultat
player-filter = Afficher
player-result-won = gagnée
player-result-lost = perdue
player-result-drawn = nulle
player-block = Bloquer ce joueur
player-block_help = Ni discussion ni défi entre vous.
player-you_block = Vous bloquez ce joueur : ni discussion ni défi entre vous.
player-unblock = Débloquer ce joueur
player-bot_badge = BOT
player-bot_title = Un compte de bot : un programme le joue via l'API des bots
