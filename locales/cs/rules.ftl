### The rules pages of the games.

rules-statistics = Statistika partií: výhry bílých { $white } ({ $white_pct } %), výhry černých { $black } ({ $black_pct } %), remízy { $draws } ({ $draws_pct } %)
rules-statistics_both_lost = prohra obou v termínu { $both_lost } ({ $both_lost_pct } %)
rules-play = Hrát tuto hru
rules-recent = Nedávno dokončené partie
rules-ended = Skončila
rules-common = Hrají dva hráči, za bílé a za černé; bílé táhnou vždy první. Kromě dění na desce partie končí, když se hráč vzdá, když se oba dohodnou na remíze (nabídka propadá, když soupeř táhne nebo ji odmítne), nebo když hráč na tahu nechá vypršet čas na tah, a tím prohraje. Dokud netáhli oba hráči, může kterýkoli z nich partii zrušit: pak nemá žádný výsledek a nikam se nezapočítává.
rules-chess960 =
    Chess960, známé také jako Fischer Random, jsou šachy, v nichž jsou figury za pěšci zamíchané. Každá partie začíná z jedné z 960 pozic, vylosované při vytvoření partie: bílé figury stojí na první řadě v nějakém pořadí, střelci na polích obou barev a král mezi oběma věžemi, a černé figury stojí zrcadlově. Vše ostatní se řídí níže uvedenými pravidly šachu.

    Rošáda končí na obvyklých polích, ať král a věž začínali kdekoli: rošáda směrem ke sloupci h postaví krále na g1 a věž na f1 (u černých g8 a f8), rošáda směrem ke sloupci a postaví krále na c1 a věž na d1 (c8 a d8). Je povolena, pokud král ani tato věž dosud netáhli, pokud jsou všechna pole, která oba přecházejí nebo na která dopadají, prázdná (kromě nich samotných), pokud král není v šachu a pokud žádné pole, které král přechází nebo na které dopadá, není napadené. Rošádu provedete tak, že krále postavíte na vlastní věž. Tah se zapisuje O-O nebo O-O-O, v API jako pole krále a pak pole věže (b1a1).
rules-chess =
    Šachy se hrají podle Pravidel šachu FIDE: obvyklá výchozí pozice, všechny tahy figur, rošáda, braní mimochodem a proměna v dámu, věž, střelce nebo jezdce. Mat vyhrává; pat je remíza.

    Některé remízy nastávají samy: když ani jedna strana už nikdy nemůže dát mat (zůstali jen králové, nebo král s jediným jezdcem, nebo střelci stojící všichni na polích jedné barvy), když se stejná pozice objeví popáté, nebo po 75 tazích každé strany bez braní a bez tahu pěšcem.

    Jiné remízy musí reklamovat hráč na tahu: když se pozice objevila potřetí, nebo po 50 tazích každé strany bez braní a bez tahu pěšcem.

    Tahy se zobrazují ve standardní algebraické notaci (Nf3, O-O, e8=Q) a dokončené partie lze stáhnout jako PGN.
rules-reversi =
    Reversi se tu hraje na desce { $size }x{ $size }, která je na začátku prázdná.

    Každým z prvních čtyř tahů (bílé, černé, bílé, černé) položí hráč na tahu kámen své barvy na jedno ze čtyř prázdných středových polí, aniž by cokoli otočil.

    Potom kladete kámen na prázdné pole tak, aby alespoň v jednom z osmi směrů od něj vedla nepřerušená řada soupeřových kamenů až k jednomu z vašich kamenů. Každá taková řada v každém směru se otočí na vaši barvu.

    Pokud takový tah nemáte, ale soupeř ano, musíte pasovat; server za vás pas zahraje a počítá se jako tah. Když nemůže táhnout ani jeden hráč, nebo je deska plná, partie končí: vyhrává ten, kdo má víc kamenů, při stejném počtu je remíza.
