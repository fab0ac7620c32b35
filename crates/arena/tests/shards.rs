//! A match cut into shards and merged again: three shards of a
//! three-engine round robin at fixed depth, each its own run with its own
//! results file, merge into exactly the games, tables and PDN of the whole
//! match played at once; merging refuses a shard given twice and files of
//! different matches.

mod common;

use common::{factory_with_search, scratch, undated};
use parlour_arena::{
    merge_results, run_match, GameCount, MatchConfig, MatchError, MatchReport, PlanError,
    PlayerSpec, RecordError, ReportError, Shard, Sprt,
};
use parlour_checkers::Rules;
use std::path::{Path, PathBuf};

/// The match: two fixed-depth searchers and greedy, every one against
/// every other, two openings each.
fn config(results: Option<PathBuf>, pdn: Option<PathBuf>, shard: Option<Shard>) -> MatchConfig {
    MatchConfig {
        engines: PlayerSpec::read_all(&["search:depth=3", "search:depth=1,name=shallow", "greedy"])
            .unwrap(),
        openings: Some("deck".into()),
        shuffle_openings: true,
        games: GameCount::Rounds(2),
        concurrency: 2,
        seed: 17,
        results,
        pdn,
        shard,
        ..MatchConfig::default()
    }
}

fn play(config: &MatchConfig) -> MatchReport {
    run_match(config, &Rules::ENGLISH, &factory_with_search(), &|_| {}).unwrap()
}

/// The games of a PDN file without their Date tags (two runs may straddle
/// midnight) and their comments (the moves' times differ from run to
/// run), sorted: a match writes its games in the order they end, a merge
/// in index order.
fn undated_pdn(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut games: Vec<String> = parlour_game::pdn::read_games(&text)
        .unwrap()
        .into_iter()
        .map(|g| {
            let tags: Vec<String> = g
                .tags
                .iter()
                .filter(|(k, _)| k != "Date")
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            format!("{} | {} | {:?}", tags.join(" "), g.moves, g.result)
        })
        .collect();
    games.sort();
    games
}

