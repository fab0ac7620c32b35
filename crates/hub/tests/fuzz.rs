//! Fuzzing the parsers a person or another program feeds: checkers FEN,
//! rules and moves, peg positions, rules and moves, Hub lines, and whole
//! Hub sessions of unreadable lines. Inputs are random text and valid
//! texts with random edits, so that most cases get deep into a parser.
//!
//! For every input: no panic; an error is one printable line of bounded
//! length (what it quotes of the input cut short, control characters
//! escaped); and what is accepted is written back as text that reads as
//! the same thing. The case counts keep the whole file to seconds.

mod mutate;
mod support;

use mutate::mutated;
use parlour_checkers::{Position, Rules};
use parlour_game::Game;
use parlour_hub::{Message, ServerOptions};
use parlour_pegs::{PegPosition, PegRules};
use proptest::prelude::*;
use std::error::Error;
use support::serve;

/// The longest message an error may have (a list of 40 legal moves and a
/// cut quotation fit well within it).
const LONGEST: usize = 1000;

/// Checks that an error reads as one short printable line.
fn check_message(input: &str, error: &dyn Error) -> Result<(), TestCaseError> {
    mutate::check_message(input, error, LONGEST)
}

const FENS: &[&str] = &[
    "B:W21-32:B1-12",
    "W:W14,30:B9,15:O11-15",
    "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
    "W:W17,21:B9x18:O9x18",
    "B:W5:B1-3:C",
    "W:WK1:B28.",
];
const CHECKERS_RULES: &[&str] = &["english", "huffing", "huffing,quiet_plies=60"];
const CHECKERS_MOVES: &[&str] = &["11-15", "9x18x27", "22x15", "h9 14-10", "compel", "14x5"];
const PEG_POSITIONS: &[&str] = &[
    "b:/w:/hand:9,9/reserve:3,3/turn:b",
    "b:K11,3/w:2,12,19/hand:0,0/reserve:3,3/turn:w",
    "b:K16,3,4,9,11,21/w:K5,1,6,13,20/hand:4,5/reserve:3,3/turn:w/force:5",
    "b:K1/w:K2/hand:8,8/reserve:3,3/turn:b/rules:squares=4,diagonals=0",
];
const PEG_RULES: &[&str] = &[
    "squares=3,diagonals=1,pegs=9,reserve=3,quiet_plies=100",
    "squares=4",
];
const PEG_MOVES: &[&str] = &["K@7", "@7", "24-17", "@3x12", "12-13", "2-10"];
const HUB_LINES: &[&str] = &[
    "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"9-13 21-17\"",
    "set-param name=variant value=huffing",
    "set-param name=hash value=1",
    "pos fen=\"W:W14,30:B9,15:O11-15\" moves=\"h9 14-10\"",
    "set-param name=rules value=\"squares=4\"",
    "hub",
    "ping",
    "new-game",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn checkers_fen(text in mutated(FENS, 6), huffing in any::<bool>()) {
        let rules = if huffing { Rules::HUFFING } else { Rules::ENGLISH };
        match Position::from_fen(&text, rules) {
            Ok(pos) => {
                let again = Position::from_fen(&pos.to_string(), rules);
                prop_assert_eq!(again, Ok(pos), "{}", text);
            }
            Err(e) => check_message(&text, &e)?,
        }
    }

    #[test]
    fn checkers_rules(text in mutated(CHECKERS_RULES, 4)) {
        match text.parse::<Rules>() {
            Ok(rules) => prop_assert_eq!(rules.to_string().parse::<Rules>(), Ok(rules)),
            Err(e) => check_message(&text, &e)?,
        }
    }

    #[test]
    fn checkers_moves(text in mutated(CHECKERS_MOVES, 4), which in 0..FENS.len()) {
        let rules = if which == 0 { Rules::ENGLISH } else { Rules::HUFFING };
        let Ok(pos) = Position::from_fen(FENS[which], rules) else {
            return Ok(());
        };
        match pos.parse_move(&text) {
            Ok(mv) => {
                let mut legal = <Position as Game>::MoveList::default();
                pos.legal_moves(&mut legal);
                prop_assert!(legal.as_ref().contains(&mv));
                prop_assert_eq!(pos.parse_move(&mv.to_string()), Ok(mv));
            }
            Err(e) => check_message(&text, &e)?,
        }
    }

    #[test]
    fn peg_positions(text in mutated(PEG_POSITIONS, 6)) {
        match PegPosition::parse(&text, None) {
            Ok(pos) => {
                prop_assert_eq!(PegPosition::parse(&pos.to_string(), None), Ok(pos));
            }
            Err(e) => check_message(&text, &e)?,
        }
    }

    #[test]
    fn peg_rules(text in mutated(PEG_RULES, 4)) {
        match text.parse::<PegRules>() {
            Ok(rules) => prop_assert_eq!(rules.to_string().parse::<PegRules>(), Ok(rules)),
            Err(e) => check_message(&text, &e)?,
        }
    }

    #[test]
    fn peg_moves(text in mutated(PEG_MOVES, 3), which in 0..PEG_POSITIONS.len()) {
        let Ok(pos) = PegPosition::parse(PEG_POSITIONS[which], None) else {
            return Ok(());
        };
        match pos.parse_move(&text) {
            Ok(mv) => {
                let mut legal = <PegPosition as Game>::MoveList::default();
                pos.legal_moves(&mut legal);
                prop_assert!(legal.as_ref().contains(&mv));
                prop_assert_eq!(pos.parse_move(&mv.to_string()).ok(), Some(mv));
            }
            Err(e) => check_message(&text, &e)?,
        }
    }

    #[test]
    fn hub_lines(text in mutated(HUB_LINES, 6)) {
        if let Err(e) = Message::parse(&text) {
            check_message(&text, &e)?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    /// A session of unreadable, malformed and odd lines, some not UTF-8:
    /// every line is answered or ignored, the session ends cleanly, and
    /// every answer is one Hub line.
    #[test]
    fn hub_sessions(
        lines in prop::collection::vec(mutated(HUB_LINES, 8), 1..12),
        junk in prop::collection::vec(any::<u8>(), 0..40),
    ) {
        let mut input = b"level depth=1\n".to_vec();
        for line in &lines {
            // The search limit stays one ply, so a `go` answers at once.
            if line.trim_start().starts_with("level") {
                continue;
            }
            input.extend_from_slice(line.as_bytes());
            input.push(b'\n');
        }
        input.extend_from_slice(&junk);
        input.extend_from_slice(b"\nping\n");
        let mut out = Vec::new();
        let options = ServerOptions { hash_mib: 1, ..ServerOptions::default() };
        prop_assert!(serve(&input[..], &mut out, options).is_ok());
        let text = String::from_utf8(out).expect("answers are UTF-8");
        for line in text.lines() {
            prop_assert!(matches!(Message::parse(line), Ok(Some(_))), "{line:?}");
            prop_assert!(line.chars().count() <= LONGEST + 30, "{line:?}");
        }
    }
}

#[test]
fn a_hundred_kilobyte_input_is_quoted_short() {
    let long = format!("B:W{}\u{7}\u{1b}[31m", "1,".repeat(50_000));
    let error = Position::from_fen(&long, Rules::ENGLISH).unwrap_err();
    check_message(&long, &error).unwrap();
    let long = "q".repeat(100_000);
    for error in [
        Box::new(long.parse::<Rules>().unwrap_err()) as Box<dyn Error>,
        Box::new(PegPosition::parse(&long, None).unwrap_err()),
        Box::new(long.parse::<PegRules>().unwrap_err()),
        Box::new(
            Position::start(Rules::ENGLISH)
                .parse_move(&long)
                .unwrap_err(),
        ),
    ] {
        check_message(&long, error.as_ref()).unwrap();
    }
}
