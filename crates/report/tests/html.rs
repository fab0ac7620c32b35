//! The HTML report of many games: 400 generated games (random legal
//! moves, with move times) stay under 2.5 MB with every game in the viewer
//! and the SPRT's chart, the viewer's data rebuilds each game's last
//! position exactly as the game draws it, and the score and SPRT charts
//! end where the match's numbers are.

use parlour_checkers::{Position, Rules};
use parlour_game::registry::MoveOf;
use parlour_game::{splitmix, Game, Side, Variant};
use parlour_report::{html_report, GameRecord, MatchReport, Sprt, SprtStatus, Tally};

/// A game of random legal moves from the start, at most `plies` long.
fn random_game(seed: u64, plies: usize) -> (Vec<String>, Position) {
    let mut pos = Rules::ENGLISH.start();
    let mut moves = Vec::new();
    let mut state = seed;
    for _ in 0..plies {
        let mut list = <Position as Game>::MoveList::default();
        pos.legal_moves(&mut list);
        let all: &[MoveOf<Rules>] = list.as_ref();
        if all.is_empty() {
            break;
        }
        state = splitmix(state);
        let mv = all[(state % all.len() as u64) as usize];
        moves.push(mv.to_string());
        pos = pos.play(mv);
    }
    (moves, pos)
}

fn record(index: usize, moves: Vec<String>) -> GameRecord {
    let (black, white) = if index % 2 != 1 {
        ("a", "b")
    } else {
        ("b", "a")
    };
    let winner = ["black", "white", ""][index % 3];
    GameRecord {
        index,
        round: index / 2 + 1,
        opening: format!("ballot {}", index / 2 % 40),
        opening_plies: 2,
        start: Rules::ENGLISH.start().to_string(),
        first: "black".into(),
        black: black.into(),
        white: white.into(),
        result: ["2-0", "0-2", "1-1"][index % 3].into(),
        winner: (!winner.is_empty()).then(|| winner.to_string()),
        termination: "max plies".into(),
        reason: "the ply limit".into(),
        plies: moves.len(),
        move_ms: vec![12; moves.len().saturating_sub(2)],
        move_notes: Vec::new(),
        moves,
        date: "2026.11.30".into(),
        order: index + 1,
    }
}

/// The frame of `game` after `ply` plies, rebuilt from the viewer's data as
/// the page's script does.
fn frame(data: &serde_json::Value, game: usize, ply: usize) -> String {
    let ids = |v: &serde_json::Value| -> Vec<u64> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|i| i.as_u64().unwrap())
            .collect()
    };
    let g = &data["games"][game];
    let mut on: std::collections::BTreeSet<u64> = ids(&g[0]).into_iter().collect();
    for step in g[1].as_array().unwrap()[..ply].iter() {
        for i in ids(&step[1]) {
            on.remove(&i);
        }
        on.extend(ids(&step[0]));
    }
    if let Some(mark) = ply.checked_sub(1).and_then(|k| g[2][k].as_u64()) {
        on.insert(mark);
    }
    let board: Vec<&str> = data["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    let mut lines: Vec<&str> = board[..board.len() - 1].to_vec();
    lines.extend(
        on.iter()
            .map(|&i| data["dict"][i as usize].as_str().unwrap()),
    );
    lines.push(board[board.len() - 1]);
    lines.join("\n")
}

/// The JSON of the viewer's data set `set` in `page`.
fn viewer_data(page: &str, set: usize) -> serde_json::Value {
    let tag = format!("class=\"viewer-data\" data-set=\"{set}\">");
    let start = page.find(&tag).unwrap() + tag.len();
    let end = start + page[start..].find("</script>").unwrap();
    serde_json::from_str(&page[start..end]).unwrap()
}

/// The static picture of game `g` (of data set 0) in `page`, each `<use>`
/// of it replaced by the definition it uses.
fn static_picture(page: &str, g: usize) -> String {
    let tag = format!("data-set=\"0\" data-game=\"{g}\"><div class=\"picture\">");
    let start = page.find(&tag).unwrap() + tag.len();
    let end = start + page[start..].find("</svg>").unwrap() + "</svg>".len();
    let mut out = Vec::new();
    for line in page[start..end].lines() {
        let Some(id) = line
            .strip_prefix("<use href=\"#")
            .and_then(|l| l.strip_suffix("\"/>"))
        else {
            out.push(line.to_string());
            continue;
        };
        let open = format!("<g id=\"{id}\">");
        let at = page
            .find(&open)
            .unwrap_or_else(|| panic!("no definition {id}"));
        let body = &page[at..];
        // The board's group spans lines; a line's group is one line.
        let close = body
            .find("</g>\n<g id=")
            .or_else(|| body.find("</g>\n</defs>"));
        out.push(body[..close.unwrap() + "</g>".len()].to_string());
    }
    out.join("\n")
}

