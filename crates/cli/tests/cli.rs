//! The `parlour` binary as a user runs it: what `perft` and `moves` print,
//! and that every bad input ends with a message on stderr, nothing on
//! stdout, a non-zero exit and no panic.

mod support;

use support::{fails, parlour};

/// Runs a command that must succeed with nothing on stderr; its stdout lines.
fn ok_lines(args: &[&str]) -> Vec<String> {
    let out = parlour(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?} failed: {stderr}");
    assert!(stderr.is_empty(), "{args:?} wrote to stderr: {stderr}");
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 output");
    assert!(
        stdout.is_empty() || stdout.ends_with('\n'),
        "{args:?}: {stdout:?}"
    );
    stdout.lines().map(String::from).collect()
}

fn is_plain_integer(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

fn is_plain_decimal(s: &str) -> bool {
    match s.split_once('.') {
        Some((a, b)) => is_plain_integer(a) && is_plain_integer(b),
        None => is_plain_integer(s),
    }
}

/// Parses a perft depth line `<depth> <nodes> <seconds> <leaves per
/// second>`, checking each is a plain number; returns (depth, nodes).
fn depth_line(line: &str) -> (u32, u64) {
    let fields: Vec<&str> = line.split(' ').collect();
    assert_eq!(fields.len(), 4, "`{line}`");
    assert!(is_plain_integer(fields[0]), "depth in `{line}`");
    assert!(is_plain_integer(fields[1]), "nodes in `{line}`");
    assert!(is_plain_decimal(fields[2]), "seconds in `{line}`");
    assert!(is_plain_integer(fields[3]), "rate in `{line}`");
    (fields[0].parse().unwrap(), fields[1].parse().unwrap())
}

fn perft_counts(args: &[&str]) -> Vec<u64> {
    let lines = ok_lines(args);
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let (depth, nodes) = depth_line(line);
            assert_eq!(depth as usize, i + 1, "`{line}`");
            nodes
        })
        .collect()
}

/// `--divide`: the `<move>: <nodes>` lines, then the depth line; returns
/// the per-move counts and the total.
fn divide(args: &[&str]) -> (Vec<(String, u64)>, u64) {
    let lines = ok_lines(args);
    let (last, split) = lines.split_last().expect("some output");
    let (_, total) = depth_line(last);
    let split: Vec<(String, u64)> = split
        .iter()
        .map(|line| {
            let (mv, n) = line.rsplit_once(": ").unwrap_or_else(|| panic!("`{line}`"));
            assert!(is_plain_integer(n), "`{line}`");
            (mv.to_string(), n.parse().unwrap())
        })
        .collect();
    (split, total)
}

const OFFENCE: &str = "W:W14,30:B9,15:O11-15";
/// A king's loop that can be run either way: two moves, one when merged.
const LOOP: &str = "B:W14,15,22,23,32:BK10";

// ---------------------------------------------------------------- perft

#[test]
fn perft_prints_one_plain_line_per_depth() {
    assert_eq!(
        perft_counts(&["perft", "--depth", "6"]),
        [7, 49, 302, 1469, 7361, 36768]
    );
    assert_eq!(
        perft_counts(&["perft", "--rules", "english", "--depth", "3"]),
        [7, 49, 302]
    );
    assert_eq!(
        perft_counts(&["perft", "--rules", "huffing", "--depth", "5"]),
        [7, 49, 379, 3560, 41937]
    );
    assert_eq!(
        perft_counts(&["perft", "--rules", "huffing", "--fen", OFFENCE, "--depth", "4"]),
        [9, 38, 141, 445]
    );
    // A lost position counts no moves.
    assert_eq!(
        perft_counts(&["perft", "--fen", "W:W:B1", "--depth", "2"]),
        [0, 0]
    );
}

