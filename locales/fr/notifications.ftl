### Notifications, e-mails and push messages.

notifications-title = Notifications
notifications-bell =
    { $n ->
        [one] Notifications : { $n } non lue
       *[other] Notifications : { $n } non lues
    }
notifications-none = Aucune notification pour l'instant.
notifications-mark_read = Marquer comme lue
notifications-mark_all_read = Tout marquer comme lu
notifications-older = Notifications plus anciennes
notifications-unread = non lue
notifications-other = Un avis.
notifications-your_turn = { $opponent } a joué dans votre partie ({ $variant }) : à vous de jouer.
notifications-draw_offer = { $opponent } propose la nulle dans votre partie ({ $variant }).
notifications-challenge = { $opponent } vous lance un défi : { $variant }.
notifications-game_finished-won = Vous avez gagné votre partie ({ $variant }) contre { $opponent }.
notifications-game_finished-lost = Vous avez perdu votre partie ({ $variant }) contre { $opponent }.
notifications-game_finished-drawn = Votre partie ({ $variant }) contre { $opponent } s'est terminée par la nulle.
notifications-game_finished-aborted = Votre partie ({ $variant }) contre { $opponent } a été annulée.
notifications-clock_warning-four_fifths_used = Vous avez utilisé les quatre cinquièmes de votre temps pour ce coup.
notifications-clock_warning-day_left = Il vous reste un jour pour jouer votre coup.
notifications-clock_warning-hour_left = Il vous reste une heure pour jouer votre coup.
push-title-your_turn = À vous de jouer
push-title-clock_warning = Le temps presse
push-title-challenge = Un nouveau défi
push-title-game_finished = Partie terminée
push-title-draw_offer = Une proposition de nulle
push-title-other = Jeux de plateau
notifications-chat_message = { $opponent } vous a écrit dans votre partie ({ $variant }).
push-title-chat_message = Un message
mail-verify-subject = Vérifiez votre adresse e-mail
mail-verify-body = Bonjour { $name }, suivez ce lien pour confirmer que cette adresse est bien la vôtre. Il est valable deux jours.
mail-verify-action = Vérifier mon adresse
mail-verify-footer = Si vous n'avez pas donné cette adresse, ignorez cet e-mail : rien d'autre n'y sera envoyé.
mail-warning-day_left-subject = Moins de 24 heures restantes : { $variant } contre { $opponent }
mail-warning-day_left-body = Votre temps pour jouer dans votre partie ({ $variant }) contre { $opponent } s'écoule dans moins de 24 heures.
mail-warning-hour_left-subject = Moins d'une heure restante : { $variant } contre { $opponent }
mail-warning-hour_left-body = Votre temps pour jouer dans votre partie ({ $variant }) contre { $opponent } s'écoule dans moins d'une heure.
mail-open_game = Ouvrir la partie
mail-footer = Vous recevez cet e-mail parce que vous l'avez choisi dans vos paramètres sur le site.
mail-unsubscribe = Se désabonner de tous les e-mails
mail-left_days =
    { $n ->
        [one] { $n } jour restant
       *[other] { $n } jours restants
    }
mail-left_hours = { $n } h restantes
mail-untimed = sans limite de temps
mail-digest-subject =
    { $turns ->
        [one] À vous de jouer dans { $turns } partie
       *[other] À vous de jouer dans { $turns } parties
    }, { $challenges ->
        [one] { $challenges } défi en attente
       *[other] { $challenges } défis en attente
    }
mail-digest-body = Voici ce qui vous attend, en commençant par le moins de temps restant :
mail-digest-turn = { $variant } contre { $opponent } : { $left }
mail-digest-challenge = { $challenger } vous lance un défi : { $variant }
mail-digest-action = Ouvrir Mes parties
mail-reset-subject = Choisissez un nouveau mot de passe
mail-reset-body = Bonjour { $name }, quelqu'un (vous, nous l'espérons) a demandé à choisir un nouveau mot de passe pour votre compte. Le lien ne sert qu'une fois, pendant une heure.
mail-reset-action = Choisir un nouveau mot de passe
mail-reset-footer = Si vous n'avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.
notifications-your_turn-unanswered = { $opponent } a joué { $move } dans votre partie ({ $variant }). Votre ligne conditionnelle n'a pas pu répondre par { $answer } : { $why } C'est à vous de jouer.
notifications-tournament_round-joined = { $opponent } a rejoint le tournoi { $tournament }.
notifications-tournament_round-started = Le tournoi { $tournament } a commencé : vos parties vous attendent.
notifications-tournament_round-round = La ronde { $round } du tournoi { $tournament } a commencé.
notifications-tournament_round-stage = Vous passez à la phase { $stage } du tournoi { $tournament }.
notifications-tournament_round-finished = Le tournoi { $tournament } est terminé : { $winner } l'a remporté.
notifications-tournament_round-cancelled = Le tournoi { $tournament } a été annulé.
push-title-tournament_round = Nouvelles du tournoi
notifications-tournament_round-season = La saison { $stage } du tournoi { $tournament } a commencé.
notifications-your_turn-move = { $opponent } a joué { $move } dans votre partie ({ $variant }) : à vous de jouer.
notifications-challenge-declined = { $opponent } a refusé votre défi ({ $variant }) : { $reason }
notifications-clock_warning-four_fifths_used-game = Vous avez utilisé les quatre cinquièmes de votre temps pour ce coup dans votre partie ({ $variant }) contre { $opponent }.
notifications-clock_warning-day_left-game = Il vous reste un jour pour jouer votre coup dans votre partie ({ $variant }) contre { $opponent }.
notifications-clock_warning-hour_left-game = Il vous reste une heure pour jouer votre coup dans votre partie ({ $variant }) contre { $opponent }.
