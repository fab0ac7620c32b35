//! A match stopped part-way (as if killed) and resumed on the same files:
//! every game is found exactly once in the PDN and results files, the
//! games are those of an uninterrupted run, and the final statistics count
//! them all; a last results line cut short by the kill, at any byte, is
//! replayed. A file of another match (other rules, engines, limits,
//! adjudication, shard), one without a header, or one with records edited
//! into nonsense is refused before any game, with the difference named.

mod common;

use common::{factory, occurrences, scratch, undated};
use parlour_arena::{
    read_results, run_match, Adjudication, GameCount, MatchConfig, MatchError, MatchReport,
    PlayerSpec, RecordError, Shard,
};
use parlour_checkers::Rules;
use parlour_game::Variant;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

const GAMES: usize = 10;

fn config(dir: &Path, concurrency: usize) -> MatchConfig {
    MatchConfig {
        engines: PlayerSpec::read_all(&["random:seed=2", "greedy"]).unwrap(),
        openings: Some("deck".into()),
        games: GameCount::Rounds(GAMES as u32 / 2),
        concurrency,
        seed: 21,
        pdn: Some(dir.join("match.pdn")),
        results: Some(dir.join("match.jsonl")),
        ..MatchConfig::default()
    }
}

/// Runs the match until `stop_after` games are finished, then sets the stop
/// flag (games under way still finish and are recorded).
fn run_until(config: &MatchConfig, rules: Rules, stop_after: usize) -> MatchReport {
    let stop = Arc::new(AtomicBool::new(false));
    let config = MatchConfig {
        stop: Some(stop.clone()),
        ..config.clone()
    };
    run_match(&config, &rules, &factory(), &|p| {
        if p.done >= stop_after {
            stop.store(true, Ordering::SeqCst);
        }
    })
    .unwrap()
}

fn resume(config: &MatchConfig) -> MatchReport {
    let config = MatchConfig {
        resume: true,
        ..config.clone()
    };
    run_match(&config, &Rules::ENGLISH, &factory(), &|_| {}).unwrap()
}

/// The error of resuming `config` under `rules`, checking that no game
/// started.
fn refused(config: &MatchConfig, rules: Rules) -> RecordError {
    let config = MatchConfig {
        resume: true,
        ..config.clone()
    };
    match run_match(&config, &rules, &factory(), &|_| {
        panic!("no game may start")
    }) {
        Err(MatchError::Records(e)) => e,
        Err(other) => panic!("not a records error: {other}"),
        Ok(_) => panic!("resumed"),
    }
}

/// The games of the match played without a stop, in a folder of their own.
fn uninterrupted(name: &str) -> MatchReport {
    let dir = scratch(name);
    let report = run_match(&config(&dir, 1), &Rules::ENGLISH, &factory(), &|_| {}).unwrap();
    std::fs::remove_dir_all(dir).unwrap();
    report
}

/// Every game is once in each file, numbered in the order the games
/// ended, and the report counts them all.
fn check_files(dir: &Path, report: &MatchReport) {
    assert_eq!(report.records.len(), GAMES);
    assert_eq!(report.stopped, None);
    assert_eq!(report.tally.games(), GAMES);
    let p = &report.tally.pairings()[0];
    assert_eq!(p.wld.games() as usize, GAMES);
    assert_eq!(p.penta.pairs() as usize, GAMES / 2);
    let file = read_results(&dir.join("match.jsonl")).unwrap();
    assert!(file.header.is_some());
    let mut indices: Vec<usize> = file.records.iter().map(|(_, r)| r.index).collect();
    indices.sort();
    assert_eq!(indices, (0..GAMES).collect::<Vec<_>>());
    let mut order: Vec<usize> = file.records.iter().map(|(_, r)| r.order).collect();
    order.sort();
    assert_eq!(order, (1..=GAMES).collect::<Vec<_>>());
    for (_, r) in &file.records {
        assert_eq!(r.move_ms.len(), r.plies - r.opening_plies);
    }
    let pdn = std::fs::read_to_string(dir.join("match.pdn")).unwrap();
    assert_eq!(occurrences(&pdn, "[Event "), GAMES);
    for i in 1..=GAMES {
        assert_eq!(occurrences(&pdn, &format!("[Round \"{i}\"]")), 1, "{pdn}");
    }
}

