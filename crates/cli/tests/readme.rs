//! The documentation stays true: every example in README.md and in the
//! pages under docs/ is run and what it prints is compared with what the
//! page shows. Writing an example in a page is all it takes to check it.
//!
//! An example is a fenced block whose first line starts with `$ `. Each
//! `$ ` line is a command for `sh`, run in order in one scratch folder per
//! page (so a later command can read the files an earlier one wrote), with
//! the `parlour` under test first on `PATH` and nothing on standard input.
//! A command goes on over lines that end in `\` and over a here-document
//! (`<<'END'` up to `END`). The lines after it, up to the next `$ ` line or
//! the end of the block, are what it must print, standard output and
//! standard error together, and it must exit with status 0 (show a failure
//! with `; echo "exit status $?"`).
//!
//! How lines compare:
//! - a line `...` stands for any number of lines, none included;
//! - a line with a timing in it compares word by word, the timing by its
//!   shape only: a number with three decimals is seconds (`0.358`,
//!   `time=0.000`), and a whole number right after seconds or after `nps`
//!   or `second` is a rate; everything else in the line exactly;
//! - any other line exactly.
//!
//! A block that cannot run here (it takes hours, it needs a person) is
//! marked on the line right before its fence with
//! `<!-- not run: WHY -->`; every `$ parlour` line of a page is either
//! checked or in such a block.
//!
//! After a change that moves what the search prints (a new network, a
//! pruning rule), `PARLOUR_BLESS=1 cargo test -p parlour --test readme`
//! writes what each failing example printed into its page in place of what
//! it showed (a `...` kept, with as many lines before and after it as it
//! had), and fails only where a command exited with an error. Read the
//! diff before committing it: the prose around an example may need the new
//! figures too.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use support::{scratch, PARLOUR};

/// The longest one example may take.
const TIMEOUT: Duration = Duration::from_secs(600);

/// The mark that exempts the next block from being run.
const NOT_RUN: &str = "<!-- not run:";

/// One command of a page and what it must print.
#[derive(Debug)]
struct Example {
    /// `page:line` of the command.
    place: String,
    /// The command, as `sh` reads it.
    command: String,
    /// The lines it must print.
    expected: Vec<String>,
    /// The index in the page's lines of the first of them.
    expected_at: usize,
}

/// What a page holds: the examples to run, and the `$ parlour` lines in
/// blocks marked not to run.
#[derive(Debug, Default)]
struct Page {
    examples: Vec<Example>,
    not_run: usize,
}

/// The terminator of a here-document the command line opens, if any.
fn heredoc_end(line: &str) -> Option<String> {
    let rest = &line[line.find("<<")? + 2..];
    let rest = rest.trim_start_matches('-').trim_start();
    let word: String = rest
        .chars()
        .filter(|c| !matches!(c, '\'' | '"'))
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!word.is_empty()).then_some(word)
}

/// Reads the examples of one page.
fn read_page(name: &str, text: &str) -> Page {
    let lines: Vec<&str> = text.lines().collect();
    let mut page = Page::default();
    let mut i = 0;
    while i < lines.len() {
        if !lines[i].starts_with("```") {
            i += 1;
            continue;
        }
        let skip = i > 0 && lines[i - 1].trim_start().starts_with(NOT_RUN);
        let start = i + 1;
        let mut end = start;
        while end < lines.len() && !lines[end].starts_with("```") {
            end += 1;
        }
        let block = &lines[start..end];
        i = end + 1;
        if !block.first().is_some_and(|l| l.starts_with("$ ")) {
            continue;
        }
        if skip {
            page.not_run += block.iter().filter(|l| l.starts_with("$ parlour")).count();
            continue;
        }
        let mut j = 0;
        while j < block.len() {
            let place = format!("{name}:{}", start + j + 1);
            let mut command = block[j].strip_prefix("$ ").expect("a command").to_string();
            j += 1;
            while command.ends_with('\\') && j < block.len() {
                command.push('\n');
                command.push_str(block[j]);
                j += 1;
            }
            if let Some(word) = heredoc_end(&command) {
                while j < block.len() {
                    command.push('\n');
                    command.push_str(block[j]);
                    j += 1;
                    if block[j - 1].trim() == word {
                        break;
                    }
                }
            }
            let expected_at = start + j;
            let mut expected = Vec::new();
            while j < block.len() && !block[j].starts_with("$ ") {
                expected.push(block[j].to_string());
                j += 1;
            }
            page.examples.push(Example {
                place,
                command,
                expected,
                expected_at,
            });
        }
    }
    page
}

/// Whether a word is seconds as parlour prints them: three decimals.
fn is_seconds(word: &str) -> bool {
    matches!(word.split_once('.'), Some((whole, part))
        if !whole.is_empty()
            && whole.bytes().all(|b| b.is_ascii_digit())
            && part.len() == 3
            && part.bytes().all(|b| b.is_ascii_digit()))
}

