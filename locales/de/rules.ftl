### The rules pages of the games.

rules-statistics = Gewinnstatistik: Weiß { $white } ({ $white_pct } %), Schwarz { $black } ({ $black_pct } %), Remis { $draws } ({ $draws_pct } %)
rules-statistics_both_lost = beide zur Frist verloren { $both_lost } ({ $both_lost_pct } %)
rules-play = Dieses Spiel spielen
rules-recent = Zuletzt beendete Partien
rules-ended = Beendet
rules-common = Zwei Spieler, Weiß und Schwarz; Weiß zieht immer zuerst. Abgesehen vom Brett endet eine Partie, wenn ein Spieler aufgibt, wenn sich beide auf Remis einigen (ein Angebot verfällt, wenn der Gegner zieht oder ablehnt), oder wenn der Spieler am Zug seine Bedenkzeit für den Zug ablaufen lässt und damit verliert. Bevor beide Spieler gezogen haben, kann jeder die Partie abbrechen: Sie hat dann kein Ergebnis und zählt nirgends.
rules-chess960 =
    Chess960, auch Fischer-Random genannt, ist Schach mit gemischten Figuren hinter den Bauern. Jede Partie beginnt in einer von 960 Stellungen, die beim Erstellen der Partie ausgelost wird: Die weißen Figuren stehen in irgendeiner Reihenfolge auf der ersten Reihe, die Läufer auf Feldern beider Farben und der König zwischen den beiden Türmen, und die schwarzen stehen spiegelbildlich dazu. Alles andere folgt den unten beschriebenen Schachregeln.

    Die Rochade endet auf den üblichen Feldern, wo auch immer König und Turm standen: Die Rochade zur h-Linie stellt den König nach g1 und den Turm nach f1 (g8 und f8 für Schwarz), die Rochade zur a-Linie den König nach c1 und den Turm nach d1 (c8 und d8). Sie ist erlaubt, wenn weder der König noch dieser Turm gezogen hat, wenn jedes Feld, das die beiden überqueren oder betreten, außer ihnen selbst leer ist, wenn der König nicht im Schach steht und wenn kein Feld, das der König überquert oder betritt, angegriffen ist. Zum Rochieren ziehst du den König auf den eigenen Turm. Der Zug wird O-O oder O-O-O geschrieben, in der API als Feld des Königs und dann des Turms (b1a1).
rules-chess =
    Schach wird nach den FIDE-Regeln gespielt: die übliche Ausgangsstellung, alle Figurenzüge, Rochade, en passant und Umwandlung in Dame, Turm, Läufer oder Springer. Matt gewinnt; Patt ist remis.

    Manche Remis treten von selbst ein: wenn keine Seite je mattsetzen kann (nur die Könige sind übrig, oder ein König mit einem einzelnen Springer, oder nur Läufer, alle auf Feldern einer Farbe), wenn dieselbe Stellung zum fünften Mal entsteht, oder nach 75 Zügen jeder Seite ohne Schlagen und ohne Bauernzug.

    Andere Remis muss der Spieler am Zug beanspruchen: wenn die Stellung dreimal aufgetreten ist, oder nach 50 Zügen jeder Seite ohne Schlagen und ohne Bauernzug.

    Die Züge werden in der algebraischen Standardnotation mit englischen Figurenbuchstaben angezeigt (Nf3, O-O, e8=Q), und beendete Partien können als PGN heruntergeladen werden.
rules-reversi =
    Reversi wird hier auf einem { $size }x{ $size }-Brett gespielt, das leer beginnt.

    Die ersten vier Züge (Weiß, Schwarz, Weiß, Schwarz) setzen je einen Stein in der Farbe des Ziehenden auf eines der vier leeren Mittelfelder, ohne etwas umzudrehen.

    Danach setzt du einen Stein so auf ein leeres Feld, dass in mindestens einer der acht Richtungen eine ununterbrochene Reihe gegnerischer Steine von ihm bis zu einem deiner eigenen Steine reicht. Jede solche Reihe, in jeder Richtung, wird in deine Farbe umgedreht.

    Hast du keinen solchen Zug, dein Gegner aber schon, musst du passen; der Server spielt das Passen für dich, und es zählt als Zug. Kann keiner der Spieler ziehen oder ist das Brett voll, endet die Partie: Wer mehr Steine hat, gewinnt; bei Gleichstand ist es remis.
