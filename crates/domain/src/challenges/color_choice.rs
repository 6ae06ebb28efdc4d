//! Which colour a challenger asks for.

/// The challenger's colour choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorChoice {
    /// The challenger plays White.
    White,
    /// The challenger plays Black.
    Black,
    /// Drawn when the challenge is accepted.
    Random,
}

impl ColorChoice {
    /// Every choice.
    pub const ALL: [ColorChoice; 3] = [ColorChoice::White, ColorChoice::Black, ColorChoice::Random];

    /// `white`, `black` or `random`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            ColorChoice::White => "white",
            ColorChoice::Black => "black",
            ColorChoice::Random => "random",
        }
    }

    /// Reads `white`, `black` or `random` (see [`FromStr`](std::str::FromStr)).
    #[must_use]
    pub fn parse(text: &str) -> Option<ColorChoice> {
        text.parse().ok()
    }

    /// The (White, Black) of a game between `chooser`, who made this choice, and
    /// `other`: a random choice is drawn now.
    #[must_use]
    pub fn seats<'a>(self, chooser: &'a str, other: &'a str) -> (&'a str, &'a str) {
        let chooser_white = match self {
            ColorChoice::White => true,
            ColorChoice::Black => false,
            ColorChoice::Random => rand::random::<bool>(),
        };
        if chooser_white {
            (chooser, other)
        } else {
            (other, chooser)
        }
    }
}

rules::text_form!(ColorChoice, "colour choice");
