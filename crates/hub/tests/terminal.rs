//! The terminal game over in-memory streams: commands, an illegal move and
//! the prompt again, undo, saving PDN, and whole games played to the end
//! by a driver that answers each prompt with a legal move.

use parlour_checkers::{Position, Rules};
use parlour_game::{Outcome, Side};
use parlour_hub::terminal::{play, PlayOptions};
use parlour_pegs::{PegPosition, PegRules};
use parlour_search::Limits;
use std::io::{BufReader, Read, Write};
use std::sync::mpsc::{channel, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn options(human: Side) -> PlayOptions {
    PlayOptions {
        human,
        limits: Limits::Depth(1),
        threads: 1,
        hash_mib: 1,
        pdn: None,
    }
}

fn run<G: parlour_hub::terminal::TerminalGame>(
    start: G,
    input: &str,
    options: &PlayOptions,
) -> (Option<Outcome>, String) {
    let mut out = Vec::new();
    let outcome = play(start, input.as_bytes(), &mut out, options).unwrap();
    (outcome, String::from_utf8(out).unwrap())
}

#[test]
fn commands_an_illegal_move_and_undo() {
    let input =
        "help\n12-17\n11-15x\n21-17\nmoves\n11-15\nfen\nundo\nundo\nposition\nhint\nsave\nquit\n\n";
    let (outcome, text) = run(
        Position::start(Rules::ENGLISH),
        input,
        &options(Side::Black),
    );
    assert_eq!(outcome, None);
    assert!(text.contains("undo        take back"), "{text}");
    // The illegal and the malformed move are refused, with the prompt again.
    assert!(text.contains("`12-17` is not a move: 12 and 17 are not neighbouring"));
    assert!(text.contains("`11-15x` mixes - and x"), "{text}");
    assert!(
        text.contains("> `21-17` is not a legal move here"),
        "{text}"
    );
    assert!(
        text.contains("> 10-14 10-15 11-15 11-16 12-16 9-13 9-14\n"),
        "{text}"
    );
    // The engine answers 11-15 at once; undo takes both moves back.
    assert!(text.contains("parlour plays "), "{text}");
    let took = text.find("took back 11-15 ").expect("undo");
    assert!(text[took..].contains("nothing to undo: you have not moved yet"));
    // fen after the undo is the start again.
    let start = Position::start(Rules::ENGLISH).to_string();
    assert!(text.contains(&format!("> {start}\n")), "{text}");
    assert!(text.contains("hint: "), "{text}");
    assert!(text.contains("save needs a file name"), "{text}");
    // The board is drawn with its coordinates.
    assert!(text.contains("|   b   b   b   b |     1   2   3   4"));
}

#[test]
fn the_engine_moves_first_for_a_white_player() {
    let (_, text) = run(
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
    let (outcome, text) = run(start, "14x23\n", &opts);
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

/// Input the driver feeds line by line.
struct Feed(Receiver<String>, Vec<u8>);

impl Read for Feed {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.1.is_empty() {
            match self.0.recv() {
                Ok(line) => self.1 = line.into_bytes(),
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.1.len());
        buf[..n].copy_from_slice(&self.1[..n]);
        self.1.drain(..n);
        Ok(n)
    }
}

#[derive(Clone, Default)]
struct Shared(Arc<Mutex<String>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap()
            .push_str(std::str::from_utf8(buf).unwrap());
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Plays a whole game: at each prompt the driver asks for `moves` and
/// plays the first one; returns the outcome and the transcript.
fn drive<G: parlour_hub::terminal::TerminalGame>(
    start: G,
    human: Side,
) -> (Option<Outcome>, String) {
    let (tx, rx) = channel::<String>();
    let out = Shared::default();
    let writer = out.clone();
    let game = std::thread::spawn(move || {
        play(
            start,
            BufReader::new(Feed(rx, Vec::new())),
            writer,
            &options(human),
        )
        .unwrap()
    });
    let prompt = format!("your move ({human})> ");
    let until = Instant::now() + Duration::from_secs(120);
    let mut sent = 0;
    loop {
        assert!(Instant::now() < until, "the game did not end");
        let text = out.0.lock().unwrap().clone();
        if text.contains("game over") {
            break;
        }
        // Each prompt is answered once, alternately `moves` and the first
        // of the moves it listed.
        if text.matches(&prompt).count() > sent && text.ends_with(&prompt) {
            if sent % 2 == 0 {
                tx.send("moves\n".into()).unwrap();
            } else {
                let listed = text.rsplit(&prompt).nth(1).unwrap();
                let first = listed.lines().next().unwrap().split(' ').next().unwrap();
                tx.send(format!("{first}\n")).unwrap();
            }
            sent += 1;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    drop(tx);
    let outcome = game.join().unwrap();
    let text = out.0.lock().unwrap().clone();
    (outcome, text)
}

#[test]
fn a_whole_checkers_game_against_the_engine() {
    let (outcome, text) = drive(Position::start(Rules::ENGLISH), Side::Black);
    assert!(outcome.is_some(), "{text}");
    assert!(text.contains(&format!("game over: {}", outcome.unwrap())));
}

#[test]
fn a_whole_peg_game_against_the_engine() {
    let rules: PegRules = "squares=2,pegs=3,reserve=1,quiet_plies=30".parse().unwrap();
    let (outcome, text) = drive(PegPosition::start(rules), Side::White);
    assert!(outcome.is_some(), "{text}");
    // The peg board is drawn, with the pegs and counts.
    assert!(text.contains("white: "), "{text}");
}
