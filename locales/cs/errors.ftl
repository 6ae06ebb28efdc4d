### Error pages and refusals.

error-back_home = Zpět na úvodní stránku
error-status-400 = Chybný požadavek
error-status-401 = Vyžaduje přihlášení
error-status-403 = Nepovoleno
error-status-404 = Nenalezeno
error-status-405 = Zde nepovoleno
error-status-409 = Konflikt
error-status-413 = Příliš velké
error-status-422 = Nepřijato
error-status-429 = Příliš mnoho pokusů
error-status-500 = Něco se pokazilo
error-status-503 = Nedostupné
error-not_found = Nic tu není: stránka, partie ani hráč neexistuje.
error-stale_ply = Partie se mezitím změnila v jiné záložce nebo tahem soupeře: tady je pozice, jak stojí teď. Nic nebylo zahráno.
error-game_over = Partie skončila.
error-not_your_turn = Nejste na tahu.
error-not_a_player = V této partii nehrajete.
error-bot_plays_through_api = Toto je účet bota: hraje přes rozhraní API pro boty (/api/bot/…), ne přes formuláře webu.
error-illegal_move = Tento tah tu není přípustný.
error-malformed_move = To není tah.
error-invalid_username = Uživatelské jméno má 3 až 20 písmen, číslic, _ nebo -.
error-username_taken = Toto uživatelské jméno je obsazené.
error-invalid_password = Heslo má alespoň 8 znaků.
error-invalid_credentials = Chybné uživatelské jméno nebo heslo.
error-database_unavailable = Databáze teď neodpovídá. Nic se neztratilo: zkuste to za pár sekund znovu.
error-request_timeout = Server odpovídal příliš dlouho. Nic se neztratilo: zkuste to za pár sekund znovu.
error-rate_limited =
    { $secs ->
        [one] Příliš mnoho pokusů: zkuste to znovu za { $secs } sekundu.
        [few] Příliš mnoho pokusů: zkuste to znovu za { $secs } sekundy.
        [many] Příliš mnoho pokusů: zkuste to znovu za { $secs } sekundy.
       *[other] Příliš mnoho pokusů: zkuste to znovu za { $secs } sekund.
    }
error-busy =
    { $secs ->
        [one] Server je vytížený: zkuste to znovu za { $secs } sekundu.
        [few] Server je vytížený: zkuste to znovu za { $secs } sekundy.
        [many] Server je vytížený: zkuste to znovu za { $secs } sekundy.
       *[other] Server je vytížený: zkuste to znovu za { $secs } sekund.
    }
