//! `parlour train --egdb DIR`: the positions the endgame databases hold
//! take their exact values as their results.

mod support;

use support::{fails, ok, path, scratch};

/// Endgames of three pieces (two won for the side with two kings, one
/// drawn) and one of five, which 3-piece databases do not hold.
const ENDGAMES: &str = "W:WK10,K18:BK3\nB:WK14:BK1,K19\nW:WK10:BK3\nW:W9,K18,K27:BK3,K30\n";

#[test]
fn the_databases_label_the_positions_they_hold() {
    let dir = scratch("train-egdb");
    let openings = dir.join("endgames.txt");
    std::fs::write(&openings, ENDGAMES).unwrap();
    let data = dir.join("endgames.bin");
    let egdb = dir.join("egdb");
    ok(&["egdb", "build", "--pieces", "3", "--dir", path(&egdb)]);
    ok(&[
        "selfplay",
        "--out",
        path(&data),
        "--openings",
        path(&openings),
        "--random-plies",
        "0",
        "--games",
        "8",
        "--nodes",
        "200",
        "--max-plies",
        "40",
        "--concurrency",
        "1",
    ]);
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

    // Databases that are not there, and rules they do not hold, are refused.
    let err = fails(&[
        "train",
        "--data",
        path(&data),
        "--out",
        path(&weights),
        "--egdb",
        path(&dir.join("none")),
    ]);
    assert!(
        err.starts_with("parlour: bad --egdb: cannot open the endgame databases in "),
        "{err}"
    );
    let huffing = dir.join("huffing.bin");
    ok(&[
        "selfplay",
        "--rules",
        "huffing",
        "--out",
        path(&huffing),
        "--openings",
        path(&openings),
        "--random-plies",
        "0",
        "--games",
        "4",
        "--nodes",
        "200",
        "--max-plies",
        "20",
        "--concurrency",
        "1",
    ]);
    let err = fails(&[
        "train",
        "--rules",
        "huffing",
        "--data",
        path(&huffing),
        "--out",
        path(&weights),
        "--egdb",
        path(&egdb),
    ]);
    assert!(
        err.contains("hold none of the") && err.contains("train without --egdb"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
