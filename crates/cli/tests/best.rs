//! `parlour best` and `parlour bench` from the outside: their output lines,
//! and clear errors with a non-zero exit.

mod support;

use support::{parlour, stdout};

#[test]
fn best_prints_a_line_per_depth_then_the_move() {
    let output = parlour(&["best", "--depth", "5", "--threads", "1"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "{text}");
    for (i, line) in lines[..5].iter().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(
            [words[0], words[1], words[3], words[5], words[7], words[9], words[11]],
            ["info", "depth", "score", "nodes", "nps", "time", "pv"],
            "{line}"
        );
        assert_eq!(words[2], (i + 1).to_string());
    }
    let best = lines[5].strip_prefix("bestmove ").unwrap();
    let first_pv = lines[4]
        .split(" pv ")
        .nth(1)
        .unwrap()
        .split(", ")
        .next()
        .unwrap();
    assert_eq!(best, first_pv);
    // One of Black's seven opening moves.
    assert!(["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"].contains(&best));
}

#[test]
fn best_plays_the_moves_first_and_shows_wins_and_huffs() {
    // After 11-15 23-19 it is Black's move again.
    let output = parlour(&[
        "best",
        "--moves",
        "11-15,23-19",
        "--depth",
        "3",
        "--threads",
        "1",
    ]);
    assert!(output.status.success());
    assert!(stdout(&output)
        .lines()
        .last()
        .unwrap()
        .starts_with("bestmove "));

    // A win in one is written `win 1`.
    let output = parlour(&[
        "best",
        "--fen",
        "B:W18:BK14,K1",
        "--depth",
        "4",
        "--threads",
        "1",
    ]);
    let text = stdout(&output);
    assert!(text.contains("score win 1 "), "{text}");
    assert!(text.ends_with("bestmove 14x23\n"), "{text}");

    // A lost position is written `loss <plies>`.
    let output = parlour(&[
        "best",
        "--fen",
        "W:WK4:BK14,K23",
        "--depth",
        "12",
        "--threads",
        "1",
    ]);
    assert!(
        stdout(&output).contains("score loss "),
        "{}",
        stdout(&output)
    );

    // Under huffing an action may hold a space: `h9 14-10`.
    let output = parlour(&[
        "best",
        "--rules",
        "huffing",
        "--fen",
        "W:W14,30:B9,15:O11-15",
        "--depth",
        "6",
        "--threads",
        "2",
    ]);
    assert!(output.status.success());
    let last = stdout(&output).lines().last().unwrap().to_string();
    let legal = [
        "14-10", "14x5", "30-25", "30-26", "compel", "h9 14-10", "h9 14-9", "h9 30-25", "h9 30-26",
    ];
    assert!(
        legal.contains(&last.strip_prefix("bestmove ").unwrap()),
        "{last}"
    );
}

#[test]
fn best_with_no_legal_move_says_none() {
    let output = parlour(&["best", "--fen", "B:W5,6:B", "--depth", "3"]);
    assert!(output.status.success());
    assert_eq!(
        stdout(&output),
        "game over: white wins (the side to move has no legal move)\nbestmove none\n"
    );
}

#[test]
fn best_explains_bad_input() {
    for args in [
        &["best", "--fen", "B:W1:B5"][..],
        &["best", "--moves", "11-15,11-16", "--depth", "2"],
        &["best", "--depth", "0"],
        &["best", "--nodes", "0"],
        &["best", "--movetime", "0"],
        &["best", "--nodes", "300", "--movetime", "100"],
        &["best", "--clock", "300", "--movetime", "100"],
        &["best", "--inc", "100"],
        &["best", "--threads", "0", "--depth", "2"],
        &["best", "--rules", "italian"],
    ] {
        let output = parlour(args);
        assert!(!output.status.success(), "{args:?}");
        let message = String::from_utf8(output.stderr).unwrap();
        assert!(!message.trim().is_empty(), "{args:?}");
    }
    // A number out of its range says so in words, as a usage error, with
    // the range every way in checks.
    for (flag, value, why) in [
        (
            "--nodes",
            "0",
            "nodes 0 is out of range: a node budget is 1 to 1000000000000000",
        ),
        (
            "--depth",
            "101",
            "depth 101 is out of range: a depth is 1 to 100 plies",
        ),
        ("--movetime", "x", "not a whole number, or too large"),
        (
            "--clock",
            "99999999999999999999",
            "not a whole number, or too large",
        ),
    ] {
        let output = parlour(&["best", flag, value]);
        assert_eq!(output.status.code(), Some(2), "{flag} {value}");
        let message = String::from_utf8(output.stderr).unwrap();
        assert!(
            message.starts_with(&format!("error: invalid value '{value}' for '{flag} ")),
            "{message}"
        );
        assert!(message.contains(&format!(": {why}\n")), "{message}");
    }
}

#[test]
fn a_depth_beside_a_time_stops_the_search_there() {
    let output = parlour(&[
        "best",
        "--depth",
        "3",
        "--movetime",
        "60000",
        "--threads",
        "1",
    ]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.contains("info depth 3 "), "{text}");
    assert!(!text.contains("info depth 4 "), "{text}");
}

#[test]
fn best_answers_within_its_time() {
    let started = std::time::Instant::now();
    let output = parlour(&["best", "--movetime", "200", "--threads", "2"]);
    assert!(output.status.success());
    assert!(started.elapsed().as_secs_f64() < 5.0);
    let output = parlour(&["best", "--clock", "3000", "--inc", "50"]);
    assert!(output.status.success());
    assert!(stdout(&output)
        .lines()
        .last()
        .unwrap()
        .starts_with("bestmove "));
}

