//! Health checks, unknown routes, the OpenAPI document.

use reqwest::StatusCode;

use crate::{helpers::TestApp, scenarios};

scenarios!(
    livez_and_readyz_answer_ok,
    unknown_routes_and_methods_get_json_errors,
    openapi_document_lists_every_route
);

async fn livez_and_readyz_answer_ok(app: TestApp) {
    assert_eq!(app.get("/livez", None).await, (StatusCode::OK, "ok".into()));
    assert_eq!(
        app.get("/readyz", None).await,
        (StatusCode::OK, "ok".into())
    );
}

async fn unknown_routes_and_methods_get_json_errors(app: TestApp) {
    let (status, body) = app.get("/api/v1/nothing-here", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["error"], "not_found");
    assert!(body["message"].is_string());
    let (status, body) = app
        .send(reqwest::Method::DELETE, "/api/v1/variants", None, None)
        .await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(body["error"], "method_not_allowed");
}

async fn openapi_document_lists_every_route(app: TestApp) {
    let (status, doc) = app.get("/api/v1/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    let paths = doc["paths"].as_object().unwrap();
    for (path, method) in [
        ("/api/v1/accounts", "post"),
        ("/api/v1/tokens", "post"),
        ("/api/v1/session", "post"),
        ("/api/v1/session", "delete"),
        ("/api/v1/me", "get"),
        ("/api/v1/variants", "get"),
        ("/api/v1/challenges", "post"),
        ("/api/v1/challenges", "get"),
        ("/api/v1/challenges/{id}", "get"),
        ("/api/v1/challenges/{id}/accept", "post"),
        ("/api/v1/challenges/{id}/cancel", "post"),
        ("/api/v1/games", "get"),
        ("/api/v1/games/{id}", "get"),
        ("/api/v1/games/{id}/moves", "post"),
        ("/api/v1/games/{id}/resign", "post"),
        ("/api/v1/games/{id}/abort", "post"),
        ("/api/v1/games/{id}/draw/offer", "post"),
        ("/api/v1/games/{id}/draw/accept", "post"),
        ("/api/v1/games/{id}/draw/decline", "post"),
        ("/api/v1/games/{id}/draw/claim", "post"),
        ("/api/v1/games/{id}/events", "get"),
        ("/api/v1/me/events", "get"),
    ] {
        assert!(
            paths.get(path).and_then(|p| p.get(method)).is_some(),
            "{method} {path} missing"
        );
    }
    let documented: usize = paths.values().map(|p| p.as_object().unwrap().len()).sum();
    assert_eq!(
        documented, 22,
        "a route is documented that the test does not know"
    );
    assert!(doc["components"]["schemas"]["GameDto"]["properties"]["legal_moves"].is_object());
}
