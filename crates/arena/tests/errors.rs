//! Everything wrong with a match is said before any game starts: bad engine
//! specs, players the factory cannot build, unknown or bad openings,
//! unwritable output paths, inconsistent options.

mod common;

use common::{factory, scratch};
use parlour_arena::{
    builtin_factory, run_match, search_factory, BuildProblem, GameCount, MatchConfig, MatchError,
    OpeningError, PlanError, PlayerSpec, RecordError, SpecKey, SpecProblem,
};
use parlour_checkers::{Position, Rules};
use parlour_search::LimitError;
use std::path::PathBuf;

/// Runs `config` and returns its error, checking that no game started.
fn refused(config: MatchConfig) -> MatchError {
    run_match(&config, &Rules::ENGLISH, &factory(), &|_| {
        panic!("a game finished, but the match should have been refused")
    })
    .unwrap_err()
}

fn two(a: &str, b: &str) -> MatchConfig {
    MatchConfig {
        engines: PlayerSpec::read_all(&[a, b]).unwrap(),
        games: GameCount::Rounds(1),
        ..MatchConfig::default()
    }
}

#[test]
fn bad_engine_specs_are_refused() {
    let dir = scratch("specs");
    let pdn = dir.join("never.pdn");
    let s = |t: &str| t.to_string();
    // A spec is read where its text enters, before any match.
    for (text, problem) in [
        (
            "alphabeta:depth=3",
            SpecProblem::UnknownKind {
                kind: s("alphabeta"),
            },
        ),
        ("search:depth=0", SpecProblem::Limit(LimitError::Depth(0))),
        (
            "search:depth=4,depth=5",
            SpecProblem::Repeated {
                key: SpecKey::Depth,
            },
        ),
        ("random:seed=-1", SpecProblem::Seed { value: s("-1") }),
    ] {
        let err = PlayerSpec::read_all(&["random", text]).unwrap_err();
        assert_eq!(err.problem, problem, "{text}");
    }
    // A search with no limit reads, and a match refuses it.
    let err = run_match(
        &MatchConfig {
            pdn: Some(pdn.clone()),
            ..two("random", "search")
        },
        &Rules::ENGLISH,
        &search_factory(Rules::ENGLISH, None),
        &|_| panic!("no game may start"),
    )
    .unwrap_err();
    assert!(
        matches!(err, MatchError::Build(ref e) if matches!(e.problem, BuildProblem::NoLimit)),
        "{err}"
    );
    assert!(!pdn.exists(), "the PDN file was made");
    let err = refused(MatchConfig {
        pdn: Some(pdn.clone()),
        ..two("random", "random")
    });
    assert!(matches!(err, MatchError::Plan(PlanError::SameName { ref name }) if name == "random"));
    // The test factory builds no searcher.
    let err = refused(two("random", "search:depth=4"));
    assert!(matches!(
        err,
        MatchError::Build(ref e) if matches!(e.problem, BuildProblem::Unavailable("search"))
    ));
    assert!(!pdn.exists());
    assert!(matches!(
        refused(MatchConfig {
            engines: PlayerSpec::read_all(&["random"]).unwrap(),
            ..MatchConfig::default()
        }),
        MatchError::Plan(PlanError::TooFewEngines { count: 1 })
    ));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn greedy_without_an_evaluation_is_refused() {
    let config = two("random", "greedy");
    let err = run_match(
        &config,
        &Rules::ENGLISH,
        &builtin_factory::<Position>(None),
        &|_| panic!("no game may start"),
    )
    .unwrap_err();
    assert!(
        matches!(err, MatchError::Build(ref e) if matches!(e.problem, BuildProblem::Unavailable(_))),
        "{err}"
    );
}

#[test]
fn unknown_and_bad_openings_are_refused() {
    let dir = scratch("openings");
    let missing = dir.join("no-such-openings.txt");
    let err = refused(MatchConfig {
        openings: Some(missing.display().to_string()),
        ..two("random", "greedy")
    });
    match &err {
        MatchError::Plan(PlanError::Openings(OpeningError::Read { path, decks, .. })) => {
            assert_eq!(path, &missing);
            assert_eq!(decks, &["deck", "all", "tough"]);
        }
        other => panic!("{other}"),
    }
    assert_eq!(
        err.to_string(),
        format!(
            "cannot read openings file `{}` (the built-in openings are start, random, \
             random:plies=N, deck, all, tough)",
            missing.display()
        )
    );

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
    assert!(
        matches!(err, MatchError::Plan(PlanError::Openings(OpeningError::Text { ref name, .. })) if name.ends_with("bad.txt:4")),
        "{err}"
    );

    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "# nothing\n\n").unwrap();
    let err = refused(MatchConfig {
        openings: Some(empty.display().to_string()),
        ..two("random", "greedy")
    });
    assert!(
        matches!(
            err,
            MatchError::Plan(PlanError::Openings(OpeningError::NoOpening { .. }))
        ),
        "{err}"
    );

    assert!(matches!(
        refused(MatchConfig {
            openings: Some("random:plies=0".into()),
            ..two("random", "greedy")
        }),
        MatchError::Plan(PlanError::Openings(OpeningError::RandomPlies { .. }))
    ));
    assert!(matches!(
        refused(MatchConfig {
            openings: Some("random".into()),
            games: GameCount::Deck,
            ..two("random", "greedy")
        }),
        MatchError::Plan(PlanError::Endless)
    ));
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
    let report = run_match(&config, &Rules::ENGLISH, &factory(), &|_| {}).unwrap();
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
    assert!(
        matches!(err, MatchError::Records(RecordError::Write { ref path, .. }) if path.ends_with("games.pdn")),
        "{err}"
    );
    // A fresh match does not overwrite another's games.
    let old = dir.join("old.pdn");
    std::fs::write(&old, "[Event \"old\"]\n").unwrap();
    let err = refused(MatchConfig {
        pdn: Some(old.clone()),
        ..two("random", "greedy")
    });
    assert!(
        matches!(
            err,
            MatchError::Records(RecordError::HoldsGames { what: "PDN", .. })
        ),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&old).unwrap(), "[Event \"old\"]\n");
    // A folder is not a results file: said so, not that it holds games.
    let err = refused(MatchConfig {
        results: Some(dir.clone()),
        ..two("random", "greedy")
    });
    assert!(
        matches!(err, MatchError::Records(RecordError::Directory { what: "results", ref path }) if path == &dir),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn inconsistent_options_are_refused() {
    assert!(matches!(
        refused(MatchConfig {
            engines: PlayerSpec::read_all(&["random:seed=1", "random:seed=2", "greedy",]).unwrap(),
            sprt: Some("0,5,0.05,0.05".parse().unwrap()),
            ..MatchConfig::default()
        }),
        MatchError::Plan(PlanError::SprtEngines)
    ));
    assert!(matches!(
        refused(MatchConfig {
            concurrency: 0,
            ..two("random", "greedy")
        }),
        MatchError::Plan(PlanError::Concurrency)
    ));
    assert!(matches!(
        refused(MatchConfig {
            resume: true,
            ..two("random", "greedy")
        }),
        MatchError::Plan(PlanError::ResumeWithoutResults)
    ));
    assert!(matches!(
        refused(MatchConfig {
            games: GameCount::Games(0),
            ..two("random", "greedy")
        }),
        MatchError::Plan(PlanError::NoGames)
    ));
    // 21 engines play 210 pairings: 100,000 games each is 21 million.
    let many = refused(MatchConfig {
        engines: (0..21)
            .map(|i| format!("random:seed={i}").parse().unwrap())
            .collect(),
        games: GameCount::Games(100_000),
        ..MatchConfig::default()
    });
    assert_eq!(
        many.to_string(),
        "a match of 21000000 games is too long: one match plays at most 10000000"
    );
}

#[test]
fn the_pdn_and_the_results_must_be_two_files() {
    let dir = scratch("same-file");
    let file = dir.join("games.txt");
    // The same path, and the same file by another path.
    for other in [file.clone(), dir.join(".").join("games.txt")] {
        let err = refused(MatchConfig {
            pdn: Some(other),
            results: Some(file.clone()),
            ..two("random", "greedy")
        });
        assert!(
            matches!(err, MatchError::Plan(PlanError::SameFile { .. })),
            "{err}"
        );
    }
    std::fs::write(&file, "").unwrap();
    let err = refused(MatchConfig {
        pdn: Some(
            dir.join("..")
                .join(dir.file_name().unwrap())
                .join("games.txt"),
        ),
        results: Some(file.clone()),
        ..two("random", "greedy")
    });
    assert!(
        matches!(err, MatchError::Plan(PlanError::SameFile { .. })),
        "{err}"
    );
    assert!(!dir.join("games.pdn").exists());
    std::fs::remove_dir_all(dir).unwrap();
}
