//! The JSON the Lichess-shaped API sends, with Lichess's field names (camelCase,
//! `gameFull`, `gameState`, `challenge`, …), built from this server's games and
//! challenges. A few fields are this server's own, for what Lichess's clients compute
//! themselves in chess only: `legalMoves` (every variant's legal moves, in this server's
//! move texts) and `setup` (Knight Fight's numbers).

use rules::{Color, GameResult, Variant};
use serde::Serialize;
use utoipa::ToSchema;

use domain::{
    accounts::AccountKind,
    bots::{ChallengeView, GameView, PlayerCard},
    challenges::ColorChoice,
    game::{
        self, EndReason, GameDetail, GameSource, GameStatus, TimeControl, time_control::bank_index,
    },
};

/// What clients are told for a side without a clock: Lichess's "unlimited", the largest
/// 32-bit number of milliseconds.
pub const UNLIMITED_MS: i64 = 2_147_483_647;

/// `{"ok": true}`: done.
#[derive(Debug, Serialize, ToSchema)]
pub struct OkJson {
    /// Always true.
    pub ok: bool,
}

impl OkJson {
    /// Done.
    pub const DONE: OkJson = OkJson { ok: true };
}

/// A variant: Lichess's key for chess (`standard`), this server's ids for the others.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct VariantJson {
    /// `standard`, `reversi-6x6`, `reversi-8x8`, `reversi-10x10`, `chess-reversi` or
    /// `knight-fight`.
    pub key: String,
    /// Its name (`Standard`, `Reversi 8x8`, …).
    pub name: String,
    /// A short name.
    pub short: String,
}

/// The key of `variant` in this API: `standard` for chess, else its id.
#[must_use]
pub const fn variant_key(variant: Variant) -> &'static str {
    match variant {
        Variant::Chess => "standard",
        other => other.as_str(),
    }
}

/// Every variant key this API takes, in [`Variant::ALL`] order.
#[must_use]
pub fn variant_keys() -> Vec<&'static str> {
    Variant::ALL.into_iter().map(variant_key).collect()
}

/// The variant a key names: `standard` (or `chess`) and this server's ids.
#[must_use]
pub fn parse_variant_key(key: &str) -> Option<Variant> {
    match key {
        "standard" | "chess" | "fromPosition" => Some(Variant::Chess),
        other => other.parse().ok(),
    }
}

/// `variant` as this API shows it.
#[must_use]
pub fn variant_json(variant: Variant) -> VariantJson {
    let (name, short) = match variant {
        Variant::Chess => ("Standard", "Std"),
        Variant::Chess960 => (variant.name(), "960"),
        Variant::Reversi6x6 => (variant.name(), "R6"),
        Variant::Reversi8x8 => (variant.name(), "R8"),
        Variant::Reversi10x10 => (variant.name(), "R10"),
        Variant::ChessReversi => (variant.name(), "CR"),
        Variant::KnightFight => (variant.name(), "KF"),
    };
    VariantJson {
        key: variant_key(variant).to_owned(),
        name: name.to_owned(),
        short: short.to_owned(),
    }
}

/// A user's id in this API: their name in lower case, as Lichess's ids are (names are
/// unique whatever their case).
#[must_use]
pub fn user_id(username: &str) -> String {
    username.to_lowercase()
}

/// An account's title: `BOT` for a bot's, none otherwise.
#[must_use]
pub fn title(kind: AccountKind) -> Option<String> {
    match kind {
        AccountKind::Bot => Some("BOT".to_owned()),
        AccountKind::Human | AccountKind::Computer => None,
    }
}

/// A player of a game (`white`, `black` of `gameFull`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GamePlayerJson {
    /// The user's id (their name in lower case).
    pub id: String,
    /// Their name.
    pub name: String,
    /// `BOT` for a bot account, else null.
    pub title: Option<String>,
    /// Their rating in the variant.
    pub rating: i64,
    /// Whether the rating is provisional.
    pub provisional: bool,
}

