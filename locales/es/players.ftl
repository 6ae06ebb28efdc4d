### Player pages and leaderboards.

board-title = Clasificación
board-explain = Puntuaciones Glicko-2 de este juego. Aquí no aparecen los jugadores con una puntuación provisional (marcada con un signo de interrogación) ni los que no tienen ninguna partida puntuable de este juego en los últimos meses.
board-empty = Aún nadie tiene una puntuación consolidada en este juego.
board-engines_pool = { $variant }, motores permitidos
board-with_engines = Puntuaciones de partidas con motores permitidos
board-without_engines = Puntuaciones de partidas sin motores
board-rank = #
board-player = Jugador
board-rating = Puntuación
board-deviation = Desviación
board-games = Partidas puntuables
player-challenge = Desafiar a este jugador
player-active = Partidas en curso
player-chart_title = Puntuación de { $variant } tras cada partida puntuable
player-against_you = Contra ti: { $wins } ganadas, { $losses } perdidas, { $draws } tablas.
player-ratings = Puntuaciones
player-no_ratings = Aún no hay partidas puntuables.
player-rating_detail =
    { $n ->
        [one] Desviación { $deviation }, { $n } partida puntuable. La banda muestra una desviación a cada lado.
       *[other] Desviación { $deviation }, { $n } partidas puntuables. La banda muestra una desviación a cada lado.
    }
player-provisional = Un signo de interrogación indica una puntuación provisional: su desviación aún supera 110, así que queda fuera de las clasificaciones.
player-record = Historial
player-games = Partidas
player-as_white = Con blancas (ganadas / perdidas / tablas)
player-as_black = Con negras (ganadas / perdidas / tablas)
player-streak = Racha de victorias actual
player-longest_streak = Racha de victorias más larga
player-record_hint = Cuenta toda partida terminada, puntuable o amistosa; las anuladas no.
player-all = todas
player-result = Resultado
player-filter = Mostrar
player-result-won = ganadas
player-result-lost = perdidas
player-result-drawn = tablas
player-block = Bloquear a este jugador
player-block_help = Sin chat ni desafíos entre los dos.
player-you_block = Has bloqueado a este jugador: sin chat ni desafíos entre los dos.
player-unblock = Desbloquear a este jugador
player-bot_badge = BOT
player-bot_title = Una cuenta de bot: la maneja un programa a través de la API de bots
