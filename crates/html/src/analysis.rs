//! The analysis board: any position of a game, explored by the rules of its variant
//! without sending anything. Pieces are moved on the board (with or without the script),
//! the line steps back and forth, lines left for another are kept beside it, and the
//! scores and legal moves are shown; the line from the live position can be entered as
//! conditional moves. See docs/analysis.md.
//!
//! The page is a function of its address alone, so it can be bookmarked, shared and
//! walked with the browser's Back button, and nothing is stored:
//! - `ply`: where in the game's record the analysis starts (the live position when
//!   absent);
//! - `line`: the moves explored from there, canonical texts separated by blanks, forced
//!   passes written out or left for the page to fill in;
//! - `at`: how many of them the board shows (all when absent);
//! - `alt` (repeated): other lines explored from the same start;
//! - `flip`, `attacks`, and the selection on the board (`from=e2`, …), as on the game
//!   page.
//!
//! A `move` parameter (the board's form, which reads this page and never posts) plays
//! that move at the position shown and answers with a redirect to the new address: the
//! line up to the position shown, then the move. A line it leaves is kept as an `alt`.
//!
//! A post to the page's own address (`evaluate`) shows it with the engine's evaluation
//! of the position shown, where the game's engine policy allows one (`evaluation`).

mod evaluation;

use askama::Template;
use axum::{extract::State, response::Response};
use rules::AnyGame;

use crate::{
    Ctx,
    board::{self, BoardForm, BoardModel, BoardOptions, side_key},
    format::variant_key,
    game::{outcome_text, position_at, scores_text},
    render, see_other, url_encode,
};
use domain::{
    Services,
    game::{self, EndReason, GameDetail, GameStatus},
};
use edge::extract::{Path, Query};
use rules::numbered_line;
use vocab::{error::AppError, i18n::Tr};

/// The most moves a line may hold, forced passes included.
pub const MAX_LINE_MOVES: usize = 200;
/// The most other lines kept beside the one shown.
pub const MAX_OTHER_LINES: usize = 4;

/// What the address asks for, read and checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Address {
    /// The ply of the game the analysis starts at.
    start: u32,
    /// The line explored from there, canonical, forced passes written out.
    line: Vec<String>,
    /// How many of its moves the board shows.
    at: usize,
    /// Other lines from the same start.
    others: Vec<Vec<String>>,
    flip: bool,
    attacks: bool,
}

/// The raw parameters of the page's query.
#[derive(Debug, Default)]
struct Params {
    ply: Option<u32>,
    line: Vec<String>,
    at: Option<usize>,
    others: Vec<Vec<String>>,
    chosen: Option<String>,
    flip: bool,
    attacks: bool,
}

fn moves_of(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_owned).collect()
}

fn read_params(query: &[(String, String)]) -> Result<Params, AppError> {
    let mut params = Params::default();
    for (name, value) in query {
        match name.as_str() {
            "ply" => {
                params.ply = Some(value.trim().parse().map_err(|_| {
                    AppError::BadRequest("ply must be a number of moves".to_owned())
                })?);
            }
            "at" => {
                params.at = Some(value.trim().parse().map_err(|_| {
                    AppError::BadRequest("at must be a number of moves".to_owned())
                })?);
            }
            "line" => params.line = moves_of(value),
            "alt" => {
                if params.others.len() == MAX_OTHER_LINES {
                    return Err(AppError::invalid(
                        "too_many_lines",
                        format!("at most {MAX_OTHER_LINES} other lines are kept"),
                    ));
                }
                params.others.push(moves_of(value));
            }
            "move" => params.chosen = Some(value.trim().to_owned()),
            "flip" => params.flip = true,
            "attacks" => params.attacks = true,
            _ => {}
        }
    }
    Ok(params)
}

/// Plays forced passes on `game` while its side to move has nothing else.
fn fill_passes(game: &mut AnyGame, played: &mut Vec<String>) -> Result<(), AppError> {
    while let Some(pass) = game.forced_pass() {
        played.push(game.play(pass).map_err(AppError::internal)?);
    }
    Ok(())
}

