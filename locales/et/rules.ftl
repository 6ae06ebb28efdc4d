### The rules pages of the games.

rules-statistics = Võidetud mängude statistika: valge { $white } ({ $white_pct } %), must { $black } ({ $black_pct } %), viigid { $draws } ({ $draws_pct } %)
rules-statistics_both_lost = tähtajal kaotasid mõlemad { $both_lost } ({ $both_lost_pct } %)
rules-play = Mängi seda mängu
rules-recent = Hiljuti lõppenud mängud
rules-ended = Lõppes
rules-common = Mängivad kaks mängijat, Valge ja Must; Valge käib alati esimesena. Lisaks laual toimuvale lõpeb mäng, kui mängija alistub, kui mõlemad lepivad kokku viigis (pakkumine kaob, kui vastane käib või keeldub) või kui käigul olev mängija laseb käiguaja otsa saada ja seega kaotab. Enne kui mõlemad on käinud, võib kumbki mängu katkestada: siis pole tulemust ja mängu ei arvestata kuskil.
rules-chess960 =
    Male960 ehk Fischeri male on male, kus etturite taga seisvad nupud on segatud. Iga mäng algab ühest 960 algseisust, mis loositakse mängu loomisel: valge nupud seisavad esimesel real mingis järjekorras, odad eri värvi ruutudel ja kuningas kahe vankri vahel, ning musta nupud on nende peegelpilt. Kõik muu käib allpool kirjeldatud malereeglite järgi.

    Vangerdus lõpeb tavalistel ruutudel, kust iganes kuningas ja vanker alustasid: h-liini poole vangerdades jõuab kuningas g1-le ja vanker f1-le (mustal g8 ja f8), a-liini poole vangerdades kuningas c1-le ja vanker d1-le (c8 ja d8). Vangerdada tohib, kui ei kuningas ega see vanker ole käinud, kui kõik ruudud, mida need kaks läbivad või kuhu jõuavad, on tühjad (peale nende endi), kui kuningas pole tule all ja kui ükski ruut, mida kuningas läbib või kuhu jõuab, pole rünnatud. Vangerdamiseks vii kuningas oma vankri ruudule. Käik kirjutatakse O-O või O-O-O, API-s kuninga ruuduna ja siis vankri ruuduna (b1a1).
rules-chess =
    Malet mängitakse FIDE reeglite järgi: tavaline algseis, kõik nuppude käigud, vangerdus, möödaminnes löömine ning etturi muundamine lipuks, vankriks, odaks või ratsuks. Matt võidab, patt on viik.

    Mõni viik tuleb iseenesest: kui kumbki pool ei saa enam kunagi matti panna (alles on ainult kuningad või kuningas ühe ratsuga või odad, mis kõik seisavad sama värvi ruutudel), kui sama seis kordub viiendat korda või kui kumbki pool on teinud 75 käiku ilma löömise ja etturikäiguta.

    Teisi viike peab käigul olev mängija nõudma: kui seis on kordunud kolm korda või kui kumbki pool on teinud 50 käiku ilma löömise ja etturikäiguta.

    Käike näidatakse lühikeses algebralises kirjaviisis (Nf3, O-O, e8=Q) ja lõppenud mängud saab alla laadida PGN-failina.
rules-reversi =
    Reversit mängitakse siin { $size }x{ $size } laual, mis on alguses tühi.

    Esimesed neli käiku (Valge, Must, Valge, Must) panevad kumbki käija värvi nupu ühele neljast tühjast keskruudust, midagi ümber pööramata.

    Edasi paned nupu tühjale ruudule nii, et vähemalt ühes kaheksast suunast kulgeb sellest katkematu rida vastase nuppe kuni sinu enda nupuni. Iga selline rida igas suunas pöördub sinu värvi.

    Kui sul sellist käiku pole, aga vastasel on, pead passima; server teeb passi sinu eest ja see loeb käiguks. Kui kumbki ei saa käia või laud on täis, lõpeb mäng: võidab see, kellel on rohkem nuppe, võrdse arvu korral on viik.
