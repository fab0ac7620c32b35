//! The SVG diagram read back as XML: every hole of the generated board
//! drawn once at its lattice place with its number (a 4-square board as
//! well as the default), a peg or King of the right side on every occupied
//! hole and none elsewhere, the hand and reserve counted, a line's arrows
//! and placements on the right holes; and a committed reference picture
//! (`PARLOUR_BLESS=1 cargo test` rewrites it after a change made on
//! purpose).

use parlour_game::{Game, Side};
use parlour_pegs::{diagram_svg, Board, PegMove, PegPosition, PegRules};
use std::collections::BTreeMap;

fn num(node: roxmltree::Node, name: &str) -> f64 {
    node.attribute(name)
        .unwrap_or_else(|| panic!("no {name} on {node:?}"))
        .parse()
        .expect("a number")
}

fn with_class<'a>(doc: &'a roxmltree::Document, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|w| w == class))
        })
        .collect()
}

fn hole_of(node: roxmltree::Node) -> u32 {
    node.attribute("data-hole").unwrap().parse().unwrap()
}

/// Checks the holes, numbers, pegs and stock of `pos` in `text`.
fn check(pos: &PegPosition, text: &str) {
    let doc = roxmltree::Document::parse(text).expect("well-formed XML");
    let board: &Board = pos.board();
    let mut centres = BTreeMap::new();
    for hole in with_class(&doc, "hole") {
        let c = (num(hole, "cx"), num(hole, "cy"));
        assert!(centres.insert(hole_of(hole), c).is_none());
    }
    let holes: Vec<u32> = board.holes().iter().map(|h| h.number()).collect();
    assert_eq!(centres.keys().copied().collect::<Vec<_>>(), holes);
    // No two holes share a place.
    let mut places: Vec<(i64, i64)> = centres.values().map(|c| (c.0 as i64, c.1 as i64)).collect();
    places.sort_unstable();
    places.dedup();
    assert_eq!(places.len(), holes.len());
    let numbers = with_class(&doc, "number");
    assert_eq!(numbers.len(), holes.len());
    for t in numbers {
        assert_eq!(t.text().unwrap(), hole_of(t).to_string());
    }
    // A link for every pair of neighbours.
    let pairs: usize = board
        .holes()
        .iter()
        .map(|h| board.neighbours(h).iter().filter(|&g| g > h).count())
        .sum();
    assert_eq!(with_class(&doc, "link").len(), pairs);
    let mut drawn = BTreeMap::new();
    for kind in ["peg", "king"] {
        for g in with_class(&doc, kind) {
            let class = g.attribute("class").unwrap();
            let side = if class.ends_with("black") {
                Side::Black
            } else {
                assert!(class.ends_with("white"), "{class}");
                Side::White
            };
            let disc = g.children().find(|c| c.has_tag_name("circle")).unwrap();
            let n = hole_of(g);
            assert_eq!((num(disc, "cx"), num(disc, "cy")), centres[&n]);
            assert!(drawn.insert(n, (side, kind == "king")).is_none());
        }
    }
    for h in board.holes().iter() {
        let want = Side::BOTH
            .into_iter()
            .find(|&s| pos.pegs(s).contains(h))
            .map(|s| (s, pos.king(s) == Some(h)));
        assert_eq!(drawn.get(&h.number()).copied(), want, "hole {h}");
    }
    for stock in with_class(&doc, "stock") {
        let side = if stock.attribute("data-side") == Some("black") {
            Side::Black
        } else {
            Side::White
        };
        let hand = pos.hand(side).to_string();
        let reserve = pos.reserve(side).to_string();
        assert_eq!(stock.attribute("data-hand"), Some(hand.as_str()));
        assert_eq!(stock.attribute("data-reserve"), Some(reserve.as_str()));
        let text = stock
            .descendants()
            .find(|n| n.has_tag_name("text"))
            .unwrap();
        assert_eq!(
            text.text().unwrap(),
            format!("{side}: hand {hand}, reserve {reserve}")
        );
        let pegs = |class| {
            stock
                .children()
                .filter(|c| c.attribute("class") == Some(class))
                .count()
        };
        assert_eq!(pegs("hand"), usize::from(pos.hand(side)));
        assert_eq!(pegs("reserve"), usize::from(pos.reserve(side)));
    }
    assert_eq!(with_class(&doc, "stock").len(), 2);
}

