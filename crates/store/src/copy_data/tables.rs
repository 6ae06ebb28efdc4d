//! What the copy moves: every copied table with its columns and their types, and the
//! tables left behind.

/// A column's type: the schema uses only these two.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Text,
    Int,
}

use Kind::{Int, Text};

/// A table: its name and its columns, each with its type.
pub(super) type Table = (&'static str, &'static [(&'static str, Kind)]);

/// The copied tables, parents before children, with their columns.
pub(super) const TABLES: &[Table] = &[
    (
        "users",
        &[
            ("id", Text),
            ("username", Text),
            ("username_key", Text),
            ("password_hash", Text),
            ("created_at", Int),
            ("time_zone", Text),
            ("vacation_from", Int),
            ("vacation_until", Int),
            ("vacation_automatic", Int),
            ("vacation_year", Int),
            ("vacation_used_hours", Int),
            ("auto_vacation", Int),
            ("night_from", Int),
            ("night_until", Int),
            ("after_move", Text),
            ("confirm_moves", Int),
            ("repertoire_default", Int),
            ("email", Text),
            ("email_verified_at", Int),
            ("email_token_hash", Text),
            ("email_token_expires", Int),
            ("reset_token_hash", Text),
            ("reset_token_expires", Int),
            ("unsubscribe_key", Text),
            ("language", Text),
            ("email_digest", Int),
            ("digest_hour", Int),
            ("digest_last_date", Text),
            ("digest_next_at", Int),
            ("kind", Text),
            ("chat_spectators", Int),
            ("is_admin", Int),
            ("muted_at", Int),
            ("banned_at", Int),
            ("deleted_at", Int),
            ("mail_window_start", Int),
            ("mail_window_sent", Int),
        ],
    ),
    ("first_admin", &[("id", Int), ("user_id", Text)]),
    (
        "api_tokens",
        &[
            ("token_hash", Text),
            ("user_id", Text),
            ("created_at", Int),
            ("id", Text),
            ("name", Text),
            ("last_used_at", Int),
        ],
    ),
    (
        "challenges",
        &[
            ("id", Text),
            ("challenger_id", Text),
            ("opponent_id", Text),
            ("variant", Text),
            ("color", Text),
            ("days_per_move", Int),
            ("status", Text),
            ("game_id", Text),
            ("created_at", Int),
            ("rated", Int),
            ("min_rating", Int),
            ("max_rating", Int),
            ("time_control", Text),
            ("weekends_off", Int),
            ("vacation_allowed", Int),
            ("nights_allowed", Int),
            ("setup", Text),
            ("moves", Text),
            ("max_time_loss_percent", Int),
            ("min_finished_games", Int),
            ("max_game_days", Int),
            ("deadline_rule", Text),
            ("engines_allowed", Int),
        ],
    ),
    (
        "games",
        &[
            ("id", Text),
            ("variant", Text),
            ("white_id", Text),
            ("black_id", Text),
            ("setup", Text),
            ("status", Text),
            ("result", Text),
            ("termination", Text),
            ("end_reason", Text),
            ("ply", Int),
            ("to_move", Text),
            ("deadline", Int),
            ("draw_offer", Text),
            ("days_per_move", Int),
            ("created_at", Int),
            ("updated_at", Int),
            ("finished_at", Int),
            ("source", Text),
            ("source_id", Text),
            ("white_draw_offers", Int),
            ("black_draw_offers", Int),
            ("white_offer_ply", Int),
            ("black_offer_ply", Int),
            ("position", Text),
            ("position_ply", Int),
            ("rated", Int),
            ("time_control", Text),
            ("white_bank", Int),
            ("black_bank", Int),
            ("weekends_off", Int),
            ("vacation_allowed", Int),
            ("nights_allowed", Int),
            ("serial_timeout", Int),
            ("turn_time", Int),
            ("warnings_sent", Int),
            ("next_warning_at", Int),
            ("white_time_gifts", Int),
            ("black_time_gifts", Int),
            ("pause_offer", Text),
            ("paused_from", Int),
            ("paused_until", Int),
            ("pauses_agreed", Int),
            ("white_moves", Int),
            ("white_move_seconds", Int),
            ("black_moves", Int),
            ("black_move_seconds", Int),
            ("white_repertoire", Int),
            ("black_repertoire", Int),
            ("chat_lines", Int),
            ("hard_deadline", Int),
            ("deadline_rule", Text),
            ("engines_allowed", Int),
            ("adjudication_held_until", Int),
            ("adjudication_score", Int),
            ("adjudication_mover", Text),
            ("adjudication_line", Text),
            ("adjudication_depth", Int),
            ("adjudication_certain", Int),
            ("adjudication_engine", Text),
        ],
    ),
    (
        "moves",
        &[
            ("game_id", Text),
            ("ply", Int),
            ("move", Text),
            ("played_at", Int),
            ("display", Text),
        ],
    ),
    (
        "player_ratings",
        &[
            ("user_id", Text),
            ("variant", Text),
            ("rating", Int),
            ("deviation", Int),
            ("volatility", Int),
            ("rated_games", Int),
            ("last_rated_at", Int),
        ],
    ),
    (
        "game_ratings",
        &[
            ("game_id", Text),
            ("variant", Text),
            ("seq", Int),
            ("rated_at", Int),
            ("white_id", Text),
            ("black_id", Text),
            ("white_before", Int),
            ("white_deviation_before", Int),
            ("white_after", Int),
            ("white_deviation_after", Int),
            ("black_before", Int),
            ("black_deviation_before", Int),
            ("black_after", Int),
            ("black_deviation_after", Int),
        ],
    ),
    (
        "player_stats",
        &[
            ("user_id", Text),
            ("variant", Text),
            ("games", Int),
            ("white_wins", Int),
            ("white_losses", Int),
            ("white_draws", Int),
            ("black_wins", Int),
            ("black_losses", Int),
            ("black_draws", Int),
            ("current_streak", Int),
            ("longest_streak", Int),
        ],
    ),
    (
        "head_to_head",
        &[
            ("user_id", Text),
            ("opponent_id", Text),
            ("wins", Int),
            ("losses", Int),
            ("draws", Int),
        ],
    ),
    (
        "sweeper_runs",
        &[("task", Text), ("last_run", Int), ("previous_run", Int)],
    ),
    (
        "notifications",
        &[
            ("id", Text),
            ("user_id", Text),
            ("kind", Text),
            ("game_id", Text),
            ("challenge_id", Text),
            ("payload", Text),
            ("created_at", Int),
            ("read_at", Int),
        ],
    ),
    (
        "outbox",
        &[
            ("id", Text),
            ("notification_id", Text),
            ("user_id", Text),
            ("channel", Text),
            ("created_at", Int),
            ("next_attempt_at", Int),
            ("attempts", Int),
            ("claimed_by", Text),
            ("claimed_until", Int),
            ("sent_at", Int),
            ("sent_by", Text),
            ("failed_at", Int),
            ("last_error", Text),
            ("payload", Text),
            ("dedupe", Text),
        ],
    ),
    (
        "notification_preferences",
        &[
            ("user_id", Text),
            ("kind", Text),
            ("in_site", Int),
            ("email", Int),
            ("push", Int),
        ],
    ),
    // The devices and the VAPID key pair they subscribed with go together: a device
    // only accepts pushes signed with that key.
    (
        "vapid_keys",
        &[
            ("id", Int),
            ("private_key", Text),
            ("public_key", Text),
            ("created_at", Int),
        ],
    ),
    (
        "push_subscriptions",
        &[
            ("id", Text),
            ("user_id", Text),
            ("endpoint", Text),
            ("p256dh", Text),
            ("auth", Text),
            ("label", Text),
            ("lang", Text),
            ("created_at", Int),
            ("last_success_at", Int),
            ("failures", Int),
            ("paused_at", Int),
        ],
    ),
    (
        "push_deliveries",
        &[
            ("outbox_id", Text),
            ("subscription_id", Text),
            ("delivered_at", Int),
        ],
    ),
    // A game's chat belongs to its record; notes and blocks to their players.
    (
        "chat_messages",
        &[
            ("game_id", Text),
            ("seq", Int),
            ("user_id", Text),
            ("ply", Int),
            ("body", Text),
            ("created_at", Int),
        ],
    ),
    (
        "game_notes",
        &[
            ("game_id", Text),
            ("user_id", Text),
            ("body", Text),
            ("updated_at", Int),
        ],
    ),
    (
        "blocks",
        &[
            ("blocker_id", Text),
            ("blocked_id", Text),
            ("created_at", Int),
        ],
    ),
    // Moderation: the reports and the administrators' log.
    (
        "reports",
        &[
            ("id", Text),
            ("reporter_id", Text),
            ("target_id", Text),
            ("target_key", Text),
            ("game_id", Text),
            ("chat_seq", Int),
            ("quoted", Text),
            ("reason", Text),
            ("status", Text),
            ("created_at", Int),
            ("resolved_at", Int),
            ("resolved_by", Text),
        ],
    ),
    (
        "admin_actions",
        &[
            ("id", Text),
            ("seq", Int),
            ("admin_id", Text),
            ("action", Text),
            ("target_id", Text),
            ("report_id", Text),
            ("detail", Text),
            ("created_at", Int),
        ],
    ),
    // Conditional lines: pending ones of active games, and those kept in the record of
    // ended ones.
    (
        "conditional_lines",
        &[
            ("id", Text),
            ("game_id", Text),
            ("user_id", Text),
            ("seq", Int),
            ("ply", Int),
            ("moves", Text),
            ("display", Text),
            ("created_at", Int),
        ],
    ),
    // Repertoires: each player's lines, and the plies they played in games.
    (
        "repertoire_lines",
        &[
            ("id", Text),
            ("user_id", Text),
            ("variant", Text),
            ("setup", Text),
            ("color", Text),
            ("moves", Text),
            ("display", Text),
            ("created_at", Int),
        ],
    ),
    ("repertoire_plies", &[("game_id", Text), ("ply", Int)]),
    // Tournaments: the tournament, its entrants, games, byes and kept scores.
    (
        "tournaments",
        &[
            ("id", Text),
            ("name", Text),
            ("organiser_id", Text),
            ("variant", Text),
            ("format", Text),
            ("time_control", Text),
            ("weekends_off", Int),
            ("vacation_allowed", Int),
            ("nights_allowed", Int),
            ("max_time_loss_percent", Int),
            ("min_finished_games", Int),
            ("max_game_days", Int),
            ("deadline_rule", Text),
            ("engines_allowed", Int),
            ("rated", Int),
            ("min_players", Int),
            ("max_players", Int),
            ("min_rating", Int),
            ("max_rating", Int),
            ("section_size", Int),
            ("both_colours", Int),
            ("advance", Int),
            ("rounds", Int),
            ("games_per_match", Int),
            ("invite_code", Text),
            ("starts_at", Int),
            ("status", Text),
            ("stage", Int),
            ("round", Int),
            ("pending", Int),
            ("winner_id", Text),
            ("created_at", Int),
            ("started_at", Int),
            ("finished_at", Int),
            ("setup", Text),
        ],
    ),
    (
        "tournament_players",
        &[
            ("tournament_id", Text),
            ("user_id", Text),
            ("joined_at", Int),
            ("rating", Int),
            ("seed", Int),
            ("status", Text),
        ],
    ),
    (
        "tournament_games",
        &[
            ("game_id", Text),
            ("tournament_id", Text),
            ("stage", Int),
            ("section", Int),
            ("round", Int),
            ("white_id", Text),
            ("black_id", Text),
            ("outcome", Text),
        ],
    ),
    (
        "tournament_byes",
        &[
            ("tournament_id", Text),
            ("stage", Int),
            ("section", Int),
            ("round", Int),
            ("user_id", Text),
        ],
    ),
    (
        "tournament_scores",
        &[
            ("tournament_id", Text),
            ("stage", Int),
            ("section", Int),
            ("user_id", Text),
            ("half_points", Int),
            ("wins", Int),
            ("played", Int),
        ],
    ),
];

/// The variant counters: every row of the target is seeded by the migrations (and by
/// start-up), so they are copied by key (`variant`, the first column) rather than inserted.
pub(super) const VARIANT_STATS: Table = (
    "variant_stats",
    &[
        ("variant", Text),
        ("white_wins", Int),
        ("black_wins", Int),
        ("draws", Int),
        ("rated_games", Int),
        ("both_lost", Int),
    ],
);

/// Tables left behind on purpose: sessions (everyone signs in again), presence (who
/// watches a game now) and the computer's pending replies (`engine_queue`: rows of one
/// running site, with its instances' leases; the copied site's engine job queues the
/// reply of every game whose computer is to move when it starts). They must still be
/// empty in the target, like the copied ones.
pub const NOT_COPIED: &[&str] = &["sessions", "presence", "engine_queue"];

/// Every table the copy writes, with the columns it copies, in copy order (the variant
/// counters last). A table or column of the schema missing here is not copied: the API
/// tests compare this list with the migrated schema.
#[must_use]
pub fn copied_columns() -> Vec<(&'static str, Vec<&'static str>)> {
    TABLES
        .iter()
        .chain(std::iter::once(&VARIANT_STATS))
        .map(|(table, columns)| (*table, columns.iter().map(|(name, _)| *name).collect()))
        .collect()
}
