//! `parlour egdb` as a user runs it: build, probe, verify, their errors,
//! and a build killed halfway that resumes.

mod support;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn parlour(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(args)
        .output()
        .expect("the parlour binary runs")
}

fn ok_stdout(args: &[&str]) -> String {
    let out = parlour(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?} failed: {stderr}");
    String::from_utf8(out.stdout).unwrap()
}

/// Runs a command that must fail with exit 1, a message and no output.
fn fails(args: &[&str]) -> String {
    let out = parlour(args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?} printed something");
    assert!(
        !stderr.trim().is_empty() && !stderr.contains("panicked"),
        "{stderr}"
    );
    stderr
}

fn dir_str(d: &Path) -> &str {
    d.to_str().unwrap()
}

fn probe(dir: &Path, fen: &str) -> String {
    ok_stdout(&["egdb", "probe", "--fen", fen, "--dir", dir_str(dir)])
}

#[test]
fn build_probe_verify_and_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let out = ok_stdout(&["egdb", "build", "--pieces", "3", "--dir", dir_str(d)]);
    assert!(out.contains("positions up to 3 pieces"), "{out}");
    assert_eq!(probe(d, "B:WK32:BK1,K3"), "win\n");
    assert_eq!(probe(d, "W:WK32:BK1,K3"), "loss\n");
    assert_eq!(probe(d, "B:WK32:BK1"), "draw\n");
    let out = ok_stdout(&["egdb", "verify", "--dir", dir_str(d)]);
    assert!(out.contains("verified 199520 positions"), "{out}");

    let huffing = fails(&[
        "egdb",
        "probe",
        "--fen",
        "B:WK32:BK1,K3",
        "--rules",
        "huffing",
        "--dir",
        dir_str(d),
    ]);
    assert_eq!(
        huffing,
        "parlour: the endgame databases are for english rules; \
         this position is under huffing rules\n"
    );
    let four = fails(&[
        "egdb",
        "probe",
        "--fen",
        "B:WK32,K30:BK1,K3",
        "--dir",
        dir_str(d),
    ]);
    assert_eq!(
        four,
        "parlour: the position has 4 pieces; the databases cover at most 3\n"
    );
    let alone = fails(&["egdb", "probe", "--fen", "B:W:BK1,K3", "--dir", dir_str(d)]);
    assert_eq!(
        alone,
        "parlour: the white side has no piece: the game is over, \
         and no database stores such positions\n"
    );
    let bad = fails(&["egdb", "probe", "--fen", "B:W33:B1", "--dir", dir_str(d)]);
    assert_eq!(
        bad,
        "parlour: bad --fen: square 33 is out of range: squares are numbered 1 to 32\n"
    );
    // Out of 2..=8: a usage error, exit status 2.
    for pieces in ["1", "9"] {
        let out = parlour(&["egdb", "build", "--pieces", pieces, "--dir", dir_str(d)]);
        assert_eq!(out.status.code(), Some(2), "--pieces {pieces}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("is not in 2..=8"), "{stderr}");
    }

    // A missing slice is named.
    std::fs::remove_file(d.join("2k0m-1k0m.egdb")).unwrap();
    let missing = fails(&[
        "egdb",
        "probe",
        "--fen",
        "B:WK32:BK1,K3",
        "--dir",
        dir_str(d),
    ]);
    assert_eq!(
        missing,
        format!(
            "parlour: {}: missing: no table for 2k0m-1k0m (3 pieces) has been built there; \
             run `parlour egdb build --pieces 3`\n",
            d.join("2k0m-1k0m.egdb").display()
        )
    );
    // So does verify, and a build makes it again.
    let missing = fails(&["egdb", "verify", "--dir", dir_str(d)]);
    assert_eq!(
        missing,
        format!(
            "parlour: {}: missing, though other 3-piece files are there; \
             run `parlour egdb build --pieces 3` to build what is missing\n",
            d.join("2k0m-1k0m.egdb").display()
        )
    );
    ok_stdout(&["egdb", "build", "--pieces", "3", "--dir", dir_str(d)]);
    // A corrupt one too, by probe and by verify.
    let path = d.join("1k1m-1k0m.egdb");
    let mut bytes = std::fs::read(&path).unwrap();
    let n = bytes.len();
    bytes[n - 100] ^= 1;
    std::fs::write(&path, bytes).unwrap();
    let corrupt = fails(&[
        "egdb",
        "probe",
        "--fen",
        "B:WK32:BK1,9",
        "--dir",
        dir_str(d),
    ]);
    let damaged = format!(
        "parlour: {}: corrupt (its checksum does not match); delete it and build again\n",
        path.display()
    );
    assert_eq!(corrupt, damaged);
    assert_eq!(fails(&["egdb", "verify", "--dir", dir_str(d)]), damaged);
    // An empty directory holds nothing.
    let empty = tempfile::tempdir().unwrap();
    let none = fails(&["egdb", "verify", "--dir", dir_str(empty.path())]);
    assert_eq!(
        none,
        format!(
            "parlour: {}: no endgame databases there (not even every 2-piece slice); \
             run `parlour egdb build --pieces N`\n",
            empty.path().display()
        )
    );
    let none = fails(&[
        "egdb",
        "probe",
        "--fen",
        "B:WK32:BK1",
        "--dir",
        dir_str(empty.path()),
    ]);
    assert_eq!(
        none,
        format!(
            "parlour: {}: missing: no table for 1k0m-1k0m (2 pieces) has been built there; \
             run `parlour egdb build --pieces 2`\n",
            empty.path().join("1k0m-1k0m.egdb").display()
        )
    );
}

