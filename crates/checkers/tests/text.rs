//! Text in and out: PDN FEN with the huffing extensions (`:O`, `:C`), its
//! canonical form and the error messages for every FEN that cannot be read,
//! and mangled text rejected without a panic. Move text is
//! `move_text.rs`'s, the draws `History` decides `draws.rs`'s.

mod text_support;

use parlour_checkers::{
    parse_action, BoardError, FenError, NotationError, Pending, PendingError, Position, Rules,
    RulesError,
};
use parlour_game::{Game, Side};
use text_support::{playout_positions, pos, sq, Rng};

fn fen_err(fen: &str, rules: Rules) -> FenError {
    match Position::from_fen(fen, rules) {
        Ok(p) => panic!("`{fen}` was accepted as {p}"),
        Err(e) => e,
    }
}

/// Asserts that reading `fen` fails with `error`.
fn rejects(fen: &str, rules: Rules, error: FenError) {
    assert_eq!(fen_err(fen, rules), error, "`{fen}`");
}

/// Asserts that reading `fen` under huffing fails for a pending field that
/// could not have happened, of the kind `kind` checks.
fn rejects_pending(fen: &str, kind: impl Fn(&PendingError) -> bool) {
    match fen_err(fen, Rules::HUFFING) {
        FenError::Pending(e) if kind(&e) => {}
        other => panic!("`{fen}`: {other:?}"),
    }
}

/// Checks that a FEN is in the canonical form of docs/rules/checkers.md
/// (Notation): side, then W, then B, men ascending then kings ascending, no
/// ranges, no dot.
fn assert_canonical(fen: &str) {
    let fields: Vec<&str> = fen.split(':').collect();
    assert!(fields.len() == 3 || fields.len() == 4, "{fen}");
    assert!(fields[0] == "B" || fields[0] == "W", "{fen}");
    for (field, tag) in fields[1..3].iter().zip(['W', 'B']) {
        assert!(field.starts_with(tag), "{fen}");
        let items: Vec<&str> = field[1..].split(',').filter(|s| !s.is_empty()).collect();
        let kings_from = items.iter().position(|s| s.starts_with('K'));
        let (men, kings) = items.split_at(kings_from.unwrap_or(items.len()));
        assert!(kings.iter().all(|k| k.starts_with('K')), "{fen}");
        for run in [
            men.iter()
                .map(|s| s.parse::<u32>().unwrap())
                .collect::<Vec<_>>(),
            kings
                .iter()
                .map(|s| s[1..].parse::<u32>().unwrap())
                .collect(),
        ] {
            assert!(run.windows(2).all(|w| w[0] < w[1]), "{fen}");
        }
    }
    assert!(!fen.ends_with('.'), "{fen}");
}

/// A non-canonical spelling of `p`'s FEN: fields swapped, squares shuffled
/// and written as ranges where consecutive, lower- or upper-case tags, and a
/// trailing dot.
fn scrambled_fen(p: &Position, rng: &mut Rng) -> String {
    let field = |side: Side, rng: &mut Rng| -> String {
        let mut items = Vec::new();
        for (set, prefix) in [(p.men(side), ""), (p.pieces(side) & p.kings(), "K")] {
            let numbers: Vec<u32> = set.squares().map(|s| s.number()).collect();
            let mut i = 0;
            while i < numbers.len() {
                let mut j = i;
                while j + 1 < numbers.len() && numbers[j + 1] == numbers[j] + 1 {
                    j += 1;
                }
                if j > i && rng.below(2) == 0 {
                    items.push(format!("{prefix}{}-{}", numbers[i], numbers[j]));
                } else {
                    items.extend(numbers[i..=j].iter().map(|n| format!("{prefix}{n}")));
                }
                i = j + 1;
            }
        }
        // Shuffle.
        for k in (1..items.len()).rev() {
            items.swap(k, rng.below(k + 1));
        }
        items.join(",")
    };
    let w = format!("W{}", field(Side::White, rng));
    let b = format!("B{}", field(Side::Black, rng));
    let side = if p.side() == Side::Black { "B" } else { "W" };
    let canonical = p.to_string();
    let extra = canonical.split(':').nth(3).map(|s| format!(":{s}"));
    let body = if rng.below(2) == 0 {
        format!("{side}:{b}:{w}")
    } else {
        format!("{side}:{w}:{b}")
    };
    format!(
        "{body}{}{}",
        extra.unwrap_or_default(),
        if rng.below(2) == 0 { "." } else { "" }
    )
}

