//! Charts drawn by the server as inline SVG, readable without JavaScript: a rating
//! history (a text title, the lowest and highest ratings labelled, the first and last
//! dates under it, and a dot per game that tells its date and rating on hover), and a
//! reviewed game's evaluation move by move.

use std::fmt::Write;

use domain::ratings::ShownRating;

/// The chart's width and height in pixels (it is drawn to the page's width).
const WIDTH: i64 = 480;
const HEIGHT: i64 = 180;
/// Room for the dates at the bottom.
const BOTTOM: i64 = 20;
/// Room for the labels on the left.
const LEFT: i64 = 44;
const PAD: i64 = 10;

/// `text` made safe inside an element and inside a quoted attribute.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The opening of a chart of `class`, named `title` for screen readers.
fn open(class: &str, title: &str) -> String {
    let title = escape(title);
    format!(
        r##"<svg class="{class}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{title}"><title>{title}</title>"##
    )
}

/// Draws the ratings after each game (oldest first, with the unix time each game ended)
/// as a line with a band of one deviation either side; `date` writes a time as a date.
/// `title` names the chart for screen readers. Empty for no games.
#[must_use]
pub fn rating_history(
    title: &str,
    points: &[(i64, ShownRating)],
    date: &dyn Fn(i64) -> String,
) -> String {
    if points.is_empty() {
        return String::new();
    }
    let whole = |units: i64| (units + 500_000).div_euclid(1_000_000);
    let low = points
        .iter()
        .map(|(_, r)| whole(r.rating - r.deviation))
        .min()
        .unwrap_or(0);
    let high = points
        .iter()
        .map(|(_, r)| whole(r.rating + r.deviation))
        .max()
        .unwrap_or(0);
    let span = (high - low).max(1);
    let count = i64::try_from(points.len()).unwrap_or(i64::MAX);
    let x = |index: usize| {
        let index = i64::try_from(index).unwrap_or(0);
        if count == 1 {
            LEFT + (WIDTH - LEFT - PAD) / 2
        } else {
            LEFT + index * (WIDTH - LEFT - PAD) / (count - 1)
        }
    };
    let y = |rating: i64| PAD + (high - rating) * (HEIGHT - BOTTOM - 2 * PAD) / span;
    let line = |pick: &dyn Fn(&ShownRating) -> i64| {
        points
            .iter()
            .enumerate()
            .map(|(index, (_, rating))| format!("{},{}", x(index), y(pick(rating))))
            .collect::<Vec<_>>()
    };
    let upper = line(&|r| whole(r.rating + r.deviation));
    let mut lower = line(&|r| whole(r.rating - r.deviation));
    lower.reverse();
    let band = upper.into_iter().chain(lower).collect::<Vec<_>>().join(" ");
    let rating_line = line(&|r| whole(r.rating)).join(" ");
    let mut svg = open("rating-chart", title);
    let _ = write!(
        svg,
        r##"<polygon points="{band}" fill="#c9d8ee" stroke="none"/><polyline points="{rating_line}" fill="none" stroke="#1f4f8f" stroke-width="2"/>"##
    );
    for (value, at) in [(high, y(high)), (low, y(low))] {
        let _ = write!(
            svg,
            r##"<text x="{}" y="{}" font-size="11" text-anchor="end" fill="#333">{value}</text>"##,
            LEFT - 4,
            at + 4
        );
    }
    for (index, (at, rating)) in points.iter().enumerate() {
        let _ = write!(
            svg,
            r##"<circle cx="{}" cy="{}" r="3" fill="#1f4f8f"><title>{}: {}</title></circle>"##,
            x(index),
            y(whole(rating.rating)),
            date(*at),
            whole(rating.rating)
        );
    }
    let (first, last) = (points[0].0, points[points.len() - 1].0);
    let _ = write!(
        svg,
        r##"<text x="{LEFT}" y="{}" font-size="11" fill="#333">{}</text>"##,
        HEIGHT - 4,
        date(first)
    );
    if points.len() > 1 {
        let _ = write!(
            svg,
            r##"<text x="{}" y="{}" font-size="11" text-anchor="end" fill="#333">{}</text>"##,
            WIDTH - PAD,
            HEIGHT - 4,
            date(last)
        );
    }
    svg.push_str("</svg>");
    svg
}

