### Error pages and refusals.

error-back_home = Zurück zur Startseite
error-status-400 = Ungültige Anfrage
error-status-401 = Nicht angemeldet
error-status-403 = Nicht erlaubt
error-status-404 = Nicht gefunden
error-status-405 = Hier nicht erlaubt
error-status-409 = Konflikt
error-status-413 = Zu groß
error-status-422 = Nicht angenommen
error-status-429 = Zu viele Versuche
error-status-500 = Etwas ist schiefgelaufen
error-status-503 = Nicht verfügbar
error-not_found = Hier gibt es nichts: Die Seite, Partie oder der Spieler existiert nicht.
error-stale_ply = Diese Partie hat sich in einem anderen Tab oder durch deinen Gegner geändert: Hier ist das Brett, wie es jetzt steht. Es wurde nichts gespielt.
error-game_over = Die Partie ist beendet.
error-not_your_turn = Du bist nicht am Zug.
error-not_a_player = Du spielst in dieser Partie nicht mit.
error-bot_plays_through_api = Dies ist ein Bot-Konto: Es spielt über die Bot-API (/api/bot/…), nicht über die Formulare der Seite.
error-illegal_move = Dieser Zug ist hier nicht legal.
error-malformed_move = Das ist kein Zug.
error-invalid_username = Ein Benutzername hat 3 bis 20 Buchstaben, Ziffern, _ oder -.
error-username_taken = Dieser Benutzername ist vergeben.
error-invalid_password = Ein Passwort hat mindestens 8 Zeichen.
error-invalid_credentials = Falscher Benutzername oder falsches Passwort.
error-database_unavailable = Die Datenbank antwortet gerade nicht. Es ging nichts verloren: Versuch es in ein paar Sekunden erneut.
error-request_timeout = Der Server hat zu lange für die Antwort gebraucht. Es ging nichts verloren: Versuch es in ein paar Sekunden erneut.
error-rate_limited =
    { $secs ->
        [one] Zu viele Versuche: Versuch es in { $secs } Sekunde erneut.
       *[other] Zu viele Versuche: Versuch es in { $secs } Sekunden erneut.
    }
error-busy =
    { $secs ->
        [one] Der Server ist ausgelastet: Versuch es in { $secs } Sekunde erneut.
       *[other] Der Server ist ausgelastet: Versuch es in { $secs } Sekunden erneut.
    }
