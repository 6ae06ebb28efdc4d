### The frame of every page: header, navigation, sign-in, and the words for games, colours, pieces and time that many pages share.

site-name = Deskové hry
site-footer = Korespondenční deskové hry: tah dnes, další třeba až za několik dní. Svobodný software (AGPL).
nav-skip = Přejít na obsah
nav-label = Hlavní
nav-lobby = Herna
nav-my_games = Moje partie
nav-rules = Pravidla
nav-logout = Odhlásit se
nav-login = Přihlásit se
nav-signup = Registrovat se
nav-language = Jazyk
nav-settings = Nastavení
nav-leaderboards = Žebříčky
page-first = První stránka
page-next = Další stránka
home-title = Deskové hry korespondenčně
home-intro = Vyzvěte přítele nebo kohokoli v herně a hrajte svým tempem: každý tah může trvat i několik dní. Nabízíme šest her, každou s pravidly a statistikami výher.
home-your_turn =
    { $n ->
        [one] Na váš tah čeká { $n } partie
        [few] Na váš tah čekají { $n } partie
        [many] Na váš tah čeká { $n } partie
       *[other] Na váš tah čeká { $n } partií
    }
home-games = Hry
auth-signup_title = Registrace
auth-login_title = Přihlášení
auth-username = Uživatelské jméno
auth-username_help = 3 až 20 písmen, číslic, _ nebo -.
auth-password = Heslo
auth-password_help = Alespoň 8 znaků.
auth-signup_button = Vytvořit účet
auth-login_button = Přihlásit se
auth-have_account = Už máte účet? Přihlaste se
auth-no_account = Ještě nemáte účet? Zaregistrujte se
engines-label = Enginy
engines-not_allowed = bez enginů
engines-allowed = enginy povoleny
engines-hint = Bez enginů: hráči přemýšlejí sami a hodnocení enginem na analytické desce se zpřístupní až po skončení partie. Enginy povoleny: oba hráči smějí používat enginy a hodnocená partie se počítá do zvláštního ratingu pro takové partie.
color-white = bílý
color-black = černý
color-White = Bílé
color-Black = Černé
color-choice-white = Bílé
color-choice-black = Černé
color-choice-random = Náhodně
label-empty = { $square }, prázdné
label-dead = { $square }, smazané
label-disc = { $square }, { $color } kámen
label-piece = { $square }, { $color }: { $piece }
label-piece_choice = { $color }: { $piece }
label-attacked = , napadeno – bílými: { $white }, černými: { $black }
label-preview = , body pro vás: { $mine }, pro soupeře: { $theirs }
legend-white = napadeno bílými
legend-black = napadeno černými
legend-both = napadeno oběma
legend-counts = Malá čísla na vystínovaném poli: kolik bílých figur ho napadá (vlevo nahoře) a kolik černých (vpravo dole). Každé napadené prázdné pole dává bod za každou figuru, která ho napadá.
legend-previews = Čísla na každém poli, které můžete vybrat: vaše body a body soupeře po umístění figury na toto pole.
label-check = , v šachu
piece-king = král
piece-queen = dáma
piece-rook = věž
piece-bishop = střelec
piece-knight = jezdec
piece-pawn = pěšec
time-days_hours = { $d } d { $h } h
time-hours_minutes = { $h } h { $m } min
variant-chess = Šachy
variant-chess960 = Chess960
variant-reversi-6x6 = Reversi 6x6
variant-reversi-8x8 = Reversi 8x8
variant-reversi-10x10 = Reversi 10x10
variant-chess-reversi = Šachové reversi
variant-knight-fight = Souboj jezdců
time-per_move = { $d } d na tah
time-per_move_hours = { $d } d { $h } h na tah
time-bank = Zásoba času: { $initial } d + { $increment } d za tah, nejvýše { $cap } d
time-untimed = Bez časového limitu
time-weekends_off = volné víkendy
time-no_vacation = bez dovolené
time-weekend = Víkend
time-vacation_until = Na dovolené do { $when }
time-no_nights = bez nočního klidu
time-night_until = Noční klid do { $when }
card-time_losses =
    { $games ->
        [one] Prohry na čas: { $n } z { $games } partie za 90 dní ({ $percent } %)
        [few] Prohry na čas: { $n } z { $games } partií za 90 dní ({ $percent } %)
        [many] Prohry na čas: { $n } z { $games } partie za 90 dní ({ $percent } %)
       *[other] Prohry na čas: { $n } z { $games } partií za 90 dní ({ $percent } %)
    }
