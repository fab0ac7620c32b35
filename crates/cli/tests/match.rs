//! `parlour match` from the outside: small matches under english, huffing
//! and peg rules complete with records that agree with each other and with
//! the rules; a match killed partway and resumed holds every game exactly
//! once; the default match runs; bad input is refused before any game.

mod support;

use parlour_checkers::{Position, Rules};
use parlour_game::{Game, History, Outcome, Side};
use parlour_pegs::{PegPosition, PegRules};
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use support::{fails, ok, parlour, path, records, scratch};

/// The games of a PDN file: each game's tags, then its move text.
fn pdn_games(file: &Path) -> Vec<(Vec<(String, String)>, String)> {
    let text = std::fs::read_to_string(file).unwrap();
    let mut games = Vec::new();
    for block in text.split("\n\n[").filter(|b| !b.trim().is_empty()) {
        let block = block.trim_start_matches('[');
        let (head, body) = block.split_once("\n\n").expect("tags, a blank line, moves");
        let tags = head
            .lines()
            .map(|l| {
                let l = l.trim_start_matches('[').trim_end_matches(']');
                let (k, v) = l.split_once(' ').unwrap();
                (k.to_string(), v.trim_matches('"').to_string())
            })
            .collect();
        games.push((tags, body.trim().to_string()));
    }
    games
}

fn tag<'a>(tags: &'a [(String, String)], key: &str) -> Option<&'a str> {
    tags.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

/// Replays a record's moves from its start through the rules and checks its
/// result, ending and ply count.
fn replay<G: Game>(record: &Value, start: G) {
    let text = |k: &str| record[k].as_str().unwrap().to_string();
    let mut history = History::new(start);
    let moves: Vec<String> = record["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    for mv in &moves {
        let parsed = history.current().parse_move(mv).unwrap();
        assert!(history.try_push(parsed), "{mv} is legal");
    }
    assert_eq!(record["plies"].as_u64().unwrap() as usize, moves.len());
    let winner = record["winner"].as_str();
    let outcome = match winner {
        Some("black") => Outcome::Win(Side::Black),
        Some("white") => Outcome::Win(Side::White),
        None => Outcome::Draw,
        other => panic!("winner {other:?}"),
    };
    assert_eq!(text("result"), outcome.pdn());
    match text("termination").as_str() {
        "no moves" | "repetition" | "quiet plies" => {
            assert_eq!(history.outcome(), Some(outcome), "{record}")
        }
        "max plies" => {
            assert_eq!(history.outcome(), None);
            assert_eq!(outcome, Outcome::Draw);
        }
        other => panic!("game ended by {other}: {record}"),
    }
}

