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

    // `best` plays a book move without a search, and says so; out of the
    // book it searches.
    let best = ok(&["best", "--book", path(&whole), "--depth", "2"]);
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

    // The Hub engine answers from its book at once, whatever the level;
    // the `book` parameter names it, and turns it off.
    let session = "hub\ninit\nlevel depth=30\ngo think\nquit\n";
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
    let session = "set-param name=book value=off\nhub\nquit\n";
    let text = stdout(&with_input(
        &["hub", "--book", path(&whole)],
        session.as_bytes(),
    ));
    assert!(text.contains("param name=book value=off "), "{text}");
    assert!(!text.contains("error"), "{text}");
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