/// The `data-square` -> class of the pieces an SVG text draws.
fn pieces(svg: &str) -> Vec<(String, String)> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    let mut found: Vec<(String, String)> = doc
        .descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("piece")))
        .map(|n| {
            (
                n.attribute("data-square").unwrap().to_string(),
                n.attribute("class").unwrap().to_string(),
            )
        })
        .collect();
    found.sort();
    found
}

#[test]
fn four_hundred_games_stay_under_two_megabytes_and_replay_in_the_viewer() {
    let mut tally = Tally::new(vec!["a".into(), "b".into()], &[(0, 1)]);
    let mut records = Vec::new();
    let mut ends = Vec::new();
    for i in 0..400 {
        let (moves, end) = random_game(i as u64 + 1, 120);
        let r = record(i, moves);
        tally.add(&r).unwrap();
        records.push(r);
        ends.push(end);
    }
    let sprt: Sprt = "0,5,0.05,0.05".parse().unwrap();
    let llr = sprt.llr(&tally.pairings()[0].penta);
    let report = MatchReport {
        tally,
        records,
        planned: 400,
        sprt: Some(SprtStatus {
            sprt,
            llr,
            decision: sprt.decide(llr),
        }),
        stopped: None,
    };
    let html = html_report(&report, &Rules::ENGLISH, "400 games");
    assert!(html.len() < 2_500_000, "{} bytes", html.len());
    assert_eq!(html.matches("<svg class=\"sprt-chart\"").count(), 1);
    assert_eq!(html.matches("<details>").count(), 400);
    assert_eq!(html.matches("class=\"viewer\"").count(), 400);
    let data = viewer_data(&html, 0);
    for g in [0, 7, 399] {
        let plies = report.records[g].moves.len();
        assert_eq!(data["games"][g][1].as_array().unwrap().len(), plies);
        let want = Rules::diagram_svg(&ends[g], Side::PUBLISHED_VIEW, &[]).unwrap();
        assert_eq!(pieces(&frame(&data, g, plies)), pieces(&want), "game {g}");
        // Without JavaScript the viewer shows the last position.
        assert_eq!(pieces(&static_picture(&html, g)), pieces(&want), "game {g}");
        let first = Rules::diagram_svg(&Rules::ENGLISH.start(), Side::PUBLISHED_VIEW, &[]).unwrap();
        assert_eq!(pieces(&frame(&data, g, 0)), pieces(&first));
    }
    // Each move numbered, in a span of its own that never breaks.
    let moves = &report.records[0].moves;
    let listed = format!(
        "<p class=\"moves\"><span data-jump=\"1\">1. {}</span> \
         <span data-jump=\"2\">{}</span> \
         <span data-jump=\"3\">2. {}</span>",
        moves[0], moves[1], moves[2]
    );
    assert!(html.contains(&listed), "{listed}");
    assert!(html.contains(".moves span{white-space:nowrap}"));
    // Openings by number: ballot 2 before ballot 10.
    let (two, ten) = (
        html.find("<td>ballot 2</td>"),
        html.find("<td>ballot 10</td>"),
    );
    assert!(two.unwrap() < ten.unwrap());
}

/// The chart of class `class` in `page`, parsed.
fn chart<'a>(page: &'a str, class: &str) -> roxmltree::Document<'a> {
    let at = page
        .find(&format!("<svg class=\"{class}\""))
        .unwrap_or_else(|| panic!("no {class}"));
    let end = at + page[at..].find("</svg>").unwrap() + "</svg>".len();
    roxmltree::Document::parse(&page[at..end]).expect("well-formed SVG")
}

/// The polyline of class `class` in `doc`: its point count and last value.
fn line(doc: &roxmltree::Document<'_>, class: &str) -> (usize, f64) {
    let poly = doc
        .descendants()
        .find(|n| n.has_tag_name("polyline") && n.attribute("class") == Some(class))
        .unwrap_or_else(|| panic!("no line {class}"));
    let points = poly.attribute("points").unwrap().split(' ').count();
    assert_eq!(
        poly.attribute("data-points").unwrap(),
        points.to_string(),
        "{class}"
    );
    (
        points,
        poly.attribute("data-last-y").unwrap().parse().unwrap(),
    )
}

