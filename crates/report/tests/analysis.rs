//! The page of an analysis: per game a score graph with one point per ply
//! (the mistakes marked, each point jumping the viewer to its ply), the
//! move list with its marks, and the viewer with its last position drawn.

use parlour_checkers::Rules;
use parlour_game::Variant;
use parlour_report::{analysis_page, analysis_section, PlyScore, ScoredGame};

/// The first moves of the ACF ballot 11-15 23-19 8-11 22-17 and 12-16,
/// 12-16 a mistake and 19x12 after it a blunder (made up: no engine
/// here), then a proven win for Black.
fn game() -> ScoredGame {
    let moves: Vec<String> = ["11-15", "23-19", "8-11", "22-17", "12-16", "19x12", "9-14"]
        .iter()
        .map(|m| m.to_string())
        .collect();
    let values = [0.1, 0.05, 0.2, 0.0, -1.3, 2.1, f64::INFINITY];
    let marks = ["", "", "", "", "?", "??", ""];
    let scores = values
        .iter()
        .zip(marks)
        .map(|(&value, mark)| PlyScore {
            value,
            text: if value.is_finite() {
                format!("{value:+.2}")
            } else {
                "+W9".to_string()
            },
            mark: mark.to_string(),
        })
        .collect();
    ScoredGame {
        title: "Game 1: a & b".into(),
        start: Rules::ENGLISH.start().to_string(),
        white_first: false,
        moves,
        scores,
    }
}

/// The score graph of `page`, parsed.
fn graph(page: &str) -> roxmltree::Document<'_> {
    let at = page.find("<svg class=\"score-graph\"").expect("a graph");
    let end = at + page[at..].find("</svg>").unwrap() + "</svg>".len();
    roxmltree::Document::parse(&page[at..end]).expect("well-formed SVG")
}

#[test]
fn the_graph_has_a_point_per_ply_and_marks_the_mistakes() {
    let game = game();
    let section = analysis_section(&game, &Rules::ENGLISH, 1);
    let page = analysis_page("Analysis of <games>", &[section]);
    assert!(page.contains("<title>Analysis of &lt;games&gt;</title>"));
    assert!(page.contains("<h2>Game 1: a &amp; b</h2>"));
    assert!(page.contains("from Black's view"));
    let doc = graph(&page);
    let points: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle"))
        .collect();
    assert_eq!(points.len(), game.moves.len());
    let jumps: Vec<&str> = points
        .iter()
        .map(|n| n.attribute("data-jump").unwrap())
        .collect();
    assert_eq!(jumps, ["1", "2", "3", "4", "5", "6", "7"]);
    let class = |i: usize| points[i].attribute("class").unwrap();
    assert_eq!(
        (class(4), class(5), class(0)),
        ("point mistake", "point blunder", "point")
    );
    let marks: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("mark"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(marks, ["?", "??"]);
    let tooltip = points[5].children().find_map(|n| n.text()).unwrap();
    assert_eq!(tooltip, "ply 6: 3... 19x12?? +2.10");
    // Up is good for Black; the proven win sits on the top edge, the
    // line goes through every point.
    let y = |i: usize| -> f64 { points[i].attribute("cy").unwrap().parse().unwrap() };
    assert!(y(5) < y(3) && y(3) < y(4));
    assert!(y(6) < y(5));
    let line = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("score"))
        .unwrap();
    assert_eq!(line.attribute("points").unwrap().split(' ').count(), 7);
    // The moves carry their marks and their plies; the viewer and its data
    // are the page's set 1, the static picture the last position.
    assert!(page.contains("<span data-jump=\"5\">3. 12-16?</span>"));
    assert!(page.contains("<span data-jump=\"6\">19x12??</span>"));
    assert!(page.contains(
        "<div class=\"viewer\" data-set=\"1\" data-game=\"0\"><div class=\"picture\"><svg"
    ));
    assert!(
        page.contains("<script type=\"application/json\" class=\"viewer-data\" data-set=\"1\">")
    );
    assert!(page.contains("<use href=\"#vb1\"/>"));
    assert_eq!(page.matches("addEventListener('keydown'").count(), 1);
}

#[test]
fn a_game_with_no_moves_has_an_empty_graph() {
    let game = ScoredGame {
        moves: Vec::new(),
        scores: Vec::new(),
        ..game()
    };
    let page = analysis_page("empty", &[analysis_section(&game, &Rules::ENGLISH, 1)]);
    let doc = graph(&page);
    assert_eq!(
        doc.descendants()
            .filter(|n| n.has_tag_name("circle"))
            .count(),
        0
    );
    assert!(page.contains("data-set=\"1\" data-game=\"0\""));
}
