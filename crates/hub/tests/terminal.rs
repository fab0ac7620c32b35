//! The terminal game over in-memory streams: commands, an illegal move and
//! the prompt again, undo, saving PDN, and whole games played to the end
//! by a driver that answers each prompt with a legal move.

mod support;

use parlour_checkers::{Position, Rules};
use parlour_game::{Outcome, Side, Variant};
use parlour_hub::terminal::{play, PlayOptions};
use parlour_pegs::{PegPosition, PegRules};
use parlour_search::Limits;
use std::io::BufReader;
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};
use support::{Feed, Shared};

fn options(human: Side) -> PlayOptions {
    PlayOptions {
        human,
        limits: Limits::depth(1),
        threads: 1,
        hash_mib: 1,
        pdn: None,
        book: None,
        book_pick: (parlour_book::Pick::Best, 0),
    }
}

fn run<V: Variant>(
    start: V::Position,
    input: &str,
    options: &PlayOptions,
) -> (Option<Outcome>, String) {
    let mut out = Vec::new();
    let eval = V::rules_of(&start).default_evaluator();
    let outcome = play::<V, _, _>(start, input.as_bytes(), &mut out, options, eval).unwrap();
    (outcome, String::from_utf8(out).unwrap())
}

#[test]
fn commands_an_illegal_move_and_undo() {
    let input =
        "help\n12-17\n11-15x\n21-17\nmoves\n11-15\nfen\nundo\nundo\nposition\nhint\nsave\nquit\n\n";
    let (outcome, text) = run::<Rules>(
        Position::start(Rules::ENGLISH),
        input,
        &options(Side::Black),
    );
    assert_eq!(outcome, None);
    assert!(text.contains("undo        take back"), "{text}");
    // The illegal and the malformed move are refused, with the prompt again.
    let says = |line: &str| {
        text.lines()
            .any(|l| l == format!("your move (black)> {line}"))
    };
    let moves = "type `moves` for the legal moves";
    assert!(
        says(&format!(
            "`12-17` is not a move: 12 and 17 are not neighbouring squares; {moves}"
        )),
        "{text}"
    );
    assert!(
        says(&format!(
            "`11-15x` mixes - and x: write 11-15 for a step, 9x18x27 for a capture; {moves}"
        )),
        "{text}"
    );
    assert!(
        says(&format!(
            "`21-17` is not a legal move here; the legal moves are \
             9-13, 9-14, 10-14, 10-15, 11-15, 11-16, 12-16; {moves}"
        )),
        "{text}"
    );
    assert!(
        text.contains("> 9-13 9-14 10-14 10-15 11-15 11-16 12-16\n"),
        "{text}"
    );
    // The engine answers 11-15 at once; undo takes both moves back.
    assert!(text.contains("parlour plays "), "{text}");
    let took = text.find("took back 11-15 ").expect("undo");
    assert!(
        text[took..]
            .lines()
            .any(|l| l == "your move (black)> nothing to undo: you have not moved yet"),
        "{text}"
    );
    // fen after the undo is the start again.
    let start = Position::start(Rules::ENGLISH).to_string();
    assert!(text.contains(&format!("> {start}\n")), "{text}");
    assert!(text.contains("hint: "), "{text}");
    assert!(says("save needs a file name: save game.pdn"), "{text}");
    // The board is drawn with its coordinates, from Black's side: his men
    // at the bottom, square 1 at the bottom right.
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("  |"))
        .take(8)
        .collect();
    assert_eq!(rows[0], "  |   w   w   w   w |    32  31  30  29", "{text}");
    assert_eq!(rows[7], "  | b   b   b   b   |   4   3   2   1", "{text}");
}

#[test]
fn a_white_player_sees_the_board_from_whites_side() {
    let (_, text) = run::<Rules>(
        Position::start(Rules::ENGLISH),
        "board
quit
",
        &options(Side::White),
    );
    // White's men at the bottom, as published diagrams draw the board.
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("  |"))
        .take(8)
        .collect();
    assert_eq!(rows[0], "  |   b   b   b   b |     1   2   3   4", "{text}");
    assert_eq!(rows[7], "  | w   w   w   w   |  29  30  31  32", "{text}");
}

