//! `parlour match` with outside engines (`--engine hub:...`): `parlour hub`
//! itself plays a match to the end against the built-in searcher; engines
//! that crash, fall silent or play an illegal move lose every game with the
//! reason recorded, are restarted for each game, and the match completes;
//! an engine that cannot be started stops the match before any game.

mod support;

use parlour_checkers::{Position, Rules};
use parlour_game::echo::echo;
use parlour_game::{Game, History, Outcome, Side};
use serde_json::Value;
use std::path::Path;
use std::time::{Duration, Instant};
use support::{fails, parlour, path, records, scratch, PARLOUR};

/// Runs an english checkers match of `rounds` openings (each twice) at one
/// game at a time that must succeed; its records and stdout.
fn run_match(dir: &Path, engines: [&str; 2], rounds: u32) -> (Vec<Value>, String) {
    let results = dir.join("results.jsonl");
    let rounds = rounds.to_string();
    let args = [
        "match",
        "--engine",
        engines[0],
        "--engine",
        engines[1],
        "--rounds",
        &rounds,
        "--concurrency",
        "1",
        "--quiet",
        "--results",
        path(&results),
    ];
    let out = parlour(&args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?} failed: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    (records(&results), String::from_utf8(out.stdout).unwrap())
}

/// Every game of the match is in the records exactly once, in its colours.
fn check_schedule(records: &[Value], names: [&str; 2], games: usize) {
    let mut indices: Vec<u64> = records
        .iter()
        .map(|r| r["index"].as_u64().unwrap())
        .collect();
    indices.sort_unstable();
    assert_eq!(indices, (0..games as u64).collect::<Vec<_>>());
    for r in records {
        let i = r["index"].as_u64().unwrap() as usize;
        let (black, white) = if i & 1 == 0 {
            (names[0], names[1])
        } else {
            (names[1], names[0])
        };
        assert_eq!(r["black"], black, "{r}");
        assert_eq!(r["white"], white, "{r}");
    }
}

/// The W-L-D of `name` in the records.
fn score_of(records: &[Value], name: &str) -> [usize; 3] {
    let mut wld = [0; 3];
    for r in records {
        match r["winner"].as_str() {
            None => wld[2] += 1,
            Some(side) if r[side] == name => wld[0] += 1,
            Some(_) => wld[1] += 1,
        }
    }
    wld
}

/// A script written into `dir`, run by `sh` (so that it needs no execute
/// permission): a Hub engine that shakes hands and then does `on_go` when
/// asked to think; each start appends a line to `starts.log`.
fn engine_script(dir: &Path, name: &str, on_go: &str) -> String {
    let script = dir.join(format!("{name}.sh"));
    let log = dir.join("starts.log");
    let text = format!(
        "echo start >> '{log}'\n\
         while read -r line; do\n\
         \x20 case \"$line\" in\n\
         \x20   hub) echo 'id name={name}'; echo wait ;;\n\
         \x20   init) echo ready ;;\n\
         \x20   ping) echo pong ;;\n\
         \x20   go*) {on_go} ;;\n\
         \x20   quit) exit 0 ;;\n\
         \x20 esac\n\
         done\n",
        log = path(&log)
    );
    std::fs::write(&script, text).unwrap();
    format!("sh {}", path(&script))
}

fn starts(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("starts.log")).map_or(0, |t| t.lines().count())
}

