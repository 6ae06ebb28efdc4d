//! The records of the games this instance changed lately, kept in memory so that the
//! next change of the same game need not read its moves again.
//!
//! A game's moves are only ever appended, each in the transaction that raises the row's
//! ply to its number, so the record of a game at ply `n` never changes once stored: a
//! record kept here is used by a change only when its length is the ply of the row
//! that change has just read (and the row's position cache is at that ply), and then it
//! is exactly the moves the database holds. The position itself always comes from the
//! row. A record that is behind (another instance moved the game meanwhile) is simply
//! not used, and the moves are read as before.
//!
//! This is the one thing a writer takes from memory; what pages show is kept apart, in
//! [`super::snapshots`].

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, PoisonError},
};

use rules::PlayedMove;

/// How many games' records are kept at most; when full, the map starts over.
pub const CAPACITY: usize = 4096;

/// The records of active games as this instance last committed them, by game id.
#[derive(Debug, Default)]
pub struct GameRecords {
    records: Mutex<HashMap<String, Arc<Vec<PlayedMove>>>>,
}

impl GameRecords {
    /// The record of game `id` if it is kept with exactly `ply` moves.
    #[must_use]
    pub fn at_ply(&self, id: &str, ply: i64) -> Option<Arc<Vec<PlayedMove>>> {
        let records = self.records.lock().unwrap_or_else(PoisonError::into_inner);
        records
            .get(id)
            .filter(|record| i64::try_from(record.len()).ok() == Some(ply))
            .cloned()
    }

    /// Keeps `record` as game `id`'s, committed (an active game's: an ended game's is
    /// dropped with [`GameRecords::forget`]).
    pub fn keep(&self, id: &str, record: &[PlayedMove]) {
        let record = Arc::new(record.to_vec());
        let mut records = self.records.lock().unwrap_or_else(PoisonError::into_inner);
        if records.len() >= CAPACITY && !records.contains_key(id) {
            records.clear();
        }
        records.insert(id.to_owned(), record);
    }

    /// Drops game `id`'s record (the game ended: it will not be changed by a move again).
    pub fn forget(&self, id: &str) {
        let mut records = self.records.lock().unwrap_or_else(PoisonError::into_inner);
        records.remove(id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(length: usize) -> Vec<PlayedMove> {
        (0..length)
            .map(|ply| PlayedMove {
                text: format!("m{ply}"),
                display: format!("M{ply}"),
            })
            .collect()
    }

    #[test]
    fn a_record_is_given_back_only_at_its_own_ply() {
        let records = GameRecords::default();
        records.keep("g", &record(3));
        assert_eq!(records.at_ply("g", 3).map(|r| r.len()), Some(3));
        assert!(records.at_ply("g", 4).is_none(), "behind the row");
        assert!(records.at_ply("g", 2).is_none(), "ahead of the row");
        assert!(records.at_ply("other", 3).is_none());
        records.forget("g");
        assert!(records.at_ply("g", 3).is_none());
    }

    #[test]
    fn a_full_map_starts_over_but_keeps_the_new_record() {
        let records = GameRecords::default();
        for n in 0..CAPACITY {
            records.keep(&format!("g{n}"), &record(1));
        }
        records.keep("new", &record(2));
        assert!(records.at_ply("new", 2).is_some());
        assert!(records.at_ply("g0", 1).is_none());
        // Keeping a game already kept never empties the map.
        records.keep("new", &record(3));
        assert!(records.at_ply("new", 3).is_some());
    }
}
