### The frame of every page: header, navigation, sign-in, and the words for games, colours, pieces and time that many pages share.

site-name = Lauamängud
site-footer = Kirjamängud: üks käik täna, järgmine mõne päeva pärast. Vaba tarkvara (AGPL).
nav-skip = Sisu juurde
nav-label = Peamenüü
nav-lobby = Mängusaal
nav-my_games = Minu mängud
nav-rules = Reeglid
nav-logout = Logi välja
nav-login = Logi sisse
nav-signup = Registreeru
nav-language = Keel
nav-settings = Seaded
nav-leaderboards = Edetabelid
page-first = Esimene lehekülg
page-next = Järgmine lehekülg
home-title = Lauamängud kirja teel
home-intro = Kutsu sõber või keegi mängusaalist välja ja mängi omas tempos: iga käigu jaoks on päevi aega. Valida on kuue mängu vahel, igaühel oma reeglid ja võidustatistika.
home-your_turn =
    { $n ->
        [one] Sinu käik { $n } mängus
       *[other] Sinu käik { $n } mängus
    }
home-games = Mängud
auth-signup_title = Registreeru
auth-login_title = Logi sisse
auth-username = Kasutajanimi
auth-username_help = 3 kuni 20 tähte, numbrit, _ või -.
auth-password = Parool
auth-password_help = Vähemalt 8 märki.
auth-signup_button = Loo konto
auth-login_button = Logi sisse
auth-have_account = Konto on juba olemas? Logi sisse
auth-no_account = Kontot veel pole? Registreeru
engines-label = Mootorid
engines-not_allowed = mootoriteta
engines-allowed = mootorid lubatud
engines-hint = Mootoriteta: mängijad mõtlevad ise ja mootori hinnang analüüsilaual avaneb alles partii lõppedes. Mootorid lubatud: mõlemad võivad mootoreid kasutada ja reitingupartii läheb eraldi reitingusse, mis on ainult selliste partiide jaoks.
color-white = valge
color-black = must
color-White = Valge
color-Black = Must
color-choice-white = Valge
color-choice-black = Must
color-choice-random = Juhuslik
label-empty = { $square }, tühi
label-dead = { $square }, kustutatud
label-disc = { $square }, { $color } nupp
label-piece = { $square }, { $color } { $piece }
label-piece_choice = { $color } { $piece }
label-attacked = , valge ründab { $white }, must ründab { $black }
label-preview = , annab sulle { $mine } punkti, vastasele { $theirs }
legend-white = valge rünnatud
legend-black = musta rünnatud
legend-both = mõlema rünnatud
legend-counts = Väikesed numbrid varjutatud ruudul: mitu valget nuppu seda ründab (üleval vasakul) ja mitu musta (all paremal). Iga rünnatud tühi ruut annab igale ründajale punkti.
legend-previews = Numbrid ruutudel, mida saad valida: sinu ja vastase punktid pärast nupu sinna paigutamist.
label-check = , tule all
piece-king = kuningas
piece-queen = lipp
piece-rook = vanker
piece-bishop = oda
piece-knight = ratsu
piece-pawn = ettur
time-days_hours = { $d } p { $h } t
time-hours_minutes = { $h } t { $m } min
variant-chess = Male
variant-chess960 = Male960
variant-reversi-6x6 = Reversi 6x6
variant-reversi-8x8 = Reversi 8x8
variant-reversi-10x10 = Reversi 10x10
variant-chess-reversi = Malereversi
variant-knight-fight = Ratsuvõitlus
time-per_move = { $d } p käigu kohta
time-per_move_hours = { $d } p { $h } t käigu kohta
time-bank = Ajapank: { $initial } p + { $increment } p käigu kohta, kõige rohkem { $cap } p
time-untimed = Ajapiiranguta
time-weekends_off = nädalavahetused vabad
time-no_vacation = puhkuseta
time-weekend = Nädalavahetus
time-vacation_until = Puhkusel kuni { $when }
time-no_nights = ööpausideta
time-night_until = Öö kuni { $when }
card-time_losses = Ajakaotusi: { $n } mängu { $games }-st 90 päeva jooksul ({ $percent }%)
card-no_recent = 90 päeva jooksul pole ükski mäng lõppenud
card-pace = { $time } käigu kohta
card-pace_unknown = käigule kuluv aeg pole veel teada
card-active =
    { $n ->
        [one] { $n } mäng käimas
       *[other] { $n } mängu käimas
    }
