//! The HTML report of many games: 400 generated games (random legal
//! moves, with move times) stay under 2 MB with every game in the viewer,
//! and the viewer's data rebuilds each game's last position exactly as the
//! game draws it.

use parlour_arena::{html_report, GameRecord, MatchReport, Tally};
use parlour_checkers::{Position, Rules};
use parlour_game::registry::MoveOf;
use parlour_game::{splitmix, Game, Side, Variant};

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
    let report = MatchReport {
        tally,
        records,
        planned: 400,
        sprt: None,
        stopped: None,
    };
    let html = html_report(&report, &Rules::ENGLISH, "400 games");
    assert!(html.len() < 2_000_000, "{} bytes", html.len());
    assert_eq!(html.matches("<details>").count(), 400);
    assert_eq!(html.matches("class=\"viewer\"").count(), 400);
    let start = html.find("id=\"viewer-data\">").unwrap() + "id=\"viewer-data\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    let data: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
    for g in [0, 7, 399] {
        let plies = report.records[g].moves.len();
        assert_eq!(data["games"][g][1].as_array().unwrap().len(), plies);
        let want = Rules::diagram_svg(&ends[g], Side::Black, &[]).unwrap();
        assert_eq!(pieces(&frame(&data, g, plies)), pieces(&want), "game {g}");
        let first = Rules::diagram_svg(&Rules::ENGLISH.start(), Side::Black, &[]).unwrap();
        assert_eq!(pieces(&frame(&data, g, 0)), pieces(&first));
    }
}
