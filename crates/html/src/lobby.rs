//! The lobby: open challenges, challenges to me and mine, and the form for a new one.

use askama::Template;
use axum::{extract::State, http::StatusCode, response::Response};
use serde::Deserialize;

use crate::{
    Ctx, Form,
    format::{
        VariantLink, card_text, chosen_start_text, clock_text, deadline_rules, engine_policies,
        expected_text, kind_text, limit_text, requirements_text, variant_key, variant_links,
    },
    render, see_other,
};
use domain::{
    Services,
    challenges::{self, Challenge, ChallengeRequest, ColorChoice, DAYS_PER_MOVE},
    computer::{self, NewComputerGame},
    game::{GameLimit, StopRules, TimeControl},
    reliability::card::Requirements,
};
use edge::extract::{Path, Query};
use vocab::{error::AppError, i18n::Tr};

/// A challenge as a lobby line.
#[derive(Debug, Clone)]
pub struct ChallengeView {
    /// Its id.
    pub id: String,
    /// The variant's name.
    pub variant: String,
    /// Who made it.
    pub challenger: String,
    /// Whether a bot plays the challenger's account (shown as BOT).
    pub challenger_bot: bool,
    /// The challenger's rating in the variant ("1620", "1500?"; empty when not read).
    pub challenger_rating: String,
    /// The challenger's colour, translated.
    pub color: String,
    /// The time control in words, with the game's limit of days if it has one.
    pub time: String,
    /// Who it is addressed to (empty: anyone).
    pub opponent: String,
    /// "rated" or "casual", translated.
    pub kind: String,
    /// The rating range ("1400–1800"; empty: none).
    pub range: String,
    /// Whether the viewer may accept it (their rating is within its range).
    pub may_accept: bool,
    /// The start chosen for its game, in words (empty: as usual).
    pub start: String,
    /// A game carried over from elsewhere: how many moves it brings, in words (empty: a
    /// new game).
    pub carried: String,
    /// Those moves as the record numbers them.
    pub carried_moves: String,
    /// The challenger's reliability card in words (empty when not read).
    pub card: String,
    /// How long the game is expected to last, in words (empty when not read).
    pub expected: String,
    /// What it asks of who accepts, in words (empty: nothing).
    pub requirements: String,
}

fn challenge_view(t: &Tr, challenge: &Challenge) -> ChallengeView {
    ChallengeView {
        kind: kind_text(t, challenge.rated, challenge.engines_allowed),
        range: challenges::range_text(challenge.min_rating, challenge.max_rating),
        may_accept: challenge.viewer_may_accept != Some(false),
        id: challenge.id.clone(),
        variant: t.get(&variant_key(challenge.variant)).to_owned(),
        challenger: challenge.challenger.clone(),
        challenger_bot: challenge.challenger_kind.is_bot(),
        challenger_rating: challenge
            .challenger_rating
            .map(|rating| rating.display())
            .unwrap_or_default(),
        color: t.get(color_choice_key(challenge.color)).to_owned(),
        time: match challenge.limit {
            Some(limit) => format!(
                "{} · {}",
                clock_text(t, challenge.time_control, challenge.stops),
                limit_text(t, limit)
            ),
            None => clock_text(t, challenge.time_control, challenge.stops),
        },
        opponent: challenge.opponent.clone().unwrap_or_default(),
        start: chosen_start_text(t, challenge.start.as_ref()),
        carried: if challenge.moves.is_empty() {
            String::new()
        } else {
            t.fmt(
                "lobby.carried",
                &[("count", &challenge.moves.len().to_string())],
            )
        },
        carried_moves: carried_moves(challenge),
        card: challenge
            .challenger_card
            .as_ref()
            .map(|card| card_text(t, card))
            .unwrap_or_default(),
        expected: challenge
            .expected
            .map(|length| expected_text(t, length))
            .unwrap_or_default(),
        requirements: requirements_text(t, challenge.requirements),
    }
}

