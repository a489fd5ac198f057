//! Which code made a file: the crate's version and the commit it was built
//! from (stamped by `build.rs`), put into every export beside its settings.

/// The crate's version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The commit the build came from (12 hex digits), or "unknown" when it
/// was built outside a git checkout.
pub const COMMIT: &str = match option_env!("CREDITFLOW_COMMIT") {
    Some(c) => c,
    None => "unknown",
};

/// The build: the commit and a hash of the sources. The page and its
/// workers compare it, so that a tab opened before a deploy never hands
/// its work to a newer build's worker.
pub const BUILD: &str = match option_env!("CREDITFLOW_BUILD") {
    Some(b) => b,
    None => "unknown",
};

/// The stamp every export carries: `{"creditflow": VERSION, "commit": COMMIT}`
/// with `fields` added after them.
pub fn stamp(fields: serde_json::Value) -> serde_json::Value {
    let mut out = serde_json::json!({ "creditflow": VERSION, "commit": COMMIT });
    if let (Some(o), serde_json::Value::Object(more)) = (out.as_object_mut(), fields) {
        o.extend(more);
    }
    out
}
