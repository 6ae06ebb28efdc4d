//! Leagues: divisions of groups, with promotion and relegation between seasons.

use crate::sections;

/// Where a player comes from: previous division, rank in the group, group number, and
/// place in the newcomer list (newcomers have division `usize::MAX`).
type Origin = (usize, usize, usize, usize);

/// The groups of a league's next season. `divisions[d][g]` is group g of division d
/// (0 = top), its players in final ranking order. The best `promote` of each group move
/// up one division (not from the top), the last `relegate` move down one (not from the
/// bottom); `newcomers` join the lowest division.
///
/// Capacity rule: division d holds at most `group_size × 2^d` players, but only the
/// lowest division is held to it: when it would hold more, the players at the end of its
/// order (the newcomers first) open a new division below, and so on. Each division is
/// then split into groups of at most `group_size` (less than 2 counts as 2) balanced like
/// [`sections::split`], its players ordered by previous division (higher first), then
/// rank in their group, then group number; newcomers come last, in the order given.
/// A group never loses more players than it has (promotion is counted first); empty
/// divisions are dropped. Players who left are simply absent from the input (the caller
/// drops them first).
pub fn next_season<T: Clone>(
    divisions: &[Vec<Vec<T>>],
    promote: usize,
    relegate: usize,
    newcomers: &[T],
    group_size: usize,
) -> Vec<Vec<Vec<T>>> {
    let group_size = group_size.max(2);
    let last = divisions.len().saturating_sub(1);
    // Each player's (previous division, rank, group, newcomer order) and new division.
    let mut moved: Vec<(Origin, usize, &T)> = Vec::new();
    for (d, division) in divisions.iter().enumerate() {
        for (g, group) in division.iter().enumerate() {
            let size = group.len();
            let up = if d == 0 { 0 } else { promote.min(size) };
            let down = if d == last {
                0
            } else {
                relegate.min(size - up)
            };
            for (r, player) in group.iter().enumerate() {
                let to = if r < up {
                    d - 1
                } else if r >= size - down {
                    d + 1
                } else {
                    d
                };
                moved.push(((d, r, g, 0), to, player));
            }
        }
    }
    let mut lists: Vec<Vec<(Origin, &T)>> = vec![Vec::new(); divisions.len().max(1)];
    for (key, to, player) in moved {
        lists[to].push((key, player));
    }
    for list in &mut lists {
        list.sort_by_key(|&(key, _)| key);
    }
    let bottom = lists.len() - 1;
    for (i, player) in newcomers.iter().enumerate() {
        lists[bottom].push(((usize::MAX, 0, 0, i), player));
    }
    // Overflow from the lowest division opens new ones.
    loop {
        let d = lists.len() - 1;
        let capacity = 1usize
            .checked_shl(u32::try_from(d).unwrap_or(u32::MAX))
            .map_or(usize::MAX, |factor| group_size.saturating_mul(factor));
        if lists[d].len() <= capacity {
            break;
        }
        let overflow = lists[d].split_off(capacity);
        lists.push(overflow);
    }
    lists
        .into_iter()
        .filter(|list| !list.is_empty())
        .map(|list| {
            sections::split(list.len(), group_size)
                .into_iter()
                .map(|section| section.into_iter().map(|i| list[i].1.clone()).collect())
                .collect()
        })
        .collect()
}
