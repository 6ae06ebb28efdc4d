### The frame of every page: header, navigation, sign-in, and the words for games, colours, pieces and time that many pages share.

site-name = Juegos de mesa
site-footer = Juegos de mesa por correspondencia: una jugada hoy, la siguiente días después. Software libre (AGPL).
nav-skip = Saltar al contenido
nav-label = Principal
nav-lobby = Sala
nav-my_games = Mis partidas
nav-rules = Reglas
nav-logout = Cerrar sesión
nav-login = Iniciar sesión
nav-signup = Registrarse
nav-language = Idioma
nav-settings = Configuración
nav-leaderboards = Clasificaciones
page-first = Primera página
page-next = Página siguiente
home-title = Juegos de mesa por correspondencia
home-intro = Desafía a un amigo o a cualquiera en la sala y juega a tu ritmo: cada jugada puede llevar días. Hay seis juegos, cada uno con sus reglas y sus estadísticas de victorias.
home-your_turn =
    { $n ->
        [one] Te toca en { $n } partida
       *[other] Te toca en { $n } partidas
    }
home-games = Los juegos
auth-signup_title = Registrarse
auth-login_title = Iniciar sesión
auth-username = Nombre de usuario
auth-username_help = De 3 a 20 letras, cifras, _ o -.
auth-password = Contraseña
auth-password_help = Al menos 8 caracteres.
auth-signup_button = Crear cuenta
auth-login_button = Entrar
auth-have_account = ¿Ya tienes cuenta? Inicia sesión
auth-no_account = ¿Aún no tienes cuenta? Regístrate
engines-label = Motores
engines-not_allowed = sin motores
engines-allowed = motores permitidos
engines-hint = Sin motores: los jugadores piensan por sí mismos, y la evaluación del motor en el tablero de análisis solo se abre cuando termina la partida. Motores permitidos: ambos pueden consultar motores, y una partida puntuable cuenta en una puntuación aparte para este tipo de partidas.
color-white = blancas
color-black = negras
color-White = Blancas
color-Black = Negras
color-choice-white = Blancas
color-choice-black = Negras
color-choice-random = Al azar
label-empty = { $square }, vacía
label-dead = { $square }, borrada
label-disc = { $square }, ficha de las { $color }
label-piece = { $square }, { $piece } de las { $color }
label-piece_choice = { $piece } de las { $color }
label-attacked = , atacada por blancas: { $white }, por negras: { $black }
label-preview = , puntos: { $mine } para ti, { $theirs } para tu rival
legend-white = atacada por las blancas
legend-black = atacada por las negras
legend-both = atacada por ambos bandos
legend-counts = Los números pequeños de una casilla sombreada: cuántas piezas blancas la atacan (arriba a la izquierda) y cuántas negras (abajo a la derecha). Cada casilla vacía atacada da un punto por cada atacante.
legend-previews = Los números de cada casilla que puedes elegir: tus puntos y los de tu rival si colocas allí la pieza.
label-check = , en jaque
piece-king = rey
piece-queen = dama
piece-rook = torre
piece-bishop = alfil
piece-knight = caballo
piece-pawn = peón
time-days_hours = { $d } d { $h } h
time-hours_minutes = { $h } h { $m } min
variant-chess = Ajedrez
variant-chess960 = Chess960
variant-reversi-6x6 = Reversi 6x6
variant-reversi-8x8 = Reversi 8x8
variant-reversi-10x10 = Reversi 10x10
variant-chess-reversi = Ajedrez-Reversi
variant-knight-fight = Lucha de caballos
time-per_move = { $d } d por jugada
time-per_move_hours = { $d } d { $h } h por jugada
time-bank = Reserva de tiempo: { $initial } d + { $increment } d por jugada, máx. { $cap } d
time-untimed = Sin límite de tiempo
time-weekends_off = fines de semana libres
time-no_vacation = sin vacaciones
time-weekend = Fin de semana
time-vacation_until = De vacaciones hasta { $when }
time-no_nights = sin noches libres
time-night_until = Noche hasta { $when }
card-time_losses = Partidas perdidas por tiempo: { $n } de { $games } en 90 días ({ $percent } %)
card-no_recent = Ninguna partida terminada en 90 días
card-pace = { $time } por jugada
card-pace_unknown = tiempo por jugada aún desconocido
card-active =
    { $n ->
        [one] { $n } partida en curso
       *[other] { $n } partidas en curso
    }
