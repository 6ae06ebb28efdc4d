### Notifications, e-mails and push messages.

notifications-title = Benachrichtigungen
notifications-bell = Benachrichtigungen: { $n } ungelesen
notifications-none = Noch keine Benachrichtigungen.
notifications-mark_read = Als gelesen markieren
notifications-mark_all_read = Alle als gelesen markieren
notifications-older = Ältere Benachrichtigungen
notifications-unread = ungelesen
notifications-other = Eine Benachrichtigung.
notifications-your_turn = { $opponent } hat in deiner Partie { $variant } gezogen: Du bist am Zug.
notifications-draw_offer = { $opponent } bietet in deiner Partie { $variant } Remis an.
notifications-challenge = { $opponent } fordert dich zu einer Partie { $variant } heraus.
notifications-game_finished-won = Du hast deine Partie { $variant } gegen { $opponent } gewonnen.
notifications-game_finished-lost = Du hast deine Partie { $variant } gegen { $opponent } verloren.
notifications-game_finished-drawn = Deine Partie { $variant } gegen { $opponent } endete remis.
notifications-game_finished-aborted = Deine Partie { $variant } gegen { $opponent } wurde abgebrochen.
notifications-clock_warning-four_fifths_used = Du hast vier Fünftel deiner Zeit für diesen Zug verbraucht.
notifications-clock_warning-day_left = Für deinen Zug bleibt noch ein Tag.
notifications-clock_warning-hour_left = Für deinen Zug bleibt noch eine Stunde.
push-title-your_turn = Du bist am Zug
push-title-clock_warning = Die Zeit wird knapp
push-title-challenge = Eine neue Herausforderung
push-title-game_finished = Partie beendet
push-title-draw_offer = Ein Remisangebot
push-title-other = Brettspiele
notifications-chat_message = { $opponent } hat dir in deiner Partie { $variant } geschrieben.
push-title-chat_message = Eine Chatnachricht
mail-verify-subject = Bestätige deine E-Mail-Adresse
mail-verify-body = Hallo { $name }, folge diesem Link, um zu bestätigen, dass diese Adresse dir gehört. Er gilt zwei Tage lang.
mail-verify-action = Meine Adresse bestätigen
mail-verify-footer = Wenn du diese Adresse nicht angegeben hast, ignoriere diese Mail: Es wird nichts weiter an sie gesendet.
mail-warning-day_left-subject = Weniger als 24 Stunden übrig: { $variant } gegen { $opponent }
mail-warning-day_left-body = Deine Zeit für den Zug in deiner Partie { $variant } gegen { $opponent } läuft in weniger als 24 Stunden ab.
mail-warning-hour_left-subject = Weniger als eine Stunde übrig: { $variant } gegen { $opponent }
mail-warning-hour_left-body = Deine Zeit für den Zug in deiner Partie { $variant } gegen { $opponent } läuft in weniger als einer Stunde ab.
mail-open_game = Partie öffnen
mail-footer = Du erhältst diese Mail, weil du sie in deinen Einstellungen auf der Seite gewählt hast.
mail-unsubscribe = Von allen Mails abmelden
mail-left_days =
    { $n ->
        [one] noch { $n } Tag
       *[other] noch { $n } Tage
    }
mail-left_hours = noch { $n } Std.
mail-untimed = kein Zeitlimit
mail-digest-subject =
    { $turns ->
        [one] Du bist in { $turns } Partie am Zug
       *[other] Du bist in { $turns } Partien am Zug
    }, { $challenges ->
        [one] { $challenges } Herausforderung wartet
       *[other] { $challenges } Herausforderungen warten
    }
mail-digest-body = Das wartet auf dich, die knappste Zeit zuerst:
mail-digest-turn = { $variant } gegen { $opponent }: { $left }
mail-digest-challenge = { $challenger } fordert dich zu einer Partie { $variant } heraus
mail-digest-action = Meine Partien öffnen
mail-reset-subject = Neues Passwort setzen
mail-reset-body = Hallo { $name }, jemand (hoffentlich du) hat darum gebeten, ein neues Passwort für dein Konto zu setzen. Der Link funktioniert einmal, eine Stunde lang.
mail-reset-action = Neues Passwort setzen
mail-reset-footer = Wenn du das nicht angefordert hast, ignoriere diese Mail: Dein Passwort bleibt, wie es ist.
notifications-your_turn-unanswered = { $opponent } spielte { $move } in deiner Partie { $variant }. Deine bedingte Variante konnte nicht mit { $answer } antworten: { $why } Du bist am Zug.
notifications-tournament_round-joined = { $tournament }: { $opponent } ist beigetreten.
notifications-tournament_round-started = { $tournament } hat begonnen: Deine Partien warten.
notifications-tournament_round-round = Runde { $round } von { $tournament } hat begonnen.
notifications-tournament_round-stage = Du bist in Phase { $stage } von { $tournament } weitergekommen.
notifications-tournament_round-finished = { $tournament } ist beendet: { $winner } hat gewonnen.
notifications-tournament_round-cancelled = { $tournament } wurde abgesagt.
push-title-tournament_round = Turniernachrichten
notifications-tournament_round-season = Saison { $stage } von { $tournament } hat begonnen.
notifications-your_turn-move = { $opponent } spielte { $move } in deiner Partie { $variant }: Du bist am Zug.
notifications-challenge-declined = { $opponent } hat deine Herausforderung zu { $variant } abgelehnt: { $reason }
notifications-clock_warning-four_fifths_used-game = Du hast vier Fünftel deiner Zeit für diesen Zug in deiner Partie { $variant } gegen { $opponent } verbraucht.
notifications-clock_warning-day_left-game = Für deinen Zug in deiner Partie { $variant } gegen { $opponent } bleibt noch ein Tag.
notifications-clock_warning-hour_left-game = Für deinen Zug in deiner Partie { $variant } gegen { $opponent } bleibt noch eine Stunde.
