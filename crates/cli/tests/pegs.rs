//! The peg game through the `parlour` binary: perft, moves, board, and the
//! errors of mixed-up flags.

mod support;

/// Runs `parlour`: whether it succeeded, its stdout and its stderr.
fn parlour(args: &[&str]) -> (bool, String, String) {
    let out = support::parlour(args);
    (
        out.status.success(),
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8(out.stderr).expect("UTF-8"),
    )
}

const KING_IN_11: &str = "b:K11,3/w:2,12,19/hand:0,0/reserve:3,3/turn:w";

#[test]
fn perft_counts_the_peg_game() {
    let (ok, out, _) = parlour(&["perft", "--game", "pegs", "--depth", "3", "--threads", "1"]);
    assert!(ok);
    let counts: Vec<&str> = out.lines().map(|l| l.split(' ').nth(1).unwrap()).collect();
    assert_eq!(counts, ["24", "552", "12144"]);
    let (ok, out, _) = parlour(&[
        "perft",
        "--game",
        "pegs",
        "--depth",
        "4",
        "--position",
        KING_IN_11,
    ]);
    assert!(ok);
    assert!(out.lines().nth(3).unwrap().starts_with("4 571 "), "{out}");
}

#[test]
fn moves_lists_the_peg_moves_in_board_order() {
    let (ok, out, _) = parlour(&["moves", "--game", "pegs", "--position", KING_IN_11]);
    assert!(ok);
    assert_eq!(out, "2-1\n2-10\n12-4\n12-13\n12-20\n19-18\n19-20\n");
}

#[test]
fn board_draws_the_holes_and_tables() {
    let (ok, out, _) = parlour(&["board", "--game", "pegs"]);
    assert!(ok);
    assert!(out.contains("24 holes, 20 lines"), "{out}");
    let (ok, out, _) = parlour(&[
        "board",
        "--game",
        "pegs",
        "--rules",
        "squares=4,diagonals=0",
    ]);
    assert!(ok);
    assert!(
        out.contains("4 squares, diagonals off, 32 holes, 24 lines"),
        "{out}"
    );
}

#[test]
fn mixed_up_flags_are_errors() {
    for args in [
        &["moves", "--game", "pegs", "--fen", "B:W21-32:B1-12"][..],
        &["moves", "--position", KING_IN_11][..],
        &["moves", "--game", "pegs", "--rules", "english"][..],
        &[
            "moves",
            "--game",
            "pegs",
            "--rules",
            "squares=4",
            "--position",
            "b:/w:/hand:9,9/reserve:3,3/turn:b/rules:squares=5",
        ][..],
        &["board", "--game", "checkers"][..],
    ] {
        let (ok, _, err) = parlour(args);
        assert!(!ok && err.starts_with("parlour: "), "{args:?}: {err}");
    }
    let (ok, out, _) = parlour(&[
        "moves",
        "--game",
        "pegs",
        "--position",
        "b:/w:/hand:9,9/reserve:3,3/turn:b/rules:squares=2",
    ]);
    assert!(ok && out.lines().count() == 16, "{out}");
}

/// The `bestmove` of `parlour best` with these flags, and its whole output.
fn best(args: &[&str]) -> (String, String) {
    let mut all = vec!["best", "--game", "pegs", "--threads", "1"];
    all.extend_from_slice(args);
    let (ok, out, err) = parlour(&all);
    assert!(ok, "{args:?}: {err}");
    let last = out.lines().last().unwrap_or_default();
    let mv = last
        .strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("{out}"));
    (mv.to_string(), out)
}

#[test]
fn best_searches_the_peg_game() {
    // The first placement is a King.
    let (mv, out) = best(&["--depth", "4"]);
    assert!(mv.starts_with("K@"), "{out}");
    assert_eq!(out.lines().count(), 5, "{out}");
    // The seed: White blocks Black's King in 11 with 2-10, a win in one.
    let (mv, out) = best(&["--position", KING_IN_11, "--depth", "3"]);
    assert_eq!(mv, "2-10");
    assert!(out.contains("score win 1 "), "{out}");
    // --moves are peg moves; after 2-10 Black has no move.
    let (mv, _) = best(&["--position", KING_IN_11, "--moves", "2-10", "--depth", "2"]);
    assert_eq!(mv, "none");
    // Placements from the start, under other rules.
    let (mv, out) = best(&[
        "--rules",
        "squares=2,pegs=6",
        "--moves",
        "K@3,K@7,@1",
        "--depth",
        "5",
    ]);
    assert!(mv.starts_with('@'), "{out}");
}

#[test]
fn best_explains_bad_peg_moves() {
    for moves in ["2-11", "K@3", "11-15"] {
        let (ok, out, err) = parlour(&[
            "best",
            "--game",
            "pegs",
            "--position",
            KING_IN_11,
            "--moves",
            moves,
            "--depth",
            "2",
        ]);
        assert!(!ok && out.is_empty(), "{moves}: {out}");
        assert!(
            err.starts_with("parlour: --moves: move 1"),
            "{moves}: {err}"
        );
    }
}

#[test]
fn a_peg_network_trains_and_plays() {
    let dir = std::env::temp_dir().join(format!("parlour-pegnet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("p.bin");
    let weights = dir.join("net.weights");
    let path = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let (ok, _, err) = parlour(&[
        "selfplay",
        "--game",
        "pegs",
        "--out",
        &path(&data),
        "--games",
        "6",
        "--nodes",
        "300",
        "--seed",
        "2",
        "--concurrency",
        "2",
    ]);
    assert!(ok, "{err}");
    let train = |hidden: &str| {
        parlour(&[
            "train",
            "--game",
            "pegs",
            "--data",
            &path(&data),
            "--out",
            &path(&weights),
            "--hidden",
            hidden,
            "--epochs",
            "3",
            "--validation",
            "0.3",
        ])
    };
    // Hidden units come in eights.
    let (ok, _, err) = train("12");
    assert!(!ok);
    assert_eq!(
        err,
        "parlour: the peg model's hidden units come in groups of 8, up to 64: \
         --hidden 12 is not one of 0, 8, 16, ..., 64\n"
    );
    let (ok, out, err) = train("8");
    assert!(ok, "{err}");
    assert!(out.contains("wrote"), "{out}");
    // The file names the network, and an engine plays with it.
    let bytes = std::fs::read(&weights).unwrap();
    assert!(bytes.windows(5).any(|w| w == b"+net8"));
    let (mv, out) = best(&["--eval", &path(&weights), "--depth", "3"]);
    assert!(mv.starts_with("K@"), "{out}");
    // Checkers has no network evaluation: refused before any work.
    let (ok, _, err) = parlour(&[
        "train",
        "--data",
        &path(&data),
        "--out",
        &path(&weights),
        "--hidden",
        "8",
    ]);
    assert!(!ok);
    assert_eq!(
        err,
        "parlour: checkers/english evaluates a linear model only: --hidden must be 0\n"
    );
    std::fs::remove_dir_all(&dir).ok();
}
