### The rules pages of the games.

rules-statistics = Estadísticas de partidas ganadas: blancas { $white } ({ $white_pct } %), negras { $black } ({ $black_pct } %), tablas { $draws } ({ $draws_pct } %)
rules-statistics_both_lost = ambos perdieron en la fecha límite { $both_lost } ({ $both_lost_pct } %)
rules-play = Jugar a este juego
rules-recent = Partidas terminadas recientemente
rules-ended = Terminada
rules-common = Dos jugadores, Blancas y Negras; las blancas siempre juegan primero. Además de en el tablero, una partida termina cuando un jugador abandona, cuando ambos acuerdan tablas (una oferta caduca cuando el rival juega o la rechaza) o cuando al jugador que tiene el turno se le acaba el tiempo por jugada y, por tanto, pierde. Antes de que ambos jugadores hayan jugado, cualquiera de los dos puede anular la partida: entonces no tiene resultado y no cuenta en ninguna parte.
rules-chess960 =
    Chess960, también llamado ajedrez aleatorio de Fischer, es ajedrez con las piezas de detrás de los peones mezcladas. Cada partida empieza desde una de 960 posiciones, sorteada al crear la partida: las piezas blancas están en la primera fila en algún orden, con los alfiles en casillas de distinto color y el rey entre las dos torres, y las negras las reflejan. Todo lo demás sigue las reglas del ajedrez que se explican abajo.

    El enroque termina en las casillas habituales, estén donde estén el rey y la torre al principio: el enroque hacia la columna h deja el rey en g1 y la torre en f1 (g8 y f8 para las negras); el enroque hacia la columna a deja el rey en c1 y la torre en d1 (c8 y d8). Está permitido cuando ni el rey ni esa torre se han movido, cuando todas las casillas que ambos cruzan o en las que caen están vacías salvo por ellos dos, cuando el rey no está en jaque y cuando ninguna casilla que el rey cruza o en la que cae está atacada. Para enrocar, mueve el rey sobre su propia torre. La jugada se escribe O-O u O-O-O, y en la API como la casilla del rey seguida de la de la torre (b1a1).
rules-chess =
    El ajedrez se juega según las Leyes de la FIDE: la posición inicial habitual, todos los movimientos de las piezas, el enroque, la captura al paso y la coronación en dama, torre, alfil o caballo. El jaque mate gana; el ahogado es tablas.

    Algunas tablas se producen solas: cuando ningún bando puede dar mate nunca (solo quedan los reyes, o un rey con un solo caballo, o alfiles todos en casillas de un mismo color), cuando la misma posición se repite por quinta vez, o tras 75 jugadas de cada bando sin captura ni movimiento de peón.

    Otras tablas debe reclamarlas el jugador que tiene el turno: cuando la posición se ha repetido tres veces, o tras 50 jugadas de cada bando sin captura ni movimiento de peón.

    Las jugadas se muestran en notación algebraica estándar (Nf3, O-O, e8=Q), y las partidas terminadas se pueden descargar en PGN.
rules-reversi =
    Aquí el Reversi se juega en un tablero de { $size }x{ $size } que empieza vacío.

    Las cuatro primeras jugadas (blancas, negras, blancas, negras) colocan cada una una ficha del color de quien juega en una de las cuatro casillas centrales vacías, sin voltear nada.

    Después colocas una ficha en una casilla vacía de modo que, en al menos una de las ocho direcciones, una línea continua de fichas de tu rival vaya desde ella hasta una de tus propias fichas. Todas esas líneas, en todas las direcciones, se voltean a tu color.

    Si no tienes ninguna jugada así y tu rival sí, debes pasar; el servidor pasa por ti y cuenta como una jugada. Cuando ningún jugador puede jugar, o el tablero está lleno, la partida termina: gana quien tenga más fichas, y con igual número son tablas.