rules-chess-reversi =
    Schach-Reversi ist ein Setzspiel auf einem Schachbrett. Jede Seite hat acht Figuren, König, Dame, zwei Türme, zwei Läufer und zwei Springer, und setzt eine pro Zug. Gesetzte Figuren ziehen nie; die Partie dauert genau sechzehn Züge.

    Weiß setzt mit dem ersten Zug den König auf ein beliebiges Feld. Jede andere Figur muss neben mindestens eine Figur des Gegners. Der schwarze König wird zuletzt gesetzt, als achter Zug von Schwarz. Dein zweiter Läufer muss auf der anderen Feldfarbe stehen als dein erster.

    Hat dein Gegner gerade seine Dame gesetzt und ist deine noch nicht auf dem Brett, musst du deine Dame setzen. Schwarz muss die Dame spätestens mit seinem siebten Zug setzen. Die achte Figur von Weiß muss mindestens ein leeres Feld neben sich lassen, und der schwarze König muss neben die achte Figur von Weiß. Eine Seite, die keine Figur setzen kann, verliert.

    Wertung: Jede Figur greift Felder an wie im Schach (langschrittige Figuren halten an der ersten Figur beliebiger Farbe an). Du bekommst einen Punkt für jedes leere Feld, das jede deiner Figuren angreift: Ein Feld, das zwei deiner Figuren angreifen, bringt zwei Punkte, und ein Feld, das beide Seiten angreifen, zählt für beide. Nach dem sechzehnten Zug gewinnt die höhere Punktzahl; bei Gleichstand ist es remis. Die Partieseite kann die Felder schattieren, die jede Seite angreift.
rules-knight-fight =
    Springerkampf wird auf einem 10x10-Brett gespielt. Beim Erstellen der Partie erhält jedes Feld zufällig eine andere Zahl von 00 bis 99.

    Jede Seite hat einen Springer, der anfangs nicht auf dem Brett steht. Weiß setzt ihn auf ein Feld mit Zahl in der ersten Reihe, Schwarz auf ein Feld mit Zahl in der zehnten Reihe; danach ist jeder Zug ein Springersprung.

    Ein Springer darf nur auf einem Feld landen, das noch eine Zahl trägt und das der andere Springer nicht angreift. Die Landung bringt diese Zahl als Punkte und entfernt sie; das Feld, das ein Springer verlässt, bleibt für den Rest der Partie leer.

    Spiegelregel: Hat die Zahl, auf der du landest, zwei verschiedene Ziffern, etwa 57 (oder 05), verliert das Feld mit der gespiegelten Zahl (75 oder 50) seine Zahl, und niemand bekommt sie.

    Doppelregel: Landest du auf einer Doppelzahl (00, 11, … 99) und trägt noch ein anderes Feld eine Doppelzahl, musst du außerdem eines dieser Felder wählen, das seine Zahl verliert.

    Die Partie endet, wenn der Spieler am Zug keinen legalen Zug hat. Die höhere Punktzahl gewinnt; bei Gleichstand ist es remis.