error-blank_password = Heslo nemůže být jen z mezer.
error-password_control_character = Heslo nesmí obsahovat řídicí znaky.
error-common_password = Toto heslo patří k nejběžnějším: zvolte jiné.
error-too_many_tokens = Máte nejvyšší povolený počet tokenů API: nejprve jeden zrušte.
error-invalid_token_name = Název tokenu má nejvýše 60 znaků.
error-cross_site_request = Formuláře odeslané z jiného webu se odmítají.
error-challenge_taken = Tato výzva už není otevřená.
error-challenge_closed = Tato výzva už není otevřená.
error-unknown_opponent = Hráč tohoto jména neexistuje.
error-own_challenge = Vlastní výzvu nemůžete přijmout.
error-not_addressed_to_you = Tato výzva je určena někomu jinému.
error-not_your_challenge = Výzvu může zrušit jen ten, kdo ji vytvořil.
error-unknown_variant = Vyberte jednu z her.
error-invalid_color = Vyberte bílé, černé nebo náhodně.
error-invalid_days_per_move = Vyberte jeden z nabízených počtů dní na tah.
error-challenge_to_yourself = Sebe vyzvat nemůžete.
error-too_many_challenges = Máte 50 otevřených výzev, nejvíc, kolik hráč smí mít: jednu zrušte, nebo počkejte, až některou někdo přijme.
error-invalid_rating_range = Rozsah ratingu vede od nižšího k vyššímu ratingu, obojí celé číslo od 0 do 4000.
error-rating_range_needs_open_challenge = Rozsah ratingu může mít jen výzva otevřená komukoli.
error-rating_out_of_range = Váš rating v této hře je mimo rozsah ratingu výzvy.
error-too_late_to_abort = Partii lze zrušit jen předtím, než obě strany táhly.
error-draw_already_offered = Remízu už nabízíte.
error-no_draw_offer = Soupeř remízu nenabízí.
error-no_draw_claim = Není tu žádná remíza, kterou by šlo reklamovat.
error-time_out = Čas na tento tah vypršel: partie je prohraná na čas. Nic nebylo zahráno.
error-draw_offer_this_move = V tomto tahu už vaše nabídka remízy zazněla: počkejte na další tah.
error-too_many_draw_offers = V této partii už zazněly tři vaše nabídky remízy: další nejsou možné.
error-invalid_form = Formulář nebyl úplný.
error-invalid_after_move = Vyberte, kam jít po tahu: zůstat u partie, nebo přejít na další.
error-invalid_confirm_moves = Vyberte, zda se tahy potvrzují: zapnuto, nebo vypnuto.
error-method_not_allowed = To tady nelze udělat.
error-payload_too_large = Formulář je příliš velký.
error-bad_request = Požadavek nelze přečíst.
error-internal = U nás se něco pokazilo. Zkuste to později.
error-unavailable = Web je na chvíli nedostupný. Zkuste to později.
error-invalid_start_position = Tato výchozí pozice se ke hře nehodí: v šachách zadejte FEN s bílými na tahu, v Chess960 číslo od 0 do 959, v Reversi název zahájení z jeho stránky s pravidly; ostatní hry žádnou nepřijímají.
error-invalid_record = Tento záznam nelze převzít: { $detail }.
error-conflicting_start = Záznam uvádí jinou výchozí pozici, než je zadaná: nechte to pole prázdné.
error-import_needs_opponent = Partie převzatá odjinud se posílá soupeři: zadejte jeho jméno.
error-import_needs_color = Partie převzatá odjinud uvádí barvu, za kterou tam hrajete: vyberte bílé, nebo černé.
error-import_is_casual = Partie převzatá odjinud je nehodnocená, protože její první tahy se nehrály tady: vyberte nehodnocenou.
error-invalid_time_control = Zkontrolujte časovou kontrolu: nejvýše 23 hodin navíc na tah; zásoba času začíná na 1 až 30 dnech, za tah přibývá 0 až 14 dní a pojme nejvýše 60 dní, nikdy však méně, než kolik má na začátku.
error-conflicting_time_control = Zadejte buď časovou kontrolu, nebo počet dní na tah, ne obojí.
error-invalid_requirement = Omezení toho, kdo smí výzvu přijmout, je celé číslo: 0 až 100 procent partií prohraných na čas, 0 až 1000 dokončených partií.
error-requirements_need_open_challenge = Požadavky na hráčovu bilanci může mít jen výzva otevřená komukoli.
error-reliability_required = Vaše bilance za posledních 90 dní nesplňuje požadavky: podívejte se na jejich limity.
error-invalid_night = To není noc: zadejte dva časy dne, od sebe 1 až 10 hodin.
error-unknown_time_zone = To není časové pásmo: použijte název jako Europe/Prague.
error-already_on_vacation = Už jste na dovolené.
error-not_on_vacation = Nejste na dovolené.
error-invalid_vacation_length = Dovolená trvá alespoň hodinu.
error-vacation_allowance_exceeded = To je víc dovolené, než vám letos zbývá.
error-untimed_game = Tato partie nemá hodiny.
error-already_paused = Hodiny už jsou zastavené.
error-give_time_on_their_turn = Čas můžete přidat, když je na tahu soupeř.
error-too_many_time_gifts = V této partii už soupeř od vás dostal tři dny: víc nelze.
error-too_many_pauses = V této partii už byly dohodnuty dvě přestávky: víc nelze.
error-pause_already_offered = O přestávku už žádáte.
error-no_pause_offer = Soupeř o přestávku nežádá.
error-chat_rate_limited =
    { $secs ->
        [one] Píšete příliš rychle: počkejte { $secs } sekundu.
        [few] Píšete příliš rychle: počkejte { $secs } sekundy.
        [many] Píšete příliš rychle: počkejte { $secs } sekundy.
       *[other] Píšete příliš rychle: počkejte { $secs } sekund.
    }