rules-chess-reversi =
    El Ajedrez-Reversi es un juego de colocación sobre un tablero de ajedrez. Cada bando tiene ocho piezas, rey, dama, dos torres, dos alfiles y dos caballos, y coloca una por jugada. Las piezas colocadas no se mueven nunca; la partida dura exactamente dieciséis jugadas.

    La primera jugada de las blancas coloca el rey en cualquier casilla. Todas las demás piezas deben ir junto a al menos una pieza del rival. El rey negro se coloca el último, como octava jugada de las negras. Tu segundo alfil debe estar en casillas del color contrario al del primero.

    Cuando tu rival acaba de colocar su dama y la tuya aún está fuera del tablero, debes colocar tu dama. Las negras deben colocar la dama como muy tarde en su séptima jugada. La octava pieza de las blancas debe dejar al menos una casilla vacía junto a ella, y el rey negro debe ir junto a la octava pieza blanca. El bando que no puede colocar ninguna pieza pierde.

    Puntuación: cada pieza ataca casillas como en el ajedrez (las piezas de largo alcance se detienen en la primera pieza de cualquier color). Sumas un punto por cada casilla vacía que ataca cada una de tus piezas: una casilla atacada por dos piezas tuyas da dos puntos, y una casilla atacada por ambos bandos puntúa para los dos. Tras la decimosexta jugada gana la puntuación más alta; con igual puntuación son tablas. La página de la partida puede sombrear las casillas que ataca cada bando.
rules-knight-fight =
    La Lucha de caballos se juega en un tablero de 10x10. Al crear la partida, cada casilla recibe al azar un número distinto del 00 al 99.

    Cada bando tiene un caballo, al principio fuera del tablero. Las blancas lo colocan en una casilla numerada de la primera fila, las negras en una casilla numerada de la décima fila; después, cada jugada es un salto de caballo.

    Un caballo solo puede caer en una casilla que aún tenga número y que el otro caballo no ataque. Al caer se suma ese número y se retira; la casilla que deja un caballo queda vacía el resto de la partida.

    Regla del espejo: si el número en el que caes tiene dos cifras distintas, como 57 (o 05), la casilla con el número invertido (75, o 50) pierde su número, y nadie lo suma.

    Regla de los dobles: si caes en un doble (00, 11, … 99) y otra casilla aún tiene un doble, también debes elegir una de esas casillas para que pierda su número.

    La partida termina cuando el jugador que tiene el turno no tiene ninguna jugada legal. Gana la puntuación más alta; con igual puntuación son tablas.
rules-statistics_usual = Aquí solo cuentan las partidas desde el inicio habitual: no las que parten de una posición elegida ni las traídas de otro sitio.
rules-statistics_here = Aquí solo cuentan las partidas jugadas aquí desde su inicio, no las traídas de otro sitio.
rules-openings_title = Aperturas
rules-openings = Un desafío puede empezar desde una de estas aperturas en lugar del centro vacío: cada una consta de unas pocas jugadas tras las cuales nuestro motor ve la posición casi igualada. Escribe su nombre en el campo de posición inicial del desafío.
rules-conditional_title = Jugadas condicionales
rules-conditional =
    En una partida en curso, un jugador puede introducir líneas por adelantado bajo el tablero: «si mi rival juega esto, respondo aquello, y si luego juega esto otro, respondo aquello otro». Cuando el rival hace la jugada de una línea, la respuesta se juega al instante como jugada propia del jugador; no consume nada de su tiempo. Solo el jugador ve sus líneas hasta que termina la partida; las líneas aún pendientes entonces pasan a formar parte de la anotación de la partida. Un jugador tiene como máximo { $lines ->
        [one] { $lines } línea
       *[other] { $lines } líneas
    } en una partida, cada una de 40 jugadas como máximo.

    Una línea se comprueba con las reglas al introducirla. Dos líneas de un jugador solo pueden separarse en una jugada del rival, de modo que una posición nunca tiene dos respuestas.

    Cualquier jugada: una línea puede poner * para una jugada del rival, es decir, sea cual sea la que haga (en Reversi también un pase). Las jugadas posteriores solo pueden comprobarse cuando llegan: si la respuesta no es legal en ese momento, no se juega nada, la línea se elimina y el aviso de «tu turno» del jugador lo indica. Cuando una línea indica la jugada del rival y otra pone * en ese punto, responde la línea que indica la jugada.

    Una línea puede terminar con una acción en lugar de la última jugada del jugador: ofrecer tablas, aceptar la oferta de tablas del rival, reclamar tablas (donde las reglas lo permiten: en ajedrez, la triple repetición o la regla de los 50 movimientos) o abandonar. La acción sigue las mismas reglas que su botón en la página de la partida; si estas la rechazan en ese momento (por ejemplo, no se habían ofrecido tablas), la línea se elimina y el aviso explica por qué. El ordenador no acepta ofertas de tablas, así que una línea contra él no puede ofrecerlas ni aceptarlas.

    Repertorio: líneas que un jugador guarda una sola vez para todas sus partidas de una variante, desde el inicio, en su página de repertorio (escritas como una línea de aquí, pegadas como una partida, añadidas desde una partida terminada o desde el tablero de análisis). En todas las partidas donde responde su repertorio (activado salvo que su configuración diga otra cosa; cada partida tiene un interruptor), mientras las jugadas de la partida siguen una de sus líneas, la respuesta se juega al instante, como la de una línea condicional; una línea condicional de la partida responde primero. Cuando responden los repertorios de ambos jugadores, juegan al instante la línea que comparten, como máximo { $cap ->
        [one] { $cap } jugada
       *[other] { $cap } jugadas
    } por cada jugada de un jugador. Qué jugadas salieron de un repertorio es privado hasta que termina la partida; entonces su anotación lo indica.
