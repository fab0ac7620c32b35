//! `match --adjudicate-egdb DIR`: games from positions the endgame
//! databases hold end at once with the databases' value (termination
//! `databases`), in fewer plies than played out without them.

mod support;

use support::{fails, ok, path, records, scratch};

/// A won position (two kings against one, White to move) and a drawn one
/// (a king each), one a line.
const POSITIONS: &str = "W:WK10,K18:BK3\nW:WK10:BK3\n";

/// Plays the two openings twice each (colours swapped) with `extra`
/// flags; the records by index.
fn play(dir: &std::path::Path, name: &str, extra: &[&str]) -> Vec<serde_json::Value> {
    let openings = dir.join("positions.txt");
    std::fs::write(&openings, POSITIONS).unwrap();
    let results = dir.join(format!("{name}.jsonl"));
    let mut args = vec![
        "match",
        "--engine",
        "search:depth=4",
        "--engine",
        "greedy",
        "--openings",
        path(&openings),
        "--rounds",
        "2",
        "--concurrency",
        "1",
        "--quiet",
        "--results",
        path(&results),
    ];
    args.extend(extra);
    ok(&args);
    let mut recs = records(&results);
    recs.sort_by_key(|r| r["index"].as_u64());
    recs
}

#[test]
fn games_in_the_databases_end_with_their_value() {
    let dir = scratch("adjudicate-egdb");
    let egdb = dir.join("egdb");
    ok(&["egdb", "build", "--pieces", "3", "--dir", path(&egdb)]);
    let judged = play(&dir, "judged", &["--adjudicate-egdb", path(&egdb)]);
    let played = play(&dir, "played", &[]);
    assert_eq!(judged.len(), 4);
    for r in &judged {
        assert_eq!(r["termination"], "databases", "{r}");
        assert_eq!(r["plies"], 0, "{r}");
    }
    // Rounds 1 (games 0, 1) start won for White, round 2 drawn.
    for r in &judged[..2] {
        assert_eq!(r["result"], "0-2", "{r}");
        assert_eq!(
            r["reason"],
            format!(
                "the endgame databases: white ({}) to move wins",
                r["white"].as_str().unwrap()
            )
        );
    }
    for r in &judged[2..] {
        assert_eq!(r["result"], "1-1", "{r}");
        assert_eq!(r["reason"], "the endgame databases: a draw");
    }
    let plies = |recs: &[serde_json::Value]| -> u64 {
        recs.iter().map(|r| r["plies"].as_u64().unwrap()).sum()
    };
    assert!(plies(&played) > plies(&judged), "{played:?}");
    assert!(played.iter().all(|r| r["termination"] != "databases"));

    // A folder without databases, or a game without any, is refused.
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let err = fails(&["match", "--adjudicate-egdb", path(&empty), "--rounds", "1"]);
    assert!(
        err.starts_with(&format!(
            "parlour: the endgame databases to adjudicate by, in `{}`: ",
            path(&empty)
        )),
        "{err}"
    );
    let err = fails(&[
        "match",
        "--game",
        "pegs",
        "--adjudicate-egdb",
        path(&egdb),
        "--rounds",
        "1",
    ]);
    assert!(err.ends_with(": pegs has no endgame databases\n"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}