card-finished =
    { $n ->
        [one] { $n } partida terminada
       *[other] { $n } partidas terminadas
    }
card-vacation = { $n } h de vacaciones restantes
card-expected = Duración prevista: { $low }–{ $high } días
card-asks_time_losses = como máximo un { $percent } % de partidas perdidas por tiempo
card-asks_finished =
    { $n ->
        [one] al menos { $n } partida terminada
       *[other] al menos { $n } partidas terminadas
    }
card-title = Fiabilidad
card-days_range = { $low }–{ $high } días
limit-max_game_days = Duración máxima de una partida (días; vacío: sin límite)
limit-max_game_days_hint = Una partida que siga en curso entonces ya no admite jugadas y se decide según la regla de abajo.
limit-deadline_rule = Al llegar la fecha límite de la partida
limit-rule-adjudicate = Los motores juzgan la posición
limit-rule-draw = La partida termina en tablas
limit-rule-both_lose = Pierden ambos jugadores
limit-game_limit = Límite de la partida
limit-text =
    { $days ->
        [one] { $days } día; después, { $rule }
       *[other] { $days } días; después, { $rule }
    }
unit-pawns = peones
unit-discs = fichas
unit-points = puntos
time-paused_until = En pausa hasta { $when }
auth-forgot = ¿Olvidaste tu contraseña?
account-admin_title = Administración
account-admin_link = Denuncias, silenciamientos, suspensiones y el registro
account-password_title = Contraseña
account-password_saved = Tu contraseña se ha cambiado. Tus otras sesiones se han cerrado.
account-current_password = Contraseña actual
account-new_password = Contraseña nueva
account-password_help = De 8 a 256 caracteres, y que no sea una de las contraseñas más comunes. Se cerrarán tus otras sesiones.
account-change_password = Cambiar la contraseña
account-data_title = Tus datos
account-data_help = Descarga en un solo archivo JSON todo lo que el sitio guarda sobre ti: tu perfil, tu configuración, tus puntuaciones, todas tus partidas con su anotación, tus líneas de chat y tus notas.
account-export = Descargar mis datos
account-delete_title = Eliminar la cuenta
account-delete_help = Esto no se puede deshacer. Tus partidas en curso terminan con tu abandono, tus desafíos abiertos se cancelan, y se eliminan tu dirección de correo, tus notas, tus tokens y tu configuración. Tus partidas terminadas se conservan, con un nombre anónimo.
account-password = Contraseña
account-delete_confirm = Escribe tu nombre de usuario ({ $name }) para confirmar
account-delete = Eliminar mi cuenta
nav-tournaments = Torneos
nav-menu = Menú
nav-admin = Administración
nav-open_reports =
    { $n ->
        [one] { $n } denuncia abierta
       *[other] { $n } denuncias abiertas
    }
time-ago-now = justo ahora
time-ago-minutes = hace { $n } min
time-ago-hours = hace { $n } h
time-ago-days = hace { $n } d
time-shown_in = Las horas se muestran en { $zone }.
time-change_zone = Cambiar
home-start-title = Tu primera partida
home-start-computer = Jugar contra el ordenador
home-start-computer_hint = ocho niveles, responde en segundos
home-start-lobby = Acepta o crea un desafío en la sala
home-start-rules = Aprende cómo se juega a cada juego
auth-why_sign_in = Inicia sesión para desafiar a otros jugadores y jugar. ¿Eres nuevo? Para registrarte basta con un nombre y una contraseña.
