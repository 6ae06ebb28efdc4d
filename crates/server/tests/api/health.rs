//! Health checks, unknown routes, the OpenAPI document.

use reqwest::StatusCode;

use crate::{helpers::TestApp, scenarios};

scenarios!(
    livez_and_readyz_answer_ok,
    unknown_routes_and_methods_get_json_errors,
    openapi_document_lists_every_route,
    openapi_document_declares_auth_errors_and_constraints,
    openapi_document_references_resolve,
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
        ("/api/v1/tokens", "get"),
        ("/api/v1/tokens/{id}", "delete"),
        ("/api/v1/session", "post"),
        ("/api/v1/session", "delete"),
        ("/api/v1/me", "get"),
        ("/api/v1/variants", "get"),
        ("/api/v1/challenges", "post"),
        ("/api/v1/challenges", "get"),
        ("/api/v1/challenges/{id}", "get"),
        ("/api/v1/challenges/{id}/accept", "post"),
        ("/api/v1/challenges/{id}/cancel", "post"),
        ("/api/v1/computer-games", "post"),
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
        ("/api/v1/me/settings", "get"),
        ("/api/v1/me/settings", "patch"),
        ("/api/v1/leaderboards/{variant}", "get"),
        ("/api/v1/players/{name}", "get"),
        ("/api/v1/players/{name}/games", "get"),
        ("/api/v1/variants/{variant}/games", "get"),
        ("/api/v1/games/{id}/give-time", "post"),
        ("/api/v1/games/{id}/pause/offer", "post"),
        ("/api/v1/games/{id}/pause/accept", "post"),
        ("/api/v1/games/{id}/pause/decline", "post"),
        ("/api/v1/me/time", "get"),
        ("/api/v1/me/time", "patch"),
        ("/api/v1/me/vacation", "post"),
        ("/api/v1/me/vacation", "delete"),
        ("/api/v1/notifications", "get"),
        ("/api/v1/notifications/unread-count", "get"),
        ("/api/v1/notifications/{id}/read", "post"),
        ("/api/v1/notifications/read-all", "post"),
        ("/api/v1/me/notifications", "get"),
        ("/api/v1/me/notifications", "patch"),
        ("/api/v1/push/key", "get"),
        ("/api/v1/me/push-subscriptions", "get"),
        ("/api/v1/me/push-subscriptions", "post"),
        ("/api/v1/me/push-subscriptions/{id}", "delete"),
        ("/api/v1/me/email", "get"),
        ("/api/v1/me/email", "put"),
        ("/api/account", "get"),
        ("/api/bot/account/upgrade", "post"),
        ("/api/stream/event", "get"),
        ("/api/challenge", "get"),
        ("/api/challenge/{name}", "post"),
        ("/api/challenge/{id}/accept", "post"),
        ("/api/challenge/{id}/decline", "post"),
        ("/api/challenge/{id}/cancel", "post"),
        ("/api/bot/game/stream/{id}", "get"),
        ("/api/bot/game/{id}/move/{move}", "post"),
        ("/api/bot/game/{id}/resign", "post"),
        ("/api/bot/game/{id}/abort", "post"),
        ("/api/bot/game/{id}/draw/{accept}", "post"),
        ("/api/bot/game/{id}/claim-draw", "post"),
        ("/api/board/game/stream/{id}", "get"),
        ("/api/board/game/{id}/move/{move}", "post"),
        ("/api/board/game/{id}/resign", "post"),
        ("/api/board/game/{id}/abort", "post"),
        ("/api/board/game/{id}/draw/{accept}", "post"),
        ("/api/board/game/{id}/claim-draw", "post"),
        ("/api/bot/game/{id}/chat", "get"),
        ("/api/bot/game/{id}/chat", "post"),
        ("/api/board/game/{id}/chat", "get"),
        ("/api/board/game/{id}/chat", "post"),
        ("/api/v1/games/{id}/chat", "get"),
        ("/api/v1/games/{id}/chat", "post"),
        ("/api/v1/games/{id}/note", "get"),
        ("/api/v1/games/{id}/note", "put"),
        ("/api/v1/me/blocks", "get"),
        ("/api/v1/me/blocks", "post"),
        ("/api/v1/me/blocks/{username}", "delete"),
        ("/api/v1/me/chat-settings", "get"),
        ("/api/v1/me/chat-settings", "patch"),
        ("/api/v1/games/{id}/conditional", "get"),
        ("/api/v1/games/{id}/conditional", "post"),
        ("/api/v1/games/{id}/conditional/{line}", "delete"),
        ("/api/v1/games/{id}/evaluation", "post"),
        ("/api/v1/games/{id}/review", "get"),
        ("/api/v1/games/{id}/review", "post"),
        ("/api/v1/repertoire", "get"),
        ("/api/v1/repertoire", "post"),
        ("/api/v1/repertoire/{line}", "delete"),
        ("/api/v1/games/{id}/repertoire-line", "post"),
        ("/api/v1/games/{id}/repertoire", "put"),
        ("/api/v1/me/password", "post"),
        ("/api/v1/me/export", "get"),
        ("/api/v1/me/delete", "post"),
        ("/api/v1/reports", "post"),
        ("/api/v1/admin/reports", "get"),
        ("/api/v1/admin/reports/{id}/{outcome}", "post"),
        ("/api/v1/admin/players/{name}", "get"),
        ("/api/v1/admin/players/{name}/{action}", "post"),
        ("/api/v1/admin/log", "get"),
        ("/api/v1/tournaments", "get"),
        ("/api/v1/tournaments", "post"),
        ("/api/v1/tournaments/{id}", "get"),
        ("/api/v1/tournaments/{id}/join", "post"),
        ("/api/v1/tournaments/{id}/leave", "post"),
        ("/api/v1/tournaments/{id}/start", "post"),
        ("/api/v1/tournaments/{id}/cancel", "post"),
        ("/api/v1/tournaments/{id}/remove", "post"),
    ] {
        assert!(
            paths.get(path).and_then(|p| p.get(method)).is_some(),
            "{method} {path} missing"
        );
    }
    let documented: usize = paths.values().map(|p| p.as_object().unwrap().len()).sum();
    assert_eq!(
        documented, 112,
        "a route is documented that the test does not know"
    );
    assert!(doc["components"]["schemas"]["GameDto"]["properties"]["legal_moves"].is_object());
}

