//! One engine, whichever way in: for each rule set, a spec or command that
//! names no evaluation plays exactly what the same one naming the rules'
//! default evaluation plays (english and huffing: their networks; the peg
//! game's default board: its learned model), and naming another
//! evaluation plays differently. Checked through `match`, `best`, `play`,
//! `analyse`, the Hub engine and `selfplay` (Python's `Engine` in its own
//! tests, crates/python/tests/test_engine.py).

mod support;

use serde_json::Value;
use support::{ok, path, records, scratch, with_input};

/// A rule set: its flags, the name of its default evaluation, and the name
/// of another.
struct RuleSet {
    flags: [&'static str; 4],
    default: &'static str,
    other: &'static str,
    depth: &'static str,
}

const RULE_SETS: [RuleSet; 3] = [
    RuleSet {
        flags: ["--game", "checkers", "--rules", "english"],
        default: "network",
        other: "patterns",
        depth: "5",
    },
    RuleSet {
        flags: ["--game", "checkers", "--rules", "huffing"],
        default: "network",
        other: "patterns",
        depth: "5",
    },
    RuleSet {
        flags: ["--game", "pegs", "--rules", "squares=3"],
        default: "learned",
        other: "handwritten",
        depth: "3",
    },
];

/// The moves of the first game of a two-game match between `engine` and
/// a random player, and the evaluation the header says it resolved to.
fn first_game(set: &RuleSet, engine: &str, name: &str) -> (Value, Value) {
    let dir = scratch(&format!("one-way-{name}"));
    let results = dir.join("r.jsonl");
    let mut args = vec!["match", "--engine", engine, "--engine", "random:seed=4"];
    args.extend(set.flags);
    args.extend(["--games", "2", "--quiet", "--results", path(&results)]);
    ok(&args);
    let text = std::fs::read_to_string(&results).unwrap();
    let header: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let game = records(&results)
        .into_iter()
        .find(|r| r["index"] == 0)
        .unwrap();
    (game["moves"].clone(), header["evaluations"][0].clone())
}

#[test]
fn a_match_plays_the_rules_default_evaluation() {
    for set in &RULE_SETS {
        let spec = |eval: &str| format!("search:depth={},name=s{eval}", set.depth);
        let plain = first_game(set, &spec(""), "plain");
        let named = first_game(set, &format!("{},eval={}", spec(""), set.default), "named");
        let other = first_game(set, &format!("{},eval={}", spec(""), set.other), "other");
        assert_eq!(plain, named, "{:?}", set.flags);
        assert!(
            plain.1.as_str().unwrap().starts_with(set.default),
            "{plain:?}"
        );
        assert_ne!(
            plain.0, other.0,
            "{:?}: another evaluation plays the same",
            set.flags
        );
        assert_ne!(plain.1, other.1);
    }
}

/// The node counts of `best` at a fixed depth, one per finished depth.
fn best_nodes(set: &RuleSet, eval: Option<&str>) -> Vec<String> {
    let mut args = vec![
        "best",
        "--depth",
        set.depth,
        "--threads",
        "1",
        "--hash",
        "8",
    ];
    args.extend(set.flags);
    if let Some(eval) = eval {
        args.extend(["--eval", eval]);
    }
    ok(&args)
        .lines()
        .filter_map(|l| l.split(" nodes ").nth(1))
        .map(|rest| rest.split(' ').next().unwrap().to_string())
        .collect()
}

#[test]
fn best_searches_the_rules_default_evaluation() {
    for set in &RULE_SETS {
        let plain = best_nodes(set, None);
        assert_eq!(plain, best_nodes(set, Some(set.default)), "{:?}", set.flags);
        assert_ne!(plain, best_nodes(set, Some(set.other)), "{:?}", set.flags);
    }
}

/// The Hub engine's `info` and `done` lines for a search to the rule
/// set's depth, the `eval` parameter set where given (times left out).
/// The engine is told to quit only once it has answered.
fn hub_infos(set: &RuleSet, eval: Option<&str>) -> Vec<String> {
    use std::io::{BufRead, BufReader, Write};
    let variant = match set.flags[3] {
        "squares=3" => "pegs",
        rules => rules,
    };
    let mut input = format!("hub\nset-param name=variant value={variant}\n");
    if let Some(eval) = eval {
        input.push_str(&format!("set-param name=eval value={eval}\n"));
    }
    input.push_str("set-param name=threads value=1\ninit\n");
    input.push_str(&format!("level depth={}\ngo think\n", set.depth));
    let mut child = std::process::Command::new(support::PARLOUR)
        .arg("hub")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    let mut lines = Vec::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        if line.starts_with("info") || line.starts_with("done") {
            let words = line.split(' ');
            let kept = words.filter(|w| !w.starts_with("time=") && !w.starts_with("nps="));
            lines.push(kept.collect::<Vec<_>>().join(" "));
        }
        if line.starts_with("done") {
            break;
        }
    }
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    child.wait().unwrap();
    lines
}