fn player_json(card: &PlayerCard) -> GamePlayerJson {
    GamePlayerJson {
        id: user_id(&card.username),
        name: card.username.clone(),
        title: title(card.kind),
        rating: card.rating,
        provisional: card.provisional,
    }
}

/// Lichess's name and number of a game's status.
#[must_use]
pub fn status_of(detail: &GameDetail) -> (&'static str, i64) {
    match (detail.status, detail.end_reason) {
        (GameStatus::Active, _) => ("started", 20),
        (GameStatus::Aborted, _) => ("aborted", 25),
        (GameStatus::Finished, Some(EndReason::Resignation)) => ("resign", 31),
        (GameStatus::Finished, Some(EndReason::Timeout)) => ("outoftime", 35),
        (GameStatus::Finished, Some(EndReason::Agreement | EndReason::Claim(_))) => ("draw", 34),
        // Decided at the game's own deadline: Lichess has no such status.
        (GameStatus::Finished, Some(EndReason::Adjudicated)) => match detail.result {
            Some(GameResult::Draw) => ("draw", 34),
            _ => ("unknownFinish", 38),
        },
        (GameStatus::Finished, Some(EndReason::Board(reason))) => match reason {
            rules::EndReason::Checkmate => ("mate", 30),
            rules::EndReason::Stalemate => ("stalemate", 32),
            rules::EndReason::InsufficientMaterial
            | rules::EndReason::FivefoldRepetition
            | rules::EndReason::SeventyFiveMoveRule => ("draw", 34),
            rules::EndReason::BoardFull
            | rules::EndReason::NoMoves
            | rules::EndReason::AllPlaced
            | rules::EndReason::NoLegalPlacement => ("variantEnd", 60),
        },
        (GameStatus::Finished, Some(EndReason::Aborted) | None) => ("unknownFinish", 38),
    }
}

/// The winner's colour of a finished game, if it was won.
#[must_use]
pub fn winner_of(detail: &GameDetail) -> Option<String> {
    match (detail.status, detail.result) {
        (GameStatus::Finished, Some(GameResult::WhiteWins)) => Some("white".to_owned()),
        (GameStatus::Finished, Some(GameResult::BlackWins)) => Some("black".to_owned()),
        _ => None,
    }
}

/// `color`'s time in milliseconds at `now`: the running clock of the player to move,
/// the time a turn starts with for the other; [`UNLIMITED_MS`] without a clock.
fn clock_ms(detail: &GameDetail, color: Color, now: i64) -> i64 {
    let left = detail.clock_of(color, now).left.or_else(|| {
        detail
            .time_control
            .turn_time(detail.banks[bank_index(color)])
    });
    left.map_or(UNLIMITED_MS, |secs| secs.max(0).saturating_mul(1000))
}

/// What a time bank gains per move, in milliseconds (0 for the other controls).
fn increment_ms(control: TimeControl) -> i64 {
    match control {
        TimeControl::Bank { increment_days, .. } => increment_days * vocab::ids::DAY * 1000,
        TimeControl::PerMove { .. } | TimeControl::Untimed => 0,
    }
}

/// The state of a game (`gameState`): the moves and clocks, the status, draw offers.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GameStateJson {
    /// `gameState`.
    #[serde(rename = "type")]
    #[schema(example = "gameState")]
    pub kind: String,
    /// Every move so far, separated by spaces: UCI for chess, this server's move texts
    /// for the other variants (Reversi's forced passes are `pass`).
    pub moves: String,
    /// White's time in milliseconds (2147483647: no clock).
    pub wtime: i64,
    /// Black's time in milliseconds.
    pub btime: i64,
    /// What White's time bank gains per move, in milliseconds.
    pub winc: i64,
    /// What Black's time bank gains per move, in milliseconds.
    pub binc: i64,
    /// `started`, `aborted`, `mate`, `resign`, `stalemate`, `draw`, `outoftime`,
    /// `variantEnd` (the other variants' ends on the board), `unknownFinish`.
    pub status: String,
    /// The winner's colour, once a game is won.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    /// True while White offers a draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wdraw: Option<bool>,
    /// True while Black offers a draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bdraw: Option<bool>,
    /// This server's: the legal moves of the side to move, separated by spaces (empty
    /// once the game is over).
    pub legal_moves: String,
}

