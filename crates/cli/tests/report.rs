//! Matches spread over machines, from the outside: `parlour match --shard`
//! plays one part of a match, and `parlour report` merges the parts into
//! exactly the tables and games of the whole match; the SPRT is exact (two
//! identical engines stay undecided) and applies to merged games, not to a
//! shard; resume names what differs in another match's file; progress goes
//! to stderr as plain lines when stderr is not a terminal.

mod support;

use parlour_arena::{Pentanomial, Sprt};
use std::path::Path;
use support::{fails, ok, parlour, path, records, scratch};

/// The flags of a small fixed-depth three-engine round robin.
const MATCH: [&str; 15] = [
    "match",
    "--engine",
    "search:depth=3,name=deep",
    "--engine",
    "search:depth=1,name=shallow",
    "--engine",
    "greedy",
    "--rounds",
    "2",
    "--seed",
    "17",
    "--shuffle",
    "--concurrency",
    "2",
    "--quiet",
];

fn with(base: &[&str], extra: &[&str]) -> Vec<String> {
    base.iter().chain(extra).map(|s| s.to_string()).collect()
}

fn run(args: &[String]) -> String {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    ok(&args)
}

fn refuse(args: &[String]) -> String {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    fails(&args)
}

/// The games of a PDN file without their dates and comments (the moves'
/// times differ from run to run), sorted (a match writes them as they
/// end, a report in order).
fn pdn_games(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
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

/// The records of a results file without what differs between runs of the
/// same games (date, move times, completion order), by index.
fn games_of(files: &[&Path]) -> Vec<serde_json::Value> {
    let mut all: Vec<serde_json::Value> = files
        .iter()
        .flat_map(|f| records(f))
        .map(|mut r| {
            let object = r.as_object_mut().unwrap();
            for key in ["date", "move_ms", "order"] {
                object.remove(key);
            }
            r
        })
        .collect();
    all.sort_by_key(|r| r["index"].as_u64());
    all
}

#[test]
fn three_shards_report_the_whole_match() {
    let dir = scratch("shards");
    let (whole, whole_pdn) = (dir.join("whole.jsonl"), dir.join("whole.pdn"));
    let whole_out = run(&with(
        &MATCH,
        &["--results", path(&whole), "--pdn", path(&whole_pdn)],
    ));
    assert!(
        whole_out.starts_with("12 of 12 games played\n"),
        "{whole_out}"
    );
    let shards: Vec<_> = (1..=3)
        .map(|k| dir.join(format!("shard-{k}.jsonl")))
        .collect();
    for (k, file) in shards.iter().enumerate() {
        let shard = format!("{}/3", k + 1);
        let out = run(&with(&MATCH, &["--shard", &shard, "--results", path(file)]));
        assert!(out.starts_with("4 of 4 games played\n"), "{out}");
        let header = std::fs::read_to_string(file).unwrap();
        assert!(
            header.contains(&format!("\"shard\":\"{shard}\"")),
            "{header}"
        );
    }
    let merged_pdn = dir.join("merged.pdn");
    let report = run(&with(
        &[
            "report",
            path(&shards[2]),
            path(&shards[0]),
            path(&shards[1]),
        ],
        &["--pdn", path(&merged_pdn)],
    ));
    // The same tables, column for column and row for row.
    assert_eq!(report, whole_out);
    assert_eq!(pdn_games(&merged_pdn), pdn_games(&whole_pdn));
    let shard_paths: Vec<&Path> = shards.iter().map(|p| p.as_path()).collect();
    assert_eq!(games_of(&shard_paths), games_of(&[&whole]));

    // A shard given twice, by the same path or as a copy.
    let stderr = refuse(&with(
        &[
            "report",
            path(&shards[0]),
            path(&shards[1]),
            path(&shards[0]),
        ],
        &[],
    ));
    assert_eq!(
        stderr,
        format!(
            "parlour: results file `{}` is given twice\n",
            shards[0].display()
        )
    );
    let copy = dir.join("copy.jsonl");
    std::fs::copy(&shards[1], &copy).unwrap();
    let stderr = refuse(&with(&["report", path(&shards[1]), path(&copy)], &[]));
    assert_eq!(
        stderr,
        format!(
            "parlour: game 2 is in both `{}` and `{}`: is a shard or a run given twice?\n",
            shards[1].display(),
            copy.display()
        )
    );
    // A shard of another match.
    let other = dir.join("other.jsonl");
    let mut flags = with(&MATCH, &["--shard", "3/3", "--results", path(&other)]);
    flags[10] = "18".into();
    run(&flags);
    let stderr = refuse(&with(
        &["report", path(&shards[0]), path(&shards[1]), path(&other)],
        &[],
    ));
    let (a, b) = (shards[0].display(), other.display());
    let start = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";
    assert_eq!(
        stderr,
        format!(
            "parlour: `{a}` and `{b}` are results of different matches: \
             seed: 17 in `{a}`, 18 in `{b}`; opening of round 1: \
             `ACF 79` ({start} 10-14 24-19 14-18) in `{a}`, \
             `ACF 65 Fraser's Inferno` ({start} 10-14 22-18 7-10) in `{b}`\n"
        )
    );
    // Not a results file.
    std::fs::write(dir.join("old.jsonl"), "{\"index\":0}\n").unwrap();
    let stderr = refuse(&with(&["report", path(&dir.join("old.jsonl"))], &[]));
    assert_eq!(
        stderr,
        format!(
            "parlour: results file `{}` has no match header: it was written by an older parlour \
             (or is not a results file), so nothing says which match its games belong to; \
             it cannot be resumed or merged: play the match into a new file\n",
            dir.join("old.jsonl").display()
        )
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_sprt_runs_on_merged_shards_not_on_one() {
    let dir = scratch("sprt-shards");
    let two = [
        "match",
        "--engine",
        "search:depth=4,name=a",
        "--engine",
        "random",
        "--rounds",
        "6",
        "--quiet",
    ];
    let stderr = refuse(&with(&two, &["--shard", "1/2", "--sprt", "0,5,0.05,0.05"]));
    assert_eq!(
        stderr,
        "parlour: an SPRT cannot run on a shard, which cannot stop the whole match: \
         play the shards, then apply the SPRT to their merged games with `parlour report --sprt`\n"
    );
    let files: Vec<_> = (1..=2).map(|k| dir.join(format!("s{k}.jsonl"))).collect();
    for (k, file) in files.iter().enumerate() {
        run(&with(
            &two,
            &["--shard", &format!("{}/2", k + 1), "--results", path(file)],
        ));
    }
    let out = run(&with(
        &["report", path(&files[0]), path(&files[1])],
        &["--sprt", "0,200,0.05,0.05", "--sprt-model", "logistic"],
    ));
    assert!(out.starts_with("12 of 12 games played\n"), "{out}");
    let line = out.lines().find(|l| l.starts_with("SPRT ")).unwrap();
    assert!(
        line.starts_with("SPRT 0,200,0.05,0.05 logistic: LLR "),
        "{out}"
    );
    assert!(line.len() <= 80, "{line}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// The pentanomial counts and the LLR a match printed.
fn printed(out: &str) -> (Pentanomial, f64) {
    let counts = out
        .split_once('[')
        .and_then(|(_, rest)| rest.split_once(']'))
        .map(|(inside, _)| inside)
        .expect("pentanomial counts");
    let c: Vec<u32> = counts.split(", ").map(|x| x.parse().unwrap()).collect();
    let llr = out
        .split_once("LLR ")
        .and_then(|(_, rest)| rest.split_whitespace().next())
        .expect("an LLR")
        .parse()
        .unwrap();
    (Pentanomial([c[0], c[1], c[2], c[3], c[4]]), llr)
}

#[test]
fn two_identical_engines_are_not_decided_within_thirty_pairs() {
    // The old normal approximation accepted H0 for nine drawn pairs, and
    // H1 for two pairs won twice; the exact ratio does neither.
    for model in ["logistic", "normalized"] {
        let out = ok(&[
            "match",
            "--engine",
            "search:depth=3,name=a",
            "--engine",
            "search:depth=3,name=b",
            "--rounds",
            "30",
            "--sprt",
            "0,5,0.05,0.05",
            "--sprt-model",
            model,
            "--seed",
            "3",
            "--quiet",
            "--wide",
        ]);
        assert!(out.starts_with("60 of 60 games played\n"), "{out}");
        assert!(out.contains("no decision"), "{out}");
        let (penta, llr) = printed(&out);
        assert_eq!(penta.pairs(), 30);
        let mut sprt: Sprt = "0,5,0.05,0.05".parse().unwrap();
        if model == "normalized" {
            sprt = sprt.with_model(parlour_arena::SprtModel::Normalized);
        }
        assert!((sprt.llr(&penta) - llr).abs() <= 0.005, "{out}");
    }
    // The example: two pairs won twice no longer stop the match.
    let out = ok(&[
        "match",
        "--engine",
        "search:depth=4,name=a",
        "--engine",
        "search:depth=2,name=b",
        "--rounds",
        "2",
        "--sprt",
        "0,5,0.05,0.05",
        "--seed",
        "3",
        "--quiet",
    ]);
    assert!(out.starts_with("4 of 4 games played\n"), "{out}");
}

#[test]
fn resume_names_what_differs() {
    let dir = scratch("resume-differs");
    let results = dir.join("r.jsonl");
    let base = [
        "match",
        "--engine",
        "search:depth=2,name=a",
        "--engine",
        "greedy",
        "--rounds",
        "1",
        "--quiet",
        "--results",
        path(&results),
    ];
    run(&with(&base, &["--rules", "huffing"]));
    // Each rule set plays its own network: the engines' evaluations differ
    // too, and are named.
    let stderr = refuse(&with(&base, &["--resume"]));
    assert!(
        stderr.contains(
            ": rules: `huffing` in the file, `english` here; engine 1's evaluation: `network:"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("; engine 2's evaluation: `network:"),
        "{stderr}"
    );
    for (extra, says) in [
        (
            vec!["--resume", "--rules", "huffing,quiet_plies=30"],
            "rules: `huffing` in the file, `huffing,quiet_plies=30` here",
        ),
        (
            vec!["--resume", "--rules", "huffing", "--max-plies", "90"],
            "max plies: `1000` in the file, `90` here",
        ),
    ] {
        let stderr = refuse(&with(&base, &extra));
        assert_eq!(
            stderr,
            format!(
                "parlour: results file `{}` belongs to another match: {says}; \
                 resume with the same settings, or choose another file\n",
                results.display()
            )
        );
    }
    // Another evaluation, named or resolved, is another match.
    let mut other_eval = with(&base, &["--resume", "--rules", "huffing"]);
    other_eval[2] = "search:depth=2,name=a,eval=patterns".into();
    let stderr = refuse(&other_eval);
    assert!(
        stderr.contains("engine 1's evaluation: `network:"),
        "{stderr}"
    );
    assert!(stderr.contains("` in the file, `patterns:"), "{stderr}");
    let mut other_limits = with(&base, &["--resume", "--rules", "huffing"]);
    other_limits[2] = "search:depth=3,name=a".into();
    let stderr = refuse(&other_limits);
    assert_eq!(
        stderr,
        format!(
            "parlour: results file `{}` belongs to another match: \
             engine 1: `search:depth=2,name=a` in the file, `search:depth=3,name=a` here; \
             resume with the same settings, or choose another file\n",
            results.display()
        )
    );
    // --pdn and --results may not be one file.
    let stderr = refuse(&with(&base, &["--pdn", path(&results)]));
    assert_eq!(
        stderr,
        format!(
            "parlour: the PDN and the results must go to two files, not both to `{}`\n",
            results.display()
        )
    );
    // The honest resume still works.
    let out = run(&with(&base, &["--resume", "--rules", "huffing"]));
    assert!(out.starts_with("2 of 2 games played\n"), "{out}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn progress_is_written_as_lines_when_stderr_is_not_a_terminal() {
    let out = parlour(&[
        "match",
        "--engine",
        "search:depth=2",
        "--engine",
        "random",
        "--rounds",
        "2",
        "--concurrency",
        "1",
    ]);
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    // The start, progress at most every 5 s, the summary; each line short
    // and no bar's control characters.
    assert!(lines.len() >= 2, "{stderr}");
    assert_eq!(lines[0], "parlour match: 4 games to do, 0 done before");
    assert!(
        lines
            .iter()
            .all(|l| l.starts_with("parlour match: ") && l.chars().count() <= 80),
        "{stderr}"
    );
    let last = lines.last().unwrap();
    assert!(last.starts_with("parlour match: done in 00:"), "{stderr}");
    assert!(last.contains(", Elo "), "{stderr}");
    assert!(
        !stderr.contains('\r') && !stderr.contains('\u{1b}'),
        "{stderr:?}"
    );
    // --quiet: nothing.
    let out = parlour(&[
        "match", "--engine", "random", "--engine", "greedy", "--rounds", "1", "--quiet",
    ]);
    assert!(out.stderr.is_empty());
}

/// The cells of a text table's rows (columns are two or more spaces apart).
fn cells(table: &str) -> Vec<Vec<String>> {
    table
        .lines()
        .map(|l| {
            l.split("  ")
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(str::to_string)
                .collect()
        })
        .collect()
}

#[test]
fn the_html_report_holds_the_tables_charts_and_games() {
    let dir = scratch("html");
    let (results, html) = (dir.join("r.jsonl"), dir.join("report.html"));
    ok(&[
        "match",
        "--engine",
        "search:depth=1,name=one",
        "--engine",
        "search:depth=2,name=two",
        "--engine",
        "greedy",
        "--rounds",
        "1",
        "--seed",
        "5",
        "--concurrency",
        "1",
        "--quiet",
        "--results",
        path(&results),
    ]);
    let text = ok(&["report", path(&results), "--html", path(&html)]);
    let page = std::fs::read_to_string(&html).unwrap();
    // Self-contained: nothing fetched (the SVG namespace is a name, not a
    // link).
    assert!(
        !page.contains("https://") && !page.contains("src="),
        "a link"
    );
    // Every cell of the printed tables (pairings and crosstable) is a cell
    // of the page's tables.
    let rows = cells(&text);
    assert!(rows.len() > 4, "{text}");
    for row in rows.iter().skip(1).filter(|r| r.len() > 3) {
        for cell in row {
            let escaped = cell.replace('&', "&amp;").replace('<', "&lt;");
            assert!(
                page.contains(&format!(">{escaped}</td>"))
                    || page.contains(&format!(">{escaped}</th>")),
                "{cell} of {row:?} not in the page"
            );
        }
    }
    let records = records(&results);
    let games = records.len();
    assert_eq!(page.matches("<details>").count(), games);
    // Results by opening, terminations, time per move add up to the games.
    let section = |name: &str| {
        let at = page.find(&format!("<h2>{name}</h2>")).unwrap();
        let end = at + page[at..].find("</table>").unwrap();
        page[at..end].to_string()
    };
    let total = |table: &str| -> u64 {
        table
            .split("<tr><td>")
            .skip(1)
            .map(|row| {
                let first = row.split("<td class=\"n\">").nth(1).unwrap();
                first.split('<').next().unwrap().parse::<u64>().unwrap()
            })
            .sum()
    };
    assert_eq!(total(&section("Results by opening")), games as u64);
    assert_eq!(total(&section("Terminations")), games as u64);
    let moves: usize = records
        .iter()
        .map(|r| r["move_ms"].as_array().unwrap().len())
        .sum();
    assert_eq!(total(&section("Time per move")), moves as u64);
    // The Elo chart is inline SVG with a row per pairing that has games.
    let at = page.find("<svg class=\"elo-chart\"").unwrap();
    let end = at + page[at..].find("</svg>").unwrap() + "</svg>".len();
    let chart = roxmltree::Document::parse(&page[at..end]).expect("well-formed SVG");
    let labels: Vec<&str> = chart
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .filter(|t| t.contains(" vs "))
        .collect();
    assert_eq!(labels.len(), 3, "{labels:?}");
    // The viewer's data is there for every game, one step per ply.
    let tag = "class=\"viewer-data\" data-set=\"0\">";
    let start = page.find(tag).unwrap() + tag.len();
    let stop = start + page[start..].find("</script>").unwrap();
    let data: serde_json::Value = serde_json::from_str(&page[start..stop]).unwrap();
    let plies: Vec<usize> = records
        .iter()
        .map(|r| r["moves"].as_array().unwrap().len())
        .collect();
    let steps: Vec<usize> = (0..games)
        .map(|g| data["games"][g][1].as_array().unwrap().len())
        .collect();
    let mut sorted_plies = plies.clone();
    let mut sorted_steps = steps.clone();
    sorted_plies.sort_unstable();
    sorted_steps.sort_unstable();
    assert_eq!(sorted_steps, sorted_plies);
    // A page that cannot be written is an error.
    let err = fails(&[
        "report",
        path(&results),
        "--html",
        path(&dir.join("no/x.html")),
    ]);
    assert_eq!(
        err,
        format!(
            "parlour: cannot write --html {}: No such file or directory (os error 2)\n",
            dir.join("no/x.html").display()
        )
    );
}

#[test]
fn match_html_writes_the_page_report_html_writes() {
    let dir = scratch("match-html");
    let (results, from_match, from_report) = (
        dir.join("r.jsonl"),
        dir.join("match.html"),
        dir.join("report.html"),
    );
    let sprt = "0,50,0.05,0.05";
    let text = ok(&[
        "match",
        "--engine",
        "search:depth=1,name=one",
        "--engine",
        "greedy",
        "--rounds",
        "2",
        "--concurrency",
        "1",
        "--quiet",
        "--sprt",
        sprt,
        "--results",
        path(&results),
        "--html",
        path(&from_match),
    ]);
    assert!(text.starts_with("4 of 4 games played\n"), "{text}");
    ok(&[
        "report",
        path(&results),
        "--sprt",
        sprt,
        "--html",
        path(&from_report),
    ]);
    let page = std::fs::read_to_string(&from_match).unwrap();
    assert!(page.contains("<title>parlour match: one, greedy</title>"));
    assert!(page.contains("<svg class=\"sprt-chart\""));
    // The same page but for its title.
    let untitled = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| !l.contains("<title>") && !l.starts_with("<h1>"))
            .map(str::to_string)
            .collect()
    };
    let other = std::fs::read_to_string(&from_report).unwrap();
    assert_eq!(untitled(&page), untitled(&other));
    // The page may not go over the records, nor into a folder not there,
    // and the match is refused before any game.
    let no = dir.join("no");
    for (html, want) in [
        (
            results.clone(),
            format!(
                "parlour: the HTML report must go to a file of its own, not to `{}`\n",
                results.display()
            ),
        ),
        (
            no.join("x.html"),
            format!(
                "parlour: cannot write the HTML report `{}`: its folder `{}` is not there\n",
                no.join("x.html").display(),
                no.display()
            ),
        ),
    ] {
        let fresh = dir.join("fresh.jsonl");
        let err = fails(&[
            "match",
            "--engine",
            "random",
            "--engine",
            "greedy",
            "--rounds",
            "1",
            "--quiet",
            "--results",
            path(if html == results { &results } else { &fresh }),
            "--resume",
            "--html",
            path(&html),
        ]);
        assert_eq!(err, want);
        assert!(!fresh.exists());
    }
}