/// Plays `moves` on `game`, filling in forced passes: the moves as played (canonical).
/// A move the rules refuse is a 422 naming it and its number in the line.
fn play_line(game: &mut AnyGame, moves: &[String]) -> Result<Vec<String>, AppError> {
    let too_long = || {
        AppError::invalid(
            "line_too_long",
            format!("a line holds at most {MAX_LINE_MOVES} moves"),
        )
    };
    // Counted before anything is played, so a long address costs nothing.
    if moves.len() > MAX_LINE_MOVES {
        return Err(too_long());
    }
    let mut played = Vec::with_capacity(moves.len());
    for (index, text) in moves.iter().enumerate() {
        if text != "pass" {
            fill_passes(game, &mut played)?;
        }
        let canonical = game.play(text).map_err(|error| {
            AppError::invalid(
                "illegal_line",
                format!("move {} of the line ({text}): {error}", index + 1),
            )
        })?;
        played.push(canonical);
    }
    fill_passes(game, &mut played)?;
    if played.len() > MAX_LINE_MOVES {
        return Err(too_long());
    }
    Ok(played)
}

/// The position after the first `at` moves of `line` from `start`.
fn position_after(start: &AnyGame, line: &[String], at: usize) -> Result<AnyGame, AppError> {
    let mut game = start.clone();
    for text in &line[..at] {
        game.play(text).map_err(AppError::internal)?;
    }
    Ok(game)
}

/// `at` moved on over forced passes (a position where the side to move must pass has
/// nothing to choose on the board).
fn past_passes(line: &[String], mut at: usize) -> usize {
    while line.get(at).is_some_and(|text| text == "pass") {
        at += 1;
    }
    at
}

/// `at` moved back while the move after it is a forced pass (the position there offers
/// nothing to choose), for the Back step.
fn before_passes(line: &[String], mut at: usize) -> usize {
    while at > 0 && line.get(at).is_some_and(|text| text == "pass") {
        at -= 1;
    }
    at
}

impl Address {
    /// Reads the address from the query against the game: every line is played by the
    /// rules from the start position, which comes back beside it.
    fn read(detail: &GameDetail, params: &Params) -> Result<(Address, AnyGame), AppError> {
        let live = detail.game.ply();
        let start = params.ply.unwrap_or(live).min(live);
        let start_position = position_at(detail, start)?;
        let line = play_line(&mut start_position.clone(), &params.line)?;
        let others = params
            .others
            .iter()
            .map(|other| play_line(&mut start_position.clone(), other))
            .filter(|other| !matches!(other, Ok(moves) if moves.is_empty()))
            .collect::<Result<Vec<_>, _>>()?;
        let at = past_passes(&line, params.at.unwrap_or(line.len()).min(line.len()));
        let address = Address {
            start,
            line,
            at,
            others,
            flip: params.flip,
            attacks: params.attacks,
        };
        Ok((address, start_position))
    }

    /// This page's address for `line` shown up to `at`, with `others` beside it.
    fn href_for(&self, id: &str, line: &[String], at: usize, others: &[Vec<String>]) -> String {
        let joined = |moves: &[String]| {
            moves
                .iter()
                .map(|text| url_encode(text))
                .collect::<Vec<_>>()
                .join("+")
        };
        let mut href = format!("/games/{id}/analysis?ply={}", self.start);
        if !line.is_empty() {
            href.push_str("&line=");
            href.push_str(&joined(line));
            if at < line.len() {
                href.push_str(&format!("&at={at}"));
            }
        }
        for other in others {
            href.push_str("&alt=");
            href.push_str(&joined(other));
        }
        if self.flip {
            href.push_str("&flip=1");
        }
        if self.attacks {
            href.push_str("&attacks=1");
        }
        href
    }

    /// The address of the line shown up to `at`.
    fn at(&self, id: &str, at: usize) -> String {
        self.href_for(id, &self.line, at, &self.others)
    }

    /// The address after `chosen` (canonical) is played at the position shown: the line
    /// goes on with it; one that went on otherwise is kept among the others.
    fn after_move(&self, id: &str, shown: &AnyGame, chosen: &str) -> Result<String, AppError> {
        let mut game = shown.clone();
        let canonical = game
            .play(chosen)
            .map_err(|error| AppError::invalid("illegal_move", format!("{chosen}: {error}")))?;
        if self.line.get(self.at) == Some(&canonical) {
            let at = past_passes(&self.line, self.at + 1);
            return Ok(self.at(id, at));
        }
        let mut line = self.line[..self.at].to_vec();
        line.push(canonical);
        fill_passes(&mut game, &mut line)?;
        if line.len() > MAX_LINE_MOVES {
            return Err(AppError::invalid(
                "line_too_long",
                format!("a line holds at most {MAX_LINE_MOVES} moves"),
            ));
        }
        let mut others = self.others.clone();
        if self.line.len() > self.at {
            others.insert(0, self.line.clone());
        }
        others.retain(|other| *other != line);
        others.dedup();
        others.truncate(MAX_OTHER_LINES);
        Ok(self.href_for(id, &line, line.len(), &others))
    }
}

