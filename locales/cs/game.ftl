### The game page and what hangs off it: the board, moves, results, chat, the analysis board, conditional moves, the computer review and the repertoire.

game-kind-carried_over = Nehodnocená, převzatá odjinud
game-aborted = Zrušená
game-result = { $outcome } ({ $result })
game-to_move = Na tahu: { $color }
game-your_move = jste na tahu
game-title_your_turn = (jste na tahu)
game-passed = Pas: { $color } neměl přípustný tah, proto znovu táhne { $other }.
game-announce_last = Poslední tah: { $move }.
game-deadline = Termín { $when } (zbývá { $left })
game-scores_discs = Kameny: bílé { $white }, černé { $black }
game-scores_points = Body: bílé { $white }, černé { $black }
game-draw_offered = Remízu nabízí { $color }.
game-moves = Tahy
game-no_moves = Zatím žádné tahy.
game-next = Další partie, kde jsem na tahu
game-no_next = Žádná další partie nečeká na váš tah.
game-confirm_move = Odeslat tento tah:
game-confirm = Potvrdit
game-cancel_move = Zrušit
game-record = Stáhnout záznam
game-image = Deska jako obrázek
end-normal = konec partie
end-checkmate = mat
end-stalemate = pat
end-insufficient_material = nedostatečný materiál
end-fivefold_repetition = pětinásobné opakování pozice
end-seventy_five_move_rule = pravidlo 75 tahů
end-board_full = deska je plná
end-no_moves = už žádné tahy
end-all_placed = všechny figury rozmístěny
end-no_legal_placement = žádné přípustné umístění
end-resignation = vzdání
end-agreement = remíza dohodou
end-timeout = vypršel čas
end-adjudicated = rozhodnuto v termínu partie
end-threefold_repetition = reklamováno trojí opakování pozice
end-fifty_move_rule = reklamováno pravidlo 50 tahů
end-aborted = zrušeno
result-win-checkmate = { $winner } vyhrály matem
result-win-resignation = { $winner } vyhrály: soupeř se vzdal
result-win-timeout = { $winner } vyhrály na čas
result-win-adjudicated = { $winner } vyhrály v termínu partie
result-win-board_full = { $winner } vyhrály: deska je plná
result-win-no_moves = { $winner } vyhrály: už žádné tahy
result-win-all_placed = { $winner } vyhrály: všechny figury jsou rozmístěny
result-win-no_legal_placement = { $winner } vyhrály: druhá strana nemůže umístit figuru
result-win-other = { $winner } vyhrály ({ $reason })
result-draw-agreement = Remíza dohodou
result-draw-adjudicated = Remíza v termínu partie
result-draw-stalemate = Remíza patem
result-draw-insufficient_material = Remíza: ani jedna strana nemůže dát mat
result-draw-fivefold_repetition = Remíza pětinásobným opakováním pozice
result-draw-seventy_five_move_rule = Remíza podle pravidla 75 tahů
result-draw-threefold_repetition = Remíza trojím opakováním pozice, reklamovaná
result-draw-fifty_move_rule = Remíza podle pravidla 50 tahů, reklamovaná
result-draw-board_full = Remíza: deska je plná a kamenů je stejně
result-draw-other = Remíza ({ $reason })
result-both_lose-adjudicated = Oba hráči prohráli v termínu partie
result-both_lose-other = Oba hráči prohráli ({ $reason })
action-draw_offer = Nabídnout remízu
action-draw_accept = Přijmout remízu
action-draw_decline = Odmítnout remízu
action-draw_claim = Reklamovat remízu
action-abort = Zrušit partii
action-resign = Vzdát se
action-resign_confirm = Opravdu se chcete vzdát? Partii prohrajete.
action-resign_yes = Ano, vzdát se
action-cancel = Zrušit
replay-label = Přehrávání
replay-first = « První
replay-prev = ◀ Zpět
replay-next = Vpřed ▶
replay-last = Poslední »
replay-viewing = Prohlížíte tah { $move } ({ $ply } z { $total }).
replay-viewing_start = Prohlížíte výchozí pozici (0 z { $total }).
replay-back_to_live = Zpět na aktuální pozici
replay-keys = Klávesy: ← a → posouvají o krok, Home a End skočí na první a poslední pozici.
board-label = Deska
board-flip = Otočit desku
board-attacks = Zobrazit nebo skrýt napadená pole
board-promote = Proměnit v
board-unplaced = Figury k umístění
hint-reversi = Vyberte pole, kam položíte kámen.
hint-chess_select = Vyberte figuru, kterou chcete táhnout.
hint-chess_target = Vyberte, kam táhne (nebo znovu figuru, pokud chcete volbu zrušit).
hint-promote = Vyberte figuru, v niž se pěšec promění.
hint-chess_reversi_piece = Vyberte figuru k umístění.
hint-chess_reversi_square = Vyberte pole pro figuru.
hint-knight_fight = Vyberte, kam váš jezdec skočí.
hint-knight_fight_double = Jezdec skáče na dublet: vyberte jiný dublet, který o své číslo přijde.
game-serial_timeout = Sériová prohra na čas: tato prohra na čas přišla do 72 hodin od jiné prohry na čas téhož hráče, a proto nemění žádný rating.
game-deadline_ahead = Tato partie musí skončit do { $when }; poté { $rule }.
game-deadline_passed = Termín této partie uplynul { $when }: další tahy už nepřijímá a { $rule }.
game-rule-adjudicate = pozici posoudí enginy (jasná výhoda vyhrává, cokoli těsnějšího je remíza)
game-rule-draw = končí remízou
game-rule-both_lose = oba hráči prohrají
game-adjudicated_draw_rule = Termín partie uplynul a podle jejího pravidla skončila remízou.
game-adjudicated_both_lose_rule = Termín partie uplynul a podle jejího pravidla prohráli oba hráči: nikdo nezískává body a oba ratingy ji počítají jako prohru.
game-adjudicated_certain = Rozhodnuto v termínu partie: { $engine } viděl konec partie po { $line } (hloubka { $depth }).
game-adjudicated_score = Rozhodnuto v termínu partie: { $engine } po { $line } (hloubka { $depth }) ohodnotil pozici pro { $side } v { $unit } na { $score }. K výhře je třeba alespoň { $margin }; cokoli těsnějšího je remíza.
judge-built_in = engine serveru
judge-stockfish = Stockfish
action-give_time = Přidat den
action-pause_offer = Požádat o týden přestávky
action-pause_accept = Přijmout přestávku
action-pause_decline = Odmítnout přestávku
game-pause_offered = { $color } žádají o týdenní přestávku.
chat-title = Diskuse
chat-audience_public = Oba dovolujete divákům tuto diskusi číst.
chat-audience_private = Tuto diskusi čtete jen vy dva.
chat-empty = Zatím žádné zprávy.
chat-private = Hráči si tuto diskusi nechávají pro sebe.
chat-help = Nejvýše 500 znaků. Soupeř zprávu uvidí hned, nebo později ve svých oznámeních.
chat-send = Odeslat
chat-write_to = Zpráva pro { $name }
chat-block = Zablokovat hráče { $name }
chat-unblock = Odblokovat hráče { $name }
chat-closed = Diskuse k této partii je uzavřená.
chat-closed_you_block = Blokujete hráče { $name }, proto je diskuse k této partii uzavřená.
chat-note_title = Moje poznámky
chat-note_label = Soukromé poznámky k této partii: nikdy je neuvidí nikdo jiný než vy.
chat-note_save = Uložit poznámky
chat-note_saved = Vaše poznámky jsou uložené.
chat-note_saved_at = Naposledy uloženo { $when }.
computer-title = Hrát proti počítači
computer-intro = Počítač hraje všechny hry v osmi úrovních, od 1 (téměř náhodně, pro začátečníky) po 8 (naplno). Odpovídá během několika sekund. Partie proti počítači nejsou nikdy hodnocené; započítávají se do statistik her.
computer-level = Úroveň
computer-level_option = Úroveň { $level }
computer-time_hint = Počítač odpovídá během několika sekund: hodiny běží jen vám.
computer-start = Hrát proti počítači
computer-badge = počítač, úroveň { $level }
computer-game_kind = nehodnocená: proti počítači (nikdy hodnocená)
computer-player_hint = Toto je počítač: vlastní engine serveru na jedné úrovni. Nelze ho vyzvat; hrajte proti němu z herny.
computer-play_link = Hrát proti počítači na této úrovni
conditional-title = Podmíněné tahy
conditional-private = Své varianty až do konce partie vidíte jen vy. Když soupeř zahraje tah z varianty, vaše odpověď se zahraje okamžitě.
conditional-record = Varianty, které na konci partie ještě čekaly.
conditional-empty = Žádné varianty.
conditional-label = Nová varianta: tah soupeře, vaše odpověď a tak dále
conditional-help =
    { $lines ->
        [one] Tahy oddělené mezerami, od současné pozice (když jste na tahu, nejprve váš vlastní tah), např. „{ $example }“. Nejvýše 40 tahů ve variantě a nejvýše { $lines } varianta; varianta končí vaší odpovědí.
        [few] Tahy oddělené mezerami, od současné pozice (když jste na tahu, nejprve váš vlastní tah), např. „{ $example }“. Nejvýše 40 tahů ve variantě a nejvýše { $lines } varianty; varianta končí vaší odpovědí.
        [many] Tahy oddělené mezerami, od současné pozice (když jste na tahu, nejprve váš vlastní tah), např. „{ $example }“. Nejvýše 40 tahů ve variantě a nejvýše { $lines } varianty; varianta končí vaší odpovědí.
       *[other] Tahy oddělené mezerami, od současné pozice (když jste na tahu, nejprve váš vlastní tah), např. „{ $example }“. Nejvýše 40 tahů ve variantě a nejvýše { $lines } variant; varianta končí vaší odpovědí.
    }
