//! The game page built from small parts: the board, the move list, the replay links, the
//! action buttons (from the domain's [`available`] list), the status lines and what the
//! script reads out.

use std::sync::Arc;

use askama::Template;
use rules::{AnyGame, Color};

use super::{
    chat_section::ChatSection,
    conditional_section::ConditionalSection,
    parts::{ActionButton, ClockLine, GameQuery, MovePair, ReplayLink, position_at},
    viewer::ViewerExtras,
    words::{
        change_text, clock_lines, end_text, game_deadline_text, pass_text, scores_text,
        viewing_text,
    },
};
use crate::{
    Ctx,
    board::{self, BoardForm, BoardOptions, color_key, side_key},
    format::{clock_text, computer_badge, time_left, variant_key, with_policy},
};
use domain::{
    Services, computer,
    game::{GameAction, GameDetail, GameSource, GameStatus, available::available},
};
use vocab::{error::AppError, i18n::Tr, local_time::LocalZone};

/// The game page.
#[derive(Template)]
#[template(path = "game.html")]
pub(super) struct GamePage {
    ctx: Ctx,
    id: String,
    /// The tournament's page for a tournament game; else empty.
    tournament_href: String,
    variant_id: &'static str,
    variant: String,
    white: String,
    black: String,
    /// "computer, level 3" beside White's name when White is the computer; else empty.
    white_badge: String,
    /// The same for Black.
    black_badge: String,
    /// Whether a bot plays White's account (shown as BOT).
    white_bot: bool,
    /// Whether a bot plays Black's account.
    black_bot: bool,
    status: String,
    deadline: String,
    time_control: String,
    /// Said of a serial timeout, empty otherwise.
    serial_timeout: String,
    /// The game's own deadline, or how it was decided at it.
    game_deadline: String,
    clocks: Vec<ClockLine>,
    scores: String,
    draw_offer: String,
    message: String,
    moves: Vec<MovePair>,
    /// The board, rendered ([`rendered_board`]).
    board: Arc<String>,
    replay: Vec<ReplayLink>,
    /// "You are viewing move 12… e5 (23 of 40)" when the page shows an earlier
    /// position than the live one; empty otherwise.
    viewing: String,
    /// The live position's page (the banner's way back).
    live_href: String,
    /// The analysis board from the position shown.
    analysis_href: String,
    /// The computer review's page, once the game has ended; else empty.
    review_href: String,
    actions: Vec<ActionButton>,
    confirm_resign: bool,
    resign_href: String,
    live_ply: u32,
    /// The live state's id, as the event stream names it.
    live_state: String,
    record_href: String,
    svg_href: String,
    /// "rated" or "casual", translated.
    kind: String,
    /// White's rating change ("1500? → 1512? (+12)"), once rated.
    white_rating: String,
    /// Black's.
    black_rating: String,
    /// The next game where it is the viewer's turn (its id), empty when there is none.
    next_game: String,
    /// The script asks for Confirm before it sends a move chosen on the board.
    confirm_moves: bool,
    /// It is the viewer's turn in the game (whatever move the page shows): the title
    /// says so.
    your_turn: bool,
    /// Said when the move shown was a forced pass ("Black had no legal move and passed:
    /// White moves again."), empty otherwise.
    pass: String,
    /// What the script reads out (through the page's live region) when it swaps this
    /// game in: the last move, a pass, whose turn or the result.
    announce: String,
    /// The chat and the viewer's notes (outside the part the script swaps in).
    chat: ChatSection,
    /// The viewer's conditional lines (everyone's once the game has ended).
    conditional: ConditionalSection,
}

/// The key the game page's board is kept rendered under: the game, its ply and the ply
/// shown (moves are never taken back, so these name the position and whether it is the
/// live one), whether the viewer may move, their colour, the language and the query
/// (the view and the selection so far). `None` for a query too long to be worth keeping,
/// so a flood of odd queries cannot fill the store with large keys.
fn board_key(
    detail: &GameDetail,
    shown_ply: u32,
    options: &BoardOptions,
    t: &Tr,
) -> Option<String> {
    const MAX_QUERY: usize = 96;
    let query_len: usize = options
        .query
        .iter()
        .map(|(k, v)| k.len() + v.len() + 2)
        .sum();
    if query_len > MAX_QUERY {
        return None;
    }
    let mut key = format!(
        "{}/{}/{shown_ply}/{}{}/{}?",
        detail.id,
        detail.game.ply(),
        u8::from(options.interactive),
        match options.viewer {
            Some(Color::White) => "w",
            Some(Color::Black) => "b",
            None => "-",
        },
        t.lang.code(),
    );
    for (name, value) in &options.query {
        key.push_str(name);
        key.push('=');
        key.push_str(value);
        key.push('&');
    }
    Some(key)
}

