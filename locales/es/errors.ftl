### Error pages and refusals.

error-back_home = Volver a la página de inicio
error-status-400 = Solicitud incorrecta
error-status-401 = Sesión no iniciada
error-status-403 = No permitido
error-status-404 = No encontrado
error-status-405 = No permitido aquí
error-status-409 = Conflicto
error-status-413 = Demasiado grande
error-status-422 = No aceptado
error-status-429 = Demasiados intentos
error-status-500 = Algo ha fallado
error-status-503 = No disponible
error-not_found = Aquí no hay nada: la página, la partida o el jugador no existe.
error-stale_ply = Esta partida ha cambiado en otra pestaña o por una jugada de tu rival: aquí tienes el tablero tal como está ahora. No se ha jugado nada.
error-game_over = La partida ha terminado.
error-not_your_turn = No es tu turno.
error-not_a_player = No juegas en esta partida.
error-bot_plays_through_api = Esta es una cuenta de bot: juega mediante la API de bots (/api/bot/…), no con los formularios del sitio.
error-illegal_move = Esa jugada no es legal aquí.
error-malformed_move = Eso no es una jugada.
error-invalid_username = Un nombre de usuario tiene de 3 a 20 letras, cifras, _ o -.
error-username_taken = Ese nombre de usuario ya está en uso.
error-invalid_password = Una contraseña tiene al menos 8 caracteres.
error-invalid_credentials = Nombre de usuario o contraseña incorrectos.
error-database_unavailable = La base de datos no responde en este momento. No se ha perdido nada: vuelve a intentarlo en unos segundos.
error-request_timeout = El servidor ha tardado demasiado en responder. No se ha perdido nada: vuelve a intentarlo en unos segundos.
error-rate_limited =
    { $secs ->
        [one] Demasiados intentos: vuelve a intentarlo dentro de { $secs } segundo.
       *[other] Demasiados intentos: vuelve a intentarlo dentro de { $secs } segundos.
    }
error-busy =
    { $secs ->
        [one] El servidor está ocupado: vuelve a intentarlo dentro de { $secs } segundo.
       *[other] El servidor está ocupado: vuelve a intentarlo dentro de { $secs } segundos.
    }
