### Notifications, e-mails and push messages.

notifications-title = Oznámení
notifications-bell =
    { $n ->
        [one] Oznámení: { $n } nepřečtené
        [few] Oznámení: { $n } nepřečtená
        [many] Oznámení: { $n } nepřečteného
       *[other] Oznámení: { $n } nepřečtených
    }
notifications-none = Zatím žádná oznámení.
notifications-mark_read = Označit jako přečtené
notifications-mark_all_read = Označit vše jako přečtené
notifications-older = Starší oznámení
notifications-unread = nepřečtené
notifications-other = Oznámení.
notifications-your_turn = { $variant }: soupeř { $opponent } táhl, jste na tahu.
notifications-draw_offer = { $variant }: soupeř { $opponent } nabízí remízu.
notifications-challenge = { $opponent } vás vyzývá ke hře { $variant }.
notifications-game_finished-won = { $variant }: vaše partie proti hráči { $opponent } skončila vaší výhrou.
notifications-game_finished-lost = { $variant }: vaše partie proti hráči { $opponent } skončila vaší prohrou.
notifications-game_finished-drawn = { $variant }: vaše partie proti hráči { $opponent } skončila remízou.
notifications-game_finished-aborted = { $variant }: vaše partie proti hráči { $opponent } byla zrušena.
notifications-clock_warning-four_fifths_used = Z času na tento tah vám zbývá už jen pětina.
notifications-clock_warning-day_left = Na tah vám zbývá den.
notifications-clock_warning-hour_left = Na tah vám zbývá hodina.
push-title-your_turn = Jste na tahu
push-title-clock_warning = Dochází čas
push-title-challenge = Nová výzva
push-title-game_finished = Konec partie
push-title-draw_offer = Nabídka remízy
push-title-other = Deskové hry
notifications-chat_message = { $variant }: soupeř { $opponent } vám napsal.
push-title-chat_message = Zpráva v diskusi
mail-verify-subject = Ověřte svou e-mailovou adresu
mail-verify-body = Dobrý den, otevřením tohoto odkazu potvrdíte, že tato adresa patří uživateli { $name }. Odkaz platí dva dny.
mail-verify-action = Ověřit mou adresu
mail-verify-footer = Pokud tato adresa nepatří vám, tento e-mail ignorujte: nic dalšího na ni nepřijde.
mail-warning-day_left-subject = Zbývá méně než 24 hodin: { $variant } proti hráči { $opponent }
mail-warning-day_left-body = Váš čas na tah ve hře { $variant } proti hráči { $opponent } vyprší za méně než 24 hodin.
mail-warning-hour_left-subject = Zbývá méně než hodina: { $variant } proti hráči { $opponent }
mail-warning-hour_left-body = Váš čas na tah ve hře { $variant } proti hráči { $opponent } vyprší za méně než hodinu.
mail-open_game = Otevřít partii
mail-footer = Tento e-mail dostáváte podle svého nastavení na webu.
mail-unsubscribe = Odhlásit odběr všech e-mailů
mail-left_days =
    { $n ->
        [one] zbývá { $n } den
        [few] zbývají { $n } dny
        [many] zbývá { $n } dne
       *[other] zbývá { $n } dní
    }
mail-left_hours = ještě { $n } h
mail-untimed = bez časového limitu
mail-digest-subject = Jste na tahu v partiích: { $turns }; čekající výzvy: { $challenges }
mail-digest-body = Tady je, co na vás čeká, od nejkratšího zbývajícího času:
mail-digest-turn = { $variant } proti hráči { $opponent }: { $left }
mail-digest-challenge = { $challenger } vás vyzývá ke hře { $variant }
mail-digest-action = Otevřít Moje partie
mail-reset-subject = Nastavení nového hesla
mail-reset-body = Dobrý den, někdo (doufáme, že vy) požádal o nastavení nového hesla k účtu { $name }. Odkaz funguje jednou, a to po dobu jedné hodiny.
mail-reset-action = Nastavit nové heslo
mail-reset-footer = Pokud to nebyl váš požadavek, tento e-mail ignorujte: vaše heslo zůstane beze změny.
notifications-your_turn-unanswered = { $variant }: soupeř { $opponent } zahrál { $move }. Vaše podmíněná varianta nemohla odpovědět tahem { $answer }: { $why } Jste na tahu.
notifications-tournament_round-joined = Do turnaje { $tournament } se přihlásil hráč { $opponent }.
notifications-tournament_round-started = Turnaj { $tournament } začal: vaše partie čekají.
notifications-tournament_round-round = Začalo { $round }. kolo turnaje { $tournament }.
notifications-tournament_round-stage = Postupujete do { $stage }. fáze turnaje { $tournament }.
notifications-tournament_round-finished = Turnaj { $tournament } skončil: vyhrál hráč { $winner }.
notifications-tournament_round-cancelled = Turnaj { $tournament } byl zrušen.
push-title-tournament_round = Novinky z turnaje
notifications-tournament_round-season = Začala { $stage }. sezóna turnaje { $tournament }.
notifications-your_turn-move = { $variant }: soupeř { $opponent } zahrál { $move }, jste na tahu.
notifications-challenge-declined = Hráč { $opponent } odmítl vaši výzvu ke hře { $variant }: { $reason }
notifications-clock_warning-four_fifths_used-game = { $variant } proti hráči { $opponent }: z času na tento tah vám zbývá už jen pětina.
notifications-clock_warning-day_left-game = { $variant } proti hráči { $opponent }: na tah vám zbývá den.
notifications-clock_warning-hour_left-game = { $variant } proti hráči { $opponent }: na tah vám zbývá hodina.