rules-engines_title = Motores, evaluación y revisión
rules-engines =
    Cada desafío y cada torneo indica si sus jugadores pueden usar motores. Sin motores, la opción por defecto: los jugadores piensan por sí mismos. Motores permitidos: ambos pueden consultar motores y bases de datos, y una partida puntuable cuenta en una puntuación aparte para este tipo de partidas, con su propia clasificación.

    Evaluación: en el tablero de análisis, «Evaluar esta posición» pregunta al motor del servidor quién está mejor y por cuánto (en peones, fichas o puntos), o el final que ve, con la mejor línea a unas pocas jugadas de profundidad. Siempre está disponible en una partida terminada; mientras se juega una partida, solo si esta permite motores. Cada jugador puede pedirla seis veces por minuto.

    Revisión por ordenador: cuando una partida ha terminado, cualquiera con sesión iniciada puede pedir su revisión. El motor compara cada jugada con su mejor jugada en esa posición y señala las que más cuestan: en ajedrez, una imprecisión desde medio peón, un error desde un peón y un error grave desde dos; en Reversi y Ajedrez-Reversi, desde 2, 4 y 8 fichas o puntos; en Lucha de caballos, desde 5, 10 y 20 puntos. La página de la revisión muestra un gráfico de la evaluación tras cada jugada y las jugadas señaladas con la jugada mejor; el PGN de una partida de ajedrez incluye las marcas.
