//! The position's text form: round trips, and the errors for anything
//! malformed or impossible (docs/rules/pegs.md, Notation).

use parlour_game::{Game, Side};
use parlour_pegs::{Hole, PegPosition, PegRules, PositionError, RulesError};

#[test]
fn positions_print_back_identically() {
    for text in [
        "b:/w:/hand:9,9/reserve:3,3/turn:b",
        "b:K11,3/w:2,12,19/hand:0,0/reserve:3,3/turn:w",
        "b:K16,3,4,9,11,21/w:K5,1,6,13,20/hand:4,5/reserve:3,3/turn:w/force:5",
        "b:1,2/w:K3/hand:0,7/reserve:3,1/turn:b/force:1,2",
        "b:K30/w:K1/hand:8,8/reserve:2,2/turn:w/rules:squares=4,reserve=2",
        "b:/w:/hand:9,9/reserve:3,3/turn:b/rules:diagonals=0,quiet_plies=40",
    ] {
        let p: PegPosition = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(p.to_string(), text);
    }
}

#[test]
fn the_start_is_written_as_the_contract_says() {
    let start = PegPosition::start(PegRules::DEFAULT);
    assert_eq!(start.to_string(), "b:/w:/hand:9,9/reserve:3,3/turn:b");
}

#[test]
fn pegs_are_printed_king_first_then_ascending() {
    let p: PegPosition = "b:12,K11,3/w:19,2,13/hand:0,0/reserve:3,3/turn:w"
        .parse()
        .unwrap();
    assert_eq!(
        p.to_string(),
        "b:K11,3,12/w:2,13,19/hand:0,0/reserve:3,3/turn:w"
    );
}

#[test]
fn played_positions_round_trip() {
    let mut p = PegPosition::start(PegRules::DEFAULT);
    let mut list = Default::default();
    for ply in 0..60 {
        p.legal_moves(&mut list);
        if list.is_empty() {
            break;
        }
        let mv = list[(ply * 7) % list.len()];
        assert_eq!(p.parse_move(&mv.to_string()).unwrap(), mv);
        p = p.play(mv);
        let back: PegPosition = p.to_string().parse().unwrap();
        assert_eq!(back, p);
        assert_eq!(back.hash(), p.hash());
    }
}

