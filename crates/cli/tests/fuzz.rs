//! Fuzzing what a match is given: engine specs, `--openings`, `--sprt`,
//! `--shard`, `--resign` and `--draw`, and results files, first through the
//! parsers (hundreds of cases a second), then through the binary, where
//! every run must end with exit status 0, 1 or 2 (never a signal or a
//! panic) and print no line over 300 characters. Inputs are valid texts
//! with random edits, or random text (`crates/hub/tests/mutate`).
//!
//! The cases are drawn from a fixed seed, so the suite gives the same
//! verdict on every run; `PARLOUR_FUZZ_SEED=random` (or a number) draws
//! others, to look further.

#[path = "../../hub/tests/mutate/mod.rs"]
mod mutate;
mod support;

use mutate::mutated;
use parlour_arena::{
    read_results, DrawRule, OpeningSpec, PlayerSpec, ResignRule, Shard, Sprt, TimeControl,
};
use parlour_checkers::Rules;
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use std::error::Error;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use support::{scratch, PARLOUR};

/// The longest line a message may have.
const LONGEST: usize = 300;

/// `cases` cases from the seed `PARLOUR_FUZZ_SEED` names (`random`, or a
/// number; a fixed one when it is not set).
fn config(cases: u32) -> ProptestConfig {
    let rng_seed = match std::env::var("PARLOUR_FUZZ_SEED").ok().as_deref() {
        Some("random") => RngSeed::Random,
        Some(n) => RngSeed::Fixed(n.parse().expect("PARLOUR_FUZZ_SEED: random or a number")),
        None => RngSeed::Fixed(2026),
    };
    ProptestConfig {
        cases,
        rng_seed,
        ..ProptestConfig::default()
    }
}

fn check(input: &str, error: &dyn Error) -> Result<(), TestCaseError> {
    mutate::check_message(input, error, LONGEST)
}

const ENGINES: &[&str] = &[
    "search:depth=8,name=deep",
    "search:movetime=100,threads=1,hash=16",
    "search:nodes=5000,eval=handwritten",
    "search:tc=10+0.1,egdb=/tmp",
    "greedy,name=g",
    "random",
    "hub:parlour hub --threads 1,movetime=100,name=h,startup=3,margin=50",
    "hub:engine --rules huffing,quiet_plies=9,depth=2,param.hash=16",
];
const OPENINGS: &[&str] = &[
    "deck",
    "all",
    "tough",
    "start",
    "random:plies=6,balanced=40",
    "B:W21-32:B1-12",
    "file:openings.txt",
];
const SPRTS: &[&str] = &["0,10,0.05,0.05", "-200,-100,0.05,0.05", "0,5,0.1,0.2"];
const SHARDS: &[&str] = &["1/2", "3/8", "16/16"];
const RESIGNS: &[&str] = &["600,4", "1000,2"];
const DRAWS: &[&str] = &["40,10,8", "80,0,4"];
const CLOCKS: &[&str] = &["10+0.1", "2+0.02", "60"];

proptest! {
    #![proptest_config(config(800))]

    #[test]
    fn engine_specs(text in mutated(ENGINES, 6)) {
        if let Err(e) = text.parse::<PlayerSpec>() {
            check(&text, &e)?;
        }
    }

    #[test]
    fn opening_specs(text in mutated(OPENINGS, 5)) {
        if let Err(e) = OpeningSpec::parse::<Rules>(&text) {
            check(&text, &e)?;
        }
    }

    #[test]
    fn match_numbers(
        sprt in mutated(SPRTS, 4),
        shard in mutated(SHARDS, 3),
        resign in mutated(RESIGNS, 3),
        draw in mutated(DRAWS, 3),
        clock in mutated(CLOCKS, 3),
    ) {
        if let Err(e) = sprt.parse::<Sprt>() {
            check(&sprt, &e)?;
        }
        if let Err(e) = shard.parse::<Shard>() {
            check(&shard, &e)?;
        }
        if let Err(e) = resign.parse::<ResignRule>() {
            check(&resign, &e)?;
        }
        if let Err(e) = draw.parse::<DrawRule>() {
            check(&draw, &e)?;
        }
        if let Err(e) = clock.parse::<TimeControl>() {
            check(&clock, &e)?;
        }
    }
}

