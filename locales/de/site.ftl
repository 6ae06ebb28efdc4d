### The frame of every page: header, navigation, sign-in, and the words for games, colours, pieces and time that many pages share.

site-name = Brettspiele
site-footer = Brettspiele als Fernspiel: heute ein Zug, der nächste Tage später. Freie Software (AGPL).
nav-skip = Zum Inhalt springen
nav-label = Hauptmenü
nav-lobby = Lobby
nav-my_games = Meine Partien
nav-rules = Regeln
nav-logout = Abmelden
nav-login = Anmelden
nav-signup = Registrieren
nav-language = Sprache
nav-settings = Einstellungen
nav-leaderboards = Bestenlisten
page-first = Erste Seite
page-next = Nächste Seite
home-title = Brettspiele im Fernspiel
home-intro = Fordere einen Freund oder jemanden in der Lobby heraus und spiel in deinem eigenen Tempo: Jeder Zug darf Tage dauern. Sechs Spiele stehen zur Wahl, jedes mit seinen Regeln und seiner Gewinnstatistik.
home-your_turn =
    { $n ->
        [one] Du bist in { $n } Partie am Zug
       *[other] Du bist in { $n } Partien am Zug
    }
home-games = Die Spiele
auth-signup_title = Registrieren
auth-login_title = Anmelden
auth-username = Benutzername
auth-username_help = 3 bis 20 Buchstaben, Ziffern, _ oder -.
auth-password = Passwort
auth-password_help = Mindestens 8 Zeichen.
auth-signup_button = Konto erstellen
auth-login_button = Anmelden
auth-have_account = Schon ein Konto? Anmelden
auth-no_account = Noch kein Konto? Registrieren
engines-label = Engines
engines-not_allowed = keine Engines
engines-allowed = Engines erlaubt
engines-hint = Keine Engines: Die Spieler denken selbst, und die Bewertung der Engine auf dem Analysebrett öffnet sich erst, wenn die Partie endet. Engines erlaubt: Beide dürfen Engines zu Rate ziehen, und eine gewertete Partie zählt in einer eigenen Wertung für solche Partien.
color-white = Weiß
color-black = Schwarz
color-White = Weiß
color-Black = Schwarz
color-choice-white = Weiß
color-choice-black = Schwarz
color-choice-random = Zufällig
label-empty = { $square }, leer
label-dead = { $square }, gelöscht
label-disc = { $square }, Stein von { $color }
label-piece = { $square }, { $piece } von { $color }
label-piece_choice = { $piece } von { $color }
label-attacked = , angegriffen von Weiß: { $white }, von Schwarz: { $black }
label-preview =
    { $mine ->
        [one] , bringt dir { $mine } Punkt, deinem Gegner { $theirs }
       *[other] , bringt dir { $mine } Punkte, deinem Gegner { $theirs }
    }
legend-white = von Weiß angegriffen
legend-black = von Schwarz angegriffen
legend-both = von beiden angegriffen
legend-counts = Die kleinen Zahlen auf einem schattierten Feld: wie viele weiße Figuren es angreifen (oben links) und wie viele schwarze (unten rechts). Jedes angegriffene leere Feld bringt einen Punkt pro Angreifer.
legend-previews = Die Zahlen auf jedem wählbaren Feld: deine Punkte und die deines Gegners, wenn du die Figur dorthin setzt.
label-check = , im Schach
piece-king = König
piece-queen = Dame
piece-rook = Turm
piece-bishop = Läufer
piece-knight = Springer
piece-pawn = Bauer
time-days_hours = { $d } Tg. { $h } Std.
time-hours_minutes = { $h } Std. { $m } Min.
variant-chess = Schach
variant-chess960 = Chess960
variant-reversi-6x6 = Reversi 6x6
variant-reversi-8x8 = Reversi 8x8
variant-reversi-10x10 = Reversi 10x10
variant-chess-reversi = Schach-Reversi
variant-knight-fight = Springerkampf
time-per_move = { $d } Tg. pro Zug
time-per_move_hours = { $d } Tg. { $h } Std. pro Zug
time-bank = Zeitkonto: { $initial } Tg. + { $increment } Tg. pro Zug, höchstens { $cap } Tg.
time-untimed = Ohne Zeitlimit
time-weekends_off = Wochenenden frei
time-no_vacation = kein Urlaub
time-weekend = Wochenende
time-vacation_until = Im Urlaub bis { $when }
time-no_nights = keine Nachtruhe
time-night_until = Nacht bis { $when }
card-time_losses =
    { $games ->
        [one] Zeitniederlagen: { $n } von { $games } Partie in 90 Tagen ({ $percent } %)
       *[other] Zeitniederlagen: { $n } von { $games } Partien in 90 Tagen ({ $percent } %)
    }