/// The game page's board as HTML: kept under `key` for a second (a game watched by many,
/// or a page reloaded, renders it once), else built and rendered, and kept.
fn rendered_board(
    state: &Services,
    key: Option<String>,
    shown: &AnyGame,
    options: &BoardOptions,
    t: &Tr,
) -> Result<Arc<String>, AppError> {
    let boards = &state.caches.boards;
    let ticket = match key.as_deref().map(|key| boards.get(key)) {
        Some(Ok(html)) => return Ok(html),
        Some(Err(ticket)) => Some(ticket),
        None => None,
    };
    let html = board::render(&board::build(shown, options, t), t).map_err(AppError::internal)?;
    let html = Arc::new(html);
    if let (Some(key), Some(ticket)) = (key, ticket) {
        boards.keep(ticket, key, html.clone());
    }
    Ok(html)
}

/// Where the page stands: the game, the position shown and who looks at it.
struct Frame<'a> {
    detail: &'a GameDetail,
    live_ply: u32,
    shown_ply: u32,
    /// The viewer's colour when they play.
    viewer: Option<Color>,
    /// `/games/{id}`.
    base: String,
    flip: bool,
}

impl<'a> Frame<'a> {
    fn new(detail: &'a GameDetail, query: &GameQuery, viewer: Option<Color>) -> Frame<'a> {
        let live_ply = detail.game.ply();
        Frame {
            detail,
            live_ply,
            shown_ply: query.ply.unwrap_or(live_ply).min(live_ply),
            viewer,
            base: format!("/games/{}", detail.id),
            flip: query.flip.is_some(),
        }
    }

    /// Whether the page shows the live position.
    fn live(&self) -> bool {
        self.shown_ply == self.live_ply
    }

    /// Whether the viewer may move on the board shown.
    fn interactive(&self) -> bool {
        self.live() && self.viewer.is_some() && self.detail.to_move() == self.viewer
    }

    /// The page showing the position after `ply` moves, in the same view.
    fn href(&self, ply: u32) -> String {
        let mut href = if ply == self.live_ply {
            self.base.clone()
        } else {
            format!("{}?ply={ply}", self.base)
        };
        if self.flip {
            href.push_str(if href.contains('?') {
                "&flip=1"
            } else {
                "?flip=1"
            });
        }
        href
    }

    /// The move played to reach the position shown.
    fn last_played(&self) -> Option<&'a rules::PlayedMove> {
        self.played(1)
    }

    /// The move `back` moves before the position shown (1: the last one played).
    fn played(&self, back: u32) -> Option<&'a rules::PlayedMove> {
        let record = self.detail.game.record();
        self.shown_ply
            .checked_sub(back)
            .and_then(|index| record.get(index as usize))
    }
}

/// The board shown, rendered (kept for a second under its [`board_key`]).
fn board_section(
    state: &Services,
    frame: &Frame<'_>,
    query: &GameQuery,
    shown: &AnyGame,
    t: &Tr,
) -> Result<Arc<String>, AppError> {
    let base = &frame.base;
    let options = BoardOptions {
        query: query.params.clone(),
        flip: frame.flip,
        attacks: query.attacks.is_some(),
        interactive: frame.interactive(),
        viewer: frame.viewer,
        base: if frame.live() {
            base.clone()
        } else {
            format!("{base}?ply={}", frame.shown_ply)
        },
        form: BoardForm {
            action: format!("{base}/move"),
            get: false,
            fields: vec![("ply".to_owned(), frame.shown_ply.to_string())],
        },
    };
    let key = board_key(frame.detail, frame.shown_ply, &options, t);
    rendered_board(state, key, shown, &options, t)
}

/// The record as numbered pairs of moves, each a link to its position.
fn move_list(frame: &Frame<'_>) -> Vec<MovePair> {
    frame
        .detail
        .game
        .record()
        .chunks(2)
        .enumerate()
        .map(|(index, pair)| {
            let entry = |offset: usize, display: &str| {
                let ply = u32::try_from(index * 2 + offset + 1).unwrap_or(u32::MAX);
                (display.to_owned(), frame.href(ply), ply == frame.shown_ply)
            };
            MovePair {
                number: index + 1,
                white: entry(0, &pair[0].display),
                black: pair.get(1).map(|played| entry(1, &played.display)),
            }
        })
        .collect()
}

