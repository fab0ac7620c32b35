//! Openings: the start of each game pair. A game's own decks (for checkers
//! the ACF three-move ballots), a file of positions or move sequences, or
//! random plies from a seed for any game; each opening is played twice with
//! the colours swapped.

use crate::format::GameFormat;
use crate::player::mix_seed;
use parlour_game::{Game, History};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::path::Path;

/// One opening: a start position and moves played from it before the
/// engines take over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening<G: Game> {
    /// How records name it (`ACF 5 Dreaded Edinburgh`, `openings.txt:3`).
    pub name: String,
    /// The position the game starts from (written in the PDN `FEN` tag).
    pub start: G,
    /// The moves played from `start` before the engines move.
    pub moves: Vec<G::Move>,
}

impl<G: Game> Opening<G> {
    /// The opening, checked: the moves are legal in turn and the game is
    /// not over after them.
    pub fn new(name: String, start: G, moves: Vec<G::Move>) -> Result<Opening<G>, String> {
        let mut history = History::new(start);
        if history.outcome().is_some() {
            return Err(format!(
                "opening {name}: the game is already over at its start"
            ));
        }
        for &mv in &moves {
            if !history.try_push(mv) {
                return Err(format!("opening {name}: move {mv} is not legal"));
            }
            if history.outcome().is_some() {
                return Err(format!("opening {name}: the game is over after move {mv}"));
            }
        }
        Ok(Opening { name, start, moves })
    }

    /// The opening's moves as text, separated by spaces.
    pub fn moves_text(&self) -> String {
        let texts: Vec<String> = self.moves.iter().map(|m| m.to_string()).collect();
        texts.join(" ")
    }
}

/// Where a match's openings come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningSpec {
    /// Every game from the game's start position (still in colour-swapped
    /// pairs).
    Start,
    /// `plies` random legal moves from the start, a different opening for
    /// every pair, drawn from the match seed and the pair's number.
    Random {
        /// How many random plies.
        plies: u32,
    },
    /// One of the game's built-in decks, by name (checkers: `deck`, `all`,
    /// `tough`).
    Named(String),
    /// A file with one opening a line: a position (FEN) or a sequence of
    /// moves from the start; blank lines and lines starting with `#` skipped.
    File(std::path::PathBuf),
}

impl OpeningSpec {
    /// Reads `start`, `random`, `random:plies=N`, `file:PATH`, or a deck
    /// name or path. A name that is not one of `format`'s decks is taken as
    /// a path; [`OpeningBook::load`] says if no such file exists.
    pub fn parse<G: Game>(text: &str, format: &dyn GameFormat<G>) -> Result<OpeningSpec, String> {
        let text = text.trim();
        if text == "start" {
            return Ok(OpeningSpec::Start);
        }
        if text == "random" {
            return Ok(OpeningSpec::Random { plies: 4 });
        }
        if let Some(rest) = text.strip_prefix("random:") {
            let plies = rest
                .trim()
                .strip_prefix("plies=")
                .and_then(|n| n.trim().parse::<u32>().ok())
                .filter(|&n| n > 0 && n <= 1000)
                .ok_or_else(|| {
                    format!("openings `{text}`: write random:plies=N with N from 1 to 1000")
                })?;
            return Ok(OpeningSpec::Random { plies });
        }
        if let Some(path) = text.strip_prefix("file:") {
            return Ok(OpeningSpec::File(path.into()));
        }
        if format.deck_names().contains(&text) {
            return Ok(OpeningSpec::Named(text.to_string()));
        }
        if text.is_empty() {
            return Err("the openings are empty: name a deck or a file".to_string());
        }
        Ok(OpeningSpec::File(text.into()))
    }
}

/// The openings of a match, ready to hand out by pair number.
#[derive(Clone, Debug)]
pub enum OpeningBook<G: Game> {
    /// A fixed list, used in turn (and from the start again when the match
    /// has more pairs than openings).
    Fixed(Vec<Opening<G>>),
    /// Random plies from the start, drawn per pair.
    Random {
        /// The start position.
        start: G,
        /// How many plies.
        plies: u32,
        /// The match seed.
        seed: u64,
    },
}

impl<G: Game> OpeningBook<G> {
    /// Loads the openings; with `shuffle`, a fixed list is put in an order
    /// drawn from `seed`.
    pub fn load(
        spec: &OpeningSpec,
        format: &dyn GameFormat<G>,
        seed: u64,
        shuffle: bool,
    ) -> Result<OpeningBook<G>, String> {
        let mut list = match spec {
            OpeningSpec::Start => vec![Opening::new("start".into(), format.start(), Vec::new())?],
            OpeningSpec::Random { plies } => {
                return Ok(OpeningBook::Random {
                    start: format.start(),
                    plies: *plies,
                    seed,
                })
            }
            OpeningSpec::Named(name) => format.deck(name).ok_or_else(|| {
                format!(
                    "unknown opening deck `{name}`: the decks are {}",
                    format.deck_names().join(", ")
                )
            })??,
            OpeningSpec::File(path) => read_file(path, format)?,
        };
        if shuffle {
            list.shuffle(&mut StdRng::seed_from_u64(mix_seed(seed, 0x0BE1)));
        }
        Ok(OpeningBook::Fixed(list))
    }

    /// How many different openings there are (`None`: as many as wanted).
    pub fn len(&self) -> Option<usize> {
        match self {
            OpeningBook::Fixed(list) => Some(list.len()),
            OpeningBook::Random { .. } => None,
        }
    }

    /// Whether the book is a fixed list with nothing in it.
    pub fn is_empty(&self) -> bool {
        self.len() == Some(0)
    }

