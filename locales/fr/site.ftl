### The frame of every page: header, navigation, sign-in, and the words for games, colours, pieces and time that many pages share.

site-name = Jeux de plateau
site-footer = Jeux de plateau par correspondance : un coup aujourd'hui, le suivant quelques jours plus tard. Logiciel libre (AGPL).
nav-skip = Aller au contenu
nav-label = Navigation principale
nav-lobby = Salon
nav-my_games = Mes parties
nav-rules = Règles
nav-logout = Se déconnecter
nav-login = Se connecter
nav-signup = S'inscrire
nav-language = Langue
nav-settings = Paramètres
nav-leaderboards = Meilleurs joueurs
page-first = Première page
page-next = Page suivante
home-title = Jeux de plateau par correspondance
home-intro = Défiez un ami ou n'importe qui dans le salon et jouez à votre rythme : chaque coup peut prendre des jours. Six jeux sont proposés, chacun avec ses règles et ses statistiques de victoires.
home-your_turn =
    { $n ->
        [one] À vous de jouer dans { $n } partie
       *[other] À vous de jouer dans { $n } parties
    }
home-games = Les jeux
auth-signup_title = Inscription
auth-login_title = Connexion
auth-username = Nom d'utilisateur
auth-username_help = De 3 à 20 lettres, chiffres, _ ou -.
auth-password = Mot de passe
auth-password_help = Au moins 8 caractères.
auth-signup_button = Créer le compte
auth-login_button = Se connecter
auth-have_account = Déjà un compte ? Connectez-vous
auth-no_account = Pas encore de compte ? Inscrivez-vous
engines-label = Moteurs
engines-not_allowed = sans moteur
engines-allowed = moteurs autorisés
engines-hint = Sans moteur : les joueurs réfléchissent par eux-mêmes, et l'évaluation du moteur sur le plateau d'analyse ne s'ouvre qu'à la fin de la partie. Moteurs autorisés : les deux joueurs peuvent consulter des moteurs, et une partie classée compte dans un classement distinct réservé à ces parties.
color-white = Blancs
color-black = Noirs
color-White = Blancs
color-Black = Noirs
color-choice-white = Blancs
color-choice-black = Noirs
color-choice-random = Au hasard
label-empty = { $square }, vide
label-dead = { $square }, effacée
label-disc = { $square }, pion des { $color }
label-piece = { $square }, { $piece } des { $color }
label-piece_choice = { $piece } des { $color }
label-attacked = , attaquée { $white } fois par les Blancs, { $black } fois par les Noirs
label-preview = , points : { $mine } pour vous, { $theirs } pour votre adversaire
legend-white = attaquée par les Blancs
legend-black = attaquée par les Noirs
legend-both = attaquée par les deux camps
legend-counts = Les petits nombres sur une case ombrée : combien de pièces blanches l'attaquent (en haut à gauche) et combien de pièces noires (en bas à droite). Chaque case vide attaquée rapporte un point par attaquant.
legend-previews = Les nombres sur chaque case que vous pouvez choisir : vos points et ceux de votre adversaire si vous y placez la pièce.
label-check = , en échec
piece-king = roi
piece-queen = dame
piece-rook = tour
piece-bishop = fou
piece-knight = cavalier
piece-pawn = pion
time-days_hours = { $d } j { $h } h
time-hours_minutes = { $h } h { $m } min
variant-chess = Échecs
variant-chess960 = Chess960
variant-reversi-6x6 = Reversi 6x6
variant-reversi-8x8 = Reversi 8x8
variant-reversi-10x10 = Reversi 10x10
variant-chess-reversi = Échecs-Reversi
variant-knight-fight = Combat de cavaliers
time-per_move = { $d } j par coup
time-per_move_hours = { $d } j { $h } h par coup
time-bank = Réserve de temps : { $initial } j + { $increment } j par coup, { $cap } j au plus
time-untimed = Sans limite de temps
time-weekends_off = week-ends libres
time-no_vacation = sans vacances
time-weekend = Week-end
time-vacation_until = En vacances jusqu'au { $when }
time-no_nights = sans nuits libres
time-night_until = Nuit jusqu'au { $when }
card-time_losses =
    { $games ->
        [one] Perdues au temps : { $n } sur { $games } partie en 90 jours ({ $percent } %)
       *[other] Perdues au temps : { $n } sur { $games } parties en 90 jours ({ $percent } %)
    }
