//! Whole matches of random against greedy (on a material evaluation
//! defined here) under english and huffing rules: every game's bookkeeping
//! is checked by replaying it, the statistics are recounted from the
//! records, and the same seed gives the same games at any concurrency.

mod common;

use common::{check_record, factory, factory_with_search, occurrences, scratch, undated};
use parlour_arena::{
    run_match, GameCount, Hypothesis, MatchConfig, Pentanomial, PlayerSpec, Tournament, Wld,
};
use parlour_checkers::Rules;
use parlour_game::Variant;
use std::sync::atomic::{AtomicUsize, Ordering};

fn random_vs_greedy(rules: Rules, name: &str) {
    let dir = scratch(name);
    let config = MatchConfig {
        engines: PlayerSpec::read_all(&["random:seed=5", "greedy"]).unwrap(),
        openings: Some("deck".into()),
        games: GameCount::Rounds(4),
        pdn: Some(dir.join("games.pdn")),
        results: Some(dir.join("results.jsonl")),
        seed: 11,
        ..MatchConfig::default()
    };
    let format = rules;
    let calls = AtomicUsize::new(0);
    let report = run_match(&config, &format, &factory(), &|p| {
        calls.fetch_add(1, Ordering::SeqCst);
        assert_eq!(p.total, 8);
        assert_eq!(p.done, p.tally.games());
        assert!(p.standing().starts_with('+'), "{}", p.standing());
    })
    .unwrap();
    assert_eq!(calls.load(Ordering::SeqCst), 8);
    assert_eq!(report.records.len(), 8);
    assert_eq!(report.stopped, None);

    let deck = format.deck("deck").unwrap();
    let (random, greedy) = ("random:seed=5", "greedy");
    let mut wld = Wld::default();
    let mut penta = Pentanomial::default();
    for (i, r) in report.records.iter().enumerate() {
        assert_eq!(r.index, i);
        assert_eq!(r.round, i / 2 + 1);
        let (black, white) = if i % 2 == 0 {
            (random, greedy)
        } else {
            (greedy, random)
        };
        assert_eq!((r.black.as_str(), r.white.as_str()), (black, white));
        assert_eq!(r.opening, deck[i / 2].0);
        assert_eq!(r.moves[..3].join(" "), deck[i / 2].1);
        assert_eq!(r.opening_plies, 3);
        check_record(r, rules, Some(1000));
        let half = r.half_points_of(random).unwrap();
        assert_eq!(r.half_points_of(greedy), Some(2 - half));
        wld.add(half);
    }
    for pair in report.records.chunks(2) {
        penta.add_pair(
            pair[0].half_points_of(random).unwrap(),
            pair[1].half_points_of(random).unwrap(),
        );
    }
    let counted = &report.tally.pairings()[0];
    assert_eq!((counted.a, counted.b), (0, 1));
    assert_eq!(counted.wld, wld);
    assert_eq!(counted.penta, penta);

    // The match's header, then a line for each game.
    let results = std::fs::read_to_string(dir.join("results.jsonl")).unwrap();
    assert_eq!(results.lines().count(), 9);
    assert!(results.starts_with("{\"parlour_match\":1,\"game\":\"checkers\""));
    let pdn = std::fs::read_to_string(dir.join("games.pdn")).unwrap();
    assert_eq!(occurrences(&pdn, "[Event "), 8);
    for r in &report.records {
        assert_eq!(
            occurrences(&pdn, &format!("[Round \"{}\"]", r.index + 1)),
            1
        );
    }
    if rules.is_huffing() {
        // Random play offends and greedy huffs: huffs were recorded and
        // replayed.
        let all: Vec<&String> = report.records.iter().flat_map(|r| &r.moves).collect();
        assert!(all.iter().any(|m| m.starts_with('h')), "no huff");
        assert_eq!(occurrences(&pdn, "[Rules \"huffing\"]"), 8);
        assert_eq!(occurrences(&pdn, "[GameType "), 0);
    } else {
        assert_eq!(occurrences(&pdn, "[GameType \"21\"]"), 8);
    }
    // Every ballot starts from the usual start: no FEN tag.
    assert_eq!(occurrences(&pdn, "[FEN "), 0);
    assert!(pdn.contains("1. 9-13 21-17 2. 5-9"), "{pdn}");
    let text = report.to_string();
    assert!(text.contains("8 of 8 games played"), "{text}");
    assert!(text.contains("random:seed=5") && text.contains("greedy"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn english_random_against_greedy_is_booked_correctly() {
    random_vs_greedy(Rules::ENGLISH, "english");
}

#[test]
fn huffing_random_against_greedy_is_booked_correctly() {
    random_vs_greedy(Rules::HUFFING, "huffing");
}

#[test]
fn the_same_seed_gives_the_same_games_at_any_concurrency() {
    for rules in [Rules::ENGLISH, Rules::HUFFING] {
        let run = |concurrency| {
            let config = MatchConfig {
                engines: PlayerSpec::read_all(&["random", "greedy"]).unwrap(),
                openings: Some("random:plies=4".into()),
                games: GameCount::Games(7),
                concurrency,
                seed: 99,
                ..MatchConfig::default()
            };
            run_match(&config, &rules, &factory(), &|_| {}).unwrap()
        };
        let (one, two) = (run(1), run(2));
        assert_eq!(one.records.len(), 8, "7 games round up to 8");
        assert_eq!(undated(&one.records), undated(&two.records));
        assert_eq!(one.tally.pairings(), two.tally.pairings());
        for r in &one.records {
            check_record(r, rules, Some(1000));
        }
        // Each pair shares its random opening; pairs differ.
        assert_eq!(one.records[0].opening, one.records[1].opening);
        assert_ne!(one.records[0].moves[..4], one.records[2].moves[..4]);
    }
}

#[test]
fn round_robin_and_gauntlet_pair_the_engines() {
    let engines = vec![
        "random:seed=1".to_string(),
        "random:seed=2".to_string(),
        "greedy".to_string(),
    ];
    let config = MatchConfig {
        engines: PlayerSpec::read_all(&engines).unwrap(),
        openings: Some("tough".into()),
        games: GameCount::Rounds(1),
        concurrency: 2,
        ..MatchConfig::default()
    };
    let format = Rules::ENGLISH;
    let rr = run_match(&config, &format, &factory(), &|_| {}).unwrap();
    assert_eq!(rr.records.len(), 6);
    let pairs: Vec<(usize, usize)> = rr.tally.pairings().iter().map(|p| (p.a, p.b)).collect();
    assert_eq!(pairs, vec![(0, 1), (0, 2), (1, 2)]);
    assert!(rr.tally.pairings().iter().all(|p| p.wld.games() == 2));
    for e in 0..3 {
        assert_eq!(rr.tally.engine_wld(e).games(), 4);
    }
    let table = rr.crosstable();
    assert_eq!(table.lines().count(), 4, "{table}");
    for name in &engines {
        assert!(table.contains(name.as_str()), "{table}");
    }
    let gauntlet = MatchConfig {
        tournament: Tournament::Gauntlet,
        ..config
    };
    let g = run_match(&gauntlet, &format, &factory(), &|_| {}).unwrap();
    let pairs: Vec<(usize, usize)> = g.tally.pairings().iter().map(|p| (p.a, p.b)).collect();
    assert_eq!(pairs, vec![(0, 1), (0, 2)]);
    assert_eq!(g.records.len(), 4);
}

#[test]
fn an_sprt_stops_the_match_and_names_the_hypothesis() {
    // A 3-ply searcher (the test's stand-in, built by the factory from a
    // search spec) against random: far stronger, so H1 when it is the
    // first engine and H0 when it is the second.
    for (engines, expected) in [
        (["search:depth=3", "random"], Hypothesis::H1),
        (["random", "search:depth=3"], Hypothesis::H0),
    ] {
        let config = MatchConfig {
            engines: PlayerSpec::read_all(&engines).unwrap(),
            openings: Some("deck".into()),
            games: GameCount::Rounds(60),
            sprt: Some("0,200,0.05,0.05".parse().unwrap()),
            seed: 3,
            ..MatchConfig::default()
        };
        let report = run_match(&config, &Rules::ENGLISH, &factory_with_search(), &|_| {}).unwrap();
        let sprt = report.sprt.unwrap();
        assert_eq!(sprt.decision, Some(expected));
        assert!(sprt.llr >= sprt.sprt.upper_bound() || sprt.llr <= sprt.sprt.lower_bound());
        assert!(report.records.len() < 120);
        assert_eq!(report.stopped.as_deref(), Some("SPRT bound reached"));
        let line = report.sprt_line().unwrap();
        assert!(line.contains(&format!("{expected} accepted")), "{line}");
        // The LLR is that of the counted pairs.
        let llr = sprt.sprt.llr(&report.tally.pairings()[0].penta);
        assert_eq!(llr, sprt.llr);
    }
}

#[test]
fn checkers_defaults_to_the_ballot_deck_each_opening_twice() {
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let config = MatchConfig {
        engines: PlayerSpec::read_all(&["random", "greedy"]).unwrap(),
        stop: Some(stop.clone()),
        ..MatchConfig::default()
    };
    let report = run_match(&config, &Rules::ENGLISH, &factory(), &|_| {
        stop.store(true, Ordering::SeqCst)
    })
    .unwrap();
    assert_eq!(report.planned, 2 * 156);
    assert_eq!(report.records.len(), 1);
    assert_eq!(report.records[0].opening, "ACF 1");
    assert_eq!(report.stopped.as_deref(), Some("stopped"));
}