fn is_whole(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit())
}

/// How a word of an expected line compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Exact,
    Seconds,
    Rate,
}

/// The kind of each word of an expected line: timings by where and what
/// they are. A `key=value` word is judged by its value, with `nps=` a rate.
fn kinds(words: &[&str]) -> Vec<Kind> {
    let mut kinds = Vec::with_capacity(words.len());
    for (i, word) in words.iter().enumerate() {
        let (key, value) = word.split_once('=').unwrap_or(("", word));
        let before = i.checked_sub(1).map(|p| (words[p], kinds[p]));
        let after_timing = matches!(before, Some((_, Kind::Seconds)))
            || matches!(before, Some(("nps" | "second", _)));
        let kind = if is_seconds(value) {
            Kind::Seconds
        } else if is_whole(value) && (key == "nps" || (key.is_empty() && after_timing)) {
            Kind::Rate
        } else {
            Kind::Exact
        };
        kinds.push(kind);
    }
    kinds
}

/// Whether a printed line matches an expected one.
fn line_matches(expected: &str, actual: &str) -> bool {
    if expected == actual {
        return true;
    }
    let want: Vec<&str> = expected.split_whitespace().collect();
    let got: Vec<&str> = actual.split_whitespace().collect();
    let kinds = kinds(&want);
    if want.len() != got.len() || !kinds.iter().any(|k| *k != Kind::Exact) {
        return false;
    }
    want.iter().zip(&got).zip(&kinds).all(|((w, g), kind)| {
        let (wk, _) = w.split_once('=').unwrap_or(("", w));
        let (gk, gv) = g.split_once('=').unwrap_or(("", g));
        match kind {
            Kind::Exact => w == g,
            Kind::Seconds => wk == gk && is_seconds(gv),
            Kind::Rate => wk == gk && (is_whole(gv) || is_seconds(gv)),
        }
    })
}

/// Whether the printed lines match the expected ones, `...` standing for
/// any run of lines.
fn lines_match(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(line, more)| line_matches(first, line) && lines_match(rest, more)),
    }
}

/// What a page should show for an example that printed `printed` where it
/// showed `expected`: the printed lines, with a `...` of `expected` kept
/// in its place (as many lines before and after it as it had).
fn blessed(expected: &[String], printed: &[&str]) -> Vec<String> {
    let owned = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    let Some(gap) = expected.iter().position(|l| l == "...") else {
        return owned(printed);
    };
    let after = expected.len() - gap - 1;
    if printed.len() < gap + after {
        return owned(printed);
    }
    let mut lines = owned(&printed[..gap]);
    lines.push("...".to_string());
    lines.extend(owned(&printed[printed.len() - after..]));
    lines
}

/// Runs one command in `dir`: its exit status and everything it printed.
fn run(command: &str, dir: &Path) -> (Option<i32>, String) {
    let bin = Path::new(PARLOUR).parent().expect("the binary's folder");
    let path = std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .expect("a PATH");
    let output = dir.join(".output");
    let file = std::fs::File::create(&output).expect("a scratch file");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .env("PATH", path)
        .stdin(Stdio::null())
        .stdout(file.try_clone().expect("a file handle"))
        .stderr(file)
        .spawn()
        .expect("sh runs");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting for sh") {
            break status;
        }
        if started.elapsed() > TIMEOUT {
            let _ = child.kill();
            panic!("`{command}` took more than {TIMEOUT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let text = std::fs::read_to_string(&output).expect("output as UTF-8");
    (status.code(), text)
}

/// The pages whose examples are checked: README.md and every page under
/// docs/.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut pages = vec![root.join("README.md")];
    let mut dirs = vec![root.join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("docs/ is there") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            }
        }
    }
    pages.sort();
    pages
}

#[test]
fn every_example_in_the_documentation_prints_what_it_shows() {
    let bless = std::env::var_os("PARLOUR_BLESS").is_some();
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in pages() {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).expect("a page");
        let page = read_page(&name, &text);
        // Every `$ parlour` line is either an example here or marked.
        let shown = text.lines().filter(|l| l.starts_with("$ parlour")).count();
        let run_here = page
            .examples
            .iter()
            .filter(|e| e.command.starts_with("parlour"))
            .count();
        assert_eq!(
            shown,
            run_here + page.not_run,
            "{name}: a `$ parlour` line outside a block of examples"
        );
        let dir = scratch(&format!("readme-{}", name.replace('.', "-")));
        let mut edits = Vec::new();
        for example in &page.examples {
            let (status, output) = run(&example.command, &dir);
            let lines: Vec<&str> = output.lines().collect();
            checked += 1;
            let matched = lines_match(&example.expected, &lines);
            if bless && status == Some(0) && !matched {
                println!("{}: blessed", example.place);
                edits.push((example, blessed(&example.expected, &lines)));
            } else if status != Some(0) || !matched {
                failures.push(format!(
                    "{}: $ {}\n--- shown\n{}\n--- printed (exit status {status:?})\n{output}",
                    example.place,
                    example.command,
                    example.expected.join("\n"),
                ));
            }
        }
        if !edits.is_empty() {
            let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
            for (example, new) in edits.into_iter().rev() {
                let at = example.expected_at;
                lines.splice(at..at + example.expected.len(), new);
            }
            std::fs::write(&path, lines.join("\n") + "\n").expect("the page is written");
        }
    }
    println!("{checked} documented commands checked");
    assert!(checked > 10, "only {checked} examples found");
    assert!(failures.is_empty(), "\n{}", failures.join("\n\n"));
}