#[test]
fn perft_divide_lines_add_up_to_the_total() {
    let (split, total) = divide(&["perft", "--depth", "4", "--divide"]);
    assert_eq!(total, 1469);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), total);
    let moves: Vec<String> = split.iter().map(|(m, _)| m.clone()).collect();
    assert_eq!(moves, ok_lines(&["moves"]));

    let args = [
        "perft", "--rules", "huffing", "--fen", OFFENCE, "--depth", "3", "--divide",
    ];
    let (split, total) = divide(&args);
    assert_eq!(total, 141);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), total);
    let moves: Vec<String> = split.iter().map(|(m, _)| m.clone()).collect();
    assert_eq!(
        moves,
        ok_lines(&["moves", "--rules", "huffing", "--fen", OFFENCE])
    );
    // Depth 1: one node per move.
    let (split, total) = divide(&["perft", "--depth", "1", "--divide"]);
    assert_eq!(total, 7);
    assert!(split.iter().all(|(_, n)| *n == 1));
}

#[test]
fn perft_unique_merges_a_loop_run_either_way() {
    assert_eq!(
        perft_counts(&["perft", "--fen", LOOP, "--depth", "2"]),
        [2, 4]
    );
    assert_eq!(
        perft_counts(&["perft", "--fen", LOOP, "--depth", "2", "--unique"]),
        [1, 2]
    );
    // From the start there is no such loop in the first plies.
    assert_eq!(
        perft_counts(&["perft", "--depth", "5", "--unique"]),
        [7, 49, 302, 1469, 7361]
    );
    let (split, total) = divide(&[
        "perft", "--fen", LOOP, "--depth", "2", "--divide", "--unique",
    ]);
    assert_eq!(split.len(), 1);
    assert_eq!(total, 2);
}

#[test]
fn perft_threads_one_and_two_agree() {
    for args in [
        vec!["perft", "--depth", "7"],
        vec!["perft", "--rules", "huffing", "--depth", "5"],
        vec![
            "perft", "--rules", "huffing", "--fen", OFFENCE, "--depth", "4",
        ],
        vec!["perft", "--fen", LOOP, "--depth", "3", "--unique"],
    ] {
        let one = perft_counts(&[&args[..], &["--threads", "1"]].concat());
        let two = perft_counts(&[&args[..], &["--threads", "2"]].concat());
        assert_eq!(one, two, "{args:?}");
    }
    assert_eq!(
        perft_counts(&["perft", "--depth", "7", "--threads", "2"])[6],
        179740
    );
}

// ---------------------------------------------------------------- moves

#[test]
fn moves_prints_plain_strings_in_board_order_and_nothing_else() {
    assert_eq!(
        ok_lines(&["moves"]),
        ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
    );
    assert_eq!(
        ok_lines(&["moves", "--fen", "B:W23,22,15,14:B11,10"]),
        ["10x17x26", "10x19x26", "11x18x25", "11x18x27"]
    );
    // Kings, both colours.
    assert_eq!(
        ok_lines(&["moves", "--fen", "W:WK14:B1"]),
        ["14-9", "14-10", "14-17", "14-18"]
    );
    for fen in [
        "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
        "W:W9,10,K30:B5,6,K26",
    ] {
        let lines = ok_lines(&["moves", "--fen", fen]);
        assert!(!lines.is_empty(), "{fen}");
        let mut sorted = lines.clone();
        sorted.sort_by(|a, b| parlour_game::registry::board_order(a, b));
        assert_eq!(lines, sorted, "{fen}");
        assert!(
            lines.iter().all(|l| !l.is_empty() && l.trim() == l),
            "{fen}"
        );
    }
}

#[test]
fn moves_prints_nothing_where_there_is_no_move() {
    // No piece.
    assert!(ok_lines(&["moves", "--fen", "W:W:B1"]).is_empty());
    // Every piece blocked.
    assert!(ok_lines(&["moves", "--fen", "B:W9,14:B5"]).is_empty());
    assert!(ok_lines(&["moves", "--rules", "huffing", "--fen", "B:W9,14:B5"]).is_empty());
    assert!(ok_lines(&["perft", "--fen", "B:W9,14:B5", "--depth", "1"])[0].starts_with("1 0 "));
}

