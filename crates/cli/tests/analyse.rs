//! `parlour analyse` through the binary: a ballot game with a man given
//! away for nothing, annotated to a file and analysed again without a
//! search; one game of several; and its errors.

mod support;

use support::{fails, parlour, path, scratch};

/// ACF ballot 11-15 23-19 8-11 22-17, then 12-16 gives a man to 19x12;
/// a second game from a FEN, White to move.
const GAMES: &str = "[Event \"ballot\"]\n\n1. 11-15 23-19 2. 8-11 22-17 3. 12-16 *\n\n\
                     [Event \"fen\"]\n[FEN \"W:W14:B9,10\"]\n\n1... 14x7 2. 9-13 *\n";

/// Runs `analyse` and returns (stdout, stderr), failing on an error.
fn analyse(args: &[&str]) -> (String, String) {
    let out = parlour(&[&["analyse"], args].concat());
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{args:?}: {stderr}");
    (String::from_utf8(out.stdout).unwrap(), stderr)
}

#[test]
fn a_given_away_man_is_marked_and_a_second_run_changes_nothing() {
    let dir = scratch("analyse");
    let input = dir.join("games.pdn");
    std::fs::write(&input, GAMES).unwrap();
    let first = dir.join("first.pdn");
    let (stdout, stderr) = analyse(&[
        path(&input),
        "--depth",
        "8",
        "-t",
        "1",
        "--out",
        path(&first),
    ]);
    assert_eq!(stdout, "");
    // A line per position: the start and every ply of both games.
    assert_eq!(stderr.lines().count(), 6 + 3, "{stderr}");
    assert!(stderr.contains("game 1/2 ply 5/5 12-16 "), "{stderr}");
    let text = std::fs::read_to_string(&first).unwrap();
    assert!(text.contains("3. 12-16?"), "{text}");
    assert!(text.contains("; better "), "{text}");
    // Every move has its note: `{+0.35/8 0.101s}`-like comments, one per
    // ply and one per start.
    assert_eq!(text.matches("/8 ").count(), 5 + 1 + 2 + 1, "{text}");
    let second = dir.join("second.pdn");
    let (_, stderr) = analyse(&[
        path(&first),
        "--depth",
        "8",
        "-t",
        "1",
        "--out",
        path(&second),
    ]);
    assert!(stderr.lines().all(|l| l.ends_with("(read)")), "{stderr}");
    assert_eq!(std::fs::read_to_string(&second).unwrap(), text);
    // To standard output, one game of the file.
    let (stdout, _) = analyse(&[path(&first), "--number", "2", "--depth", "8"]);
    assert!(stdout.starts_with("[Event \"fen\"]"), "{stdout}");
    assert!(!stdout.contains("ballot"), "{stdout}");
}

#[test]
fn bad_analyse_input_is_an_error() {
    let dir = scratch("analyse-bad");
    let input = dir.join("games.pdn");
    std::fs::write(&input, GAMES).unwrap();
    let illegal = dir.join("illegal.pdn");
    std::fs::write(&illegal, "[Event \"x\"]\n\n1. 11-17 *\n").unwrap();
    let err = fails(&["analyse", path(&illegal), "--depth", "2"]);
    assert!(
        err.contains("game 1 of the file: the moves: move 1 `11-17`"),
        "{err}"
    );
    let err = fails(&["analyse", path(&input), "--number", "3", "--depth", "2"]);
    assert!(
        err.contains("bad --number 3:") && err.contains("holds 2 games"),
        "{err}"
    );
    let err = fails(&["analyse", path(&input), "--mistake", "lots"]);
    assert!(err.contains("`lots` is not a number of men"), "{err}");
    let err = fails(&["analyse", path(&dir.join("none.pdn"))]);
    assert!(err.contains("cannot read"), "{err}");
    let err = fails(&["analyse", path(&input), "--fen", "W:W14:B9,10"]);
    assert!(err.contains("not a flag"), "{err}");
}