#[test]
fn pages_are_read_as_examples() {
    let text =
        "intro\n```\n$ parlour a \\\n  --b\nout 1\n...\n$ parlour hub <<'END'\nhub\nEND\nid\n```\n\
                <!-- not run: slow -->\n```\n$ parlour slow\n```\n```sh\ncargo test\n```\n";
    let page = read_page("t.md", text);
    assert_eq!(page.not_run, 1);
    assert_eq!(page.examples.len(), 2);
    assert_eq!(page.examples[0].place, "t.md:3");
    assert_eq!(page.examples[0].command, "parlour a \\\n  --b");
    assert_eq!(page.examples[0].expected, ["out 1", "..."]);
    assert_eq!(page.examples[1].command, "parlour hub <<'END'\nhub\nEND");
    assert_eq!(page.examples[1].expected, ["id"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[page.examples[0].expected_at], "out 1");
    assert_eq!(lines[page.examples[1].expected_at], "id");
}

#[test]
fn a_blessed_example_keeps_its_gap() {
    let shown: Vec<String> = ["depth 1", "...", "depth 9", "best 9"]
        .map(String::from)
        .into();
    let printed = ["depth 1 new", "depth 2", "depth 8", "depth 9 new", "best 8"];
    assert_eq!(
        blessed(&shown, &printed),
        ["depth 1 new", "...", "depth 9 new", "best 8"]
    );
    // Without a gap, or printing too little to keep one: what it printed.
    assert_eq!(
        blessed(&shown[2..], &printed[..2]),
        ["depth 1 new", "depth 2"]
    );
    assert_eq!(blessed(&shown, &printed[..2]), ["depth 1 new", "depth 2"]);
}

#[test]
fn timings_compare_by_shape_and_the_rest_exactly() {
    let info = "info depth 3 score 4 nodes 13 nps 4551 time 0.003 pv 1-6, 20-16";
    assert!(line_matches(
        info,
        "info depth 3 score 4 nodes 13 nps 99 time 12.345 pv 1-6, 20-16"
    ));
    assert!(!line_matches(
        info,
        "info depth 3 score 5 nodes 13 nps 99 time 0.001 pv 1-6, 20-16"
    ));
    assert!(!line_matches(
        info,
        "info depth 3 score 4 nodes 13 nps 99 time 0.1 pv 1-6, 20-16"
    ));
    assert!(line_matches(
        "11 85242128 0.358 238103967",
        "11 85242128 1.000 9"
    ));
    assert!(!line_matches(
        "11 85242128 0.358 238103967",
        "11 85242127 1.000 9"
    ));
    assert!(line_matches(
        "info depth=1 score=0.11 nodes=11 time=0.000 nps=0.027 pv=24-19",
        "info depth=1 score=0.11 nodes=11 time=0.120 nps=1.500 pv=24-19"
    ));
    assert!(!line_matches(
        "score=0.11 time=0.000",
        "score=0.12 time=0.000"
    ));
    assert!(line_matches(
        "nodes per second 4052500",
        "nodes per second 17"
    ));
    // A line without a timing compares exactly, spaces included.
    assert!(!line_matches("12-16  9-13", "12-16 9-13"));
    let lines = |t: &str| t.lines().map(String::from).collect::<Vec<_>>();
    assert!(lines_match(&lines("a\n...\nz"), &["a", "b", "c", "z"]));
    assert!(lines_match(&lines("a\n...\nz"), &["a", "z"]));
    assert!(!lines_match(&lines("a\n...\nz"), &["a", "z", "y"]));
    assert!(lines_match(&lines("...\n"), &["anything"]));
}

/// README's pydraughts example is the file `.ci/run` runs, word for word.
#[test]
fn the_readme_python_example_is_the_one_ci_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let file = std::fs::read_to_string(root.join("docs/examples/pydraughts_hub.py")).unwrap();
    let block = readme
        .split("```python\n")
        .skip(1)
        .filter_map(|rest| rest.split_once("```").map(|(block, _)| block))
        .find(|block| block.contains("HubEngine"))
        .expect("README shows the pydraughts example");
    assert_eq!(block, file);
}
