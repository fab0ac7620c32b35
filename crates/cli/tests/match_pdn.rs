//! `parlour match` and PDN: the scores, depths and times a match writes in
//! its PDN's comments, and a PDN file as an opening book, played in order
//! with colours swapped.

mod support;

use support::{ok, path, records, scratch};

#[test]
fn match_pdn_carries_each_engine_moves_score_depth_and_time() {
    let dir = scratch("notes");
    let pdn = dir.join("games.pdn");
    ok(&[
        "match",
        "--engine",
        "search:depth=3",
        "--engine",
        "greedy",
        "--rounds",
        "1",
        "--quiet",
        "--pdn",
        path(&pdn),
    ]);
    let text = std::fs::read_to_string(&pdn).unwrap();
    let games = parlour_game::pdn::read_games(&text).unwrap();
    assert_eq!(games.len(), 2);
    for (number, game) in games.iter().enumerate() {
        let texts: Vec<String> = game.moves.split(' ').map(str::to_string).collect();
        let per_ply = game.comments_per_ply(&texts);
        let searcher_is_black = game.tag("Black") == Some("search:depth=3");
        // The opening's three plies carry nothing; then Black and White
        // alternate, the searcher's moves scored at depth 3 (or fewer
        // where the game ends sooner), greedy's a bare time.
        for (i, comments) in per_ply.iter().enumerate().skip(3) {
            let by_black = i % 2 == 0;
            let note = comments[0];
            let scored = note.contains('/');
            assert_eq!(scored, by_black == searcher_is_black, "ply {i}: {note}");
            assert!(note.ends_with('s'), "{note}");
        }
        assert!(per_ply[..3].iter().all(Vec::is_empty));
        let scored = per_ply
            .iter()
            .position(|c| c.first().is_some_and(|n| n.contains("/3 ")))
            .expect("a move scored at depth 3");
        // `show --ply` prints the comment of the move that led there.
        let ply = (scored + 1).to_string();
        let number = (number + 1).to_string();
        let shown = ok(&[
            "show",
            "--pdn",
            path(&pdn),
            "--number",
            &number,
            "--ply",
            &ply,
        ]);
        let line = format!("  ply {ply} {}: {{{}}}", texts[scored], per_ply[scored][0]);
        assert!(shown.contains(&line), "{shown}\n{line}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// A PDN openings file of the first `n` ACF ballots, each a game of its three
/// moves, numbered as a match writes them.
fn ballot_book(n: usize) -> (String, Vec<String>) {
    let table = include_str!("../../../testdata/three-move-ballots.tsv");
    let lines: Vec<String> = table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("acf"))
        .take(n)
        .map(|l| l.split('\t').nth(1).unwrap().to_string())
        .collect();
    let games = lines
        .iter()
        .enumerate()
        .map(|(i, moves)| {
            let m: Vec<&str> = moves.split(' ').collect();
            format!(
                "[Event \"book\"]\n[Round \"{}\"]\n\n1. {} {} 2. {} {{a note}} *\n\n",
                i + 1,
                m[0],
                m[1],
                m[2]
            )
        })
        .collect();
    (games, lines)
}

#[test]
fn a_pdn_openings_is_played_in_order_each_opening_with_colours_swapped() {
    let dir = scratch("pdn-book");
    let (text, lines) = ballot_book(100);
    let book = dir.join("book.pdn");
    std::fs::write(&book, text).unwrap();
    let results = dir.join("r.jsonl");
    let quick = [
        "match",
        "--engine",
        "random:seed=1",
        "--engine",
        "random:seed=2",
        "--max-plies",
        "8",
        "--concurrency",
        "1",
        "--quiet",
    ];
    let mut args = quick.to_vec();
    args.extend([
        "--openings",
        path(&book),
        "--rounds",
        "100",
        "--results",
        path(&results),
    ]);
    ok(&args);
    let mut recs = records(&results);
    recs.sort_by_key(|r| r["index"].as_u64());
    assert_eq!(recs.len(), 200);
    for (i, r) in recs.iter().enumerate() {
        let round = i / 2;
        assert_eq!(r["round"], round as u64 + 1);
        assert_eq!(r["opening"], format!("{} game {}", path(&book), round + 1));
        let moves: Vec<&str> = r["moves"].as_array().unwrap()[..3]
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert_eq!(moves.join(" "), lines[round], "{r}");
    }
    for pair in recs.chunks(2) {
        assert_eq!(pair[0]["black"], pair[1]["white"]);
        assert_eq!(pair[0]["white"], pair[1]["black"]);
    }

    // Two plies of each: the ballots that share them are played once,
    // and counted; --opening-start begins further on.
    let results = dir.join("cut.jsonl");
    let mut args = quick.to_vec();
    args.retain(|a| *a != "--quiet");
    args.extend([
        "--openings",
        path(&book),
        "--opening-plies",
        "2",
        "--opening-start",
        "3",
    ]);
    args.extend(["--rounds", "2", "--results", path(&results)]);
    let out = support::parlour(&args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let mut distinct: Vec<String> = Vec::new();
    for line in &lines {
        let two: String = line.split(' ').take(2).collect::<Vec<_>>().join(" ");
        if !distinct.contains(&two) {
            distinct.push(two);
        }
    }
    let said = format!(
        "parlour match: {} openings, {} found twice left out",
        distinct.len(),
        100 - distinct.len()
    );
    assert!(stderr.contains(&said), "{stderr}");
    let mut recs = records(&results);
    recs.sort_by_key(|r| r["index"].as_u64());
    let opening = |r: &serde_json::Value| {
        let moves = r["moves"].as_array().unwrap();
        format!(
            "{} {}",
            moves[0].as_str().unwrap(),
            moves[1].as_str().unwrap()
        )
    };
    assert_eq!(opening(&recs[0]), distinct[2]);
    assert_eq!(opening(&recs[2]), distinct[3]);
    assert_eq!(recs[0]["opening_plies"], 2);
    let err = support::fails(&[
        "match",
        "--openings",
        path(&book),
        "--opening-start",
        "101",
        "--rounds",
        "1",
    ]);
    assert!(
        err.contains("the openings start at number 101, but there are only 100"),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
