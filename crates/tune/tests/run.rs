//! A tuning run end to end, with players whose strength follows a value:
//! an engine whose `rfp_margin` is 100 or more plays greedy, one below it
//! plays at random, so SPSA must move the value up.

use parlour_arena::{search_factory, BuildError, PlayerKind, PlayerSpec};
use parlour_checkers::{Position, Rules};
use parlour_search::params::Tunable;
use parlour_tune::{
    run_tune, show, Gains, History, ParamRecord, TuneError, TuneHeader, TuneRun, FORMAT,
};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

fn header(seed: u64) -> TuneHeader {
    let param = |name: &str, start: f64| {
        let t = Tunable::named(name).unwrap();
        ParamRecord {
            name: name.into(),
            start,
            min: t.min,
            max: t.max,
            step: t.step,
        }
    };
    TuneHeader {
        format: FORMAT.into(),
        game: "checkers english".into(),
        engine: "hub:fake {settings},depth=1,name={name}".into(),
        openings: "deck".into(),
        batch: 1,
        seed,
        gains: Gains {
            r_end: 0.05,
            ..Gains::for_pairs(6)
        },
        params: vec![param("rfp_margin", 95.0), param("lmr_base", 0.4)],
    }
}

/// Greedy at `rfp_margin >= 100`, random below; `lmr_base` changes nothing.
fn factory(
) -> impl Fn(&PlayerSpec) -> Result<Box<dyn parlour_arena::Player<Position>>, BuildError> + Sync {
    let inner = search_factory(Rules::ENGLISH, None);
    move |spec: &PlayerSpec| {
        let PlayerKind::Hub { command, .. } = &spec.kind else {
            return inner(spec);
        };
        let margin: f64 = command
            .split(['=', ','])
            .skip_while(|w| !w.ends_with("rfp_margin"))
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        let play = if margin >= 100.0 {
            "greedy"
        } else {
            "random:seed=3"
        };
        inner(&play.parse().unwrap())
    }
}

fn tune(out: &Path, header: TuneHeader, resume: bool, stop_at: Option<u32>) -> History {
    let stop = Arc::new(AtomicBool::new(false));
    let run = TuneRun {
        header,
        out: out.to_path_buf(),
        resume,
        concurrency: 2,
        stop: Some(stop.clone()),
    };
    let progress = |p: &parlour_tune::TuneProgress<'_>| {
        assert!(p.settings.starts_with("rfp_margin="), "{}", p.settings);
        if stop_at.is_some_and(|at| p.pairs >= at) {
            stop.store(true, Ordering::SeqCst);
        }
    };
    run_tune(&run, &Rules::ENGLISH, &factory, &progress).unwrap()
}

#[test]
fn a_run_moves_the_value_toward_the_engine_that_wins() {
    let dir = tempfile::tempdir().unwrap();
    let history = tune(&dir.path().join("t.jsonl"), header(1), false, None);
    assert_eq!(history.pairs(), 6);
    let mut last = 95.0;
    for batch in &history.batches {
        // Whichever way the coin fell, the greedy point won the pair.
        let plus_greedy = batch.plus[0] >= 100.0;
        assert!(plus_greedy != (batch.minus[0] >= 100.0), "{batch:?}");
        let (won, lost) = if plus_greedy {
            (batch.wins, batch.losses)
        } else {
            (batch.losses, batch.wins)
        };
        // (A ballot can be lost for one side whoever plays it.)
        assert!(won >= lost, "{batch:?}");
        assert_eq!(batch.theta[0] > last, won > lost, "{batch:?}");
        last = batch.theta[0];
    }
    assert!(last > 95.0, "{history:?}");
    assert_eq!(History::read(&dir.path().join("t.jsonl")).unwrap(), history);
}

#[test]
fn a_stopped_run_resumed_plays_the_run_played_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let whole = tune(&dir.path().join("whole.jsonl"), header(2), false, None);
    let path = dir.path().join("parts.jsonl");
    let first = tune(&path, header(2), false, Some(2));
    assert_eq!(first.pairs(), 2);
    // A run killed as it wrote leaves a line cut short: it is dropped.
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("{\"k\":3,\"flips\":[1.0,");
    std::fs::write(&path, text).unwrap();
    assert!(History::read(&path).unwrap().cut);
    let resumed = tune(&path, header(2), true, None);
    assert_eq!(resumed.batches, whole.batches);
    assert_eq!(History::read(&path).unwrap().batches, whole.batches);
}

#[test]
fn a_file_of_another_run_is_never_written_over() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.jsonl");
    tune(&path, header(3), false, Some(1));
    let before = std::fs::read(&path).unwrap();
    let run = |header, resume| TuneRun {
        header,
        out: path.clone(),
        resume,
        concurrency: 1,
        stop: None,
    };
    let err = run_tune(&run(header(3), false), &Rules::ENGLISH, &factory, &|_| {}).unwrap_err();
    assert!(matches!(err, TuneError::Exists { .. }), "{err}");
    let err = run_tune(&run(header(4), true), &Rules::ENGLISH, &factory, &|_| {}).unwrap_err();
    assert!(err.to_string().contains("(seed differs)"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[test]
fn the_tables_show_each_run_and_the_mean_of_several() {
    let dir = tempfile::tempdir().unwrap();
    let a = tune(&dir.path().join("a.jsonl"), header(5), false, None);
    let b = tune(&dir.path().join("b.jsonl"), header(6), false, Some(3));
    let one = show::one_run(&a).unwrap();
    let lines: Vec<&str> = one.lines().collect();
    assert!(
        lines[0].contains("start") && lines[0].contains("now (6)"),
        "{one}"
    );
    assert!(lines
        .iter()
        .any(|l| l.starts_with("rfp_margin") && l.contains("20..200")));
    let (table, mean) = show::runs(&[("a".into(), a.clone()), ("b".into(), b.clone())]).unwrap();
    assert!(
        table.contains("run 1 (6)") && table.contains("run 2 (3)"),
        "{table}"
    );
    let expected = (6.0 * a.theta()[0] + 3.0 * b.theta()[0]) / 9.0;
    assert!((mean[0] - expected).abs() < 1e-9);
}
