//! Tournament pages: the list (open for entry, running, finished) with the form for a
//! new one, and a tournament's page with its settings, entrants, standings with
//! tie-breaks, cross-tables and games, and the forms to join, leave, start, cancel and
//! remove a player. All of it works without JavaScript.

use askama::Template;
use axum::{extract::State, response::Response};
use serde::Deserialize;

use crate::{
    Ctx, Form,
    format::{
        VariantLink, clock_text, deadline_rules, engine_policies, kind_text, limit_text,
        requirements_text, variant_key, variant_links,
    },
    lobby::or_default,
    render, see_other, url_encode,
};
use domain::{
    Services,
    challenges::DAYS_PER_MOVE,
    game::{GameLimit, StopRules, TimeControl},
    reliability::{self, card::Requirements},
    tournaments::{
        self, Format, FormatOptions, MATCH_GAMES, SECTION_SIZES, Status, Terms, Tournament,
        TournamentRequest, TournamentSettings,
        schedule::{self, Schedule},
        standings,
    },
};
use edge::extract::{Path, Query};
use vocab::{error::AppError, i18n::Tr, local_time::LocalZone};

mod actions;
mod stages;

pub(crate) use actions::{cancel, join, leave, remove, start};
use stages::{StageView, stage_views, status_of_player};

/// A tournament as a line of a list.
#[derive(Debug, Clone)]
struct Listed {
    id: String,
    name: String,
    variant: String,
    format: String,
    time: String,
    entrants: String,
    start: String,
    winner: String,
}

fn format_name(t: &Tr, format: Format) -> String {
    t.get(&format!("tournaments.format.{format}")).to_owned()
}

fn start_text(t: &Tr, zone: &LocalZone, tournament: &Tournament) -> String {
    match tournament.terms.starts_at {
        Some(at) => zone.time(at),
        None => t.get("tournaments.when_full").to_owned(),
    }
}

fn listed(t: &Tr, zone: &LocalZone, tournament: &Tournament) -> Listed {
    Listed {
        id: tournament.id.clone(),
        name: tournament.name.clone(),
        variant: t.get(&variant_key(tournament.variant)).to_owned(),
        format: format_name(t, tournament.format()),
        time: clock_text(t, tournament.terms.time_control, tournament.terms.stops),
        entrants: format!("{} / {}", tournament.entrants, tournament.terms.max_players),
        start: start_text(t, zone, tournament),
        winner: tournament.winner.clone().unwrap_or_default(),
    }
}

/// One of the list page's lists.
#[derive(Debug, Clone)]
struct ListSection {
    /// The table's id.
    id: &'static str,
    heading: String,
    /// Finished tournaments show their winner instead of their start.
    finished: bool,
    lines: Vec<Listed>,
}

#[derive(Template)]
#[template(path = "tournaments.html")]
struct ListPage {
    ctx: Ctx,
    lists: Vec<ListSection>,
    form: FormView,
    error: String,
}