// ------------------------------------------------------------ FEN round-trips

#[test]
fn fen_round_trips_canonically_for_random_positions() {
    let mut rng = Rng(0x5EED_0007);
    let mut pendings = [0usize; 4];
    for rules in [Rules::ENGLISH, Rules::HUFFING] {
        for p in playout_positions(rules, 60, 0xC0FF_EE00 + rules.is_huffing() as u64) {
            let fen = p.to_string();
            assert_canonical(&fen);
            let back = Position::from_fen(&fen, rules).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(back, p, "{fen}");
            assert_eq!(back.to_string(), fen);
            let scrambled = scrambled_fen(&p, &mut rng);
            let again = Position::from_fen(&scrambled, rules)
                .unwrap_or_else(|e| panic!("{scrambled}: {e}"));
            assert_eq!(again, p, "{scrambled} read differently from {fen}");
            pendings[match p.pending() {
                Pending::Nothing => 0,
                Pending::Offence(_) => 1,
                Pending::CompelCapture => 2,
                Pending::CompelRest(_) => 3,
            }] += 1;
        }
    }
    // The playouts did reach every pending state.
    assert!(pendings.iter().all(|&n| n > 0), "{pendings:?}");
}

#[test]
fn fen_input_accepts_ranges_either_field_order_and_a_trailing_dot() {
    let start = Position::start(Rules::ENGLISH);
    let canonical = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";
    assert_eq!(start.to_string(), canonical);
    for text in [
        "B:W21-32:B1-12",
        "B:B1-12:W21-32",
        "B:W21-32:B1-12.",
        "B:B1-4,5-12:W32,21-31.",
        " B:W21-24,25-32:B1-12 ",
    ] {
        let p = pos(text, Rules::ENGLISH);
        assert_eq!(p, start, "{text}");
        assert_eq!(p.to_string(), canonical, "{text}");
    }
    let kings = pos("W:WK1-3:BK30-32,12", Rules::ENGLISH);
    assert_eq!(kings.to_string(), "W:WK1,K2,K3:B12,K30,K31,K32");
    let mixed = pos(
        "B:BK29,K22,16,20,12,K25:WK15,28,K10,27,24,18.",
        Rules::ENGLISH,
    );
    assert_eq!(
        mixed.to_string(),
        "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"
    );
    // An empty field is a side with no pieces.
    assert_eq!(pos("W:W:B1", Rules::ENGLISH).to_string(), "W:W:B1");
}

#[test]
fn pending_fields_round_trip() {
    let h = Rules::HUFFING;
    for text in [
        "W:W14,30:B9,15:O11-15",    // a neglect
        "W:W23:B18:O11x18",         // a capture stopped short
        "W:W27,30:B1,23:O5x14x23",  // two of three taken
        "W:W27,30:BK23:O14x23",     // a king stopped short
        "W:W18,30:B1,K10:O14-10",   // a king's neglect
        "W:W13,18:B14,K32:O27-32K", // a neglect that crowned
        "B:W14,30:B9,11:C",         // a neglect compelled
        "B:W27,30:B1,23:C5x14x23",  // a stopped-short capture compelled
        "B:W14,26:B10,15:O30-26",   // White's neglect, Black to answer
    ] {
        let p = pos(text, h);
        assert_eq!(p.to_string(), text);
        assert_ne!(p.pending(), Pending::Nothing, "{text}");
        assert_eq!(pos(&format!("{text}."), h), p);
    }
    // The same pending states arise from play, and print the same way.
    let crowned =
        pos("B:W13,18:B14,27", h).play(parse_action(&pos("B:W13,18:B14,27", h), "27-32").unwrap());
    assert_eq!(crowned.to_string(), "W:W13,18:B14,K32:O27-32K");
    assert!(matches!(crowned.pending(), Pending::Offence(m) if m.crowns()));
    // Fields may come in any order around the pending one.
    assert_eq!(
        pos("W:B9,15:O11-15:W14,30", h).to_string(),
        "W:W14,30:B9,15:O11-15"
    );
    // A pending state is part of the position: it compares unequal.
    assert_ne!(pos("W:W14,30:B9,15:O11-15", h), pos("W:W14,30:B9,15", h));
    assert_ne!(
        pos("W:W14,30:B9,15:O11-15", h).hash(),
        pos("W:W14,30:B9,15", h).hash()
    );
}

