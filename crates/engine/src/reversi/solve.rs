//! The exact solver for Reversi's last empties.

use super::board::Geometry;
use crate::search::Limits;

/// The exact final disc margin for `me` (mover minus opponent) with both playing their
/// best, fail-soft against the window `alpha`–`beta`. Passes are played as the rules
/// say; the game ends when neither side can place.
pub(crate) fn solve(
    geometry: &Geometry,
    me: u128,
    opp: u128,
    mut alpha: i32,
    beta: i32,
    limits: &mut Limits<'_>,
) -> i32 {
    if !limits.visit() {
        return 0;
    }
    let mut targets = geometry.moves(me, opp);
    if targets == 0 {
        if geometry.moves(opp, me) == 0 {
            return me.count_ones() as i32 - opp.count_ones() as i32;
        }
        return -solve(geometry, opp, me, -beta, -alpha, limits);
    }
    let mut children: Vec<(u128, u128, i32)> = Vec::with_capacity(targets.count_ones() as usize);
    let sort = targets.count_ones() > 1 && (geometry.full & !(me | opp)).count_ones() > 6;
    while targets != 0 {
        let at = targets & targets.wrapping_neg();
        targets ^= at;
        let flips = geometry.flips(me, opp, at);
        let (child_me, child_opp) = (opp & !flips, me | flips | at);
        let replies = if sort {
            geometry.moves(child_me, child_opp).count_ones() as i32
                - if geometry.corners.iter().any(|&(corner, _, _)| corner == at) {
                    4
                } else {
                    0
                }
        } else {
            0
        };
        children.push((child_me, child_opp, replies));
    }
    if sort {
        children.sort_by_key(|&(_, _, replies)| replies);
    }
    let mut best = i32::MIN + 1;
    for (child_me, child_opp, _) in children {
        let score = -solve(geometry, child_me, child_opp, -beta, -alpha, limits);
        if limits.aborted() {
            return 0;
        }
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}