/// Runs a command that must succeed, with `stdin`; its stderr.
fn ok_stderr(args: &[&str], stdin: &str) -> String {
    let out = support::with_input(args, stdin.as_bytes());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{args:?} failed: {stderr}");
    stderr
}

/// `best` on `fen` to `depth` on one thread with the databases in `dir`.
fn best_with<'a>(fen: &'a str, dir: &'a str, depth: &'a str) -> [&'a str; 9] {
    [
        "best",
        "--fen",
        fen,
        "--egdb",
        dir,
        "--depth",
        depth,
        "--threads",
        "1",
    ]
}

#[test]
fn the_commands_searching_with_databases_say_what_they_found() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let dir = dir_str(d);
    ok_stdout(&["egdb", "build", "--pieces", "3", "--dir", dir]);
    let fen = "W:WK1,K3:BK32";
    let best = best_with(fen, dir, "2");
    let hub = ["hub", "--egdb", dir];
    let engine = format!("search:depth=1,egdb={dir}");
    let play = [
        "match", "--fen", fen, "--engine", &engine, "--engine", "random", "--rounds", "1",
        "--quiet",
    ];
    let whole = format!("parlour: endgame databases in {dir}: 2 to 3 pieces\n");
    assert_eq!(ok_stderr(&best, ""), whole);
    assert_eq!(ok_stderr(&hub, "quit\n"), whole);
    assert_eq!(ok_stderr(&play, ""), whole);
    // One 3-piece file deleted: the databases are used up to 2 pieces,
    // and each command says so, naming the file.
    let missing = d.join("2k0m-1k0m.egdb");
    std::fs::remove_file(&missing).unwrap();
    let warned = format!(
        "parlour: endgame databases in {dir}: 2 pieces; 3 pieces partly (11 of 12 files, not used)\n\
         parlour: warning: {}: missing, though other 3-piece files are there; \
         the search uses the databases up to 2 pieces\n",
        missing.display()
    );
    assert_eq!(ok_stderr(&best, ""), warned);
    assert_eq!(ok_stderr(&hub, "quit\n"), warned);
    assert_eq!(ok_stderr(&play, ""), warned);
    // A folder in its place is named too, and verify refuses it.
    std::fs::create_dir(&missing).unwrap();
    assert_eq!(
        ok_stderr(&best, ""),
        warned.replace(": missing,", ": not a file,")
    );
    let refused = fails(&["egdb", "verify", "--dir", dir]);
    assert_eq!(
        refused,
        format!(
            "parlour: {}: not a file, though other 3-piece files are there; \
             remove what is there and run `parlour egdb build --pieces 3`\n",
            missing.display()
        )
    );
}