error-empty_message = Nejprve něco napište: zpráva je prázdná.
error-message_too_long = Zpráva má nejvýše 500 znaků a 20 zalomení řádku.
error-control_character = Text obsahuje řídicí znak: povolena jsou jen zalomení řádku a tabulátory.
error-note_too_long = Poznámky mají nejvýše 10000 znaků.
error-chat_full = Diskuse k této partii je plná.
error-chat_private = Hráči si tuto diskusi nechávají pro sebe.
error-blocked = Tento hráč od vás nepřijímá zprávy ani výzvy.
error-you_block = Tohoto hráče blokujete: nejprve ho odblokujte.
error-block_yourself = Sebe zablokovat nemůžete.
error-too_many_blocks = Blokujete tolik hráčů, kolik smíte: nejprve jednoho odblokujte.
error-invalid_push_endpoint = Tuto adresu pro push nelze použít: musí to být adresa https služby push.
error-invalid_push_keys = Prohlížeč poslal klíče pro push, které nelze použít.
error-too_many_devices = Oznámení lze posílat nejvýše na 10 zařízení: nejprve jedno odeberte.
error-invalid_email = To není e-mailová adresa.
error-email_disabled = Tento server e-maily neposílá.
error-invalid_link = Tento odkaz je neznámý, už použitý, nebo mu vypršela platnost.
error-invalid_digest_hour = Vyberte pro přehled hodinu od 00 do 23.
error-email_not_offered = Tento druh oznámení se neposílá e-mailem jednotlivě.
error-invalid_reset_request = Zadejte své uživatelské jméno nebo e-mailovou adresu.
error-computer_busy =
    { $secs ->
        [one] Na odpověď počítače čeká příliš mnoho partií: novou partii proti němu začněte za { $secs } sekundu. Rozehrané partie pokračují.
        [few] Na odpověď počítače čeká příliš mnoho partií: novou partii proti němu začněte za { $secs } sekundy. Rozehrané partie pokračují.
        [many] Na odpověď počítače čeká příliš mnoho partií: novou partii proti němu začněte za { $secs } sekundy. Rozehrané partie pokračují.
       *[other] Na odpověď počítače čeká příliš mnoho partií: novou partii proti němu začněte za { $secs } sekund. Rozehrané partie pokračují.
    }
error-computer_replies_waiting =
    { $secs ->
        [one] Na odpověď počítače čeká tolik vašich partií, kolik hráč smí mít, když začíná další: začněte ji, až počítač odpoví, asi za { $secs } sekundu. Ostatní hráče vaše partie nezdržují.
        [few] Na odpověď počítače čeká tolik vašich partií, kolik hráč smí mít, když začíná další: začněte ji, až počítač odpoví, asi za { $secs } sekundy. Ostatní hráče vaše partie nezdržují.
        [many] Na odpověď počítače čeká tolik vašich partií, kolik hráč smí mít, když začíná další: začněte ji, až počítač odpoví, asi za { $secs } sekundy. Ostatní hráče vaše partie nezdržují.
       *[other] Na odpověď počítače čeká tolik vašich partií, kolik hráč smí mít, když začíná další: začněte ji, až počítač odpoví, asi za { $secs } sekund. Ostatní hráče vaše partie nezdržují.
    }