/// The crowded 4-square peg position of `crates/search/tests/limits.rs`:
/// hundreds of forcing replies a ply.
const CROWDED: [&str; 6] = [
    "--game",
    "pegs",
    "--rules=squares=4,diagonals=1,pegs=16,reserve=36",
    "--position=b:K10,6,7,11,12,13,14,15,17,19,23,26,27,32/w:K20,1,2,5,8,9,16,18,21,24,25,28,\
     30,31/hand:6,1/reserve:18,17/turn:b",
    "--threads",
    "1",
];

/// What `parlour best` prints on the crowded position with a 1 MiB table
/// and `limit` (`--nodes 10`).
fn best_on_crowded(limit: [&str; 2]) -> String {
    let mut args = vec!["best", "--hash", "1"];
    args.extend(CROWDED);
    args.extend(limit);
    stdout(&parlour(&args))
}

#[test]
fn an_info_line_comes_before_bestmove_even_with_no_depth_finished() {
    // Ten nodes finish no depth: the line says depth 0 and the move.
    let text = best_on_crowded(["--nodes", "10"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].starts_with("info depth 0 score "), "{text}");
    assert!(lines[0].contains(" nodes 10 "), "{text}");
    let best = lines[1].strip_prefix("bestmove ").unwrap();
    assert!(lines[0].ends_with(&format!(" pv {best}")), "{text}");
}

#[test]
fn quiescence_on_a_crowded_peg_board_is_bounded() {
    // Depth 1 once took 929,000 nodes and 1.9 s here.
    let text = best_on_crowded(["--depth", "1"]);
    let info = text.lines().next().unwrap();
    let nodes: u64 = info
        .split(" nodes ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(nodes < 20_000, "{info}");
}

/// The `info` lines of `parlour best` at its last depth, as (rank, score,
/// first move).
fn last_depth(text: &str) -> Vec<(String, String, String)> {
    let infos: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| l.starts_with("info depth"))
        .map(|l| l.split_whitespace().collect())
        .collect();
    let deepest = infos
        .iter()
        .map(|w| w[2].parse::<u32>().unwrap())
        .max()
        .unwrap();
    infos
        .iter()
        .filter(|w| w[2] == deepest.to_string())
        .map(|w| {
            let ranked = w[3] == "multipv";
            let rank = if ranked { w[4] } else { "1" };
            let at = |word: &str| w.iter().position(|x| *x == word).unwrap();
            let score = w[at("score") + 1..at("nodes")].join(" ");
            (
                rank.to_string(),
                score,
                w[at("pv") + 1].trim_end_matches(',').to_string(),
            )
        })
        .collect()
}

#[test]
fn multipv_ranks_distinct_moves_and_its_first_is_the_single_search() {
    let run = |extra: &[&str]| {
        let mut args = vec![
            "best",
            "--depth",
            "6",
            "--threads",
            "1",
            "--moves",
            "11-15,23-19",
        ];
        args.extend_from_slice(extra);
        let output = parlour(&args);
        assert!(output.status.success(), "{args:?}");
        stdout(&output)
    };
    let single = last_depth(&run(&[]));
    let three = last_depth(&run(&["--multipv", "3"]));
    assert_eq!(three.len(), 3, "{three:?}");
    assert_eq!(single[0], three[0]);
    let ranks: Vec<&str> = three.iter().map(|l| l.0.as_str()).collect();
    assert_eq!(ranks, ["1", "2", "3"]);
    let moves: std::collections::BTreeSet<&str> = three.iter().map(|l| l.2.as_str()).collect();
    assert_eq!(moves.len(), 3, "{three:?}");
    // --all scores every legal move: seven after 11-15 23-19.
    let all = last_depth(&run(&["--all"]));
    assert_eq!(all.len(), 7, "{all:?}");
    let scores: Vec<i32> = all.iter().map(|l| l.1.parse().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
}

#[test]
fn a_weaker_skill_says_the_line_it_chose() {
    let output = parlour(&[
        "best",
        "--depth",
        "6",
        "--threads",
        "1",
        "--skill",
        "2",
        "--seed",
        "5",
    ]);
    assert!(output.status.success());
    let text = stdout(&output);
    let chosen = text
        .lines()
        .find(|l| l.starts_with("info skill 2 score "))
        .unwrap();
    let best = text
        .lines()
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .unwrap();
    assert!(
        chosen.split(" pv ").nth(1).unwrap().starts_with(best),
        "{text}"
    );
    for bad in [
        &["--skill", "0"][..],
        &["--skill", "11"],
        &["--skill", "3", "--multipv", "2"],
    ] {
        let mut args = vec!["best", "--depth", "2"];
        args.extend_from_slice(bad);
        let output = parlour(&args);
        assert!(!output.status.success(), "{bad:?}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains("skill"),
            "{bad:?}"
        );
    }
}

#[test]
fn solve_proves_a_win_and_says_when_it_cannot() {
    // Two kings against one, Black to move: a win the search proves.
    let output = parlour(&["solve", "--fen", "B:WK29:BK18,K15", "--threads", "1"]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.contains("solved: win in "), "{text}");
    assert!(text.lines().any(|l| l.starts_with("line: ")), "{text}");
    // The start is no problem: not proven within its limit.
    let output = parlour(&["solve", "--depth", "6", "--threads", "1"]);
    let text = stdout(&output);
    assert!(
        text.contains("not proven: the best line so far scores"),
        "{text}"
    );
    assert!(
        text.lines().last().unwrap().starts_with("bestmove "),
        "{text}"
    );
}
