//! A game's record as a download: PGN for chess, plain text with the setup for the other
//! games, with the chat and the conditional lines pending at the end. Moves are numbered
//! by `rules::numbered_line`, as on every page.

use rules::{RecordFormat, numbered_line, numbered_move};
use vocab::{
    clock::{deadline_text, rfc3339},
    error::AppError,
};

use crate::{
    Services,
    accounts::user::User,
    chat::{self, ChatLine},
    game::{self, EndReason, GameDetail, GameStatus, Termination, conditional::ConditionalLine},
};

fn pgn_quote(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A chat line as a PGN comment's text: who, when and what, on one line, with nothing
/// that could end the comment early (`}`) or open another (`{`).
fn pgn_comment(line: &ChatLine) -> String {
    let text: String = line
        .text
        .chars()
        .map(|c| match c {
            '{' => '(',
            '}' => ')',
            '\n' | '\t' => ' ',
            other => other,
        })
        .collect();
    format!(
        "{{Chat {} ({}): {text}}}",
        line.author,
        deadline_text(line.created_at)
    )
}

/// A computer review's mark on a move, for the PGN: the move's index in the record, its
/// annotation glyph (`$6` inaccuracy, `$2` mistake, `$4` blunder) and a comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewNote {
    /// The move's index in the record (0 for the first move).
    pub index: usize,
    /// The annotation glyph.
    pub glyph: &'static str,
    /// The comment's text (no braces).
    pub text: String,
}

/// The review notes of `detail`'s done review, if it has one (chess only: other games'
/// records are not PGN).
async fn review_notes(state: &Services, detail: &GameDetail) -> Result<Vec<ReviewNote>, AppError> {
    if detail.variant().record_format() != RecordFormat::Pgn {
        return Ok(Vec::new());
    }
    let Some(review) = crate::reviews::get(state, &detail.id).await? else {
        return Ok(Vec::new());
    };
    let mut notes = Vec::new();
    for shown in review.shown_moves(detail)? {
        let glyph = match shown.reviewed.mark.as_deref() {
            Some("inaccuracy") => "$6",
            Some("mistake") => "$2",
            Some("blunder") => "$4",
            _ => continue,
        };
        let mark = shown.reviewed.mark.as_deref().unwrap_or_default();
        notes.push(ReviewNote {
            index: shown.index,
            glyph,
            text: format!(
                "Engine review: {mark}, lost {:.2} pawns; better {}",
                shown.reviewed.loss,
                shown.better.as_deref().unwrap_or("-")
            ),
        });
    }
    Ok(notes)
}

/// The movetext of `detail` with each chat line as a comment after the move it was
/// written at (before the first move when none was played yet), and the review's notes
/// after the moves they mark.
fn movetext_with_chat(detail: &GameDetail, chat: &[ChatLine], notes: &[ReviewNote]) -> String {
    let record = detail.game.record();
    let mut tokens: Vec<String> = Vec::new();
    let mut comments = chat.iter().peekable();
    let mut comment_before = false;
    let mut flush = |tokens: &mut Vec<String>, ply: usize, comment_before: &mut bool| {
        while let Some(line) =
            comments.next_if(|line| usize::try_from(line.ply).unwrap_or(0) <= ply)
        {
            tokens.push(pgn_comment(line));
            *comment_before = true;
        }
    };
    flush(&mut tokens, 0, &mut comment_before);
    for (index, played) in record.iter().enumerate() {
        let black_number = comment_before.then_some("...");
        tokens.push(numbered_move(index, &played.display, black_number));
        comment_before = false;
        if let Some(note) = notes.iter().find(|note| note.index == index) {
            tokens.push(note.glyph.to_owned());
            tokens.push(format!("{{{}}}", note.text.replace(['{', '}'], "")));
            comment_before = true;
        }
        flush(&mut tokens, index + 1, &mut comment_before);
    }
    // Lines stored at a ply past the record (none should be) still come out.
    flush(&mut tokens, usize::MAX, &mut comment_before);
    tokens.join(" ")
}

/// A conditional line pending at the end, as a PGN comment's text or a line of the text
/// record: whose, and its moves numbered as the record numbers them.
fn conditional_entry(line: &ConditionalLine) -> String {
    let side = line
        .color
        .map_or("", |color| color.fold(" (White)", " (Black)"));
    let moves = numbered_line(
        usize::try_from(line.ply).unwrap_or(0),
        line.display.iter().map(String::as_str),
    );
    format!("{}{side}: {moves}", line.player)
}

