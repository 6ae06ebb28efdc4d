### The lobby: challenges, open games and declining.

lobby-title = Лобби
lobby-to_me = Вызовы вам
lobby-open = Открытые вызовы
lobby-mine = Ваши ожидающие вызовы
lobby-none = Сейчас нет.
lobby-variant = Игра
lobby-challenger = Автор вызова
lobby-opponent = Соперник
lobby-anyone = любой
lobby-color = Цвет автора
lobby-your_color = Вы играете
lobby-days = Дней на ход
lobby-accept = Принять
lobby-cancel = Отменить
lobby-create = Новый вызов
lobby-opponent_optional = Соперник (пусто — открыт для всех)
lobby-create_button = Создать вызов
lobby-kind = Рейтинговая или товарищеская
lobby-rated = рейтинговая
lobby-casual = товарищеская
lobby-range = Диапазон рейтинга
lobby-min_rating = Наименьший рейтинг для принятия (необязательно, только для открытых вызовов)
lobby-max_rating = Наибольший рейтинг для принятия (необязательно, только для открытых вызовов)
lobby-out_of_range = ваш рейтинг вне диапазона
games-none = Здесь нет партий.
games-opponent = Соперник
games-move = Ход
games-status = Осталось времени / результат
games-open = Открыть
games-my_turn = Ваш ход
games-waiting = Ждут хода соперника
games-finished = Завершённые
games-older = Более старые партии
games-newest = Вернуться к текущим партиям
lobby-time = Контроль времени
lobby-kind-per_move = На ход
lobby-kind-bank = Запас времени
lobby-kind-untimed = Без контроля времени
lobby-time_hint = «На ход» использует дни на ход и дополнительные часы; запас времени — начальные дни, дни, добавляемые за ход, и предел.
lobby-time_rules = Как устроено время
lobby-extra_hours = Дополнительные часы на ход (0–23)
lobby-bank_initial = Запас времени: начальные дни (1–30)
lobby-bank_increment = Запас времени: дни, добавляемые за ход (0–14)
lobby-bank_cap = Запас времени: предел в днях (от начального до 60)
lobby-start_optional = Начальная позиция (необязательно)
lobby-start_hint = Шахматы: позиция в FEN с ходом белых (тематическое начало). Chess960: номер начальной позиции от 0 до 959. Реверси: дебют со страницы правил, например 8x8-01. Пусто — обычное начало. Партии из выбранной позиции не учитываются в статистике.
lobby-start-chess960 = Начальная позиция № { $number }
lobby-start-fen = Из позиции { $fen }
lobby-start-opening = Дебют { $name }
lobby-record_summary = Продолжить партию, начатую в другом месте
lobby-record = Её запись на данный момент
lobby-record_hint = Вставьте уже сыгранные ходы: PGN для шахмат и Chess960 (тег FEN указывает, с чего партия началась), запись, скачанную здесь, или просто ходы для остальных игр. Укажите соперника и цвет, которым вы играли; партия будет товарищеской и продолжится с того места, где кончается запись, как только соперник примет вызов.
lobby-carried =
    { $count ->
        [one] Продолжение после { $count } хода
        [few] Продолжение после { $count } ходов
        [many] Продолжение после { $count } ходов
       *[other] Продолжение после { $count } хода
    }
lobby-weekends_off = Свободные выходные (суббота и воскресенье каждого игрока не считаются)
lobby-no_vacation = Без отпуска (отпуск не останавливает часы)
lobby-no_nights = Без ночного перерыва (ночные паузы игроков не останавливают часы)
lobby-max_time_loss_percent = Наибольшая доля партий, проигранных по времени за 90 дней, в процентах, у принимающего вызов (необязательно, только для открытых вызовов)
lobby-min_finished_games = Наименьшее число завершённых партий у принимающего вызов (необязательно, только для открытых вызовов)
lobby-requirements_hint = У каждого вызова показана статистика его автора за последние 90 дней и ожидаемая длительность партии.
decline-generic = Нет, спасибо.
decline-later = Не сейчас, может быть, позже.
decline-tooFast = Для меня слишком быстро.
decline-tooSlow = Для меня слишком медленно.
decline-timeControl = Пожалуйста, другой контроль времени.
decline-rated = Пожалуйста, рейтинговую партию.
decline-casual = Пожалуйста, товарищескую партию.
decline-standard = Пожалуйста, классические шахматы.
decline-variant = Пожалуйста, другую игру.
decline-noBot = Я не играю с ботами.
decline-onlyBot = Я играю только с ботами.
lobby-decline = Отклонить
lobby-decline_reason = Причина (автор вызова её увидит)
lobby-declined = Вызов отклонён.
