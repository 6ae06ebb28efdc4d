//! Sending e-mail over SMTP (`SMTP_URL`, `MAIL_FROM`) with lettre: one message shape for
//! every mail (a subject, paragraphs, a list of links, a button, a footer), rendered as a
//! plain-text and an HTML part in the player's language, with RFC 8058 one-click
//! unsubscribe headers when the mail is a notification.

use std::time::Duration;

use askama::Template;
use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{
        Mailbox, MultiPart,
        header::{Header, HeaderName, HeaderValue},
    },
};

use crate::config::MailConfig;

/// The longest an SMTP conversation may stall (the outbox cuts a send off at 30 s).
const SMTP_TIMEOUT: Duration = Duration::from_secs(20);

/// The longest address accepted (RFC 5321's path limit).
pub const MAX_ADDRESS_LEN: usize = 254;

/// A player's address, trimmed, if it is one a mail can be sent to.
#[must_use]
pub fn valid_address(text: &str) -> Option<String> {
    let text = text.trim();
    (text.len() <= MAX_ADDRESS_LEN && text.parse::<lettre::Address>().is_ok())
        .then(|| text.to_owned())
}

/// What a mail says, in one language: both parts are rendered from it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Content {
    /// The language tag (`en`, `et`).
    pub lang: &'static str,
    /// The subject (also the HTML part's heading).
    pub subject: String,
    /// Paragraphs before the list.
    pub paragraphs: Vec<String>,
    /// Lines with a link each (a digest's games).
    pub items: Vec<Item>,
    /// The main link: its label and URL.
    pub action: Option<Item>,
    /// Why the player gets the mail, and how to stop it.
    pub footer: Vec<String>,
    /// The one-click unsubscribe URL (notifications; not verification or reset mails).
    pub unsubscribe: Option<String>,
    /// The label of the unsubscribe link.
    pub unsubscribe_label: String,
}

/// A line with a link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// Its text.
    pub text: String,
    /// Where it links to (absolute, from `PUBLIC_URL`).
    pub url: String,
}

#[derive(Template)]
#[template(path = "mail/mail.txt")]
struct TextPart<'a> {
    mail: &'a Content,
}

#[derive(Template)]
#[template(path = "mail/mail.html")]
struct HtmlPart<'a> {
    mail: &'a Content,
}

impl Content {
    /// The plain-text part.
    ///
    /// # Errors
    ///
    /// A template error (none is expected).
    pub fn text(&self) -> Result<String, askama::Error> {
        TextPart { mail: self }.render()
    }

    /// The HTML part.
    ///
    /// # Errors
    ///
    /// A template error (none is expected).
    pub fn html(&self) -> Result<String, askama::Error> {
        HtmlPart { mail: self }.render()
    }
}

/// `List-Unsubscribe: <url>` (RFC 2369).
#[derive(Debug, Clone)]
struct ListUnsubscribe(String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }

    fn parse(text: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribe(
            text.trim()
                .trim_start_matches('<')
                .trim_end_matches('>')
                .to_owned(),
        ))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), format!("<{}>", self.0))
    }
}

/// `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058).
#[derive(Debug, Clone)]
struct ListUnsubscribePost;

impl Header for ListUnsubscribePost {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribePost)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".to_owned())
    }
}

/// The SMTP transport and the sender, built once from the configuration.
#[derive(Clone)]
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mailer")
            .field("from", &self.from.to_string())
            .finish_non_exhaustive()
    }
}

impl Mailer {
    /// The mailer for `config` (no connection is made until the first mail).
    ///
    /// # Errors
    ///
    /// An unusable URL or sender (the configuration checks both first).
    pub fn new(config: &MailConfig) -> Result<Mailer, String> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(config.smtp_url.expose())
            .map_err(|error| error.to_string())?
            .timeout(Some(SMTP_TIMEOUT))
            .build();
        let from = config
            .from
            .parse::<Mailbox>()
            .map_err(|error| error.to_string())?;
        Ok(Mailer { transport, from })
    }

    /// The domain of the sender's address, for Message-IDs.
    fn domain(&self) -> &str {
        self.from.email.domain()
    }

    /// Sends `content` to `to` as one message whose Message-ID is made from `id` (the
    /// outbox row's id: a second send of the same row is the same message).
    ///
    /// # Errors
    ///
    /// The address, the rendering or the SMTP conversation failed (its text, for the
    /// outbox's `last_error`).
    pub async fn send(&self, to: &str, id: &str, content: &Content) -> Result<(), String> {
        let to: Mailbox = to
            .parse()
            .map_err(|error| format!("bad recipient: {error}"))?;
        let text = content.text().map_err(|error| error.to_string())?;
        let html = content.html().map_err(|error| error.to_string())?;
        let mut builder = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(content.subject.clone())
            .message_id(Some(format!("<{id}@{}>", self.domain())));
        if let Some(url) = &content.unsubscribe {
            builder = builder
                .header(ListUnsubscribe(url.clone()))
                .header(ListUnsubscribePost);
        }
        let message = builder
            .multipart(MultiPart::alternative_plain_html(text, html))
            .map_err(|error| error.to_string())?;
        self.transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|error| format!("smtp: {error}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_checked() {
        assert_eq!(
            valid_address(" ann@example.org ").as_deref(),
            Some("ann@example.org")
        );
        for bad in [
            "",
            "ann",
            "ann@",
            "@example.org",
            "a b@example.org",
            "ann@exa mple.org",
        ] {
            assert_eq!(valid_address(bad), None, "{bad}");
        }
        let long = format!("{}@example.org", "a".repeat(250));
        assert_eq!(valid_address(&long), None);
    }

    #[test]
    fn both_parts_carry_the_text_and_the_links_and_html_is_escaped() {
        let content = Content {
            lang: "en",
            subject: "Less than a day left".to_owned(),
            paragraphs: vec!["Your move against <Bob>".to_owned()],
            items: vec![Item {
                text: "Chess against Bob".to_owned(),
                url: "https://games.example.org/games/1".to_owned(),
            }],
            action: Some(Item {
                text: "Open the game".to_owned(),
                url: "https://games.example.org/games/1".to_owned(),
            }),
            footer: vec!["You get this because…".to_owned()],
            unsubscribe: Some("https://games.example.org/email/unsubscribe/k".to_owned()),
            unsubscribe_label: "Unsubscribe".to_owned(),
        };
        let text = content.text().unwrap();
        assert!(text.contains("Your move against <Bob>"), "{text}");
        assert!(text.contains("https://games.example.org/games/1"));
        assert!(text.contains("https://games.example.org/email/unsubscribe/k"));
        let html = content.html().unwrap();
        assert!(
            html.contains("Your move against &#60;Bob&#62;") || html.contains("&lt;Bob&gt;"),
            "{html}"
        );
        assert!(
            html.contains("href=\"https://games.example.org/games/1\""),
            "{html}"
        );
        assert!(html.contains("lang=\"en\""));
    }
}