/// The record of a game: PGN for chess, plain text with the setup otherwise; with the
/// chat lines given (the caller decides who sees them): in PGN as comments after the move
/// each was written at, in text as a section after the moves; and with the conditional
/// lines given (those pending when the game ended), in PGN as comments after the last
/// move, in text as a section; with the moves a repertoire played (once the game has
/// ended), in PGN as a comment after the last move, in text as a line; and in PGN with
/// the computer review's notes, a glyph and a comment after each marked move.
#[must_use]
pub fn record_text(
    detail: &GameDetail,
    site: &str,
    (chat, notes): (&[ChatLine], &[ReviewNote]),
    (conditional, repertoire): (&[ConditionalLine], &[String]),
) -> String {
    let date = rfc3339(detail.created_at);
    let date = date.get(..10).unwrap_or_default();
    let result = match detail.status {
        GameStatus::Finished => detail.result.map_or("*", rules::GameResult::as_str),
        _ => "*",
    };
    let termination = match (detail.status, detail.termination) {
        (GameStatus::Aborted, _) => "aborted",
        (_, Some(Termination::Normal)) => detail.end_reason.map_or("normal", EndReason::as_str),
        (_, Some(termination)) => termination.as_str(),
        (_, None) => "unterminated",
    };
    let url = format!("{site}/games/{}", detail.id);
    let format = detail.variant().record_format();
    let movetext = if (chat.is_empty() && notes.is_empty()) || format != RecordFormat::Pgn {
        detail.game.movetext()
    } else {
        movetext_with_chat(detail, chat, notes)
    };
    if format == RecordFormat::Pgn {
        // PGN has no double loss: its result is unknown there, and the termination says
        // what happened (`0-0` would read back as castling in some readers).
        let both_lost = detail.result == Some(rules::GameResult::BothLose);
        let (result, termination) = if both_lost {
            ("*", "adjudicated: both lost")
        } else {
            (result, termination)
        };
        let mut pgn = String::new();
        let date = date.replace('-', ".");
        let mut tags = vec![
            ("Event", "Correspondence game".to_owned()),
            ("Site", url.clone()),
            ("Date", date),
            ("Round", "-".to_owned()),
            ("White", detail.white.clone()),
            ("Black", detail.black.clone()),
            ("Result", result.to_owned()),
        ];
        // Each player's rating when the game ended, before it was rated.
        if let Some(&change) = detail.rating_change.as_deref() {
            tags.push(("WhiteElo", change.white.before.whole_points().to_string()));
            tags.push(("BlackElo", change.black.before.whole_points().to_string()));
        }
        tags.push(("Termination", termination.to_owned()));
        tags.extend(detail.game.pgn_start_tags());
        for (name, value) in tags {
            pgn.push_str(&format!("[{name} \"{}\"]\n", pgn_quote(&value)));
        }
        pgn.push('\n');
        if !movetext.is_empty() {
            pgn.push_str(&movetext);
            pgn.push(' ');
        }
        for line in conditional {
            pgn.push_str(&format!(
                "{{Conditional line pending at the end, {}}} ",
                conditional_entry(line)
            ));
        }
        if !repertoire.is_empty() {
            pgn.push_str(&format!(
                "{{Played from a repertoire: {}}} ",
                repertoire.join(", ")
            ));
        }
        pgn.push_str(result);
        pgn.push('\n');
        return pgn;
    }
    let mut text = format!(
        "Game: {}\nVariant: {}\nSite: {url}\nDate: {date}\nWhite: {}\nBlack: {}\nResult: {result}\nTermination: {termination}\n",
        detail.variant().name(),
        detail.variant().as_str(),
        detail.white,
        detail.black,
    );
    if let Some(setup) = detail.game.setup().knight_fight() {
        text.push_str("Setup: the number on each square, rank 10 at the top, files a to j\n");
        for rank in (0..10_u8).rev() {
            let row: Vec<String> = (0..10_u8)
                .filter_map(|file| rules::Square::new(file, rank))
                .map(|square| format!("{:02}", setup.number_at(square)))
                .collect();
            text.push_str(&format!("{:>2} {}\n", rank + 1, row.join(" ")));
        }
        text.push_str("   a  b  c  d  e  f  g  h  i  j\n");
    }
    // A Reversi game from a chosen opening: its moves start after the opening's.
    if let rules::Setup::Opening(opening) = detail.game.setup() {
        text.push_str(&format!("Opening: {}\n", opening.name));
    }
    text.push_str(&format!("Moves: {movetext}\n"));
    if !repertoire.is_empty() {
        text.push_str(&format!(
            "Played from a repertoire: {}\n",
            repertoire.join(", ")
        ));
    }
    if !conditional.is_empty() {
        text.push_str("Conditional lines pending at the end:\n");
        for line in conditional {
            text.push_str(&format!("  {}\n", conditional_entry(line)));
        }
    }
    if !chat.is_empty() {
        text.push_str("Chat:\n");
        for line in chat {
            // One line each: a line break in a message is shown as ` / `.
            let message = line.text.replace('\n', " / ");
            text.push_str(&format!(
                "  [move {}] {} ({}): {message}\n",
                line.ply,
                line.author,
                deadline_text(line.created_at)
            ));
        }
    }
    text
}

/// The record of `detail` as `viewer` downloads it: with the chat they may read once the
/// game has ended, and the conditional lines pending at its end.
///
/// # Errors
///
/// Database errors.
pub async fn record_for(
    state: &Services,
    viewer: Option<&User>,
    detail: &GameDetail,
) -> Result<String, AppError> {
    let chat = chat::for_record(state, viewer, detail).await?;
    // A game's conditional lines and repertoire moves are private while it goes on:
    // none in its record then.
    let (conditional, repertoire) = if detail.status == GameStatus::Active {
        (Vec::new(), Vec::new())
    } else {
        let mut conn = state.db.pool.acquire().await?;
        (
            game::conditional::for_page(&mut conn, viewer, detail).await?,
            game::conditional::played_moves(&mut conn, detail).await?,
        )
    };
    let notes = if detail.status == GameStatus::Active {
        Vec::new()
    } else {
        review_notes(state, detail).await?
    };
    Ok(record_text(
        detail,
        &state.config.public_url.base,
        (&chat, &notes),
        (&conditional, &repertoire),
    ))
}