    /// The opening of pair number `pair` (from 0).
    pub fn get(&self, pair: usize) -> Opening<G> {
        match self {
            OpeningBook::Fixed(list) => list[pair % list.len()].clone(),
            OpeningBook::Random { start, plies, seed } => {
                random_opening(*start, *plies, mix_seed(*seed, pair as u64), pair)
            }
        }
    }
}

/// `plies` random legal moves from `start`; a move that would end the game
/// is never chosen while another is open, and the opening stops short if
/// every move would.
fn random_opening<G: Game>(start: G, plies: u32, seed: u64, pair: usize) -> Opening<G> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut history = History::new(start);
    let mut list = G::MoveList::default();
    'plies: for _ in 0..plies {
        history.current().legal_moves(&mut list);
        let mut moves: Vec<G::Move> = list.as_ref().to_vec();
        while !moves.is_empty() {
            let mv = moves.swap_remove(rng.random_range(0..moves.len()));
            history.push(mv);
            if history.outcome().is_none() {
                continue 'plies;
            }
            history.pop();
        }
        break;
    }
    Opening {
        name: format!("random {}", pair + 1),
        start,
        moves: history.moves().to_vec(),
    }
}

/// Reads an openings file: one position or move sequence a line.
fn read_file<G: Game>(path: &Path, format: &dyn GameFormat<G>) -> Result<Vec<Opening<G>>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        let decks = format.deck_names().join(", ");
        format!(
            "cannot read openings file `{}`: {e} (the built-in openings are start, random, \
             random:plies=N{}{decks})",
            path.display(),
            if decks.is_empty() { "" } else { ", " }
        )
    })?;
    let file = path.display().to_string();
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let name = format!("{file}:{}", i + 1);
        let opening = if format.looks_like_position(line) {
            let start = format
                .parse_position(line)
                .map_err(|e| format!("{name}: {e}"))?;
            Opening::new(name, start, Vec::new())?
        } else {
            let start = format.start();
            let moves = format
                .parse_moves(&start, line)
                .map_err(|e| format!("{name}: {e}"))?;
            Opening::new(name, start, moves)?
        };
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err(format!("openings file `{file}` holds no opening"));
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkers::Checkers;
    use parlour_checkers::{Position, Rules};

    #[test]
    fn specs_are_read() {
        let c = Checkers::new(Rules::ENGLISH);
        let parse = |t: &str| OpeningSpec::parse::<Position>(t, &c);
        assert_eq!(parse("start"), Ok(OpeningSpec::Start));
        assert_eq!(parse("random"), Ok(OpeningSpec::Random { plies: 4 }));
        assert_eq!(
            parse("random:plies=6"),
            Ok(OpeningSpec::Random { plies: 6 })
        );
        assert_eq!(parse("tough"), Ok(OpeningSpec::Named("tough".into())));
        assert_eq!(parse("file:deck"), Ok(OpeningSpec::File("deck".into())));
        assert_eq!(parse("a/b.txt"), Ok(OpeningSpec::File("a/b.txt".into())));
        assert!(parse("random:plies=0").is_err());
        assert!(parse("random:depth=3").is_err());
        assert!(parse("").is_err());
    }

    #[test]
    fn random_openings_are_reproducible_and_leave_a_game_to_play() {
        let c = Checkers::new(Rules::HUFFING);
        let spec = OpeningSpec::Random { plies: 8 };
        let book = OpeningBook::<Position>::load(&spec, &c, 42, false).unwrap();
        let again = OpeningBook::<Position>::load(&spec, &c, 42, false).unwrap();
        assert_eq!(book.len(), None);
        let mut distinct = std::collections::HashSet::new();
        for pair in 0..20 {
            let o = book.get(pair);
            assert_eq!(o, again.get(pair));
            assert_eq!(o.moves.len(), 8);
            // Opening::new checks legality and that the game goes on.
            Opening::new(o.name.clone(), o.start, o.moves.clone()).unwrap();
            distinct.insert(o.moves_text());
        }
        assert!(distinct.len() > 15, "random openings should differ");
        let other = OpeningBook::<Position>::load(&spec, &c, 43, false).unwrap();
        assert_ne!(book.get(0), other.get(0));
    }

    #[test]
    fn shuffling_keeps_the_deck_and_follows_the_seed() {
        let c = Checkers::new(Rules::ENGLISH);
        let spec = OpeningSpec::Named("deck".into());
        let plain = OpeningBook::<Position>::load(&spec, &c, 7, false).unwrap();
        let mixed = OpeningBook::<Position>::load(&spec, &c, 7, true).unwrap();
        let names = |b: &OpeningBook<Position>| -> Vec<String> {
            (0..156).map(|i| b.get(i).name).collect()
        };
        assert_eq!(mixed.len(), Some(156));
        assert_ne!(names(&plain), names(&mixed));
        let mut a = names(&plain);
        let mut b = names(&mixed);
        a.sort();
        b.sort();
        assert_eq!(a, b);
        assert_eq!(
            plain.get(156).name,
            plain.get(0).name,
            "the deck wraps round"
        );
    }

    #[test]
    fn openings_that_are_illegal_or_over_are_refused() {
        let start = Position::start(Rules::ENGLISH);
        let mv = start.parse_move("11-15").unwrap();
        assert!(Opening::new("x".into(), start, vec![mv, mv]).is_err());
        let over = Position::from_fen("W:W:B1", Rules::ENGLISH).unwrap();
        assert!(Opening::new("y".into(), over, Vec::new()).is_err());
    }
}
