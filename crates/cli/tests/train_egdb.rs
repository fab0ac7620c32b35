//! `parlour train --egdb DIR`: the positions the endgame databases hold
//! take their exact values as their results.

mod support;

use support::{fails, ok, path, scratch};

/// Endgames of three pieces (two won for the side with two kings, one
/// drawn) and one of five, which 3-piece databases do not hold.
const ENDGAMES: &str = "W:WK10,K18:BK3\nB:WK14:BK1,K19\nW:WK10:BK3\nW:W9,K18,K27:BK3,K30\n";

/// A scratch folder `name` with 3-piece databases (`egdb`) and `games`
/// games of self-play from the endgames under `rules` (`endgames.bin`).
fn endgames(name: &str, rules: &str, games: &str) -> std::path::PathBuf {
    let dir = scratch(name);
    let openings = dir.join("endgames.txt");
    std::fs::write(&openings, ENDGAMES).unwrap();
    let egdb = dir.join("egdb");
    ok(&["egdb", "build", "--pieces", "3", "--dir", path(&egdb)]);
    ok(&[
        "selfplay",
        "--rules",
        rules,
        "--out",
        path(&dir.join("endgames.bin")),
        "--openings",
        path(&openings),
        "--random-plies",
        "0",
        "--games",
        games,
        "--nodes",
        "200",
        "--max-plies",
        "40",
        "--concurrency",
        "1",
    ]);
    dir
}

#[test]
fn the_databases_label_the_positions_they_hold() {
    let dir = endgames("train-egdb", "english", "8");
    let (data, egdb) = (dir.join("endgames.bin"), dir.join("egdb"));
    let weights = dir.join("exact.weights");
    let train = |extra: &[&str]| {
        let mut args = vec![
            "train",
            "--data",
            path(&data),
            "--out",
            path(&weights),
            "--epochs",
            "1",
            "--validation",
            "0.25",
        ];
        args.extend(extra);
        ok(&args)
    };
    let out = train(&["--egdb", path(&egdb)]);
    let line = out
        .lines()
        .find(|l| l.starts_with("the endgame databases (up to 3 pieces) hold "))
        .unwrap_or_else(|| panic!("{out}"));
    let held: usize = line.split(' ').nth(8).unwrap().parse().unwrap();
    assert!(held > 0, "{line}");
    assert!(line.contains("exact results"), "{line}");
    let plain = train(&[]);
    assert!(!plain.contains("endgame databases"), "{plain}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn missing_databases_and_rules_they_do_not_hold_are_refused() {
    let dir = endgames("train-egdb-refused", "huffing", "4");
    let (huffing, egdb) = (dir.join("endgames.bin"), dir.join("egdb"));
    let weights = dir.join("exact.weights");
    let train = |egdb: &std::path::Path| {
        fails(&[
            "train",
            "--rules",
            "huffing",
            "--data",
            path(&huffing),
            "--out",
            path(&weights),
            "--egdb",
            path(egdb),
        ])
    };
    let err = train(&dir.join("none"));
    assert!(
        err.starts_with("parlour: bad --egdb: cannot open the endgame databases in `"),
        "{err}"
    );
    let err = train(&egdb);
    assert!(
        err.contains("hold none of the") && err.contains("train without --egdb"),
        "{err}"
    );
    assert!(!weights.exists());
    std::fs::remove_dir_all(&dir).ok();
}