#[test]
fn malformed_or_impossible_positions_are_explained() {
    use PositionError as E;
    let h = |n| Hole::from_number(n).unwrap();
    let name = |n: &str| n.to_string();
    let out_of_range = |field, hole| E::HoleOutOfRange {
        field,
        hole,
        holes: 24,
    };
    let too_large = |field: &'static str, value: &str, side, count, limit, max| E::CountTooLarge {
        field,
        value: value.into(),
        side,
        count,
        limit,
        max,
    };
    for (text, error) in [
        (
            "b:1,1/w:/hand:7,9/reserve:3,3/turn:b",
            E::TwoPegs { hole: h(1) },
        ),
        (
            "b:1/w:1/hand:8,8/reserve:3,3/turn:b",
            E::TwoPegs { hole: h(1) },
        ),
        ("b:25/w:/hand:8,9/reserve:3,3/turn:b", out_of_range("b", 25)),
        ("b:0/w:/hand:8,9/reserve:3,3/turn:b", out_of_range("b", 0)),
        (
            "b:K1,K2/w:/hand:9,9/reserve:3,3/turn:b",
            E::TwoKings { side: Side::Black },
        ),
        (
            "b:/w:/hand:9,9/reserve:3,3/turn:x",
            E::Turn { found: name("x") },
        ),
        (
            "b:/w:/hand:9/reserve:3,3/turn:b",
            E::Counts {
                field: "hand",
                value: name("9"),
            },
        ),
        (
            "b:/w:/hand:9,a/reserve:3,3/turn:b",
            E::NotACount {
                field: "hand",
                value: name("9,a"),
                part: name("a"),
            },
        ),
        (
            "b:/w:/hand:10,9/reserve:3,3/turn:b",
            too_large("hand", "10,9", Side::Black, 10, "pegs", 9),
        ),
        (
            "b:/w:/hand:9,9/reserve:4,3/turn:b",
            too_large("reserve", "4,3", Side::Black, 4, "reserve", 3),
        ),
        (
            "b:/w:/hand:9,9/reserve:3,3",
            E::MissingField { name: "turn" },
        ),
        (
            "b:/w:/hand:9,9/reserve:3,3/turn:b/colour:red",
            E::UnknownField {
                name: name("colour"),
            },
        ),
        (
            "b:/w:/hand:9,9/hand:9,9/reserve:3,3/turn:b",
            E::RepeatedField { name: name("hand") },
        ),
        (
            "w:/b:/hand:9,9/reserve:3,3/turn:b",
            E::OutOfOrder { name: name("b") },
        ),
        (
            "b:/w:/hand:9,9/reserve:3,3/turn:b/rules:pegs=9/force:1",
            E::OutOfOrder {
                name: name("force"),
            },
        ),
        (
            "b:1/w:K2/hand:8,9/reserve:3,3/turn:b/force:2",
            E::ForcedNotOwn {
                hole: h(2),
                side: Side::Black,
            },
        ),
        ("b:1/w:K2/hand:8,9/reserve:3,3/turn:b/force:", E::EmptyForce),
        (
            "b:1,2,3,4,5,6/w:/hand:6,9/reserve:3,3/turn:b/force:1,2,3,4,5,6",
            E::TooManyForced { count: 6, max: 5 },
        ),
        (
            "b:1,2,3,4/w:/hand:8,9/reserve:3,3/turn:b",
            E::TooManyPegs {
                side: Side::Black,
                ordinary: 4,
                hand: 8,
                reserve: 3,
                could: 1,
            },
        ),
        (
            "b:1,2,3,4,5/w:/hand:8,9/reserve:0,3/turn:b",
            E::TooManyPegs {
                side: Side::Black,
                ordinary: 5,
                hand: 8,
                reserve: 0,
                could: 4,
            },
        ),
        (
            "b:/w:/hand:9,9/reserve:3,3/turn:b/rules:squares=9",
            E::Rules(RulesError::OutOfRange {
                field: "squares",
                value: 9,
                min: 2,
                max: 6,
            }),
        ),
        ("b:/w:/hand:9,9/reserve:3,3/turn:b/rules:", E::EmptyRules),
        (
            "nonsense",
            E::NotAField {
                part: name("nonsense"),
            },
        ),
    ] {
        assert_eq!(text.parse::<PegPosition>(), Err(error), "{text}");
    }
}

#[test]
fn rules_given_outside_must_agree_with_the_position() {
    let four: PegRules = "squares=4".parse().unwrap();
    let p = PegPosition::parse("b:K30/w:/hand:9,9/reserve:3,3/turn:w", Some(four)).unwrap();
    assert_eq!(p.rules(), four);
    assert_eq!(
        p.to_string(),
        "b:K30/w:/hand:9,9/reserve:3,3/turn:w/rules:squares=4"
    );
    let err = PegPosition::parse(
        "b:/w:/hand:9,9/reserve:3,3/turn:w/rules:squares=5",
        Some(four),
    )
    .unwrap_err();
    assert_eq!(
        err,
        PositionError::RulesDisagree {
            own: "squares=5".parse().unwrap(),
            given: four
        }
    );
    assert!(PegPosition::parse("b:K30/w:/hand:9,9/reserve:3,3/turn:w", None).is_err());
}

#[test]
fn a_side_with_no_king_and_an_empty_hand_is_allowed() {
    let p: PegPosition = "b:1/w:K9/hand:0,0/reserve:3,3/turn:b".parse().unwrap();
    assert_eq!(p.king(Side::Black), None);
    assert_eq!(p.to_string(), "b:1/w:K9/hand:0,0/reserve:3,3/turn:b");
}