#[test]
fn the_default_directory_is_under_xdg_data_home() {
    let tmp = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(["egdb", "build", "--pieces", "2"])
        .env("XDG_DATA_HOME", tmp.path())
        .output()
        .unwrap();
    assert!(out.status.success());
    let dir = tmp.path().join("parlour/egdb");
    assert!(dir.join("1k0m-1k0m.egdb").is_file());
    let out = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(["egdb", "probe", "--fen", "W:WK32:B1"])
        .env("XDG_DATA_HOME", tmp.path())
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "win\n");
}

#[test]
fn a_killed_build_resumes() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(["egdb", "build", "--pieces", "4", "--dir", dir_str(d)])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Kill it once it has written some 4-piece tables, but before the end.
    let four = |d: &Path| {
        std::fs::read_dir(d)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                name.ends_with(".egdb")
                    && name
                        .split(['k', 'm', '-', '.'])
                        .filter_map(|x| x.parse::<u32>().ok())
                        .sum::<u32>()
                        == 4
            })
            .count()
    };
    let start = Instant::now();
    while four(d) < 4 && start.elapsed() < Duration::from_secs(300) {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = child.kill();
    child.wait().unwrap();
    let done_before = four(d);
    assert!(done_before >= 4, "{done_before}");
    let out = parlour(&["egdb", "build", "--pieces", "4", "--dir", dir_str(d)]);
    assert!(out.status.success());
    let log = String::from_utf8_lossy(&out.stderr);
    // Everything finished before the kill is loaded, not built again: all
    // the smaller tables and some 4-piece ones; the rest is built.
    let pieces = |line: &str| -> u32 {
        line.split_whitespace()
            .next()
            .unwrap_or("")
            .split(['k', 'm', '-'])
            .filter_map(|x| x.parse::<u32>().ok())
            .sum()
    };
    // The materials' lines, under their header, none wider than 80.
    assert!(log.lines().all(|l| l.chars().count() <= 80), "{log}");
    assert!(log.contains("materials            positions"), "{log}");
    let lines: Vec<&str> = log.lines().filter(|l| pieces(l) > 0).collect();
    assert!(lines
        .iter()
        .filter(|l| pieces(l) < 4)
        .all(|l| l.contains("loaded")));
    let loaded = lines
        .iter()
        .filter(|l| pieces(l) == 4 && l.contains("loaded"));
    assert!(loaded.count() >= (done_before - 1) / 2, "{log}");
    assert!(
        lines
            .iter()
            .any(|l| pieces(l) == 4 && !l.contains("loaded")),
        "{log}"
    );
    let out = ok_stdout(&["egdb", "verify", "--dir", dir_str(d)]);
    assert!(out.contains("verified 6408836 positions"), "{out}");
}