#[test]
fn a_stopped_match_resumes_without_losing_or_repeating_games() {
    let reference = uninterrupted("reference-1");
    let dir = scratch("stopped");
    let config = config(&dir, 1);
    let first = run_until(&config, Rules::ENGLISH, 4);
    assert_eq!(first.records.len(), 4);
    assert_eq!(first.stopped.as_deref(), Some("stopped"));
    assert_eq!(first.tally.games(), 4);
    // Without resume, the match refuses to overwrite the results.
    let again = run_match(&config, &Rules::ENGLISH, &factory(), &|_| {});
    assert!(matches!(
        again,
        Err(MatchError::Records(RecordError::HoldsGames { .. }))
    ));
    let second = resume(&config);
    check_files(&dir, &second);
    assert_eq!(undated(&second.records), undated(&reference.records));
    assert_eq!(second.tally.pairings(), reference.tally.pairings());
    // Resuming a finished match plays nothing and still counts every game.
    let third = resume(&config);
    check_files(&dir, &third);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_concurrent_stopped_match_resumes_every_game_once() {
    let reference = uninterrupted("reference-2");
    let dir = scratch("concurrent");
    let config = config(&dir, 2);
    let first = run_until(&config, Rules::ENGLISH, 3);
    assert!((3..=4).contains(&first.records.len()));
    let second = resume(&config);
    check_files(&dir, &second);
    assert_eq!(undated(&second.records), undated(&reference.records));
    std::fs::remove_dir_all(dir).unwrap();
}

/// A kill at any moment leaves the file cut at any byte: whatever the
/// byte, the resumed match has every game once, and the games are those
/// of an uninterrupted run (a cut inside the header starts afresh).
#[test]
fn a_match_cut_at_any_byte_resumes() {
    let reference = uninterrupted("reference-3");
    let dir = scratch("truncated");
    let config = config(&dir, 1);
    run_until(&config, Rules::ENGLISH, 5);
    let path = dir.join("match.jsonl");
    let text = std::fs::read(&path).unwrap();
    let header_end = text.iter().position(|&b| b == b'\n').unwrap() + 1;
    // Cuts around every line's end, inside the header, and along the
    // last line.
    let mut cuts: Vec<usize> = vec![0, 1, header_end - 1, header_end, header_end + 1];
    for (i, &b) in text.iter().enumerate() {
        if b == b'\n' {
            cuts.extend([i, i + 1]);
        }
    }
    cuts.extend((text.len() - 300..text.len()).step_by(37));
    cuts.sort();
    cuts.dedup();
    for cut in cuts {
        std::fs::write(&path, &text[..cut]).unwrap();
        let second = resume(&config);
        check_files(&dir, &second);
        assert_eq!(
            undated(&second.records),
            undated(&reference.records),
            "cut at byte {cut}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_damaged_line_before_the_last_is_an_error() {
    let dir = scratch("damaged");
    let config = config(&dir, 1);
    run_until(&config, Rules::ENGLISH, 3);
    let path = dir.join("match.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replacen("{\"index\"", "{\"indx\"", 1)).unwrap();
    let err = refused(&config, Rules::ENGLISH);
    assert!(
        matches!(err, RecordError::NotARecord { line: 2, .. }),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// The differences a refusal names.
fn differences(err: RecordError) -> Vec<String> {
    match err {
        RecordError::OtherMatch { differences, .. } => differences,
        other => panic!("not another match: {other}"),
    }
}

#[test]
fn resuming_another_match_is_refused_naming_the_difference() {
    let dir = scratch("another");
    let base = config(&dir, 1);
    run_until(&base, Rules::ENGLISH, 4);
    let huffing_60 = Rules::parse_rules("english,quiet_plies=60").unwrap();
    for (other, rules, says) in [
        (
            base.clone(),
            Rules::HUFFING,
            "rules: `english` in the file, `huffing` here",
        ),
        (
            base.clone(),
            huffing_60,
            "rules: `english` in the file, `english,quiet_plies=60` here",
        ),
        (
            MatchConfig {
                engines: PlayerSpec::read_all(&["random:seed=3", "greedy"]).unwrap(),
                ..base.clone()
            },
            Rules::ENGLISH,
            "engine 1: `random:seed=2` in the file, `random:seed=3` here",
        ),
        (
            MatchConfig {
                adjudication: Adjudication {
                    max_plies: Some(150),
                    ..Adjudication::default()
                },
                ..base.clone()
            },
            Rules::ENGLISH,
            "max plies: `1000` in the file, `150` here",
        ),
        (
            MatchConfig {
                openings: Some("tough".into()),
                ..base.clone()
            },
            Rules::ENGLISH,
            "opening of round 1: `ACF 1`",
        ),
        (
            MatchConfig {
                games: GameCount::Games(2),
                ..base.clone()
            },
            Rules::ENGLISH,
            "games per pairing: 10 in the file, 2 here",
        ),
        (
            MatchConfig {
                seed: 22,
                ..base.clone()
            },
            Rules::ENGLISH,
            "seed: 21 in the file, 22 here",
        ),
        (
            MatchConfig {
                shard: Some(Shard::new(1, 2).unwrap()),
                ..base.clone()
            },
            Rules::ENGLISH,
            "shard: none in the file, `1/2` here",
        ),
    ] {
        let found = differences(refused(&other, rules));
        assert!(
            found.iter().any(|d| d.starts_with(says)),
            "{says}: {found:?}"
        );
    }
    // The same engine under the same name with other limits.
    let dir2 = scratch("limits");
    let named = |seed: u32| MatchConfig {
        engines: PlayerSpec::read_all(&[
            format!("random:seed={seed},name=r"),
            "greedy".to_string(),
        ])
        .unwrap(),
        ..config(&dir2, 1)
    };
    run_until(&named(2), Rules::ENGLISH, 2);
    let found = differences(refused(&named(5), Rules::ENGLISH));
    assert_eq!(
        found,
        ["engine 1: `random:seed=2,name=r` in the file, `random:seed=5,name=r` here"]
    );
    std::fs::remove_dir_all(dir).unwrap();
    std::fs::remove_dir_all(dir2).unwrap();
}

#[test]
fn a_file_without_a_header_is_refused_as_older() {
    let dir = scratch("headerless");
    let config = config(&dir, 1);
    run_until(&config, Rules::ENGLISH, 3);
    let path = dir.join("match.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let (_, games) = text.split_once('\n').unwrap();
    std::fs::write(&path, games).unwrap();
    let err = refused(&config, Rules::ENGLISH);
    assert!(matches!(err, RecordError::NoHeader { .. }), "{err}");
    assert_eq!(
        err.to_string(),
        format!(
            "results file `{}` has no match header: it was written by an older parlour \
             (or is not a results file), so nothing says which match its games belong to; \
             it cannot be resumed or merged: play the match into a new file",
            path.display()
        )
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// Edits the first game record of the results file with `edit` (on its
/// JSON), and returns why the resume refuses it.
fn edited(name: &str, edit: impl Fn(&mut serde_json::Value)) -> String {
    let dir = scratch(name);
    let config = config(&dir, 1);
    run_until(&config, Rules::ENGLISH, 2);
    let path = dir.join("match.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut record: serde_json::Value = serde_json::from_str(&lines[1]).unwrap();
    edit(&mut record);
    lines[1] = record.to_string();
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let err = refused(&config, Rules::ENGLISH);
    std::fs::remove_dir_all(dir).unwrap();
    match err {
        RecordError::Invalid { line: 2, why, .. } => why.to_string(),
        other => panic!("{name}: not an invalid record: {other}"),
    }
}

#[test]
fn hand_edited_records_are_refused() {
    let why = edited("purple", |r| r["winner"] = "purple".into());
    assert_eq!(why, "has winner `purple`: not black, white or none");
    let why = edited("moves", |r| {
        let first = r["opening_plies"].as_u64().unwrap() as usize;
        let moves = r["moves"].as_array_mut().unwrap();
        moves[first] = "1-2".into();
        moves[first + 1] = "99x100".into();
    });
    assert_eq!(why, "has move 4 `1-2`, which is not legal");
    let why = edited("result", |r| {
        r["result"] = if r["result"] == "2-0" { "0-2" } else { "2-0" }.into()
    });
    assert_eq!(
        why,
        "has result `0-2`, but its winner (black) makes it `2-0`"
    );
    let why = edited("ending", |r| r["termination"] = "checkmate".into());
    assert_eq!(
        why,
        "ends by `checkmate`, which is no ending a match records"
    );
    let why = edited("engines", |r| r["black"] = "someone".into());
    assert_eq!(
        why,
        "is someone (Black) against greedy (White); the match plays random:seed=2 against greedy"
    );
    let why = edited("index", |r| r["index"] = 99.into());
    assert_eq!(why, "is beyond the match's 10 games");
    let why = edited("opening", |r| r["opening"] = "ACF 9".into());
    let start = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";
    assert_eq!(
        why,
        format!("opened with `ACF 9` from {start}; its round opens with `ACF 1` from {start}")
    );
    // A result and winner that agree, but not with how the game ended.
    let why = edited("drawn", |r| {
        if r["winner"].is_null() {
            r["winner"] = "black".into();
            r["result"] = "2-0".into();
        } else {
            r["winner"] = serde_json::Value::Null;
            r["result"] = "1-1".into();
        }
    });
    assert_eq!(why, "ends by no moves with 1-1, but the rules give 2-0");
}

#[test]
fn a_shard_resumes_only_as_itself() {
    let dir = scratch("shard");
    let shard = |k| MatchConfig {
        shard: Some(Shard::new(k, 2).unwrap()),
        ..config(&dir, 1)
    };
    let first = run_until(&shard(2), Rules::ENGLISH, 2);
    assert!(first.records.iter().all(|r| r.index % 2 == 1));
    let found = differences(refused(&shard(1), Rules::ENGLISH));
    assert_eq!(found, ["shard: `2/2` in the file, `1/2` here"]);
    let resumed = run_match(
        &MatchConfig {
            resume: true,
            ..shard(2)
        },
        &Rules::ENGLISH,
        &factory(),
        &|_| {},
    )
    .unwrap();
    assert_eq!(resumed.planned, GAMES / 2);
    let indices: Vec<usize> = resumed.records.iter().map(|r| r.index).collect();
    assert_eq!(indices, [1, 3, 5, 7, 9]);
    std::fs::remove_dir_all(dir).unwrap();
}
