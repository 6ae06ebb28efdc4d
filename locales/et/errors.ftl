### Error pages and refusals.

error-back_home = Tagasi avalehele
error-status-400 = Vigane päring
error-status-401 = Sa pole sisse logitud
error-status-403 = Pole lubatud
error-status-404 = Ei leitud
error-status-405 = Siin pole lubatud
error-status-409 = Vastuolu
error-status-413 = Liiga suur
error-status-422 = Ei sobi
error-status-429 = Liiga palju katseid
error-status-500 = Midagi läks valesti
error-status-503 = Pole saadaval
error-not_found = Siin pole midagi: sellist lehte, mängu ega mängijat pole.
error-stale_ply = See mäng muutus vahepeal teisel vahelehel või vastase käiguga: siin on laud praeguses seisus. Midagi ei käidud.
error-game_over = Mäng on läbi.
error-not_your_turn = Praegu pole sinu käik.
error-not_a_player = Sa ei mängi selles mängus.
error-bot_plays_through_api = See on botikonto: see mängib boti API kaudu (/api/bot/…), mitte saidi vormidega.
error-illegal_move = See käik pole siin lubatud.
error-malformed_move = See pole käik.
error-invalid_username = Kasutajanimes on 3 kuni 20 tähte, numbrit, _ või -.
error-username_taken = See kasutajanimi on võetud.
error-invalid_password = Paroolis on vähemalt 8 märki.
error-invalid_credentials = Vale kasutajanimi või parool.
error-database_unavailable = Andmebaas ei vasta praegu. Midagi ei läinud kaotsi: proovi mõne sekundi pärast uuesti.
error-request_timeout = Server ei vastanud piisavalt kiiresti. Midagi ei läinud kaotsi: proovi mõne sekundi pärast uuesti.
error-rate_limited =
    { $secs ->
        [one] Liiga palju katseid: proovi uuesti { $secs } sekundi pärast.
       *[other] Liiga palju katseid: proovi uuesti { $secs } sekundi pärast.
    }
error-busy =
    { $secs ->
        [one] Server on hõivatud: proovi uuesti { $secs } sekundi pärast.
       *[other] Server on hõivatud: proovi uuesti { $secs } sekundi pärast.
    }
