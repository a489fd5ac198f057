//! Stamps the build with the commit it was made from, so every export can
//! say which code produced it (`lab::provenance`), and with a build id
//! (the commit and a hash of the sources) the page and its workers
//! compare. Without git, or outside a checkout, the commit is "unknown".

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
        .filter(|s| !s.is_empty())
}

/// FNV-1a over every file under `dir` (paths and contents, in order).
fn hash_tree(dir: &std::path::Path, h: &mut u64) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = rd.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            hash_tree(&p, h);
        } else if let Ok(bytes) = std::fs::read(&p) {
            for b in p.to_string_lossy().bytes().chain(bytes) {
                *h = (*h ^ b as u64).wrapping_mul(0x100_0000_01b3);
            }
        }
    }
}

fn main() {
    let commit = git(&["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=CREDITFLOW_COMMIT={commit}");
    // the build id: the commit and a hash of the sources, the same in the
    // page and its workers, which refuse each other across builds
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    hash_tree(std::path::Path::new("src"), &mut h);
    println!("cargo:rustc-env=CREDITFLOW_BUILD={commit}-{:08x}", h as u32);
    println!("cargo:rerun-if-changed=src");
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
