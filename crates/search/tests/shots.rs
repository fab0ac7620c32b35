//! The engine finds the winning shot of every position of
//! `testdata/search/shots.txt`, each proved here first by a plain
//! full-width material search.

mod common;

use common::{material, material_minimax, mirror_move};
use parlour_checkers::{Eval, Position, Rules};
use parlour_search::{Limits, Searcher};

/// The depth of the proof, in plies, captures played out beyond it.
const PROOF_DEPTH: u32 = 5;
/// The depth the engine is given.
const ENGINE_DEPTH: u32 = 8;

struct Shot {
    pos: Position,
    moves: Vec<String>,
    what: String,
}

fn shots() -> Vec<Shot> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/search/shots.txt"
    );
    let text = std::fs::read_to_string(path).expect("testdata/search/shots.txt");
    let mut shots = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(fields.len(), 4, "{line}");
        let rules: Rules = fields[0].parse().unwrap();
        let pos = Position::from_fen(fields[1], rules).unwrap();
        let moves: Vec<String> = fields[2].split(',').map(|m| m.trim().to_string()).collect();
        // The position as given, and turned round with White to move.
        let mirrored = pos.rotated();
        shots.push(Shot {
            pos,
            moves: moves.clone(),
            what: fields[3].to_string(),
        });
        shots.push(Shot {
            pos: mirrored,
            moves: moves.iter().map(|m| mirror_move(m)).collect(),
            what: format!("{} (turned round)", fields[3]),
        });
    }
    assert!(shots.len() >= 20, "the suite has its positions");
    shots
}

#[test]
fn every_shot_is_proved_by_plain_minimax() {
    for shot in shots() {
        let pos = shot.pos;
        let now = material(&pos, pos.side());
        for action in pos.action_vec() {
            let after = -material_minimax(&pos.play(action), PROOF_DEPTH - 1);
            if shot.moves.contains(&action.to_string()) {
                assert!(
                    after >= now + 100,
                    "{pos}: {action} should win a man: {after} vs {now}"
                );
            } else {
                assert!(
                    after <= now,
                    "{pos}: {action} wins material too: {after} vs {now}"
                );
            }
        }
    }
}

/// The pattern model the shots were chosen against: a shot whose gain the
/// network sees as less than an immediate crowning (score +3.72 either
/// way) tests the evaluation, not the search's tactics.
fn patterns(pos: &Position) -> Eval {
    Eval::Patterns(parlour_checkers::learned::shipped(pos.rules()))
}

#[test]
fn the_engine_finds_every_shot() {
    let mut missed = Vec::new();
    for threads in [1, 2] {
        let mut searcher = Searcher::new(threads, 4).unwrap();
        for shot in shots() {
            searcher.clear();
            let result = searcher.search_position(
                &shot.pos,
                Limits::depth(ENGINE_DEPTH),
                &patterns(&shot.pos),
            );
            let best = result.best_move.unwrap().to_string();
            if !shot.moves.contains(&best) {
                missed.push(format!(
                    "{} ({}, {threads} threads): played {best}, score {}",
                    shot.pos, shot.what, result.score
                ));
            }
        }
    }
    assert!(missed.is_empty(), "missed shots:\n{}", missed.join("\n"));
}