// ------------------------------------------------------------ FEN errors

#[test]
fn malformed_fens_are_explained() {
    let e = Rules::ENGLISH;
    let fen = |f: &str| f.to_string();
    let not_square = |t: &str| FenError::Square(NotationError::NotASquare { text: t.into() });
    rejects("", e, FenError::Empty);
    rejects(".", e, FenError::Empty);
    let side = |f: &str, found: &str| FenError::Side {
        fen: fen(f),
        found: found.into(),
    };
    rejects("X:W21:B1", e, side("X:W21:B1", "X"));
    rejects("W21:B1", e, side("W21:B1", "W21"));
    let missing = |f: &str, field| FenError::MissingField { fen: fen(f), field };
    rejects("B:W21", e, missing("B:W21", 'B'));
    rejects("B:B1", e, missing("B:B1", 'W'));
    rejects("B", e, missing("B", 'W'));
    rejects(
        "B:W21:B1:Z3",
        e,
        FenError::UnknownField { field: "Z3".into() },
    );
    rejects(
        "B:W21::B1",
        e,
        FenError::EmptyField {
            fen: fen("B:W21::B1"),
        },
    );
    rejects(
        "B:W21:B1:W22",
        e,
        FenError::RepeatedField {
            fen: fen("B:W21:B1:W22"),
            field: "W",
        },
    );
    rejects("B:Wx:B1", e, not_square("x"));
    rejects("B:W21:B1,K", e, not_square(""));
    rejects("B:W21-:B1", e, not_square(""));
    rejects(
        "B:W24-21:B1",
        e,
        FenError::RangeBackwards {
            item: "24-21".into(),
        },
    );
}

#[test]
fn squares_out_of_range_are_explained() {
    let e = Rules::ENGLISH;
    let out = |square| FenError::Square(NotationError::SquareOutOfRange { square });
    rejects("B:W33:B1", e, out(33));
    rejects("B:W21:B0", e, out(0));
    rejects("B:W21:BK1-40", e, out(40));
    rejects(
        "W:W14:B9,10:O11-99",
        Rules::HUFFING,
        FenError::Offence {
            text: "11-99".into(),
            source: NotationError::SquareOutOfRange { square: 99 },
        },
    );
    assert_eq!(
        fen_err("B:W33:B1", e).to_string(),
        "square 33 is out of range: squares are numbered 1 to 32"
    );
}

#[test]
fn a_square_named_twice_is_explained() {
    let e = Rules::ENGLISH;
    let twice = |n, field| FenError::NamedTwice {
        square: sq(n),
        field,
    };
    rejects("B:W21,21:B1", e, twice(21, 'W'));
    rejects("B:W21:B1,5,K5", e, twice(5, 'B'));
    rejects("B:W21-24,22:B1", e, twice(22, 'W'));
    rejects("B:W21,22:B5,22", e, FenError::BothFields { square: sq(22) });
    rejects("B:WK21:B21", e, FenError::BothFields { square: sq(21) });
}

#[test]
fn more_than_twelve_pieces_a_side_is_explained() {
    let too_many = |side, count| FenError::Board(BoardError::TooManyPieces { side, count });
    rejects("B:W17-29:B1", Rules::ENGLISH, too_many(Side::White, 13));
    rejects("B:W32:B1-13", Rules::ENGLISH, too_many(Side::Black, 13));
    // Twelve is fine.
    assert_eq!(
        pos("B:W21-32:B1-12", Rules::ENGLISH)
            .pieces(Side::Black)
            .count(),
        12
    );
}

#[test]
fn a_man_on_his_crowning_row_is_explained() {
    let crowned = |side, n| {
        FenError::Board(BoardError::ManOnCrowningRow {
            side,
            square: sq(n),
        })
    };
    rejects("B:W21:B29", Rules::ENGLISH, crowned(Side::Black, 29));
    rejects("B:W4:B12", Rules::ENGLISH, crowned(Side::White, 4));
    assert_eq!(
        fen_err("B:W21:B29", Rules::ENGLISH).to_string(),
        "a black man stands on 29, his crowning row: he would be a king"
    );
    // A king there is fine, and so is a man on his own back row.
    pos("B:WK4,29:B1,K30-32", Rules::ENGLISH);
    pos("B:W32:B1", Rules::ENGLISH);
}