/// Runs a small match and checks that its records agree: every game once in
/// each file, the PDN's tags and results those of the JSON lines, each
/// game legal to its result, the report's totals the records'.
fn small_match(name: &str, args: &[&str], check_tags: impl Fn(&[(String, String)])) {
    let dir = scratch(name);
    let (pdn, results) = (dir.join("games.pdn"), dir.join("results.jsonl"));
    let mut all = args.to_vec();
    all.extend([
        "--rounds",
        "2",
        "--concurrency",
        "2",
        "--quiet",
        "--pdn",
        path(&pdn),
        "--results",
        path(&results),
    ]);
    let out = ok(&all);
    assert!(out.starts_with("4 of 4 games played\n"), "{out}");
    let recs = records(&results);
    let mut indices: Vec<u64> = recs.iter().map(|r| r["index"].as_u64().unwrap()).collect();
    indices.sort_unstable();
    assert_eq!(indices, vec![0, 1, 2, 3]);
    let games = pdn_games(&pdn);
    assert_eq!(games.len(), 4);
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    // The first engine plays Black in the first game of each pair.
    let first = recs
        .iter()
        .find(|r| r["index"] == 0)
        .map(|r| r["black"].as_str().unwrap().to_string())
        .unwrap();
    for r in &recs {
        let index = r["index"].as_u64().unwrap();
        let round = (index + 1).to_string();
        let found: Vec<_> = games
            .iter()
            .filter(|(t, _)| tag(t, "Round") == Some(round.as_str()))
            .collect();
        assert_eq!(found.len(), 1, "game {round} once in the PDN");
        let (tags, moves) = found[0];
        for (key, field) in [("White", "white"), ("Black", "black"), ("Result", "result")] {
            assert_eq!(tag(tags, key), r[field].as_str(), "{key}");
        }
        let result = r["result"].as_str().unwrap();
        // PDN wraps its lines, so the result may stand on a line of its own.
        let flat = moves.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(flat.ends_with(&format!("}} {result}")), "{moves}");
        let played: Vec<&str> = r["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        // The PDN holds the moves in order (a huff is two words), each
        // engine move with its comment (`{0.012s}`, `{+0.35/4 0.012s}`).
        let mut bare = String::new();
        let mut depth = 0;
        for c in moves.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                c if depth == 0 => bare.push(c),
                _ => {}
            }
        }
        let words: Vec<&str> = bare
            .split_whitespace()
            .filter(|w| !w.ends_with('.'))
            .collect();
        let (text, played) = (words.join(" "), played.join(" "));
        assert_eq!(text, format!("{played} {result}"), "{moves}");
        let engine_moves = r["move_ms"].as_array().unwrap().len();
        let times = moves
            .match_indices("s}")
            .filter(|&(i, _)| moves[..i].ends_with(|c: char| c.is_ascii_digit()))
            .count();
        assert_eq!(times, engine_moves, "{moves}");
        check_tags(tags);
        match r["winner"].as_str() {
            None => draws += 1,
            Some(side) if r[side] == first.as_str() => wins += 1,
            Some(_) => losses += 1,
        }
    }
    // The first engine's row of the report counts the same.
    let row = out
        .lines()
        .find(|l| l.starts_with(&first))
        .expect("a row for the first engine");
    let cells: Vec<&str> = row[first.len()..].split_whitespace().collect();
    assert_eq!(
        &cells[1..5],
        &[
            "4",
            &wins.to_string(),
            &losses.to_string(),
            &draws.to_string()
        ]
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_english_match_is_recorded_consistently() {
    small_match(
        "english",
        &[
            "match",
            "--game",
            "checkers",
            "--engine",
            "search:depth=3",
            "--engine",
            "greedy",
        ],
        |tags| {
            assert_eq!(tag(tags, "GameType"), Some("21"));
            assert_eq!(tag(tags, "Rules"), None);
            // Ballots start from the usual start.
            assert_eq!(tag(tags, "FEN"), None);
        },
    );
    let dir = scratch("english-replay");
    let results = dir.join("r.jsonl");
    ok(&[
        "match",
        "--engine",
        "search:depth=2",
        "--engine",
        "random",
        "--rounds",
        "3",
        "--quiet",
        "--results",
        path(&results),
    ]);
    for r in records(&results) {
        replay(
            &r,
            Position::from_fen(r["start"].as_str().unwrap(), Rules::ENGLISH).unwrap(),
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_huffing_match_is_recorded_consistently() {
    let args = [
        "match",
        "--game",
        "checkers",
        "--rules",
        "huffing",
        "--engine",
        "search:depth=3",
        "--engine",
        "random:seed=4",
    ];
    small_match("huffing", &args, |tags| {
        assert_eq!(tag(tags, "Rules"), Some("huffing"));
        assert_eq!(tag(tags, "GameType"), None);
    });
    let dir = scratch("huffing-replay");
    let results = dir.join("r.jsonl");
    let mut all = args.to_vec();
    all.extend(["--rounds", "3", "--quiet", "--results", path(&results)]);
    ok(&all);
    for r in records(&results) {
        replay(
            &r,
            Position::from_fen(r["start"].as_str().unwrap(), Rules::HUFFING).unwrap(),
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_peg_match_is_recorded_consistently() {
    let rules = "squares=3,reserve=2";
    let searched = [
        "match",
        "--game",
        "pegs",
        "--rules",
        rules,
        "--engine",
        "search:depth=2",
        "--engine",
        "greedy",
    ];
    small_match("pegs", &searched, |tags| {
        assert_eq!(tag(tags, "Game"), Some("pegs"));
        assert_eq!(
            tag(tags, "Rules"),
            Some("squares=3,diagonals=1,pegs=9,reserve=2,quiet_plies=100")
        );
        let start = tag(tags, "Position").expect("a Position tag");
        PegPosition::parse(start, None).expect("the Position tag reads back");
    });
    let args = [
        "match",
        "--game",
        "pegs",
        "--rules",
        rules,
        "--engine",
        "greedy",
        "--engine",
        "random:seed=9",
    ];
    let dir = scratch("pegs-replay");
    let results = dir.join("r.jsonl");
    let mut all = args.to_vec();
    all.extend(["--rounds", "3", "--quiet", "--results", path(&results)]);
    ok(&all);
    let rules: PegRules = rules.parse().unwrap();
    let recs = records(&results);
    assert_eq!(recs.len(), 6);
    for r in &recs {
        // Six random opening plies, both Kings first.
        assert_eq!(r["opening_plies"], 6);
        assert!(r["moves"][0].as_str().unwrap().starts_with("K@"));
        replay(
            r,
            PegPosition::parse(r["start"].as_str().unwrap(), Some(rules)).unwrap(),
        );
    }
    // The same seed plays the same games.
    let again = dir.join("again.jsonl");
    let mut all = args.to_vec();
    all.extend([
        "--rounds",
        "3",
        "--quiet",
        "--concurrency",
        "1",
        "--results",
        path(&again),
    ]);
    ok(&all);
    let moves = |rs: &[Value]| {
        let mut v: Vec<(u64, Value)> = rs
            .iter()
            .map(|r| (r["index"].as_u64().unwrap(), r["moves"].clone()))
            .collect();
        v.sort_by_key(|(i, _)| *i);
        v
    };
    assert_eq!(moves(&recs), moves(&records(&again)));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_killed_match_resumes_with_every_game_once() {
    let dir = scratch("resume");
    let (pdn, results) = (dir.join("games.pdn"), dir.join("results.jsonl"));
    let args = [
        "match",
        "--engine",
        "search:movetime=15,name=a",
        "--engine",
        "search:movetime=15,name=b",
        "--rounds",
        "3",
        "--concurrency",
        "1",
        "--max-plies",
        "150",
        "--time-margin",
        "2000",
        "--quiet",
        "--pdn",
        path(&pdn),
        "--results",
        path(&results),
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let began = Instant::now();
    // The games recorded: whole lines after the match's header.
    let lines = || {
        std::fs::read_to_string(&results).map_or(0, |t| {
            t.split_inclusive('\n')
                .filter(|l| l.ends_with('\n') && l.starts_with("{\"index\""))
                .count()
        })
    };
    while lines() == 0 {
        assert!(
            began.elapsed() < Duration::from_secs(120),
            "no game finished"
        );
        assert!(child.try_wait().unwrap().is_none(), "the match ended early");
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let before = std::fs::read_to_string(&results).unwrap();
    let kept: Vec<&str> = before
        .lines()
        .filter(|l| l.starts_with("{\"index\"") && l.ends_with('}'))
        .collect();
    assert!(
        !kept.is_empty() && kept.len() < 6,
        "{} games before the kill",
        kept.len()
    );

    let mut resumed = args.to_vec();
    resumed.push("--resume");

    // Resumed, then interrupted as by Ctrl-C: the game under way finishes
    // and is recorded, the report says so (and its HTML page too), and the
    // exit is a failure.
    let html = dir.join("stopped.html");
    let child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(&resumed)
        .args(["--html", path(&html)])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    while lines() <= kept.len() {
        assert!(
            began.elapsed() < Duration::from_secs(240),
            "no game resumed"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let interrupted = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let done = lines();
    assert!(done > kept.len() && done < 6, "{done} games");
    assert!(
        stdout.starts_with(&format!("{done} of 6 games played (stopped)\n")),
        "{stdout}"
    );
    assert_eq!(
        stderr,
        format!(
            "\nparlour match: stopping once the games under way end (Ctrl-C again to quit now)\n\
             parlour: stopped after {done} of 6 games: run again with --resume to finish the match\n"
        )
    );
    let page = std::fs::read_to_string(&html).expect("the stopped match's page");
    assert!(
        page.contains(&format!("{done} of 6 games played (stopped)</p>")),
        "{page}"
    );
    assert_eq!(page.matches("<details>").count(), done);

    let out = ok(&resumed);
    assert!(out.starts_with("6 of 6 games played\n"), "{out}");
    let after = std::fs::read_to_string(&results).unwrap();
    // The games before the kill are kept as they were.
    for line in &kept {
        assert!(after.contains(line));
    }
    let recs = records(&results);
    let mut indices: Vec<u64> = recs.iter().map(|r| r["index"].as_u64().unwrap()).collect();
    indices.sort_unstable();
    assert_eq!(indices, (0..6).collect::<Vec<u64>>());
    let games = pdn_games(&pdn);
    let mut rounds: Vec<u64> = games
        .iter()
        .map(|(t, _)| tag(t, "Round").unwrap().parse().unwrap())
        .collect();
    rounds.sort_unstable();
    assert_eq!(rounds, (1..=6).collect::<Vec<u64>>());
    for r in &recs {
        replay(
            r,
            Position::from_fen(r["start"].as_str().unwrap(), Rules::ENGLISH).unwrap(),
        );
    }
    // The final statistics count all six games.
    let row = out.lines().find(|l| l.starts_with("a ")).expect("a's row");
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(cells[2], "6", "{row}");
    let wld: u32 = cells[3..6].iter().map(|c| c.parse::<u32>().unwrap()).sum();
    assert_eq!(wld, 6, "{row}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_default_match_is_the_searcher_against_greedy() {
    let out = ok(&["match", "--game", "checkers", "--quiet"]);
    assert!(out.starts_with("8 of 8 games played\n"), "{out}");
    assert!(
        out.contains("search:depth=6") && out.contains("greedy"),
        "{out}"
    );
    // One round, to keep a debug build's test short.
    let out = ok(&["match", "--game", "pegs", "--quiet", "--rounds", "1"]);
    assert!(out.starts_with("2 of 2 games played\n"), "{out}");
    assert!(
        out.contains("search:depth=3") && out.contains("greedy"),
        "{out}"
    );
}

#[test]
fn bad_input_is_refused_before_any_game() {
    let dir = scratch("errors");
    let pdn = dir.join("games.pdn");
    let results = dir.join("results.jsonl");
    let outputs = ["--pdn", path(&pdn), "--results", path(&results)];
    let with = |extra: &[&str]| -> Vec<String> {
        let mut v: Vec<String> = ["match"].iter().map(|s| s.to_string()).collect();
        v.extend(extra.iter().map(|s| s.to_string()));
        v.extend(outputs.iter().map(|s| s.to_string()));
        v
    };
    let missing = dir.join("no-such-openings.txt");
    for (args, says) in [
        (
            with(&["--engine", "search", "--engine", "greedy"]),
            "engine `search`: a search in a match needs a limit: \
             depth=N, nodes=N, movetime=MS or tc=SECONDS+INCREMENT"
                .to_string(),
        ),
        (
            with(&["--engine", "greedy"]),
            "a match needs at least two engines, and 1 was given".to_string(),
        ),
        (
            with(&["--engine", "greedy", "--engine", "greedy"]),
            "two engines are named `greedy`: give one another name with name=...".to_string(),
        ),
        (
            with(&[
                "--openings",
                path(&missing),
                "--engine",
                "greedy",
                "--engine",
                "random",
            ]),
            format!(
                "cannot read openings file `{}` (the built-in openings are start, random, \
                 random:plies=N, deck, all, tough): No such file or directory (os error 2)",
                missing.display()
            ),
        ),
        (
            with(&["--rules", "chess"]),
            "bad --rules: unknown checkers rules `chess`: \
             expected `english` or `huffing`, optionally followed by `,quiet_plies=N`"
                .to_string(),
        ),
        (
            with(&["--game", "pegs", "--rules", "squares=9"]),
            "bad --rules: peg rules: squares must be from 2 to 6, not 9".to_string(),
        ),
        (
            with(&["--game", "pegs", "--openings", "deck", "--rounds", "1"]),
            "cannot read openings file `deck` (the built-in openings are start, random, \
             random:plies=N): No such file or directory (os error 2)"
                .to_string(),
        ),
        (
            with(&["--sprt", "5,0,0.05,0.05"]),
            "--sprt: SPRT: elo0 (5) must be smaller than elo1 (0)".to_string(),
        ),
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let stderr = fails(&args);
        assert_eq!(stderr, format!("parlour: {says}\n"), "{args:?}");
        assert!(!results.exists() && !pdn.exists(), "{args:?} wrote a file");
    }
    // A flag clap reads is a usage error: clap's message, exit status 2;
    // an engine spec among them.
    for (spec, problem) in [
        (
            "search:nodes=9,movetime=9",
            "a node budget and a time cannot go together: give one of them",
        ),
        (
            "alphabeta:depth=3",
            "unknown kind `alphabeta`: expected random, greedy, search or hub, as in \
             search:depth=8 or hub:parlour hub,depth=4",
        ),
    ] {
        let out = parlour(&["match", "--engine", spec, "--engine", "greedy"]);
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!(
                "error: invalid value '{spec}' for '--engine <SPEC>': {problem}\n\n\
                 For more information, try '--help'.\n"
            )
        );
    }
    let out = parlour(&["match", "--quiet", "--resign", "300"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: invalid value '300' for '--resign <SCORE,MOVES>': \
         `300`: write SCORE,MOVES, whole numbers\n\nFor more information, try '--help'.\n"
    );
    // An output that cannot be written.
    let nowhere = dir.join("no-such-folder").join("games.pdn");
    let stderr = fails(&["match", "--quiet", "--pdn", path(&nowhere)]);
    assert_eq!(
        stderr,
        format!(
            "parlour: cannot write `{}`: No such file or directory (os error 2)\n",
            nowhere.display()
        )
    );
    // Results that hold games, without --resume.
    std::fs::write(&results, "{}\n").unwrap();
    let stderr = fails(&["match", "--quiet", "--results", path(&results)]);
    assert_eq!(
        stderr,
        format!(
            "parlour: results file `{}` already holds games: \
             resume to continue that match, or choose another file\n",
            results.display()
        )
    );
    // --resume needs --results.
    fails(&["match", "--resume"]);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn adjudication_and_sprt_flags_reach_the_match() {
    let dir = scratch("adjudication");
    let results = dir.join("resign.jsonl");
    let out = ok(&[
        "match",
        "--engine",
        "search:depth=6",
        "--engine",
        "greedy",
        "--rounds",
        "2",
        "--resign",
        "300,2",
        "--quiet",
        "--results",
        path(&results),
    ]);
    assert!(out.starts_with("4 of 4 games played\n"), "{out}");
    let recs = records(&results);
    assert!(
        recs.iter().any(|r| r["termination"] == "resignation"),
        "greedy, far behind, resigns"
    );
    for r in recs.iter().filter(|r| r["termination"] == "resignation") {
        assert!(
            r["reason"].as_str().unwrap().contains("(greedy) resigned"),
            "{r}"
        );
        assert_eq!(
            r["result"],
            if r["winner"] == "black" { "2-0" } else { "0-2" }
        );
    }

    let results = dir.join("short.jsonl");
    ok(&[
        "match",
        "--engine",
        "random:seed=1",
        "--engine",
        "random:seed=2",
        "--rounds",
        "2",
        "--max-plies",
        "30",
        "--quiet",
        "--results",
        path(&results),
    ]);
    for r in records(&results) {
        assert!(r["plies"].as_u64().unwrap() <= 30, "{r}");
        if r["termination"] == "max plies" {
            assert_eq!(
                (r["plies"].as_u64(), r["result"].as_str()),
                (Some(30), Some("1-1"))
            );
        }
    }

    // Two engines far apart: the test accepts H1 long before the deck ends.
    let out = ok(&[
        "match",
        "--engine",
        "search:depth=6",
        "--engine",
        "random",
        "--sprt",
        "0,200,0.05,0.05",
        "--concurrency",
        "1",
        "--quiet",
    ]);
    assert!(out.contains("(SPRT bound reached)"), "{out}");
    assert!(out.contains("H1 accepted"), "{out}");
    // A negative bound needs no `=`.
    let args = "match --engine search:depth=6 --engine random --sprt -200,-100,0.05,0.05 \
                --concurrency 1 --quiet";
    let out = ok(&args.split_whitespace().collect::<Vec<_>>());
    assert!(out.contains("SPRT -200,-100,0.05,0.05 "), "{out}");
    std::fs::remove_dir_all(dir).unwrap();
}