#[test]
fn the_hub_engine_searches_the_rules_default_evaluation() {
    for set in &RULE_SETS {
        let plain = hub_infos(set, None);
        assert!(plain.iter().any(|l| l.starts_with("done")), "{plain:?}");
        assert_eq!(plain, hub_infos(set, Some(set.default)), "{:?}", set.flags);
        assert_ne!(plain, hub_infos(set, Some(set.other)), "{:?}", set.flags);
    }
}

/// What `play` answers to the person's first move (`play --engine` with
/// `eval` in the spec where given), searched: the built-in book, which
/// `play` opens from by default, is turned off.
fn play_reply(set: &RuleSet, first: &str, eval: Option<&str>) -> String {
    let spec = match eval {
        Some(eval) => format!("search:depth={},eval={eval}", set.depth),
        None => format!("search:depth={}", set.depth),
    };
    let mut args = vec![
        "play",
        "--engine",
        spec.as_str(),
        "--book",
        "off",
        "--pdn",
        "/dev/null",
    ];
    args.extend(set.flags);
    let out = with_input(&args, format!("{first}\nquit\n").as_bytes());
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text.lines().find(|l| l.contains("parlour plays"));
    line.unwrap_or_else(|| panic!("no reply: {text}"))
        .to_string()
}

#[test]
fn play_and_analyse_play_the_rules_default_evaluation() {
    let english = &RULE_SETS[0];
    let plain = play_reply(english, "11-15", None);
    assert_eq!(plain, play_reply(english, "11-15", Some("network")));
    assert_ne!(plain, play_reply(english, "11-15", Some("patterns")));
    // `analyse` on a short game: its scores and marks.
    let dir = scratch("one-way-analyse");
    let game = dir.join("g.pdn");
    std::fs::write(
        &game,
        "[GameType \"21\"]\n\n1. 11-15 23-19 2. 8-11 22-17 3. 9-13 *\n",
    )
    .unwrap();
    let analyse = |eval: Option<&str>| {
        let mut args = vec!["analyse", path(&game), "--depth", "6", "--threads", "1"];
        if let Some(eval) = eval {
            args.extend(["--eval", eval]);
        }
        ok(&args)
    };
    // The scores and depths, without the times.
    let untimed = |text: String| {
        let words = text.split_whitespace();
        let kept = words.filter(|w| !w.ends_with("s}"));
        kept.collect::<Vec<_>>().join(" ")
    };
    let plain = untimed(analyse(None));
    assert!(plain.contains("/6"), "{plain}");
    assert_eq!(plain, untimed(analyse(Some("network"))));
    assert_ne!(plain, untimed(analyse(Some("patterns"))));
}

#[test]
fn selfplay_records_the_rules_default_evaluation() {
    let dir = scratch("one-way-selfplay");
    for set in &RULE_SETS {
        let data = dir.join(format!("{}.bin", set.flags[3]));
        let run = |eval: Option<&str>| {
            let mut args = vec!["selfplay", "--out", path(&data), "--games", "1"];
            args.extend(["--depth", "2", "--concurrency", "1"]);
            args.extend(set.flags);
            if let Some(eval) = eval {
                args.extend(["--eval", eval]);
            }
            support::parlour(&args)
        };
        assert!(run(None).status.success());
        // The same run again (nothing to do) with the default named: the
        // file's evaluation is the same one.
        assert!(run(Some(set.default)).status.success(), "{:?}", set.flags);
        let other = run(Some(set.other));
        assert!(!other.status.success(), "{:?}", set.flags);
        let says = String::from_utf8_lossy(&other.stderr);
        assert!(
            says.contains("holds the games of another self-play run"),
            "{says}"
        );
    }
}