rules-time_title = Tiempo
rules-time =
    Cada partida tiene un control de tiempo, elegido en el desafío. Por jugada: el jugador que tiene el turno dispone del mismo tiempo para cada jugada (1, 2, 3, 5, 7, 10 o 14 días, más hasta 23 horas); el reloj vuelve a empezar completo tras cada jugada. Reserva de tiempo: cada jugador tiene una reserva que empieza con los días iniciales; el tiempo que lleva una jugada sale de la reserva de quien juega, y tras la jugada la reserva gana los días añadidos por jugada, pero nunca guarda más que su máximo (por ejemplo, 3 días + 1 día por jugada, como máximo 7 días). Sin límite de tiempo: sin reloj, y la partida nunca se pierde por tiempo.

    El jugador que tiene el turno pierde por tiempo cuando vence su plazo: una jugada enviada después se rechaza, y el servidor termina la partida. La página de la partida y Mis partidas muestran el tiempo restante y el plazo en UTC; solo corre el reloj del jugador que tiene el turno.

    Fines de semana libres: un desafío puede detener los relojes los fines de semana. Entonces el reloj de un jugador no corre desde el sábado a las 00:00 hasta el lunes a las 00:00 en su propia zona horaria (UTC, salvo que elija otra en su página de configuración), y su reloj indica «Fin de semana». Un fin de semana que coincide con un cambio de hora de verano dura lo que dura realmente.

    Noches libres: cada jugador puede elegir una pausa nocturna de 1 a 10 horas en su página de configuración (por ejemplo, de 23:00 a 07:00 en su propia zona horaria). Cada noche, en esa franja, su reloj se detiene, sea cual sea el control de tiempo, e indica «Noche hasta …». La franja sigue la hora local, así que una noche que coincide con un cambio de hora de verano es una hora más corta o más larga en tiempo real. Un desafío o un torneo puede indicar «sin noches libres»: en sus partidas, la noche no detiene ningún reloj.

    Vacaciones: cada jugador tiene { $days ->
        [one] { $days } día
       *[other] { $days } días
    } de vacaciones al año, contados en horas y renovados cada 1 de enero (UTC); lo que sobra no pasa al año siguiente. Unas vacaciones empiezan en el momento desde la página de configuración (o la API) y duran las horas pedidas, que se descuentan al empezar; terminarlas antes devuelve las horas completas no usadas. Mientras duran, el reloj del jugador se detiene en todas las partidas que permiten vacaciones (el rival ve «De vacaciones hasta …»), y aun así puede jugar. Un desafío puede indicar «sin vacaciones»: en su partida, las vacaciones no detienen ningún reloj.

    Vacaciones automáticas: cuando un jugador fuera a perder por tiempo una partida que permite vacaciones, no está de vacaciones y le quedan vacaciones, empiezan en su lugar unas vacaciones de un día (o lo que le quede, si es menos), y su página de configuración lo indica. Están activadas para todos y se pueden desactivar en la página de configuración. Si no quedan vacaciones, la partida se pierde.

    Pérdidas por tiempo en serie: una pérdida por tiempo dentro de las 72 horas siguientes a otra pérdida por tiempo del mismo jugador se marca como pérdida por tiempo en serie. La primera derrota de una racha así se puntúa como de costumbre; las siguientes no cambian la puntuación de ningún jugador (sus resultados siguen contando en las estadísticas).

    Tiempo extra y pausas: mientras le toca al rival, un jugador puede darle un día de tiempo de reloj, como máximo tres días por partida. Cualquiera de los dos jugadores puede pedir una pausa; si el rival la acepta, ambos relojes se detienen durante siete días a partir de ese momento (como máximo dos pausas por partida). Una petición caduca cuando el rival juega.

    Protección ante caídas del servidor: cuando el servidor ha estado parado más de una hora (el administrador del servidor puede cambiarlo), el plazo de cada partida en curso se aplaza todo el tiempo que estuvo parado, antes de que ninguna partida termine por tiempo. Nadie pierde por tiempo porque el servidor estuviera caído.

    Cuántas partidas: un jugador puede tener a la vez { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    } en curso contra personas, y una más por cada partida que haya terminado, hasta { $ceiling } (las partidas contra el ordenador no cuentan para ninguna de las dos cosas). Por encima de eso, los nuevos desafíos e inscripciones se rechazan hasta que termine una partida. Tras una derrota por tiempo, un jugador no puede inscribirse en torneos durante { $cooldown ->
        [one] { $cooldown } día
       *[other] { $cooldown } días
    }.

    Fiabilidad: cada desafío y la página de cada jugador muestran un historial de los últimos 90 días: las partidas perdidas por tiempo (cuántas y qué parte de las partidas terminadas suponen), el tiempo medio por jugada (una jugada hecha al instante, como una jugada condicional, no cuenta), las partidas en curso y terminadas, y las vacaciones que quedan. Un desafío abierto o un torneo puede exigir como máximo una proporción de partidas perdidas por tiempo y un número de partidas terminadas; sin cumplirlos no se puede aceptar ni inscribirse. Cada desafío y cada torneo muestra también cuánto se espera que dure una partida, en días: según su control de tiempo, el tiempo por jugada de ambos jugadores (la media del sitio para un jugador sin partidas suficientes) y el número habitual de jugadas del juego aquí.

    Fechas límite de las partidas: un desafío o un torneo puede limitar sus partidas a un número de días desde su inicio (de 1 a 365). La página de la partida muestra la fecha límite. Una vez pasada, la partida no admite más jugadas y, en cuestión de segundos, se decide según la regla que eligió su desafío o su torneo. Tablas: la partida termina en tablas. Pierden ambos: ningún jugador puntúa, y la puntuación de cada uno la cuenta como derrota. Los motores juzgan: el motor del servidor analiza la posición en su mejor nivel (el ajedrez con Stockfish, si el administrador del servidor lo ha instalado); cuando el análisis ve el final de la partida (un mate, el Reversi jugado hasta la última ficha, la última colocación del Ajedrez-Reversi), ese es el resultado; si no, un bando solo gana si tiene una ventaja clara, de al menos 3 peones en ajedrez, 4 fichas en Reversi, 3 puntos en Ajedrez-Reversi o 10 en Lucha de caballos, y cualquier diferencia menor es tablas. Un jugador cuyo propio tiempo se agota después de la fecha límite de la partida no pierde por tiempo. El resultado cuenta en las puntuaciones, las estadísticas y el torneo como cualquier otro, y la página de la partida explica cómo se alcanzó: la evaluación, la línea que vio el motor y la regla. La página de un torneo muestra el plazo de cada ronda y la fecha más tardía en que puede terminar el torneo.
