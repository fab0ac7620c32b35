//! A PDN file as a match's openings: each game's start position (its `FEN`
//! or `Position` tag, else the start) and its moves, cut to the first N
//! plies; the same opening found twice kept once, and counted.

use crate::plan::error::OpeningError;
use crate::plan::opening::Opening;
use parlour_game::pdn::read_games;
use parlour_game::registry::parse_line;
use parlour_game::{Game, History, Variant};

/// Whether an openings file's text is PDN: a line that opens with a tag pair.
pub fn is_pdn(text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with('[') && l.contains('"')
    })
}

/// The openings of a PDN text (from the file `file`), under `rules`: each
/// game's first `plies` plies (all of them when `None`), stopped short of
/// a move that would end the game.
pub fn read_pdn_openings<V: Variant>(
    text: &str,
    file: &str,
    rules: &V,
    plies: Option<usize>,
) -> Result<Vec<Opening<V::Position>>, OpeningError> {
    let games = read_games(text).map_err(|e| OpeningError::Text {
        name: format!("openings file `{file}`"),
        source: Box::new(e),
    })?;
    let mut openings = Vec::with_capacity(games.len());
    for (i, game) in games.iter().enumerate() {
        let name = format!("{file} game {}", i + 1);
        let text_error = |e: Box<dyn std::error::Error + Send + Sync>| OpeningError::Text {
            name: name.clone(),
            source: e,
        };
        let start = match game.tag("FEN").or(game.tag("Position")) {
            Some(text) => {
                V::parse_position(Some(*rules), text).map_err(|e| text_error(Box::new(e)))?
            }
            None => rules.start(),
        };
        let moves = parse_line::<V>(&start, &game.moves).map_err(|e| text_error(Box::new(e)))?;
        let moves = playable(start, &moves, plies.unwrap_or(usize::MAX));
        openings.push(Opening::new(name, start, moves)?);
    }
    Ok(openings)
}

/// The first `plies` of `moves`, stopped before one that ends the game.
fn playable<G: Game>(start: G, moves: &[G::Move], plies: usize) -> Vec<G::Move> {
    let mut history = History::new(start);
    for &mv in moves.iter().take(plies) {
        history.push(mv);
        if history.outcome().is_some() {
            history.pop();
            break;
        }
    }
    history.moves().to_vec()
}

/// Keeps the first of openings with the same start and moves; returns how
/// many were removed.
pub fn remove_duplicates<G: Game>(list: &mut Vec<Opening<G>>) -> usize {
    let before = list.len();
    let mut seen = std::collections::HashSet::new();
    list.retain(|o| seen.insert((o.start.hash(), o.moves_text(), o.start.to_string())));
    before - list.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_checkers::Rules;

    const BOOK: &str = "[Event \"a\"]\n\n1. 11-15 {+0.10/4 0.001s} 23-19 2. 8-11 22-17 *\n\n\
                        [Event \"b\"]\n[FEN \"W:W14:B10\"]\n\n1... 14x7 *\n\n\
                        [Event \"c\"]\n\n1. 11-15 23-19 2. 8-11 22-18 *\n";

    #[test]
    fn games_become_openings_cut_to_their_plies() {
        let all = read_pdn_openings(BOOK, "b.pdn", &Rules::ENGLISH, None).unwrap();
        assert!(is_pdn(BOOK) && !is_pdn("11-15 23-19\n"));
        assert_eq!(all.len(), 3);
        assert_eq!(all[0].name, "b.pdn game 1");
        assert_eq!(all[0].moves_text(), "11-15 23-19 8-11 22-17");
        // White's capture would leave Black without a move: stopped short.
        assert_eq!(all[1].moves_text(), "");
        assert_eq!(all[1].start.to_string(), "W:W14:B10");
        let mut two = read_pdn_openings(BOOK, "b.pdn", &Rules::ENGLISH, Some(2)).unwrap();
        assert_eq!(two[2].moves_text(), "11-15 23-19");
        assert_eq!(remove_duplicates(&mut two), 1);
        let names: Vec<&str> = two.iter().map(|o| o.name.as_str()).collect();
        assert_eq!(names, ["b.pdn game 1", "b.pdn game 2"]);
    }

    #[test]
    fn a_bad_game_is_named() {
        let err = read_pdn_openings(
            "[Event \"x\"]\n\n1. 11-17 *\n",
            "x.pdn",
            &Rules::ENGLISH,
            None,
        )
        .unwrap_err();
        assert_eq!(err.to_string(), "x.pdn game 1");
    }
}
