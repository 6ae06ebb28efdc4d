//! All-play-all schedules.

use crate::{Pairing, Round, Seed};

/// Every round of an all-play-all among `players` (circle/Berger method): each pair meets
/// once, or twice with colours swapped when `double` (second cycle after the first).
/// Odd counts: one bye per round. Colours as balanced as possible (each player's whites
/// and blacks differ by at most 1 in a single cycle; equal in a double cycle).
/// Within a cycle nobody has the same colour more than twice in a row.
///
/// Fewer than two players give no rounds. The players are taken as given (a seed listed
/// twice is scheduled twice).
pub fn schedule(players: &[Seed], double: bool) -> Vec<Round> {
    let n = players.len();
    if n < 2 {
        return Vec::new();
    }
    // With an odd count a phantom player (index n) joins; meeting it is the bye.
    let slots = n + n % 2;
    let fixed = slots - 1;
    let circle = slots - 1; // odd: the players 0..circle rotate around the fixed one
    let half = (circle - 1) / 2;
    let player = |i: usize| (i < n).then(|| players[i]);
    // Rounds in Berger order: the centre moves by slots/2 places each round (slots/2 and
    // the circle's length are coprime, so every centre comes once).
    let mut first = Vec::with_capacity(circle);
    for round in 0..circle {
        let r = (round * (slots / 2)) % circle;
        let mut out = Round::default();
        // The fixed player meets r, White in every other round.
        let (w, b) = if round % 2 == 0 {
            (fixed, r)
        } else {
            (r, fixed)
        };
        push(&mut out, player(w), player(b));
        for k in 1..=half {
            let up = (r + k) % circle;
            let down = (r + circle - k) % circle;
            // The player ahead of the centre has White: each circle player is ahead in
            // `half` rounds and behind in `half`, and with the Berger order the colours
            // alternate from round to round (two in a row only around the fixed player).
            let (w, b) = (up, down);
            push(&mut out, player(w), player(b));
        }
        first.push(out);
    }
    if !double {
        return first;
    }
    let second: Vec<Round> = first
        .iter()
        .map(|round| Round {
            pairings: round
                .pairings
                .iter()
                .map(|p| Pairing {
                    white: p.black,
                    black: p.white,
                })
                .collect(),
            bye: round.bye,
        })
        .collect();
    first.extend(second);
    first
}

/// Adds the game of `white` and `black` to `round`, or the bye when one is the phantom.
fn push(round: &mut Round, white: Option<Seed>, black: Option<Seed>) {
    match (white, black) {
        (Some(white), Some(black)) => round.pairings.push(Pairing { white, black }),
        (Some(p), None) | (None, Some(p)) => round.bye = Some(p),
        (None, None) => {}
    }
}