fn line(pos: &PegPosition, moves: &[&str]) -> Vec<PegMove> {
    let mut p = *pos;
    moves
        .iter()
        .map(|m| {
            let mv = p.parse_move(m).unwrap();
            p = p.play(mv);
            mv
        })
        .collect()
}

#[test]
fn every_peg_on_its_hole_on_boards_of_every_size() {
    let mid = PegPosition::parse("b:K11,3/w:2,12,19/hand:0,0/reserve:3,3/turn:w", None).unwrap();
    check(&mid, &diagram_svg(&mid, &[]));
    for rules in ["squares=2", "squares=4,diagonals=0", "squares=5", ""] {
        let rules: PegRules = if rules.is_empty() {
            PegRules::default()
        } else {
            rules.parse().unwrap()
        };
        let start = PegPosition::start(rules);
        check(&start, &diagram_svg(&start, &[]));
        // A few moves in, with pegs of both sides and a King.
        let mut pos = start;
        for _ in 0..5 {
            let mut list = Default::default();
            pos.legal_moves(&mut list);
            let moves: &[PegMove] = list.as_ref();
            pos = pos.play(moves[moves.len() / 2]);
        }
        check(&pos, &diagram_svg(&pos, &[]));
    }
}

#[test]
fn slides_are_arrows_and_placements_are_rings() {
    let pos = PegPosition::start(PegRules::default());
    let moves = line(&pos, &["K@11", "K@14", "@2"]);
    let text = diagram_svg(&pos, &moves);
    check(&pos, &text);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let rings = with_class(&doc, "place");
    let to: Vec<&str> = rings
        .iter()
        .map(|r| r.attribute("data-to").unwrap())
        .collect();
    assert_eq!(to, ["11", "14", "2"]);
    let kings: Vec<&str> = rings
        .iter()
        .map(|r| r.attribute("data-king").unwrap())
        .collect();
    assert_eq!(kings, ["true", "true", "false"]);
    assert!(rings[0].attribute("class").unwrap().contains("best"));

    let mid = PegPosition::parse("b:K11,3/w:2,12,19/hand:0,0/reserve:3,3/turn:w", None).unwrap();
    let mut list = Default::default();
    mid.legal_moves(&mut list);
    let shift = *list
        .as_ref()
        .iter()
        .find(|m: &&PegMove| m.from().is_some())
        .expect("a slide");
    let text = diagram_svg(&mid, &[shift]);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let arrows = with_class(&doc, "arrow");
    assert_eq!(arrows.len(), 1);
    let from = shift.from().unwrap();
    assert_eq!(
        arrows[0].attribute("data-from"),
        Some(from.to_string().as_str())
    );
    assert_eq!(
        arrows[0].attribute("data-to"),
        Some(shift.to().to_string().as_str())
    );
    let holes: BTreeMap<u32, String> = with_class(&doc, "hole")
        .iter()
        .map(|h| {
            (
                hole_of(*h),
                format!("{:.1},{:.1}", num(*h, "cx"), num(*h, "cy")),
            )
        })
        .collect();
    let want = format!("{} {}", holes[&from.number()], holes[&shift.to().number()]);
    assert_eq!(arrows[0].attribute("points"), Some(want.as_str()));
}

#[test]
fn the_reference_picture_is_unchanged() {
    let pos = PegPosition::parse("b:K11,3/w:2,12,19/hand:1,2/reserve:3,1/turn:w", None).unwrap();
    let mut list = Default::default();
    pos.legal_moves(&mut list);
    let first: PegMove = list.as_ref()[0];
    let text = diagram_svg(&pos, &[first]);
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
