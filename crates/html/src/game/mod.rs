//! The game page: the board, the record, the actions allowed now, replay; the move and
//! action forms; the record download and the SVG image. One module per job:
//! `page` (the handler and the kept pages), `viewer` (what the page shows its viewer
//! besides the game), [`chat_section`] and [`conditional_section`] (the chat and
//! conditional-moves sections it shows), `view` and `words` (the page built from small
//! parts), `parts` (what they share), `actions` (the forms), `record` and `image`. This
//! module only declares them and names what the crate uses.

mod actions;
pub mod chat_section;
pub mod conditional_section;
mod image;
mod page;
mod parts;
mod record;
mod view;
mod viewer;
mod words;

pub(crate) use actions::{action, play};
pub(crate) use image::image;
pub(crate) use page::{page, page_with_chat, page_with_conditional};
pub(crate) use parts::position_at;
pub use parts::{ActionButton, ClockLine, MovePair, ReplayLink};
pub(crate) use record::record;
pub use words::{outcome_text, scores_text};