/// `detail`'s state at `now`.
#[must_use]
pub fn game_state(detail: &GameDetail, now: i64) -> GameStateJson {
    let offers = |color: Color| (detail.draw_offer == Some(color)).then_some(true);
    let increment = increment_ms(detail.time_control);
    GameStateJson {
        kind: "gameState".to_owned(),
        moves: detail.game.moves().collect::<Vec<_>>().join(" "),
        wtime: clock_ms(detail, Color::White, now),
        btime: clock_ms(detail, Color::Black, now),
        winc: increment,
        binc: increment,
        status: status_of(detail).0.to_owned(),
        winner: winner_of(detail),
        wdraw: offers(Color::White),
        bdraw: offers(Color::Black),
        legal_moves: detail.legal_moves().join(" "),
    }
}

/// A perf's name.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PerfNameJson {
    /// `Correspondence` for chess, the variant's name for the others.
    pub name: String,
}

fn perf_name(variant: Variant) -> String {
    match variant {
        Variant::Chess => "Correspondence".to_owned(),
        other => other.name().to_owned(),
    }
}

fn perf_key(variant: Variant) -> String {
    match variant {
        Variant::Chess => "correspondence".to_owned(),
        other => other.as_str().to_owned(),
    }
}

/// The days per turn of a time control, for the fields that show it.
fn days_per_turn(control: TimeControl) -> Option<i64> {
    match control {
        TimeControl::PerMove { days, .. } => Some(days),
        TimeControl::Bank { initial_days, .. } => Some(initial_days),
        TimeControl::Untimed => None,
    }
}

/// A whole game (`gameFull`), the first line of a game stream.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GameFullJson {
    /// `gameFull`.
    #[serde(rename = "type")]
    #[schema(example = "gameFull")]
    pub kind: String,
    /// The game's id.
    pub id: String,
    /// The variant.
    pub variant: VariantJson,
    /// Always `correspondence`.
    pub speed: String,
    /// The rating category.
    pub perf: PerfNameJson,
    /// Rated or casual.
    pub rated: bool,
    /// When the game began (milliseconds since 1970).
    pub created_at: i64,
    /// White.
    pub white: GamePlayerJson,
    /// Black.
    pub black: GamePlayerJson,
    /// `startpos` where the game starts from its variant's usual position, else the start
    /// position's FEN (a Chess960 game's).
    pub initial_fen: String,
    /// The state now.
    pub state: GameStateJson,
    /// The days per move (a time bank's initial days); absent without a clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub days_per_turn: Option<i64>,
    /// This server's: the setup the game was created with, Knight Fight's numbers
    /// (`{"numbers": {"a1": 57, …}}`) or Chess960's start number (`{"start": 518}`);
    /// absent for the other variants.
    #[serde(skip_serializing_if = "rules::Setup::is_standard")]
    #[schema(value_type = Option<Object>)]
    pub setup: rules::Setup,
}

/// `view`'s game whole, at `now`.
#[must_use]
pub fn game_full(view: &GameView, now: i64) -> GameFullJson {
    let detail = &view.detail;
    GameFullJson {
        kind: "gameFull".to_owned(),
        id: detail.id.clone(),
        variant: variant_json(detail.variant()),
        speed: "correspondence".to_owned(),
        perf: PerfNameJson {
            name: perf_name(detail.variant()),
        },
        rated: detail.rated,
        created_at: detail.created_at.saturating_mul(1000),
        white: player_json(&view.white),
        black: player_json(&view.black),
        initial_fen: detail
            .game
            .start_fen()
            .unwrap_or_else(|| "startpos".to_owned()),
        state: game_state(detail, now),
        days_per_turn: days_per_turn(detail.time_control),
        setup: detail.game.setup().clone(),
    }
}

/// A game's status with Lichess's number.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GameStatusJson {
    /// 20 started, 25 aborted, 30 mate, 31 resign, 32 stalemate, 34 draw, 35 outoftime,
    /// 38 unknownFinish, 60 variantEnd.
    pub id: i64,
    /// Its name (see `gameState.status`).
    pub name: String,
}

