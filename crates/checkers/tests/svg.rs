//! The SVG diagram read back as XML: every dark square drawn once with its
//! number, a piece of the right kind on every occupied square and none
//! elsewhere, the board turned for either viewer, a line's arrows from and
//! to the right squares; and a committed reference picture that any change
//! to the drawing must update on purpose (`PARLOUR_BLESS=1 cargo test`
//! rewrites it).

use parlour_checkers::{diagram_svg, parse_action, Action, Position, Rules, Square};
use parlour_game::Side;
use std::collections::BTreeMap;

/// The attribute `name` of `node` as a number.
fn num(node: roxmltree::Node, name: &str) -> f64 {
    node.attribute(name)
        .unwrap_or_else(|| panic!("no {name} on {node:?}"))
        .parse()
        .expect("a number")
}

/// Elements whose class list holds `class`.
fn with_class<'a>(doc: &'a roxmltree::Document, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|w| w == class))
        })
        .collect()
}

/// Square number -> centre of its drawn square.
fn square_centres(doc: &roxmltree::Document) -> BTreeMap<u32, (f64, f64)> {
    let mut centres = BTreeMap::new();
    for rect in with_class(doc, "square") {
        let n: u32 = rect.attribute("data-square").unwrap().parse().unwrap();
        let c = (
            num(rect, "x") + num(rect, "width") / 2.0,
            num(rect, "y") + num(rect, "height") / 2.0,
        );
        assert!(centres.insert(n, c).is_none(), "square {n} drawn twice");
    }
    centres
}

/// The line's actions from `pos`.
fn line(pos: &Position, moves: &[&str]) -> Vec<Action> {
    let mut p = *pos;
    moves
        .iter()
        .map(|m| {
            let a = parse_action(&p, m).unwrap();
            p = p.play(a);
            a
        })
        .collect()
}

