//! `parlour perft` deep runs as a user runs them: `--hash` counts as plain
//! perft, `--split K/N` shares merge into the whole count with `--merge`
//! (and a share doubled, left out or cut short is refused), and a run
//! killed with `kill -9` resumes from `--results` to the same total; in
//! every rule set.

mod support;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use support::{fails, ok, parlour, path, scratch, PARLOUR};

/// The count of a run's `<depth> <nodes> ...` line (its last).
fn total(stdout: &str) -> u64 {
    let last = stdout.lines().last().expect("a depth line");
    let fields: Vec<&str> = last.split(' ').collect();
    assert_eq!(fields.len(), 4, "`{last}`");
    fields[1].parse().expect("a count")
}

/// The `<move>: <nodes>` lines of a run.
fn moves(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter(|l| l.contains(": "))
        .map(String::from)
        .collect()
}

/// Each rule set: its flags, a depth and its count.
const CASES: [(&[&str], &str, u64); 3] = [
    (&["--rules", "english"], "11", 85_242_128),
    (&["--rules", "huffing"], "7", 6_998_589),
    (&["--game", "pegs"], "5", 5_006_000),
];

#[test]
fn hashed_runs_count_as_plain_perft_in_every_rule_set() {
    for (flags, depth, nodes) in CASES {
        let args = [&["perft", "--depth", depth, "--hash", "8"], flags].concat();
        let out = ok(&args);
        assert_eq!(out.lines().count(), 1, "{out}");
        assert_eq!(total(&out), nodes, "{flags:?}");
        let plain = ok(&[&["perft", "--depth", depth, "--divide"], flags].concat());
        let hashed = ok(&[&args[..], &["--divide", "--threads", "2"]].concat());
        assert_eq!(moves(&hashed), moves(&plain), "{flags:?}");
        assert_eq!(total(&hashed), nodes, "{flags:?}");
    }
}

#[test]
fn three_shares_merge_into_the_whole_count_in_every_rule_set() {
    let dir = scratch("perft-shares");
    for (flags, depth, nodes) in CASES {
        let mut files = Vec::new();
        for k in 1..=3 {
            let split = format!("{k}/3");
            let args = [
                &["perft", "--depth", depth, "--hash", "8", "--split", &split],
                flags,
            ];
            let out = ok(&args.concat());
            assert!(out.starts_with("perft-share game="), "{out}");
            let file = dir.join(format!("share{k}.txt"));
            // Progress lines in the saved output are skipped.
            std::fs::write(&file, format!("parlour perft: 00:00:01 note\n{out}")).unwrap();
            files.push(file);
        }
        let names: Vec<&str> = files.iter().map(|f| path(f)).collect();
        let merged = ok(&[&["perft", "--merge"], &names[..]].concat());
        assert_eq!(merged.lines().count(), 1, "{merged}");
        assert_eq!(total(&merged), nodes, "{flags:?}");
        let divided = ok(&[&["perft", "--divide", "--merge"], &names[..]].concat());
        let plain = ok(&[&["perft", "--depth", depth, "--divide"], flags].concat());
        assert_eq!(moves(&divided), moves(&plain), "{flags:?}");
        let doubled = fails(&["perft", "--merge", names[0], names[1], names[0], names[2]]);
        assert!(doubled.contains("share 1/3 is given twice"), "{doubled}");
        let missing = fails(&["perft", "--merge", names[0], names[2]]);
        assert!(missing.contains("share 2 of 3 missing"), "{missing}");
    }
    // A share cut short, and the shares of another run.
    let text = std::fs::read_to_string(&files_of(&dir)[1]).unwrap();
    let cut: String = text.lines().take(3).map(|l| format!("{l}\n")).collect();
    let cut_file = dir.join("cut.txt");
    std::fs::write(&cut_file, cut).unwrap();
    let [a, _, c] = files_of(&dir);
    let message = fails(&["perft", "--merge", path(&a), path(&cut_file), path(&c)]);
    assert!(message.contains("cut short"), "{message}");
    let other = dir.join("other.txt");
    let out = ok(&["perft", "--depth", "6", "--game", "pegs", "--split", "2/3"]);
    std::fs::write(&other, out).unwrap();
    let message = fails(&["perft", "--merge", path(&a), path(&other), path(&c)]);
    assert!(
        message.contains("is of another run: depth `6` here, `5`"),
        "{message}"
    );
}

