//! `parlour book` as a user runs it: a build grown further with
//! `--resume`, shares merged, the tables of `show` and `stats`, and the
//! files refused.

mod support;

use support::{fails, ok, path, scratch, stdout, with_input};

/// Builds `roots` into `file` with a tiny fixed-depth search.
fn build(file: &std::path::Path, extra: &[&str]) -> String {
    let mut args = vec!["book", "build", "--out", path(file), "--depth", "3"];
    args.extend_from_slice(extra);
    ok(&args)
}

#[test]
fn a_resumed_build_and_merged_shares_are_one_run() {
    let dir = scratch("book-build");
    let roots = ["--roots", "start,tough", "--size", "4"];
    let whole = dir.join("whole.book");
    build(&whole, &roots);

    // Grown in two runs: to 2 positions a root, then on to 4.
    let grown = dir.join("grown.book");
    build(&grown, &["--roots", "start,tough", "--size", "2"]);
    build(&grown, &["--resume", "--size", "4"]);
    assert_eq!(
        std::fs::read(&grown).unwrap(),
        std::fs::read(&whole).unwrap()
    );

    // In three shares, merged.
    let shares: Vec<_> = (1..=3)
        .map(|k| dir.join(format!("share-{k}.book")))
        .collect();
    for (k, share) in shares.iter().enumerate() {
        let share_flag = format!("{}/3", k + 1);
        let mut args = roots.to_vec();
        args.extend(["--share", share_flag.as_str()]);
        build(share, &args);
    }
    let merged = dir.join("merged.book");
    let mut args = vec!["book", "merge", "--out", path(&merged)];
    args.extend(shares.iter().map(|s| path(s)));
    ok(&args);
    assert_eq!(
        std::fs::read(&merged).unwrap(),
        std::fs::read(&whole).unwrap()
    );

    let stats = ok(&["book", "stats", "--book", path(&whole)]);
    assert!(stats.contains("roots:     51"), "{stats}");
    assert!(stats.lines().all(|l| l.chars().count() <= 80), "{stats}");
    let show = ok(&["book", "show", "--book", path(&whole)]);
    let first = show.lines().next().unwrap();
    assert_eq!(
        first.split_whitespace().collect::<Vec<_>>(),
        ["move", "value", "depth", "count"]
    );
    assert_eq!(show.lines().count(), 8, "{show}");
    let away = ok(&[
        "book",
        "show",
        "--book",
        path(&whole),
        "--moves",
        "12-16,21-17",
    ]);
    assert_eq!(away, "not in the book\n");

    // `best` plays a book move without a search, and says so, where the
    // move rests on at least --book-floor plies of book and search; below
    // the floor (this book's searches are 3 plies deep, the default floor
    // 16) and out of the book it searches.
    let shallow = ok(&["best", "--book", path(&whole), "--depth", "2"]);
    assert!(
        shallow.starts_with("info depth ") && !shallow.contains("book"),
        "{shallow}"
    );
    let floor = ["--book-floor", "0"];
    let best = ok(&[
        &["best", "--book", path(&whole), "--depth", "2"],
        &floor[..],
    ]
    .concat());
    let lines: Vec<&str> = best.lines().collect();
    assert_eq!(lines.len(), 2, "{best}");
    assert!(lines[0].starts_with("info book move "), "{best}");
    let book_move = lines[0].split_whitespace().nth(3).unwrap();
    assert_eq!(lines[1], format!("bestmove {book_move}"));
    let out = ok(&[
        "best",
        "--book",
        path(&whole),
        "--depth",
        "2",
        "--moves",
        "12-16,21-17",
        "--book-floor",
        "0",
    ]);
    assert!(
        out.starts_with("info depth ") && !out.contains("book"),
        "{out}"
    );
    let off = ok(&["best", "--book", "off", "--depth", "2"]);
    assert!(
        off.starts_with("info depth ") && !off.contains("book"),
        "{off}"
    );

    // The Hub engine answers from its book at once, whatever the level,
    // above the floor its `bookfloor` parameter sets; the `book` parameter
    // names the book, and turns it off.
    let session = "hub\nset-param name=bookfloor value=0\ninit\nlevel depth=30\ngo think\nquit\n";
    let text = stdout(&with_input(
        &["hub", "--book", path(&whole)],
        session.as_bytes(),
    ));
    let answers: Vec<&str> = text.lines().filter(|l| l.starts_with("done ")).collect();
    assert_eq!(answers, [format!("done move={book_move}")], "{text}");
    assert!(
        text.contains(&format!("param name=book value={} ", path(&whole))),
        "{text}"
    );
    assert!(
        text.contains("param name=bookfloor value=16 type=int min=0 max=1000"),
        "{text}"
    );
    let session = "hub\ninit\nlevel depth=2\ngo think\nquit\n";
    let text = stdout(&with_input(
        &["hub", "--book", path(&whole)],
        session.as_bytes(),
    ));
    // Below the floor it searches: no book line (an `info` without nodes).
    let book_line = |l: &&str| l.starts_with("info ") && !l.contains("nodes=");
    assert!(text.contains("done move="), "{text}");
    assert!(
        !text.lines().any(|l| book_line(&l)),
        "below the floor: {text}"
    );
    let session = "set-param name=book value=off\nhub\nquit\n";
    let text = stdout(&with_input(
        &["hub", "--book", path(&whole)],
        session.as_bytes(),
    ));
    assert!(text.contains("param name=book value=off "), "{text}");
    assert!(!text.contains("error"), "{text}");
}

