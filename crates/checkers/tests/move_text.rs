//! Move text: every legal action prints as text `parse_action` reads back,
//! PDN's forms (the short capture where it names one move), and the
//! messages for moves that are illegal or cannot be read.

mod text_support;

use parlour_checkers::{parse_action, Action, MoveError, NotationError, Position, Rules};
use std::collections::HashSet;
use text_support::{playout_positions, pos, sq};

/// Every legal action of `p` prints as text of its own that `parse_action`
/// reads back to the same action; a capture is written with every landing
/// square.
fn assert_actions_round_trip(p: &Position) {
    let actions = p.action_vec();
    assert_eq!(actions.len() as u64, p.count_actions(), "{p}");
    let texts: HashSet<String> = actions.iter().map(|a| a.to_string()).collect();
    assert_eq!(texts.len(), actions.len(), "{p}: two actions print alike");
    for action in actions {
        let text = action.to_string();
        let back = parse_action(p, &text).unwrap_or_else(|e| panic!("{p}: `{text}`: {e}"));
        assert_eq!(back, action, "{p}: `{text}`");
        if let Some(mv) = action.played_move() {
            let squares = mv.to_string();
            let sep = if mv.is_capture() { 'x' } else { '-' };
            assert_eq!(
                squares.split(sep).count() as u32,
                mv.jumps().max(1) + 1,
                "{p}: `{text}`"
            );
        }
    }
}

#[test]
fn every_legal_action_round_trips_through_its_text() {
    let mut kinds = [0usize; 4];
    for rules in [Rules::ENGLISH, Rules::HUFFING] {
        for p in playout_positions(rules, 40, 0xA11_AC7 + rules.is_huffing() as u64) {
            assert_actions_round_trip(&p);
            for a in p.action_vec() {
                kinds[match a {
                    Action::Move(m) if m.jumps() > 1 => 0,
                    Action::Move(_) => 1,
                    Action::Huff(..) => 2,
                    Action::Compel => 3,
                }] += 1;
            }
        }
    }
    assert!(kinds.iter().all(|&n| n > 0), "{kinds:?}");
    for (fen, rules) in [
        ("W:W14,30:B9,15:O11-15", Rules::HUFFING),
        ("W:W27,30:B1,23:O5x14x23", Rules::HUFFING),
        ("B:W27,30:B1,23:C5x14x23", Rules::HUFFING),
        ("B:W23,22,15,14:B11,10", Rules::ENGLISH),
        ("B:W23,22,15,14:B11,10", Rules::HUFFING),
        ("B:W6,7,14,15,22,23:BK10", Rules::ENGLISH),
    ] {
        let p = pos(fen, rules);
        assert!(!p.action_vec().is_empty(), "{fen}");
        assert_actions_round_trip(&p);
    }
}

#[test]
fn moves_print_in_pdn() {
    let p = Position::start(Rules::ENGLISH);
    assert_eq!(parse_action(&p, "11-15").unwrap().to_string(), "11-15");
    let w = pos("W:W22:B18", Rules::ENGLISH);
    assert_eq!(parse_action(&w, "22x15").unwrap().to_string(), "22x15");
    let multi = pos("B:W14,23,30:B9", Rules::ENGLISH);
    assert_eq!(
        parse_action(&multi, "9x18x27").unwrap().to_string(),
        "9x18x27"
    );
    let h = pos("W:W14,30:B9,15:O11-15", Rules::HUFFING);
    assert_eq!(
        parse_action(&h, "h9 14-10").unwrap().to_string(),
        "h9 14-10"
    );
    assert_eq!(parse_action(&h, "compel").unwrap(), Action::Compel);
    assert_eq!(parse_action(&h, "COMPEL").unwrap(), Action::Compel);
    assert_eq!(
        parse_action(&h, " h9  14-10 ").unwrap().to_string(),
        "h9 14-10"
    );
}

#[test]
fn the_short_capture_is_accepted_where_it_names_one_move() {
    let p = pos("B:W14,23,30:B9", Rules::ENGLISH);
    let full = parse_action(&p, "9x18x27").unwrap();
    assert_eq!(parse_action(&p, "9x27").unwrap(), full);
    // Under huffing 9x18 is itself a move (stopping short): it means that.
    let h = pos("B:W14,23,30:B9", Rules::HUFFING);
    assert_eq!(parse_action(&h, "9x18").unwrap().to_string(), "9x18");
    assert_eq!(parse_action(&h, "9x27").unwrap().to_string(), "9x18x27");
    // After a huff too.
    let huff = pos("W:W27,30:B1,23:O5x14x23", Rules::HUFFING);
    assert_eq!(parse_action(&huff, "27x18").unwrap().to_string(), "27x18");
}

#[test]
fn an_ambiguous_short_capture_names_the_candidates() {
    let p = pos("B:W23,22,15,14:B11,10", Rules::ENGLISH);
    let mut names: Vec<String> = p.action_vec().iter().map(|a| a.to_string()).collect();
    names.sort();
    assert_eq!(names, ["10x17x26", "10x19x26", "11x18x25", "11x18x27"]);
    assert_eq!(
        parse_action(&p, "10x26"),
        Err(MoveError::Ambiguous {
            text: "10x26".into(),
            candidates: vec!["10x17x26".into(), "10x19x26".into()],
        })
    );
    // The full paths are each unique.
    assert_eq!(
        parse_action(&p, "10x17x26").unwrap().to_string(),
        "10x17x26"
    );
    assert_eq!(
        parse_action(&p, "10x19x26").unwrap().to_string(),
        "10x19x26"
    );
    // 11x25 and 11x27 name one move each.
    assert_eq!(parse_action(&p, "11x25").unwrap().to_string(), "11x18x25");
    assert_eq!(parse_action(&p, "11x27").unwrap().to_string(), "11x18x27");
}

