//! The seed text (`seeds/004_69b921c8cdb3e7e3.txt`), sentence by sentence:
//! each rule it states is a test named after it, on a concrete position,
//! checking the legal actions and the positions they lead to. English-rules
//! counterparts follow where the modern game differs (compulsory capture,
//! the sequence must be completed).

use parlour_checkers::{parse_action, Action, MoveError, Pending, Position, Rules, Square};

fn pos(fen: &str, rules: Rules) -> Position {
    Position::from_fen(fen, rules).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal actions, written out and sorted as plain strings.
fn actions(p: &Position) -> Vec<String> {
    let mut names: Vec<String> = p.action_vec().iter().map(|a| a.to_string()).collect();
    names.sort();
    names
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    names.sort();
    names
}

fn play(p: &Position, text: &str) -> Position {
    let action = parse_action(p, text).unwrap_or_else(|e| panic!("{text} in {p}: {e}"));
    assert!(
        p.action_vec().contains(&action),
        "{text} is not legal in {p}"
    );
    p.play(action)
}

fn has_huff_or_compel(p: &Position) -> bool {
    p.action_vec()
        .iter()
        .any(|a| matches!(a, Action::Compel | Action::Huff(..)))
}

const BOTH: [Rules; 2] = [Rules::ENGLISH, Rules::HUFFING];

// ---------------------------------------------------------------- Moving

/// "The move is made by pushing a man from the square on which he stands to
/// an adjacent unoccupied square of the same color, right or left. The move
/// is always forward."
#[test]
fn the_move_is_always_forward() {
    for rules in BOTH {
        // A black man in mid-board: forward is towards White (higher numbers).
        assert_eq!(
            actions(&pos("B:W30:B14", rules)),
            sorted(&["14-17", "14-18"])
        );
        // A white man: forward is towards Black (lower numbers).
        assert_eq!(
            actions(&pos("W:W19:B1", rules)),
            sorted(&["19-15", "19-16"])
        );
        // Men on the side of the board have one forward square.
        assert_eq!(actions(&pos("B:W32:B5", rules)), sorted(&["5-9"]));
        assert_eq!(actions(&pos("B:W32:B12", rules)), sorted(&["12-16"]));
        // Black's first moves from the start.
        assert_eq!(
            actions(&Position::start(rules)),
            sorted(&["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"])
        );
    }
}

/// "... to an adjacent unoccupied square": an occupied square, own or
/// adverse, cannot be moved to.
#[test]
fn a_man_moves_only_to_an_unoccupied_square() {
    for rules in BOTH {
        assert_eq!(
            actions(&pos("B:W30:B14,17", rules)),
            sorted(&["14-18", "17-21", "17-22"])
        );
        // 14 faces 17 (own) and 18 (White's, guarded by 23): 14 cannot move.
        assert_eq!(
            actions(&pos("B:W18,23:B14,17", rules)),
            sorted(&["17-21", "17-22"])
        );
    }
}

// ------------------------------------------------------------- Capturing

/// "When a man meets an opponent's man, no further move can be made in that
/// direction, unless there is a vacant square immediately beyond one of the
/// men, in which case he is said to be unguarded."
#[test]
fn no_further_move_in_that_direction_unless_the_square_beyond_is_vacant() {
    for rules in BOTH {
        // 18 is guarded by 23: no capture, and 14 can only go to 17.
        assert_eq!(actions(&pos("B:W18,23:B14", rules)), sorted(&["14-17"]));
    }
    // Unguarded: the capture is there.
    assert_eq!(
        actions(&pos("B:W18:B14", Rules::ENGLISH)),
        sorted(&["14x23"])
    );
}

/// "... the player must capture the adverse man, which he does by placing
/// his man on the vacant square immediately beyond, and removing the adverse
/// man from the board."
#[test]
fn a_capture_places_the_man_beyond_and_removes_the_adverse_man() {
    for rules in BOTH {
        let after = play(&pos("B:W18,30:B14", rules), "14x23");
        assert_eq!(after.to_string(), "W:W30:B23");
        assert_eq!(after.pending(), Pending::Nothing);
    }
}

/// "... or if the man that is met is or becomes unguarded after the next
/// move, the player must capture": White's 23-19 unguards 18, and Black's
/// capture is then open (compulsory under english rules).
#[test]
fn a_man_that_becomes_unguarded_after_the_next_move_must_be_captured() {
    for rules in BOTH {
        let p = pos("W:W18,23,30:B9,14", rules);
        // Guarded now: were it Black's turn, 14 could not take 18.
        assert!(!pos("B:W18,23,30:B9,14", rules).can_capture());
        let after = play(&p, "23-19");
        assert_eq!(after.to_string(), "B:W18,19,30:B9,14");
        assert!(after.can_capture(), "{rules}");
        let names = actions(&after);
        if rules.is_huffing() {
            assert!(names.contains(&"14x23".to_string()), "{names:?}");
            assert!(names.contains(&"9-13".to_string()), "{names:?}");
        } else {
            assert_eq!(names, sorted(&["14x23"]));
        }
    }
}

/// The english counterpart of "the player must capture": under english
/// rules a capture is compulsory, and a step is rejected with a reason.
#[test]
fn english_capture_is_compulsory() {
    let p = pos("B:W18,30:B1,14", Rules::ENGLISH);
    assert_eq!(actions(&p), sorted(&["14x23"]));
    let err = parse_action(&p, "1-5").unwrap_err();
    assert!(
        matches!(
            err,
            MoveError::Illegal {
                compulsory: true,
                ..
            }
        ),
        "{err}"
    );
    // Under huffing the same steps are legal (and offend).
    let h = pos("B:W18,30:B1,14", Rules::HUFFING);
    assert_eq!(actions(&h), sorted(&["1-5", "1-6", "14-17", "14x23"]));
    assert!(matches!(play(&h, "1-5").pending(), Pending::Offence(m) if m.to_string() == "1-5"));
}

/// Men capture forward only (a man "moves and captures" only forward; only
/// the king has "the additional privilege" of going backward).
#[test]
fn men_capture_forward_only() {
    // A black man on 14 between White's men on 10 (behind) and 18 (ahead).
    assert_eq!(
        actions(&pos("B:W10,18:B14", Rules::ENGLISH)),
        sorted(&["14x23"])
    );
    assert_eq!(
        actions(&pos("B:W10,18:B14", Rules::HUFFING)),
        sorted(&["14-17", "14x23"])
    );
    // Only the piece behind: no capture at all.
    for rules in BOTH {
        assert_eq!(
            actions(&pos("B:W10:B14", rules)),
            sorted(&["14-17", "14-18"])
        );
    }
    // A white man captures towards Black only: 10 yes, 18 no.
    assert_eq!(
        actions(&pos("W:W14:B10,18", Rules::ENGLISH)),
        sorted(&["14x7"])
    );
    assert_eq!(
        actions(&pos("W:W14:B10,18", Rules::HUFFING)),
        sorted(&["14-9", "14x7"])
    );
    // After a jump a man cannot turn back: 14x23, not 14x23x16.
    assert_eq!(
        actions(&pos("B:W18,19:B14", Rules::ENGLISH)),
        sorted(&["14x23"])
    );
}

/// "If two or more men are so placed that one vacant square intervenes
/// between each, in a direction that the capturing man can move, he must
/// take all that are en prise at the same time."
#[test]
fn he_must_take_all_that_are_en_prise_at_the_same_time() {
    // English: the whole sequence is the only move; stopping is illegal.
    let e = pos("B:W15,23:B11", Rules::ENGLISH);
    assert_eq!(actions(&e), sorted(&["11x18x27"]));
    assert!(parse_action(&e, "11x18").is_err());
    assert_eq!(play(&e, "11x18x27").to_string(), "W:W:B27");
    // Huffing: he may stop, but stopping short is an offence.
    let h = pos("B:W15,23:B11", Rules::HUFFING);
    assert_eq!(actions(&h), sorted(&["11-16", "11x18", "11x18x27"]));
    let full = play(&h, "11x18x27");
    assert_eq!(full.to_string(), "W:W:B27");
    assert_eq!(full.pending(), Pending::Nothing);
    let short = play(&h, "11x18");
    assert_eq!(short.to_string(), "W:W23:B18:O11x18");
    assert!(matches!(short.pending(), Pending::Offence(m) if m.to_string() == "11x18"));
}

/// English counterpart: "must complete the sequence" holds for kings too,
/// whatever direction the sequence turns.
#[test]
fn english_must_complete_the_sequence() {
    let p = pos("B:W18,19:BK14", Rules::ENGLISH);
    assert_eq!(actions(&p), sorted(&["14x23x16"]));
    let err = parse_action(&p, "14x23").unwrap_err();
    assert!(
        matches!(&err, MoveError::Illegal { legal, .. } if legal == &["14x23x16"]),
        "{err}"
    );
}

// ---------------------------------------------------------------- Huffing

/// "If a player neglects to capture when able, the adversary has the option
/// (a) of allowing the move to stand; (b) of requiring the player who moved
/// without capturing to replace the man moved, and to take the man or men en
/// prise; or (c) of huffing ... The last move stands good, and the man who
/// could have captured is removed from the board as a penalty for not
/// taking."
#[test]
fn neglect_gives_the_adversary_three_options() {
    let before = pos("B:W14,30:B9,11", Rules::HUFFING);
    assert_eq!(
        actions(&before),
        sorted(&["9-13", "9x18", "11-15", "11-16"])
    );
    let neglect = play(&before, "11-15");
    assert_eq!(neglect.to_string(), "W:W14,30:B9,15:O11-15");
    assert_eq!(
        actions(&neglect),
        sorted(&[
            "14-10", "14x5", "30-25", "30-26", "compel", "h9 14-10", "h9 14-9", "h9 30-25",
            "h9 30-26",
        ])
    );
    // The contract's worked perft of this position.
    for (depth, nodes) in [(1, 9), (2, 38), (3, 141), (4, 445)] {
        assert_eq!(parlour_game::perft(&neglect, depth), nodes, "depth {depth}");
    }

    // (a) Let it stand: White makes his move, Black's 15 stays on 15.
    let stand = play(&neglect, "14x5");
    assert_eq!(stand.to_string(), "B:W5,30:B15");
    assert_eq!(stand.pending(), Pending::Nothing);

    // (b) Compel: 11-15 is taken back and Black must take the man en prise.
    let compel = play(&neglect, "compel");
    assert_eq!(compel.to_string(), "B:W14,30:B9,11:C");
    assert_eq!(compel.pending(), Pending::CompelCapture);
    assert_eq!(actions(&compel), sorted(&["9x18"]));
    let taken = play(&compel, "9x18");
    assert_eq!(taken.to_string(), "W:W30:B11,18");
    assert!(!has_huff_or_compel(&taken));

    // (c) Huff: the man on 9 (who could have captured) is removed, 11-15
    // stands good, and White makes his move.
    let huffed = play(&neglect, "h9 30-26");
    assert_eq!(huffed.to_string(), "B:W14,26:B15");
    assert_eq!(huffed.pending(), Pending::Nothing);
}

/// "... the man who could have captured is removed": after a neglect the
/// huffable pieces are those that had a jump open, on the squares where
/// they now stand (the man that moved, on his new square).
#[test]
fn the_man_who_could_have_captured_is_removed() {
    let before = pos("B:W14,30:B9,11", Rules::HUFFING);
    let moved_away = play(&before, "9-13");
    assert_eq!(moved_away.to_string(), "W:W14,30:B11,13:O9-13");
    let names = actions(&moved_away);
    assert!(names.contains(&"h13 14-10".to_string()), "{names:?}");
    assert!(!names
        .iter()
        .any(|n| n.starts_with("h9 ") || n.starts_with("h11 ")));
    assert_eq!(play(&moved_away, "h13 14-10").to_string(), "B:W10,30:B11");
    // Two men could have captured: either may be huffed, the other not.
    let two = play(&pos("B:W14,30:B9,10,11", Rules::HUFFING), "11-15");
    let names = actions(&two);
    for sq in ["h9 ", "h10 "] {
        assert!(names.iter().any(|n| n.starts_with(sq)), "{sq} {names:?}");
    }
    assert!(!names.iter().any(|n| n.starts_with("h15 ")), "{names:?}");
}

/// "A player who huffs also makes a move. Huffing is not a move, or, in
/// technical terms, 'huff and move go together.'"
#[test]
fn huff_and_move_go_together() {
    let p = pos("W:W14,30:B9,15:O11-15", Rules::HUFFING);
    // A huff alone is not an action.
    assert_eq!(
        parse_action(&p, "h9"),
        Err(MoveError::HuffWithoutMove { text: "h9".into() })
    );
    // Every huff carries a move, and the pair is one ply: Black moves next.
    for action in p.action_vec() {
        if let Action::Huff(sq, mv) = action {
            assert_eq!(sq.number(), 9);
            let after = p.play(action);
            assert_eq!(after.side(), parlour_game::Side::Black, "{action}");
            // The huffed man is gone (the move may land on his square).
            let black = p.pieces(parlour_game::Side::Black);
            assert_eq!(
                after.pieces(parlour_game::Side::Black),
                (black & !sq.bit()) & !mv.captured(),
                "{action}"
            );
            assert_eq!(
                after.piece_at(mv.to()).map(|(s, _)| s),
                Some(parlour_game::Side::White),
                "{action}"
            );
        }
    }
    assert_eq!(play(&p, "h9 14-10").to_string(), "B:W10,30:B15");
    // A huff cannot go with an illegal move, nor of a piece that may not be
    // huffed.
    assert!(parse_action(&p, "h9 14-18").is_err());
    assert_eq!(
        parse_action(&p, "h15 14-10"),
        Err(MoveError::CannotHuff {
            square: Square::from_number(15).unwrap()
        })
    );
}

/// "The huff must be made before the move, or the right of huffing is lost."
#[test]
fn the_huff_must_be_made_before_the_move_or_the_right_is_lost() {
    // Black neglects 14x23 by 1-6; 14 may be huffed on White's next turn.
    let neglect = play(&pos("B:W18,30:B1,9,14", Rules::HUFFING), "1-6");
    assert_eq!(neglect.to_string(), "W:W18,30:B6,9,14:O1-6");
    assert_eq!(
        actions(&neglect),
        sorted(&[
            "18-15",
            "30-25",
            "30-26",
            "compel",
            "h14 18-14",
            "h14 18-15",
            "h14 30-25",
            "h14 30-26",
        ])
    );
    // White moves without huffing: the move stands, nothing is pending.
    let stood = play(&neglect, "18-15");
    assert_eq!(stood.to_string(), "B:W15,30:B6,9,14");
    assert_eq!(stood.pending(), Pending::Nothing);
    // Black moves cleanly; White's right over the old neglect is gone
    // although the man on 14 is still there.
    let later = play(&stood, "9-13");
    assert_eq!(later.pending(), Pending::Nothing);
    assert!(!has_huff_or_compel(&later));
    assert_eq!(
        parse_action(&later, "h14 15-10"),
        Err(MoveError::CannotHuff {
            square: Square::from_number(14).unwrap()
        })
    );
    assert!(parse_action(&later, "compel").is_err());
}

/// "... but if the player at his next move again neglects to capture, his
/// adversary has the same option as before."
#[test]
fn a_repeated_neglect_gives_the_same_options_again() {
    let neglect = play(&pos("B:W18,30:B1,9,14", Rules::HUFFING), "1-6");
    // White lets it stand with 30-26; Black still has 14x23x30 open.
    let stood = play(&neglect, "30-26");
    assert_eq!(stood.pending(), Pending::Nothing);
    assert!(actions(&stood).contains(&"14x23x30".to_string()));
    // Black neglects again: White has the three options again.
    let again = play(&stood, "6-10");
    assert_eq!(again.to_string(), "W:W18,26:B9,10,14:O6-10");
    let names = actions(&again);
    assert!(names.contains(&"compel".to_string()), "{names:?}");
    assert!(names.contains(&"h14 26-22".to_string()), "{names:?}");
    assert!(names.contains(&"26-22".to_string()), "{names:?}");
    // Compel takes back 6-10 only: Black must capture, with 14.
    let compel = play(&again, "compel");
    assert_eq!(compel.to_string(), "B:W18,26:B6,9,14:C");
    assert_eq!(actions(&compel), sorted(&["14x23x30"]));

    // The huffer's own move is judged too: after huffing 9, White's 30-26
    // leaves 14x7 untaken, and Black has the options in his turn.
    let two = play(&pos("B:W14,30:B9,10,11", Rules::HUFFING), "11-15");
    let huffed = play(&two, "h9 30-26");
    assert_eq!(huffed.to_string(), "B:W14,26:B10,15:O30-26");
    let names = actions(&huffed);
    assert!(names.contains(&"compel".to_string()), "{names:?}");
    assert!(names.contains(&"h14 10-14".to_string()), "{names:?}");
    // Compel takes back White's move only: the huff stands.
    let compel = play(&huffed, "compel");
    assert_eq!(compel.to_string(), "W:W14,30:B10,15:C");
    assert_eq!(actions(&compel), sorted(&["14x7"]), "White must take 10");
}

/// "If a player can capture on more than one square, he may elect which way
/// he will take; if able to capture one man on one square, and more than one
/// on another, he is not obliged to take the larger number."
#[test]
fn the_choice_among_captures_is_free_and_the_larger_number_is_not_obligatory() {
    let e = pos("B:W14,15,23:B10", Rules::ENGLISH);
    assert_eq!(actions(&e), sorted(&["10x17", "10x19x26"]));
    assert_eq!(play(&e, "10x17").to_string(), "W:W15,23:B17");
    let h = pos("B:W14,15,23:B10", Rules::HUFFING);
    assert_eq!(actions(&h), sorted(&["10x17", "10x19", "10x19x26"]));
    // Taking the one man is a complete capture: no offence.
    let one = play(&h, "10x17");
    assert_eq!(one.to_string(), "W:W15,23:B17");
    assert_eq!(one.pending(), Pending::Nothing);
    assert!(!has_huff_or_compel(&one));
}

/// "But, if he selects to capture the larger number, he must take all of
/// that lot which are en prise. Should he overlook any, he is liable to be
/// huffed, or may be compelled to take the remainder."
#[test]
fn a_capture_stopped_short_may_be_huffed_or_completed() {
    let short = play(&pos("B:W14,15,23:B10", Rules::HUFFING), "10x19");
    assert_eq!(short.to_string(), "W:W14,23:B19:O10x19");
    assert_eq!(
        actions(&short),
        sorted(&[
            "14-10",
            "14-9",
            "23-18",
            "23x16",
            "compel",
            "h19 14-10",
            "h19 14-9",
            "h19 23-18",
            "h19 23-19",
        ])
    );
    // Huffed: the capturing man goes, the capture so far stands.
    assert_eq!(play(&short, "h19 23-18").to_string(), "B:W14,18:B");
    // Compelled: the man on 19 takes the remainder, written from 19.
    let compel = play(&short, "compel");
    assert_eq!(compel.to_string(), "B:W14,23:B19:C10x19");
    assert!(matches!(compel.pending(), Pending::CompelRest(m) if m.to_string() == "10x19"));
    assert_eq!(actions(&compel), sorted(&["19x26"]));
    let done = play(&compel, "19x26");
    assert_eq!(done.to_string(), "W:W14:B26");
    assert!(!has_huff_or_compel(&done));
}

/// "Thus, if in C, diagram c, Black only takes two men, those two are
/// removed from the board (the capture being so far completed), and Black
/// may be huffed, or may be compelled to capture the third man, or the move
/// may be allowed to stand." Three men en prise in one line, the last
/// capture crowning (as in the diagram: "if the black man captures the three
/// white men he becomes a king").
#[test]
fn diagram_c_black_takes_only_two_of_three() {
    let e = pos("B:W9,18,27,30:B1,5", Rules::ENGLISH);
    assert_eq!(actions(&e), sorted(&["5x14x23x32"]));
    assert_eq!(play(&e, "5x14x23x32").to_string(), "W:W30:B1,K32");

    let h = pos("B:W9,18,27,30:B1,5", Rules::HUFFING);
    assert_eq!(
        actions(&h),
        sorted(&["1-6", "5x14", "5x14x23", "5x14x23x32"])
    );
    let two = play(&h, "5x14x23");
    // The two men taken are off the board; the third is still en prise.
    assert_eq!(two.to_string(), "W:W27,30:B1,23:O5x14x23");
    assert_eq!(
        actions(&two),
        sorted(&[
            "27-24",
            "27x18",
            "30-25",
            "30-26",
            "compel",
            "h23 27-23",
            "h23 27-24",
            "h23 30-25",
            "h23 30-26",
        ])
    );
    // Huffed.
    assert_eq!(play(&two, "h23 30-26").to_string(), "B:W26,27:B1");
    // Compelled to capture the third man, and crowned by it.
    let compel = play(&two, "compel");
    assert_eq!(compel.to_string(), "B:W27,30:B1,23:C5x14x23");
    assert_eq!(actions(&compel), sorted(&["23x32"]));
    assert_eq!(play(&compel, "23x32").to_string(), "W:W30:B1,K32");
    // Allowed to stand: White just moves (here taking the man on 23).
    let stood = play(&two, "27x18");
    assert_eq!(stood.to_string(), "B:W18,30:B1");
    assert_eq!(stood.pending(), Pending::Nothing);
}

// ------------------------------------------------------------------ Kings

/// "When a man belonging to either player reaches one of the squares
/// farthest from his own end of the board, whether by moving or capturing
/// he becomes a king."
#[test]
fn a_man_reaching_the_far_row_by_moving_or_capturing_becomes_a_king() {
    for rules in BOTH {
        assert_eq!(
            play(&pos("B:W13:B27", rules), "27-32").to_string(),
            "W:W13:BK32"
        );
        assert_eq!(
            play(&pos("W:W6:B20", rules), "6-1").to_string(),
            "B:WK1:B20"
        );
        assert_eq!(
            play(&pos("B:W26,13:B22", rules), "22x31").to_string(),
            "W:W13:BK31"
        );
        assert_eq!(
            play(&pos("W:W10:B6,20", rules), "10x1").to_string(),
            "B:WK1:B20"
        );
    }
}

/// "A king moves and captures in precisely the same way as a man, with the
/// additional privilege that he can do so either forward or backward."
#[test]
fn kings_move_and_capture_both_ways() {
    for rules in BOTH {
        assert_eq!(
            actions(&pos("B:W30:BK14", rules)),
            sorted(&["14-10", "14-17", "14-18", "14-9"])
        );
        assert_eq!(
            actions(&pos("W:WK14:B1", rules)),
            sorted(&["14-10", "14-17", "14-18", "14-9"])
        );
    }
    assert_eq!(
        actions(&pos("B:W10,18:BK14", Rules::ENGLISH)),
        sorted(&["14x23", "14x7"])
    );
    assert_eq!(
        actions(&pos("B:W10,18:BK14", Rules::HUFFING)),
        sorted(&["14-17", "14-9", "14x23", "14x7"])
    );
}

/// "Consequently, if after one capture he meets an unguarded piece, he
/// continues the capture in any direction."
#[test]
fn a_king_continues_the_capture_in_any_direction() {
    // Down over 18, then up over 19: a man could not (14x23 only).
    assert_eq!(
        actions(&pos("B:W18,19:BK14", Rules::ENGLISH)),
        sorted(&["14x23x16"])
    );
    assert_eq!(
        actions(&pos("B:W18,19:BK14", Rules::HUFFING)),
        sorted(&["14-10", "14-17", "14-9", "14x23", "14x23x16"])
    );
    assert_eq!(
        actions(&pos("B:W18,19:B14", Rules::HUFFING)),
        sorted(&["14-17", "14x23"])
    );
}

/// "An unguarded king can also be captured by a piece, just as in the case
/// of a man."
#[test]
fn an_unguarded_king_can_be_captured_like_a_man() {
    let p = pos("W:W18:BK14", Rules::ENGLISH);
    assert_eq!(actions(&p), sorted(&["18x9"]));
    assert_eq!(play(&p, "18x9").to_string(), "B:W9:B");
    // Guarded (9 occupied): no capture.
    assert_eq!(
        actions(&pos("W:W18:B9,K14", Rules::ENGLISH)),
        sorted(&["18-15"])
    );
}

/// "A king is liable to be huffed for not capturing, or the adversary may
/// allow the move to stand, or may compel the king to take, just as in the
/// case of a man."
#[test]
fn a_king_is_liable_to_be_huffed_like_a_man() {
    // The king on 14 could take 18 and Black plays 1-5 instead.
    let neglect = play(&pos("B:W18,30:B1,K14", Rules::HUFFING), "1-5");
    assert_eq!(neglect.to_string(), "W:W18,30:B5,K14:O1-5");
    assert_eq!(
        actions(&neglect),
        sorted(&[
            "18-15",
            "18x9",
            "30-25",
            "30-26",
            "compel",
            "h14 18-14",
            "h14 18-15",
            "h14 30-25",
            "h14 30-26",
        ])
    );
    assert_eq!(play(&neglect, "h14 30-26").to_string(), "B:W18,26:B5");
    let compel = play(&neglect, "compel");
    assert_eq!(compel.to_string(), "B:W18,30:B1,K14:C");
    assert_eq!(actions(&compel), sorted(&["14x23"]));
    // The king moving away instead of capturing: huffed on his new square.
    let moved = play(&pos("B:W18,30:B1,K14", Rules::HUFFING), "14-10");
    assert_eq!(moved.to_string(), "W:W18,30:B1,K10:O14-10");
    assert!(actions(&moved).contains(&"h10 30-26".to_string()));
    // A king stopping short: huffed or compelled like a man.
    let short = play(&pos("B:W18,27,30:BK14", Rules::HUFFING), "14x23");
    assert_eq!(short.to_string(), "W:W27,30:BK23:O14x23");
    assert!(actions(&short).contains(&"h23 30-26".to_string()));
    let compel = play(&short, "compel");
    assert_eq!(actions(&compel), sorted(&["23x32"]));
    assert_eq!(play(&compel, "23x32").to_string(), "W:W30:BK32");
}

/// "When a man becomes a king his move is finished i.e., if there is a man
/// or king en prise of the new-made king, it cannot be captured until the
/// adversary has made his next move." Under both rule sets, and under
/// huffing stopping there is no offence.
#[test]
fn a_man_crowned_ends_his_move_and_cannot_capture_until_the_adversary_has_moved() {
    for rules in BOTH {
        let p = pos("B:W13,26,27:B22", rules);
        let expected: &[&str] = if rules.is_huffing() {
            &["22-25", "22x31"]
        } else {
            &["22x31"]
        };
        assert_eq!(actions(&p), sorted(expected), "{rules}");
        let crowned = play(&p, "22x31");
        // The new king stops on 31 though 27 is en prise to him.
        assert_eq!(crowned.to_string(), "W:W13,27:BK31", "{rules}");
        assert_eq!(crowned.pending(), Pending::Nothing, "{rules}");
        assert!(!has_huff_or_compel(&crowned), "{rules}");
        // After White's move the king may take.
        let next = play(&crowned, "13-9");
        let names = actions(&next);
        assert!(names.contains(&"31x24".to_string()), "{rules}: {names:?}");
        if !rules.is_huffing() {
            assert_eq!(names, sorted(&["31x24"]));
        }
    }
}

/// "This rule does not apply to a king already made when he captures, but
/// only to a man that becomes a king on the move."
#[test]
fn a_king_already_made_captures_on_through_the_far_row() {
    for rules in BOTH {
        let p = pos("B:W26,27:BK22", rules);
        assert!(actions(&p).contains(&"22x31x24".to_string()), "{rules}");
        assert_eq!(play(&p, "22x31x24").to_string(), "W:W:BK24");
    }
    assert_eq!(
        actions(&pos("B:W26,27:BK22", Rules::ENGLISH)),
        sorted(&["22x31x24"])
    );
    // Under huffing the king stopping on 31 has stopped short.
    let short = play(&pos("B:W26,27:BK22", Rules::HUFFING), "22x31");
    assert_eq!(short.to_string(), "W:W27:BK31:O22x31");
}

/// "... requiring the player who moved without capturing to replace the man
/// moved": a man crowned by the neglecting step goes back a man.
#[test]
fn a_man_crowned_by_a_neglect_is_replaced_uncrowned_when_compelled() {
    let before = pos("B:W13,18:B14,27", Rules::HUFFING);
    let neglect = play(&before, "27-32");
    assert_eq!(neglect.to_string(), "W:W13,18:B14,K32:O27-32K");
    // Huffable: 14, who could have taken 18; not the new king.
    let names = actions(&neglect);
    assert!(names.contains(&"h14 18-14".to_string()), "{names:?}");
    assert!(!names.iter().any(|n| n.starts_with("h32 ")), "{names:?}");
    let compel = play(&neglect, "compel");
    assert_eq!(compel.to_string(), "B:W13,18:B14,27:C");
    assert_eq!(actions(&compel), sorted(&["14x23"]));
}