#[test]
fn a_deeper_book_laid_over_takes_the_place_of_its_roots() {
    let dir = scratch("book-over");
    let base = dir.join("base.book");
    build(&base, &["--roots", "start,tough", "--size", "3"]);
    let deep = dir.join("deep.book");
    ok(&[
        "book",
        "build",
        "--out",
        path(&deep),
        "--roots",
        "start",
        "--size",
        "3",
        "--depth",
        "5",
    ]);
    let laid = dir.join("laid.book");
    ok(&[
        "book",
        "merge",
        "--out",
        path(&laid),
        path(&base),
        "--over",
        path(&deep),
    ]);
    let stats = ok(&["book", "stats", "--book", path(&laid)]);
    assert!(stats.contains("built:     depth 3, penalty 20"), "{stats}");
    assert!(
        stats.contains("laid over: depth 5, penalty 20: start"),
        "{stats}"
    );
    assert!(stats.contains("roots:     51"), "{stats}");
    // The start's moves are the deeper book's.
    let show = |book: &std::path::Path| ok(&["book", "show", "--book", path(book)]);
    assert_eq!(show(&laid), show(&deep));
    let err = fails(&["book", "build", "--out", path(&laid), "--resume"]);
    assert!(err.contains("laid over it"), "{err}");
    let err = fails(&["book", "merge", "--out", path(&laid), path(&base)]);
    assert!(err.contains("two books or more"), "{err}");
    let huffing = dir.join("huffing.book");
    ok(&[
        "book",
        "build",
        "--out",
        path(&huffing),
        "--rules",
        "huffing",
        "--size",
        "2",
        "--depth",
        "2",
    ]);
    let err = fails(&[
        "book",
        "merge",
        "--out",
        path(&laid),
        path(&base),
        "--over",
        path(&huffing),
    ]);
    assert!(err.contains("cannot lay"), "{err}");
}

#[test]
fn damaged_and_foreign_books_are_refused() {
    let dir = scratch("book-refused");
    let book = dir.join("start.book");
    build(&book, &["--roots", "start", "--size", "2"]);
    let again = fails(&["book", "build", "--out", path(&book), "--roots", "start"]);
    assert!(again.contains("--resume"), "{again}");
    let huffing = fails(&["book", "show", "--book", path(&book), "--rules", "huffing"]);
    assert!(
        huffing.contains("a book for checkers english, not for checkers huffing"),
        "{huffing}"
    );
    let mut bytes = std::fs::read(&book).unwrap();
    let last = bytes.len() - 10;
    bytes[last] ^= 0x40;
    std::fs::write(&book, &bytes).unwrap();
    let damaged = fails(&["book", "stats", "--book", path(&book)]);
    assert!(damaged.contains("damaged"), "{damaged}");
    let roots = fails(&[
        "book",
        "build",
        "--out",
        path(&dir.join("x.book")),
        "--roots",
        "nothing",
    ]);
    assert!(roots.contains("no root set or deck `nothing`"), "{roots}");
}

