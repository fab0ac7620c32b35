//! The pictures through the binary: `show`, `board` and `best` with
//! `--svg`, read back as XML (the pieces where the position has them, the
//! best move's arrow), `show --pdn --ply`, and their errors.

mod support;

use std::collections::BTreeMap;
use std::path::Path;
use support::{fails, ok, path, scratch};

/// `data-square`/`data-hole` -> class of every piece, peg or King drawn.
fn pieces(file: &Path) -> BTreeMap<u32, String> {
    let text = std::fs::read_to_string(file).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    doc.descendants()
        .filter(|n| n.has_tag_name("g"))
        .filter_map(|n| {
            let class = n.attribute("class")?;
            let place = n.attribute("data-square").or(n.attribute("data-hole"))?;
            Some((place.parse().unwrap(), class.to_string()))
        })
        .collect()
}

/// The arrows drawn: (`data-from`, `data-to`) in ply order.
fn arrows(file: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(file).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    doc.descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("arrow")))
        .map(|n| {
            (
                n.attribute("data-from").unwrap_or("").to_string(),
                n.attribute("data-to").unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn show_draws_a_position_and_a_pdn_game_after_some_plies() {
    let dir = scratch("show");
    let svg = dir.join("a.svg");
    let text = ok(&["show", "--fen", "W:WK1,18:B5,K14", "--svg", path(&svg)]);
    assert!(text.contains("White to move"), "{text}");
    let drawn = pieces(&svg);
    let want: BTreeMap<u32, String> = [
        (1, "piece white king"),
        (5, "piece black man"),
        (14, "piece black king"),
        (18, "piece white man"),
    ]
    .into_iter()
    .map(|(n, c)| (n, c.to_string()))
    .collect();
    assert_eq!(drawn, want);

    let pdn = dir.join("g.pdn");
    std::fs::write(
        &pdn,
        "[Event \"one\"]\n\n1. 11-15 23-19 2. 8-11 22-17 *\n\n[Event \"two\"]\n\n1. 9-13 *\n",
    )
    .unwrap();
    ok(&[
        "show",
        "--pdn",
        path(&pdn),
        "--ply",
        "2",
        "--svg",
        path(&svg),
    ]);
    let drawn = pieces(&svg);
    assert_eq!(drawn.len(), 24);
    assert_eq!(drawn[&15], "piece black man");
    assert_eq!(drawn[&19], "piece white man");
    assert!(!drawn.contains_key(&11) && !drawn.contains_key(&23));
    // Ply 0 is the start, drawn as `show` draws it; the default ply is the end.
    let start = dir.join("start.svg");
    ok(&["show", "--svg", path(&start)]);
    ok(&[
        "show",
        "--pdn",
        path(&pdn),
        "--ply",
        "0",
        "--svg",
        path(&svg),
    ]);
    assert_eq!(std::fs::read(&svg).unwrap(), std::fs::read(&start).unwrap());
    ok(&["show", "--pdn", path(&pdn), "--svg", path(&svg)]);
    assert_eq!(pieces(&svg)[&17], "piece white man");
    ok(&[
        "show",
        "--pdn",
        path(&pdn),
        "--number",
        "2",
        "--svg",
        path(&svg),
    ]);
    assert_eq!(pieces(&svg)[&13], "piece black man");
    // --flip turns the picture, not the position.
    ok(&["show", "--flip", "--svg", path(&svg)]);
    assert_ne!(std::fs::read(&svg).unwrap(), std::fs::read(&start).unwrap());
    assert_eq!(pieces(&svg), pieces(&start));
}

#[test]
fn show_reads_a_peg_game_by_its_game_tag() {
    let dir = scratch("show-pegs");
    let (pdn, svg) = (dir.join("p.pdn"), dir.join("p.svg"));
    std::fs::write(
        &pdn,
        "[Game \"pegs\"]\n[Rules \"squares=4\"]\n\n1. K@11 K@14 2. @2 *\n",
    )
    .unwrap();
    let text = ok(&["show", "--pdn", path(&pdn), "--svg", path(&svg)]);
    assert!(text.contains("white to move"), "{text}");
    let drawn = pieces(&svg);
    assert_eq!(drawn[&11], "king black");
    assert_eq!(drawn[&14], "king white");
    assert_eq!(drawn[&2], "peg black");
    assert_eq!(drawn.len(), 3);
}

#[test]
fn board_draws_the_generated_board_with_its_stock() {
    let dir = scratch("board");
    let svg = dir.join("b.svg");
    ok(&[
        "board",
        "--game",
        "pegs",
        "--rules",
        "squares=4,reserve=2",
        "--svg",
        path(&svg),
    ]);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let holes = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("hole"))
        .count();
    assert_eq!(holes, 32);
    let stock: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("stock"))
        .map(|n| n.attribute("data-reserve").unwrap().to_string())
        .collect();
    assert_eq!(stock, ["2", "2"]);
}

#[test]
fn best_draws_its_move_and_variation() {
    let dir = scratch("best");
    let svg = dir.join("best.svg");
    let out = ok(&[
        "best",
        "--depth",
        "5",
        "--threads",
        "1",
        "--arrows",
        "100",
        "--svg",
        path(&svg),
    ]);
    let best = out
        .lines()
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .unwrap();
    let pv_line = out.lines().rev().nth(1).unwrap();
    let pv: Vec<&str> = pv_line.split(" pv ").nth(1).unwrap().split(", ").collect();
    let drawn = arrows(&svg);
    assert_eq!(drawn.len(), pv.len());
    assert_eq!(pv[0], best);
    // Each arrow runs from the move's first square to its last (a
    // capture's path, `18x11` or `25x18x11`, as one arrow).
    for ((from, to), mv) in drawn.iter().zip(&pv) {
        let squares: Vec<&str> = mv.split(['-', 'x']).collect();
        assert_eq!([from, to], [squares[0], squares[squares.len() - 1]], "{mv}");
    }
    // By default the best move and the reply; --arrows 0: none.
    for (flag, count) in [(None, 2), (Some("0"), 0), (Some("1"), 1)] {
        let mut args = vec!["best", "--depth", "5", "--threads", "1"];
        args.extend(flag.map(|n| ["--arrows", n]).iter().flatten());
        args.extend(["--svg", path(&svg)]);
        ok(&args);
        assert_eq!(arrows(&svg).len(), count, "{flag:?}");
    }
    // The peg game: placements are rings on their holes.
    ok(&[
        "best",
        "--game",
        "pegs",
        "--depth",
        "2",
        "--threads",
        "1",
        "--svg",
        path(&svg),
    ]);
    let drawn = arrows(&svg);
    assert!(!drawn.is_empty());
    assert!(drawn.iter().all(|(from, _)| from.is_empty()), "{drawn:?}");
}

#[test]
fn bad_picture_flags_are_one_line_errors() {
    let dir = scratch("bad");
    let pdn = dir.join("g.pdn");
    std::fs::write(&pdn, "1. 11-15 23-19 *\n").unwrap();
    let err = fails(&["show", "--pdn", path(&pdn), "--ply", "3"]);
    assert_eq!(
        err,
        "parlour: bad --ply 3: the game has 2 plies (0 is its start)\n"
    );
    let err = fails(&["show", "--pdn", path(&pdn), "--number", "2"]);
    assert_eq!(
        err,
        format!("parlour: bad --number 2: {} holds 1 games\n", pdn.display())
    );
    std::fs::write(&pdn, "1. 11-15 23-17 *\n").unwrap();
    let err = fails(&["show", "--pdn", path(&pdn)]);
    assert_eq!(
        err,
        "parlour: the PDN's moves: move 2 `23-17`: `23-17` is not a move: \
         23 and 17 are not neighbouring squares\n"
    );
    std::fs::write(&pdn, "[Game \"chess\"]\n1. e4 *\n").unwrap();
    let err = fails(&["show", "--pdn", path(&pdn)]);
    assert_eq!(
        err,
        "parlour: the PDN's Game tag: unknown game `chess`: expected checkers, pegs\n"
    );
    std::fs::write(&pdn, "1. 11-15 {never closed\n").unwrap();
    fails(&["show", "--pdn", path(&pdn)]);
    let missing = dir.join("none").join("x.svg");
    let err = fails(&["show", "--svg", path(&missing)]);
    assert_eq!(
        err,
        format!(
            "parlour: cannot write --svg {}: No such file or directory (os error 2)\n",
            missing.display()
        )
    );
    for args in [
        &["show", "--ply", "2"][..],
        &["show", "--pdn", path(&pdn), "--fen", "B:W21:B1"],
    ] {
        let out = support::parlour(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// The width and height a PNG's header gives.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

#[test]
fn png_pictures_are_rendered_with_the_shipped_font() {
    let dir = scratch("png");
    let (svg, png) = (dir.join("a.svg"), dir.join("a.png"));
    ok(&["show", "--svg", path(&svg), "--png", path(&png)]);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let root = doc.root_element();
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(
        png_size(&bytes),
        (
            root.attribute("width").unwrap().parse().unwrap(),
            root.attribute("height").unwrap().parse().unwrap()
        )
    );
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&bytes).unwrap();
    let light = |x: u32, y: u32| {
        let p = pixmap.pixel(x, y).unwrap();
        p.red() > 180 && p.green() > 170
    };
    // Square 32, top left from Black's side, is dark with its number in
    // light ink: the number is drawn only if the font was found.
    let number = doc
        .descendants()
        .find(|n| {
            n.attribute("class") == Some("number") && n.attribute("data-square") == Some("32")
        })
        .unwrap();
    let (x, y): (f64, f64) = (
        number.attribute("x").unwrap().parse().unwrap(),
        number.attribute("y").unwrap().parse().unwrap(),
    );
    let (x, y) = (x as u32, y as u32);
    let inked = (x..x + 10)
        .flat_map(|px| (y - 8..y).map(move |py| (px, py)))
        .filter(|&(px, py)| light(px, py))
        .count();
    assert!(
        inked > 5,
        "no number drawn on square 32 ({inked} light pixels)"
    );
    // Away from the number and the man on it, the square is dark: its
    // corner, 44 pixels from its top left one.
    assert!(!light(x + 40, y + 32));
    // The peg board and a best move render too.
    ok(&["board", "--game", "pegs", "--png", path(&png)]);
    assert!(png_size(&std::fs::read(&png).unwrap()).0 > 300);
    ok(&[
        "best",
        "--depth",
        "2",
        "--threads",
        "1",
        "--png",
        path(&png),
    ]);
    assert!(png_size(&std::fs::read(&png).unwrap()).0 > 300);
    let err = fails(&["show", "--png", path(&dir.join("no/a.png"))]);
    assert_eq!(
        err,
        format!(
            "parlour: cannot write --png {}: No such file or directory (os error 2)\n",
            dir.join("no/a.png").display()
        )
    );
}

#[test]
fn bench_draws_a_bar_per_position_and_thread_count() {
    let dir = scratch("bench-svg");
    let svg = dir.join("bench.svg");
    let out = ok(&[
        "bench",
        "--game",
        "checkers",
        "--rules",
        "huffing",
        "--threads",
        "1,2",
        "--svg",
        path(&svg),
    ]);
    // The table's rows, run by run: (number, depth, nodes per second).
    let runs: Vec<Vec<(String, String, String)>> = out
        .split("nodes per second ")
        .filter(|run| run.contains(" huffing "))
        .map(|run| {
            run.lines()
                .map(|l| l.split_whitespace().collect::<Vec<_>>())
                .filter(|w| w.len() > 6 && w[0].parse::<u32>().is_ok())
                .map(|w| (w[0].to_string(), w[3].to_string(), w[6].to_string()))
                .collect()
        })
        .collect();
    assert_eq!(runs.len(), 2, "{out}");
    assert!(runs.iter().all(|rows| rows.len() == 4), "{out}");
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let bars: Vec<(String, String)> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("row"))
        .map(|row| {
            let label = row.children().find(|n| n.has_tag_name("text")).unwrap();
            let bar = row
                .children()
                .find(|n| n.attribute("class") == Some("mark bar"))
                .expect("a bar in every row");
            (
                label.text().unwrap().to_string(),
                bar.attribute("data-value").unwrap().to_string(),
            )
        })
        .collect();
    // A position's bars together: one thread, then two.
    let mut want = Vec::new();
    for (one, two) in runs[0].iter().zip(&runs[1]) {
        for ((number, depth, nps), threads) in [(one, "1 thread"), (two, "2 threads")] {
            want.push((
                format!("{number} checkers huffing depth {depth}, {threads}"),
                nps.clone(),
            ));
        }
    }
    assert_eq!(bars, want);
    // A chart into a folder not there is refused before any search.
    let err = fails(&["bench", "--svg", path(&dir.join("no/b.svg"))]);
    assert_eq!(
        err,
        format!(
            "parlour: cannot write --svg: its folder {} is not there\n",
            dir.join("no").display()
        )
    );
}

/// The height at which the piece on `square` is drawn (the `cy` of its
/// disc): smaller is nearer the top.
fn height_of(file: &Path, square: u32) -> f64 {
    let text = std::fs::read_to_string(file).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let piece = doc
        .descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.starts_with("piece "))
        })
        .find(|n| n.attribute("data-square") == Some(&square.to_string()))
        .unwrap_or_else(|| panic!("no piece on {square}"));
    let disc = piece.children().find(|n| n.has_tag_name("circle")).unwrap();
    disc.attribute("cy").unwrap().parse().unwrap()
}

#[test]
fn diagrams_are_drawn_as_published_unless_flipped() {
    let dir = scratch("published");
    let svg = dir.join("p.svg");
    // Black's men start on 1-12: as published, at the top, square 1 in the
    // top row; --flip draws them at the bottom, as Black's player sees them.
    let text = ok(&["show", "--svg", path(&svg)]);
    let top = text.lines().nth(1).unwrap();
    assert!(
        top.contains("|   b   b   b   b |     1   2   3   4"),
        "{text}"
    );
    assert!(height_of(&svg, 1) < height_of(&svg, 32));
    let text = ok(&["show", "--flip", "--svg", path(&svg)]);
    let top = text.lines().nth(1).unwrap();
    assert!(
        top.contains("|   w   w   w   w |    32  31  30  29"),
        "{text}"
    );
    assert!(height_of(&svg, 1) > height_of(&svg, 32));
    ok(&[
        "best",
        "--depth",
        "2",
        "--threads",
        "1",
        "--svg",
        path(&svg),
    ]);
    assert!(height_of(&svg, 1) < height_of(&svg, 32));
}
