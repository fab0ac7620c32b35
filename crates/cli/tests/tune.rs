//! `parlour tune` as a user runs it: the tables of `show`, and the runs
//! refused before a game is played (an engine that cannot take the values
//! would tune noise). A run itself is tested in `parlour-tune` with
//! in-process players; here it would need a build with `--features tune`.

mod support;

use serde_json::json;
use support::{fails, ok, path, scratch};

/// A tuning file of `theta`s after batches of one pair, as `tune run`
/// writes it.
fn history(file: &std::path::Path, thetas: &[[f64; 2]]) {
    let header = json!({
        "format": "parlour-tune 1",
        "game": "checkers english",
        "engine": "hub:env 'PARLOUR_TUNE={settings}' parlour hub,movetime=100,name={name}",
        "openings": "deck",
        "batch": 1,
        "seed": 1,
        "gains": {"pairs": 4, "alpha": 0.602, "gamma": 0.101, "a_share": 0.1, "r_end": 0.002},
        "params": [
            {"name": "rfp_margin", "start": 75.0, "min": 20.0, "max": 200.0, "step": 10.0},
            {"name": "lmr_base", "start": 0.4, "min": 0.0, "max": 1.5, "step": 0.1},
        ],
    });
    let mut lines = vec![header.to_string()];
    for (k, theta) in thetas.iter().enumerate() {
        let batch = json!({
            "k": k + 1, "flips": [1.0, -1.0], "plus": theta, "minus": theta,
            "wins": 1, "losses": 0, "draws": 1, "theta": theta,
        });
        lines.push(batch.to_string());
    }
    std::fs::write(file, lines.join("\n") + "\n").unwrap();
}

#[test]
fn show_prints_a_run_along_its_way_and_the_mean_of_shares() {
    let dir = scratch("tune-show");
    let (a, b) = (dir.join("a.jsonl"), dir.join("b.jsonl"));
    history(
        &a,
        &[[76.0, 0.41], [77.0, 0.42], [78.0, 0.43], [80.0, 0.45]],
    );
    history(&b, &[[70.0, 0.35], [68.0, 0.33]]);

    let one = ok(&["tune", "show", path(&a)]);
    let lines: Vec<&str> = one.lines().collect();
    assert_eq!(
        lines[0].split_whitespace().collect::<Vec<_>>(),
        [
            "parameter",
            "start",
            "1/4",
            "2/4",
            "3/4",
            "now",
            "(4)",
            "range"
        ],
        "{one}"
    );
    assert_eq!(
        lines[1].split_whitespace().collect::<Vec<_>>(),
        [
            "rfp_margin",
            "75.0",
            "76.0",
            "77.0",
            "78.0",
            "80.0",
            "20..200"
        ],
        "{one}"
    );
    assert!(
        one.contains("PARLOUR_TUNE=rfp_margin=80,lmr_base=0.45"),
        "{one}"
    );

    // Two shares: where each ended, and the mean weighted by pairs played.
    let both = ok(&["tune", "show", path(&a), path(&b)]);
    let rfp: Vec<&str> = both.lines().nth(1).unwrap().split_whitespace().collect();
    assert_eq!(
        rfp,
        ["rfp_margin", "75.0", "80.0", "68.0", "76.0"],
        "{both}"
    );
    assert!(
        both.contains("run 1 (4)") && both.contains("run 2 (2)"),
        "{both}"
    );
    assert!(
        both.contains("PARLOUR_TUNE=rfp_margin=76,lmr_base=0.41"),
        "{both}"
    );
}

#[test]
fn show_lists_the_tunable_parameters() {
    let out = ok(&["tune", "show", "--params"]);
    let rows: Vec<&str> = out.lines().skip(1).filter(|l| !l.is_empty()).collect();
    assert!(rows.len() >= 10, "{out}");
    assert!(out.lines().any(|l| l
        .split_whitespace()
        .eq(["rfp_margin", "75", "20..200", "10"])));
}

#[test]
fn a_run_whose_engine_cannot_take_the_values_is_refused_before_it_starts() {
    let dir = scratch("tune-refused");
    let out = dir.join("t.jsonl");
    if !cfg!(feature = "tune") {
        let err = fails(&["tune", "run", "--out", path(&out)]);
        assert!(err.contains("--features tune"), "{err}");
    }
    // An engine that runs, but ignores PARLOUR_TUNE: this test's parlour
    // without the feature; with it, a program that is no engine at all.
    let engine = if cfg!(feature = "tune") {
        "true".to_string()
    } else {
        format!("'{}' hub", env!("CARGO_BIN_EXE_parlour"))
    };
    let err = fails(&["tune", "run", "--out", path(&out), "--engine", &engine]);
    assert!(err.contains("ignores PARLOUR_TUNE"), "{err}");
    let err = fails(&[
        "tune",
        "run",
        "--out",
        path(&out),
        "--engine",
        "no-such-engine-here",
    ]);
    assert!(err.contains("cannot run the engine"), "{err}");
    assert!(!out.exists(), "nothing is written for a run refused");
    // A file that is not a tuning file.
    std::fs::write(&out, "{\"format\":\"parlour-tune 9\"}\n").unwrap();
    let err = fails(&["tune", "show", path(&out)]);
    assert!(err.contains("line 1"), "{err}");
}