/// The figures a `book stats` table gives: the positions, and each root's
/// name with its deepest ply and main line.
fn stats_of(table: &str) -> (usize, Vec<(String, u32, u32)>) {
    let field = |name: &str| -> usize {
        let line = table.lines().find(|l| l.starts_with(name)).unwrap();
        line[name.len()..].trim().parse().unwrap()
    };
    let rows = table
        .lines()
        .skip_while(|l| !l.starts_with("root "))
        .skip(1);
    let rows = rows.take_while(|l| !l.starts_with("least:"));
    let roots = rows
        .map(|row| {
            let words: Vec<&str> = row.split_whitespace().collect();
            let n = words.len();
            let name = words[..n - 4].join(" ");
            (
                name,
                words[n - 2].parse().unwrap(),
                words[n - 1].parse().unwrap(),
            )
        })
        .collect();
    (field("positions:"), roots)
}

#[test]
fn the_built_in_book_reaches_past_every_ballot() {
    let table = ok(&["book", "stats", "--book", "default", "--all"]);
    assert!(
        table.starts_with("book:      checkers english\n"),
        "{table}"
    );
    let (positions, roots) = stats_of(&table);
    assert!(positions >= 100_000, "{positions} positions\n{table}");
    assert_eq!(roots.len(), 157, "{table}");
    assert_eq!(roots[0].0, "start");
    let ballots = roots
        .iter()
        .filter(|(name, ..)| name.starts_with("ACF "))
        .count();
    assert_eq!(ballots, 156, "{table}");
    // Every ballot's tree reaches 8 plies past it; its main line (best
    // moves) may leave the book sooner where it runs into the deeper start
    // tree laid over it (docs/book.md, "The book built in").
    for (name, deepest, main_line) in &roots {
        assert!(
            *deepest >= 8 && *main_line >= 6,
            "{name}: {deepest}, {main_line}"
        );
    }
    let short = roots.iter().filter(|(_, _, main_line)| *main_line < 8);
    assert!(short.count() <= 2, "{table}");
}

#[test]
fn best_and_play_play_from_the_built_in_book_where_asked() {
    // `best` plays from it when named; under huffing it has none, and
    // searches.
    let best = ok(&["best", "--book", "default", "--depth", "2"]);
    assert!(best.starts_with("info book move "), "{best}");
    let huffing = ok(&[
        "best", "--book", "default", "--rules", "huffing", "--depth", "2",
    ]);
    assert!(!huffing.contains("book"), "{huffing}");
    let unnamed = ok(&["best", "--depth", "2"]);
    assert!(!unnamed.contains("book"), "{unnamed}");
    // `play` plays from it unless told `off`.
    let play = |extra: &[&str]| {
        let mut args = vec!["play", "--colour", "white", "--engine", "search:depth=2"];
        args.extend_from_slice(extra);
        let out = with_input(&args, b"quit\n");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let text = play(&[]);
    assert!(
        text.contains("parlour plays ") && text.contains("(book, score "),
        "{text}"
    );
    let off = play(&["--book", "off"]);
    assert!(
        off.contains("parlour plays ") && !off.contains("book"),
        "{off}"
    );
    let huffing = play(&["--rules", "huffing"]);
    assert!(
        huffing.contains("parlour plays ") && !huffing.contains("book"),
        "{huffing}"
    );
}

#[test]
fn book_check_compares_each_root_with_a_deeper_search() {
    let dir = scratch("book-check");
    let book = dir.join("tough.book");
    build(&book, &["--roots", "start,tough", "--size", "3"]);
    let table = ok(&[
        "book",
        "check",
        "--book",
        path(&book),
        "--depth",
        "5",
        "--all",
    ]);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines[0], "built:     depth 3, penalty 20", "{table}");
    assert_eq!(
        lines[1], "checked:   51 roots, searched to depth 5",
        "{table}"
    );
    assert!(lines[2].starts_with("root "), "{table}");
    // One row a root, then the two lines of figures.
    assert_eq!(lines.len(), 3 + 51 + 2, "{table}");
    assert!(lines.iter().all(|l| l.len() <= 80), "{table}");
    let agree = lines[54].strip_prefix("agree:     ").unwrap();
    let agree: usize = agree.split(' ').next().unwrap().parse().unwrap();
    let rows = &lines[3..54];
    assert_eq!(
        rows.iter().filter(|r| r.contains(" = ")).count(),
        agree,
        "{table}"
    );
    assert!(
        lines[55].starts_with(&format!("differ:    {} (", 51 - agree)),
        "{table}"
    );
    // Without --all, only the roots where the search differs.
    let differ = ok(&["book", "check", "--book", path(&book), "--depth", "5"]);
    assert_eq!(differ.lines().count(), 3 + (51 - agree) + 2, "{differ}");
    let off = fails(&["book", "check", "--book", "off"]);
    assert!(off.contains("names no book"), "{off}");
}
