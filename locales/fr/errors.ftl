### Error pages and refusals.

error-back_home = Retour à l'accueil
error-status-400 = Requête invalide
error-status-401 = Connexion requise
error-status-403 = Accès refusé
error-status-404 = Introuvable
error-status-405 = Action impossible ici
error-status-409 = Conflit
error-status-413 = Trop volumineux
error-status-422 = Refusé
error-status-429 = Trop de tentatives
error-status-500 = Une erreur est survenue
error-status-503 = Indisponible
error-not_found = Il n'y a rien ici : la page, la partie ou le joueur n'existe pas.
error-stale_ply = Cette partie a changé dans un autre onglet ou du fait de votre adversaire : voici la position actuelle. Aucun coup n'a été joué.
error-game_over = La partie est terminée.
error-not_your_turn = Ce n'est pas à vous de jouer.
error-not_a_player = Vous ne jouez pas dans cette partie.
error-bot_plays_through_api = Ceci est un compte de bot : il joue via l'API des bots (/api/bot/…), pas via les formulaires du site.
error-illegal_move = Ce coup n'est pas légal ici.
error-malformed_move = Ce n'est pas un coup.
error-invalid_username = Un nom d'utilisateur compte de 3 à 20 lettres, chiffres, _ ou -.
error-username_taken = Ce nom d'utilisateur est déjà pris.
error-invalid_password = Un mot de passe compte au moins 8 caractères.
error-invalid_credentials = Nom d'utilisateur ou mot de passe incorrect.
error-database_unavailable = La base de données ne répond pas pour le moment. Rien n'est perdu : réessayez dans quelques secondes.
error-request_timeout = Le serveur a mis trop de temps à répondre. Rien n'est perdu : réessayez dans quelques secondes.
error-rate_limited =
    { $secs ->
        [one] Trop de tentatives : réessayez dans { $secs } seconde.
       *[other] Trop de tentatives : réessayez dans { $secs } secondes.
    }
error-busy =
    { $secs ->
        [one] Le serveur est occupé : réessayez dans { $secs } seconde.
       *[other] Le serveur est occupé : réessayez dans { $secs } secondes.
    }
