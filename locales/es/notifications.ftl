### Notifications, e-mails and push messages.

notifications-title = Notificaciones
notifications-bell = Notificaciones: { $n } sin leer
notifications-none = Aún no hay notificaciones.
notifications-mark_read = Marcar como leída
notifications-mark_all_read = Marcar todas como leídas
notifications-older = Notificaciones anteriores
notifications-unread = sin leer
notifications-other = Un aviso.
notifications-your_turn = { $opponent } ha jugado en tu partida de { $variant }: te toca.
notifications-draw_offer = { $opponent } ofrece tablas en tu partida de { $variant }.
notifications-challenge = { $opponent } te desafía a una partida de { $variant }.
notifications-game_finished-won = Has ganado tu partida de { $variant } contra { $opponent }.
notifications-game_finished-lost = Has perdido tu partida de { $variant } contra { $opponent }.
notifications-game_finished-drawn = Tu partida de { $variant } contra { $opponent } ha terminado en tablas.
notifications-game_finished-aborted = Tu partida de { $variant } contra { $opponent } se ha anulado.
notifications-clock_warning-four_fifths_used = Has usado cuatro quintas partes de tu tiempo para esta jugada.
notifications-clock_warning-day_left = Te queda un día para hacer tu jugada.
notifications-clock_warning-hour_left = Te queda una hora para hacer tu jugada.
push-title-your_turn = Tu turno
push-title-clock_warning = Se acaba el tiempo
push-title-challenge = Un nuevo desafío
push-title-game_finished = Partida terminada
push-title-draw_offer = Una oferta de tablas
push-title-other = Juegos de mesa
notifications-chat_message = { $opponent } te ha escrito en tu partida de { $variant }.
push-title-chat_message = Un mensaje de chat
mail-verify-subject = Verifica tu dirección de correo electrónico
mail-verify-body = Hola, { $name }: sigue este enlace para confirmar que esta dirección es tuya. Funciona durante dos días.
mail-verify-action = Verificar mi dirección
mail-verify-footer = Si no has dado tú esta dirección, ignora este correo: no se le enviará nada más.
mail-warning-day_left-subject = Quedan menos de 24 horas: { $variant } contra { $opponent }
mail-warning-day_left-body = Tu tiempo para jugar en { $variant } contra { $opponent } se acaba en menos de 24 horas.
mail-warning-hour_left-subject = Queda menos de una hora: { $variant } contra { $opponent }
mail-warning-hour_left-body = Tu tiempo para jugar en { $variant } contra { $opponent } se acaba en menos de una hora.
mail-open_game = Abrir la partida
mail-footer = Recibes este correo porque lo elegiste en tu configuración del sitio.
mail-unsubscribe = Darse de baja de todos los correos
mail-left_days =
    { $n ->
        [one] queda { $n } día
       *[other] quedan { $n } días
    }
mail-left_hours =
    { $n ->
        [one] queda { $n } h
       *[other] quedan { $n } h
    }
mail-untimed = sin límite de tiempo
mail-digest-subject =
    { $turns ->
        [one] Te toca en { $turns } partida
       *[other] Te toca en { $turns } partidas
    }, { $challenges ->
        [one] { $challenges } desafío en espera
       *[other] { $challenges } desafíos en espera
    }
mail-digest-body = Esto es lo que te espera, empezando por lo que tiene menos tiempo:
mail-digest-turn = { $variant } contra { $opponent }: { $left }
mail-digest-challenge = { $challenger } te desafía a una partida de { $variant }
mail-digest-action = Abrir Mis partidas
mail-reset-subject = Elige una contraseña nueva
mail-reset-body = Hola, { $name }: alguien (esperamos que tú) ha pedido elegir una contraseña nueva para tu cuenta. El enlace funciona una vez, durante una hora.
mail-reset-action = Elegir una contraseña nueva
mail-reset-footer = Si no lo has pedido tú, ignora este correo: tu contraseña sigue igual.
notifications-your_turn-unanswered = { $opponent } ha jugado { $move } en tu partida de { $variant }. Tu línea condicional no ha podido responder con { $answer }: { $why } Te toca.
notifications-tournament_round-joined = { $opponent } se ha inscrito en { $tournament }.
notifications-tournament_round-started = { $tournament } ha empezado: tus partidas te esperan.
notifications-tournament_round-round = Ha empezado la ronda { $round } de { $tournament }.
notifications-tournament_round-stage = Pasas a la fase { $stage } de { $tournament }.
notifications-tournament_round-finished = { $tournament } ha terminado. Ganador: { $winner }.
notifications-tournament_round-cancelled = { $tournament } se ha cancelado.
push-title-tournament_round = Noticias del torneo
notifications-tournament_round-season = Ha empezado la temporada { $stage } de { $tournament }.
notifications-your_turn-move = { $opponent } ha jugado { $move } en tu partida de { $variant }: te toca.
notifications-challenge-declined = { $opponent } ha rechazado tu desafío de { $variant }: { $reason }
notifications-clock_warning-four_fifths_used-game = Has usado cuatro quintas partes de tu tiempo para esta jugada en tu partida de { $variant } contra { $opponent }.
notifications-clock_warning-day_left-game = Te queda un día para hacer tu jugada en tu partida de { $variant } contra { $opponent }.
notifications-clock_warning-hour_left-game = Te queda una hora para hacer tu jugada en tu partida de { $variant } contra { $opponent }.
