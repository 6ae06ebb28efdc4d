### Player pages and leaderboards.

board-title = Таблица лидеров
board-explain = Рейтинги Glicko-2 в этой игре. Игроки с предварительным рейтингом (отмечен вопросительным знаком) и игроки без рейтинговых партий в этой игре за последние месяцы здесь не показаны.
board-empty = Пока ни у кого нет устоявшегося рейтинга в этой игре.
board-engines_pool = { $variant }, движки разрешены
board-with_engines = Рейтинги по партиям, где разрешены движки
board-without_engines = Рейтинги по партиям без движков
board-rank = #
board-player = Игрок
board-rating = Рейтинг
board-deviation = Отклонение
board-games = Рейтинговые партии
player-challenge = Вызвать этого игрока
player-active = Текущие партии
player-chart_title = Рейтинг ({ $variant }) после каждой рейтинговой партии
player-against_you = Против вас: побед — { $wins }, поражений — { $losses }, ничьих — { $draws }.
player-ratings = Рейтинги
player-no_ratings = Рейтинговых партий пока нет.
player-rating_detail =
    { $n ->
        [one] Отклонение { $deviation }, { $n } рейтинговая партия. Полоса показывает по одному отклонению в каждую сторону.
        [few] Отклонение { $deviation }, { $n } рейтинговые партии. Полоса показывает по одному отклонению в каждую сторону.
        [many] Отклонение { $deviation }, { $n } рейтинговых партий. Полоса показывает по одному отклонению в каждую сторону.
       *[other] Отклонение { $deviation }, { $n } рейтинговой партии. Полоса показывает по одному отклонению в каждую сторону.
    }
player-provisional = Вопросительный знак отмечает предварительный рейтинг: его отклонение ещё больше 110, поэтому он не попадает в таблицы лидеров.
player-record = Статистика
player-games = Партии
player-as_white = Белыми (выигрыши / проигрыши / ничьи)
player-as_black = Чёрными (выигрыши / проигрыши / ничьи)
player-streak = Текущая серия побед
player-longest_streak = Самая длинная серия побед
player-record_hint = Учитываются все завершённые партии, рейтинговые и товарищеские; прерванные — нет.
player-all = все
player-result = Результат
player-filter = Показать
player-result-won = выигрыш
player-result-lost = проигрыш
player-result-drawn = ничья
player-block = Заблокировать этого игрока
player-block_help = Никакого чата и вызовов между вами.
player-you_block = Вы заблокировали этого игрока: никакого чата и вызовов между вами.
player-unblock = Разблокировать этого игрока
player-bot_badge = BOT
player-bot_title = Аккаунт бота: за него играет программа через API для ботов