rules-chess-reversi =
    Malereversi on paigutusmäng malelaual. Kummalgi poolel on kaheksa nuppu: kuningas, lipp, kaks vankrit, kaks oda ja kaks ratsut, ning igal käigul paigutatakse üks. Paigutatud nupud ei liigu kunagi; mäng kestab täpselt kuusteist käiku.

    Valge esimene käik paneb kuninga ükskõik kuhu. Iga järgmine nupp peab minema vähemalt ühe vastase nupu kõrvale. Musta kuningas paigutatakse viimasena, Musta kaheksanda käiguna. Teine oda peab seisma teist värvi ruudul kui esimene.

    Kui vastane paigutas just oma lipu ja sinu lipp on veel laualt väljas, pead paigutama oma lipu. Must peab lipu paigutama hiljemalt oma seitsmendal käigul. Valge kaheksas nupp peab jätma enda kõrvale vähemalt ühe tühja ruudu ja Musta kuningas peab minema Valge kaheksanda nupu kõrvale. Pool, kes ei saa ühtegi nuppu paigutada, kaotab.

    Punktid: iga nupp ründab ruute nagu males (pikalt käivad nupud peatuvad esimese ette jääva nupu juures). Sa saad punkti iga tühja ruudu eest, mida mõni sinu nupp ründab: kahe sinu nupu rünnatud ruut annab kaks punkti ja mõlema poole rünnatud ruut annab punkti mõlemale. Pärast kuueteistkümnendat käiku võidab suurem punktisumma, võrdse korral on viik. Mängulehel saab varjutada ruudud, mida kumbki pool ründab.
rules-knight-fight =
    Ratsuvõitlust mängitakse 10x10 laual. Mängu loomisel saab iga ruut juhuslikult erineva arvu vahemikust 00 kuni 99.

    Kummalgi poolel on üks ratsu, alguses laualt väljas. Valge paneb selle esimese rea mõnele arvuga ruudule, Must kümnenda rea mõnele arvuga ruudule; edasi on iga käik ratsuhüpe.

    Ratsu tohib maanduda ainult ruudule, kus on veel arv ja mida teine ratsu ei ründa. Maandumine annab selle arvu punktideks ja eemaldab selle; ruut, kust ratsu lahkub, jääb mängu lõpuni tühjaks.

    Peegelreegel: kui arvul, millele maandud, on kaks erinevat numbrit, näiteks 57 (või 05), kaotab peegelarvuga ruut (75 või 50) oma arvu ja keegi ei saa selle eest punkte.

    Paarisreegel: kui maandud paarisarvule (00, 11, … 99) ja mõnel teisel ruudul on veel paarisarv, pead valima ühe sellise ruudu, mis oma arvu kaotab.

    Mäng lõpeb, kui käigul oleval mängijal pole ühtegi reeglipärast käiku. Võidab suurem punktisumma, võrdse korral on viik.
rules-statistics_usual = Siin lähevad arvesse ainult tavalisest algusest mängitud partiid: mitte valitud seisust alustatud ega mujalt jätkatud partiid.
rules-statistics_here = Siin lähevad arvesse ainult siin algusest peale mängitud partiid, mitte mujalt jätkatud partiid.
rules-openings_title = Avangud
rules-openings = Väljakutse võib tühja keskväljaku asemel alata mõnest neist avangutest: igaühes on mõni käik, mille järel meie mootor hindab seisu ligikaudu võrdseks. Kirjuta avangu nimi väljakutse algseisu väljale.
rules-conditional_title = Tingimuslikud käigud
rules-conditional =
    Käimasolevas mängus võib mängija laua all ette sisestada variante: „kui vastane käib nii, vastan naa, ja kui ta seejärel käib nii, vastan naa“. Kui vastane teeb variandi käigu, käiakse vastus kohe mängija enda käiguna; see ei kuluta tema aega. Oma variante näeb mängija ainult ise, kuni mäng lõpeb; siis veel ootel variandid saavad partii kirje osaks. Mängus võib mängijal olla kuni { $lines } varianti, igaühes kuni 40 käiku.

    Variant kontrollitakse reeglite järgi selle sisestamisel. Mängija kaks varianti võivad lahkneda ainult vastase käigu kohal, nii et ühel seisul pole kunagi kahte vastust.

    Mis tahes käik: variandis võib vastase käigu asemel olla *, mis tähendab ükskõik millist käiku (Reversis ka käigust loobumist). Sellele järgnevaid käike saab kontrollida alles siis, kui nende kord tuleb: kui vastus pole siis lubatud, ei käida midagi, variant kustutatakse ja mängija teade „sinu käik“ ütleb seda. Kui üks variant nimetab vastase käigu ja teises on samas kohas *, vastab käiku nimetav variant.

    Variant võib mängija viimase käigu asemel lõppeda tegevusega: paku viiki, võta vastase viigipakkumine vastu, nõua viiki (kus reeglid seda lubavad: males kolmekordne kordus või 50 käigu reegel) või anna alla. Tegevus järgib samu reegleid kui selle nupp mängu lehel; kui reeglid selle siis keelavad (näiteks viiki ei pakutud), variant kustutatakse ja teade ütleb põhjuse. Arvuti viigipakkumisi ei võta, nii et variant arvuti vastu ei saa viiki pakkuda ega vastu võtta.

    Repertuaar: liinid, mida mängija hoiab oma repertuaari lehel ühe korra kõigi ühe mängu partiide jaoks, algusest peale (kirjutatud nagu siinne liin, kleebitud partiikirjana, lisatud lõppenud partiist või analüüsilaualt). Igas partiis, kus tema repertuaar vastab (sisse lülitatud, kui seaded ei ütle teisiti; igas partiis on lüliti), tehakse vastus kohe, kui partii käigud järgivad üht selle liini, nagu tingimusliku liini puhul; partii tingimuslik liin vastab enne. Kui vastavad mõlema mängija repertuaarid, mängivad need nende ühise liini kohe läbi, kuni { $cap } käiku ühe mängija käigu kohta. Millised käigud tulid repertuaarist, jääb salajaseks kuni partii lõpuni; siis ütleb seda partii kirje.
