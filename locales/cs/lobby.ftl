### The lobby: challenges, open games and declining.

lobby-title = Herna
lobby-to_me = Výzvy pro vás
lobby-open = Otevřené výzvy
lobby-mine = Vaše čekající výzvy
lobby-none = Momentálně žádné.
lobby-variant = Hra
lobby-challenger = Vyzyvatel
lobby-opponent = Soupeř
lobby-anyone = kdokoli
lobby-color = Vyzyvatel hraje za
lobby-your_color = Hrajete za
lobby-days = Dní na tah
lobby-accept = Přijmout
lobby-cancel = Zrušit
lobby-create = Nová výzva
lobby-opponent_optional = Soupeř (prázdné: otevřená komukoli)
lobby-create_button = Vytvořit výzvu
lobby-kind = Hodnocená, nebo nehodnocená
lobby-rated = hodnocená
lobby-casual = nehodnocená
lobby-range = Rozsah ratingu
lobby-min_rating = Nejnižší rating, který smí výzvu přijmout (nepovinné, jen otevřené výzvy)
lobby-max_rating = Nejvyšší rating, který smí výzvu přijmout (nepovinné, jen otevřené výzvy)
lobby-out_of_range = mimo váš rating
games-none = Tady nejsou žádné partie.
games-opponent = Soupeř
games-move = Tah
games-status = Zbývající čas / výsledek
games-open = Otevřít
games-my_turn = Jste na tahu
games-waiting = Čeká se na soupeře
games-finished = Dokončené
games-older = Starší partie
games-newest = Zpět na moje současné partie
lobby-time = Časová kontrola
lobby-kind-per_move = Na tah
lobby-kind-bank = Zásoba času
lobby-kind-untimed = Bez časového limitu
lobby-time_hint = Na tah: platí počet dní na tah a hodiny navíc; zásoba času: platí počáteční dny, dny přidané za tah a strop.
lobby-time_rules = Jak funguje čas
lobby-extra_hours = Hodiny navíc na tah (0–23)
lobby-bank_initial = Zásoba času: počáteční dny (1–30)
lobby-bank_increment = Zásoba času: dny přidané za tah (0–14)
lobby-bank_cap = Zásoba času: nejvýše dní (počáteční–60)
lobby-start_optional = Výchozí pozice (nepovinné)
lobby-start_hint = Šachy: pozice ve FEN s bílými na tahu (tematická výchozí pozice). Chess960: číslo výchozí pozice od 0 do 959. Reversi: zahájení z jeho stránky s pravidly, například 8x8-01. Prázdné: obvyklá výchozí pozice. Partie ze zvolené pozice se nezapočítávají do žádných statistik.
lobby-start-chess960 = Výchozí pozice č. { $number }
lobby-start-fen = Z pozice { $fen }
lobby-start-opening = Zahájení { $name }
lobby-record_summary = Pokračovat v partii odjinud
lobby-record = Její dosavadní záznam
lobby-record_hint = Vložte dosud zahrané tahy: PGN pro šachy a Chess960 (tag FEN uvádí, odkud partie začala), záznam stažený odsud nebo holé tahy pro ostatní hry. Uveďte soupeře a barvu, za kterou hrajete; partie je nehodnocená a po přijetí výzvy pokračuje tam, kde záznam končí.
lobby-carried =
    { $count ->
        [one] Pokračuje po { $count } tahu
        [few] Pokračuje po { $count } tazích
        [many] Pokračuje po { $count } tahu
       *[other] Pokračuje po { $count } tazích
    }
lobby-weekends_off = Volné víkendy (sobota a neděle každého hráče se nepočítají)
lobby-no_vacation = Bez dovolené (dovolená hodiny nezastaví)
lobby-no_nights = Bez nočního klidu (noční přestávky hráčů hodiny nezastaví)
lobby-max_time_loss_percent = Nejvyšší podíl partií prohraných na čas v procentech, který smí mít za 90 dní ten, kdo výzvu přijme (nepovinné, jen otevřené výzvy)
lobby-min_finished_games = Nejnižší počet dokončených partií, který musí mít ten, kdo výzvu přijme (nepovinné, jen otevřené výzvy)
lobby-requirements_hint = U každé výzvy je vidět bilance vyzyvatele za posledních 90 dní a očekávaná délka partie.
decline-generic = Ne, děkuji.
decline-later = Teď ne, možná později.
decline-tooFast = Na mě moc rychlé.
decline-tooSlow = Na mě moc pomalé.
decline-timeControl = Jinou časovou kontrolu, prosím.
decline-rated = Hodnocenou partii, prosím.
decline-casual = Nehodnocenou partii, prosím.
decline-standard = Klasické šachy, prosím.
decline-variant = Jinou hru, prosím.
decline-noBot = Nehraji proti botům.
decline-onlyBot = Hraji jen proti botům.
lobby-decline = Odmítnout
lobby-decline_reason = Důvod (vyzyvatel ho uvidí)
lobby-declined = Výzva odmítnuta.