/// A two-game match's results file, each line a seed for the edits.
fn results_lines() -> &'static [&'static str] {
    static LINES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    LINES.get_or_init(|| {
        let dir = scratch("fuzz-results");
        let file = dir.join("r.jsonl");
        let out = support::parlour(&[
            "match",
            "--engine",
            "search:depth=2",
            "--engine",
            "random",
            "--openings",
            "start",
            "--rounds",
            "1",
            "--quiet",
            "--results",
            file.to_str().unwrap(),
        ]);
        assert!(out.status.success());
        let text = std::fs::read_to_string(&file).unwrap();
        std::fs::remove_dir_all(dir).unwrap();
        text.lines()
            .map(|l| &*Box::leak(l.to_string().into_boxed_str()))
            .collect()
    })
}

/// A results file: the match's lines, each perhaps edited or dropped.
fn results_file() -> BoxedStrategy<String> {
    let lines = results_lines();
    prop::collection::vec(
        prop_oneof![4 => mutated(lines, 4), 1 => Just(String::new())],
        1..=lines.len() + 1,
    )
    .prop_map(|mut edited| {
        // The header first most of the time, so the records get read.
        edited.insert(0, results_lines()[0].to_string());
        edited.join("\n") + "\n"
    })
    .boxed()
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn results_files(text in results_file(), keep_header in any::<bool>()) {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("r.jsonl");
        let text = if keep_header { text } else { text.split_once('\n').unwrap().1.to_string() };
        std::fs::write(&file, &text).unwrap();
        if let Err(e) = read_results(&file) {
            check("a results file", &e)?;
        }
    }
}

/// Runs `parlour ARGS` (killed past a minute, a failure): its exit status
/// must be 0, 1 or 2 and no line it printed longer than [`LONGEST`].
fn run_bounded(args: &[String]) -> Result<(), TestCaseError> {
    let mut child = Command::new(PARLOUR)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the parlour binary runs");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            prop_assert!(false, "{args:?} ran past a minute");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    prop_assert!(
        matches!(status.code(), Some(0..=2)),
        "{args:?}: {status:?}: {stderr}"
    );
    prop_assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    for line in stderr
        .lines()
        .chain(String::from_utf8_lossy(&out.stdout).lines())
    {
        prop_assert!(line.chars().count() <= LONGEST, "{args:?}: {line:?}");
    }
    Ok(())
}

/// A flag of a fast match and a value for it, perhaps edited.
fn match_flag() -> BoxedStrategy<(&'static str, String)> {
    prop_oneof![
        mutated(OPENINGS, 4).prop_map(|v| ("--openings", v)),
        mutated(SPRTS, 4).prop_map(|v| ("--sprt", v)),
        mutated(SHARDS, 3).prop_map(|v| ("--shard", v)),
        mutated(RESIGNS, 3).prop_map(|v| ("--resign", v)),
        mutated(DRAWS, 3).prop_map(|v| ("--draw", v)),
        // Engines that cannot run long: no hub command is ever started.
        mutated(&["search:depth=1", "greedy", "random,name=r"], 3)
            .prop_filter("no hub engine", |v| !v.contains("hub"))
            .prop_filter("a shallow search", |v| !v.contains("depth=")
                || v.contains("depth=1,")
                || v.ends_with("depth=1"))
            .prop_map(|v| ("--engine", v)),
    ]
    .boxed()
}

proptest! {
    #![proptest_config(config(120))]

    #[test]
    fn matches_through_the_binary((flag, value) in match_flag()) {
        let value = value.replace('\0', "");
        let mut args: Vec<String> = ["match", "--rounds", "1", "--concurrency", "1", "--quiet"]
            .map(String::from)
            .to_vec();
        if flag != "--engine" {
            args.extend(["--engine", "search:depth=1", "--engine", "random"].map(String::from));
        } else {
            args.extend(["--engine".to_string(), "random".to_string()]);
        }
        args.extend([flag.to_string(), value]);
        run_bounded(&args)?;
    }

    #[test]
    fn reports_of_results_files(text in results_file()) {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("r.jsonl");
        std::fs::write(&file, &text).unwrap();
        let file = file.to_str().unwrap().to_string();
        run_bounded(&["report".to_string(), file.clone()])?;
        let mut resume: Vec<String> = ["match", "--engine", "search:depth=2", "--engine", "random"]
            .map(String::from)
            .to_vec();
        resume.extend(
            ["--openings", "start", "--rounds", "1", "--quiet", "--resume", "--results"]
                .map(String::from),
        );
        resume.push(file);
        run_bounded(&resume)?;
    }
}