async fn openapi_document_declares_auth_errors_and_constraints(app: TestApp) {
    let (status, doc) = app.get("/api/v1/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    let schemes = &doc["components"]["securitySchemes"];
    assert_eq!(schemes["bearer"]["type"], "http");
    assert_eq!(schemes["bearer"]["scheme"], "bearer");
    assert_eq!(schemes["session"]["in"], "cookie");
    assert_eq!(schemes["session"]["name"], edge::extract::SESSION_COOKIE);

    let mut operation_ids = std::collections::BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let id = operation["operationId"].as_str().unwrap();
            assert!(operation_ids.insert(id), "operationId `{id}` twice");
            let responses = operation["responses"].as_object().unwrap();
            if operation.get("requestBody").is_some() {
                for status in ["400", "413", "415", "422"] {
                    assert!(
                        responses.contains_key(status),
                        "{method} {path} does not declare {status}"
                    );
                }
            }
            for (status, response) in responses {
                if status.starts_with('4') || status.starts_with('5') {
                    assert_eq!(
                        response["content"]["application/json"]["schema"]["$ref"],
                        "#/components/schemas/ErrorBody",
                        "{method} {path} {status}"
                    );
                }
            }
            // Mutating calls and the caller's own resources need a signature.
            let signed =
                method != "get" || path.starts_with("/api/v1/me") || path == "/api/v1/games";
            let open = ["/api/v1/accounts", "/api/v1/tokens"].contains(&path.as_str())
                || (path == "/api/v1/session" && method == "post");
            if signed && !open {
                let security = operation["security"]
                    .as_array()
                    .unwrap_or_else(|| panic!("{method} {path} declares no security"));
                assert!(
                    security.iter().any(|s| s.get("bearer").is_some()),
                    "{method} {path} does not take a bearer token"
                );
                assert!(responses.contains_key("401"), "{method} {path} without 401");
            }
        }
    }

    let schemas = &doc["components"]["schemas"];
    let account = &schemas["NewAccountDto"]["properties"];
    let passwords = domain::accounts::PASSWORD_CHARS;
    assert_eq!(account["password"]["minLength"], *passwords.start());
    assert_eq!(account["password"]["maxLength"], *passwords.end());
    assert_eq!(account["username"]["pattern"], "^[A-Za-z0-9_-]{3,20}$");
    let challenge = &schemas["NewChallengeDto"]["properties"];
    assert_eq!(
        challenge["days_per_move"]["enum"],
        serde_json::json!(domain::challenges::DAYS_PER_MOVE)
    );
    let variants: Vec<&str> = rules::Variant::ALL.iter().map(|v| v.as_str()).collect();
    assert_eq!(challenge["variant"]["enum"], serde_json::json!(variants));
    assert_eq!(
        challenge["color"]["enum"],
        serde_json::json!(["white", "black", "random"])
    );
    assert_eq!(schemas["MoveDto"]["properties"]["ply"]["minimum"], 0);
}

/// Every `$ref` in the document names a component that is there: a type used only as a
/// parameter is not registered by utoipa on its own, and a client generator (or
/// schemathesis) fails on the dangling reference.
async fn openapi_document_references_resolve(app: TestApp) {
    let (status, doc) = app.get("/api/v1/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    let mut references = Vec::new();
    collect_references(&doc, &mut references);
    assert!(
        references.len() > 100,
        "only {} references found: the walk is broken",
        references.len()
    );
    for reference in references {
        let name = reference
            .strip_prefix("#/components/schemas/")
            .unwrap_or_else(|| panic!("a reference outside the schemas: {reference}"));
        assert!(
            doc["components"]["schemas"].get(name).is_some(),
            "{reference} does not resolve"
        );
    }
}

fn collect_references(value: &serde_json::Value, into: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, value) in map {
                match (key.as_str(), value) {
                    ("$ref", serde_json::Value::String(reference)) => {
                        into.push(reference.clone());
                    }
                    _ => collect_references(value, into),
                }
            }
        }
        serde_json::Value::Array(items) => {
            for item in items {
                collect_references(item, into);
            }
        }
        _ => {}
    }
}