rules-statistics_usual = Hier zählen nur Partien aus der üblichen Ausgangsstellung: keine aus einer gewählten Stellung und keine von anderswo übernommenen Partien.
rules-statistics_here = Hier zählen nur Partien, die von Anfang an hier gespielt wurden, keine von anderswo übernommenen.
rules-openings_title = Eröffnungen
rules-openings = Eine Herausforderung kann statt mit der leeren Mitte mit einer dieser Eröffnungen beginnen: Jede besteht aus einigen Zügen, nach denen unsere Engine die Stellung als nahezu ausgeglichen einschätzt. Trag ihren Namen in das Feld für die Ausgangsstellung der Herausforderung ein.
rules-conditional_title = Bedingte Züge
rules-conditional =
    In einer laufenden Partie kann ein Spieler unter dem Brett Varianten im Voraus eingeben: „Wenn mein Gegner dies spielt, antworte ich das, und wenn er dann dies spielt, antworte ich das“. Spielt der Gegner den Zug einer Variante, wird die Antwort sofort als eigener Zug des Spielers gespielt; sie verbraucht nichts von seiner Zeit. Nur der Spieler sieht seine Varianten, bis die Partie endet; die dann noch offenen Varianten werden Teil der Partienotation. Ein Spieler hat in einer Partie höchstens { $lines ->
        [one] { $lines } Variante
       *[other] { $lines } Varianten
    }, jede mit höchstens 40 Zügen.

    Eine Variante wird bei der Eingabe nach den Regeln geprüft. Zwei Varianten eines Spielers dürfen sich nur an einem Zug des Gegners verzweigen, sodass eine Stellung nie zwei Antworten hat.

    Beliebiger Zug: Eine Variante kann * für einen Zug des Gegners angeben, das heißt, was auch immer er spielt (in Reversi auch Passen). Die Züge danach können erst geprüft werden, wenn sie anstehen: Ist die Antwort dann nicht legal, wird nichts gespielt, die Variante wird gelöscht, und die Benachrichtigung „Du bist am Zug“ sagt es dem Spieler. Nennt eine Variante den Zug des Gegners und hat eine andere dort *, antwortet die Variante, die den Zug nennt.

    Eine Variante kann statt mit dem letzten Zug des Spielers mit einer Aktion enden: Remis anbieten, das Remisangebot des Gegners annehmen, Remis beanspruchen (wo die Regeln es erlauben: im Schach bei dreifacher Stellungswiederholung oder nach der 50-Züge-Regel) oder aufgeben. Die Aktion folgt denselben Regeln wie ihre Schaltfläche auf der Partieseite; lassen diese sie dann nicht zu (etwa weil kein Remis angeboten wurde), wird die Variante gelöscht, und die Benachrichtigung sagt, warum. Der Computer nimmt kein Remisangebot an, daher kann eine Variante gegen ihn keines anbieten oder annehmen.

    Repertoire: Varianten ab dem Start, die ein Spieler einmal für alle seine Partien eines Spiels auf seiner Repertoireseite hält (eingetippt wie eine Variante hier, als Partienotation eingefügt, aus einer beendeten Partie oder vom Analysebrett übernommen). In jeder Partie, in der sein Repertoire antwortet (an, sofern seine Einstellungen nichts anderes sagen; jede Partie hat einen Schalter), wird die Antwort sofort gespielt, solange die Züge der Partie einer seiner Varianten folgen, wie bei einer bedingten Variante; eine bedingte Variante der Partie antwortet zuerst. Antworten die Repertoires beider Spieler, spielen sie die gemeinsame Variante sofort aus, höchstens { $cap ->
        [one] { $cap } Zug
       *[other] { $cap } Züge
    } für einen Zug eines Spielers. Welche Züge aus einem Repertoire kamen, bleibt bis zum Partieende privat; dann steht es in der Partienotation.
rules-engines_title = Engines, Bewertung und Analyse
rules-engines =
    Jede Herausforderung und jedes Turnier gibt an, ob die Spieler Engines verwenden dürfen. Keine Engines, die Voreinstellung: Die Spieler denken selbst. Engines erlaubt: Beide dürfen Engines und Datenbanken zu Rate ziehen, und eine gewertete Partie zählt in einer eigenen Wertung für solche Partien, mit eigener Bestenliste.

    Bewertung: Auf dem Analysebrett fragt „Diese Stellung bewerten“ die Engine des Servers, wer besser steht und um wie viel (in Bauern, Steinen oder Punkten) oder welches Ende sie sieht, mit der besten Variante einige Züge tief. Für eine beendete Partie ist das immer möglich; während eine Partie läuft, nur wenn sie Engines erlaubt. Jeder Spieler kann sechsmal pro Minute fragen.

    Computeranalyse: Sobald eine Partie beendet ist, kann jeder Angemeldete ihre Analyse anfordern. Die Engine misst jeden Zug am besten Zug in dieser Stellung und markiert die, die am meisten kosten: im Schach eine Ungenauigkeit ab einem halben Bauern, einen Fehler ab einem Bauern, einen groben Fehler ab zwei; in Reversi und Schach-Reversi ab 2, 4 und 8 Steinen oder Punkten; im Springerkampf ab 5, 10 und 20 Punkten. Die Analyseseite zeigt ein Diagramm der Bewertung nach jedem Zug und die markierten Züge mit dem besseren Zug; das PGN einer Schachpartie enthält die Markierungen.