#[test]
fn three_shards_merge_into_the_whole_match() {
    let dir = scratch("shards");
    let whole = play(&config(
        Some(dir.join("whole.jsonl")),
        Some(dir.join("whole.pdn")),
        None,
    ));
    assert_eq!(whole.records.len(), 12);
    let files: Vec<PathBuf> = (1..=3)
        .map(|k| {
            let path = dir.join(format!("shard-{k}.jsonl"));
            let shard = Shard::new(k, 3).unwrap();
            let part = play(&config(Some(path.clone()), None, Some(shard)));
            // Exactly the shard's games.
            assert_eq!(part.planned, 4);
            assert!(part.records.iter().all(|r| shard.holds(r.index)));
            assert_eq!(part.records.len(), 4);
            path
        })
        .collect();
    let merged_pdn = dir.join("merged.pdn");
    // In any order of the files.
    let shuffled = [files[2].clone(), files[0].clone(), files[1].clone()];
    let merged = merge_results(&shuffled, &Rules::ENGLISH, None, Some(&merged_pdn)).unwrap();
    assert_eq!(undated(&merged.records), undated(&whole.records));
    assert_eq!(merged.tally.pairings(), whole.tally.pairings());
    assert_eq!(merged.planned, whole.planned);
    assert_eq!(merged.to_string(), whole.to_string());
    let games = undated_pdn(&merged_pdn);
    assert_eq!(games.len(), 12);
    assert_eq!(games, undated_pdn(&dir.join("whole.pdn")));
    // The whole match's own file merges to itself.
    let alone = merge_results(&[dir.join("whole.jsonl")], &Rules::ENGLISH, None, None).unwrap();
    assert_eq!(alone.to_string(), whole.to_string());
    // Two shards of three: the games found, of the whole match's twelve.
    let part = merge_results(&files[..2], &Rules::ENGLISH, None, None).unwrap();
    assert!(part.to_string().starts_with("8 of 12 games played\n"));

    // The same shard twice: the same file, or a copy of it.
    let twice = [files[0].clone(), files[1].clone(), files[0].clone()];
    let err = merge_results(&twice, &Rules::ENGLISH, None, None).unwrap_err();
    assert!(matches!(err, ReportError::GivenTwice { .. }), "{err}");
    let copy = dir.join("copy.jsonl");
    std::fs::copy(&files[0], &copy).unwrap();
    let err = merge_results(
        &[files[0].clone(), copy.clone()],
        &Rules::ENGLISH,
        None,
        None,
    )
    .unwrap_err();
    assert!(matches!(err, ReportError::Duplicate { .. }), "{err}");
    assert_eq!(
        err.to_string(),
        format!(
            "game 1 is in both `{}` and `{}`: is a shard or a run given twice?",
            files[0].display(),
            copy.display()
        )
    );
    // A shard of another match (another seed).
    let other = dir.join("other.jsonl");
    let mut config3 = config(Some(other.clone()), None, Some(Shard::new(3, 3).unwrap()));
    config3.seed = 18;
    play(&config3);
    let err = merge_results(
        &[files[0].clone(), files[1].clone(), other.clone()],
        &Rules::ENGLISH,
        None,
        None,
    )
    .unwrap_err();
    match err {
        ReportError::OtherMatch { differences, .. } => assert!(
            differences.iter().any(|d| d.starts_with("seed: 17 in `")),
            "{differences:?}"
        ),
        other => panic!("not another match: {other}"),
    }
    // The PDN may not overwrite a results file; an SPRT needs two engines.
    let err = merge_results(&files, &Rules::ENGLISH, None, Some(&files[1])).unwrap_err();
    assert!(matches!(err, ReportError::PdnIsInput { .. }), "{err}");
    let sprt: Sprt = "0,5,0.05,0.05".parse().unwrap();
    let err = merge_results(&files, &Rules::ENGLISH, Some(sprt), None).unwrap_err();
    assert!(matches!(err, ReportError::SprtEngines), "{err}");
    // An empty file is no match.
    let empty = dir.join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    let err = merge_results(&[empty], &Rules::ENGLISH, None, None).unwrap_err();
    assert!(
        matches!(err, ReportError::Records(RecordError::Empty { .. })),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_sprt_applies_to_the_merged_pairs_not_to_a_shard() {
    let dir = scratch("shards-sprt");
    let two = |results: PathBuf, shard| MatchConfig {
        engines: PlayerSpec::read_all(&["search:depth=2", "random"]).unwrap(),
        games: GameCount::Rounds(3),
        results: Some(results),
        shard,
        ..config(None, None, None)
    };
    let err = run_match(
        &MatchConfig {
            sprt: Some("0,5,0.05,0.05".parse().unwrap()),
            ..two(dir.join("x.jsonl"), Some(Shard::new(1, 2).unwrap()))
        },
        &Rules::ENGLISH,
        &factory_with_search(),
        &|_| panic!("no game may start"),
    )
    .unwrap_err();
    assert!(
        matches!(err, MatchError::Plan(PlanError::SprtShard)),
        "{err}"
    );
    let files: Vec<PathBuf> = (1..=2)
        .map(|k| {
            let path = dir.join(format!("s{k}.jsonl"));
            play(&two(path.clone(), Some(Shard::new(k, 2).unwrap())));
            path
        })
        .collect();
    let sprt: Sprt = "0,200,0.05,0.05".parse().unwrap();
    let merged = merge_results(&files, &Rules::ENGLISH, Some(sprt), None).unwrap();
    let status = merged.sprt.unwrap();
    let penta = merged.tally.pairings()[0].penta;
    assert_eq!(penta.pairs(), 3, "every pair is whole once merged");
    assert_eq!(status.llr, sprt.llr(&penta));
    assert!(merged.sprt_line().unwrap().starts_with("SPRT 0,200,"));
    std::fs::remove_dir_all(dir).unwrap();
}

/// A header edited into a match no one could play is refused with what is
/// wrong with it, before any game of it is counted.
#[test]
fn a_header_that_describes_no_match_is_refused() {
    let dir = scratch("shards-nonsense");
    let path = dir.join("whole.jsonl");
    play(&config(Some(path.clone()), None, None));
    let text = std::fs::read_to_string(&path).unwrap();
    let (head, games) = text.split_once('\n').unwrap();
    let edited = dir.join("edited.jsonl");
    let why = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut header: serde_json::Value = serde_json::from_str(head).unwrap();
        edit(&mut header);
        std::fs::write(&edited, format!("{header}\n{games}")).unwrap();
        match merge_results(std::slice::from_ref(&edited), &Rules::ENGLISH, None, None) {
            Err(ReportError::NoMatch { why, .. }) => why.to_string(),
            Err(other) => panic!("refused, but not as no match: {other}"),
            Ok(_) => panic!("accepted"),
        }
    };
    let huge = serde_json::Value::from(u64::MAX - 1);
    assert_eq!(
        why(&|h| h["games_per_pairing"] = huge.clone()),
        format!(
            "its 3 pairings of {} games each are more games than can be counted",
            u64::MAX - 1
        )
    );
    assert_eq!(
        why(&|h| h["games_per_pairing"] = 3.into()),
        "it plays 3 games per pairing; a match plays an even number, at least 2"
    );
    assert_eq!(
        why(&|h| h["engines"] = serde_json::json!(["greedy", "greedy", "greedy"])),
        "engine 2 is named `greedy`, as an engine before it is"
    );
    assert_eq!(
        why(&|h| h["engines"] = serde_json::json!(["greedy"])),
        "it names 1 engine(s); a match has two or more"
    );
    assert_eq!(
        why(&|h| h["openings"] = serde_json::json!([])),
        "it lists no opening"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
