//! What a game needs beyond its variant when it is created: [`Setup`], which is
//! standard for most variants, Knight Fight's numbers for Knight Fight and the start
//! position's number for Chess960; or a start its players chose (a thematic start:
//! `start.rs`).

use std::{collections::BTreeMap, fmt};

use rand::{Rng, seq::SliceRandom};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Chess960Start, ReversiOpening, SetupError, Square, StartFen, Variant};

/// What a game starts from beyond its variant: nothing for most variants
/// ([`Setup::Standard`], the default), the numbers for Knight Fight, the start
/// position for Chess960.
///
/// Old call sites that pass an `Option<KnightFightSetup>` keep working through
/// `From`: `None` is [`Setup::Standard`]. Its serde form is `null`, Knight Fight's
/// `{"numbers": {"a1": 57, …}}`, Chess960's `{"start": 518}`, a chess game's chosen
/// start `{"fen": "…"}` or a Reversi game's chosen opening `{"opening": "8x8-07"}`, and
/// [`Setup::to_stored`] and [`Setup::from_stored`] keep the text the server stores.
///
/// ```
/// use rules::{AnyGame, Setup, Variant};
///
/// let setup = Setup::random(Variant::KnightFight, &mut rand::rng());
/// let stored = setup.to_stored();
/// assert!(stored.as_deref().is_some_and(|text| text.starts_with(r#"{"numbers":"#)));
/// let back = Setup::from_stored(Variant::KnightFight, stored.as_deref()).unwrap();
/// assert_eq!(back, setup);
/// assert!(AnyGame::new(Variant::KnightFight, back).is_ok());
/// assert_eq!(Setup::from_stored(Variant::Chess, None), Ok(Setup::Standard));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub enum Setup {
    /// The variant's own start: every variant but Knight Fight and Chess960.
    #[default]
    Standard,
    /// Knight Fight's numbers.
    KnightFight(KnightFightSetup),
    /// Chess960's start position.
    Chess960(Chess960Start),
    /// A chess game's chosen start position (a thematic start).
    Fen(StartFen),
    /// A Reversi game's chosen opening from the project's list (a thematic start).
    Opening(&'static ReversiOpening),
}

/// The serde form of a setup that is not standard.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum SetupForm {
    KnightFight(KnightFightSetup),
    Chess960 { start: Chess960Start },
    Fen { fen: StartFen },
    Opening { opening: String },
}

impl Setup {
    /// The setup a new game of `variant` starts from, drawn from `rng` where it is
    /// random (Knight Fight's numbers, Chess960's start), else [`Setup::Standard`].
    pub fn random<R: Rng + ?Sized>(variant: Variant, rng: &mut R) -> Setup {
        match variant {
            Variant::KnightFight => Setup::KnightFight(KnightFightSetup::random(rng)),
            Variant::Chess960 => Setup::Chess960(Chess960Start::random(rng)),
            _ => Setup::Standard,
        }
    }

    /// Knight Fight's numbers, if this is a Knight Fight setup.
    #[must_use]
    pub const fn knight_fight(&self) -> Option<&KnightFightSetup> {
        match self {
            Setup::KnightFight(setup) => Some(setup),
            _ => None,
        }
    }

    /// Chess960's start, if this is a Chess960 setup.
    #[must_use]
    pub const fn chess960(&self) -> Option<Chess960Start> {
        match self {
            Setup::Chess960(start) => Some(*start),
            _ => None,
        }
    }

    /// The start position as FEN where it is a chess position of its own (a Chess960
    /// start, a chosen chess start); `None` otherwise.
    #[must_use]
    pub fn start_fen(&self) -> Option<String> {
        match self {
            Setup::Chess960(start) => Some(start.fen()),
            Setup::Fen(fen) => Some(fen.as_str().to_owned()),
            _ => None,
        }
    }

    /// Whether this is the standard start (no setup to store).
    #[must_use]
    pub const fn is_standard(&self) -> bool {
        matches!(self, Setup::Standard)
    }

    fn form(&self) -> Option<SetupForm> {
        match self {
            Setup::Standard => None,
            Setup::KnightFight(numbers) => Some(SetupForm::KnightFight(numbers.clone())),
            Setup::Chess960(start) => Some(SetupForm::Chess960 { start: *start }),
            Setup::Fen(fen) => Some(SetupForm::Fen { fen: fen.clone() }),
            Setup::Opening(opening) => Some(SetupForm::Opening {
                opening: opening.name.to_owned(),
            }),
        }
    }

