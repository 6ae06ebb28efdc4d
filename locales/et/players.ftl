### Player pages and leaderboards.

board-title = Edetabel
board-explain = Selle mängu Glicko-2 reitingud. Esialgse reitinguga mängijaid (märgitud küsimärgiga) ja mängijaid, kel pole viimastel kuudel selles mängus reitingumängu olnud, siin ei näidata.
board-empty = Kellelgi pole selles mängus veel väljakujunenud reitingut.
board-engines_pool = { $variant }, mootorid lubatud
board-with_engines = Reitingud partiidest, kus mootorid on lubatud
board-without_engines = Reitingud partiidest ilma mootoriteta
board-rank = #
board-player = Mängija
board-rating = Reiting
board-deviation = Hälve
board-games = Reitingumänge
player-challenge = Kutsu see mängija välja
player-active = Käimasolevad mängud
player-chart_title = { $variant } reiting pärast iga reitingumängu
player-against_you = Sinu vastu: { $wins } võitu, { $losses } kaotust, { $draws } viiki.
player-ratings = Reitingud
player-no_ratings = Reitingumänge veel pole.
player-rating_detail =
    { $n ->
        [one] Hälve { $deviation }, { $n } reitingumäng. Riba näitab ühte hälvet kummalegi poole.
       *[other] Hälve { $deviation }, { $n } reitingumängu. Riba näitab ühte hälvet kummalegi poole.
    }
player-provisional = Küsimärk tähistab esialgset reitingut: selle hälve on veel üle 110, seega pole see edetabelites.
player-record = Tulemused
player-games = Mänge
player-as_white = Valgetega (võit / kaotus / viik)
player-as_black = Mustadega (võit / kaotus / viik)
player-streak = Praegune võiduseeria
player-longest_streak = Pikim võiduseeria
player-record_hint = Arvesse läheb iga lõppenud mäng, nii reitingu- kui sõbralik; katkestatud mängud mitte.
player-all = kõik
player-result = Tulemus
player-filter = Näita
player-result-won = võidetud
player-result-lost = kaotatud
player-result-drawn = viigid
player-block = Blokeeri see mängija
player-block_help = Teie vahel pole vestlust ega väljakutseid.
player-you_block = Sa blokeerid seda mängijat: teie vahel pole vestlust ega väljakutseid.
player-unblock = Lõpeta selle mängija blokeerimine
player-bot_badge = BOT
player-bot_title = Botikonto: seda mängib programm boti API kaudu
