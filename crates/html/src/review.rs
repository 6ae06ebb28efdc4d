//! A game's computer review: asked for on its page once the game has ended, computed in
//! the background (`domain::jobs::reviews`), then shown as an evaluation graph and the
//! marked moves with the engine's better choice. See docs/analysis.md.

use askama::Template;
use axum::{extract::State, response::Response};
use rules::numbered_line;

use crate::{Ctx, chart, format::variant_key, render, see_other};
use domain::{
    Services,
    analysis::score_unit,
    game::{self, GameDetail, GameStatus},
    reviews::{self, Review, ReviewStatus},
};
use edge::extract::Path;
use vocab::error::AppError;

/// A marked move as the page lists it.
struct MarkedMove {
    /// "12. Nf3" or "12… e5".
    played: String,
    /// `inaccuracy`, `mistake` or `blunder`.
    mark: String,
    /// "lost 1.20 pawns; better: Nc3".
    detail: String,
}

#[derive(Template)]
#[template(path = "review.html")]
struct ReviewPage {
    ctx: Ctx,
    id: String,
    variant: String,
    white: String,
    black: String,
    /// Whether the game has ended (a game still played is not reviewed).
    ended: bool,
    /// `None`: not asked for yet.
    status: Option<&'static str>,
    /// The evaluation graph (SVG), once done.
    graph: String,
    marked: Vec<MarkedMove>,
    /// How the marks are counted, in words.
    thresholds: String,
}

/// `GET /games/{id}/review`.
pub(crate) async fn page(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let detail = game::shown(&state, &id).await?;
    let review = reviews::get(&state, &id).await?;
    render(&build(ctx, &detail, review.as_ref())?)
}

/// `POST /games/{id}/review`: asks for the review, then shows its page.
pub(crate) async fn request(
    State(state): State<Services>,
    ctx: Ctx,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let user = ctx.require_user()?.clone();
    reviews::request(&state, &user, &id).await?;
    Ok(see_other(&format!("/games/{id}/review")))
}

fn build(ctx: Ctx, detail: &GameDetail, review: Option<&Review>) -> Result<ReviewPage, AppError> {
    let t = &ctx.t;
    let family = detail.variant().family();
    let (_, unit) = score_unit(family);
    let unit = t.get(&format!("unit.{unit}")).to_owned();
    let [inaccuracy, mistake, blunder] = engine::thresholds(family);
    let thresholds = t.fmt(
        "review.thresholds",
        &[
            ("inaccuracy", &inaccuracy.to_string()),
            ("mistake", &mistake.to_string()),
            ("blunder", &blunder.to_string()),
            ("unit", &unit),
        ],
    );
    let (mut graph, mut marked) = (String::new(), Vec::new());
    if let Some(review) = review.filter(|review| review.status == ReviewStatus::Done) {
        let mut points = vec![review.white_start];
        let mut dots = Vec::new();
        for shown in review.shown_moves(detail)? {
            let line = shown.reviewed;
            let played = numbered_line(shown.index, [shown.played.as_str()]);
            points.push(line.white_after);
            if let Some(mark) = &line.mark {
                let words = t.get(&format!("review.mark.{mark}")).to_owned();
                dots.push((shown.index + 1, format!("{played}: {words}")));
                marked.push(MarkedMove {
                    detail: t.fmt(
                        "review.lost",
                        &[
                            ("loss", &format!("{:.2}", line.loss)),
                            ("unit", &unit),
                            ("better", shown.better.as_deref().unwrap_or("—")),
                        ],
                    ),
                    played,
                    mark: mark.clone(),
                });
            }
        }
        let title = t.get("review.graph_title");
        graph = chart::evaluation_graph(title, &points, engine::review_cap(family), &dots);
    }
    Ok(ReviewPage {
        id: detail.id.clone(),
        variant: t.get(&variant_key(detail.variant())).to_owned(),
        white: detail.white.clone(),
        black: detail.black.clone(),
        ended: detail.status == GameStatus::Finished,
        status: review.map(|review| review.status.as_str()),
        graph,
        marked,
        thresholds,
        ctx,
    })
}