error-blank_password = Una contraseña no puede tener solo espacios.
error-password_control_character = Una contraseña no puede contener caracteres de control.
error-common_password = Esa contraseña es una de las más comunes: elige otra.
error-too_many_tokens = Ya tienes el máximo de tokens de API permitidos: revoca uno primero.
error-invalid_token_name = El nombre de un token tiene como máximo 60 caracteres.
error-cross_site_request = Se rechazan los formularios enviados desde otro sitio.
error-challenge_taken = Ese desafío ya no está abierto.
error-challenge_closed = Ese desafío ya no está abierto.
error-unknown_opponent = No hay ningún jugador con ese nombre.
error-own_challenge = No puedes aceptar tu propio desafío.
error-not_addressed_to_you = Ese desafío está dirigido a otra persona.
error-not_your_challenge = Solo quien creó un desafío puede cancelarlo.
error-unknown_variant = Elige uno de los juegos.
error-invalid_color = Elige blancas, negras o al azar.
error-invalid_days_per_move = Elige uno de los días por jugada que se ofrecen.
error-challenge_to_yourself = No puedes desafiarte a ti mismo.
error-too_many_challenges = Tienes 50 desafíos abiertos, el máximo por jugador: cancela uno o espera a que acepten alguno.
error-invalid_rating_range = Un rango de puntuación va de una puntuación menor a otra mayor, cada una un número entero de 0 a 4000.
error-rating_range_needs_open_challenge = Solo un desafío abierto a cualquiera puede tener un rango de puntuación.
error-rating_out_of_range = Tu puntuación en este juego está fuera del rango de puntuación del desafío.
error-too_late_to_abort = Una partida solo puede anularse antes de que ambos bandos hayan jugado.
error-draw_already_offered = Ya has ofrecido tablas.
error-no_draw_offer = Tu rival no ofrece tablas.
error-no_draw_claim = No hay tablas que reclamar.
error-time_out = Se acabó el tiempo para esta jugada: la partida se pierde por tiempo. No se ha jugado nada.
error-draw_offer_this_move = Ya has ofrecido tablas en esta jugada: espera a la siguiente.
error-too_many_draw_offers = Has ofrecido tablas tres veces en esta partida: no puedes ofrecerlas más.
error-invalid_form = El formulario estaba incompleto.
error-invalid_after_move = Elige adónde ir tras una jugada: quedarte en la partida o pasar a la siguiente.
error-invalid_confirm_moves = Elige si las jugadas se confirman: sí o no.
error-method_not_allowed = Eso no se puede hacer aquí.
error-payload_too_large = El formulario es demasiado grande.
error-bad_request = No se ha podido leer la solicitud.
error-internal = Algo ha fallado por nuestra parte. Vuelve a intentarlo más tarde.
error-unavailable = El sitio no está disponible por un momento. Vuelve a intentarlo más tarde.
error-invalid_start_position = Ese inicio no sirve para el juego: en ajedrez, un FEN con turno de las blancas; en Chess960, un número de 0 a 959; en Reversi, el nombre de una apertura de su página de reglas. Los demás juegos no admiten ninguno.
error-invalid_record = Esa partida no se puede traer: { $detail }.
error-conflicting_start = La partida indica un inicio distinto de la posición inicial que has dado: deja ese campo vacío.
error-import_needs_opponent = Una partida traída de otro sitio se envía a su rival: indica su nombre.
error-import_needs_color = Una partida traída de otro sitio indica el color con el que jugabas allí: elige Blancas o Negras.
error-import_is_casual = Una partida traída de otro sitio es amistosa, porque sus primeras jugadas no se jugaron aquí: elige amistosa.
error-invalid_time_control = Revisa el control de tiempo: hasta 23 horas extra por jugada; una reserva de tiempo empieza con 1 a 30 días, gana de 0 a 14 días por jugada y guarda como máximo 60 días, y nunca menos de los iniciales.
error-conflicting_time_control = Indica un control de tiempo o días por jugada, no ambos.
error-invalid_requirement = Un límite de quién puede aceptar es un número entero: de 0 a 100 % de partidas perdidas por tiempo, de 0 a 1000 partidas terminadas.
error-requirements_need_open_challenge = Solo un desafío abierto a cualquiera puede exigir un historial.
error-reliability_required = Tu historial de los últimos 90 días no cumple lo que se exige: mira sus límites.
error-invalid_night = Eso no es una noche: indica dos horas del día separadas por 1 a 10 horas.
error-unknown_time_zone = Eso no es una zona horaria: usa un nombre como Europe/Madrid.
error-already_on_vacation = Ya estás de vacaciones.
error-not_on_vacation = No estás de vacaciones.
error-invalid_vacation_length = Unas vacaciones duran al menos una hora.
error-vacation_allowance_exceeded = Son más vacaciones de las que te quedan este año.
error-untimed_game = Esta partida no tiene reloj.
error-already_paused = Los relojes ya están en pausa.
error-give_time_on_their_turn = Puedes dar tiempo mientras le toca jugar a tu rival.
error-too_many_time_gifts = Ya has dado tres días en esta partida: no puedes dar más.
error-too_many_pauses = Ya se han acordado dos pausas en esta partida: no se permiten más.
error-pause_already_offered = Ya has pedido una pausa.
error-no_pause_offer = Tu rival no pide ninguna pausa.
error-chat_rate_limited =
    { $secs ->
        [one] Escribes demasiado rápido: espera { $secs } segundo.
       *[other] Escribes demasiado rápido: espera { $secs } segundos.
    }
error-empty_message = Escribe algo primero: el mensaje está vacío.
error-message_too_long = Un mensaje tiene como máximo 500 caracteres y 20 saltos de línea.
error-control_character = El texto contiene un carácter de control: solo se permiten saltos de línea y tabulaciones.
error-note_too_long = Las notas tienen como máximo 10 000 caracteres.
error-chat_full = El chat de esta partida está lleno.
error-chat_private = Los jugadores reservan este chat para sí mismos.
error-blocked = Este jugador no acepta mensajes ni desafíos tuyos.
error-you_block = Has bloqueado a este jugador: desbloquéalo primero.
error-block_yourself = No puedes bloquearte a ti mismo.
error-too_many_blocks = Ya bloqueas a todos los jugadores que puedes: desbloquea a uno primero.
error-invalid_push_endpoint = Esa dirección push no se puede usar: debe ser una dirección https de un servicio push.
error-invalid_push_keys = El navegador ha enviado claves push que no se pueden usar.
error-too_many_devices = Se puede notificar a 10 dispositivos como máximo: quita uno primero.
error-invalid_email = Eso no es una dirección de correo electrónico.
error-email_disabled = Este servidor no envía correos electrónicos.
error-invalid_link = Este enlace es desconocido, ya se ha usado o ha caducado.
error-invalid_digest_hour = Elige una hora de 00 a 23 para el resumen.
error-email_not_offered = Ese tipo de aviso no se envía por correo uno a uno.
error-invalid_reset_request = Indica tu nombre de usuario o tu dirección de correo electrónico.
error-computer_busy =
    { $secs ->
        [one] El ordenador tiene demasiadas partidas esperando su respuesta: empieza una partida nueva contra él dentro de { $secs } segundo. Las partidas en curso continúan.
       *[other] El ordenador tiene demasiadas partidas esperando su respuesta: empieza una partida nueva contra él dentro de { $secs } segundos. Las partidas en curso continúan.
    }