rules-chess-reversi =
    Šachové reversi je hra s rozmisťováním figur na šachovnici. Každá strana má osm figur, krále, dámu, dvě věže, dva střelce a dva jezdce, a každým tahem jednu umístí. Umístěné figury se nikdy nepohnou; partie trvá přesně šestnáct tahů.

    Prvním tahem bílé umístí krále kamkoli. Každá další figura musí stát vedle alespoň jedné soupeřovy figury. Černý král se umisťuje jako poslední, osmým tahem černých. Váš druhý střelec musí stát na poli jiné barvy než první.

    Když soupeř právě umístil dámu a ta vaše ještě není na desce, musíte umístit dámu. Černé musí umístit dámu nejpozději svým sedmým tahem. Osmá figura bílých musí mít vedle sebe alespoň jedno prázdné pole a černý král musí stát vedle osmé figury bílých. Strana, která nemůže umístit žádnou figuru, prohrává.

    Bodování: každá figura napadá pole jako v šachách (dalekonosné figury se zastaví na první figuře kterékoli barvy). Za každé prázdné pole, které napadá každá vaše figura, získáváte bod: pole napadené dvěma vašimi figurami dává dva body a pole napadené oběma stranami boduje pro obě. Po šestnáctém tahu vyhrává vyšší skóre; při rovnosti je remíza. Stránka partie umí vystínovat pole, která jednotlivé strany napadají.
rules-knight-fight =
    Souboj jezdců se hraje na desce 10x10. Při vytvoření partie dostane každé pole náhodně jiné číslo od 00 do 99.

    Každá strana má jednoho jezdce, zprvu mimo desku. Bílé ho umístí na očíslované pole první řady, černé na očíslované pole desáté řady; potom je každý tah skokem jezdce.

    Jezdec smí skočit jen na pole, které ještě nese číslo a které soupeřův jezdec nenapadá. Skokem hráč získá číslo pole jako body a číslo z pole zmizí; pole, které jezdec opouští, zůstane do konce partie prázdné.

    Pravidlo zrcadla: má-li číslo, na které skočíte, dvě různé číslice, například 57 (nebo 05), ztratí své číslo pole se zrcadlovým číslem (75, případně 50) a nikdo za ně body nedostane.

    Pravidlo dubletu: skočíte-li na dublet (00, 11, … 99) a jiné pole ještě nese dublet, musíte navíc vybrat jedno takové pole, které své číslo ztratí.

    Partie končí, když hráč na tahu nemá přípustný tah. Vyhrává vyšší skóre; při rovnosti je remíza.
rules-statistics_usual = Počítají se tu jen partie z obvyklé výchozí pozice: ne partie ze zvolené pozice ani partie převzaté odjinud.
rules-statistics_here = Počítají se tu jen partie hrané tady od začátku, ne partie převzaté odjinud.
rules-openings_title = Zahájení
rules-openings = Výzva může místo prázdného středu začít jedním z těchto zahájení: každé tvoří několik tahů, po nichž náš engine považuje pozici za téměř vyrovnanou. Jeho název napište do pole výchozí pozice ve výzvě.
rules-conditional_title = Podmíněné tahy
rules-conditional =
    V probíhající partii může hráč pod deskou zadat varianty dopředu: „když soupeř zahraje tohle, odpovím tímhle, a když pak zahraje tohle, odpovím tímhle“. Když soupeř zahraje tah z varianty, odpověď se zahraje okamžitě jako hráčův vlastní tah; nespotřebuje nic z jeho času. Své varianty až do konce partie vidí jen hráč sám; varianty, které pak ještě čekají, se stanou součástí záznamu partie. Hráč smí mít v partii nejvýše { $lines ->
        [one] { $lines } variantu
        [few] { $lines } varianty
        [many] { $lines } varianty
       *[other] { $lines } variant
    }, každou nejvýše o 40 tazích.

    Varianta se při zadání ověří podle pravidel. Dvě varianty jednoho hráče se smějí rozcházet jen na tahu soupeře, takže jedna pozice nikdy nemá dvě odpovědi.

    Libovolný tah: varianta může místo tahu soupeře uvést *, což znamená cokoli, co soupeř zahraje (v Reversi i pas). Tahy po něm lze ověřit, až na ně dojde: pokud odpověď pak není přípustná, nic se nezahraje, varianta se smaže a hráčovo oznámení „Jste na tahu“ to uvede. Když jedna varianta uvádí konkrétní tah soupeře a jiná má na tom místě *, odpovídá varianta s konkrétním tahem.

    Varianta může místo posledního hráčova tahu skončit akcí: nabídnout remízu, přijmout soupeřovu nabídku remízy, reklamovat remízu (kde to pravidla dovolují: v šachách trojí opakování pozice nebo pravidlo 50 tahů), nebo se vzdát. Akce se řídí stejnými pravidly jako její tlačítko na stránce partie; pokud ji pak pravidla nedovolí (například nebyla nabídnuta remíza), varianta se smaže a oznámení uvede proč. Počítač nepřijímá nabídky remízy, takže varianta proti němu remízu nabídnout ani přijmout nemůže.

    Repertoár: varianty, které si hráč na stránce svého repertoáru uloží jednou pro všechny své partie dané hry, od výchozí pozice (zapsané jako varianta zde, vložené jako záznam, přidané z dokončené partie nebo z analytické desky). V každé partii, kde jeho repertoár odpovídá (zapnuto, pokud jeho nastavení neříká jinak; každá partie má přepínač), se odpověď zahraje okamžitě, dokud tahy partie sledují některou z jeho variant, stejně jako u podmíněné varianty; podmíněná varianta partie má přednost. Když odpovídají repertoáry obou hráčů, odehrají společnou variantu okamžitě, nejvýše { $cap ->
        [one] { $cap } tah
        [few] { $cap } tahy
        [many] { $cap } tahu
       *[other] { $cap } tahů
    } za jeden tah hráče. Které tahy pocházejí z repertoáru, zůstává skryté až do konce partie; pak to uvádí její záznam.
