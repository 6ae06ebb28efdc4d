//! A rating-history chart drawn by the server as inline SVG: readable without
//! JavaScript, with a text title and the lowest and highest ratings labelled.

use std::fmt::Write;

use domain::ratings::ShownRating;

/// The chart's width and height in pixels.
const WIDTH: i64 = 480;
const HEIGHT: i64 = 160;
/// Room for the labels on the left.
const LEFT: i64 = 44;
const PAD: i64 = 10;

/// Draws the ratings after each game (oldest first) as a line with a band of one
/// deviation either side. `title` names the chart for screen readers. Empty for no games.
#[must_use]
pub fn rating_history(title: &str, points: &[(i64, ShownRating)]) -> String {
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
    let y = |rating: i64| PAD + (high - rating) * (HEIGHT - 2 * PAD) / span;
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
    let title = title
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    let mut svg = String::new();
    let _ = write!(
        svg,
        r##"<svg class="rating-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{title}"><title>{title}</title>"##
    );
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
        let svg = rating_history(
            "Chess <rating>",
            &[
                (1, point(1500, 300)),
                (2, point(1650, 200)),
                (3, point(1600, 100)),
            ],
        );
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains("<title>Chess &lt;rating&gt;</title>"));
        let line = svg.split("<polyline points=\"").nth(1).unwrap();
        let line = line.split('"').next().unwrap();
        assert_eq!(line.split(' ').count(), 3);
        // The band reaches 1500 - 300 = 1200 and 1650 + 200 = 1850.
        assert!(svg.contains(">1850</text>") && svg.contains(">1200</text>"));
        assert_eq!(rating_history("none", &[]), "");
    }
}
