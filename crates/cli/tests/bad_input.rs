//! What a newcomer's mistakes get: each one a short message and an exit
//! status (1 for bad data, 2 for a flag clap cannot read), never an abort,
//! a panic, a long wait or an answer that plays on past the rules.

mod support;

use std::time::{Duration, Instant};
use support::{fails, ok, parlour, path, scratch, with_input};

/// The exit status of a run that must fail with a message.
fn status(args: &[&str]) -> i32 {
    let out = parlour(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.trim().is_empty(), "{args:?}: no message");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    out.status.code().expect("an exit status, not a signal")
}

/// What a table of `mib` MiB, more than the machine has, gets (after
/// `what`, the flag or engine it came from).
fn too_big(what: &str, mib: &str) -> String {
    format!(
        "parlour: {what}a {mib} MiB transposition table is more than this machine's memory \
         ({} MiB)\n",
        parlour_search::memory::max_hash_mib()
    )
}

#[test]
fn hash_sizes_are_bounded_by_the_machines_memory() {
    for hash in ["100000000", "18446744073709551615"] {
        let message = fails(&["best", "--hash", hash, "--depth", "1"]);
        assert_eq!(message, too_big("", hash));
        assert_eq!(status(&["best", "--hash", hash, "--depth", "1"]), 1);
    }
    let message = fails(&["hub", "--hash", "100000000"]);
    assert_eq!(message, too_big("bad --hash: ", "100000000"));
    for args in [
        &["best", "--hash", "0"][..],
        &["bench", "--hash", "0"],
        &["hub", "--hash", "0"],
        &["play", "--hash", "0"],
    ] {
        assert_eq!(status(args), 2, "{args:?}");
    }
}

#[test]
fn a_matchs_hash_beyond_the_memory_is_refused_before_the_games() {
    let big = parlour_search::memory::memory().is_some_and(|m| m.total_mib >= 65536);
    if big {
        return; // a machine that could hold the table
    }
    let dir = scratch("big-hash");
    let results = dir.join("r.jsonl");
    let message = fails(&[
        "match",
        "--engine",
        "search:depth=2,hash=65536",
        "--engine",
        "random",
        "--rounds",
        "1",
        "--quiet",
        "--results",
        path(&results),
    ]);
    assert_eq!(
        message,
        too_big("engine `search:depth=2,hash=65536`: ", "65536")
    );
}

#[test]
fn threads_are_capped_and_idle_ones_cost_nothing() {
    assert_eq!(status(&["best", "--threads", "1025"]), 2);
    assert_eq!(status(&["perft", "--depth", "1", "--threads", "5000"]), 2);
    let started = Instant::now();
    let out = parlour(&["best", "--threads", "1024", "--depth", "1"]);
    assert!(out.status.success());
    let warning = String::from_utf8_lossy(&out.stderr);
    let cores = std::thread::available_parallelism().unwrap();
    assert_eq!(
        warning,
        format!(
            "parlour: warning: 1024 threads on {cores} cores take turns: no faster than {cores}\n"
        )
    );
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    // A Hub engine starts at once however many threads it is given.
    let started = Instant::now();
    let out = with_input(&["hub", "--threads", "1024"], b"init\nping\nquit\n");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "ready\npong\n");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_long_input_comes_back_short_and_printable() {
    let fen = format!("B:W{}\u{7}\u{1b}[31m", "1,".repeat(50_000));
    let message = fails(&["moves", "--fen", &fen]);
    assert!(message.len() < 400, "{} bytes", message.len());
    let rules = format!("{}\u{1b}[2J", "z".repeat(100_000));
    let message = fails(&["moves", "--rules", &rules]);
    assert_eq!(
        message,
        format!(
            "parlour: bad --rules: unknown checkers rules `{}... (100004 characters)`: \
             expected `english` or `huffing`, optionally followed by `,quiet_plies=N`\n",
            "z".repeat(80)
        )
    );
    // A match's engine spec, read as the flag is, and clap's own usage
    // errors, quote as short.
    let spec = "x".repeat(100_000);
    let message = fails(&["match", "--engine", &spec, "--engine", "random"]);
    let short = format!("{}... (100000 characters)", "x".repeat(80));
    assert_eq!(
        message,
        format!(
            "error: invalid value '{short}' for '--engine <SPEC>': unknown kind: expected \
             random, greedy, search or hub, as in search:depth=8 or hub:parlour hub,depth=4\n\n\
             For more information, try '--help'.\n"
        )
    );
    for shard in [format!("--shard={spec}\r"), format!("--shard={spec}")] {
        let out = parlour(&["match", &shard]);
        assert_eq!(out.status.code(), Some(2));
        let message = String::from_utf8_lossy(&out.stderr);
        assert!(message.len() < 500, "{} bytes: {message}", message.len());
        assert!(!message.contains('\r'), "{message}");
        assert!(message.starts_with(&format!("error: invalid value '{}", "x".repeat(80))));
    }
}