rules-engines_title = Mootorid, hinnang ja ülevaade
rules-engines =
    Iga väljakutse ja turniir ütleb, kas mängijad tohivad mootoreid kasutada. Mootoriteta, vaikimisi: mängijad mõtlevad ise. Mootorid lubatud: mõlemad võivad kasutada mootoreid ja andmebaase ning reitingupartii läheb eraldi reitingusse, millel on oma edetabel.

    Hinnang: analüüsilaual küsib „Hinda seda seisu“ serveri mootorilt, kumb on paremas seisus ja kui palju (etturites, nuppudes või punktides) või millist lõppu see näeb, koos parima variandiga mõne käigu sügavuselt. See on alati avatud lõppenud partiile; käimasolevale partiile ainult siis, kui see lubab mootoreid. Iga mängija võib küsida kuus korda minutis.

    Arvuti ülevaade: kui partii on lõppenud, võib iga sisselogitud mängija paluda selle ülevaadet. Mootor võrdleb iga käiku oma parima käiguga ja märgib need, mis maksid kõige rohkem: males ebatäpsus alates poolest etturist, viga alates ühest etturist, äpardus alates kahest; Reversis ja Malereversis alates 2, 4 ja 8 nupust või punktist; Ratsuvõitluses alates 5, 10 ja 20 punktist. Ülevaate leht näitab hinnangu graafikut pärast iga käiku ja märgitud käike koos parema käiguga; malepartii PGN sisaldab märke.