error-computer_replies_waiting =
    { $secs ->
        [one] Ya tienes tantas partidas esperando la respuesta del ordenador como puede tener un jugador al empezar otra: empiézala cuando el ordenador haya respondido, dentro de { $secs } segundo aproximadamente. Tus partidas no retrasan a los demás jugadores.
       *[other] Ya tienes tantas partidas esperando la respuesta del ordenador como puede tener un jugador al empezar otra: empiézala cuando el ordenador haya respondido, dentro de unos { $secs } segundos. Tus partidas no retrasan a los demás jugadores.
    }
error-too_many_computer_games = Tienes en curso tantas partidas contra el ordenador como puede tener un jugador: termina o abandona una primero.
error-computer_opponent = Ese jugador es el ordenador: juega contra él con «Jugar contra el ordenador», arriba en la sala.
error-invalid_level = El nivel del ordenador va de 1 a 8.
error-reserved_username = Los nombres como Computer-1 o deleted-… están reservados para el servidor: elige otro.
error-computer_game = El ordenador no acepta ofertas de tablas ni pausas, y no necesita que le des tiempo: sigue jugando, abandona o anula la partida.
error-banned = Un administrador ha suspendido esta cuenta: no puede iniciar sesión.
error-muted = Un administrador te ha silenciado: no puedes escribir en el chat.
error-not_admin = Solo los administradores pueden hacer esto.
error-wrong_password = Esa no es tu contraseña actual.
error-already_reported = Ya has denunciado esto: un administrador lo leerá.
error-report_yourself = No puedes denunciarte a ti mismo.
error-invalid_report = Denuncia a un jugador o una línea del chat.
error-reason_too_long = Un motivo tiene como máximo 500 caracteres.
error-confirmation_mismatch = Escribe tu nombre de usuario para confirmar que quieres eliminar la cuenta.
error-target_is_admin = A un administrador no se le silencia ni suspende: primero hay que quitarle el rol.
error-no_change = Nada que cambiar: la cuenta ya está así.
error-own_account = Los administradores no silencian ni suspenden su propia cuenta.
error-report_closed = Esa denuncia ya está cerrada.
error-rating_outside_limits = Tu puntuación en este juego está fuera de los límites del torneo.
error-already_joined = Ya estás inscrito en este torneo.
error-tournament_full = El torneo está completo.
error-tournament_started = La inscripción en el torneo ya está cerrada.
error-tournament_over = El torneo ha terminado.
error-tournament_changed = El torneo ha cambiado mientras tanto: vuelve a intentarlo.
error-not_joined = Ese jugador no juega en este torneo.
error-not_organiser = Solo el organizador del torneo puede hacer esto.
error-not_enough_players = El torneo no tiene jugadores suficientes para empezar.
error-tournament_game = Una partida de torneo no puede anularse: abandónala en su lugar.
error-invalid_name = El nombre de un torneo tiene de 3 a 80 caracteres en una sola línea.
error-unknown_format = Elige grupos de todos contra todos, suizo o eliminatoria.
error-invalid_players = Un torneo admite entre 2 y 2000 jugadores, y el mínimo no puede superar al máximo.
error-invalid_section_size = Un grupo tiene de 3 a 12 jugadores.
error-invalid_advance = De cada grupo pueden pasar de 1 a la mitad de sus jugadores.
error-invalid_rounds = Un suizo tiene de 1 a 30 rondas.
error-invalid_games_per_match = Un encuentro de eliminatoria tiene 2, 4, 6, 8 o 10 partidas.
error-invalid_start = La hora de inicio debe estar en el futuro, como mucho dentro de un año.
error-computer_account = El ordenador solo juega desde «Jugar contra el ordenador».
error-invalid_seasons = Una liga tiene de 1 a 50 temporadas.
error-repertoire_moves_only = Un repertorio contiene solo jugadas: ni «cualquier jugada» ni acciones.
error-no_repertoire = Cada partida de este juego empieza desde una posición propia, así que un repertorio no puede seguirla.
error-repertoire_needs_start = Una línea de Chess960 sigue un único inicio: indica su número.
error-game_not_over = Las jugadas de una partida se añaden a tu repertorio cuando ha terminado.
error-game_allowance = Ahora no: juegas tantas partidas como puedes tener por ahora. El número crece con cada partida que terminas; una partida nueva puede empezar cuando acabe otra.
error-timeout_cooldown = Ahora no: tras una partida perdida por tiempo, las inscripciones en torneos esperan un tiempo (las páginas de reglas dicen cuánto).