/// The three share files the last case of the test above wrote.
fn files_of(dir: &std::path::Path) -> [std::path::PathBuf; 3] {
    [1, 2, 3].map(|k| dir.join(format!("share{k}.txt")))
}

/// The criterion of the issue: english depth 14 in three shares.
#[test]
fn english_depth_14_in_three_shares_merges_to_the_published_count() {
    let dir = scratch("perft-14");
    let files: Vec<String> = (1..=3)
        .map(|k| {
            let share = format!("{k}/3");
            let out = ok(&["perft", "--depth", "14", "--hash", "256", "--split", &share]);
            let file = dir.join(format!("share{k}.txt"));
            std::fs::write(&file, out).unwrap();
            path(&file).to_string()
        })
        .collect();
    let names: Vec<&str> = files.iter().map(String::as_str).collect();
    let merged = ok(&[&["perft", "--merge"], &names[..]].concat());
    assert_eq!(total(&merged), 7_978_439_499);
    assert!(merged.starts_with("14 7978439499 "), "{merged}");
}

#[test]
fn a_run_killed_with_sigkill_resumes_to_the_same_total() {
    let dir = scratch("perft-resume");
    let results = dir.join("results.txt");
    let args = [
        "perft",
        "--depth",
        "12",
        "--threads",
        "1",
        "--split-depth",
        "5",
        "--results",
        path(&results),
    ];
    let mut child = Command::new(PARLOUR)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Killed once some units are written, long before all 2733 are.
    let started = Instant::now();
    let units = |text: &str| text.lines().filter(|l| l.starts_with("unit ")).count();
    while units(&std::fs::read_to_string(&results).unwrap_or_default()) < 20 {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no units written"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let written = units(&std::fs::read_to_string(&results).unwrap());
    assert!(written < 2733, "the run ended before it was killed");
    let again = fails(&args);
    assert!(again.contains("already holds a run"), "{again}");
    let out = ok(&[&args[..], &["--resume"]].concat());
    assert_eq!(total(&out), 388_623_673);
    let text = std::fs::read_to_string(&results).unwrap();
    assert_eq!(units(&text), 2733, "each unit once");
    // Resuming a finished run counts nothing and prints the same total;
    // another run's file is refused.
    assert_eq!(
        total(&ok(&[&args[..], &["--resume"]].concat())),
        388_623_673
    );
    let deeper = [&args[..2], &["13"], &args[3..], &["--resume"]].concat();
    let message = fails(&deeper);
    assert!(
        message.contains("is another run's: depth `12` in the file, `13` here"),
        "{message}"
    );
}

#[test]
fn bad_deep_flags_are_refused() {
    for args in [
        &["perft", "--depth", "3", "--split", "4/3"][..],
        &["perft", "--depth", "3", "--split", "0/3"],
        &["perft", "--depth", "3", "--resume"],
        &["perft", "--depth", "3", "--hash", "0"],
        &["perft", "--depth", "3", "--split-depth", "0"],
        &["perft", "--merge", "a.txt", "--depth", "3"],
        &["perft"],
    ] {
        let out = parlour(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    let message = fails(&["perft", "--depth", "3", "--split-depth", "4"]);
    assert!(
        message.contains("--split-depth 4 is deeper than --depth 3"),
        "{message}"
    );
    let message = fails(&["perft", "--merge", "/no/such/file"]);
    assert!(
        message.contains("cannot read --merge /no/such/file"),
        "{message}"
    );
    let message = fails(&["perft", "--depth", "3", "--hash", "100000000"]);
    assert!(message.contains("bad --hash"), "{message}");
}
