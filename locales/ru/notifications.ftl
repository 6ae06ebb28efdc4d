### Notifications, e-mails and push messages.

notifications-title = Уведомления
notifications-bell = Уведомления: непрочитанных — { $n }
notifications-none = Уведомлений пока нет.
notifications-mark_read = Отметить прочитанным
notifications-mark_all_read = Отметить все прочитанными
notifications-older = Более старые уведомления
notifications-unread = непрочитанное
notifications-other = Уведомление.
notifications-your_turn = Соперник { $opponent } сделал ход в вашей партии ({ $variant }): ваш ход.
notifications-draw_offer = Соперник { $opponent } предлагает ничью в вашей партии ({ $variant }).
notifications-challenge = Игрок { $opponent } вызывает вас на партию: { $variant }.
notifications-game_finished-won = Вы выиграли партию ({ $variant }) против игрока { $opponent }.
notifications-game_finished-lost = Вы проиграли партию ({ $variant }) против игрока { $opponent }.
notifications-game_finished-drawn = Ваша партия ({ $variant }) против игрока { $opponent } закончилась вничью.
notifications-game_finished-aborted = Ваша партия ({ $variant }) против игрока { $opponent } прервана.
notifications-clock_warning-four_fifths_used = Вы израсходовали четыре пятых своего времени на этот ход.
notifications-clock_warning-day_left = На ваш ход остался один день.
notifications-clock_warning-hour_left = На ваш ход остался один час.
push-title-your_turn = Ваш ход
push-title-clock_warning = Время на исходе
push-title-challenge = Новый вызов
push-title-game_finished = Партия окончена
push-title-draw_offer = Предложение ничьей
push-title-other = Настольные игры
notifications-chat_message = Соперник { $opponent } написал вам в вашей партии ({ $variant }).
push-title-chat_message = Сообщение в чате
mail-verify-subject = Подтвердите адрес электронной почты
mail-verify-body = Здравствуйте, { $name }! Перейдите по этой ссылке, чтобы подтвердить, что это ваш адрес. Ссылка действует два дня.
mail-verify-action = Подтвердить мой адрес
mail-verify-footer = Если вы не указывали этот адрес, просто не обращайте внимания на это письмо: больше на него ничего не придёт.
mail-warning-day_left-subject = Осталось меньше 24 часов: { $variant } против { $opponent }
mail-warning-day_left-body = Ваше время на ход в партии ({ $variant }) против игрока { $opponent } истечёт меньше чем через 24 часа.
mail-warning-hour_left-subject = Осталось меньше часа: { $variant } против { $opponent }
mail-warning-hour_left-body = Ваше время на ход в партии ({ $variant }) против игрока { $opponent } истечёт меньше чем через час.
mail-open_game = Открыть партию
mail-footer = Вы получили это письмо, потому что выбрали его в настройках на сайте.
mail-unsubscribe = Отписаться от всех писем
mail-left_days =
    { $n ->
        [one] Остался { $n } день
        [few] Осталось { $n } дня
        [many] Осталось { $n } дней
       *[other] Осталось { $n } дня
    }
mail-left_hours = Осталось { $n } ч
mail-untimed = без ограничения времени
mail-digest-subject = Ваш ход в партиях: { $turns }; ждущих вызовов: { $challenges }
mail-digest-body = Вот что вас ждёт — сначала то, где осталось меньше всего времени:
mail-digest-turn = { $variant } против { $opponent }: { $left }
mail-digest-challenge = Игрок { $challenger } вызывает вас на партию: { $variant }
mail-digest-action = Открыть «Мои партии»
mail-reset-subject = Новый пароль
mail-reset-body = Здравствуйте, { $name }! Кто-то (надеемся, что вы) попросил задать новый пароль для вашего аккаунта. Ссылка сработает один раз в течение часа.
mail-reset-action = Задать новый пароль
mail-reset-footer = Если вы этого не просили, просто не обращайте внимания на это письмо: ваш пароль останется прежним.
notifications-your_turn-unanswered = Соперник { $opponent } сыграл { $move } в вашей партии ({ $variant }). Ваш условный вариант не смог ответить ходом { $answer }: { $why } Ваш ход.
notifications-tournament_round-joined = Игрок { $opponent } присоединился к турниру «{ $tournament }».
notifications-tournament_round-started = Турнир «{ $tournament }» начался: ваши партии ждут вас.
notifications-tournament_round-round = Начался тур { $round } турнира «{ $tournament }».
notifications-tournament_round-stage = Вы прошли в этап { $stage } турнира «{ $tournament }».
notifications-tournament_round-finished = Турнир «{ $tournament }» окончен. Победитель: { $winner }.
notifications-tournament_round-cancelled = Турнир «{ $tournament }» отменён.
push-title-tournament_round = Новости турнира
notifications-tournament_round-season = Начался сезон { $stage } турнира «{ $tournament }».
notifications-your_turn-move = Соперник { $opponent } сыграл { $move } в вашей партии ({ $variant }): ваш ход.
notifications-challenge-declined = Игрок { $opponent } отклонил ваш вызов ({ $variant }): { $reason }
notifications-clock_warning-four_fifths_used-game = Вы израсходовали четыре пятых своего времени на этот ход в партии ({ $variant }) против игрока { $opponent }.
notifications-clock_warning-day_left-game = На ваш ход в партии ({ $variant }) против игрока { $opponent } остался один день.
notifications-clock_warning-hour_left-game = На ваш ход в партии ({ $variant }) против игрока { $opponent } остался один час.
