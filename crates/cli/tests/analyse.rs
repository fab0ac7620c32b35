//! `parlour analyse` through the binary: a ballot game with a man given
//! away for nothing, annotated to a file (its better move a variation)
//! and analysed again without a search; one game of several; its
//! `--html` page; `--multipv 3`'s alternatives; and its errors.

mod support;

use parlour_checkers::Rules;
use parlour_game::pdn::{read_games, Variation};
use parlour_game::registry::parse_line;
use parlour_game::Variant;
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
    let page = dir.join("first.html");
    let (stdout, stderr) = analyse(&[
        path(&input),
        "--depth",
        "8",
        "-t",
        "1",
        "--out",
        path(&first),
        "--html",
        path(&page),
    ]);
    assert_eq!(stdout, "");
    // A line per position: the start and every ply of both games.
    assert_eq!(stderr.lines().count(), 6 + 3, "{stderr}");
    assert!(stderr.contains("game 1/2 ply 5/5 12-16 "), "{stderr}");
    let text = std::fs::read_to_string(&first).unwrap();
    assert!(text.contains("3. 12-16?"), "{text}");
    // The better move follows the mark and the note as a variation, with
    // its own note: `3. 12-16? {-1.51/8 0.002s} (3. 4-8 {+0.17/8 ...`.
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let after = flat.split("3. 12-16? {").nth(1).unwrap();
    let variation = after.split_once("} ").unwrap().1;
    assert!(variation.starts_with("(3. "), "{text}");
    assert!(
        variation.split(' ').nth(2).unwrap().starts_with("{+"),
        "{text}"
    );
    // Read back: the same main lines, one variation, the same notes.
    let games = read_games(&text).unwrap();
    let given = read_games(GAMES).unwrap();
    for (read, given) in games.iter().zip(&given) {
        assert_eq!(read.moves, given.moves);
    }
    assert_eq!(games[0].variations.len(), 1, "{text}");
    // Every move has its note: `{+0.35/8 0.101s}`-like comments, one per
    // ply and one per start, and the variation's.
    assert_eq!(flat.matches("/8 ").count(), 5 + 1 + 2 + 1 + 1, "{text}");
    html_page_has_a_point_per_ply(&std::fs::read_to_string(&page).unwrap(), &text);
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
    // The game keeps its number in the file, in the progress and the page.
    let one = dir.join("one.html");
    let (stdout, stderr) = analyse(&[
        path(&first),
        "--number",
        "2",
        "--depth",
        "8",
        "--html",
        path(&one),
    ]);
    assert!(stdout.starts_with("[Event \"fen\"]"), "{stdout}");
    assert!(!stdout.contains("ballot"), "{stdout}");
    assert!(
        stderr.lines().all(|l| l.starts_with("game 2/2 ")),
        "{stderr}"
    );
    let page = std::fs::read_to_string(&one).unwrap();
    assert!(
        page.contains("Game 2") && !page.contains("Game 1"),
        "{page}"
    );
}

/// The `--html` page of the two games: a section each with a score
/// graph of a point per ply (12-16, ply 5 of the first, its mistake), each
/// point and move jumping to its ply, and the viewer; a mark on the graph
/// for each marked move of the annotated games `pdn`.
fn html_page_has_a_point_per_ply(page: &str, pdn: &str) {
    let sections: Vec<&str> = page.split("<section class=\"game\">").skip(1).collect();
    assert_eq!(sections.len(), 2, "{page}");
    for (section, plies) in sections.iter().zip([5, 2]) {
        let at = section.find("<svg class=\"score-graph\"").unwrap();
        let end = at + section[at..].find("</svg>").unwrap() + "</svg>".len();
        let graph = roxmltree::Document::parse(&section[at..end]).expect("well-formed SVG");
        let jumps: Vec<String> = graph
            .descendants()
            .filter(|n| n.has_tag_name("circle"))
            .map(|n| n.attribute("data-jump").unwrap().to_string())
            .collect();
        let want: Vec<String> = (1..=plies).map(|p| p.to_string()).collect();
        assert_eq!(jumps, want);
        assert!(section.contains("<div class=\"viewer\""), "{section}");
    }
    assert!(
        sections[0].contains("<h2>Game 1: ballot</h2>"),
        "{}",
        sections[0]
    );
    assert!(sections[0].contains("class=\"point mistake\" data-jump=\"5\""));
    assert!(sections[0].contains("<span data-jump=\"5\">3. 12-16?</span>"));
    let marked = pdn.split_whitespace().filter(|w| w.ends_with('?')).count();
    assert_eq!(page.matches("class=\"mark\"").count(), marked, "{pdn}");
}

#[test]
fn multipv_writes_each_move_its_best_alternatives() {
    let dir = scratch("analyse-multipv");
    let input = dir.join("games.pdn");
    std::fs::write(&input, GAMES).unwrap();
    let out = dir.join("three.pdn");
    let args = [path(&input), "--depth", "6", "-t", "1", "--multipv", "3"];
    analyse(&[&args[..], &["--out", path(&out)]].concat());
    let text = std::fs::read_to_string(&out).unwrap();
    let games = read_games(&text).unwrap();
    let given = read_games(GAMES).unwrap();
    let mut counts = Vec::new();
    for (game, given) in games.iter().zip(&given) {
        assert_eq!(game.moves, given.moves, "{text}");
        let history = game.replay(Rules::ENGLISH).unwrap();
        let texts = Rules::split_line(&game.moves);
        let mut before = *history.start();
        let per_ply = game.variations_per_ply(&texts);
        for (variations, &mv) in per_ply.iter().zip(history.moves()) {
            counts.push(variations.len());
            for variation in variations {
                // A legal line from the position before the move, not the
                // move played, with a note.
                let line = Variation {
                    after_words: 0,
                    text: variation.to_string(),
                }
                .read()
                .unwrap();
                assert_eq!(line.comments.len(), 1, "{variation}");
                let moves = parse_line::<Rules>(&before, &line.moves).unwrap();
                assert_ne!(moves[0], mv, "{variation}");
            }
            before = before.play(mv);
        }
    }
    // Up to three a move; the opening moves have more than enough choice.
    assert!(counts.iter().all(|&n| n <= 3), "{counts:?} {text}");
    assert!(counts[..5].iter().all(|&n| n >= 2), "{counts:?} {text}");
    // Analysed again, nothing is searched and nothing changes.
    let (again, stderr) = analyse(&[&[path(&out)], &args[1..]].concat());
    assert!(stderr.lines().all(|l| l.ends_with("(read)")), "{stderr}");
    assert_eq!(again, text);
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
    let err = fails(&["analyse", path(&input), "--multipv", "0"]);
    assert!(err.contains("0 is not in 1..=256"), "{err}");
    let err = fails(&["analyse", path(&input), "--mistake", "lots"]);
    assert!(err.contains("`lots` is not a number of men"), "{err}");
    let err = fails(&["analyse", path(&dir.join("none.pdn"))]);
    assert!(err.contains("cannot read"), "{err}");
    let err = fails(&[
        "analyse",
        path(&input),
        "--depth",
        "1",
        "--html",
        path(&dir.join("no/page.html")),
    ]);
    assert!(err.contains("cannot write --html "), "{err}");
    let err = fails(&["analyse", path(&input), "--fen", "W:W14:B9,10"]);
    assert!(err.contains("not a flag"), "{err}");
}
