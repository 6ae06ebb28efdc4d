### The rules pages of the games.

rules-statistics = Statistiques des parties : victoires des Blancs { $white } ({ $white_pct } %), victoires des Noirs { $black } ({ $black_pct } %), nulles { $draws } ({ $draws_pct } %)
rules-statistics_both_lost = défaites des deux joueurs à l'échéance { $both_lost } ({ $both_lost_pct } %)
rules-play = Jouer à ce jeu
rules-recent = Parties terminées récemment
rules-ended = Fin
rules-common = Deux joueurs, les Blancs et les Noirs ; les Blancs jouent toujours en premier. Outre les fins prévues par les règles du jeu, une partie se termine quand un joueur abandonne, quand les deux conviennent de la nulle (une proposition devient caduque quand l'adversaire joue ou la refuse), ou quand le joueur au trait laisse s'écouler son temps par coup et perd ainsi. Tant que les deux joueurs n'ont pas joué, chacun peut annuler la partie : elle n'a alors aucun résultat et ne compte nulle part.
rules-chess960 =
    Le Chess960, aussi appelé Fischer Random, est une variante des échecs où les pièces placées derrière les pions sont mélangées. Chaque partie commence depuis l'une de 960 positions, tirée au hasard à la création de la partie : les pièces blanches occupent la première rangée dans un certain ordre, avec les fous sur des cases de couleurs différentes et le roi entre les deux tours, et les pièces noires leur font face en miroir. Tout le reste suit les règles des échecs ci-dessous.

    Le roque aboutit aux cases habituelles, quelles que soient les cases de départ du roi et de la tour : le roque du côté de la colonne h place le roi en g1 et la tour en f1 (g8 et f8 pour les Noirs), le roque du côté de la colonne a place le roi en c1 et la tour en d1 (c8 et d8). Il est permis quand ni le roi ni cette tour n'ont bougé, quand toutes les cases que les deux pièces traversent ou atteignent sont vides, hormis celles qu'elles occupent elles-mêmes, quand le roi n'est pas en échec et qu'aucune case que le roi traverse ou atteint n'est attaquée. Pour roquer, placez le roi sur sa propre tour. Le coup s'écrit O-O ou O-O-O, et dans l'API comme la case du roi suivie de celle de la tour (b1a1).
rules-chess =
    Les échecs se jouent selon les Règles du jeu d'échecs de la FIDE : la position de départ habituelle, tous les déplacements des pièces, le roque, la prise en passant et la promotion en dame, tour, fou ou cavalier. L'échec et mat gagne ; le pat donne la nulle.

    Certaines nulles surviennent d'elles-mêmes : quand aucun camp ne peut plus jamais mater (il ne reste que les rois, ou un roi avec un seul cavalier, ou des fous tous sur des cases de même couleur), quand la même position se présente pour la cinquième fois, ou après 75 coups de chaque camp sans prise ni mouvement de pion.

    D'autres nulles doivent être réclamées par le joueur au trait : quand la position s'est présentée trois fois, ou après 50 coups de chaque camp sans prise ni mouvement de pion.

    Les coups sont affichés en notation algébrique standard, avec les lettres anglaises des pièces (Nf3, O-O, e8=Q), et les parties terminées peuvent être téléchargées au format PGN.
rules-reversi =
    Le Reversi se joue ici sur un plateau de { $size }x{ $size } initialement vide.

    Les quatre premiers coups (Blancs, Noirs, Blancs, Noirs) posent chacun un pion de la couleur du joueur sur l'une des quatre cases centrales vides, sans rien retourner.

    Ensuite, vous posez un pion sur une case vide de sorte que, dans au moins l'une des huit directions, une ligne continue de pions adverses la relie à l'un de vos pions. Toutes ces lignes, dans toutes les directions, sont retournées à votre couleur.

    Si vous n'avez aucun coup de ce type alors que votre adversaire en a un, vous devez passer ; le serveur joue la passe pour vous et elle compte comme un coup. Quand aucun joueur ne peut jouer, ou que le plateau est plein, la partie se termine : celui qui a le plus de pions gagne ; à égalité, la partie est nulle.
rules-chess-reversi =
    Échecs-Reversi est un jeu de placement sur un échiquier. Chaque camp dispose de huit pièces, roi, dame, deux tours, deux fous et deux cavaliers, et en place une par coup. Les pièces placées ne bougent jamais ; la partie dure exactement seize coups.

    Le premier coup des Blancs place le roi n'importe où. Toute autre pièce doit être placée à côté d'au moins une pièce adverse. Le roi noir est placé en dernier, au huitième coup des Noirs. Votre second fou doit se trouver sur une case de l'autre couleur que le premier.

    Quand votre adversaire vient de placer sa dame et que la vôtre n'est pas encore sur l'échiquier, vous devez placer votre dame. Les Noirs doivent placer leur dame au plus tard à leur septième coup. La huitième pièce des Blancs doit laisser au moins une case vide à côté d'elle, et le roi noir doit être placé à côté de la huitième pièce des Blancs. Un camp qui ne peut placer aucune pièce perd.

    Décompte : chaque pièce attaque des cases comme aux échecs (les pièces à longue portée s'arrêtent à la première pièce, quelle que soit sa couleur). Vous marquez un point pour chaque case vide attaquée par chacune de vos pièces : une case attaquée par deux de vos pièces rapporte deux points, et une case attaquée par les deux camps rapporte aux deux. Après le seizième coup, le score le plus élevé l'emporte ; à égalité, la partie est nulle. La page de la partie peut ombrer les cases que chaque camp attaque.
rules-knight-fight =
    Le Combat de cavaliers se joue sur un plateau de 10x10. À la création de la partie, chaque case reçoit au hasard un nombre différent, de 00 à 99.

    Chaque camp a un cavalier, d'abord hors du plateau. Les Blancs le placent sur une case numérotée de la première rangée, les Noirs sur une case numérotée de la dixième rangée ; ensuite, chaque coup est un saut de cavalier.

    Un cavalier ne peut atterrir que sur une case qui porte encore un nombre et que l'autre cavalier n'attaque pas. Y atterrir rapporte ce nombre et l'efface ; la case que quitte un cavalier reste vide jusqu'à la fin de la partie.

    Règle du miroir : si le nombre sur lequel vous atterrissez a deux chiffres différents, comme 57 (ou 05), la case qui porte le nombre inversé (75, ou 50) perd son nombre, et personne ne le marque.

    Règle du double : si vous atterrissez sur un double (00, 11, … 99) et qu'une autre case porte encore un double, vous devez aussi choisir l'une de ces cases, qui perd son nombre.

    La partie se termine quand le joueur au trait n'a aucun coup légal. Le score le plus élevé l'emporte ; à égalité, la partie est nulle.
rules-statistics_usual = Seules les parties jouées depuis le départ habituel comptent ici : ni celles jouées depuis une position choisie, ni les parties reprises d'ailleurs.
rules-statistics_here = Seules les parties jouées ici depuis leur début comptent ici, pas les parties reprises d'ailleurs.
rules-openings_title = Ouvertures
rules-openings = Un défi peut commencer par l'une de ces ouvertures au lieu du centre vide : chacune consiste en quelques coups après lesquels notre moteur juge la position à peu près équilibrée. Écrivez son nom dans le champ « position de départ » du défi.
rules-conditional_title = Coups conditionnels
rules-conditional =
    Dans une partie en cours, un joueur peut saisir à l'avance des lignes sous le plateau : « si mon adversaire joue ceci, je réponds cela, et s'il joue ensuite ceci, je réponds cela ». Quand l'adversaire joue le coup d'une ligne, la réponse est jouée aussitôt, comme coup du joueur lui-même ; elle ne consomme rien de son temps. Seul le joueur voit ses lignes jusqu'à la fin de la partie ; les lignes encore en attente font alors partie de la partie enregistrée. Le nombre de lignes d'un joueur dans une partie est limité à { $lines }, chacune de 40 coups au plus.

    Une ligne est vérifiée selon les règles lors de sa saisie. Deux lignes d'un même joueur ne peuvent diverger qu'à un coup de l'adversaire : une position n'a donc jamais deux réponses.

    N'importe quel coup : une ligne peut indiquer * pour un coup de l'adversaire, c'est-à-dire quoi qu'il joue (au Reversi, y compris une passe). Les coups qui suivent ne peuvent être vérifiés qu'au moment venu : si la réponse n'est alors pas légale, rien n'est joué, la ligne est supprimée, et l'avis « à vous de jouer » du joueur l'indique. Lorsqu'une ligne précise le coup de l'adversaire et qu'une autre indique * au même endroit, c'est la ligne qui précise le coup qui répond.

    Une ligne peut se terminer par une action à la place du dernier coup du joueur : proposer la nulle, accepter la proposition de nulle de l'adversaire, réclamer la nulle (là où les règles le permettent : aux échecs, triple répétition ou règle des 50 coups), ou abandonner. L'action suit les mêmes règles que son bouton sur la page de la partie ; si elles la refusent à ce moment-là (par exemple, aucune nulle n'a été proposée), la ligne est supprimée et l'avis en donne la raison. L'ordinateur n'accepte aucune proposition de nulle : une ligne contre lui ne peut donc ni en proposer ni en accepter.

    Répertoire : des lignes qu'un joueur conserve une fois pour toutes ses parties d'un même jeu, depuis le départ, sur sa page de répertoire (saisies comme une ligne ici, collées sous forme de partie notée, ajoutées depuis une partie terminée ou depuis le plateau d'analyse). Dans chaque partie où son répertoire répond (activé sauf indication contraire dans ses paramètres ; chaque partie a un interrupteur), tant que les coups de la partie suivent l'une de ses lignes, la réponse est jouée aussitôt, comme celle d'une ligne conditionnelle ; une ligne conditionnelle de la partie répond en priorité. Quand les répertoires des deux joueurs répondent, ils jouent aussitôt la ligne qu'ils ont en commun, le nombre de coups ainsi joués pour un coup d'un joueur étant limité à { $cap }. Les coups issus d'un répertoire restent privés jusqu'à la fin de la partie ; la partie enregistrée l'indique alors.
rules-engines_title = Moteurs, évaluation et analyse
rules-engines =
    Chaque défi et chaque tournoi indique si ses joueurs peuvent utiliser des moteurs. Sans moteur, le réglage par défaut : les joueurs réfléchissent par eux-mêmes. Moteurs autorisés : les deux joueurs peuvent consulter moteurs et bases de données, et une partie classée compte dans un classement distinct réservé à ces parties, avec son propre tableau des meilleurs joueurs.

    Évaluation : sur le plateau d'analyse, « Évaluer cette position » demande au moteur du serveur quel camp est mieux placé et de combien (en pions, aux échecs comme au Reversi, ou en points), ou la fin qu'il voit, avec la meilleure ligne sur quelques coups de profondeur. Elle est toujours disponible pour une partie terminée ; pendant la partie, seulement si celle-ci autorise les moteurs. Chaque joueur peut la demander six fois par minute.

    Analyse par ordinateur : une fois la partie terminée, tout joueur connecté peut en demander l'analyse. Le moteur compare chaque coup au meilleur coup qu'il voit dans la position et signale ceux qui coûtent le plus : aux échecs, une imprécision à partir d'un demi-pion, une erreur à partir d'un pion, une gaffe à partir de deux ; au Reversi et aux Échecs-Reversi, à partir de 2, 4 et 8 pions ou points ; au Combat de cavaliers, à partir de 5, 10 et 20 points. La page d'analyse montre un graphique de l'évaluation après chaque coup et les coups signalés avec le meilleur coup ; le PGN d'une partie d'échecs contient ces annotations.
rules-time_title = Temps
rules-time =
    Chaque partie a une cadence, choisie dans le défi. Par coup : le joueur au trait dispose du même temps pour chaque coup (1, 2, 3, 5, 7, 10 ou 14 jours, plus jusqu'à 23 heures) ; la pendule repart à plein après chaque coup. Réserve de temps : chaque joueur dispose d'une réserve qui commence avec les jours initiaux ; le temps pris par un coup est retiré de la réserve du joueur, et après le coup la réserve gagne les jours ajoutés par coup, sans jamais dépasser son plafond (par exemple 3 jours + 1 jour par coup, 7 jours au plus). Sans limite de temps : pas de pendule, et la partie n'est jamais perdue au temps.

    Le joueur au trait perd au temps quand son échéance est passée : un coup envoyé après est refusé, et le serveur termine la partie. La page de la partie et Mes parties affichent le temps restant et l'échéance en UTC ; seule la pendule du joueur au trait tourne.

    Week-ends libres : un défi peut arrêter les pendules le week-end. La pendule d'un joueur ne tourne alors pas du samedi 00:00 au lundi 00:00 dans son propre fuseau horaire (UTC, sauf s'il en choisit un autre sur sa page de paramètres), et sa pendule affiche « Week-end ». Un week-end qui chevauche un passage à l'heure d'été ou d'hiver dure sa durée réelle.

    Nuits libres : chaque joueur peut choisir une pause nocturne de 1 à 10 heures sur sa page de paramètres (par exemple de 23:00 à 07:00 dans son propre fuseau horaire). Chaque nuit pendant cette plage, sa pendule s'arrête, quelle que soit la cadence, et affiche « Nuit jusqu'au … ». La plage suit l'heure locale : une nuit qui chevauche un passage à l'heure d'été ou d'hiver dure donc une heure de moins ou de plus en temps réel. Un défi ou un tournoi peut indiquer « sans nuits libres » : dans ses parties, la nuit n'arrête aucune pendule.

    Vacances : chaque joueur dispose de { $days ->
        [one] { $days } jour
       *[other] { $days } jours
    } de vacances par an, comptés en heures et renouvelés chaque 1er janvier (UTC) ; le reliquat n'est pas reporté. Des vacances commencent immédiatement depuis la page de paramètres (ou l'API) et durent le nombre d'heures demandé, décompté du crédit dès le départ ; les terminer plus tôt rend les heures entières non utilisées. Pendant ce temps, la pendule du joueur est arrêtée dans chaque partie qui autorise les vacances (l'adversaire voit « En vacances jusqu'au … »), et il peut toujours jouer. Un défi peut indiquer « sans vacances » : dans sa partie, les vacances n'arrêtent aucune pendule.

    Vacances automatiques : quand un joueur perdrait au temps une partie qui autorise les vacances, qu'il n'est pas en vacances et qu'il lui reste du crédit, des vacances d'un jour (ou de ce qu'il reste, si c'est moins) commencent à la place, et sa page de paramètres l'indique. Ce réglage est activé pour tous et peut être désactivé sur la page de paramètres. S'il ne reste plus de crédit, la partie est perdue.

    Pertes au temps en série : une perte au temps survenant moins de 72 heures après une autre perte au temps du même joueur est marquée comme perte au temps en série. La première perte d'une telle série compte normalement pour le classement ; les suivantes ne modifient le classement d'aucun des deux joueurs (leurs résultats comptent toujours dans les statistiques).

    Temps supplémentaire et pauses : quand c'est à l'adversaire de jouer, un joueur peut lui donner un jour de temps de jeu, trois jours au plus par partie. Chaque joueur peut demander une pause ; si l'adversaire accepte, les deux pendules s'arrêtent pendant sept jours à partir de ce moment (deux pauses au plus par partie). Une demande devient caduque quand l'adversaire joue.

    Protection contre les interruptions : quand le serveur a été arrêté plus d'une heure (l'hébergeur peut modifier ce seuil), l'échéance de chaque partie active est repoussée de toute la durée de l'interruption, avant qu'aucune partie ne soit terminée au temps. Personne ne perd au temps parce que le serveur était arrêté.

    Nombre de parties : un joueur peut mener { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    } à la fois contre des humains, plus une pour chaque partie qu'il a terminée, jusqu'à { $ceiling } (les parties contre l'ordinateur ne comptent ni dans l'un ni dans l'autre). Au-delà, les nouveaux défis et inscriptions sont refusés jusqu'à la fin d'une partie. Après une perte au temps, un joueur ne peut pas s'inscrire à des tournois pendant { $cooldown ->
        [one] { $cooldown } jour
       *[other] { $cooldown } jours
    }.

    Fiabilité : chaque défi et la page de chaque joueur affichent un bilan des 90 derniers jours : les parties perdues au temps (combien, et leur part parmi les parties terminées), le temps moyen par coup (un coup joué aussitôt, comme un coup conditionnel, ne compte pas), les parties en cours et terminées, et les vacances restantes. Un défi ouvert ou un tournoi peut exiger une part maximale de parties perdues au temps et un nombre minimal de parties terminées ; sans cela, il ne peut être ni accepté ni rejoint. Chaque défi et chaque tournoi indique aussi la durée prévue d'une partie, en jours : d'après sa cadence, le temps par coup des deux joueurs (la moyenne du site pour un joueur qui n'a pas assez de parties) et le nombre habituel de coups de ce jeu ici.

    Durée limite : un défi ou un tournoi peut limiter ses parties à un nombre de jours depuis leur début (de 1 à 365). La page de la partie affiche l'échéance. Une fois celle-ci passée, la partie n'accepte plus de coups et, en quelques secondes, elle est décidée par la règle choisie par son défi ou son tournoi. Nulle : la partie est déclarée nulle. Les deux perdent : aucun joueur ne marque de point, et le classement de chacun la compte comme une défaite. Les moteurs jugent : le moteur du serveur analyse la position à son meilleur niveau (aux échecs avec Stockfish, si l'hébergeur l'a installé) ; quand l'analyse voit la fin de la partie (un mat, un Reversi joué jusqu'au dernier pion, le dernier placement aux Échecs-Reversi), c'est le résultat ; sinon, un camp ne gagne que s'il a un net avantage, d'au moins 3 pions aux échecs, 4 pions au Reversi, 3 points aux Échecs-Reversi ou 10 au Combat de cavaliers, et tout écart inférieur donne la nulle. Un joueur dont le temps s'écoule après l'échéance de la partie ne perd pas au temps. Le résultat compte dans les classements, les statistiques et le tournoi comme tout autre, et la page de la partie indique comment il a été obtenu : l'évaluation, la ligne vue par le moteur et la règle. La page d'un tournoi affiche l'échéance de chaque ronde et la date la plus tardive à laquelle le tournoi peut se terminer.