error-blank_password = Ein Passwort darf nicht nur aus Leerzeichen bestehen.
error-password_control_character = Ein Passwort darf keine Steuerzeichen enthalten.
error-common_password = Dieses Passwort gehört zu den häufigsten: Wähle ein anderes.
error-too_many_tokens = Du hast bereits die höchstzulässige Zahl an API-Tokens: Widerrufe zuerst eines.
error-invalid_token_name = Ein Token-Name hat höchstens 60 Zeichen.
error-cross_site_request = Formulare, die von einer anderen Seite gesendet werden, werden abgelehnt.
error-challenge_taken = Diese Herausforderung ist nicht mehr offen.
error-challenge_closed = Diese Herausforderung ist nicht mehr offen.
error-unknown_opponent = Es gibt keinen Spieler mit diesem Namen.
error-own_challenge = Du kannst deine eigene Herausforderung nicht annehmen.
error-not_addressed_to_you = Diese Herausforderung richtet sich an jemand anderen.
error-not_your_challenge = Nur wer eine Herausforderung erstellt hat, kann sie zurückziehen.
error-unknown_variant = Wähle eines der Spiele.
error-invalid_color = Wähle Weiß, Schwarz oder Zufällig.
error-invalid_days_per_move = Wähle eine der angebotenen Tageszahlen pro Zug.
error-challenge_to_yourself = Du kannst dich nicht selbst herausfordern.
error-too_many_challenges = Du hast 50 offene Herausforderungen, die Höchstzahl: Zieh eine zurück oder warte, bis eine angenommen wird.
error-invalid_rating_range = Ein Wertungsbereich reicht von einer niedrigeren zu einer höheren Wertung, jeweils eine ganze Zahl von 0 bis 4000.
error-rating_range_needs_open_challenge = Nur eine Herausforderung an alle kann einen Wertungsbereich haben.
error-rating_out_of_range = Deine Wertung in diesem Spiel liegt außerhalb des Wertungsbereichs der Herausforderung.
error-too_late_to_abort = Eine Partie kann nur abgebrochen werden, bevor beide Seiten gezogen haben.
error-draw_already_offered = Du bietest bereits Remis an.
error-no_draw_offer = Dein Gegner bietet kein Remis an.
error-no_draw_claim = Es gibt kein Remis zu beanspruchen.
error-time_out = Die Bedenkzeit für diesen Zug ist abgelaufen: Die Partie ist durch Zeitüberschreitung verloren. Es wurde nichts gespielt.
error-draw_offer_this_move = Du hast in diesem Zug schon Remis angeboten: Warte auf den nächsten Zug.
error-too_many_draw_offers = Du hast in dieser Partie dreimal Remis angeboten: keine weiteren Angebote.
error-invalid_form = Das Formular war unvollständig.
error-invalid_after_move = Wähle, wohin es nach einem Zug geht: bei der Partie bleiben oder zur nächsten wechseln.
error-invalid_confirm_moves = Wähle, ob Züge bestätigt werden: an oder aus.
error-method_not_allowed = Das geht hier nicht.
error-payload_too_large = Das Formular ist zu groß.
error-bad_request = Die Anfrage konnte nicht gelesen werden.
error-internal = Bei uns ist etwas schiefgelaufen. Versuch es später erneut.
error-unavailable = Die Seite ist kurz nicht erreichbar. Versuch es später erneut.
error-invalid_start_position = Dieser Start passt nicht zum Spiel: Im Schach gib eine FEN mit Weiß am Zug an, in Chess960 eine Zahl von 0 bis 959, in Reversi den Namen einer Eröffnung von seiner Regelseite; die anderen Spiele nehmen keinen.
error-invalid_record = Diese Notation kann nicht übernommen werden: { $detail }.
error-conflicting_start = Die Notation nennt einen anderen Start als die angegebene Ausgangsstellung: Lass dieses Feld leer.
error-import_needs_opponent = Eine von anderswo übernommene Partie geht an ihren Gegner: Gib seinen Namen an.
error-import_needs_color = Eine von anderswo übernommene Partie nennt die Farbe, die du dort gespielt hast: Wähle Weiß oder Schwarz.
error-import_is_casual = Eine von anderswo übernommene Partie ist ungewertet, da ihre ersten Züge nicht hier gespielt wurden: Wähle ungewertet.
error-invalid_time_control = Prüfe die Bedenkzeit: bis zu 23 Zusatzstunden pro Zug; ein Zeitkonto beginnt mit 1 bis 30 Tagen, erhält 0 bis 14 Tage pro Zug und fasst höchstens 60 Tage, nie weniger als zu Beginn.
error-conflicting_time_control = Gib entweder eine Bedenkzeit oder Tage pro Zug an, nicht beides.
error-invalid_requirement = Eine Grenze für die Annahme ist eine ganze Zahl: 0 bis 100 Prozent durch Zeitüberschreitung verlorener Partien, 0 bis 1000 beendete Partien.
error-requirements_need_open_challenge = Nur eine Herausforderung an alle kann eine Bilanz verlangen.
error-reliability_required = Deine Bilanz der letzten 90 Tage erfüllt die Anforderungen nicht: Sieh dir die Grenzen an.
error-invalid_night = Das ist keine Nacht: Gib zwei Uhrzeiten an, 1 bis 10 Stunden auseinander.
error-unknown_time_zone = Das ist keine Zeitzone: Verwende einen Namen wie Europe/Berlin.
error-already_on_vacation = Du bist bereits im Urlaub.
error-not_on_vacation = Du bist nicht im Urlaub.
error-invalid_vacation_length = Ein Urlaub dauert mindestens eine Stunde.
error-vacation_allowance_exceeded = Das ist mehr Urlaub, als du dieses Jahr noch übrig hast.
error-untimed_game = Diese Partie hat keine Uhr.
error-already_paused = Die Uhren sind bereits angehalten.
error-give_time_on_their_turn = Zeit schenken kannst du nur, während dein Gegner am Zug ist.
error-too_many_time_gifts = Du hast in dieser Partie schon drei Tage geschenkt: nicht mehr.
error-too_many_pauses = In dieser Partie wurden schon zwei Pausen vereinbart: keine weiteren.
error-pause_already_offered = Du bittest bereits um eine Pause.
error-no_pause_offer = Dein Gegner bittet um keine Pause.
error-chat_rate_limited =
    { $secs ->
        [one] Du schreibst zu schnell: Warte { $secs } Sekunde.
       *[other] Du schreibst zu schnell: Warte { $secs } Sekunden.
    }