#[test]
fn unknown_rules_are_explained() {
    let set = |name: &str| RulesError::UnknownRuleSet { name: name.into() };
    let quiet = |value: &str| RulesError::QuietPlies {
        value: value.into(),
    };
    for (text, error) in [
        ("italian", set("italian")),
        ("English", set("English")),
        ("", set("")),
        (
            "huffing,depth=3",
            RulesError::UnknownOption {
                option: "depth".into(),
            },
        ),
        ("english,quiet_plies=0", quiet("0")),
        ("english,quiet_plies=x", quiet("x")),
    ] {
        assert_eq!(text.parse::<Rules>(), Err(error), "{text}");
    }
    assert_eq!(
        "huffing,quiet_plies=100"
            .parse::<Rules>()
            .unwrap()
            .to_string(),
        "huffing,quiet_plies=100"
    );
}

#[test]
fn offence_fields_under_english_rules_are_explained() {
    for text in [
        "W:W14,30:B9,15:O11-15",
        "B:W14,30:B9,11:C",
        "B:W27,30:B1,23:C5x14x23",
    ] {
        rejects(
            text,
            Rules::ENGLISH,
            FenError::Pending(PendingError::NeedsHuffing),
        );
        pos(text, Rules::HUFFING);
    }
}

#[test]
fn offences_that_could_not_have_happened_are_explained() {
    use PendingError as P;
    let h = Rules::HUFFING;
    // No piece on the square where the offending move ended.
    let no_black_on_15 =
        |e: &P| matches!(e, P::NoPieceAtEnd { side: Side::Black, square, .. } if *square == sq(15));
    rejects_pending("W:W14,30:B9,11:O11-15", no_black_on_15);
    // A piece of the wrong side there.
    rejects_pending("W:W14,15,30:B9:O11-15", no_black_on_15);
    // The square the piece left is occupied.
    rejects_pending(
        "W:W14,30:B9,11,15:O11-15",
        |e| matches!(e, P::StartOccupied { square, .. } if *square == sq(11)),
    );
    // A neglect when no capture was open.
    rejects_pending("W:W30:B9,15:O11-15", |e| {
        matches!(
            e,
            P::NothingNeglected {
                offender: Side::Black,
                ..
            }
        )
    });
    // A capture stopped short with no further jump.
    rejects_pending(
        "W:W30:B18:O11x18",
        |e| matches!(e, P::NotStoppedShort { square, .. } if *square == sq(18)),
    );
    // The jumped piece is still there.
    rejects_pending(
        "W:W15,23:B18:O11x18",
        |e| matches!(e, P::JumpedStillThere { square, .. } if *square == sq(15)),
    );
    // A man moving or jumping backwards.
    rejects_pending("W:W14,30:B9,11:O15-11", |e| {
        matches!(e, P::ManBackwards { capture: false, .. })
    });
    rejects_pending("W:W14:B10,11:O18x11", |e| {
        matches!(e, P::ManBackwards { capture: true, .. })
    });
    // Squares that are not neighbours, or not a jump apart.
    rejects(
        "W:W14,30:B9,15:O7-15",
        h,
        FenError::Offence {
            text: "7-15".into(),
            source: NotationError::NotNeighbours {
                from: sq(7),
                to: sq(15),
            },
        },
    );
    rejects(
        "W:W23:B18:O11x19",
        h,
        FenError::Offence {
            text: "11x19".into(),
            source: NotationError::NotAJump {
                from: sq(11),
                to: sq(19),
            },
        },
    );
    // A step marked as crowning that did not crown; a capture that crowned.
    rejects_pending("W:W14,30:B9,15:O11-15K", |e| {
        matches!(e, P::FalseCrown { .. })
    });
    rejects(
        "W:W30:BK32:O23x32K",
        h,
        FenError::CrownedCapture {
            text: "23x32K".into(),
        },
    );
    // Compulsions with nothing to compel.
    rejects_pending("B:W30:B9,11:C", |e| {
        matches!(e, P::NoCaptureToCompel { side: Side::Black })
    });
    rejects_pending(
        "B:W30:B18:C11x18",
        |e| matches!(e, P::NothingToComplete { square, .. } if *square == sq(18)),
    );
    rejects(
        "B:W14,30:B9,15:C11-15",
        h,
        FenError::CompelledStep {
            text: "11-15".into(),
        },
    );
    // Two pending fields.
    rejects(
        "W:W14,30:B9,15:O11-15:C",
        h,
        FenError::RepeatedField {
            fen: "W:W14,30:B9,15:O11-15:C".into(),
            field: "O/C",
        },
    );
}

