//! The ACF three-move ballots (`testdata/three-move-ballots.tsv`): every
//! ballot is three legal english moves from the start, the deck has 156
//! openings in play and 18 barred, and no two ballots reach one position.

use parlour_checkers::{parse_action, Position, Rules};
use std::collections::HashMap;

const BALLOTS: &str = include_str!("../../../testdata/three-move-ballots.tsv");

struct Ballot {
    acf: u32,
    moves: Vec<String>,
    deck: String,
}

fn ballots() -> Vec<Ballot> {
    let mut lines = BALLOTS.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    assert_eq!(header[..3], ["acf", "moves", "deck"]);
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            assert!(cols.len() >= 3, "short line `{line}`");
            Ballot {
                acf: cols[0].parse().unwrap_or_else(|e| panic!("`{line}`: {e}")),
                moves: cols[1].split_whitespace().map(String::from).collect(),
                deck: cols[2].to_string(),
            }
        })
        .collect()
}

fn play_ballot(ballot: &Ballot) -> Position {
    assert_eq!(ballot.moves.len(), 3, "ballot {}", ballot.acf);
    let mut pos = Position::start(Rules::ENGLISH);
    for text in &ballot.moves {
        let action = parse_action(&pos, text)
            .unwrap_or_else(|e| panic!("ballot {}: {text}: {e}", ballot.acf));
        assert!(pos.action_vec().contains(&action));
        // Written in full PDN already: the move prints as it was given.
        assert_eq!(&action.to_string(), text, "ballot {}", ballot.acf);
        pos = pos.play(action);
    }
    pos
}

#[test]
fn every_ballot_is_three_legal_english_moves_from_the_start() {
    let all = ballots();
    assert_eq!(all.len(), 174);
    for ballot in &all {
        let pos = play_ballot(ballot);
        assert_eq!(
            pos.side(),
            parlour_game::Side::White,
            "ballot {}",
            ballot.acf
        );
    }
}

#[test]
fn the_deck_has_156_openings_in_play_and_18_barred() {
    let all = ballots();
    let mut decks: HashMap<&str, usize> = HashMap::new();
    for ballot in &all {
        *decks.entry(ballot.deck.as_str()).or_default() += 1;
    }
    let in_play =
        decks.get("crossboard").copied().unwrap_or(0) + decks.get("mailplay").copied().unwrap_or(0);
    assert_eq!(in_play, 156, "{decks:?}");
    assert_eq!(decks.get("barred").copied(), Some(18), "{decks:?}");
    assert_eq!(decks.len(), 3, "unknown deck names: {decks:?}");
    let mut numbers: Vec<u32> = all.iter().map(|b| b.acf).collect();
    numbers.sort();
    numbers.dedup();
    assert_eq!(numbers.len(), all.len(), "an ACF number appears twice");
}

#[test]
fn no_two_ballots_reach_the_same_position() {
    let mut seen: HashMap<String, u32> = HashMap::new();
    for ballot in &ballots() {
        let fen = play_ballot(ballot).to_string();
        if let Some(other) = seen.insert(fen.clone(), ballot.acf) {
            panic!("ballots {other} and {} both reach {fen}", ballot.acf);
        }
    }
}
