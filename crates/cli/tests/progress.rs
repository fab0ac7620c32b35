//! Long commands write one kind of progress to a log (stderr not a
//! terminal): a line when work starts, lines at most every five seconds,
//! and a summary, none wider than 80 characters.

mod support;

use support::{parlour, path, scratch};

/// The lines a run wrote on stderr, each checked for width.
fn logged(args: &[&str]) -> Vec<String> {
    let out = parlour(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{args:?}: {err}");
    let lines: Vec<String> = err.lines().map(str::to_string).collect();
    for line in &lines {
        assert!(line.chars().count() <= 80, "{args:?}: too wide: {line}");
    }
    lines
}

#[test]
fn selfplay_logs_its_start_and_its_summary() {
    let dir = scratch("progress-selfplay");
    let out = dir.join("sp.bin");
    let args = [
        "selfplay",
        "--out",
        path(&out),
        "--games",
        "4",
        "--nodes",
        "200",
        "--concurrency",
        "1",
    ];
    let lines = logged(&args);
    assert_eq!(lines[0], "parlour selfplay: 4 games to do, 0 done before");
    let last = lines.last().unwrap();
    assert!(
        last.starts_with("parlour selfplay: done in ") && last.contains(": 4 games, "),
        "{lines:?}"
    );
    assert!(
        lines.iter().all(|l| l.starts_with("parlour selfplay: ")),
        "{lines:?}"
    );
    // Resumed with more games, it says what is left of them.
    let mut more = args;
    more[4] = "6";
    let lines = logged(&more);
    assert_eq!(lines[0], "parlour selfplay: 6 games to do, 4 done before");
}

#[test]
fn deep_perft_logs_its_depth_and_its_summary() {
    let lines = logged(&["perft", "--depth", "6", "--hash", "1", "--threads", "1"]);
    assert_eq!(
        lines[0],
        "parlour perft: depth 6: 805 units to do, 0 done before"
    );
    let last = lines.last().unwrap();
    assert!(
        last.starts_with("parlour perft: done in ")
            && last.ends_with(": depth 6, 805 units counted"),
        "{lines:?}"
    );
}