/// First, previous, next and last position (a link that goes nowhere is empty).
fn replay_links(frame: &Frame<'_>) -> Vec<ReplayLink> {
    let shown = frame.shown_ply;
    let back = |ply: u32| {
        if shown > 0 {
            frame.href(ply)
        } else {
            String::new()
        }
    };
    let on = |ply: u32| {
        if frame.live() {
            String::new()
        } else {
            frame.href(ply)
        }
    };
    let link = |key, nav, href| ReplayLink { key, nav, href };
    vec![
        link("replay.first", "first", back(0)),
        link("replay.prev", "prev", back(shown.saturating_sub(1))),
        link("replay.next", "next", on(shown + 1)),
        link("replay.last", "last", on(frame.live_ply)),
    ]
}

/// The buttons in the order the page shows them, with their texts' keys. Resigning is a
/// link to a confirmation instead, so it has no button here.
const BUTTONS: [(GameAction, &str); 9] = [
    (GameAction::AcceptDraw, "action.draw_accept"),
    (GameAction::DeclineDraw, "action.draw_decline"),
    (GameAction::OfferDraw, "action.draw_offer"),
    (GameAction::ClaimDraw, "action.draw_claim"),
    (GameAction::Abort, "action.abort"),
    (GameAction::GiveTime, "action.give_time"),
    (GameAction::AcceptPause, "action.pause_accept"),
    (GameAction::DeclinePause, "action.pause_decline"),
    (GameAction::OfferPause, "action.pause_offer"),
];

/// The buttons for the actions `available` to the viewer. Offering while the opponent
/// offers accepts their offer: the accept button says so, so no offer button is shown
/// beside it.
fn action_buttons(t: &Tr, available: &[GameAction]) -> Vec<ActionButton> {
    let shown = |action: GameAction| {
        available.contains(&action)
            && match action {
                GameAction::OfferDraw => !available.contains(&GameAction::AcceptDraw),
                GameAction::OfferPause => !available.contains(&GameAction::AcceptPause),
                _ => true,
            }
    };
    BUTTONS
        .into_iter()
        .filter(|(action, _)| shown(*action))
        .map(|(action, key)| ActionButton {
            action: action.as_str(),
            text: t.get(key).to_owned(),
        })
        .collect()
}

/// Whose move it is (and that it is the viewer's), or how the game ended.
fn status_text(t: &Tr, frame: &Frame<'_>) -> String {
    let detail = frame.detail;
    if detail.status != GameStatus::Active {
        return end_text(t, detail);
    }
    let side = detail.to_move().map_or("", |c| t.get(side_key(c)));
    let text = t.fmt("game.to_move", &[("color", side)]);
    if frame.interactive() {
        format!("{text} \u{2014} {}", t.get("game.your_move"))
    } else {
        text
    }
}

/// When the player to move runs out of time, while the game goes on.
fn deadline_line(t: &Tr, zone: &LocalZone, detail: &GameDetail, now: i64) -> String {
    // Past the game's own deadline no clock matters: the game waits for its rule.
    let past = detail.game_deadline.is_some_and(|limit| limit.passed(now));
    match (detail.status, detail.deadline) {
        (GameStatus::Active, Some(deadline)) if !past => t.fmt(
            "game.deadline",
            &[
                ("when", &zone.time(deadline)),
                ("left", &time_left(t, detail.time_left_to_move(now))),
            ],
        ),
        _ => String::new(),
    }
}

