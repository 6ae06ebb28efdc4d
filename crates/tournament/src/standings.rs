//! Standings with tie-breaks.

use std::collections::HashMap;

use crate::{Game, Seed};

/// One player's line in the standings. Points are counted in half points (win 2, draw 1,
/// loss 0, bye 2) so that everything stays an integer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// The player.
    pub seed: Seed,
    /// 1-based place; unique (the last rule breaks every tie).
    pub rank: usize,
    /// Points in half points, byes included.
    pub half_points: u32,
    /// Sonneborn–Berger in quarter points: for each finished game, the opponent's
    /// half_points times 2 for a win, times 1 for a draw (byes add nothing).
    pub sonneborn_berger: u32,
    /// Half points scored in games among the players still tied on points and SB.
    pub direct_encounter: u32,
    /// Games won (byes excluded).
    pub wins: u32,
    /// Finished games played (byes excluded).
    pub played: u32,
}

/// Ranks `players` by points, then Sonneborn–Berger, then direct encounter (points in the
/// games among the players still tied), then number of wins, then the last rule: the
/// higher seed (lower Seed number) first. Games still being played count for nothing;
/// games with a player not in `players` are ignored.
///
/// Each entry of `byes` (of a listed player) is worth a win; a seed listed twice in
/// `players` is ranked once.
pub fn rank(players: &[Seed], games: &[Game], byes: &[Seed]) -> Vec<Standing> {
    let mut index: HashMap<Seed, usize> = HashMap::with_capacity(players.len());
    let mut lines: Vec<Standing> = Vec::with_capacity(players.len());
    for &seed in players {
        if let std::collections::hash_map::Entry::Vacant(slot) = index.entry(seed) {
            slot.insert(lines.len());
            lines.push(Standing {
                seed,
                rank: 0,
                half_points: 0,
                sonneborn_berger: 0,
                direct_encounter: 0,
                wins: 0,
                played: 0,
            });
        }
    }
    // The finished games among listed players, as (white, black, white's half points,
    // black's): they add up to 2, or to 0 when both lost.
    let counted: Vec<(usize, usize, u32, u32)> = games
        .iter()
        .filter_map(|g| {
            let w = *index.get(&g.white)?;
            let b = *index.get(&g.black)?;
            let (pw, pb) = (g.half_points_of(g.white)?, g.half_points_of(g.black)?);
            (w != b).then_some((w, b, pw, pb))
        })
        .collect();
    for &(w, b, pw, pb) in &counted {
        for (me, points) in [(w, pw), (b, pb)] {
            let line = &mut lines[me];
            line.half_points = line.half_points.saturating_add(points);
            line.played += 1;
            if points == 2 {
                line.wins += 1;
            }
        }
    }
    for seed in byes {
        if let Some(&i) = index.get(seed) {
            lines[i].half_points = lines[i].half_points.saturating_add(2);
        }
    }
    let points: Vec<u32> = lines.iter().map(|l| l.half_points).collect();
    for &(w, b, pw, pb) in &counted {
        let (sw, sb) = (points[b].saturating_mul(pw), points[w].saturating_mul(pb));
        lines[w].sonneborn_berger = lines[w].sonneborn_berger.saturating_add(sw);
        lines[b].sonneborn_berger = lines[b].sonneborn_berger.saturating_add(sb);
    }
    // Groups still tied on points and SB; direct encounter among each group's members.
    let mut groups: HashMap<(u32, u32), usize> = HashMap::new();
    let group: Vec<usize> = lines
        .iter()
        .map(|l| {
            let next = groups.len();
            *groups
                .entry((l.half_points, l.sonneborn_berger))
                .or_insert(next)
        })
        .collect();
    for &(w, b, pw, pb) in &counted {
        if group[w] == group[b] {
            lines[w].direct_encounter += pw;
            lines[b].direct_encounter += pb;
        }
    }
    lines.sort_by(|x, y| {
        (
            y.half_points,
            y.sonneborn_berger,
            y.direct_encounter,
            y.wins,
        )
            .cmp(&(
                x.half_points,
                x.sonneborn_berger,
                x.direct_encounter,
                x.wins,
            ))
            .then(x.seed.cmp(&y.seed))
    });
    for (place, line) in lines.iter_mut().enumerate() {
        line.rank = place + 1;
    }
    lines
}