card-finished =
    { $n ->
        [one] { $n } mäng lõpetatud
       *[other] { $n } mängu lõpetatud
    }
card-vacation = puhkust jäänud { $n } h
card-expected = Oodatav kestus: { $low }–{ $high } päeva
card-asks_time_losses = ajakaotusi kuni { $percent }%
card-asks_finished =
    { $n ->
        [one] vähemalt { $n } lõpetatud mäng
       *[other] vähemalt { $n } lõpetatud mängu
    }
card-title = Usaldusväärsus
card-days_range = { $low }–{ $high } päeva
limit-max_game_days = Partii pikim kestus (päeva; tühi: piiranguta)
limit-max_game_days_hint = Partii, mis siis veel käib, käike enam ei võta ja see otsustatakse allpool valitud reegli järgi.
limit-deadline_rule = Partii tähtajal
limit-rule-adjudicate = Mootorid hindavad seisu
limit-rule-draw = Partii lõpeb viigiga
limit-rule-both_lose = Mõlemad mängijad kaotavad
limit-game_limit = Partii tähtaeg
limit-text = { $days } päeva; siis { $rule }
unit-pawns = etturit
unit-discs = nuppu
unit-points = punkti
time-paused_until = Paus kuni { $when }
auth-forgot = Unustasid parooli?
account-admin_title = Haldus
account-admin_link = Teated, vaigistused, blokeeringud ja logi
account-password_title = Parool
account-password_saved = Sinu parool on muudetud. Sinu teised seansid on välja logitud.
account-current_password = Praegune parool
account-new_password = Uus parool
account-password_help = 8 kuni 256 märki, mitte üks levinumaid paroole. Sinu teised seansid logitakse välja.
account-change_password = Muuda parooli
account-data_title = Sinu andmed
account-data_help = Laadi kõik, mida sait sinu kohta hoiab, alla ühe JSON-failina: profiil, seaded, reitingud, iga mäng koos selle kirjega, sinu vestluse read ja märkmed.
account-export = Laadi minu andmed alla
account-delete_title = Konto kustutamine
account-delete_help = Seda ei saa tagasi võtta. Sinu käimasolevad mängud lõpevad sinu alistumisega, lahtised väljakutsed tühistatakse ning e-posti aadress, märkmed, võtmed ja seaded kustutatakse. Lõppenud mängud jäävad alles anonüümse nime all.
account-password = Parool
account-delete_confirm = Kinnitamiseks kirjuta oma kasutajanimi ({ $name })
account-delete = Kustuta minu konto
nav-tournaments = Turniirid
nav-menu = Menüü
nav-admin = Haldus
nav-open_reports =
    { $n ->
        [one] { $n } lahtine teade
       *[other] { $n } lahtist teadet
    }
time-ago-now = just praegu
time-ago-minutes = { $n } min tagasi
time-ago-hours = { $n } t tagasi
time-ago-days = { $n } p tagasi
time-shown_in = Ajad on näidatud vööndis { $zone }.
time-change_zone = Muuda
home-start-title = Sinu esimene mäng
home-start-computer = Mängi arvutiga
home-start-computer_hint = kaheksa taset, vastab mõne sekundiga
home-start-lobby = Võta vastu või esita väljakutse mängusaalis
home-start-rules = Loe, kuidas iga mängu mängitakse
auth-why_sign_in = Logi sisse, et esitada väljakutseid ja mängida. Oled uus? Registreerumiseks piisab nimest ja paroolist.
