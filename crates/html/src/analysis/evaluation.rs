//! The engine's evaluation on the analysis board: the button that asks for it (a form
//! that posts the page's own address, so it works without the script), why it is not
//! offered, and the evaluation in words.

use engine::{Assessment, Evaluation};
use rules::{AnyGame, numbered_line};

use crate::board::side_key;
use domain::{accounts::User, analysis, game::GameDetail};
use vocab::i18n::Tr;

/// The evaluation part of the analysis page.
#[derive(Debug, Clone, Default)]
pub(super) struct EvaluationView {
    /// The form's address (the page's own): empty when no evaluation is offered.
    pub(super) action: String,
    /// Why no evaluation is offered, in words (empty when one is).
    pub(super) note: String,
    /// The evaluation asked for, once shown.
    pub(super) shown: Option<ShownEvaluation>,
}

/// An evaluation in words.
#[derive(Debug, Clone)]
pub(super) struct ShownEvaluation {
    /// Who stands better and by how much, or the end the engine sees.
    pub(super) score: String,
    /// The best line, numbered as in the game's record.
    pub(super) line: String,
    /// How deep the engine looked.
    pub(super) depth: String,
}

/// What the page offers `viewer` at `shown`: the button posting to `action`, or why not.
pub(super) fn offer(
    t: &Tr,
    detail: &GameDetail,
    viewer: Option<&User>,
    shown: &AnyGame,
    action: String,
) -> EvaluationView {
    if shown.outcome().is_some() {
        return EvaluationView::default();
    }
    let refusal = if analysis::allowed(detail).is_err() {
        Some("analysis.eval_not_allowed")
    } else if viewer.is_none() {
        Some("analysis.eval_sign_in")
    } else {
        None
    };
    match refusal {
        Some(key) => EvaluationView {
            note: t.get(key).to_owned(),
            ..EvaluationView::default()
        },
        None => EvaluationView {
            action,
            ..EvaluationView::default()
        },
    }
}

/// `evaluation` of `shown` in words.
pub(super) fn words(t: &Tr, shown: &AnyGame, evaluation: &Evaluation) -> ShownEvaluation {
    let family = shown.variant().family();
    let (_, unit) = engine::score_unit(family);
    let unit_key = format!("unit.{unit}");
    let unit = t.get(&unit_key);
    let side = |ahead: bool| {
        let color = if ahead {
            evaluation.mover
        } else {
            evaluation.mover.other()
        };
        t.get(side_key(color))
    };
    let score = match evaluation.assessment(family) {
        None => t.get("analysis.eval_forced").to_owned(),
        Some(Assessment::Ahead(value)) if value.abs() < 0.005 => {
            t.get("analysis.eval_level").to_owned()
        }
        Some(Assessment::Ahead(value)) => t.fmt(
            "analysis.eval_ahead",
            &[
                ("side", side(value > 0.0)),
                ("value", &format!("{:.2}", value.abs())),
                ("unit", unit),
            ],
        ),
        Some(Assessment::Mate(moves)) => t.fmt(
            "analysis.eval_mate",
            &[
                ("side", side(moves > 0)),
                ("moves", &moves.abs().to_string()),
            ],
        ),
        Some(Assessment::Ends(0)) => t.get("analysis.eval_draw").to_owned(),
        Some(Assessment::Ends(margin)) => t.fmt(
            "analysis.eval_wins",
            &[
                ("side", side(margin > 0)),
                ("value", &margin.abs().to_string()),
                ("unit", unit),
            ],
        ),
    };
    let mut walk = shown.clone();
    let displays: Vec<String> = evaluation
        .line
        .iter()
        .filter_map(|text| {
            walk.play(text).ok()?;
            walk.record().last().map(|played| played.display.clone())
        })
        .collect();
    let start = usize::try_from(shown.ply()).unwrap_or_default();
    ShownEvaluation {
        score,
        line: numbered_line(start, displays.iter().map(String::as_str)),
        depth: t.fmt(
            "analysis.eval_depth",
            &[
                ("depth", &evaluation.depth.to_string()),
                ("nodes", &evaluation.nodes.to_string()),
            ],
        ),
    }
}