error-empty_message = Schreib zuerst etwas: Die Nachricht ist leer.
error-message_too_long = Eine Nachricht hat höchstens 500 Zeichen und 20 Zeilenumbrüche.
error-control_character = Der Text enthält ein Steuerzeichen: Nur Zeilenumbrüche und Tabulatoren sind erlaubt.
error-note_too_long = Notizen haben höchstens 10000 Zeichen.
error-chat_full = Der Chat dieser Partie ist voll.
error-chat_private = Die Spieler behalten diesen Chat für sich.
error-blocked = Dieser Spieler nimmt keine Nachrichten oder Herausforderungen von dir an.
error-you_block = Du blockierst diesen Spieler: Heb die Blockierung zuerst auf.
error-block_yourself = Du kannst dich nicht selbst blockieren.
error-too_many_blocks = Du blockierst bereits so viele Spieler wie erlaubt: Heb zuerst eine Blockierung auf.
error-invalid_push_endpoint = Diese Push-Adresse kann nicht verwendet werden: Es muss eine https-Adresse eines Push-Dienstes sein.
error-invalid_push_keys = Der Browser hat unbrauchbare Push-Schlüssel gesendet.
error-too_many_devices = Höchstens 10 Geräte können benachrichtigt werden: Entferne zuerst eines.
error-invalid_email = Das ist keine E-Mail-Adresse.
error-email_disabled = Dieser Server versendet keine E-Mails.
error-invalid_link = Dieser Link ist unbekannt, schon benutzt oder abgelaufen.
error-invalid_digest_hour = Wähle eine Stunde von 00 bis 23 für die Zusammenfassung.
error-email_not_offered = Diese Art von Benachrichtigung wird nicht einzeln gemailt.
error-invalid_reset_request = Gib deinen Benutzernamen oder deine E-Mail-Adresse an.
error-computer_busy =
    { $secs ->
        [one] Beim Computer warten zu viele Partien auf seine Antwort: Starte in { $secs } Sekunde eine neue Partie gegen ihn. Laufende Partien gehen weiter.
       *[other] Beim Computer warten zu viele Partien auf seine Antwort: Starte in { $secs } Sekunden eine neue Partie gegen ihn. Laufende Partien gehen weiter.
    }
error-computer_replies_waiting =
    { $secs ->
        [one] So viele deiner Partien warten auf die Antwort des Computers, wie ein Spieler haben darf, um eine weitere zu starten: Starte sie, sobald der Computer geantwortet hat, in etwa { $secs } Sekunde. Andere Spieler werden durch deine nicht aufgehalten.
       *[other] So viele deiner Partien warten auf die Antwort des Computers, wie ein Spieler haben darf, um eine weitere zu starten: Starte sie, sobald der Computer geantwortet hat, in etwa { $secs } Sekunden. Andere Spieler werden durch deine nicht aufgehalten.
    }