error-blank_password = Un mot de passe ne peut pas être composé uniquement d'espaces.
error-password_control_character = Un mot de passe ne peut pas contenir de caractères de contrôle.
error-common_password = Ce mot de passe fait partie des plus courants : choisissez-en un autre.
error-too_many_tokens = Vous avez déjà le nombre maximal de jetons d'API : révoquez-en un d'abord.
error-invalid_token_name = Le nom d'un jeton compte au plus 60 caractères.
error-cross_site_request = Les formulaires envoyés depuis un autre site sont refusés.
error-challenge_taken = Ce défi n'est plus ouvert.
error-challenge_closed = Ce défi n'est plus ouvert.
error-unknown_opponent = Aucun joueur ne porte ce nom.
error-own_challenge = Vous ne pouvez pas accepter votre propre défi.
error-not_addressed_to_you = Ce défi est adressé à quelqu'un d'autre.
error-not_your_challenge = Seul son auteur peut annuler un défi.
error-unknown_variant = Choisissez l'un des jeux.
error-invalid_color = Choisissez Blancs, Noirs ou au hasard.
error-invalid_days_per_move = Choisissez l'une des durées par coup proposées.
error-challenge_to_yourself = Vous ne pouvez pas vous défier vous-même.
error-too_many_challenges = Vous avez 50 défis ouverts, le maximum autorisé : annulez-en un ou attendez qu'un défi soit accepté.
error-invalid_rating_range = Une fourchette de classement va d'un classement plus bas à un plus haut, chacun un nombre entier de 0 à 4000.
error-rating_range_needs_open_challenge = Seul un défi ouvert à tous peut avoir une fourchette de classement.
error-rating_out_of_range = Votre classement dans ce jeu est hors de la fourchette de classement du défi.
error-too_late_to_abort = Une partie ne peut être annulée qu'avant que les deux camps aient joué.
error-draw_already_offered = Vous proposez déjà la nulle.
error-no_draw_offer = Votre adversaire ne propose pas la nulle.
error-no_draw_claim = Il n'y a pas de nulle à réclamer.
error-time_out = Le temps pour ce coup est écoulé : la partie est perdue au temps. Aucun coup n'a été joué.
error-draw_offer_this_move = Vous avez déjà proposé la nulle à ce coup : attendez le coup suivant.
error-too_many_draw_offers = Vous avez proposé la nulle trois fois dans cette partie : plus de proposition possible.
error-invalid_form = Le formulaire était incomplet.
error-invalid_after_move = Choisissez où aller après un coup : rester sur la partie ou passer à la suivante.
error-invalid_confirm_moves = Choisissez si les coups sont à confirmer : oui ou non.
error-method_not_allowed = Cette action est impossible ici.
error-payload_too_large = Le formulaire est trop volumineux.
error-bad_request = La requête n'a pas pu être lue.
error-internal = Une erreur est survenue de notre côté. Réessayez plus tard.
error-unavailable = Le site est momentanément indisponible. Réessayez plus tard.
error-invalid_start_position = Cette position de départ ne convient pas au jeu : aux échecs, donnez une FEN avec le trait aux Blancs ; en Chess960, un nombre de 0 à 959 ; au Reversi, le nom d'une ouverture de sa page de règles ; les autres jeux n'en acceptent aucune.
error-invalid_record = Cette partie ne peut pas être reprise : { $detail }.
error-conflicting_start = La partie indique une autre position de départ que celle que vous avez donnée : laissez ce champ vide.
error-import_needs_opponent = Une partie reprise d'ailleurs se poursuit contre son adversaire : donnez son nom.
error-import_needs_color = Une partie reprise d'ailleurs indique la couleur que vous y jouiez : choisissez Blancs ou Noirs.
error-import_is_casual = Une partie reprise d'ailleurs est amicale, car ses premiers coups n'ont pas été joués ici : choisissez « amicale ».
error-invalid_time_control = Vérifiez la cadence : jusqu'à 23 heures de plus par coup ; une réserve de temps commence avec 1 à 30 jours, gagne 0 à 14 jours par coup et contient au plus 60 jours, jamais moins qu'au départ.
error-conflicting_time_control = Donnez soit une cadence, soit un nombre de jours par coup, pas les deux.
error-invalid_requirement = Une condition pour accepter est un nombre entier : de 0 à 100 % de parties perdues au temps, de 0 à 1000 parties terminées.
error-requirements_need_open_challenge = Seul un défi ouvert à tous peut poser des conditions de fiabilité.
error-reliability_required = Votre bilan des 90 derniers jours ne remplit pas les conditions demandées : voyez-en les limites.
error-invalid_night = Ce n'est pas une nuit : donnez deux heures de la journée, espacées de 1 à 10 heures.
error-unknown_time_zone = Ce n'est pas un fuseau horaire : utilisez un nom comme Europe/Paris.
error-already_on_vacation = Vous êtes déjà en vacances.
error-not_on_vacation = Vous n'êtes pas en vacances.
error-invalid_vacation_length = Des vacances durent au moins une heure.
error-vacation_allowance_exceeded = C'est plus de vacances qu'il ne vous en reste cette année.
error-untimed_game = Cette partie n'a pas de pendule.
error-already_paused = Les pendules sont déjà en pause.
error-give_time_on_their_turn = Vous pouvez donner du temps lorsque c'est à votre adversaire de jouer.
error-too_many_time_gifts = Vous avez donné trois jours dans cette partie : c'est le maximum.
error-too_many_pauses = Deux pauses ont été accordées dans cette partie : c'est le maximum.
error-pause_already_offered = Vous demandez déjà une pause.
error-no_pause_offer = Votre adversaire ne demande pas de pause.
error-chat_rate_limited =
    { $secs ->
        [one] Vous écrivez trop vite : attendez { $secs } seconde.
       *[other] Vous écrivez trop vite : attendez { $secs } secondes.
    }
error-empty_message = Écrivez d'abord quelque chose : le message est vide.
error-message_too_long = Un message compte au plus 500 caractères et 20 retours à la ligne.
error-control_character = Le texte contient un caractère de contrôle : seuls les retours à la ligne et les tabulations sont permis.
error-note_too_long = Les notes comptent au plus 10 000 caractères.
error-chat_full = La discussion de cette partie est pleine.
error-chat_private = Les joueurs gardent cette discussion pour eux.
error-blocked = Ce joueur n'accepte ni vos messages ni vos défis.
error-you_block = Vous bloquez ce joueur : débloquez-le d'abord.
error-block_yourself = Vous ne pouvez pas vous bloquer vous-même.
error-too_many_blocks = Vous bloquez déjà le nombre maximal de joueurs : débloquez-en un d'abord.
error-invalid_push_endpoint = Cette adresse push est inutilisable : ce doit être une adresse https d'un service push.
error-invalid_push_keys = Le navigateur a envoyé des clés push inutilisables.
error-too_many_devices = Au plus 10 appareils peuvent être notifiés : retirez-en un d'abord.
error-invalid_email = Ce n'est pas une adresse e-mail.
error-email_disabled = Ce serveur n'envoie pas d'e-mails.
error-invalid_link = Ce lien est inconnu, déjà utilisé ou expiré.
error-invalid_digest_hour = Choisissez une heure de 00 à 23 pour le récapitulatif.
error-email_not_offered = Ce type d'avis n'est pas envoyé un par un par e-mail.
error-invalid_reset_request = Donnez votre nom d'utilisateur ou votre adresse e-mail.
error-computer_busy =
    { $secs ->
        [one] Trop de parties attendent la réponse de l'ordinateur : commencez une nouvelle partie contre lui dans { $secs } seconde. Les parties en cours continuent.
       *[other] Trop de parties attendent la réponse de l'ordinateur : commencez une nouvelle partie contre lui dans { $secs } secondes. Les parties en cours continuent.
    }