/// The legal moves an `Illegal` error lists, or a panic.
fn listed(err: MoveError) -> (Vec<String>, bool) {
    match err {
        MoveError::Illegal {
            legal, compulsory, ..
        } => (legal, compulsory),
        other => panic!("not an illegal move: {other:?}"),
    }
}

#[test]
fn illegal_moves_are_explained() {
    let start = Position::start(Rules::ENGLISH);
    let err = parse_action(&start, "12-8").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("`12-8` is not a legal move here"),
        "{err}"
    );
    let (legal, compulsory) = listed(err);
    assert!(legal.contains(&"11-15".to_string()) && !compulsory);
    assert_eq!(
        parse_action(&start, "11-14"),
        Err(MoveError::Impossible {
            text: "11-14".into(),
            source: NotationError::NotNeighbours {
                from: sq(11),
                to: sq(14)
            },
        })
    );
    assert_eq!(
        listed(parse_action(&start, "22-18").unwrap_err()).0.len(),
        7
    );
    // A man moving backwards.
    let (legal, _) = listed(parse_action(&pos("B:W30:B14", Rules::ENGLISH), "14-10").unwrap_err());
    assert_eq!(legal, ["14-17", "14-18"]);
    // Capture compulsory under english.
    let err = parse_action(&pos("B:W18,30:B1,14", Rules::ENGLISH), "1-5").unwrap_err();
    assert!(
        err.to_string().ends_with("(a capture is compulsory)"),
        "{err}"
    );
    assert!(listed(err).1);
    // A capture that stops short under english.
    let (legal, _) =
        listed(parse_action(&pos("B:W14,23,30:B9", Rules::ENGLISH), "9x18").unwrap_err());
    assert_eq!(legal, ["9x18x27"]);
    // No move at all.
    let lost = pos("B:W30:B", Rules::ENGLISH);
    let err = parse_action(&lost, "1-5").unwrap_err();
    assert_eq!(
        err.to_string(),
        "`1-5` is not a legal move here: there is none"
    );
    assert!(listed(err).0.is_empty());
    // compel and huffs where nothing is pending.
    assert_eq!(
        parse_action(&Position::start(Rules::HUFFING), "compel"),
        Err(MoveError::NoOffence)
    );
    let cannot = Err(MoveError::CannotHuff { square: sq(9) });
    assert_eq!(
        parse_action(&Position::start(Rules::HUFFING), "h9 22-18"),
        cannot
    );
    assert_eq!(
        parse_action(&start, "h9 22-18"),
        Err(MoveError::HuffingOnly {
            text: "h9 22-18".into()
        })
    );
}

#[test]
fn malformed_moves_are_explained() {
    let start = Position::start(Rules::ENGLISH);
    let notation = |e: NotationError| MoveError::Notation(e);
    let text = |t: &str| t.to_string();
    for (input, error) in [
        ("", MoveError::Empty),
        ("   ", MoveError::Empty),
        ("11", notation(NotationError::NotAMove { text: text("11") })),
        (
            "11-",
            notation(NotationError::MissingSquare { text: text("11-") }),
        ),
        (
            "-15",
            notation(NotationError::MissingSquare { text: text("-15") }),
        ),
        (
            "a-b",
            notation(NotationError::NotASquare { text: text("a") }),
        ),
        (
            "11-15-19",
            MoveError::Impossible {
                text: text("11-15-19"),
                source: NotationError::StepLength,
            },
        ),
        (
            "11x15-19",
            notation(NotationError::MixedSeparators {
                text: text("11x15-19"),
            }),
        ),
        (
            "33-29",
            notation(NotationError::SquareOutOfRange { square: 33 }),
        ),
        (
            "0-4",
            notation(NotationError::SquareOutOfRange { square: 0 }),
        ),
        (
            "11-22",
            MoveError::Impossible {
                text: text("11-22"),
                source: NotationError::NotNeighbours {
                    from: sq(11),
                    to: sq(22),
                },
            },
        ),
        (
            "11x21",
            MoveError::Impossible {
                text: text("11x21"),
                source: NotationError::NotAJump {
                    from: sq(11),
                    to: sq(21),
                },
            },
        ),
        (
            "11 15",
            notation(NotationError::NotAMove {
                text: text("11 15"),
            }),
        ),
    ] {
        assert_eq!(parse_action(&start, input), Err(error), "`{input}`");
    }
    // Huffs are read as huffs under huffing rules only: under english a
    // word that is no move is answered as no move, and a huff or compel
    // is told it belongs to the other rules.
    let huffing = Position::start(Rules::HUFFING);
    for (input, error) in [
        ("h9", MoveError::HuffWithoutMove { text: text("h9") }),
        (
            "hx 11-15",
            notation(NotationError::NotASquare { text: text("x") }),
        ),
    ] {
        assert_eq!(parse_action(&huffing, input), Err(error), "`{input}`");
    }
    for input in ["h9", "h9 11-15", "compel"] {
        let error = MoveError::HuffingOnly { text: text(input) };
        assert_eq!(parse_action(&start, input), Err(error), "`{input}`");
    }
    let hello = parse_action(&start, "hello").unwrap_err();
    assert_eq!(
        hello,
        notation(NotationError::NotAMove {
            text: text("hello")
        })
    );
    assert!(!hello.to_string().contains("huff"), "{hello}");
    // A capture between squares a jump apart that no piece can make here.
    assert!(matches!(
        parse_action(&start, "11x20"),
        Err(MoveError::Illegal { .. })
    ));
}