    /// The text the server stores for the setup: `None` for the standard start, else
    /// its serde form as JSON (`{"numbers":{"a1":57,…}}`, `{"start":518}`).
    /// [`Setup::from_stored`] reads it back.
    #[must_use]
    pub fn to_stored(&self) -> Option<String> {
        self.form()
            .map(|form| serde_json::to_string(&form).expect("a setup always serializes"))
    }

    /// The setup of a game of `variant` from its stored text ([`Setup::to_stored`]).
    ///
    /// # Errors
    ///
    /// [`SetupError::Missing`] when `variant` needs a setup and none is stored,
    /// [`SetupError::Unexpected`] when it takes none and one is, and
    /// [`SetupError::Invalid`] when the text is not the variant's setup.
    pub fn from_stored(variant: Variant, stored: Option<&str>) -> Result<Setup, SetupError> {
        let Some(text) = stored else {
            return if variant.needs_setup() {
                Err(SetupError::Missing)
            } else {
                Ok(Setup::Standard)
            };
        };
        let setup = serde_json::from_str::<SetupForm>(text)
            .ok()
            .and_then(Setup::from_form)
            .ok_or(SetupError::Invalid("the stored setup"))?;
        match (setup.suits(variant), variant.needs_setup()) {
            (true, _) => Ok(setup),
            (false, true) => Err(SetupError::Invalid("the stored setup is another variant's")),
            (false, false) => Err(SetupError::Unexpected),
        }
    }

    fn from_form(form: SetupForm) -> Option<Setup> {
        Some(match form {
            SetupForm::KnightFight(numbers) => Setup::KnightFight(numbers),
            SetupForm::Chess960 { start } => Setup::Chess960(start),
            SetupForm::Fen { fen } => Setup::Fen(fen),
            SetupForm::Opening { opening } => Setup::Opening(ReversiOpening::named(&opening)?),
        })
    }

    /// Whether a game of `variant` can start from this setup.
    fn suits(&self, variant: Variant) -> bool {
        match self {
            Setup::Standard => !variant.needs_setup(),
            Setup::KnightFight(_) => variant == Variant::KnightFight,
            Setup::Chess960(_) => variant == Variant::Chess960,
            Setup::Fen(_) => variant == Variant::Chess,
            Setup::Opening(opening) => {
                variant.family() == crate::Family::Reversi && opening.size == variant.board_size()
            }
        }
    }
}

impl Setup {
    /// What a chosen start of `variant` is ([`Setup::chosen`]), in words for messages;
    /// `None` where its start cannot be chosen.
    #[must_use]
    pub const fn start_choice(variant: Variant) -> Option<&'static str> {
        match variant.family() {
            crate::Family::Chess if variant.needs_setup() => Some("a start number from 0 to 959"),
            crate::Family::Chess => Some("a FEN with White to move"),
            crate::Family::Reversi => {
                Some("the name of an opening of its board from the list on its rules page")
            }
            crate::Family::ChessReversi | crate::Family::KnightFight => None,
        }
    }

    /// Whether a game of `variant` may start from a position its players chose instead
    /// of the usual one (a thematic start, which the statistics leave out); Chess960's
    /// chosen number is one of its usual starts.
    #[must_use]
    pub const fn takes_thematic_start(variant: Variant) -> bool {
        Setup::start_choice(variant).is_some() && !variant.needs_setup()
    }

    /// The openings a game of `variant` may start from: its board's, in Reversi; none
    /// in the other games.
    pub fn openings(variant: Variant) -> impl Iterator<Item = &'static ReversiOpening> {
        let size = (variant.family() == crate::Family::Reversi).then_some(variant.board_size());
        size.into_iter().flat_map(ReversiOpening::of_size)
    }

    /// The start a player chose for a new game of `variant`, from `text`: a FEN (White to
    /// move) in chess, a start number 0–959 in Chess960, an opening's name
    /// (`8x8-07`, [`crate::ReversiOpening`]) in Reversi. `None` when the text is empty,
    /// or names the variant's usual start (the standard chess position): the game
    /// starts as usual (drawn at random where the variant draws its start).
    ///
    /// # Errors
    ///
    /// [`SetupError::Unexpected`] for a variant whose start cannot be chosen (Chess
    /// Reversi, Knight Fight); [`SetupError::Invalid`] when the text is no start of the
    /// variant.
    pub fn chosen(variant: Variant, text: &str) -> Result<Option<Setup>, SetupError> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(None);
        }
        match variant {
            Variant::Chess => {
                let fen = StartFen::parse(text)?;
                Ok((!fen.is_standard()).then_some(Setup::Fen(fen)))
            }
            Variant::Chess960 => {
                let number = text
                    .parse::<u16>()
                    .map_err(|_| SetupError::Invalid("a Chess960 start is a number 0–959"))?;
                Ok(Some(Setup::Chess960(Chess960Start::new(number)?)))
            }
            Variant::Reversi6x6 | Variant::Reversi8x8 | Variant::Reversi10x10 => {
                opening_of(variant, text).map(Some)
            }
            Variant::ChessReversi | Variant::KnightFight => Err(SetupError::Unexpected),
        }
    }

    /// The text [`Setup::chosen`] reads back as this start: the FEN, the Chess960
    /// number, the opening's name; `None` for the usual start and Knight Fight's numbers.
    #[must_use]
    pub fn choice_text(&self) -> Option<String> {
        match self {
            Setup::Chess960(start) => Some(start.number().to_string()),
            Setup::Fen(fen) => Some(fen.as_str().to_owned()),
            Setup::Opening(opening) => Some(opening.name.to_owned()),
            Setup::Standard | Setup::KnightFight(_) => None,
        }
    }

    /// Whether the game starts from a position its player chose (a FEN, a Reversi
    /// opening): the variant's statistics count only usual starts.
    #[must_use]
    pub const fn is_thematic(&self) -> bool {
        matches!(self, Setup::Fen(_) | Setup::Opening(_))
    }
}