/// The opponent of a game, in a `gameStart` or `gameFinish`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OpponentJson {
    /// Their id (name in lower case).
    pub id: String,
    /// Their name.
    pub username: String,
    /// Their rating in the variant.
    pub rating: i64,
}

/// Which APIs may play a game.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CompatJson {
    /// The bot API may.
    pub bot: bool,
    /// The board API may.
    pub board: bool,
}

const COMPAT: CompatJson = CompatJson {
    bot: true,
    board: true,
};

/// A game as the event stream tells of it (`gameStart`, `gameFinish`), from one
/// player's side.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GameEventInfoJson {
    /// The game's id.
    pub id: String,
    /// The game's id again (Lichess's `gameId`).
    pub game_id: String,
    /// The game's id again (Lichess's `fullId`; this server has no per-player ids).
    pub full_id: String,
    /// The colour this player plays.
    pub color: String,
    /// Chess only: the position now, as FEN.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The last move played (empty before the first).
    pub last_move: String,
    /// `friend` (an accepted challenge), `ai`, `tournament`.
    pub source: String,
    /// The game's status.
    pub status: GameStatusJson,
    /// The variant.
    pub variant: VariantJson,
    /// Always `correspondence`.
    pub speed: String,
    /// The rating category.
    pub perf: String,
    /// Rated or casual.
    pub rated: bool,
    /// Whether this player has moved.
    pub has_moved: bool,
    /// The other player.
    pub opponent: OpponentJson,
    /// Whether it is this player's move.
    pub is_my_turn: bool,
    /// While this player's clock runs: their seconds left.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seconds_left: Option<i64>,
    /// Which APIs may play it.
    pub compat: CompatJson,
    /// Once won: the winner's colour.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
}

/// `view`'s game as `user_id` (a player) sees it at `now`; `None` if they do not play.
#[must_use]
pub fn game_event_info(view: &GameView, user_id: &str, now: i64) -> Option<GameEventInfoJson> {
    let detail = &view.detail;
    let color = detail.color_of(user_id)?;
    let opponent = match color {
        Color::White => &view.black,
        Color::Black => &view.white,
    };
    let (white_moves, black_moves) = game::moves_by_side(detail);
    let (status, status_id) = status_of(detail);
    Some(GameEventInfoJson {
        id: detail.id.clone(),
        game_id: detail.id.clone(),
        full_id: detail.id.clone(),
        color: color.as_str().to_owned(),
        fen: detail.game.fen(),
        last_move: detail
            .game
            .record()
            .last()
            .map(|played| played.text.clone())
            .unwrap_or_default(),
        source: match detail.source {
            GameSource::Computer => "ai",
            GameSource::Tournament => "tournament",
            GameSource::Challenge | GameSource::Rematch => "friend",
            GameSource::Import => "import",
        }
        .to_owned(),
        status: GameStatusJson {
            id: status_id,
            name: status.to_owned(),
        },
        variant: variant_json(detail.variant()),
        speed: "correspondence".to_owned(),
        perf: perf_key(detail.variant()),
        rated: detail.rated,
        has_moved: match color {
            Color::White => white_moves > 0,
            Color::Black => black_moves > 0,
        },
        opponent: OpponentJson {
            id: user_id_of(opponent),
            username: opponent.username.clone(),
            rating: opponent.rating,
        },
        is_my_turn: detail.to_move() == Some(color),
        seconds_left: detail
            .clock_of(color, now)
            .left
            .filter(|_| detail.status == GameStatus::Active && detail.to_move() == Some(color)),
        compat: COMPAT,
        winner: winner_of(detail),
    })
}

fn user_id_of(card: &PlayerCard) -> String {
    user_id(&card.username)
}

/// A `gameStart` or `gameFinish` line of the event stream.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GameEventLine {
    /// `gameStart` or `gameFinish`.
    #[serde(rename = "type")]
    #[schema(example = "gameStart")]
    pub kind: String,
    /// The game.
    pub game: GameEventInfoJson,
}

