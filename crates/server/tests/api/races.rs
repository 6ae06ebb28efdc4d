//! Concurrent submissions of the same move: exactly one applies.

use futures_util::future::join_all;
use reqwest::StatusCode;

use crate::{helpers::TestApp, scenarios};

scenarios!(double_submit_applies_a_move_exactly_once);

async fn double_submit_applies_a_move_exactly_once(app: TestApp) {
    let white = app.player("white_p").await;
    let black = app.player("black_p").await;
    let id = app.new_game("chess", &white, &black).await;
    for (ply, (player, mv)) in [(&white, "e2e4"), (&black, "c7c5"), (&white, "g1f3")]
        .into_iter()
        .enumerate()
    {
        let ply = ply as u64;
        let results = join_all((0..12).map(|_| app.play(player, &id, mv, ply))).await;
        let ok = results
            .iter()
            .filter(|(status, _)| *status == StatusCode::OK)
            .count();
        let conflicts = results
            .iter()
            .filter(|(status, body)| {
                *status == StatusCode::CONFLICT && body["error"] == "stale_ply"
            })
            .count();
        assert_eq!((ok, conflicts), (1, 11), "{mv}: {results:?}");
        let game = app.game(&id).await;
        assert_eq!(game["ply"], ply + 1);
        assert_eq!(game["moves"].as_array().unwrap().len() as u64, ply + 1);
    }
    // Different moves racing at the same ply: still exactly one wins.
    let results =
        join_all(["e7e5", "e7e6", "d7d6", "g8f6"].map(|mv| app.play(&black, &id, mv, 3))).await;
    assert_eq!(
        results
            .iter()
            .filter(|(status, _)| *status == StatusCode::OK)
            .count(),
        1,
        "{results:?}"
    );
    assert_eq!(app.game(&id).await["ply"], 4);
}