// ------------------------------------------------------------ robustness

/// Mangled FENs and move texts (characters deleted, inserted or replaced at
/// random in valid ones) are either read or rejected with a message: never
/// a panic.
#[test]
fn mangled_text_is_rejected_without_panicking() {
    const ALPHABET: &[u8] = b"BWKOCbwkocxX-,:. 0123456789h";
    let seeds = [
        ("B:W21-32:B1-12", Rules::ENGLISH),
        ("W:W14,30:B9,15:O11-15", Rules::HUFFING),
        ("W:W13,18:B14,K32:O27-32K", Rules::HUFFING),
        ("B:W27,30:B1,23:C5x14x23", Rules::HUFFING),
        ("B:W14,30:B9,11:C", Rules::HUFFING),
        (
            "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
            Rules::ENGLISH,
        ),
    ];
    let moves = ["11-15", "9x18x27", "h9 14-10", "compel", "10x26"];
    let mut rng = Rng(0xBAD_F00D);
    let mut mangle = |text: &str| -> String {
        let mut bytes = text.as_bytes().to_vec();
        for _ in 0..1 + rng.below(3) {
            let i = rng.below(bytes.len() + 1);
            let c = ALPHABET[rng.below(ALPHABET.len())];
            match rng.below(3) {
                0 if i < bytes.len() => {
                    bytes.remove(i);
                }
                1 if i < bytes.len() => bytes[i] = c,
                _ => bytes.insert(i, c),
            }
        }
        String::from_utf8(bytes).expect("ASCII")
    };
    for _ in 0..3000 {
        for (fen, rules) in seeds {
            let text = mangle(fen);
            let read = std::panic::catch_unwind(|| Position::from_fen(&text, rules))
                .unwrap_or_else(|_| panic!("from_fen panicked on `{text}`"));
            match read {
                Ok(p) => {
                    // Whatever was accepted prints canonically and reads back.
                    assert_eq!(Position::from_fen(&p.to_string(), rules), Ok(p), "{text}");
                    for mv in moves {
                        let m = mangle(mv);
                        std::panic::catch_unwind(|| parse_action(&p, &m))
                            .unwrap_or_else(|_| panic!("parse_action panicked on `{m}` in {p}"))
                            .err()
                            .inspect(|e| assert!(!e.to_string().is_empty()));
                    }
                }
                Err(e) => assert!(!e.to_string().is_empty(), "{text}"),
            }
        }
    }
}

#[test]
fn pdn_games_replay_under_their_tags() {
    use parlour_game::pdn::{read_games, ReplayError};
    let text = "[Event \"e\"]\n[FEN \"W:W14,30:B9,15:O11-15\"]\n[Rules \"huffing\"]\n\
                1... h9 14-10 15-19 2. 10-7 *\n\n[GameType \"21\"]\n1. 11-15 23-19 2. 15-18 1-1\n";
    let games = read_games(text).unwrap();
    let huffing = games[0].replay(Rules::ENGLISH).unwrap();
    assert_eq!(huffing.start().rules(), Rules::HUFFING);
    assert_eq!(huffing.moves().len(), 3);
    assert_eq!(huffing.moves()[0].to_string(), "h9 14-10");
    assert_eq!(games[1].result.as_deref(), Some("1-1"));
    let english = games[1].replay(Rules::ENGLISH).unwrap();
    assert_eq!(english.current().to_string(), {
        let start = Position::start(Rules::ENGLISH);
        ["11-15", "23-19", "15-18"]
            .iter()
            .fold(start, |p, m| p.play(p.parse_move(m).unwrap()))
            .to_string()
    });
    // What does not read says which part of the game it was.
    let bad = read_games("[Rules \"italian\"]\n1. 11-15 *\n").unwrap();
    assert!(matches!(
        bad[0].replay(Rules::ENGLISH),
        Err(ReplayError::Rules(_))
    ));
    let bad = read_games("[FEN \"B:W33:B1\"]\n1. 11-15 *\n").unwrap();
    assert!(matches!(
        bad[0].replay(Rules::ENGLISH),
        Err(ReplayError::Start(_))
    ));
    let bad = read_games("1. 11-15 23-19 2. 15-19 *\n").unwrap();
    let Err(ReplayError::Moves(line)) = bad[0].replay(Rules::ENGLISH) else {
        panic!("15-19 is not legal");
    };
    assert_eq!(line.number, 3);
}