#[test]
fn moves_lists_huffing_actions() {
    assert_eq!(
        ok_lines(&["moves", "--rules", "huffing", "--fen", OFFENCE]),
        [
            "14-10", "14x5", "30-25", "30-26", "compel", "h9 14-9", "h9 14-10", "h9 30-25",
            "h9 30-26"
        ]
    );
    // Prefixes of a capture under huffing; the whole under english.
    assert_eq!(
        ok_lines(&["moves", "--rules", "huffing", "--fen", "B:W15,23:B11"]),
        ["11-16", "11x18", "11x18x27"]
    );
    assert_eq!(
        ok_lines(&["moves", "--rules", "english", "--fen", "B:W15,23:B11"]),
        ["11x18x27"]
    );
    // Compelled: only the completing capture.
    assert_eq!(
        ok_lines(&[
            "moves",
            "--rules",
            "huffing,quiet_plies=100",
            "--fen",
            "B:W23:B18:C11x18"
        ]),
        ["18x27"]
    );
    assert_eq!(
        ok_lines(&["moves", "--rules", "huffing", "--fen", "B:W14,30:B9,11:C"]),
        ["9x18"]
    );
}

// ---------------------------------------------------------------- errors

#[test]
fn bad_positions_fail_with_a_clear_message() {
    for (fen, says) in [
        ("B:W21", "FEN `B:W21` has no B field"),
        (
            "B;W21;B1",
            "FEN `B;W21;B1` must start with the side to move, B or W, not `B;W21;B1`",
        ),
        (
            "B:W21:B1:Z3",
            "FEN field `Z3` is not understood: fields start with W, B, O (offence) or C (compelled)",
        ),
        ("B:W33:B1", "square 33 is out of range: squares are numbered 1 to 32"),
        ("B:W21:B0", "square 0 is out of range: squares are numbered 1 to 32"),
        ("B:W21,21:B1", "square 21 is named twice in the W field"),
        ("B:W21:B21", "square 21 is named in both the W and the B field"),
        ("B:W17-29:B1", "White has 13 pieces; a side has at most 12"),
        (
            "B:W21:B29",
            "a black man stands on 29, his crowning row: he would be a king",
        ),
        (
            "B:W4:B12",
            "a white man stands on 4, his crowning row: he would be a king",
        ),
        (
            "W:W14,30:B9,15:O11-15",
            "an offence or compulsion field (:O or :C) needs huffing rules",
        ),
    ] {
        for command in [
            vec!["moves", "--fen", fen],
            vec!["perft", "--fen", fen, "--depth", "1"],
        ] {
            let err = fails(&command);
            assert_eq!(err, format!("parlour: bad --fen: {says}\n"), "{command:?}");
        }
    }
    // Offences that could not have happened, under huffing.
    for (fen, says) in [
        (
            "W:W30:B9,15:O11-15",
            "offence 11-15: black had no capture open before it, so it neglected nothing",
        ),
        (
            "W:W30:B18:O11x18",
            "offence 11x18: the piece on 18 has no further jump, so the capture was not stopped short",
        ),
        ("W:W14,30:B9,11:O15-11", "15-11: a man cannot move backwards"),
    ] {
        let err = fails(&["moves", "--rules", "huffing", "--fen", fen]);
        assert_eq!(err, format!("parlour: bad --fen: {says}\n"), "{fen}");
    }
}