conditional-add = Přidat variantu
conditional-delete = Smazat
conditional-delete_label = Smazat variantu
conditional-error-illegal_move = Tah { $number } varianty ({ $move }) není na svém místě přípustný.
conditional-error-malformed_move = Tah { $number } varianty ({ $move }) není tahem této hry.
conditional-error-line_past_end = Tah { $number } varianty ({ $move }) přichází až po konci partie.
conditional-error-empty_line = Napište tahy varianty oddělené mezerami.
conditional-error-line_too_long = Varianta má nejvýše 40 tahů.
conditional-error-no_reply = Varianta obsahuje tah soupeře a končí vaší odpovědí.
conditional-error-too_many_lines =
    { $lines ->
        [one] V této partii máte { $lines } variantu, nejvíc, kolik lze: nejprve ji smažte.
        [few] V této partii máte { $lines } varianty, nejvíc, kolik lze: nejprve jednu smažte.
        [many] V této partii máte { $lines } varianty, nejvíc, kolik lze: nejprve jednu smažte.
       *[other] V této partii máte { $lines } variant, nejvíc, kolik lze: nejprve jednu smažte.
    }
conditional-error-duplicate_line = Tuto variantu už máte zadanou.
conditional-error-conflicting_line = Jiná vaše varianta odpovídá na stejnou pozici jiným tahem.
conditional-error-stale_ply = Partie mezitím pokročila: zkontrolujte variantu proti současné pozici. Nebyla uložena.
conditional-help_steps = Za libovolný tah soupeře napište *: tahy po něm se ověří, až na ně dojde. Varianta, která uvádí konkrétní tah soupeře, má přednost před variantou, která má na tom místě *.
conditional-action = Zakončit variantu
conditional-action-none = jejím posledním tahem
conditional-step-any = (libovolný tah)
conditional-step-draw-offer = nabídnout remízu
conditional-step-draw-accept = přijmout nabídku remízy
conditional-step-draw-claim = reklamovat remízu
conditional-step-resign = vzdát se
conditional-error-any_for_opponent = Tah { $number } varianty (*) je váš: libovolný tah může být jen tah soupeře.
conditional-error-action_not_yours = Krok { $number } varianty ({ $move }) připadá na tah soupeře: akce nahrazuje váš tah.
conditional-error-action_not_last = Krok { $number } varianty ({ $move }) je akce: akcí varianta končí.
conditional-error-no_draw_claim = Krok { $number } varianty ({ $move }): tam není remíza, kterou by šlo reklamovat.
conditional-error-computer_game = Počítač nepřijímá nabídky remízy: varianta proti němu končí tahem, reklamací remízy nebo vzdáním.
conditional-on_board = Nebo variantu zahrajte na analytické desce.
analysis-open = Analytická deska
analysis-title = Analytická deska
review-title = Počítačový rozbor
review-open = Počítačový rozbor
review-not_over = Rozbor partie je možný, až partie skončí.
review-request = Požádat engine o rozbor této partie
review-sign_in = Rozbor této partie enginem je dostupný po přihlášení.
review-queued = Engine tuto partii rozebírá: vraťte se za pár minut.
review-failed = Engine tuto partii nedokázal rozebrat.
review-marked = Označené tahy
review-no_marks = Žádný tah neztratil tolik, aby byl označen.
review-mark-inaccuracy = nepřesnost
review-mark-mistake = chyba
review-mark-blunder = hrubá chyba
review-lost = ztráta v { $unit }: { $loss }; lepší: { $better }
review-graph_title = Hodnocení enginu po každém tahu, výhoda bílých nahoře
review-thresholds = Ztráta se měří v { $unit }: tah, který oproti nejlepšímu tahu enginu ztratí alespoň { $inaccuracy }, je nepřesnost, alespoň { $mistake } chyba, alespoň { $blunder } hrubá chyba.
analysis-eval_title = Hodnocení enginu
analysis-eval_button = Ohodnotit tuto pozici
analysis-eval_not_allowed = Tato partie se hraje bez enginů: hodnocení enginem se zpřístupní, až skončí.
analysis-eval_sign_in = Hodnocení pozice enginem je dostupné po přihlášení.
analysis-eval_forced = Je tu jen jeden tah: není co zvažovat.
analysis-eval_level = Pozice je vyrovnaná.
analysis-eval_ahead = { $side } vedou, náskok v { $unit }: { $value }.
analysis-eval_mate = { $side } dají mat { $moves }. tahem.
analysis-eval_wins = { $side } při nejlepší hře vyhrají, rozdíl v { $unit }: { $value }.
analysis-eval_draw = Při nejlepší hře remíza.
analysis-eval_line = Nejlepší varianta:
analysis-eval_depth =
    { $nodes ->
        [one] Hloubka { $depth }, prohledána { $nodes } pozice.
        [few] Hloubka { $depth }, prohledány { $nodes } pozice.
        [many] Hloubka { $depth }, prohledáno { $nodes } pozice.
       *[other] Hloubka { $depth }, prohledáno { $nodes } pozic.
    }