rules-time_title = Aeg
rules-time =
    Igal mängul on ajakontroll, mis valitakse väljakutses. Käigu kohta: käigul olijal on iga käigu jaoks sama aeg (1, 2, 3, 5, 7, 10 või 14 päeva, pluss kuni 23 tundi); pärast iga käiku algab kell täiest ajast. Ajapank: igal mängijal on pank, mis algab algpäevadega; käigule kulunud aeg võetakse käija pangast ning pärast käiku lisandub pangale iga käiguga lisanduv aeg, kuid pank ei mahuta kunagi üle ülempiiri (näiteks 3 päeva + 1 päev käigu kohta, kõige rohkem 7 päeva). Ajapiiranguta: kella pole ja mängu ei kaotata kunagi aja ületamisega.

    Käigul olija kaotab aja ületamisega, kui tema tähtaeg möödub: pärast seda saadetud käiku ei võeta vastu ja server lõpetab mängu. Mängu leht ja Minu mängud näitavad järelejäänud aega ja tähtaega UTC järgi; käib ainult käigul oleva mängija kell.

    Nädalavahetused vabad: väljakutse võib peatada kellad nädalavahetustel. Siis ei käi mängija kell laupäeva kella 00.00-st esmaspäeva kella 00.00-ni tema enda ajavööndis (UTC, kui ta pole seadetes muud valinud) ja tema kellal seisab „Nädalavahetus“. Suveajale või sealt tagasi mineku nädalavahetus kestab oma tegeliku pikkuse.

    Ööpaus: iga mängija võib seadetes valida 1 kuni 10 tunni pikkuse ööpausi (näiteks 23.00 kuni 07.00 tema enda ajavööndis). Igal ööl selles vahemikus seisab tema kell, olgu ajakontroll milline tahes, ja sellel on kiri „Öö kuni …“. Vahemik järgib kohalikku kella, nii et suveajale või sealt tagasi mineku öö on tegelikult tunni võrra lühem või pikem. Väljakutse või turniir võib öelda „ööpausideta“: selle mängudes ei peata öö ühtki kella.

    Puhkus: igal mängijal on aastas { $days } päeva puhkust, mida arvestatakse tundides ja mis täitub uuesti iga aasta 1. jaanuaril (UTC); üle jäänud aeg edasi ei kandu. Puhkus algab kohe seadete lehelt (või API kaudu) ja kestab soovitud arvu tunde, mis võetakse puhkusevarust alguses; varem lõpetades antakse võtmata täistunnid tagasi. Puhkuse ajal seisab mängija kell igas mängus, mis puhkust lubab (vastane näeb „Puhkusel kuni …“), ja ta võib ikka käia. Väljakutse võib öelda „puhkuseta“: selle mängus puhkus kella ei peata.

    Automaatne puhkus: kui mängija kaotaks puhkust lubava mängu aja ületamisega, ta pole puhkusel ja tal on puhkusevaru, algab selle asemel ühepäevane puhkus (või nii pikk, kui varu jätkub) ning tema seadete leht ütleb seda. See on kõigil sees ja seda saab seadetes välja lülitada. Kui varu pole, on mäng kaotatud.

    Järjestikused ajakaotused: aja ületamisega kaotus 72 tunni jooksul pärast sama mängija teist ajakaotust märgitakse järjestikuseks. Sellise rea esimene kaotus läheb reitingusse nagu tavaliselt; järgmised ei muuda kummagi mängija reitingut (tulemused lähevad statistikasse ikka arvesse).

    Lisaaeg ja pausid: kui vastane on käigul, võib mängija anda talle ühe päeva lisaaega, kokku kuni kolm päeva mängu kohta. Kumbki mängija võib paluda pausi; kui vastane nõustub, seisavad mõlemad kellad sellest hetkest seitse päeva (kuni kaks pausi mängu kohta). Palve aegub, kui vastane käib.

    Kaitse seisakute eest: kui server ei töötanud kauem kui tund (haldaja saab seda muuta), lükatakse iga käimasoleva mängu tähtaega edasi kogu seisaku aja võrra, enne kui ühtki mängu aja ületamise tõttu lõpetatakse. Keegi ei kaota aega sellepärast, et server seisis.

    Mitu partiid: mängijal võib korraga käia { $games } partiid inimeste vastu ja üks rohkem iga lõpetatud partii eest, kuni { $ceiling } (arvuti vastu mängitud partiid ei lähe kummassegi arvesse). Sellest üle lükatakse uued väljakutsed ja registreerumised tagasi, kuni mõni partii lõpeb. Pärast aja ületamisega kaotatud partiid ei saa mängija { $cooldown } päeva turniiridele registreeruda.

    Usaldusväärsus: iga väljakutse ja iga mängija leht näitavad viimase 90 päeva tulemusi: aja ületamisega kaotatud partiid (mitu ja kui suur osa lõppenud partiidest), keskmine aeg käigu kohta (kohe tehtud käik, näiteks tingimuslik käik, ei lähe arvesse), käimasolevad ja lõpetatud partiid ning järelejäänud puhkus. Avatud väljakutse või turniir võib nõuda, et ajakaotuste osa ei ületaks antud piiri ja et lõpetatud partiisid oleks vähemalt antud arv; nõudele mittevastaja ei saa väljakutset vastu võtta ega turniirile registreeruda. Iga väljakutse ja turniir näitab ka partii oodatavat kestust päevades: selle ajakontrolli, mõlema mängija käigule kuluva aja (kellel pole piisavalt partiisid, selle puhul saidi keskmise) ja selle mängu siinse tavalise käikude arvu järgi.

    Partii tähtaeg: väljakutse või turniir võib piirata oma partiide kestust päevades alates nende algusest (1 kuni 365). Partii leht näitab tähtaega. Kui see on möödas, ei võta partii enam käike ja mõne sekundi jooksul otsustatakse see reegli järgi, mille väljakutse või turniir valis. Viik: partii lõpeb viigiga. Mõlemad kaotavad: kumbki mängija ei saa punkti ja mõlema reiting arvestab seda kaotusena. Mootorid hindavad: serveri mootor otsib seisu oma parimal tasemel (male Stockfishiga, kui haldaja on selle paigaldanud); kui otsing näeb partii lõppu (matt, Reversi viimase nupuni, Malereversi viimane paigutus), on see tulemus, muidu võidab pool ainult selge eduga, vähemalt 3 etturit males, 4 nuppu Reversis, 3 punkti Malereversis või 10 Ratsuvõitluses, ja väiksem vahe on viik. Mängija, kelle aeg saab otsa pärast partii tähtaega, ei kaota ajaga. Tulemus läheb reitingusse, statistikasse ja turniiri nagu iga teine ning partii leht ütleb, kuidas see saadi: hinnang, mootori nähtud variant ja reegel. Turniiri leht näitab iga vooru tähtaega ja kuupäeva, mil turniir hiljemalt lõpeb.
