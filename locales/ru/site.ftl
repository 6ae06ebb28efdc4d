### The frame of every page: header, navigation, sign-in, and the words for games, colours, pieces and time that many pages share.

site-name = Настольные игры
site-footer = Настольные игры по переписке: ход сегодня, следующий — через несколько дней. Свободное ПО (AGPL).
nav-skip = Перейти к содержимому
nav-label = Главное меню
nav-lobby = Лобби
nav-my_games = Мои партии
nav-rules = Правила
nav-logout = Выйти
nav-login = Войти
nav-signup = Регистрация
nav-language = Язык
nav-settings = Настройки
nav-leaderboards = Лидеры
page-first = Первая страница
page-next = Следующая страница
home-title = Настольные игры по переписке
home-intro = Вызовите друга или любого игрока в лобби и играйте в своём темпе: на каждый ход можно тратить по нескольку дней. На выбор шесть игр, у каждой — свои правила и статистика побед.
home-your_turn =
    { $n ->
        [one] Ваш ход в { $n } партии
        [few] Ваш ход в { $n } партиях
        [many] Ваш ход в { $n } партиях
       *[other] Ваш ход в { $n } партии
    }
home-games = Игры
auth-signup_title = Регистрация
auth-login_title = Вход
auth-username = Имя пользователя
auth-username_help = От 3 до 20 символов: буквы, цифры, _ или -.
auth-password = Пароль
auth-password_help = Не меньше 8 символов.
auth-signup_button = Создать аккаунт
auth-login_button = Войти
auth-have_account = Уже есть аккаунт? Войдите
auth-no_account = Ещё нет аккаунта? Зарегистрируйтесь
engines-label = Движки
engines-not_allowed = без движков
engines-allowed = движки разрешены
engines-hint = Без движков: игроки думают сами, а оценка движка на доске анализа открывается только после окончания партии. Движки разрешены: оба игрока могут пользоваться движками, а рейтинговая партия идёт в отдельный рейтинг для таких партий.
color-white = белые
color-black = чёрные
color-White = Белые
color-Black = Чёрные
color-choice-white = Белые
color-choice-black = Чёрные
color-choice-random = Случайно
label-empty = { $square }, пусто
label-dead = { $square }, стёрто
label-disc = { $square }, фишка ({ $color })
label-piece = { $square }, { $piece } ({ $color })
label-piece_choice = { $piece } ({ $color })
label-attacked = , под боем: белые { $white }, чёрные { $black }
label-preview = , даёт очки: вам { $mine }, сопернику { $theirs }
legend-white = под боем белых
legend-black = под боем чёрных
legend-both = под боем обеих сторон
legend-counts = Маленькие числа на затенённом поле: сколько белых фигур его атакуют (слева вверху) и сколько чёрных (справа внизу). Каждое атакованное пустое поле приносит по очку за каждую атакующую фигуру.
legend-previews = Числа на каждом доступном поле: ваши очки и очки соперника, если выставить фигуру сюда.
label-check = , под шахом
piece-king = король
piece-queen = ферзь
piece-rook = ладья
piece-bishop = слон
piece-knight = конь
piece-pawn = пешка
time-days_hours = { $d } дн. { $h } ч
time-hours_minutes = { $h } ч { $m } мин
variant-chess = Шахматы
variant-chess960 = Chess960
variant-reversi-6x6 = Реверси 6x6
variant-reversi-8x8 = Реверси 8x8
variant-reversi-10x10 = Реверси 10x10
variant-chess-reversi = Шахматное реверси
variant-knight-fight = Битва коней
time-per_move = { $d } дн. на ход
time-per_move_hours = { $d } дн. { $h } ч на ход
time-bank = Запас времени: { $initial } дн. + { $increment } дн. за ход, не больше { $cap } дн.
time-untimed = Без контроля времени
time-weekends_off = выходные свободны
time-no_vacation = без отпуска
time-weekend = Выходные
time-vacation_until = В отпуске до { $when }
time-no_nights = без ночного перерыва
time-night_until = Ночь до { $when }
card-time_losses =
    { $games ->
        [one] Проиграно по времени: { $n } из { $games } партии за 90 дней ({ $percent } %)
        [few] Проиграно по времени: { $n } из { $games } партий за 90 дней ({ $percent } %)
        [many] Проиграно по времени: { $n } из { $games } партий за 90 дней ({ $percent } %)
       *[other] Проиграно по времени: { $n } из { $games } партии за 90 дней ({ $percent } %)
    }