analysis-not_sent = Tahy zahrané tady se do partie neposílají.
analysis-from_start = Z výchozí pozice.
analysis-from_move = Z pozice po { $move }.
analysis-live = (aktuální pozice)
analysis-back = Zpět k partii
analysis-steps = Procházení variantou
analysis-line = Varianta
analysis-no_line = Zatím žádné tahy: zahrajte nějaký na desce, nebo ho vyberte níže.
analysis-clear = Začít znovu z této pozice
analysis-use_conditional = Použít tyto tahy jako podmíněnou variantu
analysis-from_live = Podmíněné varianty začínají v aktuální pozici: analyzujte odtud
analysis-others = Další varianty
analysis-legal = Přípustné tahy
game-tournament = Turnajová partie: pořadí
board-explain_all = Ratingy Glicko-2 v této hře, včetně předběžných (označených otazníkem: méně partií, menší jistota). Hráči, kteří v posledních měsících nehráli v této hře hodnocenou partii, uvedeni nejsou.
board-with_provisional = Zobrazit i předběžné ratingy
board-established_only = Jen ustálené ratingy
board-provisional = předběžný
repertoire-title = Repertoár
repertoire-about = Vaše odpovědi pro každou hru, uložené jednou pro všechny vaše partie: dokud tahy partie sledují některou z vašich variant, vaše odpověď se zahraje okamžitě, a to v každé partii, kde repertoár odpovídá (zapnuto, pokud nastavení neříká jinak; v partii ho lze vypnout). Které tahy pocházely z repertoáru, se soupeř dozví až po skončení partie.
repertoire-added = Varianta je ve vašem repertoáru.
repertoire-lines = Vaše varianty
repertoire-empty = Váš repertoár zatím neobsahuje žádné varianty.
repertoire-add_title = Přidat variantu
repertoire-color = Hrajete za
repertoire-start_hint = Prázdné: obvyklá výchozí pozice hry. Chess960: číslo výchozí pozice, z níž varianta vychází. Šachy: pozice ve FEN; Reversi: zahájení z jeho stránky s pravidly.
repertoire-line = Tahy od začátku, obou stran
repertoire-line_hint =
    { $plies ->
        [one] Napište je jako v zápisu (1. e4 e5 2. Nf3 Nc6 3. Bb5), nebo vložte záznam (u šachů PGN). Varianta končí vaším tahem; uloží se první { $plies } tah. Varianty se rozcházejí na tazích soupeře: varianta, která na nějakou pozici odpovídá jinak než jiná, se odmítne.
        [few] Napište je jako v zápisu (1. e4 e5 2. Nf3 Nc6 3. Bb5), nebo vložte záznam (u šachů PGN). Varianta končí vaším tahem; uloží se první { $plies } tahy. Varianty se rozcházejí na tazích soupeře: varianta, která na nějakou pozici odpovídá jinak než jiná, se odmítne.
        [many] Napište je jako v zápisu (1. e4 e5 2. Nf3 Nc6 3. Bb5), nebo vložte záznam (u šachů PGN). Varianta končí vaším tahem; uloží se prvních { $plies } tahu. Varianty se rozcházejí na tazích soupeře: varianta, která na nějakou pozici odpovídá jinak než jiná, se odmítne.
       *[other] Napište je jako v zápisu (1. e4 e5 2. Nf3 Nc6 3. Bb5), nebo vložte záznam (u šachů PGN). Varianta končí vaším tahem; uloží se prvních { $plies } tahů. Varianty se rozcházejí na tazích soupeře: varianta, která na nějakou pozici odpovídá jinak než jiná, se odmítne.
    }
repertoire-add = Přidat variantu
repertoire-on_here = V této partii repertoár odpovídá.
repertoire-off_here = V této partii je repertoár vypnutý.
repertoire-turn_off = Vypnout
repertoire-turn_on = Zapnout
repertoire-manage = Váš repertoár
repertoire-played = Zahráno z repertoáru:
repertoire-add_from_game = Přidat zahájení této partie do mého repertoáru
analysis-add_to_repertoire = Přidat tahy až sem do mého repertoáru