card-no_recent = Keine beendete Partie in 90 Tagen
card-pace = { $time } pro Zug
card-pace_unknown = Zeit pro Zug noch unbekannt
card-active =
    { $n ->
        [one] { $n } laufende Partie
       *[other] { $n } laufende Partien
    }
card-finished =
    { $n ->
        [one] { $n } beendete Partie
       *[other] { $n } beendete Partien
    }
card-vacation = { $n } Std. Urlaub übrig
card-expected = Erwartete Dauer: { $low }–{ $high } Tage
card-asks_time_losses = höchstens { $percent } % Zeitniederlagen
card-asks_finished =
    { $n ->
        [one] mindestens { $n } beendete Partie
       *[other] mindestens { $n } beendete Partien
    }
card-title = Zuverlässigkeit
card-days_range = { $low }–{ $high } Tage
limit-max_game_days = Höchstdauer einer Partie (Tage; leer: keine Grenze)
limit-max_game_days_hint = Eine dann noch laufende Partie nimmt keine Züge mehr an und wird nach der Regel unten entschieden.
limit-deadline_rule = Zur Frist der Partie
limit-rule-adjudicate = Die Engines bewerten die Stellung
limit-rule-draw = Die Partie endet remis
limit-rule-both_lose = Beide Spieler verlieren
limit-game_limit = Höchstdauer
limit-text =
    { $days ->
        [one] { $days } Tag; danach: { $rule }
       *[other] { $days } Tage; danach: { $rule }
    }
unit-pawns = Bauern
unit-discs = Steine
unit-points = Punkte
time-paused_until = Pausiert bis { $when }
auth-forgot = Passwort vergessen?
account-admin_title = Verwaltung
account-admin_link = Meldungen, Stummschaltungen, Sperren und das Protokoll
account-password_title = Passwort
account-password_saved = Dein Passwort ist geändert. Deine anderen Sitzungen sind abgemeldet.
account-current_password = Aktuelles Passwort
account-new_password = Neues Passwort
account-password_help = 8 bis 256 Zeichen, keines der häufigsten Passwörter. Deine anderen Sitzungen werden abgemeldet.
account-change_password = Passwort ändern
account-data_title = Deine Daten
account-data_help = Lade alles, was die Seite über dich speichert, als eine JSON-Datei herunter: dein Profil, Einstellungen, Wertungen, jede Partie mit ihrer Notation, deine Chatzeilen und Notizen.
account-export = Meine Daten herunterladen
account-delete_title = Konto löschen
account-delete_help = Das kann nicht rückgängig gemacht werden. Deine laufenden Partien enden als deine Aufgabe, deine offenen Herausforderungen werden zurückgezogen, und deine E-Mail-Adresse, Notizen, Tokens und Einstellungen werden gelöscht. Deine beendeten Partien bleiben, unter einem anonymen Namen.
account-password = Passwort
account-delete_confirm = Gib zur Bestätigung deinen Benutzernamen ({ $name }) ein
account-delete = Mein Konto löschen
nav-tournaments = Turniere
nav-menu = Menü
nav-admin = Verwaltung
nav-open_reports =
    { $n ->
        [one] { $n } offene Meldung
       *[other] { $n } offene Meldungen
    }
time-ago-now = gerade eben
time-ago-minutes = vor { $n } Min.
time-ago-hours = vor { $n } Std.
time-ago-days =
    { $n ->
        [one] vor { $n } Tag
       *[other] vor { $n } Tagen
    }
time-shown_in = Zeiten werden in { $zone } angezeigt.
time-change_zone = Ändern
home-start-title = Deine erste Partie
home-start-computer = Gegen den Computer spielen
home-start-computer_hint = acht Stufen, er antwortet in Sekunden
home-start-lobby = Nimm in der Lobby eine Herausforderung an oder erstelle eine
home-start-rules = Lies, wie jedes Spiel gespielt wird
auth-why_sign_in = Melde dich an, um Spieler herauszufordern und zu spielen. Neu hier? Zum Registrieren braucht es nur einen Namen und ein Passwort.