card-no_recent = Za 90 dní neskončila žádná partie
card-pace = { $time } na tah
card-pace_unknown = čas na tah zatím není znám
card-active =
    { $n ->
        [one] { $n } rozehraná partie
        [few] { $n } rozehrané partie
        [many] { $n } rozehrané partie
       *[other] { $n } rozehraných partií
    }
card-finished =
    { $n ->
        [one] { $n } dokončená partie
        [few] { $n } dokončené partie
        [many] { $n } dokončené partie
       *[other] { $n } dokončených partií
    }
card-vacation = zbývá { $n } h dovolené
card-expected =
    { $high ->
        [one] Očekávaná délka: { $low }–{ $high } den
        [few] Očekávaná délka: { $low }–{ $high } dny
        [many] Očekávaná délka: { $low }–{ $high } dne
       *[other] Očekávaná délka: { $low }–{ $high } dní
    }
card-asks_time_losses = nejvýše { $percent } % prohraných na čas
card-asks_finished =
    { $n ->
        [one] alespoň { $n } dokončená partie
        [few] alespoň { $n } dokončené partie
        [many] alespoň { $n } dokončené partie
       *[other] alespoň { $n } dokončených partií
    }
card-title = Spolehlivost
card-days_range =
    { $high ->
        [one] { $low }–{ $high } den
        [few] { $low }–{ $high } dny
        [many] { $low }–{ $high } dne
       *[other] { $low }–{ $high } dní
    }
limit-max_game_days = Nejdelší možné trvání partie (dny; prázdné: bez omezení)
limit-max_game_days_hint = Partie, která do té doby neskončí, už nepřijímá tahy a rozhodne ji pravidlo níže.
limit-deadline_rule = V termínu partie
limit-rule-adjudicate = Pozici posoudí enginy
limit-rule-draw = Partie končí remízou
limit-rule-both_lose = Oba hráči prohrají
limit-game_limit = Limit partie
limit-text =
    { $days ->
        [one] { $days } den; poté { $rule }
        [few] { $days } dny; poté { $rule }
        [many] { $days } dne; poté { $rule }
       *[other] { $days } dní; poté { $rule }
    }
unit-pawns = pěšcích
unit-discs = kamenech
unit-points = bodech
time-paused_until = Pozastaveno do { $when }
auth-forgot = Zapomenuté heslo?
account-admin_title = Administrace
account-admin_link = Nahlášení, umlčení, vyloučení a záznam akcí
account-password_title = Heslo
account-password_saved = Heslo je změněné. Vaše ostatní přihlášení byla ukončena.
account-current_password = Současné heslo
account-new_password = Nové heslo
account-password_help = 8 až 256 znaků, nesmí to být žádné z nejběžnějších hesel. Vaše ostatní přihlášení se ukončí.
account-change_password = Změnit heslo
account-data_title = Vaše data
account-data_help = Stáhněte si vše, co o vás web uchovává, jako jeden soubor JSON: profil, nastavení, ratingy, všechny partie se záznamy, vaše zprávy v diskusích a poznámky.
account-export = Stáhnout moje data
account-delete_title = Smazat účet
account-delete_help = Tento krok nelze vrátit. Vaše rozehrané partie skončí vaším vzdáním, otevřené výzvy se zruší a vaše e-mailová adresa, poznámky, tokeny a nastavení se smažou. Dokončené partie zůstanou, pod anonymním jménem.
account-password = Heslo
account-delete_confirm = Pro potvrzení napište své uživatelské jméno ({ $name })
account-delete = Smazat můj účet
nav-tournaments = Turnaje
nav-menu = Nabídka
nav-admin = Administrace
nav-open_reports =
    { $n ->
        [one] { $n } otevřené nahlášení
        [few] { $n } otevřená nahlášení
        [many] { $n } otevřeného nahlášení
       *[other] { $n } otevřených nahlášení
    }
time-ago-now = právě teď
time-ago-minutes = před { $n } min
time-ago-hours = před { $n } h
time-ago-days = před { $n } d
time-shown_in = Časy jsou uvedeny v pásmu { $zone }.
time-change_zone = Změnit
home-start-title = Vaše první partie
home-start-computer = Hrát proti počítači
home-start-computer_hint = osm úrovní, odpovídá během několika sekund
home-start-lobby = Přijměte nebo vytvořte výzvu v herně
home-start-rules = Přečtěte si, jak se jednotlivé hry hrají
auth-why_sign_in = Pro vyzývání hráčů a hraní se přihlaste. Jste tu poprvé? K registraci stačí jméno a heslo.