card-no_recent = Aucune partie terminée en 90 jours
card-pace = { $time } par coup
card-pace_unknown = temps par coup encore inconnu
card-active =
    { $n ->
        [one] { $n } partie en cours
       *[other] { $n } parties en cours
    }
card-finished =
    { $n ->
        [one] { $n } partie terminée
       *[other] { $n } parties terminées
    }
card-vacation = { $n } h de vacances restantes
card-expected =
    { $high ->
        [one] Durée prévue : { $low }–{ $high } jour
       *[other] Durée prévue : { $low }–{ $high } jours
    }
card-asks_time_losses = au plus { $percent } % perdues au temps
card-asks_finished =
    { $n ->
        [one] au moins { $n } partie terminée
       *[other] au moins { $n } parties terminées
    }
card-title = Fiabilité
card-days_range =
    { $high ->
        [one] { $low }–{ $high } jour
       *[other] { $low }–{ $high } jours
    }
limit-max_game_days = Durée maximale d'une partie (en jours ; vide : sans limite)
limit-max_game_days_hint = Une partie encore en cours à ce terme n'accepte plus de coups et est décidée par la règle ci-dessous.
limit-deadline_rule = À l'échéance de la partie
limit-rule-adjudicate = Les moteurs jugent la position
limit-rule-draw = La partie est déclarée nulle
limit-rule-both_lose = Les deux joueurs perdent
limit-game_limit = Durée limite
limit-text =
    { $days ->
        [one] { $days } jour ; ensuite, { $rule }
       *[other] { $days } jours ; ensuite, { $rule }
    }
unit-pawns = pions
unit-discs = pions
unit-points = points
time-paused_until = En pause jusqu'au { $when }
auth-forgot = Mot de passe oublié ?
account-admin_title = Administration
account-admin_link = Signalements, privations de parole, bannissements et journal
account-password_title = Mot de passe
account-password_saved = Votre mot de passe est changé. Vos autres sessions sont fermées.
account-current_password = Mot de passe actuel
account-new_password = Nouveau mot de passe
account-password_help = De 8 à 256 caractères, et pas l'un des mots de passe les plus courants. Vos autres sessions seront fermées.
account-change_password = Changer le mot de passe
account-data_title = Vos données
account-data_help = Téléchargez tout ce que le site conserve sur vous dans un seul fichier JSON : votre profil, vos paramètres, vos classements, chaque partie avec ses coups, vos messages de discussion et vos notes.
account-export = Télécharger mes données
account-delete_title = Supprimer le compte
account-delete_help = Cette action est irréversible. Vos parties en cours se terminent par votre abandon, vos défis ouverts sont annulés, et votre adresse e-mail, vos notes, vos jetons et vos paramètres sont supprimés. Vos parties terminées restent, sous un nom anonyme.
account-password = Mot de passe
account-delete_confirm = Saisissez votre nom d'utilisateur ({ $name }) pour confirmer
account-delete = Supprimer mon compte
nav-tournaments = Tournois
nav-menu = Menu
nav-admin = Admin
nav-open_reports =
    { $n ->
        [one] { $n } signalement ouvert
       *[other] { $n } signalements ouverts
    }
time-ago-now = à l'instant
time-ago-minutes = il y a { $n } min
time-ago-hours = il y a { $n } h
time-ago-days = il y a { $n } j
time-shown_in = Les heures sont affichées dans le fuseau { $zone }.
time-change_zone = Modifier
home-start-title = Votre première partie
home-start-computer = Jouer contre l'ordinateur
home-start-computer_hint = huit niveaux, il répond en quelques secondes
home-start-lobby = Acceptez ou lancez un défi dans le salon
home-start-rules = Découvrez comment se joue chaque jeu
auth-why_sign_in = Connectez-vous pour défier des joueurs et jouer. Nouveau venu ? L'inscription ne demande qu'un nom et un mot de passe.