/// The moves a challenge carries over, numbered as in the game's record (empty for a
/// new game, or one whose moves no longer replay).
fn carried_moves(challenge: &Challenge) -> String {
    if challenge.moves.is_empty() {
        return String::new();
    }
    let setup = challenge.start.clone().unwrap_or_default();
    rules::AnyGame::replay(challenge.variant, setup, &challenge.moves)
        .map(|game| game.movetext())
        .unwrap_or_default()
}

const fn color_choice_key(color: ColorChoice) -> &'static str {
    match color {
        ColorChoice::White => "color.choice.white",
        ColorChoice::Black => "color.choice.black",
        ColorChoice::Random => "color.choice.random",
    }
}

#[derive(Template)]
#[template(path = "lobby.html")]
struct LobbyPage {
    ctx: Ctx,
    open: Vec<ChallengeView>,
    mine: Vec<ChallengeView>,
    to_me: Vec<ChallengeView>,
    variants: Vec<VariantLink>,
    colors: Vec<(&'static str, String, bool)>,
    days: Vec<(i64, bool)>,
    kinds: Vec<(&'static str, String, bool)>,
    extra_hours: String,
    bank_initial_days: String,
    bank_increment_days: String,
    bank_cap_days: String,
    opponent: String,
    start: String,
    record: String,
    rated: bool,
    min_rating: String,
    max_rating: String,
    max_time_loss_percent: String,
    min_finished_games: String,
    /// The most days the game may last, as typed (empty: no limit).
    max_game_days: String,
    /// (value, name, chosen): how a game still going then is decided.
    deadline_rules: Vec<(&'static str, String, bool)>,
    /// (value, name, chosen): whether the players may use engines.
    engine_policies: Vec<(&'static str, String, bool)>,
    weekends_off: bool,
    no_vacation: bool,
    no_nights: bool,
    error: String,
    /// The "Play the computer" form.
    computer: ComputerView,
    /// The reasons a challenge made to the viewer may be declined for: (key, text).
    decline_reasons: Vec<(&'static str, String)>,
    /// A refused accept, decline or cancel, shown above the lists.
    list_error: String,
}

/// The "Play the computer" form as the lobby shows it.
#[derive(Debug, Clone)]
struct ComputerView {
    variants: Vec<VariantLink>,
    /// (level, its label, chosen).
    levels: Vec<(u8, String, bool)>,
    colors: Vec<(&'static str, String, bool)>,
    days: Vec<(i64, bool)>,
    kinds: Vec<(&'static str, String, bool)>,
    extra_hours: String,
    bank_initial_days: String,
    bank_increment_days: String,
    bank_cap_days: String,
    weekends_off: bool,
    no_vacation: bool,
    no_nights: bool,
    error: String,
}

/// The lobby's query: a prefilled challenge form (and the computer's level, from a
/// computer's player page).
#[derive(Debug, Default, Deserialize)]
pub(crate) struct LobbyQuery {
    variant: Option<String>,
    opponent: Option<String>,
    level: Option<String>,
}

/// The "Play the computer" form: a level beside the challenge form's variant, colour
/// (the player's: `white`, `black` or `random`) and time fields, read the same way.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct ComputerForm {
    /// 1 to 8.
    #[serde(default)]
    level: String,
    /// The variant, colour and time fields.
    #[serde(flatten)]
    game: ChallengeForm,
}

impl ComputerForm {
    /// The level asked for (a level that does not read is 0, refused with its message).
    fn level(&self) -> i64 {
        self.level.trim().parse().unwrap_or(0)
    }
}

/// The levels' default in the form.
const DEFAULT_LEVEL: i64 = 3;

/// The create-challenge form.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct ChallengeForm {
    #[serde(default)]
    variant: String,
    #[serde(default)]
    color: String,
    #[serde(default)]
    days_per_move: String,
    /// `per_move` (also when absent), `bank` or `untimed`.
    #[serde(default)]
    time_kind: String,
    #[serde(default)]
    extra_hours: String,
    #[serde(default)]
    bank_initial_days: String,
    #[serde(default)]
    bank_increment_days: String,
    #[serde(default)]
    bank_cap_days: String,
    #[serde(default)]
    opponent: String,
    /// The chosen start (a FEN, a Chess960 number, a Reversi opening's name), or empty.
    #[serde(default)]
    start: String,
    /// The record of a game to carry over from elsewhere, or empty.
    #[serde(default)]
    record: String,
    /// `rated` (the default) or `casual`.
    #[serde(default)]
    kind: String,
    #[serde(default)]
    min_rating: String,
    #[serde(default)]
    max_rating: String,
    /// The most losses on time (percent) who accepts may have had lately, or empty.
    #[serde(default)]
    max_time_loss_percent: String,
    /// The fewest finished games who accepts must have, or empty.
    #[serde(default)]
    min_finished_games: String,
    /// The most days the game may last, or empty.
    #[serde(default)]
    max_game_days: String,
    /// `adjudicate` (also when absent), `draw` or `both_lose`.
    #[serde(default)]
    deadline_rule: String,
    /// `allowed` when the players may use engines; else (`not_allowed`, absent) not.
    #[serde(default)]
    engines: String,
    /// A checkbox: present (any value) when each player's weekends stop their clock.
    #[serde(default)]
    weekends_off: Option<String>,
    /// A checkbox: present when vacations do not stop the clocks.
    #[serde(default)]
    no_vacation: Option<String>,
    /// A checkbox: present when players' nights do not stop the clocks.
    #[serde(default)]
    no_nights: Option<String>,
}

impl ChallengeForm {
    fn rated(&self) -> bool {
        self.kind != "casual"
    }

    fn engines_allowed(&self) -> bool {
        self.engines == "allowed"
    }

    fn stops(&self) -> StopRules {
        StopRules {
            weekends_off: self.weekends_off.is_some(),
            vacation_allowed: self.no_vacation.is_none(),
            nights_allowed: self.no_nights.is_none(),
        }
    }
}

/// A typed number: empty is none; anything but a whole number is refused with `code`
/// and `message`.
fn whole_or_none(
    text: &str,
    code: &'static str,
    message: &'static str,
) -> Result<Option<i64>, AppError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.parse()
        .map(Some)
        .map_err(|_| AppError::invalid(code, message))
}

/// A typed rating end.
fn rating_end(text: &str) -> Result<Option<i64>, AppError> {
    whole_or_none(
        text,
        "invalid_rating_range",
        "a rating range runs from a lower to a higher rating, each from 0 to 4000",
    )
}

/// A typed limit on who may accept.
fn requirement(text: &str) -> Result<Option<i64>, AppError> {
    whole_or_none(
        text,
        "invalid_requirement",
        "a limit on who may accept is a whole number",
    )
}

impl ChallengeForm {
    /// The time control the form asks for. A number that does not read becomes -1, so
    /// that the check refuses it with its message.
    fn time_control(&self) -> TimeControl {
        let number = |text: &str, absent: i64| {
            let text = text.trim();
            if text.is_empty() {
                absent
            } else {
                text.parse().unwrap_or(-1)
            }
        };
        match self.time_kind.as_str() {
            "bank" => TimeControl::Bank {
                initial_days: number(&self.bank_initial_days, 3),
                increment_days: number(&self.bank_increment_days, 1),
                cap_days: number(&self.bank_cap_days, 7),
            },
            "untimed" => TimeControl::Untimed,
            _ => TimeControl::PerMove {
                days: number(&self.days_per_move, 3),
                hours: number(&self.extra_hours, 0),
            },
        }
    }
}

/// The choices of a form's colour select, `chosen` (empty: random) selected.
fn color_options(t: &vocab::i18n::Tr, chosen: &str) -> Vec<(&'static str, String, bool)> {
    let chosen = if chosen.is_empty() { "random" } else { chosen };
    ["random", "white", "black"]
        .into_iter()
        .map(|color| {
            let key = ColorChoice::parse(color).map_or("", color_choice_key);
            (color, t.get(key).to_owned(), color == chosen)
        })
        .collect()
}

/// The choices of a form's time-control radio buttons, `time_kind` (else per move)
/// checked.
fn time_kinds(t: &vocab::i18n::Tr, time_kind: &str) -> Vec<(&'static str, String, bool)> {
    let chosen = match time_kind {
        "bank" | "untimed" => time_kind,
        _ => "per_move",
    };
    ["per_move", "bank", "untimed"]
        .into_iter()
        .map(|kind| {
            (
                kind,
                t.get(&format!("lobby.kind.{kind}")).to_owned(),
                kind == chosen,
            )
        })
        .collect()
}

fn computer_view(t: &vocab::i18n::Tr, form: &ComputerForm, error: String) -> ComputerView {
    let level = match form.level() {
        0 => DEFAULT_LEVEL,
        level => level,
    };
    let time = &form.game;
    let days: i64 = time.days_per_move.parse().unwrap_or(3);
    ComputerView {
        variants: variant_links(
            t,
            if time.variant.is_empty() {
                rules::Variant::COMPUTER_DEFAULT.as_str()
            } else {
                &time.variant
            },
        ),
        levels: engine::Level::ALL
            .into_iter()
            .map(|option| {
                let number = option.number();
                let label = t.fmt("computer.level_option", &[("level", &number.to_string())]);
                (number, label, i64::from(number) == level)
            })
            .collect(),
        colors: color_options(t, &time.color),
        days: DAYS_PER_MOVE.into_iter().map(|d| (d, d == days)).collect(),
        kinds: time_kinds(t, &time.time_kind),
        extra_hours: or_default(&time.extra_hours, "0"),
        bank_initial_days: or_default(&time.bank_initial_days, "3"),
        bank_increment_days: or_default(&time.bank_increment_days, "1"),
        bank_cap_days: or_default(&time.bank_cap_days, "7"),
        weekends_off: time.stops().weekends_off,
        no_vacation: !time.stops().vacation_allowed,
        no_nights: !time.stops().nights_allowed,
        error,
    }
}

async fn lobby_page(
    state: &Services,
    ctx: Ctx,
    form: &ChallengeForm,
    error: String,
    computer: ComputerView,
) -> Result<LobbyPage, AppError> {
    let user = ctx.require_user()?.clone();
    let t = ctx.t;
    let all = challenges::list(state, Some(&user)).await?;
    let me = user.username.to_lowercase();
    let (mut open, mut mine, mut to_me) = (Vec::new(), Vec::new(), Vec::new());
    for challenge in &all {
        let view = challenge_view(&t, challenge);
        if challenge.challenger.to_lowercase() == me {
            mine.push(view);
        } else if challenge
            .opponent
            .as_deref()
            .is_some_and(|o| o.to_lowercase() == me)
        {
            to_me.push(view);
        } else if challenge.opponent.is_none() {
            open.push(view);
        }
    }
    let days: i64 = form.days_per_move.parse().unwrap_or(3);
    Ok(LobbyPage {
        open,
        mine,
        to_me,
        variants: variant_links(
            &t,
            if form.variant.is_empty() {
                rules::Variant::DEFAULT.as_str()
            } else {
                &form.variant
            },
        ),
        colors: color_options(&t, &form.color),
        days: DAYS_PER_MOVE.into_iter().map(|d| (d, d == days)).collect(),
        kinds: time_kinds(&t, &form.time_kind),
        extra_hours: or_default(&form.extra_hours, "0"),
        bank_initial_days: or_default(&form.bank_initial_days, "3"),
        bank_increment_days: or_default(&form.bank_increment_days, "1"),
        bank_cap_days: or_default(&form.bank_cap_days, "7"),
        opponent: form.opponent.clone(),
        start: form.start.clone(),
        record: form.record.clone(),
        rated: form.rated(),
        min_rating: form.min_rating.clone(),
        max_rating: form.max_rating.clone(),
        max_time_loss_percent: form.max_time_loss_percent.clone(),
        min_finished_games: form.min_finished_games.clone(),
        max_game_days: form.max_game_days.clone(),
        deadline_rules: deadline_rules(&t, &form.deadline_rule),
        engine_policies: engine_policies(&t, form.engines_allowed()),
        weekends_off: form.stops().weekends_off,
        no_vacation: !form.stops().vacation_allowed,
        no_nights: !form.stops().nights_allowed,
        error,
        computer,
        decline_reasons: challenges::DECLINE_REASONS
            .into_iter()
            .map(|reason| (reason, t.get(&format!("decline.{reason}")).to_owned()))
            .collect(),
        list_error: String::new(),
        ctx,
    })
}

/// `text`, or `default` when it is blank.
pub(super) fn or_default(text: &str, default: &str) -> String {
    if text.trim().is_empty() {
        default.to_owned()
    } else {
        text.trim().to_owned()
    }
}

/// The lobby's form that a refusal answers.
enum Refused<'a> {
    /// A new challenge.
    Challenge(&'a ChallengeForm),
    /// A game against the computer.
    Computer(&'a ComputerForm),
    /// Accepting, declining or cancelling a challenge of the lists.
    Listed,
}

/// The lobby again at `error`'s status (with its `Retry-After`), the text of `code` shown
/// on the `refused` form with the typed values kept (above the challenge lists for a
/// challenge of theirs), the other forms blank.
async fn lobby_refusal(
    state: &Services,
    ctx: Ctx,
    error: &AppError,
    code: &str,
    refused: Refused<'_>,
) -> Result<Response, AppError> {
    let text = crate::error_text(&ctx.t, code, &error.message(), error.retry_after());
    let blank = ChallengeForm::default();
    let blank_computer = || computer_view(&ctx.t, &ComputerForm::default(), String::new());
    let page = match refused {
        Refused::Challenge(form) => {
            let computer = blank_computer();
            lobby_page(state, ctx, form, text, computer).await?
        }
        Refused::Computer(form) => {
            let computer = computer_view(&ctx.t, form, text);
            lobby_page(state, ctx, &blank, String::new(), computer).await?
        }
        Refused::Listed => {
            let computer = blank_computer();
            let mut page = lobby_page(state, ctx, &blank, String::new(), computer).await?;
            page.list_error = text;
            page
        }
    };
    crate::render_refused(&page, error)
}

/// What became of accepting, declining or cancelling a challenge: on to `done`, or the
/// lobby with the refusal above the lists.
async fn listed_answer(
    state: &Services,
    ctx: Ctx,
    result: Result<String, AppError>,
) -> Result<Response, AppError> {
    match result {
        Ok(done) => Ok(see_other(&done)),
        Err(error) if crate::shown_on_form(&error) => {
            lobby_refusal(state, ctx, &error, error.code(), Refused::Listed).await
        }
        Err(error) => Err(error),
    }
}

/// `GET /lobby`.
pub(crate) async fn lobby(
    State(state): State<Services>,
    ctx: Ctx,
    Query(query): Query<LobbyQuery>,
) -> Result<Response, AppError> {
    let computer_form = ComputerForm {
        level: query.level.unwrap_or_default(),
        game: ChallengeForm {
            variant: query.variant.clone().unwrap_or_default(),
            ..ChallengeForm::default()
        },
    };
    let form = ChallengeForm {
        variant: query.variant.unwrap_or_default(),
        opponent: query.opponent.unwrap_or_default(),
        ..ChallengeForm::default()
    };
    let computer = computer_view(&ctx.t, &computer_form, String::new());
    render(&lobby_page(&state, ctx, &form, String::new(), computer).await?)
}

/// `POST /challenges`: creates a challenge; errors are shown on the lobby with the
/// typed values kept.
pub(crate) async fn create_challenge(
    State(state): State<Services>,
    ctx: Ctx,
    Form(form): Form<ChallengeForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let created = match (rating_end(&form.min_rating), rating_end(&form.max_rating)) {
        (Ok(min_rating), Ok(max_rating)) => {
            let created = async {
                let variant = edge::field::variant(&form.variant)?;
                let (start, moves) =
                    challenges::read_start_and_record(variant, &form.start, &form.record)?;
                let request = ChallengeRequest {
                    start,
                    moves,
                    variant,
                    color: edge::field::color(&form.color)?,
                    time_control: form.time_control(),
                    stops: form.stops(),
                    limit: GameLimit::asked(
                        whole_or_none(
                            &form.max_game_days,
                            "invalid_game_days",
                            "a game's limit is a whole number of days",
                        )?,
                        Some(&form.deadline_rule),
                    )?,
                    opponent: Some(form.opponent.trim()).filter(|name| !name.is_empty()),
                    rated: form.rated(),
                    engines_allowed: form.engines_allowed(),
                    min_rating,
                    max_rating,
                    requirements: Requirements {
                        max_time_loss_percent: requirement(&form.max_time_loss_percent)?,
                        min_finished_games: requirement(&form.min_finished_games)?,
                    },
                };
                challenges::create(&state, &user, &request).await
            };
            created.await
        }
        (Err(error), _) | (_, Err(error)) => Err(error),
    };
    match created {
        Ok(_) => Ok(see_other("/lobby")),
        // A form mistake (including an opponent nobody is called, one who blocks the
        // challenger or whom they block, or one challenge too many: the one conflict a
        // creation has) is shown on the form, with what was typed.
        Err(error)
            if matches!(
                error.status(),
                StatusCode::UNPROCESSABLE_ENTITY
                    | StatusCode::NOT_FOUND
                    | StatusCode::CONFLICT
                    | StatusCode::FORBIDDEN
            ) =>
        {
            let code = if error.status() == StatusCode::NOT_FOUND {
                "unknown_opponent"
            } else {
                error.code()
            };
            lobby_refusal(&state, ctx, &error, code, Refused::Challenge(&form)).await
        }
        Err(error) => Err(error),
    }
}

/// `POST /computer-games`: starts a game against the computer and goes to it; a form
/// mistake, the player's share of the computer taken (409 `too_many_computer_games`,
/// 429 `computer_replies_waiting`) or a full queue (503 `computer_busy`) is shown on
/// the lobby's form with the chosen values kept.
pub(crate) async fn start_computer_game(
    State(state): State<Services>,
    ctx: Ctx,
    Form(form): Form<ComputerForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let time = &form.game;
    let started = async {
        let request = NewComputerGame {
            variant: edge::field::variant(&time.variant)?,
            level: form.level(),
            color: edge::field::color(&time.color)?,
            time_control: time.time_control(),
            stops: time.stops(),
        };
        computer::start(&state, &user, &request).await
    };
    match started.await {
        Ok(id) => Ok(see_other(&format!("/games/{id}"))),
        Err(error)
            if matches!(
                error.status(),
                StatusCode::UNPROCESSABLE_ENTITY
                    | StatusCode::CONFLICT
                    | StatusCode::TOO_MANY_REQUESTS
                    | StatusCode::SERVICE_UNAVAILABLE
            ) && error.code() != "database_unavailable"
                && error.code() != "request_timeout" =>
        {
            lobby_refusal(&state, ctx, &error, error.code(), Refused::Computer(&form)).await
        }
        Err(error) => Err(error),
    }
}

/// `POST /challenges/{id}/accept`: to the new game.
pub(crate) async fn accept_challenge(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?;
    let result = challenges::accept(&state, user, &id).await;
    listed_answer(
        &state,
        ctx,
        result.map(|game_id| format!("/games/{game_id}")),
    )
    .await
}

/// The decline form: why (one of [`challenges::DECLINE_REASONS`]; none is `generic`).
#[derive(Debug, Default, Deserialize)]
pub(crate) struct DeclineForm {
    #[serde(default)]
    reason: String,
}

/// `POST /challenges/{id}/decline`: declines a challenge made to the viewer, for the
/// reason chosen, which its challenger is told.
pub(crate) async fn decline_challenge(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
    Form(form): Form<DeclineForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?;
    let reason = match form.reason.trim() {
        "" => "generic",
        reason => reason,
    };
    let result = challenges::decline(&state, user, &id, reason).await;
    listed_answer(&state, ctx, result.map(|_| "/lobby#to-me".to_owned())).await
}

/// `POST /challenges/{id}/cancel`.
pub(crate) async fn cancel_challenge(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?;
    let result = challenges::cancel(&state, user, &id).await;
    listed_answer(&state, ctx, result.map(|_| "/lobby".to_owned())).await
}