#[test]
fn the_engine_moves_first_for_a_white_player() {
    let (_, text) = run::<Rules>(
        Position::start(Rules::ENGLISH),
        "quit\n",
        &options(Side::White),
    );
    let engine = text.find("parlour plays").expect("the engine opens");
    let prompt = text.find("your move (white)> ").expect("then a prompt");
    assert!(engine < prompt);
    // Nothing to save was asked for? The engine's move is a game: asked.
    assert!(text.contains("save the game as PDN?"));
}

#[test]
fn a_won_game_ends_and_is_saved_as_pdn() {
    // Black takes White's last piece.
    let start = Position::from_fen("B:W18:B14", Rules::ENGLISH).unwrap();
    let dir = std::env::temp_dir().join(format!("parlour-terminal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("won.pdn");
    let opts = PlayOptions {
        pdn: Some(path.clone()),
        ..options(Side::Black)
    };
    let (outcome, text) = run::<Rules>(start, "14x23\n", &opts);
    assert_eq!(outcome, Some(Outcome::Win(Side::Black)));
    assert!(
        text.contains("game over: black wins (you win), 2-0"),
        "{text}"
    );
    let pdn = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(pdn.contains("[Black \"you\"]\n[White \"parlour\"]\n[Result \"2-0\"]\n"));
    assert!(
        pdn.contains("[GameType \"21\"]\n[FEN \"B:W18:B14\"]\n"),
        "{pdn}"
    );
    assert!(pdn.ends_with("\n1. 14x23 2-0\n"), "{pdn}");
}

/// Plays a whole game: at each prompt the driver asks for `moves` and
/// plays the first one; returns the outcome and the transcript.
fn drive<V: Variant>(start: V::Position, human: Side) -> (Option<Outcome>, String) {
    let (tx, rx) = channel::<Vec<u8>>();
    let out = Shared::default();
    let writer = out.clone();
    let game = std::thread::spawn(move || {
        play::<V, _, _>(
            start,
            BufReader::new(Feed::new(rx)),
            writer,
            &options(human),
            V::rules_of(&start).default_evaluator(),
        )
        .unwrap()
    });
    let prompt = format!("your move ({human})> ");
    let until = Instant::now() + Duration::from_secs(120);
    let mut sent = 0;
    loop {
        assert!(Instant::now() < until, "the game did not end");
        let text = out.text();
        if text.contains("game over") {
            break;
        }
        // Each prompt is answered once, alternately `moves` and the first
        // of the moves it listed.
        if text.matches(&prompt).count() > sent && text.ends_with(&prompt) {
            if sent % 2 == 0 {
                tx.send(b"moves\n".to_vec()).unwrap();
            } else {
                let listed = text.rsplit(&prompt).nth(1).unwrap();
                let first = listed.lines().next().unwrap().split(' ').next().unwrap();
                tx.send(format!("{first}\n").into_bytes()).unwrap();
            }
            sent += 1;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    drop(tx);
    let outcome = game.join().unwrap();
    (outcome, out.text())
}

#[test]
fn a_whole_checkers_game_against_the_engine() {
    let (outcome, text) = drive::<Rules>(Position::start(Rules::ENGLISH), Side::Black);
    assert!(outcome.is_some(), "{text}");
    assert!(text.contains(&format!("game over: {}", outcome.unwrap())));
}

#[test]
fn a_whole_peg_game_against_the_engine() {
    let rules: PegRules = "squares=2,pegs=3,reserve=1,quiet_plies=30".parse().unwrap();
    let (outcome, text) = drive::<PegRules>(PegPosition::start(rules), Side::White);
    assert!(outcome.is_some(), "{text}");
    // The peg board is drawn, with the pegs and counts.
    assert!(text.contains("white: "), "{text}");
}
