//! The hand-made evaluation of Reversi, for the board sizes without learned weights
//! (6x6 and 10x10): mobility, corners, the squares next to empty corners, frontier discs
//! and stable discs, in hundredths of a disc.

use super::board::Geometry;

/// Weights of the evaluation, in hundredths of a disc.
const CORNER: i32 = 800;
const X_SQUARE: i32 = 250;
const C_SQUARE: i32 = 80;
const MOBILITY: i32 = 70;
const FRONTIER: i32 = 15;
const STABLE: i32 = 120;

/// The evaluation of `me` to move against `opp` (the centre filled), from the mover's
/// view; `mine` is the mover's number of legal moves (0 when it must pass).
pub(crate) fn evaluate(geometry: &Geometry, me: u128, opp: u128, mine: i32) -> i32 {
    let occupied = me | opp;
    let empty = geometry.full & !occupied;
    let theirs = geometry.moves(opp, me).count_ones() as i32;
    let mut score = MOBILITY * (mine - theirs);
    let mut any_corner = false;
    for &(corner, x_square, c_squares) in &geometry.corners {
        let count = |side: u128, squares: u128| (side & squares).count_ones() as i32;
        if occupied & corner != 0 {
            any_corner = true;
            score += CORNER * (count(me, corner) - count(opp, corner));
        } else {
            score -= X_SQUARE * (count(me, x_square) - count(opp, x_square));
            score -= C_SQUARE * (count(me, c_squares) - count(opp, c_squares));
        }
    }
    let near_empty = geometry.neighbours(empty);
    score -=
        FRONTIER * ((me & near_empty).count_ones() as i32 - (opp & near_empty).count_ones() as i32);
    if any_corner {
        let stable_mine = geometry.stable(me, occupied).count_ones() as i32;
        let stable_theirs = geometry.stable(opp, occupied).count_ones() as i32;
        score += STABLE * (stable_mine - stable_theirs);
    }
    score
}