rules-time_title = Zeit
rules-time =
    Jede Partie hat eine Bedenkzeit, die bei der Herausforderung gewählt wird. Pro Zug: Der Spieler am Zug hat für jeden Zug dieselbe Zeit (1, 2, 3, 5, 7, 10 oder 14 Tage, plus bis zu 23 Stunden); nach jedem Zug beginnt die Uhr wieder voll. Zeitkonto: Jeder Spieler hat ein Konto, das mit den Anfangstagen beginnt; die Zeit, die ein Zug braucht, geht vom Konto des Ziehenden ab, und nach dem Zug erhält das Konto die pro Zug hinzukommenden Tage, fasst aber nie mehr als seine Obergrenze (zum Beispiel 3 Tage + 1 Tag pro Zug, höchstens 7 Tage). Ohne Zeitlimit: keine Uhr, und die Partie kann nie durch Zeitüberschreitung verloren gehen.

    Der Spieler am Zug verliert durch Zeitüberschreitung, wenn seine Frist verstreicht: Ein danach gesendeter Zug wird abgelehnt, und der Server beendet die Partie. Die Partieseite und „Meine Partien“ zeigen die Restzeit und die Frist in UTC; nur die Uhr des Spielers am Zug läuft.

    Wochenenden frei: Eine Herausforderung kann die Uhren an Wochenenden anhalten. Dann läuft die Uhr eines Spielers von Samstag 00:00 bis Montag 00:00 in seiner eigenen Zeitzone nicht (UTC, sofern er auf seiner Einstellungsseite keine andere wählt), und seine Uhr zeigt „Wochenende“. Ein Wochenende, in das eine Umstellung auf oder von der Sommerzeit fällt, dauert seine tatsächliche Länge.

    Nachtruhe: Jeder Spieler kann auf seiner Einstellungsseite eine nächtliche Pause von 1 bis 10 Stunden wählen (zum Beispiel 23:00 bis 07:00 in seiner eigenen Zeitzone). Jede Nacht steht seine Uhr in diesem Zeitfenster still, unabhängig von der Bedenkzeit, und sie zeigt „Nacht bis …“. Das Fenster folgt der Ortszeit, daher ist eine Nacht, in die eine Umstellung auf oder von der Sommerzeit fällt, real eine Stunde kürzer oder länger. Eine Herausforderung oder ein Turnier kann „keine Nachtruhe“ festlegen: In seinen Partien hält eine Nacht keine Uhr an.

    Urlaub: Jeder Spieler hat { $days ->
        [one] { $days } Tag
       *[other] { $days } Tage
    } Urlaub im Jahr, gezählt in Stunden und jeden 1. Januar (UTC) wieder voll; Übriggebliebenes verfällt. Ein Urlaub beginnt sofort über die Einstellungsseite (oder die API) und dauert die gewünschten Stunden, die beim Start vom Kontingent abgezogen werden; ein vorzeitiges Ende gibt die ganzen nicht genommenen Stunden zurück. Solange er dauert, steht die Uhr des Spielers in jeder Partie still, die Urlaub erlaubt (der Gegner sieht „Im Urlaub bis …“), und er darf trotzdem ziehen. Eine Herausforderung kann „kein Urlaub“ festlegen: In ihrer Partie hält ein Urlaub keine Uhr an.

    Automatischer Urlaub: Würde ein Spieler eine Partie, die Urlaub erlaubt, durch Zeitüberschreitung verlieren, und ist er nicht im Urlaub und hat noch Kontingent übrig, beginnt stattdessen ein Urlaub von einem Tag (oder dem Rest, falls weniger), und seine Einstellungsseite zeigt es an. Das ist für alle eingeschaltet und kann auf der Einstellungsseite ausgeschaltet werden. Ohne übriges Kontingent ist die Partie verloren.

    Serien-Zeitüberschreitungen: Eine Zeitniederlage innerhalb von 72 Stunden nach einer anderen Zeitniederlage desselben Spielers wird als Serien-Zeitüberschreitung markiert. Die erste Niederlage einer solchen Serie wird wie üblich gewertet; die folgenden ändern die Wertung keines der beiden Spieler (ihre Ergebnisse zählen weiterhin in der Statistik).

    Zusatzzeit und Pausen: Während der Gegner am Zug ist, kann ein Spieler ihm einen Tag laufende Zeit schenken, höchstens drei Tage pro Partie. Jeder Spieler kann um eine Pause bitten; nimmt der Gegner an, stehen beide Uhren ab dann sieben Tage lang still (höchstens zwei Pausen pro Partie). Eine Bitte verfällt, wenn der Gegner zieht.

    Schutz bei Ausfällen: War der Server länger als eine Stunde nicht in Betrieb (der Betreiber kann das ändern), verschiebt sich die Frist jeder laufenden Partie um die ganze Ausfallzeit, bevor irgendeine Partie durch Zeitüberschreitung beendet wird. Niemand verliert durch Zeitüberschreitung, weil der Server ausgefallen war.

    Wie viele Partien: Ein Spieler kann { $games ->
        [one] { $games } Partie
       *[other] { $games } Partien
    } gegen Menschen gleichzeitig laufen haben, und eine mehr für jede Partie, die er beendet hat, bis zu { $ceiling } (Partien gegen den Computer zählen in keinem der beiden Fälle). Darüber hinaus werden neue Herausforderungen und Turnieranmeldungen abgelehnt, bis eine Partie endet. Nach einer Zeitniederlage kann sich ein Spieler { $cooldown ->
        [one] { $cooldown } Tag
       *[other] { $cooldown } Tage
    } lang nicht für Turniere anmelden.

    Zuverlässigkeit: Jede Herausforderung und die Seite jedes Spielers zeigen eine Bilanz der letzten 90 Tage: die durch Zeitüberschreitung verlorenen Partien (wie viele und ihr Anteil an den beendeten Partien), die durchschnittliche Zeit pro Zug (ein sofort gespielter Zug, etwa ein bedingter Zug, zählt nicht), die laufenden und beendeten Partien und den übrigen Urlaub. Eine offene Herausforderung oder ein Turnier kann einen Höchstanteil an Zeitniederlagen und eine Mindestzahl beendeter Partien verlangen; wer das nicht erfüllt, kann sie nicht annehmen bzw. sich nicht anmelden. Jede Herausforderung und jedes Turnier zeigt auch, wie lange eine Partie voraussichtlich dauert, in Tagen: berechnet aus ihrer Bedenkzeit, der Zeit pro Zug beider Spieler (dem Durchschnitt der Seite für einen Spieler ohne genug Partien) und der hier üblichen Zugzahl des Spiels.

    Partiefristen: Eine Herausforderung oder ein Turnier kann seine Partien auf eine Zahl von Tagen ab ihrem Beginn begrenzen (1 bis 365). Die Partieseite zeigt die Frist. Ist sie verstrichen, nimmt die Partie keine Züge mehr an und wird binnen Sekunden nach der Regel entschieden, die ihre Herausforderung oder ihr Turnier gewählt hat. Remis: Die Partie endet remis. Beide verlieren: Keiner der Spieler punktet, und die Wertung jedes Spielers zählt sie als Niederlage. Die Engines bewerten: Die Engine des Servers durchsucht die Stellung auf ihrer besten Stufe (Schach mit Stockfish, wo der Betreiber es installiert hat); sieht die Suche das Ende der Partie (ein Matt, Reversi bis zum letzten Stein ausgespielt, das letzte Setzen in Schach-Reversi), ist das das Ergebnis, sonst gewinnt eine Seite nur bei klarem Vorsprung, mit mindestens 3 Bauern im Schach, 4 Steinen in Reversi, 3 Punkten in Schach-Reversi oder 10 im Springerkampf, und alles Knappere ist remis. Ein Spieler, dessen eigene Zeit nach der Frist der Partie abläuft, verliert nicht durch Zeitüberschreitung. Das Ergebnis zählt in den Wertungen, der Statistik und dem Turnier wie jedes andere, und die Partieseite sagt, wie es zustande kam: die Bewertung, die Variante, die die Engine sah, und die Regel. Eine Turnierseite zeigt die Frist jeder Runde und das späteste Datum, an dem das Turnier enden kann.