#[test]
fn parlour_hub_plays_a_match_to_the_end() {
    let dir = scratch("self");
    let began = Instant::now();
    // `parlour hub`, through a shell that counts its starts.
    let log = dir.join("starts.log");
    let hub = format!(
        "hub:sh -c 'echo start >> \"$0\"; exec \"$1\" hub' {} {PARLOUR},depth=2,name=hub",
        path(&log)
    );
    let (records, stdout) = run_match(&dir, [&hub, "search:depth=2"], 3);
    check_schedule(&records, ["hub", "search:depth=2"], 6);
    for r in &records {
        let termination = r["termination"].as_str().unwrap();
        assert!(
            ["no moves", "repetition", "quiet plies", "max plies"].contains(&termination),
            "a game ended by {termination}: {r}"
        );
        // Every move the Hub engine played is legal, to the recorded end.
        let start = Position::from_fen(r["start"].as_str().unwrap(), Rules::ENGLISH).unwrap();
        let mut history = History::new(start);
        for mv in r["moves"].as_array().unwrap() {
            let mv = history.current().parse_move(mv.as_str().unwrap()).unwrap();
            assert!(history.try_push(mv), "{r}");
        }
        let outcome = match r["winner"].as_str() {
            Some("black") => Outcome::Win(Side::Black),
            Some("white") => Outcome::Win(Side::White),
            _ => Outcome::Draw,
        };
        assert_eq!(r["result"], outcome.pdn(), "{r}");
        if termination != "max plies" {
            assert_eq!(history.outcome(), Some(outcome), "{r}");
        }
        // Both engines' moves keep their score and depth: the searcher's
        // own, the Hub engine's from its `info` lines.
        let notes = r["move_notes"].as_array().unwrap();
        assert_eq!(notes.len(), r["move_ms"].as_array().unwrap().len());
        assert!(
            notes
                .iter()
                .all(|n| n["depth"].as_u64().is_some_and(|d| d >= 1)),
            "{r}"
        );
        assert!(notes.iter().all(|n| n["score"].is_i64()), "{r}");
    }
    let [w, l, d] = score_of(&records, "hub");
    assert_eq!(w + l + d, 6);
    assert_eq!(score_of(&records, "search:depth=2"), [l, w, d]);
    let line = stdout
        .lines()
        .find(|l| l.starts_with("hub "))
        .unwrap_or_else(|| panic!("a row for hub in {stdout}"));
    let cells: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(
        cells[2..6],
        ["6", &w.to_string(), &l.to_string(), &d.to_string()]
    );
    // One process played every game: a healthy engine is kept between
    // games.
    assert_eq!(starts(&dir), 1);
    assert!(began.elapsed() < Duration::from_secs(20));
}

/// A match of the failing engine `name` against `random`: every game is
/// its loss by `termination`, the reason (`black (NAME) ` or `white
/// (NAME) `, then `says`) naming what happened, and the engine was started
/// once for each game.
fn failing_engine(name: &str, on_go: &str, options: &str, termination: &str, says: &str) {
    let dir = scratch(name);
    let began = Instant::now();
    let engine = format!(
        "hub:{}{options},name={name}",
        engine_script(&dir, name, on_go)
    );
    let (records, stdout) = run_match(&dir, [&engine, "random:seed=1"], 2);
    check_schedule(&records, [name, "random:seed=1"], 4);
    assert_eq!(score_of(&records, name), [0, 4, 0], "{stdout}");
    for r in &records {
        assert_eq!(r["termination"], termination, "{r}");
        let side = if r["black"] == name { "black" } else { "white" };
        assert_eq!(r["reason"], format!("{side} ({name}) {says}"), "{r}");
    }
    // Started when the match was checked (that process played the first
    // game), then again for each later game, as each one failed.
    assert_eq!(starts(&dir), 4);
    assert!(began.elapsed() < Duration::from_secs(20));
}

#[test]
fn an_engine_that_crashes_loses_each_game() {
    failing_engine(
        "crasher",
        "echo 'going down' >&2; exit 3",
        ",depth=2",
        "crash",
        "crashed: `crasher` closed its output during its move (exit status: 3); \
         its last words: going down",
    );
}

#[test]
fn a_silent_engine_loses_each_game_on_time() {
    failing_engine(
        "silent",
        ":",
        ",depth=2,margin=300",
        "time forfeit",
        "timed out: `silent` said nothing in time during its move",
    );
}

#[test]
fn an_engine_that_plays_an_illegal_move_loses_each_game() {
    failing_engine(
        "cheat",
        "echo 'done move=1-32'",
        ",movetime=50",
        "illegal move",
        "illegal move: `cheat` played `1-32`: `1-32` is not a move",
    );
}