/// The standing draw offer and pause request, while the game goes on.
fn offers_text(t: &Tr, detail: &GameDetail) -> String {
    if detail.status != GameStatus::Active {
        return String::new();
    }
    let draw = detail
        .draw_offer
        .map(|color| t.fmt("game.draw_offered", &[("color", t.get(color_key(color)))]));
    let pause = detail
        .pause_offer
        .map(|color| t.fmt("game.pause_offered", &[("color", t.get(side_key(color)))]));
    [draw, pause]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the script reads out when it swaps the game in: the last move (the one before a
/// forced pass), the pass and the status.
fn announce_text(t: &Tr, frame: &Frame<'_>, pass: &str, status: &str) -> String {
    let last_move = frame
        .last_played()
        .filter(|played| played.text != "pass")
        .or_else(|| frame.played(2));
    let last = last_move.map_or_else(String::new, |played| {
        t.fmt("game.announce_last", &[("move", &played.display)])
    });
    [last.as_str(), pass, status]
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The "rated", "casual" or "against the computer" words, with the engine policy (a
/// game against the computer has none to declare).
fn kind_text(t: &Tr, detail: &GameDetail) -> String {
    let key = if detail.rated {
        "lobby.rated"
    } else if detail.source == GameSource::Import {
        "game.kind.carried_over"
    } else if detail.computer().is_some() {
        "computer.game_kind"
    } else {
        "lobby.casual"
    };
    if detail.computer().is_some() {
        t.get(key).to_owned()
    } else {
        with_policy(t, t.get(key), detail.engines_allowed)
    }
}

/// The tournament's page for a tournament game; else empty.
fn tournament_href(detail: &GameDetail) -> String {
    match (detail.source, &detail.source_id) {
        (GameSource::Tournament, Some(tournament)) => format!("/tournaments/{tournament}"),
        _ => String::new(),
    }
}

/// The analysis board from the position shown.
fn analysis_href(frame: &Frame<'_>) -> String {
    if frame.live() {
        format!("{}/analysis", frame.base)
    } else {
        format!("{}/analysis?ply={}", frame.base, frame.shown_ply)
    }
}

/// The replay banner, when the page shows an earlier position than the live one.
fn viewing_banner(t: &Tr, frame: &Frame<'_>) -> String {
    if frame.live() {
        String::new()
    } else {
        let record = frame.detail.game.record();
        viewing_text(t, record, frame.shown_ply, frame.live_ply)
    }
}

/// The text of `key` when `shown`, else empty.
fn text_if(t: &Tr, shown: bool, key: &str) -> String {
    if shown {
        t.get(key).to_owned()
    } else {
        String::new()
    }
}

/// The game page for `ctx`'s viewer, showing `query`'s position and view, with
/// `message` (a refused move or action, else empty) and the viewer's `extras`.
pub(super) fn build_page(
    state: &Services,
    ctx: Ctx,
    detail: &GameDetail,
    query: &GameQuery,
    message: String,
    extras: ViewerExtras,
) -> Result<GamePage, AppError> {
    let zone = ctx.zone.clone();
    let t = ctx.t;
    let now = state.now();
    let viewer = ctx.user.as_ref().and_then(|user| detail.color_of(&user.id));
    let frame = Frame::new(detail, query, viewer);
    let shown = position_at(detail, frame.shown_ply)?;
    let available = available(detail, ctx.user.as_ref(), now);
    let may_resign = available.contains(&GameAction::Resign);
    let status = status_text(&t, &frame);
    let pass = pass_text(&t, &shown, frame.last_played());
    let (base, shown_ply) = (&frame.base, frame.shown_ply);
    let rating = |color: Color| {
        let side = |change: domain::ratings::RatingChange| color.fold(change.white, change.black);
        detail
            .rating_change
            .as_deref()
            .map(|&change| change_text(side(change)))
            .unwrap_or_default()
    };
    Ok(GamePage {
        id: detail.id.clone(),
        tournament_href: tournament_href(detail),
        variant_id: detail.variant().as_str(),
        variant: t.get(&variant_key(detail.variant())).to_owned(),
        white: detail.white.clone(),
        black: detail.black.clone(),
        white_badge: computer_badge(&t, computer::level_of(&detail.white_id, detail.white_kind)),
        black_badge: computer_badge(&t, computer::level_of(&detail.black_id, detail.black_kind)),
        white_bot: detail.white_kind.is_bot(),
        black_bot: detail.black_kind.is_bot(),
        announce: announce_text(&t, &frame, &pass, &status),
        status,
        deadline: deadline_line(&t, &zone, detail, now),
        time_control: clock_text(&t, detail.time_control, detail.stop_rules),
        serial_timeout: text_if(&t, detail.serial_timeout, "game.serial_timeout"),
        game_deadline: game_deadline_text(&t, &zone, detail, now),
        clocks: clock_lines(&t, &zone, detail, now),
        scores: scores_text(&t, &shown),
        draw_offer: offers_text(&t, detail),
        message,
        moves: move_list(&frame),
        board: board_section(state, &frame, query, &shown, &t)?,
        replay: replay_links(&frame),
        viewing: viewing_banner(&t, &frame),
        live_href: frame.href(frame.live_ply),
        analysis_href: analysis_href(&frame),
        review_href: if detail.status == GameStatus::Finished {
            format!("/games/{}/review", detail.id)
        } else {
            String::new()
        },
        actions: action_buttons(&t, &available),
        confirm_resign: query.confirm.as_deref() == Some("resign") && may_resign,
        resign_href: if may_resign {
            format!("{base}?confirm=resign")
        } else {
            String::new()
        },
        live_ply: frame.live_ply,
        live_state: detail.event().state_id(),
        record_href: format!("{base}/record"),
        svg_href: format!("{base}.svg?ply={shown_ply}"),
        kind: kind_text(&t, detail),
        white_rating: rating(Color::White),
        black_rating: rating(Color::Black),
        next_game: extras.next_game.unwrap_or_default(),
        confirm_moves: ctx.user.is_some() && extras.play.confirm_moves,
        your_turn: viewer.is_some() && detail.to_move() == viewer,
        pass,
        chat: extras.chat,
        conditional: extras.conditional,
        ctx,
    })
}