/// A player of a challenge.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChallengeUserJson {
    /// Their id (name in lower case).
    pub id: String,
    /// Their name.
    pub name: String,
    /// `BOT` for a bot account, else null.
    pub title: Option<String>,
    /// Their rating in the challenge's variant.
    pub rating: i64,
    /// Whether that rating is provisional.
    pub provisional: bool,
}

fn challenge_user(card: &PlayerCard) -> ChallengeUserJson {
    ChallengeUserJson {
        id: user_id(&card.username),
        name: card.username.clone(),
        title: title(card.kind),
        rating: card.rating,
        provisional: card.provisional,
    }
}

/// A challenge's time control.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimeControlJson {
    /// `correspondence` or `unlimited`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Correspondence: the days per move (a time bank's initial days).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub days_per_turn: Option<i64>,
}

/// A perf: its icon and name.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PerfJson {
    /// An icon (empty: this server has none).
    pub icon: String,
    /// `Correspondence` for chess, the variant's name for the others.
    pub name: String,
}

/// A challenge.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChallengeJson {
    /// Its id (the game it becomes has an id of its own).
    pub id: String,
    /// Where people see it.
    pub url: String,
    /// `created` (open), `accepted`, `canceled` or `declined`.
    pub status: String,
    /// Who made it.
    pub challenger: ChallengeUserJson,
    /// Who it is addressed to; null for a challenge open to anyone.
    pub dest_user: Option<ChallengeUserJson>,
    /// The variant.
    pub variant: VariantJson,
    /// Rated or casual.
    pub rated: bool,
    /// Always `correspondence`.
    pub speed: String,
    /// The time control.
    pub time_control: TimeControlJson,
    /// The challenger's colour: `white`, `black` or `random`.
    pub color: String,
    /// The challenger's colour when it is fixed (absent for `random`, drawn when the
    /// challenge is accepted).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub final_color: Option<String>,
    /// The rating category.
    pub perf: PerfJson,
    /// From the reader's side: `in` (addressed to them) or `out` (theirs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub direction: Option<String>,
    /// Declined: why, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decline_reason: Option<String>,
    /// Declined: why, as a key (`generic`, `later`, `tooFast`, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decline_reason_key: Option<String>,
    /// The game's start as FEN where the challenge chose one (a chess position, a
    /// Chess960 start); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub initial_fen: Option<String>,
}

/// The words for a decline reason's key.
#[must_use]
pub fn decline_reason_text(key: &str) -> &'static str {
    match key {
        "later" => "Not now: please ask again later.",
        "tooFast" => "This time control is too fast for me.",
        "tooSlow" => "This time control is too slow for me.",
        "timeControl" => "I do not play this time control.",
        "rated" => "Please send a rated challenge.",
        "casual" => "Please send a casual challenge.",
        "standard" => "I play only standard chess at the moment.",
        "variant" => "I do not play this variant at the moment.",
        "noBot" => "I do not play bots.",
        "onlyBot" => "I play only bots.",
        _ => "I am not taking challenges at the moment.",
    }
}

/// `view` as `reader` (a user id; `None` for no direction) sees it; `decline_reason` the
/// key of why it was declined. `site` is the server's public URL.
#[must_use]
pub fn challenge_json(
    view: &ChallengeView,
    reader: Option<&str>,
    decline_reason: Option<&str>,
    site: &str,
) -> ChallengeJson {
    let challenge = &view.challenge;
    let status = match challenge.status.as_str() {
        "open" => "created",
        "cancelled" => "canceled",
        other => other,
    };
    let time_control = TimeControlJson {
        kind: if challenge.time_control == TimeControl::Untimed {
            "unlimited"
        } else {
            "correspondence"
        }
        .to_owned(),
        days_per_turn: days_per_turn(challenge.time_control),
    };
    ChallengeJson {
        id: challenge.id.clone(),
        url: format!("{site}/lobby"),
        status: status.to_owned(),
        challenger: challenge_user(&view.challenger),
        dest_user: view.opponent.as_ref().map(challenge_user),
        variant: variant_json(challenge.variant),
        rated: challenge.rated,
        speed: "correspondence".to_owned(),
        time_control,
        color: challenge.color.as_str().to_owned(),
        final_color: match challenge.color {
            ColorChoice::White => Some("white".to_owned()),
            ColorChoice::Black => Some("black".to_owned()),
            ColorChoice::Random => None,
        },
        perf: PerfJson {
            icon: String::new(),
            name: perf_name(challenge.variant),
        },
        direction: reader.map(|reader| {
            if reader == view.challenger.user_id {
                "out"
            } else {
                "in"
            }
            .to_owned()
        }),
        decline_reason: decline_reason.map(|key| decline_reason_text(key).to_owned()),
        decline_reason_key: decline_reason.map(str::to_owned),
        initial_fen: challenge.start.as_ref().and_then(rules::Setup::start_fen),
    }
}