error-too_many_computer_games = Du hast so viele laufende Partien gegen den Computer, wie ein Spieler haben darf: Beende eine oder gib eine auf.
error-computer_opponent = Dieser Spieler ist der Computer: Spiel gegen ihn mit „Gegen den Computer spielen“ oben in der Lobby.
error-invalid_level = Die Stufe des Computers ist 1 bis 8.
error-reserved_username = Namen wie Computer-1 oder deleted-… sind dem Server vorbehalten: Wähle einen anderen.
error-computer_game = Der Computer nimmt kein Remisangebot und keine Pause an und braucht keine geschenkte Zeit: Spiel weiter, gib auf oder brich ab.
error-banned = Ein Administrator hat dieses Konto gesperrt: Es kann sich nicht anmelden.
error-muted = Ein Administrator hat dich stummgeschaltet: Du kannst nicht im Chat schreiben.
error-not_admin = Nur Administratoren dürfen das.
error-wrong_password = Das ist nicht dein aktuelles Passwort.
error-already_reported = Du hast das bereits gemeldet: Ein Administrator wird es lesen.
error-report_yourself = Du kannst dich nicht selbst melden.
error-invalid_report = Melde entweder einen Spieler oder eine Chatzeile.
error-reason_too_long = Eine Begründung hat höchstens 500 Zeichen.
error-confirmation_mismatch = Gib deinen Benutzernamen ein, um zu bestätigen, dass das Konto gelöscht werden soll.
error-target_is_admin = Ein Administrator wird nicht stummgeschaltet oder gesperrt: Zuerst muss seine Rolle entfernt werden.
error-no_change = Nichts zu ändern: Das Konto ist bereits so.
error-own_account = Administratoren schalten ihr eigenes Konto nicht stumm und sperren es nicht.
error-report_closed = Diese Meldung ist bereits geschlossen.
error-rating_outside_limits = Deine Wertung in diesem Spiel liegt außerhalb der Grenzen des Turniers.
error-already_joined = Du bist bereits in diesem Turnier.
error-tournament_full = Das Turnier ist voll.
error-tournament_started = Für das Turnier kann man sich nicht mehr anmelden.
error-tournament_over = Das Turnier ist beendet.
error-tournament_changed = Das Turnier hat sich inzwischen geändert: Versuch es erneut.
error-not_joined = Dieser Spieler spielt nicht in diesem Turnier.
error-not_organiser = Nur der Organisator des Turniers darf das.
error-not_enough_players = Das Turnier hat nicht genug Spieler für den Start.
error-tournament_game = Eine Turnierpartie kann nicht abgebrochen werden: Gib sie stattdessen auf.
error-invalid_name = Der Name eines Turniers hat 3 bis 80 Zeichen in einer Zeile.
error-unknown_format = Wähle Rundenturnier-Gruppen, Schweizer System oder K.-o.-System.
error-invalid_players = Ein Turnier hat mindestens 2 und höchstens 2.000 Spieler, die Mindestzahl nicht über der Höchstzahl.
error-invalid_section_size = Eine Gruppe hat 3 bis 12 Spieler.
error-invalid_advance = Aus jeder Gruppe kommen mindestens 1 Spieler und höchstens die halbe Gruppe weiter.
error-invalid_rounds = Ein Schweizer Turnier hat 1 bis 30 Runden.
error-invalid_games_per_match = Ein K.-o.-Match hat 2, 4, 6, 8 oder 10 Partien.
error-invalid_start = Ein Startzeitpunkt liegt in der Zukunft, höchstens ein Jahr voraus.
error-computer_account = Der Computer spielt nur über „Gegen den Computer spielen“.
error-invalid_seasons = Eine Liga hat 1 bis 50 Saisons.
error-repertoire_moves_only = Ein Repertoire enthält nur Züge: kein „beliebiger Zug“ und keine Aktionen.
error-no_repertoire = Jede Partie dieses Spiels beginnt in einer eigenen Stellung, deshalb kann ihr kein Repertoire folgen.
error-repertoire_needs_start = Eine Chess960-Variante folgt einer Startstellung: Gib ihre Nummer an.
error-game_not_over = Die Züge einer Partie kommen in dein Repertoire, sobald sie beendet ist.
error-game_allowance = Jetzt nicht: Du spielst so viele Partien, wie du derzeit übernehmen darfst. Die Zahl wächst mit jeder beendeten Partie; eine neue Partie kann beginnen, wenn eine endet.
error-timeout_cooldown = Jetzt nicht: Nach einer Zeitniederlage müssen Turnieranmeldungen eine Weile warten (wie lange, steht auf den Regelseiten).
