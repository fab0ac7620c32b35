//! A match stopped part-way (as if killed) and resumed on the same files:
//! every game is found exactly once in the PDN and results files, the
//! games are those of an uninterrupted run, and the final statistics count
//! them all; a last results line cut short by the kill is replayed.

mod common;

use common::{factory, occurrences, scratch, undated};
use parlour_arena::{run_match, GameCount, MatchConfig, MatchError, MatchReport, RecordError};
use parlour_checkers::Rules;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

const GAMES: usize = 10;

fn config(dir: &Path, concurrency: usize) -> MatchConfig {
    MatchConfig {
        engines: vec!["random:seed=2".into(), "greedy".into()],
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
fn run_until(config: &MatchConfig, stop_after: usize) -> MatchReport {
    let stop = Arc::new(AtomicBool::new(false));
    let config = MatchConfig {
        stop: Some(stop.clone()),
        ..config.clone()
    };
    run_match(&config, &Rules::ENGLISH, &factory(), &|p| {
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

/// The games of the match played without a stop, in a folder of their own.
fn uninterrupted(name: &str) -> MatchReport {
    let dir = scratch(name);
    let report = run_match(&config(&dir, 1), &Rules::ENGLISH, &factory(), &|_| {}).unwrap();
    std::fs::remove_dir_all(dir).unwrap();
    report
}

/// Every game is once in each file, and the report counts them all.
fn check_files(dir: &Path, report: &MatchReport) {
    assert_eq!(report.records.len(), GAMES);
    assert_eq!(report.stopped, None);
    assert_eq!(report.tally.games(), GAMES);
    let p = &report.tally.pairings()[0];
    assert_eq!(p.wld.games() as usize, GAMES);
    assert_eq!(p.penta.pairs() as usize, GAMES / 2);
    let results = std::fs::read_to_string(dir.join("match.jsonl")).unwrap();
    let mut indices: Vec<usize> = results
        .lines()
        .map(|l| {
            serde_json::from_str::<parlour_arena::GameRecord>(l)
                .unwrap()
                .index
        })
        .collect();
    indices.sort();
    assert_eq!(indices, (0..GAMES).collect::<Vec<_>>());
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
    let first = run_until(&config, 4);
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
    let first = run_until(&config, 3);
    assert!((3..=4).contains(&first.records.len()));
    let second = resume(&config);
    check_files(&dir, &second);
    assert_eq!(undated(&second.records), undated(&reference.records));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_truncated_last_line_is_dropped_and_its_game_replayed() {
    let reference = uninterrupted("reference-3");
    let dir = scratch("truncated");
    let config = config(&dir, 1);
    run_until(&config, 5);
    let path = dir.join("match.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.lines().count(), 5);
    // A kill in the middle of writing the fifth game.
    std::fs::write(&path, &text[..text.len() - 40]).unwrap();
    let second = resume(&config);
    check_files(&dir, &second);
    assert_eq!(undated(&second.records), undated(&reference.records));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_damaged_line_before_the_last_is_an_error() {
    let dir = scratch("damaged");
    let config = config(&dir, 1);
    run_until(&config, 3);
    let path = dir.join("match.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replacen("{\"index\"", "{\"indx\"", 1)).unwrap();
    let err = run_match(
        &MatchConfig {
            resume: true,
            ..config
        },
        &Rules::ENGLISH,
        &factory(),
        &|_| panic!("no game may start"),
    )
    .unwrap_err();
    assert!(
        matches!(
            err,
            MatchError::Records(RecordError::NotARecord { line: 1, .. })
        ),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn resuming_another_match_is_refused() {
    let dir = scratch("another");
    let config = config(&dir, 1);
    run_until(&config, 4);
    for other in [
        MatchConfig {
            engines: vec!["random:seed=3".into(), "greedy".into()],
            ..config.clone()
        },
        MatchConfig {
            openings: Some("tough".into()),
            ..config.clone()
        },
        MatchConfig {
            games: GameCount::Games(2),
            ..config.clone()
        },
    ] {
        let err = run_match(
            &MatchConfig {
                resume: true,
                ..other
            },
            &Rules::ENGLISH,
            &factory(),
            &|_| panic!("no game may start"),
        )
        .unwrap_err();
        assert!(
            matches!(err, MatchError::Records(RecordError::OtherMatch { .. })),
            "{err}"
        );
    }
    std::fs::remove_dir_all(dir).unwrap();
}