/// A `challenge`, `challengeCanceled` or `challengeDeclined` line of the event stream.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChallengeEventLine {
    /// `challenge`, `challengeCanceled` or `challengeDeclined`.
    #[serde(rename = "type")]
    #[schema(example = "challenge")]
    pub kind: String,
    /// The challenge.
    pub challenge: ChallengeJson,
    /// Which APIs may play its game.
    pub compat: CompatJson,
}

impl ChallengeEventLine {
    /// A line of `kind` about `challenge`.
    #[must_use]
    pub fn new(kind: &str, challenge: ChallengeJson) -> ChallengeEventLine {
        ChallengeEventLine {
            kind: kind.to_owned(),
            challenge,
            compat: COMPAT,
        }
    }
}

/// A line of the event stream (an empty line now and then keeps it open).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(untagged)]
pub enum IncomingEvent {
    /// `gameStart` or `gameFinish`.
    Game(GameEventLine),
    /// `challenge`, `challengeCanceled` or `challengeDeclined`.
    Challenge(ChallengeEventLine),
}

/// A new line in the game's chat (`chatLine`): this server has one chat per game, between
/// its players, so its room is always `player`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChatLineJson {
    /// `chatLine`.
    #[serde(rename = "type")]
    #[schema(example = "chatLine")]
    pub kind: &'static str,
    /// `player`.
    #[schema(example = "player")]
    pub room: &'static str,
    /// Who wrote it.
    pub username: String,
    /// The text.
    pub text: String,
}

impl ChatLineJson {
    /// The stream line of `line`.
    #[must_use]
    pub fn new(line: &domain::chat::ChatLine) -> ChatLineJson {
        ChatLineJson {
            kind: "chatLine",
            room: "player",
            username: line.author.clone(),
            text: line.text.clone(),
        }
    }
}

/// A line of a game's chat as `GET …/chat` lists it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChatMessageJson {
    /// Who wrote it.
    pub user: String,
    /// The text.
    pub text: String,
}

/// A line of a game stream: `gameFull` first, then `gameState` after each change and
/// `chatLine` for each new chat line (an empty line now and then keeps it open).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(untagged)]
pub enum GameStreamLine {
    /// The whole game, first.
    Full(Box<GameFullJson>),
    /// The state after a change.
    State(GameStateJson),
    /// A new chat line.
    Chat(ChatLineJson),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_keys_read_back() {
        for variant in Variant::ALL {
            assert_eq!(parse_variant_key(variant_key(variant)), Some(variant));
            assert_eq!(parse_variant_key(variant.as_str()), Some(variant));
        }
        assert_eq!(variant_key(Variant::Chess), "standard");
        assert_eq!(parse_variant_key("chess960"), Some(Variant::Chess960));
        assert_eq!(variant_json(Variant::Chess960).short, "960");
        assert_eq!(parse_variant_key("crazyhouse"), None);
        assert_eq!(variant_json(Variant::Reversi6x6).key, "reversi-6x6");
    }

    #[test]
    fn every_decline_reason_has_words() {
        for key in domain::challenges::DECLINE_REASONS {
            assert!(!decline_reason_text(key).is_empty());
        }
        assert_ne!(decline_reason_text("later"), decline_reason_text("generic"));
    }
}
