//! Stamps the build with the commit it was made from, so every export can
//! say which code produced it (`lab::provenance`). Without git, or outside
//! a checkout, the stamp is "unknown".

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
        .filter(|s| !s.is_empty())
}

fn main() {
    let commit = git(&["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=CREDITFLOW_COMMIT={commit}");
    // rebuild the stamp when the checked-out commit moves
    // (only files that exist: cargo reruns a script whose watched file is
    // missing on every build)
    let head = git(&["symbolic-ref", "-q", "HEAD"]);
    let watched = ["HEAD", "packed-refs"]
        .into_iter()
        .map(str::to_string)
        .chain(head);
    for path in watched {
        if let Some(p) = git(&["rev-parse", "--git-path", &path]) {
            if std::path::Path::new(&p).exists() {
                println!("cargo:rerun-if-changed={p}");
            }
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
