//! Against a random player and a one-ply greedy player, the searcher at
//! depth 6 scores at least 90% and loses no game, over 20 games each from
//! seeded random openings (colours alternating), under both rule sets.

mod common;

use common::{greedy_move, random_move, Match};
use parlour_checkers::{Position, Rules};

/// Twenty games at depth 6 from the start under `rules`, after two to
/// four random plies.
fn plan(rules: Rules) -> Match<Position> {
    Match {
        start: Position::start(rules),
        opening: 2..=4,
        depth: 6,
        games: 20,
        max_plies: 400,
        random: random_move,
    }
}

#[test]
fn beats_a_random_player_english() {
    plan(Rules::ENGLISH).check(random_move, "random", 21);
}

#[test]
fn beats_a_greedy_player_english() {
    plan(Rules::ENGLISH).check(greedy_move, "greedy", 22);
}

#[test]
fn beats_a_random_player_huffing() {
    plan(Rules::HUFFING).check(random_move, "random", 23);
}

#[test]
fn beats_a_greedy_player_huffing() {
    plan(Rules::HUFFING).check(greedy_move, "greedy", 24);
}
