//! What the binary's tests share: running `parlour`, reading what it
//! printed, scratch folders, and the records a match writes.
#![allow(dead_code)] // each test file uses a part

use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The binary under test.
pub const PARLOUR: &str = env!("CARGO_BIN_EXE_parlour");

/// Runs `parlour` with `args`.
pub fn parlour(args: &[&str]) -> Output {
    Command::new(PARLOUR)
        .args(args)
        .output()
        .expect("the parlour binary runs")
}

/// Runs `parlour ARGS` with `input` on standard input.
pub fn with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(PARLOUR)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the parlour binary runs");
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

/// What a run printed on stdout.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

/// Runs a command that must succeed; its stdout.
pub fn ok(args: &[&str]) -> String {
    let out = parlour(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?} failed: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    stdout(&out)
}

/// Runs a command that must fail cleanly: a message on stderr, nothing on
/// stdout, an exit status (not a signal) and no panic; its stderr.
pub fn fails(args: &[&str]) -> String {
    let out = parlour(args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!out.status.success(), "{args:?} succeeded");
    assert!(out.status.code().is_some(), "{args:?} was killed: {stderr}");
    assert!(
        out.stdout.is_empty(),
        "{args:?} printed {:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(!stderr.trim().is_empty(), "{args:?}: no message");
    assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
    stderr
}

/// A fresh, empty folder for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("parlour-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A path as an argument.
pub fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// The game records of a results file, one JSON object a line after the
/// match's header.
pub fn records(file: &Path) -> Vec<Value> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("a JSON line"))
        .filter(|v| v.get("parlour_match").is_none())
        .collect()
}