/// Checks the squares, their numbers and the pieces of `pos` drawn from
/// `viewer`'s side; gives the document's text back for more checks.
fn check_board(pos: &Position, viewer: Side, text: &str) {
    let doc = roxmltree::Document::parse(text).expect("well-formed XML");
    let centres = square_centres(&doc);
    assert_eq!(
        centres.keys().copied().collect::<Vec<_>>(),
        (1..=32).collect::<Vec<_>>()
    );
    let numbers: Vec<(u32, String)> = with_class(&doc, "number")
        .iter()
        .map(|t| {
            (
                t.attribute("data-square").unwrap().parse().unwrap(),
                t.text().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(numbers.len(), 32);
    for (n, label) in &numbers {
        assert_eq!(label, &n.to_string());
    }
    let mut drawn = BTreeMap::new();
    for g in with_class(&doc, "piece") {
        let n: u32 = g.attribute("data-square").unwrap().parse().unwrap();
        let class = g.attribute("class").unwrap();
        let side = if class.contains("black") {
            Side::Black
        } else {
            assert!(class.contains("white"), "{class}");
            Side::White
        };
        let king = class.contains("king");
        assert_eq!(king, !class.contains("man"), "{class}");
        // The disc sits on its square.
        let disc = g.children().find(|c| c.has_tag_name("circle")).unwrap();
        assert_eq!((num(disc, "cx"), num(disc, "cy")), centres[&n]);
        assert!(drawn.insert(n, (side, king)).is_none(), "two pieces on {n}");
    }
    for n in 1..=32 {
        let sq = Square::from_number(n).unwrap();
        assert_eq!(drawn.get(&n).copied(), pos.piece_at(sq), "square {n}");
    }
    // The viewer's side is at the bottom: square 1 at the top for White.
    let top = centres.values().map(|c| c.1).fold(f64::MAX, f64::min);
    let top_row: Vec<u32> = centres
        .iter()
        .filter(|(_, c)| c.1 == top)
        .map(|(n, _)| *n)
        .collect();
    match viewer {
        Side::White => assert_eq!(top_row, vec![1, 2, 3, 4]),
        Side::Black => assert_eq!(top_row, vec![29, 30, 31, 32]),
    }
}

#[test]
fn every_piece_on_its_square_from_either_side() {
    let positions = [
        Position::start(Rules::ENGLISH),
        Position::from_fen("W:WK1,18,22,K30:B5,K14,27,28", Rules::ENGLISH).unwrap(),
        Position::from_fen("B:W:BK32", Rules::ENGLISH).unwrap(),
    ];
    for pos in &positions {
        for viewer in Side::BOTH {
            check_board(pos, viewer, &diagram_svg(pos, viewer, &[]));
        }
    }
}

#[test]
fn square_32_is_top_left_from_blacks_side() {
    let pos = Position::start(Rules::ENGLISH);
    for (viewer, corner) in [(Side::White, 1), (Side::Black, 32)] {
        let text = diagram_svg(&pos, viewer, &[]);
        let doc = roxmltree::Document::parse(&text).unwrap();
        let first = square_centres(&doc)
            .into_iter()
            .min_by(|a, b| (a.1 .1, a.1 .0).partial_cmp(&(b.1 .1, b.1 .0)).unwrap())
            .unwrap();
        assert_eq!(first.0, corner);
    }
}

#[test]
fn the_arrows_of_a_line_run_through_its_landings() {
    let pos = Position::from_fen("B:W6,7,15,23,24:B1,K19", Rules::ENGLISH).unwrap();
    let actions = line(&pos, &["19x10x3"]);
    let pos = Position::from_fen("W:W6,14,23:B1,10,17,19", Rules::ENGLISH).unwrap();
    let actions2 = line(&pos, &["23x16", "10-15", "6-2"]);
    for (pos, actions, ends) in [
        (
            Position::from_fen("B:W6,7,15,23,24:B1,K19", Rules::ENGLISH).unwrap(),
            actions,
            vec![(19u32, vec![10u32, 3])],
        ),
        (
            pos,
            actions2,
            vec![(23, vec![16]), (10, vec![15]), (6, vec![2])],
        ),
    ] {
        for viewer in Side::BOTH {
            let text = diagram_svg(&pos, viewer, &actions);
            check_board(&pos, viewer, &text);
            let doc = roxmltree::Document::parse(&text).unwrap();
            let centres = square_centres(&doc);
            let arrows = with_class(&doc, "arrow");
            assert_eq!(arrows.len(), ends.len());
            for (i, (arrow, (from, landings))) in arrows.iter().zip(&ends).enumerate() {
                let kind = if i == 0 { "arrow best" } else { "arrow pv" };
                assert_eq!(arrow.attribute("class"), Some(kind));
                assert_eq!(
                    arrow.attribute("data-ply"),
                    Some((i + 1).to_string().as_str())
                );
                assert_eq!(
                    arrow.attribute("data-from"),
                    Some(from.to_string().as_str())
                );
                let to = landings.last().unwrap().to_string();
                assert_eq!(arrow.attribute("data-to"), Some(to.as_str()));
                let points: Vec<(f64, f64)> = arrow
                    .attribute("points")
                    .unwrap()
                    .split(' ')
                    .map(|p| {
                        let (x, y) = p.split_once(',').unwrap();
                        (x.parse().unwrap(), y.parse().unwrap())
                    })
                    .collect();
                let mut want = vec![centres[from]];
                want.extend(landings.iter().map(|n| centres[n]));
                assert_eq!(points, want);
            }
        }
    }
}

#[test]
fn a_huff_crosses_out_the_huffed_piece() {
    let rules = Rules::HUFFING;
    // White stepped away from a capture (a neglect); Black may huff 23.
    let pos = Position::from_fen("W:W22,23:B18", rules).unwrap();
    let first = line(&pos, &["22-17"]);
    let after = pos.play(first[0]);
    let actions = line(&after, &["h23 18-22"]);
    let text = diagram_svg(&after, Side::White, &actions);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let huffs = with_class(&doc, "huff");
    assert_eq!(huffs.len(), 1);
    assert_eq!(huffs[0].attribute("data-square"), Some("23"));
    assert_eq!(with_class(&doc, "arrow").len(), 1);
}

#[test]
fn the_reference_picture_is_unchanged() {
    let pos = Position::from_fen("W:WK1,18,22,K30:B5,K14,27,28", Rules::ENGLISH).unwrap();
    let actions = line(&pos, &["18x9", "5x14"]);
    let text = diagram_svg(&pos, Side::Black, &actions);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/reference.svg");
    if std::env::var_os("PARLOUR_BLESS").is_some() {
        std::fs::write(path, &text).unwrap();
    }
    let reference = std::fs::read_to_string(path).expect("the reference picture");
    assert_eq!(
        text, reference,
        "the drawing changed: look, then PARLOUR_BLESS=1"
    );
}