#[test]
fn the_score_and_sprt_charts_follow_the_games_in_the_order_they_ended() {
    // Engine a wins every pair's first game and draws the second, the
    // games ending in the reverse of their index order.
    let mut tally = Tally::new(vec!["a".into(), "b".into()], &[(0, 1)]);
    let mut records = Vec::new();
    for i in 0..40 {
        let mut r = record(i, Vec::new());
        r.opening_plies = 0;
        r.move_ms.clear();
        r.order = 40 - i;
        (r.winner, r.result) = if i % 2 == 0 {
            (Some("black".into()), "2-0".into())
        } else {
            (None, "1-1".into())
        };
        tally.add(&r).unwrap();
        records.push(r);
    }
    let sprt: Sprt = "0,10,0.05,0.05".parse().unwrap();
    let llr = sprt.llr(&tally.pairings()[0].penta);
    let with = MatchReport {
        tally: tally.clone(),
        records: records.clone(),
        planned: 40,
        sprt: Some(SprtStatus {
            sprt,
            llr,
            decision: sprt.decide(llr),
        }),
        stopped: None,
    };
    let page = html_report(&with, &Rules::ENGLISH, "sprt");
    let sprt_chart = chart(&page, "sprt-chart");
    let (points, last) = line(&sprt_chart, "llr");
    assert_eq!(points, 41, "the start and one point per game");
    assert!((last - llr).abs() < 1e-4, "{last} against {llr}");
    for (class, at) in [
        ("bound upper", sprt.upper_bound()),
        ("bound lower", sprt.lower_bound()),
    ] {
        let (n, y) = line(&sprt_chart, class);
        assert_eq!(n, 2);
        assert!((y - at).abs() < 1e-4, "{class}: {y}");
    }
    let labels: Vec<&str> = sprt_chart.descendants().filter_map(|n| n.text()).collect();
    assert!(labels.contains(&"H1 accepted at 2.94"), "{labels:?}");
    // 30 points of 40 games: 75%.
    let score_chart = chart(&page, "score-chart");
    let (points, score) = line(&score_chart, "score");
    assert_eq!(points, 40, "one point per game");
    assert!((score - 75.0).abs() < 1e-9, "{score}");
    // The first game to end was the last one, a draw: the line's first
    // point is on the even line (in index order it would be a win, 100%).
    let pixel_y = |class: &str, i: usize| -> String {
        let poly = score_chart
            .descendants()
            .find(|n| n.attribute("class") == Some(class))
            .unwrap();
        let point = poly.attribute("points").unwrap().split(' ').nth(i).unwrap();
        point.split(',').nth(1).unwrap().to_string()
    };
    assert_eq!(pixel_y("score", 0), pixel_y("even", 0));
    assert_ne!(pixel_y("score", 1), pixel_y("even", 0));
    assert!(!page.contains("No SPRT ran"));
    // Without an SPRT, the score alone, and the page says so.
    let without = MatchReport { sprt: None, ..with };
    let page = html_report(&without, &Rules::ENGLISH, "no sprt");
    assert!(page.contains("No SPRT ran in this match"));
    assert!(!page.contains("<svg class=\"sprt-chart\""));
    let (points, score) = line(&chart(&page, "score-chart"), "score");
    assert_eq!((points, score), (40, 75.0));
}

#[test]
fn the_viewer_marks_the_last_move_and_steps_by_keys_and_clicks() {
    let (moves, _) = random_game(5, 3);
    let (first, second) = (moves[0].clone(), moves[1].clone());
    let mut tally = Tally::new(vec!["a".into(), "b".into()], &[(0, 1)]);
    let r = record(0, moves);
    tally.add(&r).unwrap();
    let report = MatchReport {
        tally,
        records: vec![r],
        planned: 1,
        sprt: None,
        stopped: None,
    };
    let html = html_report(&report, &Rules::ENGLISH, "one game");
    let data = viewer_data(&html, 0);
    // After a ply its move's squares are outlined, and only its.
    let outlined = |ply: usize| -> Vec<String> {
        let doc_text = frame(&data, 0, ply);
        let doc = roxmltree::Document::parse(&doc_text).unwrap();
        let mut squares: Vec<String> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("last-move"))
            .map(|n| n.attribute("data-square").unwrap().to_string())
            .collect();
        squares.sort();
        squares
    };
    let squares = |mv: &str| -> Vec<String> {
        let mut s: Vec<String> = mv.split(['-', 'x']).map(str::to_string).collect();
        s.sort();
        s
    };
    assert!(outlined(0).is_empty());
    assert_eq!(outlined(1), squares(&first));
    assert_eq!(outlined(2), squares(&second));
    // Every move of the list names the ply it jumps to; the script jumps
    // on a click and steps with the arrow keys, Home and End.
    for ply in 1..=3 {
        assert!(html.contains(&format!("<span data-jump=\"{ply}\">")));
    }
    for needle in [
        "addEventListener('keydown'",
        "ArrowLeft:-1,ArrowRight:1,Home:'start',End:'end'",
        "querySelectorAll('[data-jump]')",
        "addEventListener('click',function(){go(+e.dataset.jump);})",
    ] {
        assert!(html.contains(needle), "{needle}");
    }
}