#[test]
fn bad_options_fail_with_a_clear_message() {
    let chess = "error: invalid value 'chess' for '--game <GAME>'\n  \
                 [possible values: checkers, pegs]\n\n  \
                 tip: a similar value exists: 'checkers'\n\n\
                 For more information, try '--help'.\n";
    assert_eq!(fails(&["moves", "--game", "chess"]), chess);
    assert_eq!(fails(&["perft", "--game", "chess", "--depth", "1"]), chess);
    for command in [
        vec!["moves", "--rules", "italian"],
        vec!["perft", "--rules", "italian", "--depth", "1"],
    ] {
        assert_eq!(
            fails(&command),
            "parlour: bad --rules: unknown checkers rules `italian`: \
             expected `english` or `huffing`, optionally followed by `,quiet_plies=N`\n"
        );
    }
    let more = "\n\nFor more information, try '--help'.\n";
    for (command, says) in [
        (
            &["moves", "--rules", "english,quiet_plies=0"][..],
            "parlour: bad --rules: quiet_plies must be a whole number from 1 to 65535, not `0`\n"
                .to_string(),
        ),
        (
            &["perft", "--depth", "0"],
            format!(
                "error: invalid value '0' for '--depth <DEPTH>': perft depth 0 is out of range: \
                 a perft depth is 1 to 64 plies{more}"
            ),
        ),
        (
            &["perft", "--depth", "4294967295"],
            format!(
                "error: invalid value '4294967295' for '--depth <DEPTH>': perft depth 4294967295 \
                 is out of range: a perft depth is 1 to 64 plies{more}"
            ),
        ),
        (
            &["perft", "--depth", "-1"],
            format!(
                "error: unexpected argument '-1' found\n\n\
                 Usage: parlour perft [OPTIONS]{more}"
            ),
        ),
        (
            &["perft", "--depth", "x"],
            format!("error: invalid value 'x' for '--depth <DEPTH>': not a whole number, or too large{more}"),
        ),
        (
            &["perft"],
            format!(
                "error: the following required arguments were not provided:\n  \
                 --depth <DEPTH>\n\nUsage: parlour perft --depth <DEPTH>{more}"
            ),
        ),
        (
            &["perft", "--depth", "1", "--threads", "0"],
            format!("error: invalid value '0' for '--threads <THREADS>': 0 is not in 1..=1024{more}"),
        ),
        (
            &["moves", "--fen"],
            format!("error: a value is required for '--fen <FEN>' but none was supplied{more}"),
        ),
        (
            &["frobnicate"],
            format!("error: unrecognized subcommand 'frobnicate'\n\nUsage: parlour <COMMAND>{more}"),
        ),
    ] {
        assert_eq!(fails(command), says, "{command:?}");
    }
}

/// `--moves` wherever a position is taken: `moves`, `show`, `perft` (and
/// `best`) start from the position after them.
#[test]
fn moves_are_played_first_wherever_a_position_is_taken() {
    let after = |command: &[&str]| {
        let mut args = command.to_vec();
        args.extend(["--moves", "11-15,23-19"]);
        let out = parlour(&args);
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(
        after(&["moves"]),
        "7-11\n8-11\n9-13\n9-14\n10-14\n12-16\n15-18\n"
    );
    let shown = after(&["show"]);
    let fen_after = parlour(&["show", "--fen", "B:W21,22,24-32,19:B1-10,12,15"]);
    assert_eq!(shown, String::from_utf8(fen_after.stdout).unwrap());
    // perft from the position after 11-15 alone: 7 moves, 40, 184.
    let out = parlour(&["perft", "--depth", "3", "--moves", "11-15"]);
    let counts: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| l.split(' ').take(2).collect::<Vec<_>>().join(" "))
        .collect();
    assert_eq!(counts, ["1 7", "2 40", "3 184"]);
    assert!(fails(&["moves", "--moves", "11-17"]).contains("--moves"));
}

#[test]
fn a_reader_that_goes_away_ends_play_quietly() {
    // `| head` closes the pipe before `play` draws the move: no message.
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "(sleep 0.5; printf '11-15\\nquit\\n') | '{}' play --engine search:depth=2 | head -1",
            support::PARLOUR
        ))
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn an_engine_that_closes_its_input_is_still_reported() {
    // A broken pipe to an engine is the engine's failure, not a reader
    // gone: the match says so and exits 1.
    let message = fails(&[
        "match",
        "--engine",
        "hub:sh -c 'exec 0<&-; sleep 1',depth=1,startup=3",
        "--engine",
        "random",
        "--rounds",
        "1",
    ]);
    assert!(message.contains("cannot play"), "{message}");
}