error-too_many_computer_games = Proti počítači máte rozehráno tolik partií, kolik hráč smí: nejprve jednu dohrajte, nebo se v ní vzdejte.
error-computer_opponent = Tento hráč je počítač: hrajte proti němu přes „Hrát proti počítači“ nahoře v herně.
error-invalid_level = Úroveň počítače je 1 až 8.
error-reserved_username = Jména jako Computer-1 nebo deleted-… si vyhrazuje server: zvolte jiné.
error-computer_game = Počítač nepřijímá nabídky remízy ani přestávky a nepotřebuje přidaný čas: hrajte dál, vzdejte se, nebo partii zrušte.
error-banned = Administrátor tento účet vyloučil: nelze se k němu přihlásit.
error-muted = Administrátor vás umlčel: do diskuse nemůžete psát.
error-not_admin = To smějí jen administrátoři.
error-wrong_password = To není vaše současné heslo.
error-already_reported = Toto už máte nahlášeno: administrátor si to přečte.
error-report_yourself = Sebe nahlásit nemůžete.
error-invalid_report = Nahlaste buď hráče, nebo zprávu v diskusi.
error-reason_too_long = Důvod má nejvýše 500 znaků.
error-confirmation_mismatch = Smazání účtu potvrďte napsáním svého uživatelského jména.
error-target_is_admin = Administrátora nelze umlčet ani vyloučit: nejprve mu musí být odebrána jeho role.
error-no_change = Není co měnit: účet už takový je.
error-own_account = Administrátoři neumlčují ani nevylučují vlastní účet.
error-report_closed = Toto nahlášení už je uzavřené.
error-rating_outside_limits = Váš rating v této hře je mimo limity turnaje.
error-already_joined = V tomto turnaji už jste.
error-tournament_full = Turnaj je plný.
error-tournament_started = Do turnaje už se nelze přihlásit.
error-tournament_over = Turnaj skončil.
error-tournament_changed = Turnaj se mezitím změnil: zkuste to znovu.
error-not_joined = Tento hráč v turnaji nehraje.
error-not_organiser = To smí jen pořadatel turnaje.
error-not_enough_players = Turnaj nemá dost hráčů, aby mohl začít.
error-tournament_game = Turnajovou partii nelze zrušit: místo toho se vzdejte.
error-invalid_name = Název turnaje má 3 až 80 znaků na jednom řádku.
error-unknown_format = Vyberte skupiny každý s každým, švýcarský systém, nebo vyřazovací systém.
error-invalid_players = Turnaj má nejméně 2 a nejvíce 2 000 hráčů, přičemž nejnižší počet není větší než nejvyšší.
error-invalid_section_size = Skupina má 3 až 12 hráčů.
error-invalid_advance = Z každé skupiny smí postoupit 1 až polovina hráčů skupiny.
error-invalid_rounds = Švýcarský systém má 1 až 30 kol.
error-invalid_games_per_match = Zápas vyřazovacího systému má 2, 4, 6, 8 nebo 10 partií.
error-invalid_start = Začátek musí být v budoucnosti, nejvýše rok dopředu.
error-computer_account = Počítač hraje jen přes „Hrát proti počítači“.
error-invalid_seasons = Liga má 1 až 50 sezón.
error-repertoire_moves_only = Repertoár obsahuje jen tahy: žádný „libovolný tah“ ani akce.
error-no_repertoire = Každá partie tohoto druhu začíná z vlastní pozice, takže ji repertoár sledovat nemůže.
error-repertoire_needs_start = Varianta v Chess960 vychází z jedné výchozí pozice: zadejte její číslo.
error-game_not_over = Tahy partie se do repertoáru přidávají, až partie skončí.
error-game_allowance = Teď ne: hrajete tolik partií, kolik zatím smíte mít. Počet roste s každou dokončenou partií; nová partie může začít, jakmile nějaká skončí.
error-timeout_cooldown = Teď ne: po partii prohrané na čas se přihlášky do turnajů na čas pozastaví (jak dlouho, uvádějí stránky s pravidly).