error-blank_password = Parool ei saa koosneda ainult tühikutest.
error-password_control_character = Parool ei tohi sisaldada juhtmärke.
error-common_password = See parool on üks levinumaid: vali teine.
error-too_many_tokens = Sul on lubatud arv API-võtmeid: tühista enne üks.
error-invalid_token_name = Võtme nimes on kuni 60 märki.
error-cross_site_request = Teiselt saidilt saadetud vorme ei võeta vastu.
error-challenge_taken = See väljakutse pole enam avatud.
error-challenge_closed = See väljakutse pole enam avatud.
error-unknown_opponent = Sellise nimega mängijat pole.
error-own_challenge = Oma väljakutset ei saa ise vastu võtta.
error-not_addressed_to_you = See väljakutse on saadetud kellelegi teisele.
error-not_your_challenge = Väljakutse saab tühistada ainult selle looja.
error-unknown_variant = Vali üks mängudest.
error-invalid_color = Vali valge, must või juhuslik.
error-invalid_days_per_move = Vali üks pakutud käiguaegadest.
error-challenge_to_yourself = Iseennast ei saa väljakutsuda.
error-too_many_challenges = Sul on juba 50 avatud väljakutset, rohkem ei saa olla: tühista mõni või oota, kuni mõni vastu võetakse.
error-invalid_rating_range = Reitingu vahemik käib väiksemast reitingust suuremani, kumbki täisarv 0-st 4000-ni.
error-rating_range_needs_open_challenge = Reitingu vahemik saab olla ainult kõigile avatud väljakutsel.
error-rating_out_of_range = Sinu reiting selles mängus on väljaspool väljakutse reitingu vahemikku.
error-too_late_to_abort = Mängu saab katkestada ainult enne, kui mõlemad on käinud.
error-draw_already_offered = Sa juba pakud viiki.
error-no_draw_offer = Vastane ei paku viiki.
error-no_draw_claim = Viiki pole võimalik nõuda.
error-time_out = Käigu aeg sai otsa: mäng on aja ületamisega kaotatud. Käiku ei tehtud.
error-draw_offer_this_move = Sa pakkusid selle käigu juures juba viiki: oota järgmist käiku.
error-too_many_draw_offers = Sa oled selles mängus viiki pakkunud kolm korda: rohkem pakkuda ei saa.
error-invalid_form = Vorm oli puudulik.
error-invalid_after_move = Vali, kuhu minna pärast käiku: jääda mängu juurde või minna järgmisse.
error-invalid_confirm_moves = Vali, kas käike kinnitatakse: sees või väljas.
error-method_not_allowed = Seda ei saa siin teha.
error-payload_too_large = Vorm on liiga suur.
error-bad_request = Päringut ei õnnestunud lugeda.
error-internal = Meie poolel läks midagi valesti. Proovi hiljem uuesti.
error-unavailable = Sait pole hetkel saadaval. Proovi hiljem uuesti.
error-invalid_start_position = See algus ei sobi selle mänguga: males anna FEN, kus käigul on valge, Male960-s number 0–959, Reversis avangu nimi selle reeglite lehelt; teistes mängudes algust valida ei saa.
error-invalid_record = Seda partiikirja ei saa üle tuua: { $detail }.
error-conflicting_start = Partiikiri nimetab teise alguse kui see, mille andsid: jäta algseisu väli tühjaks.
error-import_needs_opponent = Mujalt jätkatud partii läheb selle vastasele: anna tema nimi.
error-import_needs_color = Mujalt jätkatud partii nimetab värvi, millega seal mängisid: vali valge või must.
error-import_is_casual = Mujalt jätkatud partii on reitinguta, sest selle esimesi käike ei tehtud siin: vali reitinguta.
error-invalid_time_control = Kontrolli ajakontrolli: käigu kohta kuni 23 lisatundi; ajapank algab 1 kuni 30 päevaga, saab iga käiguga 0 kuni 14 päeva juurde, mahutab kõige rohkem 60 päeva ega ole kunagi väiksem kui algul.
error-conflicting_time_control = Anna kas ajakontroll või päevad käigu kohta, mitte mõlemad.
error-invalid_requirement = Vastuvõtja piirang on täisarv: ajakaotusi 0 kuni 100 protsenti, lõpetatud mänge 0 kuni 1000.
error-requirements_need_open_challenge = Ainult kõigile avatud väljakutse võib nõuda tulemusi.
error-reliability_required = Sinu viimase 90 päeva tulemused ei vasta sellele, mida siin nõutakse: vaata selle piiranguid.
error-invalid_night = See pole öö: anna kaks kellaaega, mille vahe on 1 kuni 10 tundi.
error-unknown_time_zone = See pole ajavöönd: kasuta nime nagu Europe/Tallinn.
error-already_on_vacation = Oled juba puhkusel.
error-not_on_vacation = Sa pole puhkusel.
error-invalid_vacation_length = Puhkus kestab vähemalt tunni.
error-vacation_allowance_exceeded = Nii palju puhkust pole sul sel aastal enam järel.
error-untimed_game = Sellel mängul pole kella.
error-already_paused = Kellad on juba peatatud.
error-give_time_on_their_turn = Aega saad anda siis, kui vastane on käigul.
error-too_many_time_gifts = Oled selles mängus andnud kolm päeva: rohkem ei saa.
error-too_many_pauses = Selles mängus on kokku lepitud kaks pausi: rohkem ei saa.
error-pause_already_offered = Sa juba palud pausi.
error-no_pause_offer = Vastane ei palu pausi.
error-chat_rate_limited =
    { $secs ->
        [one] Sa kirjutad liiga kiiresti: oota { $secs } sekund.
       *[other] Sa kirjutad liiga kiiresti: oota { $secs } sekundit.
    }
error-empty_message = Kirjuta enne midagi: sõnum on tühi.
error-message_too_long = Sõnumis on kuni 500 märki ja 20 reavahetust.
error-control_character = Tekstis on juhtmärk: lubatud on ainult reavahetused ja tabulaatorid.
error-note_too_long = Märkmetes on kuni 10000 märki.
error-chat_full = Selle mängu vestlus on täis.
error-chat_private = Mängijad hoiavad selle vestluse endale.
error-blocked = See mängija ei võta sinult sõnumeid ega väljakutseid vastu.
error-you_block = Sa blokeerid seda mängijat: lõpeta enne blokeerimine.
error-block_yourself = Iseennast ei saa blokeerida.
error-too_many_blocks = Sa blokeerid nii palju mängijaid kui võib: lõpeta enne mõne blokeerimine.
error-invalid_push_endpoint = Seda tõukeaadressi ei saa kasutada: see peab olema tõuketeenuse https-aadress.
error-invalid_push_keys = Brauser saatis tõukevõtmed, mida ei saa kasutada.
error-too_many_devices = Teavitada saab kuni 10 seadet: eemalda enne üks.
error-invalid_email = See ei ole e-posti aadress.
error-email_disabled = See server ei saada e-kirju.
error-invalid_link = See link on tundmatu, juba kasutatud või aegunud.
error-invalid_digest_hour = Vali kokkuvõtte jaoks tund vahemikus 00 kuni 23.
error-email_not_offered = Seda liiki teateid ei saadeta ükshaaval.
error-invalid_reset_request = Sisesta oma kasutajanimi või e-posti aadress.
error-computer_busy =
    { $secs ->
        [one] Arvutil on liiga palju mänge, mis ootavad tema käiku: alusta uut mängu tema vastu { $secs } sekundi pärast. Käimasolevad mängud jätkuvad.
       *[other] Arvutil on liiga palju mänge, mis ootavad tema käiku: alusta uut mängu tema vastu { $secs } sekundi pärast. Käimasolevad mängud jätkuvad.
    }