/// The new-tournament form as the page shows it (the typed values kept after an
/// error).
#[derive(Debug, Clone)]
struct FormView {
    name: String,
    variants: Vec<VariantLink>,
    /// (value, name, chosen).
    formats: Vec<(&'static str, String, bool)>,
    days: Vec<(i64, bool)>,
    rated: bool,
    weekends_off: bool,
    no_vacation: bool,
    no_nights: bool,
    /// The most days a game may last, as typed (empty: no limit).
    max_game_days: String,
    /// (value, name, chosen): how a game still going then is decided.
    deadline_rules: Vec<(&'static str, String, bool)>,
    /// (value, name, chosen): whether the players may use engines.
    engine_policies: Vec<(&'static str, String, bool)>,
    min_players: String,
    max_players: String,
    min_rating: String,
    max_rating: String,
    max_time_loss_percent: String,
    min_finished_games: String,
    section_sizes: Vec<(i64, bool)>,
    advance: String,
    both_colours: bool,
    rounds: String,
    match_games: Vec<(i64, bool)>,
    /// (value, name, chosen): when full, or in so many days.
    starts: Vec<(&'static str, String, bool)>,
    /// The chosen start position of every game, as typed.
    start_position: String,
    private: bool,
}

/// The new-tournament form.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct TournamentForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    variant: String,
    #[serde(default)]
    format: String,
    #[serde(default)]
    days_per_move: String,
    /// `rated` (the default) or `casual`.
    #[serde(default)]
    kind: String,
    #[serde(default)]
    weekends_off: Option<String>,
    #[serde(default)]
    no_vacation: Option<String>,
    #[serde(default)]
    no_nights: Option<String>,
    #[serde(default)]
    max_game_days: String,
    #[serde(default)]
    deadline_rule: String,
    /// `allowed` when the players may use engines.
    #[serde(default)]
    engines: String,
    #[serde(default)]
    min_players: String,
    #[serde(default)]
    max_players: String,
    #[serde(default)]
    min_rating: String,
    #[serde(default)]
    max_rating: String,
    #[serde(default)]
    max_time_loss_percent: String,
    #[serde(default)]
    min_finished_games: String,
    #[serde(default)]
    section_size: String,
    #[serde(default)]
    advance: String,
    #[serde(default)]
    both_colours: Option<String>,
    #[serde(default)]
    rounds: String,
    #[serde(default)]
    games_per_match: String,
    /// `full` (when it is full) or a number of days from now.
    #[serde(default)]
    start: String,
    /// The start of every game (a FEN, a Chess960 number, a Reversi opening's name), or
    /// empty.
    #[serde(default)]
    start_position: String,
    #[serde(default)]
    private: Option<String>,
}

/// The start choices: when full, or in so many days.
const START_DAYS: [&str; 5] = ["full", "1", "3", "7", "14"];

/// A typed number: empty is `absent`; anything else that does not read is -1, which
/// the checks refuse with their message.
fn number(text: &str, absent: Option<i64>) -> Option<i64> {
    let text = text.trim();
    if text.is_empty() {
        absent
    } else {
        Some(text.parse().unwrap_or(-1))
    }
}

/// A limited tournament's round deadlines and projected end, as settings lines.
fn schedule_lines(t: &Tr, zone: &LocalZone, schedule: &Schedule) -> Vec<(String, String)> {
    let mut lines = Vec::new();
    if !schedule.rounds.is_empty() {
        let rounds: Vec<String> = schedule
            .rounds
            .iter()
            .map(|round| {
                let when = zone.time(round.at);
                let stage = round.stage.to_string();
                let number = round.round.to_string();
                if round.stage > 1 {
                    let values = [
                        ("stage", stage.as_str()),
                        ("round", number.as_str()),
                        ("when", when.as_str()),
                    ];
                    t.fmt("tournaments.stage_round_deadline", &values)
                } else {
                    t.fmt(
                        "tournaments.round_deadline",
                        &[("round", &number), ("when", &when)],
                    )
                }
            })
            .collect();
        lines.push((
            t.get("tournaments.round_deadlines").to_owned(),
            rounds.join("; "),
        ));
    }
    if let Some(end) = schedule.projected_end {
        lines.push((
            t.get("tournaments.projected_end").to_owned(),
            zone.time(end),
        ));
    }
    lines
}

fn form_view(t: &Tr, form: &TournamentForm) -> FormView {
    let days: i64 = form.days_per_move.parse().unwrap_or(3);
    let size = number(&form.section_size, Some(8)).unwrap_or(8);
    let games = number(&form.games_per_match, Some(2)).unwrap_or(2);
    let start = if form.start.is_empty() {
        "full"
    } else {
        form.start.as_str()
    };
    FormView {
        name: form.name.clone(),
        variants: variant_links(
            t,
            if form.variant.is_empty() {
                rules::Variant::DEFAULT.as_str()
            } else {
                &form.variant
            },
        ),
        formats: Format::ALL
            .into_iter()
            .map(|format| {
                (
                    format.as_str(),
                    format_name(t, format),
                    format.as_str() == form.format
                        || (form.format.is_empty() && format == Format::RoundRobin),
                )
            })
            .collect(),
        days: DAYS_PER_MOVE.into_iter().map(|d| (d, d == days)).collect(),
        rated: form.kind != "casual",
        weekends_off: form.weekends_off.is_some(),
        no_vacation: form.no_vacation.is_some(),
        no_nights: form.no_nights.is_some(),
        max_game_days: form.max_game_days.clone(),
        deadline_rules: deadline_rules(t, &form.deadline_rule),
        engine_policies: engine_policies(t, form.engines == "allowed"),
        min_players: or_default(&form.min_players, "2"),
        max_players: or_default(&form.max_players, "16"),
        min_rating: form.min_rating.clone(),
        max_rating: form.max_rating.clone(),
        max_time_loss_percent: form.max_time_loss_percent.clone(),
        min_finished_games: form.min_finished_games.clone(),
        section_sizes: SECTION_SIZES.map(|s| (s, s == size)).collect(),
        advance: or_default(&form.advance, "1"),
        both_colours: form.both_colours.is_some(),
        rounds: or_default(&form.rounds, "7"),
        match_games: MATCH_GAMES.into_iter().map(|g| (g, g == games)).collect(),
        starts: START_DAYS
            .into_iter()
            .map(|value| {
                let name = if value == "full" {
                    t.get("tournaments.when_full").to_owned()
                } else {
                    t.fmt("tournaments.in_days", &[("days", value)])
                };
                (value, name, value == start)
            })
            .collect(),
        start_position: form.start_position.clone(),
        private: form.private.is_some(),
    }
}

async fn list_page(
    state: &Services,
    ctx: Ctx,
    form: &TournamentForm,
    error: String,
) -> Result<ListPage, AppError> {
    let viewer = ctx.user.clone();
    let mut lists = Vec::new();
    for (status, id) in [
        (Status::Open, "open-tournaments"),
        (Status::Running, "running-tournaments"),
        (Status::Finished, "finished-tournaments"),
    ] {
        let found = tournaments::list(state, viewer.as_ref(), status).await?;
        lists.push(ListSection {
            id,
            heading: ctx.t.get(&format!("tournaments.list.{status}")).to_owned(),
            finished: status == Status::Finished,
            lines: found
                .iter()
                .map(|tournament| listed(&ctx.t, &ctx.zone, tournament))
                .collect(),
        });
    }
    let form = form_view(&ctx.t, form);
    Ok(ListPage {
        ctx,
        lists,
        form,
        error,
    })
}

/// `GET /tournaments`.
pub(crate) async fn list(State(state): State<Services>, ctx: Ctx) -> Result<Response, AppError> {
    render(&list_page(&state, ctx, &TournamentForm::default(), String::new()).await?)
}

/// `POST /tournaments`: creates a tournament and goes to its page; a form mistake is
/// shown on the list page with the typed values kept.
pub(crate) async fn create(
    State(state): State<Services>,
    ctx: Ctx,
    Form(form): Form<TournamentForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let starts_at = match form.start.as_str() {
        "" | "full" => None,
        days => Some(state.now() + number(days, None).unwrap_or(-1) * 86_400),
    };
    let created = async {
        let variant = edge::field::variant(&form.variant)?;
        let request = TournamentRequest {
            start: domain::challenges::read_start(variant, &form.start_position)?,
            name: &form.name,
            variant,
            format: edge::field::format(&form.format)?,
            options: FormatOptions {
                section_size: number(&form.section_size, None),
                both_colours: form.both_colours.is_some(),
                advance: number(&form.advance, None),
                rounds: number(&form.rounds, None),
                games_per_match: number(&form.games_per_match, None),
            },
            terms: Terms {
                time_control: TimeControl::PerMove {
                    days: number(&form.days_per_move, Some(3)).unwrap_or(3),
                    hours: 0,
                },
                stops: StopRules {
                    weekends_off: form.weekends_off.is_some(),
                    vacation_allowed: form.no_vacation.is_none(),
                    nights_allowed: form.no_nights.is_none(),
                },
                limit: GameLimit::asked(
                    number(&form.max_game_days, None),
                    Some(&form.deadline_rule),
                )?,
                rated: form.kind != "casual",
                engines_allowed: form.engines == "allowed",
                min_players: number(&form.min_players, Some(2)).unwrap_or(2),
                max_players: number(&form.max_players, Some(16)).unwrap_or(16),
                min_rating: number(&form.min_rating, None),
                max_rating: number(&form.max_rating, None),
                requirements: Requirements {
                    max_time_loss_percent: number(&form.max_time_loss_percent, None),
                    min_finished_games: number(&form.min_finished_games, None),
                },
                private: form.private.is_some(),
                starts_at,
            },
        };
        tournaments::create(&state, &user, &request).await
    };
    match created.await {
        Ok(tournament) => Ok(see_other(&tournament_href(&tournament, Some(&user)))),
        Err(error) if crate::shown_on_form(&error) => {
            let text = crate::refusal_text(&ctx.t, &error);
            let page = list_page(&state, ctx, &form, text).await?;
            crate::render_refused(&page, &error)
        }
        Err(error) => Err(error),
    }
}

/// A tournament's address, with its invitation key for the organiser of a private one.
fn tournament_href(tournament: &Tournament, viewer: Option<&domain::accounts::User>) -> String {
    match tournament.invite_code_for(viewer) {
        Some(code) => format!("/tournaments/{}?invite={}", tournament.id, url_encode(code)),
        None => format!("/tournaments/{}", tournament.id),
    }
}

/// A setting as a line of the page: its label and value.
type Setting = (String, String);

#[derive(Template)]
#[template(path = "tournament.html")]
struct TournamentPage {
    ctx: Ctx,
    id: String,
    name: String,
    status: String,
    status_text: String,
    winner: String,
    settings: Vec<Setting>,
    /// The invitation link for the organiser of a private tournament.
    invite_link: String,
    /// The key to send back with the join form.
    invite: String,
    entrants: Vec<EntrantLine>,
    stages: Vec<StageView>,
    joined: bool,
    may_join: bool,
    organiser: bool,
    open: bool,
    running: bool,
    /// Round robin (a cross-table per section).
    round_robin: bool,
    /// A refused join, leave, start, cancel or removal, shown above the forms.
    error: String,
    /// The player the organiser chose to remove when that was refused.
    removing: String,
}

#[derive(Debug, Clone)]
struct EntrantLine {
    name: String,
    rating: i64,
    seed: String,
    status: String,
}

fn settings_of(t: &Tr, zone: &LocalZone, tournament: &Tournament) -> Vec<Setting> {
    let mut settings = vec![
        (
            t.get("tournaments.variant").to_owned(),
            t.get(&variant_key(tournament.variant)).to_owned(),
        ),
        (
            t.get("tournaments.format").to_owned(),
            format_name(t, tournament.format()),
        ),
        (
            t.get("tournaments.time").to_owned(),
            clock_text(t, tournament.terms.time_control, tournament.terms.stops),
        ),
        (
            t.get("tournaments.kind").to_owned(),
            kind_text(t, tournament.terms.rated, tournament.terms.engines_allowed),
        ),
        (
            t.get("tournaments.players").to_owned(),
            t.fmt(
                "tournaments.players_range",
                &[
                    ("min", &tournament.terms.min_players.to_string()),
                    ("max", &tournament.terms.max_players.to_string()),
                    ("entrants", &tournament.entrants.to_string()),
                ],
            ),
        ),
        (
            t.get("tournaments.organiser").to_owned(),
            tournament.organiser.clone(),
        ),
        (
            t.get("tournaments.start").to_owned(),
            start_text(t, zone, tournament),
        ),
    ];
    if let Some(start) = &tournament.start {
        settings.push((
            t.get("lobby.start_optional").to_owned(),
            crate::format::chosen_start_text(t, Some(start)),
        ));
    }
    let Terms {
        min_rating,
        max_rating,
        ..
    } = tournament.terms;
    if min_rating.is_some() || max_rating.is_some() {
        let end = |rating: Option<i64>| rating.map_or(String::new(), |r| r.to_string());
        settings.push((
            t.get("tournaments.ratings").to_owned(),
            format!("{}–{}", end(min_rating), end(max_rating)),
        ));
    }
    if let Some(limit) = tournament.terms.limit {
        settings.push((t.get("limit.game_limit").to_owned(), limit_text(t, limit)));
    }
    if !tournament.terms.requirements.is_empty() {
        settings.push((
            t.get("tournaments.requirements").to_owned(),
            requirements_text(t, tournament.terms.requirements),
        ));
    }
    let mut show = |key: &str, value: String| settings.push((t.get(key).to_owned(), value));
    match tournament.settings {
        TournamentSettings::RoundRobin {
            section_size,
            advance,
            both_colours,
        } => {
            show("tournaments.section_size", section_size.to_string());
            show("tournaments.advance", advance.to_string());
            if both_colours {
                show(
                    "tournaments.both_colours",
                    t.get("tournaments.yes").to_owned(),
                );
            }
        }
        TournamentSettings::League {
            section_size,
            advance,
            seasons,
            ..
        } => {
            show("tournaments.group_size", section_size.to_string());
            show("tournaments.moving", advance.to_string());
            show("tournaments.seasons", seasons.to_string());
        }
        TournamentSettings::Swiss { rounds } => show("tournaments.rounds", rounds.to_string()),
        TournamentSettings::Knockout { games_per_match } => {
            show("tournaments.games_per_match", games_per_match.to_string());
        }
    }
    settings
}

/// The tournament page's query.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct InviteQuery {
    invite: Option<String>,
}

/// `GET /tournaments/{id}`.
pub(crate) async fn page(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
    Query(query): Query<InviteQuery>,
) -> Result<Response, AppError> {
    let invite = query.invite.unwrap_or_default();
    render(&tournament_page(&state, ctx, &id, invite, Refusal::default()).await?)
}

/// A refused form of a tournament's page: its text and the player the organiser chose to
/// remove (kept chosen).
#[derive(Debug, Default)]
struct Refusal {
    text: String,
    removing: String,
}

/// The page of tournament `id` as `ctx`'s viewer sees it with `invite` (a private one's
/// key), with `refusal` shown above its forms.
async fn tournament_page(
    state: &Services,
    ctx: Ctx,
    id: &str,
    invite: String,
    refusal: Refusal,
) -> Result<TournamentPage, AppError> {
    let tournament = tournaments::visible(
        state,
        ctx.user.as_ref(),
        id,
        Some(invite.as_str()).filter(|code| !code.is_empty()),
    )
    .await?;
    let standings = standings::read(state, &tournament).await?;
    let t = &ctx.t;
    let viewer_id = ctx.user.as_ref().map(|user| user.id.as_str());
    let joined = viewer_id.is_some_and(|viewer| {
        standings.players.iter().any(|player| {
            player.user_id == viewer && player.status == store::tournaments::PlayerStatus::Active
        })
    });
    let organiser = viewer_id == Some(tournament.organiser_id.as_str());
    let open = tournament.status == Status::Open;
    let invite_link = tournament
        .invite_code_for(ctx.user.as_ref())
        .map(|code| {
            format!(
                "{}/tournaments/{}?invite={}",
                state.config.public_url.base,
                tournament.id,
                url_encode(code)
            )
        })
        .unwrap_or_default();
    // How long a game is expected to last: the viewer against a player at the site's pace.
    let expected = reliability::expected_length(
        state,
        tournament.variant,
        tournament.terms.time_control,
        [viewer_id, None],
    )
    .await?;
    let mut settings = settings_of(t, &ctx.zone, &tournament);
    if let Some(schedule) = schedule::read(state, &tournament, &standings).await? {
        settings.extend(schedule_lines(t, &ctx.zone, &schedule));
    }
    settings.push((
        t.get("tournaments.expected").to_owned(),
        t.fmt(
            "card.days_range",
            &[
                ("low", &expected.low_days.to_string()),
                ("high", &expected.high_days.to_string()),
            ],
        ),
    ));
    let page = TournamentPage {
        id: tournament.id.clone(),
        name: tournament.name.clone(),
        status: tournament.status.as_str().to_owned(),
        status_text: t
            .get(&format!("tournaments.status.{}", tournament.status))
            .to_owned(),
        winner: tournament.winner.clone().unwrap_or_default(),
        settings,
        invite_link,
        invite,
        entrants: standings
            .players
            .iter()
            .map(|player| EntrantLine {
                name: player.username.clone(),
                rating: player.rating,
                seed: player
                    .seed
                    .map_or(String::new(), |seed| (seed + 1).to_string()),
                status: if player.status == store::tournaments::PlayerStatus::Active {
                    String::new()
                } else {
                    status_of_player(t, player.status.as_str())
                },
            })
            .collect(),
        stages: stage_views(
            t,
            tournament.format(),
            tournament.status == Status::Finished,
            standings.stages,
        ),
        may_join: (open
            || (tournament.status == Status::Running && tournament.format().joins_while_running()))
            && ctx.user.is_some()
            && !joined,
        joined,
        organiser,
        open,
        running: tournament.status == Status::Running,
        round_robin: matches!(tournament.format(), Format::RoundRobin | Format::League),
        error: refusal.text,
        removing: refusal.removing,
        ctx,
    };
    Ok(page)
}

#[derive(Template)]
#[template(path = "tournament_rules.html")]
struct RulesPage {
    ctx: Ctx,
}

/// `GET /tournaments/rules`: how each format pairs and scores, and the tie-breaks.
pub(crate) async fn rules(ctx: Ctx) -> Result<Response, AppError> {
    render(&RulesPage { ctx })
}