/// Draws a reviewed game's evaluation after each move for White (`points`, in whole
/// units, between `-cap` and `cap`; the start first) as a line over a middle axis, White's
/// advantage up, with a dot on each marked move (`marks`: the point's index and the
/// words of its title). `title` names the chart for screen readers. Empty for no points.
#[must_use]
pub fn evaluation_graph(
    title: &str,
    points: &[f64],
    cap: f64,
    marks: &[(usize, String)],
) -> String {
    if points.is_empty() || cap <= 0.0 {
        return String::new();
    }
    let last = points.len().saturating_sub(1).max(1);
    #[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation)]
    let x = |index: usize| {
        LEFT + ((index as f64) * ((WIDTH - LEFT - PAD) as f64) / (last as f64)).round() as i64
    };
    let middle = (HEIGHT - BOTTOM) / 2;
    #[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation)]
    let y = |value: f64| {
        let half = (middle - PAD) as f64;
        middle - (value.clamp(-cap, cap) / cap * half).round() as i64
    };
    let line = points
        .iter()
        .enumerate()
        .map(|(index, value)| format!("{},{}", x(index), y(*value)))
        .collect::<Vec<_>>()
        .join(" ");
    let mut svg = open("evaluation-graph", title);
    let _ = write!(
        svg,
        r##"<line x1="{LEFT}" y1="{middle}" x2="{}" y2="{middle}" stroke="#888" stroke-dasharray="4 3"/><polyline points="{line}" fill="none" stroke="#1f4f8f" stroke-width="2"/>"##,
        WIDTH - PAD
    );
    for (value, label) in [(cap, format!("+{cap}")), (-cap, format!("-{cap}"))] {
        let _ = write!(
            svg,
            r##"<text x="{}" y="{}" font-size="11" text-anchor="end" fill="#333">{label}</text>"##,
            LEFT - 4,
            y(value) + 4
        );
    }
    for (index, words) in marks {
        if let Some(value) = points.get(*index) {
            let _ = write!(
                svg,
                r##"<circle cx="{}" cy="{}" r="4" fill="#b3261e"><title>{}</title></circle>"##,
                x(*index),
                y(*value),
                escape(words)
            );
        }
    }
    svg.push_str("</svg>");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_has_a_point_per_game_and_labels_its_range() {
        let point = |rating: i64, deviation: i64| ShownRating {
            rating: rating * 1_000_000,
            deviation: deviation * 1_000_000,
        };
        let date = |at: i64| format!("day {at}");
        let svg = rating_history(
            "Chess <rating>",
            &[
                (1, point(1500, 300)),
                (2, point(1650, 200)),
                (3, point(1600, 100)),
            ],
            &date,
        );
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains("<title>Chess &lt;rating&gt;</title>"));
        let line = svg.split("<polyline points=\"").nth(1).unwrap();
        let line = line.split('"').next().unwrap();
        assert_eq!(line.split(' ').count(), 3);
        // The band reaches 1500 - 300 = 1200 and 1650 + 200 = 1850.
        assert!(svg.contains(">1850</text>") && svg.contains(">1200</text>"));
        // A dot per game with its date and rating; the first and last dates below.
        assert_eq!(svg.matches("<circle").count(), 3);
        assert!(svg.contains("<title>day 2: 1650</title>"));
        assert!(svg.contains(">day 1</text>") && svg.contains(">day 3</text>"));
        // One game is a dot, not a blank box.
        let one = rating_history("one", &[(5, point(1500, 300))], &date);
        assert_eq!(one.matches("<circle").count(), 1);
        assert_eq!(rating_history("none", &[], &date), "");
    }
}