/// Each cause once, none dropped: a match says why an evaluation did not
/// load as `best` does.
#[test]
fn a_match_gives_every_cause_once() {
    let dir = scratch("causes");
    let missing = dir.join("flip.w");
    let err = fails(&[
        "match",
        "--engine",
        &format!("search:depth=1,eval={}", path(&missing)),
        "--engine",
        "random",
    ]);
    assert_eq!(
        err,
        format!(
            "parlour: engine `search:depth=1,eval={0}`: cannot load the evaluation `{0}`: \
             {0}: No such file or directory (os error 2)\n",
            missing.display()
        )
    );
    let file = dir.join("file");
    std::fs::write(&file, "").unwrap();
    let err = fails(&["best", "--egdb", path(&file), "--depth", "1"]);
    assert_eq!(err.matches("Not a directory").count(), 1, "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// A file that never ends is read only to its kind's limit, and a path
/// too long to open is quoted short, once for each cause.
#[cfg(unix)]
#[test]
fn endless_files_and_long_paths_are_refused_briefly() {
    let err = fails(&["best", "--book", "/dev/zero", "--depth", "1"]);
    assert!(
        err.contains("larger than the 536870912 bytes a book may be"),
        "{err}"
    );
    let long = "e".repeat(500);
    for args in [
        ["best", "--eval", long.as_str(), "--depth", "1"],
        ["best", "--book", long.as_str(), "--depth", "1"],
        ["best", "--egdb", long.as_str(), "--depth", "1"],
    ] {
        let err = fails(&args);
        assert!(err.len() < 300, "{} characters: {err}", err.len());
    }
}

#[test]
fn hub_answers_a_line_that_is_not_utf8() {
    let out = with_input(&["hub"], b"ping\n\xff\xfe bad\nping\nquit\n");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[0], "pong");
    assert_eq!(
        lines[1],
        "error message=\"line `\u{fffd}\u{fffd} bad` is not UTF-8 text\""
    );
    assert_eq!(lines[2], "pong");
}

#[test]
fn a_directory_is_no_records_file() {
    let dir = scratch("records-dir");
    for flag in ["--pdn", "--results"] {
        let message = fails(&["match", "--rounds", "1", "--quiet", flag, path(&dir)]);
        let file = if flag == "--pdn" { "PDN" } else { "results" };
        assert_eq!(
            message,
            format!(
                "parlour: {file} file `{}` is a directory: give a file name\n",
                dir.display()
            )
        );
    }
}

#[test]
fn best_stops_at_a_finished_game() {
    // Kings back where they started, for the third time.
    let dance = "1-5,20-24,5-1,24-20,1-5,20-24,5-1,24-20";
    let out = ok(&["best", "--fen", "B:WK20:BK1", "--moves", dance]);
    assert_eq!(
        out,
        "game over: draw (the same position a third time)\nbestmove none\n"
    );
    let message = fails(&[
        "best",
        "--fen",
        "B:WK20:BK1",
        "--moves",
        &format!("{dance},1-6"),
    ]);
    assert_eq!(
        message,
        "parlour: --moves: the game is over after move 8 (draw: the same position a third time), \
         so move 9 `1-6` cannot be played\n"
    );
    let out = ok(&[
        "best",
        "--rules",
        "english,quiet_plies=2",
        "--fen",
        "B:WK20:BK1",
        "--moves",
        "1-5,20-24",
    ]);
    assert!(out.starts_with("game over: draw (2 plies without"), "{out}");
}

#[test]
fn one_vocabulary_for_games_and_positions() {
    // bench --game and --rules choose the rows.
    let out = ok(&[
        "bench",
        "--game",
        "checkers",
        "--rules",
        "huffing",
        "--threads",
        "1",
    ]);
    let rows: Vec<&str> = out.lines().filter(|l| l.contains(" huffing ")).collect();
    assert_eq!(rows.len(), 4, "{out}");
    assert!(!out.contains(" english "), "{out}");
    assert_eq!(status(&["bench", "--game", "chess"]), 2);
    // match takes --fen, and --openings takes one position.
    let fen = "W:W14,30:B9,15:O11-15";
    for flag in ["--fen", "--openings"] {
        let dir = scratch(&format!("one-position{flag}"));
        let results = dir.join("r.jsonl");
        ok(&[
            "match",
            "--rules",
            "huffing",
            flag,
            fen,
            "--engine",
            "random",
            "--engine",
            "greedy",
            "--quiet",
            "--results",
            path(&results),
        ]);
        let records = support::records(&results);
        assert_eq!(records.len(), 2, "{flag}");
    }
    assert_eq!(status(&["match", "--fen", fen, "--openings", "deck"]), 2);
    let message = fails(&["match", "--game", "pegs", "--fen", fen]);
    assert_eq!(
        message,
        "parlour: --fen does not give pegs positions: use --position\n"
    );
}

#[test]
fn the_terminal_game_speaks_of_the_rules_in_force() {
    let dir = scratch("play-english");
    let pdn = dir.join("g.pdn");
    let out = with_input(&["play", "--pdn", path(&pdn)], b"hello\nh9 11-15\nquit\n");
    let text = String::from_utf8_lossy(&out.stdout);
    let says = |line: &str| text.lines().any(|l| l == line);
    assert!(
        says(
            "your move (black)> `hello` is not a move: write 11-15 for a step, \
             9x18x27 for a capture; type `moves` for the legal moves"
        ),
        "{text}"
    );
    assert!(
        says(
            "your move (black)> `h9 11-15`: huffs and compel belong to huffing rules; \
             under english rules a capture is compulsory, and a move is written 11-15 or \
             9x18x27; type `moves` for the legal moves"
        ),
        "{text}"
    );
    // White sees White's men at the bottom, Black his own.
    let out = with_input(
        &["play", "--colour", "white", "--pdn", path(&pdn)],
        b"quit\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("  |")).collect();
    assert_eq!(rows[7], "  | w   w   w   w   |  29  30  31  32", "{text}");
    let out = with_input(&["play", "--pdn", path(&pdn)], b"quit\n");
    let text = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("  |")).collect();
    assert_eq!(rows[7], "  | b   b   b   b   |   4   3   2   1", "{text}");
}

/// Lenient readings refused: an empty `--rules` for either game, and a
/// shard of a match with fewer games than shards.
#[test]
fn empty_rules_and_empty_shards_are_refused() {
    for game in ["checkers", "pegs"] {
        for command in ["moves", "board"] {
            if command == "board" && game == "checkers" {
                continue;
            }
            let message = fails(&[command, "--game", game, "--rules", ""]);
            assert_eq!(
                message,
                "parlour: bad --rules: it is empty: name the rules, or leave --rules out \
                 for the default\n",
                "{game} {command}"
            );
        }
    }
    let message = fails(&["match", "--quiet", "--rounds", "1", "--shard", "3/8"]);
    assert_eq!(
        message,
        "parlour: shard 3/8 holds no game: the match has 2, so at most 2 shards\n"
    );
}

/// A match's counts outside their ranges are usage errors with the range,
/// before any schedule is made or thread started.
#[test]
fn a_matchs_counts_are_bounded() {
    for (flag, value, range) in [
        ("--concurrency", "0", "1..=1024"),
        ("--concurrency", "5000", "1..=1024"),
        ("--rounds", "0", "1..=500000"),
        ("--rounds", "4294967295", "1..=500000"),
        ("--games", "200000000", "1..=1000000"),
    ] {
        let out = parlour(&["match", "--quiet", flag, value]);
        assert_eq!(out.status.code(), Some(2), "{flag} {value}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.starts_with(&format!("error: invalid value '{value}' for '{flag} <")),
            "{stderr}"
        );
        assert!(stderr.contains(&format!("is not in {range}")), "{stderr}");
    }
}
