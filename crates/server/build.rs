//! Decides at build time which test suites can run here, so that a suite whose service
//! is absent is compiled as ignored (with the reason) instead of passing without running:
//!
//! - `postgres_tests`: `TEST_DATABASE_URL` is set, or `CI=true` (where the Postgres runs
//!   are required and fail if the service is absent);
//! - `browser_tests`: `chromium` and `chromedriver` are found (on `PATH`, or through
//!   `CHROME_BIN` and `CHROMEDRIVER`), or `CI=true`.
//!
//! Installing a browser later needs a rebuild: `touch crates/server/build.rs`.

use std::{env, path::Path};

fn main() {
    for variable in [
        "TEST_DATABASE_URL",
        "CI",
        "PATH",
        "CHROME_BIN",
        "CHROMEDRIVER",
    ] {
        println!("cargo::rerun-if-env-changed={variable}");
    }
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rustc-check-cfg=cfg(postgres_tests)");
    println!("cargo::rustc-check-cfg=cfg(browser_tests)");
    let ci = env::var("CI").is_ok_and(|value| value == "true");
    let postgres = env::var("TEST_DATABASE_URL").is_ok_and(|url| !url.trim().is_empty());
    if ci || postgres {
        println!("cargo::rustc-cfg=postgres_tests");
    }
    let browser = found(
        "CHROME_BIN",
        &["chromium", "chromium-browser", "google-chrome"],
    ) && found("CHROMEDRIVER", &["chromedriver"]);
    if ci || browser {
        println!("cargo::rustc-cfg=browser_tests");
    }
}

/// Whether `variable` names an existing file, or one of `names` is on `PATH`.
fn found(variable: &str, names: &[&str]) -> bool {
    if let Some(path) = env::var_os(variable) {
        return Path::new(&path).is_file();
    }
    let Some(paths) = env::var_os("PATH") else {
        return false;
    };
    env::split_paths(&paths).any(|dir| names.iter().any(|name| dir.join(name).is_file()))
}
