### Player pages and leaderboards.

board-title = Bestenliste
board-explain = Glicko-2-Wertungen in diesem Spiel. Spieler mit vorläufiger Wertung (mit Fragezeichen markiert) und Spieler ohne gewertete Partie darin in den letzten Monaten sind hier nicht aufgeführt.
board-empty = In diesem Spiel hat noch niemand eine gefestigte Wertung.
board-engines_pool = { $variant }, Engines erlaubt
board-with_engines = Wertungen aus Partien mit erlaubten Engines
board-without_engines = Wertungen aus Partien ohne Engines
board-rank = #
board-player = Spieler
board-rating = Wertung
board-deviation = Abweichung
board-games = Gewertete Partien
player-challenge = Diesen Spieler herausfordern
player-active = Laufende Partien
player-chart_title = Wertung in { $variant } nach jeder gewerteten Partie
player-against_you = Gegen dich: { $wins } gewonnen, { $losses } verloren, { $draws } remis.
player-ratings = Wertungen
player-no_ratings = Noch keine gewerteten Partien.
player-rating_detail =
    { $n ->
        [one] Abweichung { $deviation }, { $n } gewertete Partie. Das Band zeigt eine Abweichung nach beiden Seiten.
       *[other] Abweichung { $deviation }, { $n } gewertete Partien. Das Band zeigt eine Abweichung nach beiden Seiten.
    }
player-provisional = Ein Fragezeichen markiert eine vorläufige Wertung: Ihre Abweichung liegt noch über 110, daher erscheint sie nicht in den Bestenlisten.
player-record = Bilanz
player-games = Partien
player-as_white = Mit Weiß (gewonnen / verloren / remis)
player-as_black = Mit Schwarz (gewonnen / verloren / remis)
player-streak = Aktuelle Siegesserie
player-longest_streak = Längste Siegesserie
player-record_hint = Jede beendete Partie zählt, gewertet oder ungewertet; abgebrochene Partien nicht.
player-all = alle
player-result = Ergebnis
player-filter = Anzeigen
player-result-won = gewonnen
player-result-lost = verloren
player-result-drawn = remis
player-block = Diesen Spieler blockieren
player-block_help = Kein Chat und keine Herausforderungen zwischen euch.
player-you_block = Du blockierst diesen Spieler: kein Chat und keine Herausforderungen zwischen euch.
player-unblock = Blockierung dieses Spielers aufheben
player-bot_badge = BOT
player-bot_title = Ein Bot-Konto: Ein Programm spielt es über die Bot-API