/// One move of the line as the page lists it.
#[derive(Debug, Clone)]
pub struct LineMove {
    /// The move as people read it, numbered (`12… e5`) where a number belongs.
    pub text: String,
    /// The board after it.
    pub href: String,
    /// Whether the board shows the position after it.
    pub current: bool,
}

/// A legal move at the position shown.
#[derive(Debug, Clone)]
pub struct LegalMove {
    /// Its canonical text (the form's value).
    pub value: String,
    /// As people read it.
    pub text: String,
}

/// A step link: the text's translation key, where it goes (empty when nowhere) and the
/// key the script follows it on.
#[derive(Debug, Clone)]
pub struct Step {
    /// The translation key of its text.
    pub key: &'static str,
    /// The link, empty when it goes nowhere.
    pub href: String,
    /// `first`, `prev`, `next` or `last`.
    pub nav: &'static str,
}

/// Another line, as a link that shows it (and keeps the current one beside it).
#[derive(Debug, Clone)]
pub struct OtherLine {
    /// Its moves, numbered.
    pub text: String,
    /// The link.
    pub href: String,
}

#[derive(Template)]
#[template(path = "analysis.html")]
struct AnalysisPage {
    ctx: Ctx,
    id: String,
    variant: String,
    white: String,
    black: String,
    /// Where the analysis starts, in words.
    start_text: String,
    /// The game page at the start position.
    game_href: String,
    board: BoardModel,
    /// Whose move, or how the position ended.
    status: String,
    scores: String,
    line: Vec<LineMove>,
    steps: Vec<Step>,
    legal: Vec<LegalMove>,
    /// The hidden fields of the forms that play a move here (the address so far).
    fields: Vec<(String, String)>,
    others: Vec<OtherLine>,
    /// The board without the line (empty when there is no line).
    clear_href: String,
    /// The line up to the position shown as a conditional line (canonical moves), when
    /// the viewer may enter it: a player of the game, analysing from its live position.
    conditional_moves: String,
    /// The form that adds the moves from the start to the position shown to the
    /// viewer's repertoire: for a player of the game, in a variant that takes one.
    repertoire: Option<RepertoireForm>,
    /// The game's live ply (the conditional form's).
    live_ply: u32,
    /// The analysis board from the live position, offered to a player whose analysis
    /// starts elsewhere (only lines from there can be entered).
    from_live_href: String,
    /// The engine's evaluation: offered, refused with a reason, or shown.
    evaluation: evaluation::EvaluationView,
}

/// Where the analysis starts, in words: the start of the game, or after a move.
fn start_text(t: &Tr, detail: &GameDetail, start: u32) -> String {
    let live = detail.game.ply();
    let record = detail.game.record();
    let base = match start
        .checked_sub(1)
        .and_then(|index| record.get(index as usize).map(|played| (index, played)))
    {
        None => t.get("analysis.from_start").to_owned(),
        Some((index, played)) => t.fmt(
            "analysis.from_move",
            &[(
                "move",
                &numbered_line(index as usize, [played.display.as_str()]),
            )],
        ),
    };
    if start == live && detail.status == GameStatus::Active {
        format!("{base} {}", t.get("analysis.live"))
    } else {
        base
    }
}

/// Whose move in `game`, or how it ended.
fn status_text(t: &Tr, game: &AnyGame) -> String {
    match (game.to_move(), game.outcome()) {
        (Some(color), _) => t.fmt("game.to_move", &[("color", t.get(side_key(color)))]),
        (None, Some(outcome)) => outcome_text(
            t,
            Some(outcome.result),
            Some(EndReason::Board(outcome.reason)),
        ),
        (None, None) => String::new(),
    }
}

/// `GET /games/{id}/analysis`.
pub(crate) async fn page(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
    Query(query): Query<Vec<(String, String)>>,
) -> Result<Response, AppError> {
    let params = read_params(&query)?;
    let detail = game::shown(&state, &id).await?;
    let (address, start_game) = Address::read(&detail, &params)?;
    let shown = position_after(&start_game, &address.line, address.at)?;
    if let Some(chosen) = &params.chosen {
        return Ok(see_other(&address.after_move(&detail.id, &shown, chosen)?));
    }
    let page = build(ctx, &detail, &address, &start_game, &shown, query)?;
    render(&page)
}