#[test]
fn best_and_hub_search_with_the_databases() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = dir_str(tmp.path());
    ok_stdout(&["egdb", "build", "--pieces", "4", "--dir", dir]);
    // Three kings against one: won, and the search says so from the
    // databases (a value above every evaluation) and counts its hits.
    let fen = "W:WK1,K3,K5:BK32";
    let out = ok_stdout(&best_with(fen, dir, "3"));
    let last = out.lines().rev().find(|l| l.starts_with("info")).unwrap();
    let words: Vec<&str> = last.split_whitespace().collect();
    let at = |key: &str| words[words.iter().position(|w| *w == key).unwrap() + 1];
    assert!(at("tbhits").parse::<u64>().unwrap() > 0, "{last}");
    assert!(at("score").parse::<i32>().unwrap() > 20_000, "{last}");
    // Without --egdb there are no hits to show.
    let out = ok_stdout(&["best", "--fen", fen, "--depth", "3", "--threads", "1"]);
    assert!(!out.contains("tbhits"), "{out}");
    // The Hub engine takes them by flag, and says where they are.
    let mut hub = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(["hub", "--egdb", dir])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    hub.stdin
        .take()
        .unwrap()
        .write_all(b"hub\ninit\npos pos=Wbeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee\nquit\n")
        .unwrap();
    let out = hub.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(&format!("param name=egdb value={dir}")),
        "{text}"
    );
    // A match takes them per engine: a search engine's `egdb=`, or a Hub
    // engine's own flag.
    let err = fails(&["match", "--egdb", dir, "--rounds", "1"]);
    assert_eq!(
        err,
        "parlour: match takes endgame databases per engine: \
         --engine search:movetime=100,egdb=DIR, or --engine \"hub:parlour hub --egdb DIR,...\"\n"
    );
    let results = tmp.path().join("tables.jsonl");
    let with = format!("search:depth=12,egdb={dir},name=tables");
    ok_stdout(&[
        "match",
        "--fen",
        fen,
        "--engine",
        &with,
        "--engine",
        "search:depth=12,name=plain",
        "--rounds",
        "1",
        "--quiet",
        "--results",
        results.to_str().unwrap(),
    ]);
    let games = std::fs::read_to_string(&results).unwrap();
    let won = games
        .lines()
        .filter(|l| l.contains("\"white\":\"tables\"") && l.contains("\"winner\":\"white\""))
        .count();
    assert_eq!(won, 1, "with the databases, three kings beat one:\n{games}");
    let err = fails(&[
        "match",
        "--engine",
        "search:depth=2,egdb=/no/such/dir",
        "--engine",
        "random",
        "--rounds",
        "1",
    ]);
    assert_eq!(
        err,
        "parlour: engine `search:depth=2,egdb=/no/such/dir`: \
         cannot open the endgame databases in `/no/such/dir`: /no/such/dir: no endgame \
         databases there (not even every 2-piece slice); run `parlour egdb build --pieces N`\n"
    );
    // Pegs have none.
    let err = fails(&["best", "--game", "pegs", "--egdb", dir, "--depth", "1"]);
    assert_eq!(
        err,
        format!(
            "parlour: bad --eval or --egdb: cannot open the endgame databases in `{dir}`: \
             pegs has no endgame databases\n"
        )
    );
}

/// `egdb build` without `--dir` writes to the data directory, and `best
/// --egdb` with no DIR reads from it.
#[test]
fn the_default_directory_is_the_same_for_build_and_search() {
    let data = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_parlour"))
            .args(args)
            .env("XDG_DATA_HOME", data.path())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap() + &String::from_utf8_lossy(&out.stderr)
    };
    let built = run(&["egdb", "build", "--pieces", "3"]);
    let dir = data.path().join("parlour").join("egdb");
    assert!(built.contains(&dir.display().to_string()), "{built}");
    let fen = "W:WK1:BK32,K28";
    let found = run(&["best", "--depth", "3", "--fen", fen, "--egdb"]);
    assert!(found.contains(" tbhits "), "{found}");
    assert!(
        found.contains(&format!("databases in {}", dir.display())),
        "{found}"
    );
}

/// The published problems (testdata/problems/problems.tsv: name, source,
/// FEN, key move, solution, note), by name.
fn problem(name: &str) -> (String, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/problems/problems.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    let row = text
        .lines()
        .map(|line| line.split('\t').collect::<Vec<_>>())
        .find(|row| row[0].starts_with(name))
        .unwrap_or_else(|| panic!("no problem {name}"));
    (row[2].to_string(), row[3].to_string())
}

#[test]
fn classic_problems_are_solved_with_their_keys() {
    // Four pieces build in seconds; the problems below reach them.
    let tmp = tempfile::tempdir().unwrap();
    let dir = dir_str(tmp.path());
    ok_stdout(&["egdb", "build", "--pieces", "4", "--dir", dir]);
    for name in [
        "Symmetry",
        "Better Than First",
        "First Position",
        "Coffee and Cake",
        "Three Kings, problem two",
        "Snappy",
        "Have It Your Way, setting 2",
    ] {
        let (fen, key) = problem(name);
        let args = [
            "solve",
            "--fen",
            &fen,
            "--threads",
            "1",
            "--egdb",
            dir,
            "--movetime",
            "60000",
        ];
        let out = ok_stdout(&args);
        assert!(out.contains("solved: win"), "{name}: {out}");
        let played = out
            .lines()
            .last()
            .unwrap()
            .strip_prefix("bestmove ")
            .unwrap();
        assert_eq!(played, key, "{name}: {out}");
    }
}