#[test]
fn an_engine_that_cannot_start_stops_the_match_before_any_game() {
    let dir = scratch("missing");
    let results = dir.join("results.jsonl");
    let missing = dir.join("no-such-engine");
    let sleepy = engine_script(&dir, "sleepy", ":");
    // A spec that does not read is the flag's usage error; one that reads
    // but cannot play is the match's.
    let usage = |engine: &str, problem: &str| {
        format!(
            "error: invalid value '{}' for '--engine <SPEC>': {problem}\n\n\
             For more information, try '--help'.\n",
            echo(engine)
        )
    };
    let refused = |says: String| format!("parlour: {says}\n");
    for (engine, says) in [
        (
            format!("hub:{},depth=2", path(&missing)),
            // (Named by its file name, as the match's tables name it.)
            refused(format!(
                "engine `hub:no-such-engine,depth=2`: cannot play: crashed: cannot start `{}`: \
                 No such file or directory (os error 2)",
                missing.display()
            )),
        ),
        (
            "hub:,depth=2".to_string(),
            usage(
                "hub:,depth=2",
                "the engine command is empty: write hub:COMMAND,depth=N \
                 (or nodes, movetime, tc), as in hub:parlour hub,depth=4",
            ),
        ),
        (
            format!("hub:{} hub", PARLOUR),
            usage(
                &format!("hub:{PARLOUR} hub"),
                "a hub engine needs a limit: \
                 depth=N, nodes=N, movetime=MS or tc=SECONDS+INCREMENT",
            ),
        ),
        // An engine that answers the handshake too late (the spec is
        // echoed as the command's words, cut to 80 characters).
        (
            format!(
                "hub:{},depth=2,startup=0.3",
                sleepy.replace("sh ", "sh -c 'sleep 2; exec sh \"$0\"' ")
            ),
            refused(format!(
                "engine `{}`: cannot play: timed out: \
                 `sh` said nothing in time during the handshake (hub ... wait)",
                echo(&format!(
                    "hub:{},depth=2,startup=0.3",
                    sleepy.replace("sh ", "sh -c sleep 2; exec sh '$0' ")
                ))
            )),
        ),
    ] {
        let out = parlour(&[
            "match",
            "--engine",
            &engine,
            "--engine",
            "random",
            "--rounds",
            "1",
            "--quiet",
            "--results",
            path(&results),
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{engine} was accepted");
        assert_eq!(stderr, says, "{engine}");
        assert!(out.stdout.is_empty(), "{engine}");
        assert!(
            std::fs::read_to_string(&results).map_or(true, |t| t.is_empty()),
            "{engine}: a game was played"
        );
    }
}

#[test]
fn a_hub_engines_params_are_set_at_every_start_and_checked() {
    let dir = scratch("params");
    // `parlour hub`, its input kept in a log.
    let log = dir.join("input.log");
    let hub = format!(
        "hub:sh -c 'tee -a \"$0\" | exec \"$1\" hub' {} {PARLOUR},depth=2,param.hash=8,\
         param.eval=handwritten,name=hub",
        path(&log)
    );
    let (records, _) = run_match(&dir, [&hub, "search:depth=2"], 1);
    assert_eq!(records.len(), 2);
    let input = std::fs::read_to_string(&log).unwrap();
    let starts = input.lines().filter(|l| *l == "hub").count();
    assert!(starts >= 1, "{input}");
    for set in [
        "set-param name=hash value=8",
        "set-param name=eval value=handwritten",
    ] {
        assert_eq!(
            input.lines().filter(|l| *l == set).count(),
            starts,
            "{input}"
        );
    }
    // A name the engine does not offer: an error naming those it does.
    let bad = format!("hub:{PARLOUR} hub,depth=2,param.hashh=8");
    let stderr = fails(&[
        "match", "--engine", &bad, "--engine", "random", "--rounds", "1", "--quiet",
    ]);
    assert!(
        stderr.contains(
            "has no parameter `hashh`: it offers variant, rules, eval, egdb, book, bookfloor, \
             threads, hash, multipv, skill, solve"
        ),
        "{stderr}"
    );
    let stderr = fails(&[
        "match",
        "--engine",
        "hub:x,depth=2,param.=1",
        "--engine",
        "random",
    ]);
    assert!(
        stderr.contains("`param.`: a parameter's name is one word"),
        "{stderr}"
    );
}
