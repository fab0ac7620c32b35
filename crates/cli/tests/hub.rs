//! `parlour hub` and `parlour play` from the outside: the Hub client of
//! `parlour-hub` drives the built binary through whole games in each
//! variant, and `parlour play` is played through piped standard input.

use parlour_checkers::{Position, Rules};
use parlour_game::{Game, History, Variant};
use parlour_hub::{ClientOptions, HubClient};
use parlour_pegs::{PegPosition, PegRules};
use parlour_search::Limits;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

fn hub_command(extra: &str) -> String {
    format!("{} hub {extra}", env!("CARGO_BIN_EXE_parlour"))
}

/// The engine plays both sides through two clients until the game ends
/// or `max_plies`; every move it answers must be legal (the client checks).
fn self_play<V: Variant>(
    start: V::Position,
    limits: Limits,
    max_plies: usize,
) -> History<V::Position> {
    let options = ClientOptions::for_variant(V::rules_of(&start).hub_variant());
    let mut players = [
        HubClient::start(&hub_command("--threads 1"), &options).unwrap(),
        HubClient::start(&hub_command("--threads 1"), &options).unwrap(),
    ];
    assert_eq!(players[0].name(), "parlour");
    for p in &mut players {
        p.new_game().unwrap();
        p.ping(Duration::from_secs(10)).unwrap();
    }
    let mut game = History::new(start);
    while game.outcome().is_none() && game.moves().len() < max_plies {
        let mover = game.current().side_to_move().index();
        let answer = players[mover]
            .choose::<V>(&game, limits, Duration::from_secs(30))
            .unwrap_or_else(|e| panic!("after {:?}: {e}", game.moves()));
        assert!(game.try_push(answer.mv));
    }
    for p in players {
        p.quit();
    }
    game
}

#[test]
fn the_client_plays_a_whole_english_game_against_parlour_hub() {
    let game = self_play::<Rules>(Position::start(Rules::ENGLISH), Limits::depth(3), 300);
    assert!(game.outcome().is_some(), "{:?}", game.moves());
}

#[test]
fn huffing_and_pegs_go_through_fen() {
    let huffing = Position::from_fen("W:W14,30:B9,15:O11-15", Rules::HUFFING).unwrap();
    let game = self_play::<Rules>(huffing, Limits::nodes(3000), 12);
    // Every move was answered and the game went on: at this level it does
    // not end within 12 plies from there (nor the peg game within 16).
    assert_eq!((game.moves().len(), game.outcome()), (12, None));
    let pegs = PegPosition::start(PegRules::DEFAULT);
    let game = self_play::<PegRules>(pegs, Limits::depth(2), 16);
    assert_eq!((game.moves().len(), game.outcome()), (16, None));
}

#[test]
fn hub_refuses_a_bad_game_flag() {
    let out = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(["hub", "--rules", "chess"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "parlour: bad --rules: unknown checkers rules `chess`: \
         expected `english` or `huffing`, optionally followed by `,quiet_plies=N`\n"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(["hub", "--fen", "B:W21-32:B1-12"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "parlour: parlour hub takes its positions from the pos command, not --fen or --position\n"
    );
}

/// Runs `parlour play ARGS` with `input` on its standard input.
fn play(args: &[&str], input: &str) -> (bool, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let mut text = String::from_utf8(out.stdout).unwrap();
    text.push_str(&String::from_utf8(out.stderr).unwrap());
    (out.status.success(), text)
}

#[test]
fn play_through_piped_input() {
    let (ok, text) = play(
        &["--engine", "search:depth=1"],
        "11-15\n12-17\nundo\n9-13\nfen\nquit\n\n",
    );
    assert!(ok, "{text}");
    assert!(text.contains("parlour plays "), "{text}");
    assert!(
        text.lines().any(|l| l
            == "your move (black)> `12-17` is not a move: 12 and 17 are not neighbouring \
                squares; type `moves` for the legal moves"),
        "{text}"
    );
    assert!(text.contains("took back 11-15 "), "{text}");
    // After the undo, 9-13 and the engine's answer: White's pieces moved once.
    let fen_line = text
        .lines()
        .find(|l| l.starts_with("your move (black)> B:"))
        .expect("fen printed");
    let fen = fen_line.trim_start_matches("your move (black)> ");
    let pos = Position::from_fen(fen, Rules::ENGLISH).unwrap();
    assert!(!pos
        .pieces(parlour_game::Side::Black)
        .contains(parlour_checkers::Square::from_number(9).unwrap()));
    assert!(
        text.contains("|  12  11  10   9"),
        "the board has its numbers, from Black's side"
    );
}

#[test]
fn play_a_game_to_its_end_and_save_it() {
    let dir = std::env::temp_dir().join(format!("parlour-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pdn = dir.join("game.pdn");
    // The engine (Black) has one move, 5-9, and White takes its last piece.
    let (ok, text) = play(
        &[
            "--fen",
            "B:W14:B5",
            "--colour",
            "white",
            "--engine",
            "search:depth=2",
            "--pdn",
            pdn.to_str().unwrap(),
        ],
        "14x5\nquit\n",
    );
    let saved = std::fs::read_to_string(&pdn);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(ok, "{text}");
    assert!(text.contains("parlour plays 5-9 "), "{text}");
    assert!(
        text.contains("game over: white wins (you win), 0-2"),
        "{text}"
    );
    let saved = saved.unwrap();
    assert!(saved.contains("[Result \"0-2\"]"), "{saved}");
    assert!(saved.contains("[FEN \"B:W14:B5\"]"), "{saved}");
    assert!(saved.ends_with("\n1. 5-9 14x5 0-2\n"), "{saved}");
}

#[test]
fn play_pegs_and_a_bad_engine() {
    let (ok, text) = play(
        &["--game", "pegs", "--engine", "search:nodes=500"],
        "K@9\n@30\nmoves\nquit\n",
    );
    assert!(ok, "{text}");
    assert!(text.contains("parlour plays "), "{text}");
    assert!(text.contains("black: King 9"), "{text}");
    let (ok, text) = play(&["--engine", "random"], "");
    assert!(!ok);
    assert_eq!(
        text,
        "parlour: `play --engine random`: the terminal game plays parlour's searcher only: \
         search, search:depth=N, search:movetime=MS or search:nodes=N\n"
    );
}