error-computer_replies_waiting =
    { $secs ->
        [one] Sinu mängudest ootab arvuti käiku nii palju, kui mängija võib uut alustades oodata: alusta uut mängu, kui arvuti on vastanud, umbes { $secs } sekundi pärast. Teisi mängijaid sinu mängud ei takista.
       *[other] Sinu mängudest ootab arvuti käiku nii palju, kui mängija võib uut alustades oodata: alusta uut mängu, kui arvuti on vastanud, umbes { $secs } sekundi pärast. Teisi mängijaid sinu mängud ei takista.
    }
error-too_many_computer_games = Sul on arvuti vastu pooleli nii palju mänge, kui mängija võib: lõpeta või anna üks neist enne alla.
error-computer_opponent = See mängija on arvuti: mängi temaga mängusaali ülaosas „Mängi arvutiga“ kaudu.
error-invalid_level = Arvuti tase on 1 kuni 8.
error-reserved_username = Nimed nagu Computer-1 või deleted-… on serveri jaoks hoitud: vali teine.
error-computer_game = Arvuti ei võta vastu viigipakkumist ega pausi ning ei vaja lisaaega: mängi edasi, alistu või katkesta.
error-banned = Administraator on selle konto blokeerinud: sellega ei saa sisse logida.
error-muted = Administraator on sind vaigistanud: sa ei saa vestlusesse kirjutada.
error-not_admin = Seda saavad teha ainult administraatorid.
error-wrong_password = See pole sinu praegune parool.
error-already_reported = Sa oled sellest juba teatanud: administraator loeb selle läbi.
error-report_yourself = Iseendast ei saa teatada.
error-invalid_report = Teata kas mängijast või vestluse reast.
error-reason_too_long = Põhjuses on kuni 500 märki.
error-confirmation_mismatch = Konto kustutamise kinnitamiseks kirjuta oma kasutajanimi.
error-target_is_admin = Administraatorit ei vaigistata ega blokeerita: kõigepealt tuleb tema roll ära võtta.
error-no_change = Pole midagi muuta: konto on juba selline.
error-own_account = Administraatorid ei vaigista ega blokeeri omaenda kontot.
error-report_closed = See teade on juba suletud.
error-rating_outside_limits = Sinu reiting selles mängus jääb turniiri piiridest välja.
error-already_joined = Sa osaled sellel turniiril juba.
error-tournament_full = Turniir on täis.
error-tournament_started = Turniirile ei saa enam registreeruda.
error-tournament_over = Turniir on lõppenud.
error-tournament_changed = Turniir muutus vahepeal: proovi uuesti.
error-not_joined = See mängija ei osale sellel turniiril.
error-not_organiser = Seda saab teha ainult turniiri korraldaja.
error-not_enough_players = Turniiril pole alustamiseks piisavalt mängijaid.
error-tournament_game = Turniiripartiid ei saa katkestada: anna selle asemel alla.
error-invalid_name = Turniiri nimes on 3 kuni 80 märki ühel real.
error-unknown_format = Vali ringturniiri grupid, šveitsi süsteem või väljalangemine.
error-invalid_players = Turniiril on vähemalt 2 ja kõige rohkem 2000 mängijat ning vähim arv ei ületa suurimat.
error-invalid_section_size = Grupis on 3 kuni 12 mängijat.
error-invalid_advance = Igast grupist võib edasi pääseda 1 kuni pool grupi suurusest.
error-invalid_rounds = Šveitsi süsteemis on 1 kuni 30 vooru.
error-invalid_games_per_match = Väljalangemismatšis on 2, 4, 6, 8 või 10 partiid.
error-invalid_start = Algusaeg on tulevikus, kõige rohkem aasta pärast.
error-computer_account = Arvutiga saab mängida ainult valikust „Mängi arvutiga”.
error-invalid_seasons = Liigas on 1 kuni 50 hooaega.
error-repertoire_moves_only = Repertuaaris on ainult käigud: mitte „ükskõik milline käik“ ega toiminguid.
error-no_repertoire = Iga seda liiki partii algab oma seisust, seega ei saa repertuaar seda järgida.
error-repertoire_needs_start = Male960 liin järgib üht algseisu: anna selle number.
error-game_not_over = Partii käigud lähevad sinu repertuaari, kui partii on lõppenud.
error-game_allowance = Praegu mitte: mängitakse juba nii palju partiisid, kui lubatud (lubatud arv kasvab iga lõpetatud partiiga). Uus partii saab alata, kui mõni lõpeb.
error-timeout_cooldown = Praegu mitte: pärast aja ületamisega kaotatud partiid ei saa mõnda aega turniiridele registreeruda.
