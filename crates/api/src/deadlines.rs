//! Games' own deadlines as the API shows them: the limit a challenge or a tournament sets,
//! a game's deadline, and how a game was decided at it.

use serde::Serialize;
use utoipa::{
    ToSchema,
    openapi::{Object, ObjectBuilder, Type, schema::SchemaType},
};

use domain::game::{Adjudication, DeadlineRule, GameDeadline, GameLimit};
use vocab::clock::rfc3339;

/// The deadline rules, as the document's enum.
pub(crate) fn deadline_rule_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(DeadlineRule::ALL.map(DeadlineRule::as_str)))
        .description(Some(
            "how a game still going at its deadline is decided: adjudicate or draw",
        ))
        .build()
}

/// The deadline rule a body may give, or null (the default, `adjudicate`).
pub(crate) fn optional_deadline_rule_schema() -> Object {
    let rules = DeadlineRule::ALL.map(|rule| serde_json::Value::from(rule.as_str()));
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .enum_values(Some(rules.into_iter().chain([serde_json::Value::Null])))
        .description(Some(
            "how a game still going at its deadline is decided: adjudicate (the default) or draw",
        ))
        .build()
}

/// The most days a game may last, and how a game still going then is decided.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameLimitDto {
    /// Days from the game's start.
    pub days: i64,
    /// `adjudicate` (the engines judge the position: a clear advantage wins, anything
    /// closer is a draw) or `draw`.
    #[schema(schema_with = deadline_rule_schema)]
    pub rule: String,
}

impl From<GameLimit> for GameLimitDto {
    fn from(limit: GameLimit) -> GameLimitDto {
        GameLimitDto {
            days: limit.days(),
            rule: limit.rule().as_str().to_owned(),
        }
    }
}

/// A game's own deadline: once it passes the game takes no more moves and is decided by
/// its rule.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameDeadlineDto {
    /// When it passes (RFC 3339).
    pub at: String,
    /// `adjudicate` or `draw`.
    #[schema(schema_with = deadline_rule_schema)]
    pub rule: String,
}

impl From<GameDeadline> for GameDeadlineDto {
    fn from(deadline: GameDeadline) -> GameDeadlineDto {
        GameDeadlineDto {
            at: rfc3339(deadline.at),
            rule: deadline.rule.as_str().to_owned(),
        }
    }
}

/// How a game was decided at its deadline.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdjudicationDto {
    /// `adjudicate` or `draw`.
    #[schema(schema_with = deadline_rule_schema)]
    pub rule: String,
    /// The search's score for `mover` in the game's units: centipawns in chess and
    /// Chess960, hundredths of a disc in Reversi, tenths of a point in Chess Reversi and
    /// Knight Fight; null when no search ran (the draw rule, or forced moves that ended
    /// the game).
    pub score: Option<i64>,
    /// Whose view `score` takes: `white` or `black`.
    pub mover: String,
    /// The moves the judgement rests on: forced moves, then the best move found.
    pub line: Vec<String>,
    /// The depth the search completed.
    pub depth: i64,
    /// Whether the search saw the game's end (a mate, an exact solve): the result is
    /// then certain, not an estimate.
    pub certain: bool,
    /// Which engine judged: `built_in` (the server's own search at its best level) or
    /// `stockfish` (chess, when the server has `STOCKFISH_PATH`); null under the draw
    /// rule.
    pub engine: Option<String>,
}

impl From<&Adjudication> for AdjudicationDto {
    fn from(adjudication: &Adjudication) -> AdjudicationDto {
        AdjudicationDto {
            rule: adjudication.rule.as_str().to_owned(),
            score: adjudication.score,
            mover: adjudication.mover.as_str().to_owned(),
            line: adjudication.line.clone(),
            depth: adjudication.depth,
            certain: adjudication.certain,
            engine: adjudication.judge.map(|judge| judge.as_str().to_owned()),
        }
    }
}