rules-engines_title = Enginy, hodnocení a rozbor
rules-engines =
    Každá výzva a každý turnaj uvádí, zda hráči smějí používat enginy. Bez enginů, výchozí volba: hráči přemýšlejí sami. Enginy povoleny: oba smějí používat enginy a databáze a hodnocená partie se počítá do zvláštního ratingu pro takové partie s vlastním žebříčkem.

    Hodnocení: na analytické desce se tlačítkem „Ohodnotit tuto pozici“ zeptáte enginu serveru, kdo stojí lépe a o kolik (v pěšcích, kamenech nebo bodech), případně jaký konec vidí, spolu s nejlepší variantou na několik tahů dopředu. U skončené partie je k dispozici vždy; během partie jen tehdy, pokud partie enginy povoluje. Každý hráč se může zeptat šestkrát za minutu.

    Počítačový rozbor: jakmile partie skončí, může o její rozbor požádat kdokoli přihlášený. Engine porovná každý tah se svým nejlepším tahem v dané pozici a označí ty, které stály nejvíc: v šachách nepřesnost od půl pěšce, chybu od jednoho pěšce, hrubou chybu od dvou; v Reversi a Šachovém reversi od 2, 4 a 8 kamenů či bodů; v Souboji jezdců od 5, 10 a 20 bodů. Stránka rozboru ukazuje graf hodnocení po každém tahu a označené tahy s lepším tahem; PGN šachové partie označení obsahuje.