card-no_recent = За 90 дней ни одна партия не закончилась
card-pace = { $time } на ход
card-pace_unknown = время на ход пока неизвестно
card-active =
    { $n ->
        [one] { $n } партия идёт
        [few] { $n } партии идут
        [many] { $n } партий идёт
       *[other] { $n } партии идёт
    }
card-finished =
    { $n ->
        [one] { $n } партия завершена
        [few] { $n } партии завершены
        [many] { $n } партий завершено
       *[other] { $n } партии завершено
    }
card-vacation = Осталось отпуска: { $n } ч
card-expected =
    { $high ->
        [one] Ожидаемая длительность: { $low }–{ $high } день
        [few] Ожидаемая длительность: { $low }–{ $high } дня
        [many] Ожидаемая длительность: { $low }–{ $high } дней
       *[other] Ожидаемая длительность: { $low }–{ $high } дня
    }
card-asks_time_losses = не больше { $percent } % проигрышей по времени
card-asks_finished =
    { $n ->
        [one] не меньше { $n } завершённой партии
        [few] не меньше { $n } завершённых партий
        [many] не меньше { $n } завершённых партий
       *[other] не меньше { $n } завершённой партии
    }
card-title = Надёжность
card-days_range =
    { $high ->
        [one] { $low }–{ $high } день
        [few] { $low }–{ $high } дня
        [many] { $low }–{ $high } дней
       *[other] { $low }–{ $high } дня
    }
limit-max_game_days = Наибольшая длительность партии (в днях; пусто — без ограничения)
limit-max_game_days_hint = Партия, которая к этому сроку ещё идёт, больше не принимает ходов, и её исход решает правило ниже.
limit-deadline_rule = По истечении срока партии
limit-rule-adjudicate = Позицию оценивают движки
limit-rule-draw = Партия заканчивается вничью
limit-rule-both_lose = Оба игрока проигрывают
limit-game_limit = Срок партии
limit-text =
    { $days ->
        [one] { $days } день; затем { $rule }
        [few] { $days } дня; затем { $rule }
        [many] { $days } дней; затем { $rule }
       *[other] { $days } дня; затем { $rule }
    }
unit-pawns = пешки
unit-discs = фишки
unit-points = очки
time-paused_until = Пауза до { $when }
auth-forgot = Забыли пароль?
account-admin_title = Администрирование
account-admin_link = Жалобы, запреты чата, баны и журнал
account-password_title = Пароль
account-password_saved = Пароль изменён. Из остальных сеансов выполнен выход.
account-current_password = Текущий пароль
account-new_password = Новый пароль
account-password_help = От 8 до 256 символов, не из числа самых распространённых паролей. Из остальных сеансов будет выполнен выход.
account-change_password = Сменить пароль
account-data_title = Ваши данные
account-data_help = Скачайте одним файлом JSON всё, что сайт хранит о вас: профиль, настройки, рейтинги, все партии с записями, ваши сообщения в чатах и заметки.
account-export = Скачать мои данные
account-delete_title = Удаление аккаунта
account-delete_help = Это нельзя отменить. Ваши текущие партии закончатся вашей сдачей, открытые вызовы будут отменены, а адрес электронной почты, заметки, токены и настройки удалены. Завершённые партии останутся под анонимным именем.
account-password = Пароль
account-delete_confirm = Введите своё имя пользователя ({ $name }) для подтверждения
account-delete = Удалить мой аккаунт
nav-tournaments = Турниры
nav-menu = Меню
nav-admin = Админка
nav-open_reports =
    { $n ->
        [one] { $n } открытая жалоба
        [few] { $n } открытые жалобы
        [many] { $n } открытых жалоб
       *[other] { $n } открытой жалобы
    }
time-ago-now = только что
time-ago-minutes = { $n } мин назад
time-ago-hours = { $n } ч назад
time-ago-days = { $n } дн. назад
time-shown_in = Время указано в поясе { $zone }.
time-change_zone = Изменить
home-start-title = Ваша первая партия
home-start-computer = Играть с компьютером
home-start-computer_hint = восемь уровней, отвечает за секунды
home-start-lobby = Примите или создайте вызов в лобби
home-start-rules = Узнайте, как играть в каждую игру
auth-why_sign_in = Войдите, чтобы вызывать игроков и играть. Впервые здесь? Для регистрации нужны только имя и пароль.
