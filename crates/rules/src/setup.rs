//! What a game needs beyond its variant when it is created: Knight Fight's numbers.

use std::{collections::BTreeMap, fmt};

use rand::{Rng, seq::SliceRandom};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Square;

/// The Knight Fight board's numbers: each of the 100 squares holds a different number
/// from 00 to 99. Made at random when a game is created, and stored with it.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct KnightFightSetup {
    /// `numbers[square.index(10)]` is the number on `square`.
    numbers: [u8; 100],
}

impl KnightFightSetup {
    /// A uniformly random permutation of 00–99 drawn from `rng`.
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> KnightFightSetup {
        let mut numbers: [u8; 100] = std::array::from_fn(|i| i as u8);
        numbers.shuffle(rng);
        KnightFightSetup { numbers }
    }

    /// The setup from its numbers in row-major order from `a1`.
    ///
    /// # Errors
    ///
    /// [`SetupError::Invalid`] unless the numbers are a permutation of 0–99.
    pub fn from_numbers(numbers: [u8; 100]) -> Result<KnightFightSetup, SetupError> {
        let mut seen = [false; 100];
        for &number in &numbers {
            let slot = seen
                .get_mut(usize::from(number))
                .ok_or(SetupError::Invalid("a number is above 99"))?;
            if std::mem::replace(slot, true) {
                return Err(SetupError::Invalid("a number appears twice"));
            }
        }
        Ok(KnightFightSetup { numbers })
    }

    /// The numbers in row-major order from `a1`.
    #[must_use]
    pub const fn numbers(&self) -> &[u8; 100] {
        &self.numbers
    }

    /// The number the setup puts on `square` (which must lie on the 10x10 board).
    #[must_use]
    pub fn number_at(&self, square: Square) -> u8 {
        self.numbers[square.index(10)]
    }

    /// The square that starts with `number`.
    #[must_use]
    pub fn square_of(&self, number: u8) -> Option<Square> {
        let index = self.numbers.iter().position(|&n| n == number)?;
        Square::from_index(index, 10)
    }
}

impl fmt::Debug for KnightFightSetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10).rev() {
            for file in 0..10 {
                write!(f, "{:02} ", self.numbers[rank * 10 + file])?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The stored form: `{"numbers": {"a1": 57, …}}`.
#[derive(Serialize, Deserialize)]
struct SetupRecord {
    numbers: BTreeMap<Square, u8>,
}

impl Serialize for KnightFightSetup {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let numbers = Square::all(10).zip(self.numbers).collect();
        SetupRecord { numbers }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for KnightFightSetup {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<KnightFightSetup, D::Error> {
        let record = SetupRecord::deserialize(deserializer)?;
        if record.numbers.len() != 100 || record.numbers.keys().any(|sq| !sq.on_board(10)) {
            return Err(serde::de::Error::custom(
                "expected a number on each of the 100 squares",
            ));
        }
        let mut numbers = [0; 100];
        for (square, number) in record.numbers {
            numbers[square.index(10)] = number;
        }
        KnightFightSetup::from_numbers(numbers).map_err(serde::de::Error::custom)
    }
}

/// A game could not be created from its variant and setup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// The variant needs a setup and none was given.
    Missing,
    /// A setup was given to a variant that takes none.
    Unexpected,
    /// The setup (or a FEN) is not valid.
    Invalid(&'static str),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Missing => f.write_str("this variant needs a setup"),
            SetupError::Unexpected => f.write_str("this variant takes no setup"),
            SetupError::Invalid(why) => write!(f, "invalid setup: {why}"),
        }
    }
}

impl std::error::Error for SetupError {}

#[cfg(test)]
mod tests {
    use rand::{SeedableRng, rngs::StdRng};

    use super::*;

    #[test]
    fn random_setup_is_a_permutation_and_round_trips_through_json() {
        let setup = KnightFightSetup::random(&mut StdRng::seed_from_u64(7));
        assert!(KnightFightSetup::from_numbers(*setup.numbers()).is_ok());
        let json = serde_json::to_string(&setup).unwrap();
        assert!(json.starts_with(r#"{"numbers":{"a1":"#), "{json}");
        let back: KnightFightSetup = serde_json::from_str(&json).unwrap();
        assert_eq!(back, setup);
    }

    #[test]
    fn rejects_repeated_numbers() {
        let mut numbers: [u8; 100] = std::array::from_fn(|i| i as u8);
        numbers[5] = 6;
        assert!(KnightFightSetup::from_numbers(numbers).is_err());
        numbers[5] = 100;
        assert!(KnightFightSetup::from_numbers(numbers).is_err());
    }
}
