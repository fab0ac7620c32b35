//! Everything wrong with a match is said before any game starts: bad engine
//! specs, players the factory cannot build, unknown or bad openings,
//! unwritable output paths, inconsistent options.

mod common;

use common::{factory, scratch};
use parlour_arena::{builtin_factory, run_match, Checkers, GameCount, MatchConfig};
use parlour_checkers::{Position, Rules};
use std::path::PathBuf;

/// Runs `config` and returns its error, checking that no game started and
/// that no PDN file was made when the error comes before the files.
fn refused(config: MatchConfig) -> String {
    let err = run_match(&config, &Checkers::new(Rules::ENGLISH), &factory(), &|_| {
        panic!("a game finished, but the match should have been refused")
    })
    .unwrap_err();
    assert!(!err.is_empty());
    err
}

fn two(a: &str, b: &str) -> MatchConfig {
    MatchConfig {
        engines: vec![a.into(), b.into()],
        games: GameCount::Rounds(1),
        ..MatchConfig::default()
    }
}

fn assert_says(err: &str, says: &str) {
    assert!(err.contains(says), "`{err}` should say `{says}`");
}

#[test]
fn bad_engine_specs_are_refused() {
    let dir = scratch("specs");
    let pdn = dir.join("never.pdn");
    for (a, b, says) in [
        ("random", "alphabeta:depth=3", "unknown kind `alphabeta`"),
        ("random", "search", "a search needs a limit"),
        (
            "random",
            "search:depth=0",
            "depth must be a whole number above 0",
        ),
        ("random", "search:depth=4,depth=5", "given twice"),
        ("random", "random:seed=-1", "seed must be a whole number"),
        ("random", "random", "two engines are named `random`"),
        (
            "random",
            "search:depth=4",
            "search players are not available",
        ),
    ] {
        let err = refused(MatchConfig {
            pdn: Some(pdn.clone()),
            ..two(a, b)
        });
        assert_says(&err, says);
        assert!(!pdn.exists(), "{err}: the PDN file was made");
    }
    assert_says(
        &refused(MatchConfig {
            engines: vec!["random".into()],
            ..MatchConfig::default()
        }),
        "at least two engines",
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn greedy_without_an_evaluation_is_refused() {
    let config = two("random", "greedy");
    let err = run_match(
        &config,
        &Checkers::new(Rules::ENGLISH),
        &builtin_factory::<Position>(None),
        &|_| panic!("no game may start"),
    )
    .unwrap_err();
    assert_says(&err, "greedy needs an evaluation function");
}

#[test]
fn unknown_and_bad_openings_are_refused() {
    let dir = scratch("openings");
    let missing = dir.join("no-such-openings.txt");
    let err = refused(MatchConfig {
        openings: Some(missing.display().to_string()),
        ..two("random", "greedy")
    });
    assert_says(&err, "cannot read openings file");
    assert_says(&err, "no-such-openings.txt");
    assert_says(&err, "deck, all, tough");

    let bad = dir.join("bad.txt");
    std::fs::write(
        &bad,
        "# two good lines, then a bad one\n11-15 23-19\nW:W21-32:B1-12\n11-15 11-15\n",
    )
    .unwrap();
    let err = refused(MatchConfig {
        openings: Some(bad.display().to_string()),
        ..two("random", "greedy")
    });
    assert_says(&err, "bad.txt:4");

    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "# nothing\n\n").unwrap();
    let err = refused(MatchConfig {
        openings: Some(empty.display().to_string()),
        ..two("random", "greedy")
    });
    assert_says(&err, "holds no opening");

    assert_says(
        &refused(MatchConfig {
            openings: Some("random:plies=0".into()),
            ..two("random", "greedy")
        }),
        "random:plies=N",
    );
    assert_says(
        &refused(MatchConfig {
            openings: Some("random".into()),
            games: GameCount::Deck,
            ..two("random", "greedy")
        }),
        "never run out",
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_good_openings_file_is_played() {
    let dir = scratch("good-openings");
    let file = dir.join("openings.txt");
    std::fs::write(&file, "11-15 23-19\n# a position\nW:W18,22,K30:B6,11,K1\n").unwrap();
    let config = MatchConfig {
        openings: Some(file.display().to_string()),
        games: GameCount::Deck,
        ..two("random", "greedy")
    };
    let report = run_match(&config, &Checkers::new(Rules::ENGLISH), &factory(), &|_| {}).unwrap();
    assert_eq!(report.records.len(), 4);
    assert_eq!(report.records[0].moves[..2], ["11-15", "23-19"]);
    assert!(report.records[0].opening.ends_with("openings.txt:1"));
    assert_eq!(report.records[2].start, "W:W18,22,K30:B6,11,K1");
    assert_eq!(report.records[2].first, "white");
    assert!(report.records[3].opening.ends_with("openings.txt:3"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn unwritable_output_paths_are_refused() {
    let dir = scratch("paths");
    let nowhere = PathBuf::from("/nonexistent-parlour-dir/games.pdn");
    let err = refused(MatchConfig {
        pdn: Some(nowhere),
        ..two("random", "greedy")
    });
    assert_says(&err, "cannot write `/nonexistent-parlour-dir/games.pdn`");
    // A fresh match does not overwrite another's games.
    let old = dir.join("old.pdn");
    std::fs::write(&old, "[Event \"old\"]\n").unwrap();
    let err = refused(MatchConfig {
        pdn: Some(old.clone()),
        ..two("random", "greedy")
    });
    assert_says(&err, "PDN file");
    assert_says(&err, "already holds games");
    assert_eq!(std::fs::read_to_string(&old).unwrap(), "[Event \"old\"]\n");
    // A folder is not a results file.
    let err = refused(MatchConfig {
        results: Some(dir.clone()),
        ..two("random", "greedy")
    });
    assert_says(&err, &dir.display().to_string());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn inconsistent_options_are_refused() {
    assert_says(
        &refused(MatchConfig {
            engines: vec![
                "random:seed=1".into(),
                "random:seed=2".into(),
                "greedy".into(),
            ],
            sprt: Some("0,5,0.05,0.05".parse().unwrap()),
            ..MatchConfig::default()
        }),
        "exactly two engines",
    );
    assert_says(
        &refused(MatchConfig {
            concurrency: 0,
            ..two("random", "greedy")
        }),
        "concurrency",
    );
    assert_says(
        &refused(MatchConfig {
            resume: true,
            ..two("random", "greedy")
        }),
        "resume needs the results file",
    );
    assert_says(
        &refused(MatchConfig {
            games: GameCount::Games(0),
            ..two("random", "greedy")
        }),
        "no games",
    );
}