rules-time_title = Čas
rules-time =
    Každá partie má časovou kontrolu, zvolenou ve výzvě. Na tah: hráč na tahu má na každý tah stejný čas (1, 2, 3, 5, 7, 10 nebo 14 dní, plus až 23 hodin); po každém tahu se hodiny znovu nastaví na plný čas. Zásoba času: každý hráč má zásobu, která začíná počátečními dny; čas, který tah zabere, se odečte ze zásoby táhnoucího hráče a po tahu do zásoby přibudou dny přidávané za tah, nikdy však nepojme víc než svůj strop (například 3 dny + 1 den za tah, nejvýše 7 dní). Bez časového limitu: žádné hodiny a partii nelze prohrát na čas.

    Hráč na tahu prohrává na čas, jakmile uplyne jeho termín: tah odeslaný potom se odmítne a server partii ukončí. Stránka partie a Moje partie ukazují zbývající čas a termín v UTC; běží jen hodiny hráče na tahu.

    Volné víkendy: výzva může o víkendech zastavit hodiny. Hodiny hráče pak neběží od soboty 00:00 do pondělí 00:00 v jeho vlastním časovém pásmu (UTC, pokud si na stránce nastavení nezvolí jiné) a ukazují „Víkend“. Víkend, během něhož se mění letní čas, trvá svou skutečnou délku.

    Noční klid: každý hráč si může na stránce nastavení zvolit noční přestávku v délce 1 až 10 hodin (například 23:00 až 07:00 ve svém časovém pásmu). Každou noc v tomto úseku jeho hodiny stojí, ať je časová kontrola jakákoli, a ukazují „Noční klid do …“. Úsek se řídí místním časem, takže noc, během níž se mění letní čas, je ve skutečnosti o hodinu kratší nebo delší. Výzva nebo turnaj může určit „bez nočního klidu“: v jejich partiích noc hodiny nezastaví.

    Dovolená: každý hráč má ročně { $days ->
        [one] { $days } den
        [few] { $days } dny
        [many] { $days } dne
       *[other] { $days } dní
    } dovolené, počítané v hodinách a každého 1. ledna (UTC) znovu doplněné; co zbude, se do dalšího roku nepřevádí. Dovolená začíná okamžitě ze stránky nastavení (nebo přes API) a trvá požadovaný počet hodin, které se hned na začátku odečtou z nároku; při dřívějším ukončení se vrátí všechny celé nevyčerpané hodiny. Po dobu dovolené hráčovy hodiny stojí v každé partii, která dovolenou povoluje (soupeř vidí „Na dovolené do …“), a hráč přesto smí táhnout. Výzva může určit „bez dovolené“: v její partii dovolená hodiny nezastaví.

    Automatická dovolená: když by hráč prohrál na čas partii, která dovolenou povoluje, není na dovolené a ještě mu nějaká zbývá, začne místo toho dovolená na jeden den (nebo na zbytek, je-li kratší) a jeho stránka nastavení to uvede. Je zapnutá pro všechny a na stránce nastavení ji lze vypnout. Bez zbývající dovolené je partie prohraná.

    Sériové prohry na čas: prohra na čas do 72 hodin po jiné prohře na čas téhož hráče se označí jako sériová. První prohra takové série se do ratingu započítá jako obvykle; další už nemění rating ani jednomu z hráčů (do statistik se jejich výsledky počítají dál).

    Čas navíc a přestávky: když je na tahu soupeř, může mu hráč přidat den běžícího času, nejvýše tři dny za partii. Kterýkoli hráč může požádat o přestávku; pokud ji soupeř přijme, oboje hodiny od té chvíle stojí sedm dní (nejvýše dvě přestávky za partii). Žádost propadá, když soupeř táhne.

    Ochrana před výpadky: když server neběžel déle než hodinu (provozovatel to může změnit), posune se termín každé probíhající partie o celou dobu výpadku, dřív než se jakákoli partie ukončí na čas. Nikdo neprohraje na čas proto, že server nefungoval.

    Počet partií: hráč smí mít najednou rozehraný tento počet partií proti lidem: { $games }, plus jednu za každou partii, kterou dokončil, celkem nejvýše { $ceiling } (partie proti počítači se nepočítají ani do jednoho). Nad tento počet se nové výzvy a přihlášky odmítají, dokud nějaká partie neskončí. Po prohře na čas se hráč může do turnajů přihlásit až za { $cooldown ->
        [one] { $cooldown } den
        [few] { $cooldown } dny
        [many] { $cooldown } dne
       *[other] { $cooldown } dní
    }.

    Spolehlivost: každá výzva a stránka každého hráče ukazují bilanci za posledních 90 dní: partie prohrané na čas (kolik jich je a jaký podíl ze skončených partií tvoří), průměrný čas na tah (tah zahraný okamžitě, například podmíněný tah, se nepočítá), rozehrané a dokončené partie a zbývající dovolenou. Otevřená výzva nebo turnaj může požadovat nejvýše určitý podíl partií prohraných na čas a určitý počet dokončených partií; kdo je nesplňuje, nemůže výzvu přijmout ani se do turnaje přihlásit. Každá výzva a každý turnaj také ukazují, jak dlouho má partie pravděpodobně trvat, ve dnech: podle časové kontroly, času na tah obou hráčů (u hráče bez dostatku partií podle průměru webu) a obvyklého počtu tahů této hry tady.

    Termíny partií: výzva nebo turnaj může omezit trvání svých partií na počet dní od jejich začátku (1 až 365). Stránka partie termín ukazuje. Jakmile uplyne, partie už nepřijímá tahy a během několika sekund ji rozhodne pravidlo, které zvolila její výzva nebo turnaj. Remíza: partie končí remízou. Prohrají oba: žádný hráč nezíská body a rating každého z nich ji počítá jako prohru. Posoudí enginy: engine serveru prohledá pozici na své nejvyšší úrovni (šachy pomocí Stockfishe, pokud ho provozovatel nainstaloval); když prohledávání vidí konec partie (mat, Reversi dohrané do posledního kamene, poslední umístění v Šachovém reversi), je to výsledek, jinak strana vyhrává, jen pokud má jasnou výhodu, alespoň 3 pěšce v šachách, 4 kameny v Reversi, 3 body v Šachovém reversi nebo 10 bodů v Souboji jezdců, a cokoli těsnějšího je remíza. Hráč, kterému vyprší vlastní čas až po termínu partie, na čas neprohrává. Výsledek se počítá do ratingů, statistik a turnaje jako kterýkoli jiný a stránka partie uvádí, jak k němu došlo: hodnocení, variantu, kterou engine viděl, a pravidlo. Stránka turnaje ukazuje termín každého kola a nejzazší datum, kdy může turnaj skončit.