/// `POST /games/{id}/analysis`: the page at the same address, with the engine's
/// evaluation of the position shown (for a signed-in viewer, as the game's engine
/// policy allows: see `domain::analysis`).
pub(crate) async fn evaluate(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
    Query(query): Query<Vec<(String, String)>>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let params = read_params(&query)?;
    let detail = game::shown(&state, &id).await?;
    let (address, start_game) = Address::read(&detail, &params)?;
    let shown = position_after(&start_game, &address.line, address.at)?;
    let found = domain::analysis::evaluate(&state, &user, &detail, shown.clone()).await?;
    let mut page = build(ctx, &detail, &address, &start_game, &shown, query)?;
    page.evaluation.shown = Some(evaluation::words(&page.ctx.t, &shown, &found));
    render(&page)
}

fn build(
    ctx: Ctx,
    detail: &GameDetail,
    address: &Address,
    start_game: &AnyGame,
    shown: &AnyGame,
    query: Vec<(String, String)>,
) -> Result<AnalysisPage, AppError> {
    let t = ctx.t;
    let id = detail.id.as_str();
    let mut fields = vec![("ply".to_owned(), address.start.to_string())];
    if !address.line.is_empty() {
        fields.push(("line".to_owned(), address.line.join(" ")));
        fields.push(("at".to_owned(), address.at.to_string()));
    }
    for other in &address.others {
        fields.push(("alt".to_owned(), other.join(" ")));
    }
    let viewer = ctx.user.as_ref().and_then(|user| detail.color_of(&user.id));
    // The board's links add the view settings themselves.
    let plain = Address {
        flip: false,
        attacks: false,
        ..address.clone()
    };
    let options = BoardOptions {
        query,
        flip: address.flip,
        attacks: address.attacks,
        interactive: shown.to_move().is_some(),
        viewer,
        base: plain.at(id, address.at),
        form: BoardForm {
            action: format!("/games/{id}/analysis"),
            get: true,
            fields: fields.clone(),
        },
    };
    let board = board::build(shown, &options, &t);
    // The line as people read it: its display texts from a replay.
    let mut walk = start_game.clone();
    let start = usize::try_from(address.start).unwrap_or(usize::MAX);
    let mut line = Vec::with_capacity(address.line.len());
    for (index, text) in address.line.iter().enumerate() {
        walk.play(text).map_err(AppError::internal)?;
        let display = walk
            .record()
            .last()
            .map_or(text.as_str(), |played| played.display.as_str());
        line.push(LineMove {
            text: numbered_line(start + index, [display]),
            href: address.at(id, index + 1),
            current: index + 1 == address.at,
        });
    }
    let last = address.line.len();
    let prev = before_passes(&address.line, address.at.saturating_sub(1));
    let step = |key, nav, to: Option<usize>| Step {
        key,
        nav,
        href: to.map_or_else(String::new, |at| address.at(id, at)),
    };
    let steps = vec![
        step("replay.first", "first", (address.at > 0).then_some(0)),
        step("replay.prev", "prev", (address.at > 0).then_some(prev)),
        step(
            "replay.next",
            "next",
            (address.at < last).then(|| past_passes(&address.line, address.at + 1)),
        ),
        step("replay.last", "last", (address.at < last).then_some(last)),
    ];
    let legal = shown
        .legal_moves()
        .into_iter()
        .map(|value| {
            let mut after = shown.clone();
            let text = match after.play(&value) {
                Ok(_) => after
                    .record()
                    .last()
                    .map_or_else(|| value.clone(), |played| played.display.clone()),
                Err(_) => value.clone(),
            };
            LegalMove { value, text }
        })
        .collect();
    let others = address
        .others
        .iter()
        .enumerate()
        .map(|(index, other)| {
            let mut rest: Vec<Vec<String>> = address
                .others
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != index)
                .map(|(_, line)| line.clone())
                .collect();
            if !address.line.is_empty() {
                rest.insert(0, address.line.clone());
            }
            let mut walk = start_game.clone();
            let displays: Vec<String> = other
                .iter()
                .filter_map(|text| {
                    walk.play(text).ok()?;
                    walk.record().last().map(|played| played.display.clone())
                })
                .collect();
            OtherLine {
                text: numbered_line(start, displays.iter().map(String::as_str)),
                href: address.href_for(id, other, other.len(), &rest),
            }
        })
        .collect();
    let live_ply = detail.game.ply();
    let plays = viewer.is_some() && detail.status == GameStatus::Active;
    let conditional_moves = if plays && address.start == live_ply && address.at > 0 {
        address.line[..address.at].join(" ")
    } else {
        String::new()
    };
    // The moves from the start to the position shown, for the player's repertoire.
    let repertoire = match viewer {
        Some(color) if domain::repertoire::takes_repertoire(detail.variant()) => {
            let mut moves: Vec<&str> = detail.game.moves().take(start).collect();
            moves.extend(address.line[..address.at].iter().map(String::as_str));
            (!moves.is_empty()).then(|| RepertoireForm {
                variant: detail.variant().as_str(),
                color: color.as_str(),
                start: detail.game.setup().choice_text().unwrap_or_default(),
                line: moves.join(" "),
            })
        }
        _ => None,
    };
    let from_live_href = if plays && address.start != live_ply {
        format!("/games/{id}/analysis?ply={live_ply}")
    } else {
        String::new()
    };
    let evaluation = evaluation::offer(
        &t,
        detail,
        ctx.user.as_ref(),
        shown,
        plain.at(id, address.at),
    );
    Ok(AnalysisPage {
        id: detail.id.clone(),
        variant: t.get(&variant_key(detail.variant())).to_owned(),
        white: detail.white.clone(),
        black: detail.black.clone(),
        start_text: start_text(&t, detail, address.start),
        game_href: if address.start == live_ply {
            format!("/games/{id}")
        } else {
            format!("/games/{id}?ply={}", address.start)
        },
        board,
        status: status_text(&t, shown),
        scores: scores_text(&t, shown),
        line,
        steps,
        legal,
        fields,
        others,
        clear_href: if address.line.is_empty() && address.others.is_empty() {
            String::new()
        } else {
            format!("/games/{id}/analysis?ply={}", address.start)
        },
        conditional_moves,
        repertoire,
        live_ply,
        from_live_href,
        evaluation,
        ctx,
    })
}