error-computer_replies_waiting =
    { $secs ->
        [one] Le nombre maximal de vos parties attendant la réponse de l'ordinateur pour en commencer une autre est atteint : commencez-la quand l'ordinateur aura répondu, dans environ { $secs } seconde. Les autres joueurs ne sont pas retardés par vos parties.
       *[other] Le nombre maximal de vos parties attendant la réponse de l'ordinateur pour en commencer une autre est atteint : commencez-la quand l'ordinateur aura répondu, dans environ { $secs } secondes. Les autres joueurs ne sont pas retardés par vos parties.
    }
error-too_many_computer_games = Vous avez le nombre maximal de parties en cours contre l'ordinateur : terminez-en une ou abandonnez-en une d'abord.
error-computer_opponent = Ce joueur est l'ordinateur : affrontez-le avec « Jouer contre l'ordinateur » en haut du salon.
error-invalid_level = Le niveau de l'ordinateur va de 1 à 8.
error-reserved_username = Les noms comme Computer-1 ou deleted-… sont réservés par le serveur : choisissez-en un autre.
error-computer_game = L'ordinateur n'accepte ni proposition de nulle ni pause, et n'a pas besoin de temps supplémentaire : continuez, abandonnez ou annulez la partie.
error-banned = Un administrateur a banni ce compte : il ne peut plus se connecter.
error-muted = Un administrateur vous a retiré la parole : vous ne pouvez pas écrire dans la discussion.
error-not_admin = Seuls les administrateurs peuvent faire cela.
error-wrong_password = Ce n'est pas votre mot de passe actuel.
error-already_reported = Vous avez déjà fait ce signalement : un administrateur le lira.
error-report_yourself = Vous ne pouvez pas vous signaler vous-même.
error-invalid_report = Signalez soit un joueur, soit un message de la discussion.
error-reason_too_long = Un motif compte au plus 500 caractères.
error-confirmation_mismatch = Saisissez votre nom d'utilisateur pour confirmer la suppression du compte.
error-target_is_admin = Un administrateur ne peut être ni privé de parole ni banni : retirez-lui d'abord son rôle.
error-no_change = Rien à changer : le compte est déjà dans cet état.
error-own_account = Un administrateur ne peut ni retirer la parole à son propre compte ni le bannir.
error-report_closed = Ce signalement est déjà clos.
error-rating_outside_limits = Votre classement dans ce jeu est hors des limites du tournoi.
error-already_joined = Vous participez déjà à ce tournoi.
error-tournament_full = Le tournoi est complet.
error-tournament_started = Les inscriptions au tournoi sont closes.
error-tournament_over = Le tournoi est terminé.
error-tournament_changed = Le tournoi a changé entre-temps : réessayez.
error-not_joined = Ce joueur ne participe pas à ce tournoi.
error-not_organiser = Seul l'organisateur du tournoi peut faire cela.
error-not_enough_players = Le tournoi n'a pas assez de joueurs pour commencer.
error-tournament_game = Une partie de tournoi ne peut pas être annulée : abandonnez-la plutôt.
error-invalid_name = Le nom d'un tournoi compte de 3 à 80 caractères sur une seule ligne.
error-unknown_format = Choisissez poules toutes rondes, système suisse ou élimination directe.
error-invalid_players = Un tournoi accueille au moins 2 et au plus 2 000 joueurs, le minimum ne dépassant pas le maximum.
error-invalid_section_size = Une poule compte de 3 à 12 joueurs.
error-invalid_advance = Le nombre de qualifiés par poule va de 1 à la moitié de la taille de la poule.
error-invalid_rounds = Un tournoi suisse compte de 1 à 30 rondes.
error-invalid_games_per_match = Un match à élimination directe compte 2, 4, 6, 8 ou 10 parties.
error-invalid_start = L'heure de début doit être dans le futur, au plus un an à l'avance.
error-computer_account = L'ordinateur ne joue que via « Jouer contre l'ordinateur ».
error-invalid_seasons = Une ligue compte de 1 à 50 saisons.
error-repertoire_moves_only = Un répertoire ne contient que des coups : ni « n'importe quel coup » ni actions.
error-no_repertoire = Chaque partie de ce jeu commence depuis sa propre position : un répertoire ne peut donc pas la suivre.
error-repertoire_needs_start = Une ligne de Chess960 suit une seule position de départ : donnez son numéro.
error-game_not_over = Les coups d'une partie rejoignent votre répertoire une fois qu'elle est terminée.
error-game_allowance = Pas maintenant : vous jouez déjà autant de parties que vous pouvez en mener pour l'instant. Ce nombre augmente avec chaque partie terminée ; une nouvelle partie pourra commencer quand une autre se terminera.
error-timeout_cooldown = Pas maintenant : après une partie perdue au temps, les inscriptions aux tournois sont suspendues un moment (les pages de règles indiquent combien de temps).
