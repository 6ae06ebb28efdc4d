//! The repertoire page (`/repertoire`): the player's lines by variant, start and colour,
//! with a form to add one (typed as a conditional line is, or pasted as a record) and a
//! button to delete each; and the game page's forms that turn the player's repertoire
//! on or off in a game and add a finished game's moves to it. See
//! docs/conditional-moves.md.

use askama::Template;
use axum::{extract::State, response::Response};
use serde::Deserialize;

use crate::{
    Ctx, Form,
    format::{VariantLink, chosen_start_text, variant_key, variant_links},
    render, see_other,
};
use domain::{
    Services,
    repertoire::{self, MAX_REPERTOIRE_LINES, MAX_REPERTOIRE_PLIES, NewRepertoireLine},
};
use edge::extract::{Path, Query};
use rules::{Color, numbered_line};
use vocab::{error::AppError, i18n::Tr};

/// The lines of one variant, start and colour.
#[derive(Debug, Clone)]
struct Branch {
    title: String,
    /// (id, the moves numbered as a record numbers them).
    lines: Vec<(String, String)>,
}

#[derive(Template)]
#[template(path = "repertoire.html")]
struct RepertoirePage {
    ctx: Ctx,
    branches: Vec<Branch>,
    count: usize,
    max_lines: i64,
    /// How to write a line.
    line_hint: String,
    variants: Vec<VariantLink>,
    /// (value, label, chosen).
    colors: Vec<(&'static str, String, bool)>,
    start: String,
    line: String,
    error: String,
    added: bool,
}

/// The add form, as sent.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct LineForm {
    #[serde(default)]
    variant: String,
    #[serde(default)]
    color: String,
    #[serde(default)]
    start: String,
    #[serde(default)]
    line: String,
}

/// The page's query: `added=1` after a line was added.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct PageQuery {
    added: Option<String>,
}

fn color_name(t: &Tr, color: Color) -> String {
    t.get(match color {
        Color::White => "color.choice.white",
        Color::Black => "color.choice.black",
    })
    .to_owned()
}

async fn page_of(
    state: &Services,
    ctx: Ctx,
    form: &LineForm,
    error: String,
) -> Result<RepertoirePage, AppError> {
    let user = ctx.require_user()?.clone();
    let lines = repertoire::list(state, &user).await?;
    let t = &ctx.t;
    let mut branches: Vec<Branch> = Vec::new();
    let mut last = None;
    for line in &lines {
        let key = (line.variant, line.start.clone(), line.color);
        if last.as_ref() != Some(&key) {
            let mut title = format!(
                "{} · {}",
                t.get(&variant_key(line.variant)),
                color_name(t, line.color)
            );
            let start = chosen_start_text(t, line.start.as_ref());
            if !start.is_empty() {
                title.push_str(" · ");
                title.push_str(&start);
            }
            branches.push(Branch {
                title,
                lines: Vec::new(),
            });
            last = Some(key);
        }
        if let Some(branch) = branches.last_mut() {
            branch.lines.push((
                line.id.clone(),
                numbered_line(0, line.display.iter().map(String::as_str)),
            ));
        }
    }
    let chosen = if form.color == "black" {
        "black"
    } else {
        "white"
    };
    let colors = [("white", Color::White), ("black", Color::Black)]
        .into_iter()
        .map(|(value, color)| (value, color_name(t, color), value == chosen))
        .collect();
    let variants = variant_links(
        t,
        if form.variant.is_empty() {
            rules::Variant::DEFAULT.as_str()
        } else {
            &form.variant
        },
    );
    Ok(RepertoirePage {
        count: lines.len(),
        branches,
        max_lines: MAX_REPERTOIRE_LINES,
        line_hint: t.fmt(
            "repertoire.line_hint",
            &[("plies", &MAX_REPERTOIRE_PLIES.to_string())],
        ),
        variants,
        colors,
        start: form.start.clone(),
        line: form.line.clone(),
        error,
        added: false,
        ctx,
    })
}

/// `GET /repertoire`.
pub(crate) async fn page(
    State(state): State<Services>,
    ctx: Ctx,
    Query(query): Query<PageQuery>,
) -> Result<Response, AppError> {
    let mut page = page_of(&state, ctx, &LineForm::default(), String::new()).await?;
    page.added = query.added.is_some();
    render(&page)
}

/// `POST /repertoire`: adds a line, back to the page; a refused line is shown on the
/// form with what was typed.
pub(crate) async fn add(
    State(state): State<Services>,
    ctx: Ctx,
    Form(form): Form<LineForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let added = async {
        let variant = edge::field::variant(&form.variant)?;
        let color = match form.color.as_str() {
            "white" => Color::White,
            "black" => Color::Black,
            _ => {
                return Err(AppError::invalid(
                    "invalid_color",
                    "a repertoire line is for White or for Black",
                ));
            }
        };
        let start = domain::challenges::read_start(variant, &form.start)?;
        let request = NewRepertoireLine {
            variant,
            color,
            start,
            text: &form.line,
        };
        repertoire::add(&state, &user, &request).await
    };
    match added.await {
        Ok(_) => Ok(see_other("/repertoire?added=1#lines")),
        Err(error) if crate::shown_on_form(&error) => {
            let text = crate::refusal_text(&ctx.t, &error);
            let page = page_of(&state, ctx, &form, text).await?;
            crate::render_refused(&page, &error)
        }
        Err(error) => Err(error),
    }
}

/// `POST /repertoire/{id}/delete`.
pub(crate) async fn delete(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    repertoire::delete(&state, &user, &id).await?;
    Ok(see_other("/repertoire#lines"))
}

/// The game page's switch: `on=1` or `on=0`.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct SwitchForm {
    #[serde(default)]
    on: String,
}

/// `POST /games/{id}/repertoire`: turns the viewer's repertoire on or off in the game,
/// back to the game.
pub(crate) async fn switch(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
    Form(form): Form<SwitchForm>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    let on = match form.on.as_str() {
        "1" => true,
        "0" => false,
        _ => {
            return Err(AppError::invalid(
                "invalid_switch",
                "the repertoire is turned on (`1`) or off (`0`)",
            ));
        }
    };
    repertoire::set_in_game(&state, &user, &id, on).await?;
    Ok(see_other(&format!("/games/{id}#conditional")))
}

/// `POST /games/{id}/repertoire-line`: adds the finished game's moves to the viewer's
/// repertoire, on to the repertoire page; a refusal is shown there.
pub(crate) async fn from_game(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    match repertoire::add_from_game(&state, &user, &id).await {
        Ok(_) => Ok(see_other("/repertoire?added=1#lines")),
        Err(error) if crate::shown_on_form(&error) => {
            let text = crate::refusal_text(&ctx.t, &error);
            let page = page_of(&state, ctx, &LineForm::default(), text).await?;
            crate::render_refused(&page, &error)
        }
        Err(error) => Err(error),
    }
}