/// The hidden fields of the "add to my repertoire" form.
struct RepertoireForm {
    variant: &'static str,
    color: &'static str,
    start: String,
    line: String,
}

#[cfg(test)]
mod tests {
    use rules::Variant;

    use super::*;

    fn texts(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|text| (*text).to_owned()).collect()
    }

    #[test]
    fn a_line_is_played_canonically_and_a_refused_move_is_named() {
        let mut game = AnyGame::new(Variant::Chess, None).unwrap();
        let played = play_line(&mut game, &texts(&["e4", "e7e5", "Nf3"])).unwrap();
        assert_eq!(played, texts(&["e2e4", "e7e5", "g1f3"]));
        let mut game = AnyGame::new(Variant::Chess, None).unwrap();
        let error = play_line(&mut game, &texts(&["e4", "e4"])).unwrap_err();
        assert_eq!(error.code(), "illegal_line");
        assert!(
            error.message().contains("move 2 of the line (e4)"),
            "{}",
            error.message()
        );
    }

    #[test]
    fn steps_skip_passes() {
        let line = texts(&["d3", "pass", "c5"]);
        assert_eq!(past_passes(&line, 1), 2);
        assert_eq!(past_passes(&line, 0), 0);
        assert_eq!(before_passes(&line, 1), 0);
        assert_eq!(before_passes(&line, 2), 2);
    }

    #[test]
    fn a_move_at_an_earlier_position_keeps_the_line_it_leaves() {
        let start = AnyGame::new(Variant::Chess, None).unwrap();
        let address = Address {
            line: texts(&["e2e4", "e7e5"]),
            at: 1,
            ..Address::default()
        };
        let shown = position_after(&start, &address.line, 1).unwrap();
        let href = address.after_move("g", &shown, "c7c5").unwrap();
        assert_eq!(href, "/games/g/analysis?ply=0&line=e2e4+c7c5&alt=e2e4+e7e5");
        // The move the line goes on with only steps forward.
        let href = address.after_move("g", &shown, "e7e5").unwrap();
        assert_eq!(href, "/games/g/analysis?ply=0&line=e2e4+e7e5");
        let error = address.after_move("g", &shown, "e2e4").unwrap_err();
        assert_eq!(error.code(), "illegal_move");
    }

    #[test]
    fn parameters_are_checked() {
        let query = |pairs: &[(&str, &str)]| {
            pairs
                .iter()
                .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            read_params(&query(&[("ply", "-1")])).unwrap_err().code(),
            "bad_request"
        );
        assert_eq!(
            read_params(&query(&[("at", "x")])).unwrap_err().code(),
            "bad_request"
        );
        let five = vec![("alt", "e2e4"); MAX_OTHER_LINES + 1];
        assert_eq!(
            read_params(&query(&five)).unwrap_err().code(),
            "too_many_lines"
        );
        let params = read_params(&query(&[("line", " e2e4  e7e5 "), ("flip", "1")])).unwrap();
        assert_eq!(params.line, texts(&["e2e4", "e7e5"]));
        assert!(params.flip);
    }
}