/// The opening of `variant` named `name`.
fn opening_of(variant: Variant, name: &str) -> Result<Setup, SetupError> {
    crate::ReversiOpening::named(name)
        .filter(|opening| opening.size == variant.board_size())
        .map(Setup::Opening)
        .ok_or(SetupError::Invalid(
            "not an opening of this board from the list",
        ))
}

impl From<Option<KnightFightSetup>> for Setup {
    fn from(setup: Option<KnightFightSetup>) -> Setup {
        setup.map_or(Setup::Standard, Setup::KnightFight)
    }
}

impl From<KnightFightSetup> for Setup {
    fn from(setup: KnightFightSetup) -> Setup {
        Setup::KnightFight(setup)
    }
}

impl From<Chess960Start> for Setup {
    fn from(start: Chess960Start) -> Setup {
        Setup::Chess960(start)
    }
}

impl Serialize for Setup {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.form().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Setup {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Setup, D::Error> {
        match Option::<SetupForm>::deserialize(deserializer)? {
            None => Ok(Setup::Standard),
            Some(form) => Setup::from_form(form)
                .ok_or_else(|| serde::de::Error::custom("no opening of that name")),
        }
    }
}

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
    fn the_stored_text_is_the_json_of_the_numbers_and_reads_back() {
        let numbers = KnightFightSetup::random(&mut StdRng::seed_from_u64(3));
        // What the server wrote before `Setup`: the option's JSON, `None` for no setup.
        let old = serde_json::to_string(&numbers).unwrap();
        let setup = Setup::from(Some(numbers.clone()));
        assert_eq!(setup.to_stored().as_deref(), Some(old.as_str()));
        assert_eq!(
            Setup::from_stored(Variant::KnightFight, Some(&old)),
            Ok(Setup::KnightFight(numbers))
        );
        assert_eq!(Setup::from(None).to_stored(), None);
        for variant in Variant::ALL.into_iter().filter(|v| !v.needs_setup()) {
            assert_eq!(Setup::from_stored(variant, None), Ok(Setup::Standard));
            assert_eq!(
                Setup::from_stored(variant, Some(&old)),
                Err(SetupError::Unexpected)
            );
        }
        assert_eq!(
            Setup::from_stored(Variant::KnightFight, None),
            Err(SetupError::Missing)
        );
        assert!(matches!(
            Setup::from_stored(Variant::KnightFight, Some(r#"{"numbers":{"a1":1}}"#)),
            Err(SetupError::Invalid(_))
        ));
    }

    #[test]
    fn the_serde_form_is_the_options() {
        let numbers = KnightFightSetup::random(&mut StdRng::seed_from_u64(4));
        let some = Some(numbers.clone());
        let setup = Setup::from(some.clone());
        assert_eq!(
            serde_json::to_value(&setup).unwrap(),
            serde_json::to_value(&some).unwrap()
        );
        assert_eq!(
            serde_json::to_value(Setup::Standard).unwrap(),
            serde_json::Value::Null
        );
        let back: Setup = serde_json::from_value(serde_json::to_value(&setup).unwrap()).unwrap();
        assert_eq!(back, setup);
        let none: Setup = serde_json::from_str("null").unwrap();
        assert_eq!(none, Setup::default());
    }

    #[test]
    fn rejects_repeated_numbers() {
        let mut numbers: [u8; 100] = std::array::from_fn(|i| i as u8);
        numbers[5] = 6;
        assert!(KnightFightSetup::from_numbers(numbers).is_err());
        numbers[5] = 100;
        assert!(KnightFightSetup::from_numbers(numbers).is_err());
    }

    #[test]
    fn a_game_from_a_chosen_start_stores_restores_and_names_it() {
        let fen =
            StartFen::parse("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
                .unwrap();
        let opening = crate::ReversiOpening::of_size(8).next().unwrap();
        for (variant, setup) in [
            (Variant::Chess, Setup::Fen(fen.clone())),
            (Variant::Reversi8x8, Setup::Opening(opening)),
        ] {
            let stored = setup.to_stored();
            assert_eq!(
                Setup::from_stored(variant, stored.as_deref()),
                Ok(setup.clone())
            );
            assert!(setup.is_thematic());
            let mut game = crate::AnyGame::new(variant, setup.clone()).unwrap();
            assert_eq!((game.ply(), game.record().len()), (0, 0));
            assert_eq!(game.to_move(), Some(crate::Color::White));
            let first = game.legal_moves()[0].clone();
            game.play(&first).unwrap();
            let back = crate::AnyGame::restore(
                variant,
                setup.clone(),
                &game.saved_position(),
                game.record().to_vec(),
            )
            .unwrap();
            assert_eq!(back.saved_position(), game.saved_position());
            let replayed = crate::AnyGame::replay(variant, setup, [first]).unwrap();
            assert_eq!(replayed.saved_position(), game.saved_position());
        }
        let chess = crate::AnyGame::new(Variant::Chess, Setup::Fen(fen.clone())).unwrap();
        assert_eq!(chess.start_fen().as_deref(), Some(fen.as_str()));
        assert_eq!(
            chess.pgn_start_tags(),
            [("SetUp", "1".to_owned()), ("FEN", fen.to_string())]
        );
        // A start of one variant is no other's.
        assert_eq!(
            crate::AnyGame::new(Variant::ChessReversi, Setup::Fen(fen)).err(),
            Some(SetupError::Unexpected)
        );
        assert!(crate::AnyGame::new(Variant::Reversi6x6, Setup::Opening(opening)).is_err());
    }

    #[test]
    fn a_chosen_start_is_read_per_variant() {
        assert_eq!(Setup::chosen(Variant::Chess, "  "), Ok(None));
        assert_eq!(
            Setup::chosen(Variant::Chess, &crate::Chess::new().fen()),
            Ok(None)
        );
        assert!(matches!(
            Setup::chosen(
                Variant::Chess,
                "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
            ),
            Ok(Some(Setup::Fen(_)))
        ));
        assert_eq!(
            Setup::chosen(Variant::Chess960, "518"),
            Ok(Some(Setup::Chess960(Chess960Start::new(518).unwrap())))
        );
        assert!(Setup::chosen(Variant::Chess960, "960").is_err());
        assert!(Setup::chosen(Variant::Chess960, "x").is_err());
        assert_eq!(
            Setup::chosen(Variant::KnightFight, "1"),
            Err(SetupError::Unexpected)
        );
        assert_eq!(
            Setup::chosen(Variant::ChessReversi, "1"),
            Err(SetupError::Unexpected)
        );
        let opening = crate::ReversiOpening::of_size(8).next().unwrap();
        assert_eq!(
            Setup::chosen(Variant::Reversi8x8, opening.name),
            Ok(Some(Setup::Opening(opening)))
        );
        assert!(Setup::chosen(Variant::Reversi6x6, opening.name).is_err());
        assert!(Setup::chosen(Variant::Reversi8x8, "8x8-999").is_err());
    }
}
