//! Openings: the start of each game pair. A game's own decks (for checkers
//! the ACF three-move ballots), a file of positions or move sequences, or
//! random plies from a seed for any game; each opening is played twice with
//! the colours swapped.

use crate::plan::error::OpeningError;
pub use crate::plan::opening::Opening;
use crate::plan::pdn_openings::{is_pdn, read_pdn_openings, remove_duplicates};
use parlour_game::file::FileKind;
use parlour_game::pdn::PDN_FILE;
use parlour_game::registry::parse_line;
use parlour_game::{mix_seed, Evaluate, Game, History, Variant};
use parlour_search::{Limits, Score, Searcher, SEARCH_STACK_BYTES};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::path::Path;

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
        /// Keep only openings this even: a short search of the position
        /// after them ([`BALANCE_NODES`] nodes, the game's default
        /// evaluation) scores it within this many hundredths of level.
        balanced: Option<u32>,
    },
    /// One of the game's built-in decks, by name (checkers: `deck`, `all`,
    /// `tough`).
    Named(String),
    /// A file with one opening a line: a position (FEN) or a sequence of
    /// moves from the start; blank lines and lines starting with `#` skipped.
    File(std::path::PathBuf),
    /// One position, written in the game's text (a FEN, a peg position):
    /// every game starts there.
    Position(String),
}

impl OpeningSpec {
    /// Reads `start`, `random`, `random:plies=N[,balanced=M]`, `file:PATH`, a deck
    /// name, a position (text the game reads as one, where no file has
    /// that name) or a path. A name that is not one of the game `V`'s decks is
    /// taken as a path; [`Openings::load`] says if no such file exists.
    pub fn parse<V: Variant>(text: &str) -> Result<OpeningSpec, OpeningError> {
        let text = text.trim();
        if text == "start" {
            return Ok(OpeningSpec::Start);
        }
        if text == "random" {
            return Ok(OpeningSpec::Random {
                plies: 4,
                balanced: None,
            });
        }
        if let Some(rest) = text.strip_prefix("random:") {
            let bad = || OpeningError::RandomPlies {
                text: text.to_string(),
            };
            let (mut plies, mut balanced) = (4, None);
            for field in rest.split(',') {
                let (key, value) = field.split_once('=').ok_or_else(bad)?;
                let value = value.trim().parse::<u32>().map_err(|_| bad())?;
                match key.trim() {
                    "plies" if (1..=1000).contains(&value) => plies = value,
                    "balanced" => balanced = Some(value),
                    _ => return Err(bad()),
                }
            }
            return Ok(OpeningSpec::Random { plies, balanced });
        }
        if let Some(path) = text.strip_prefix("file:") {
            return Ok(OpeningSpec::File(path.into()));
        }
        if V::decks().contains(&text) {
            return Ok(OpeningSpec::Named(text.to_string()));
        }
        if text.is_empty() {
            return Err(OpeningError::Empty);
        }
        // A position's text, unless a file of that name exists.
        if V::looks_like_position(text) && !Path::new(text).exists() {
            return Ok(OpeningSpec::Position(text.to_string()));
        }
        Ok(OpeningSpec::File(text.into()))
    }
}

/// The openings of a match, ready to hand out by pair number.
#[derive(Clone, Debug)]
pub enum Openings<G: Evaluate> {
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
        /// How an opening is judged even, if it must be.
        balanced: Option<Balance<G>>,
    },
}

/// How random openings are judged even: a short search by the game's
/// default evaluation must score each within `margin` of level.
#[derive(Clone, Debug)]
pub struct Balance<G: Evaluate> {
    /// The most uneven score an opening may have.
    pub margin: u32,
    /// The evaluation the search scores with.
    pub eval: G::Evaluator,
}

/// The nodes of the search that judges whether a random opening is even.
pub const BALANCE_NODES: u64 = 10_000;

/// How many random openings a pair draws, at most, looking for an even one;
/// if none is even enough it plays the most even of them.
pub const BALANCE_TRIES: u64 = 64;

/// How openings are loaded beside their spec.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpeningsOptions {
    /// The match seed (random openings, the shuffle).
    pub seed: u64,
    /// Put a fixed list in an order drawn from the seed.
    pub shuffle: bool,
    /// A PDN openings file's games cut to this many plies (all when `None`).
    pub plies: Option<usize>,
    /// Begin at this opening of a fixed list, from 0 (after any shuffle;
    /// fastchess's `start=`), the ones before it played last.
    pub start: usize,
}

impl OpeningsOptions {
    /// The options a match's configuration gives.
    pub fn of(config: &crate::MatchConfig) -> OpeningsOptions {
        OpeningsOptions {
            seed: config.seed,
            shuffle: config.shuffle_openings,
            plies: config.opening_plies,
            start: config.opening_start,
        }
    }
}

/// A openings as loaded, and how many openings found twice it left out.
#[derive(Clone, Debug)]
pub struct Loaded<G: Evaluate> {
    /// The openings.
    pub openings: Openings<G>,
    /// Openings removed as the same start and moves as an earlier one.
    pub duplicates: usize,
}

impl<G: Evaluate> Openings<G> {
    /// Loads the openings of the game `rules` plays: a fixed list without
    /// its duplicates, shuffled and begun where `options` say.
    pub fn load<V: Variant<Position = G>>(
        spec: &OpeningSpec,
        rules: &V,
        options: &OpeningsOptions,
    ) -> Result<Loaded<G>, OpeningError> {
        let seed = options.seed;
        let mut list = match spec {
            OpeningSpec::Start => vec![Opening::new("start".into(), rules.start(), Vec::new())?],
            OpeningSpec::Random { plies, balanced } => {
                let openings = Openings::Random {
                    start: rules.start(),
                    plies: *plies,
                    seed,
                    balanced: balanced.map(|margin| Balance {
                        margin,
                        eval: rules.default_evaluator(),
                    }),
                };
                if options.start > 0 {
                    return Err(OpeningError::StartRandom);
                }
                return Ok(Loaded {
                    openings,
                    duplicates: 0,
                });
            }
            OpeningSpec::Named(name) => deck(rules, name)?,
            OpeningSpec::File(path) => read_file(path, rules, options.plies)?,
            OpeningSpec::Position(text) => match V::parse_position(Some(*rules), text) {
                Ok(start) => vec![Opening::new(text.clone(), start, Vec::new())?],
                Err(e) => {
                    return Err(OpeningError::Text {
                        name: "the opening position".to_string(),
                        source: Box::new(e),
                    })
                }
            },
        };
        let duplicates = remove_duplicates(&mut list);
        if options.shuffle {
            list.shuffle(&mut StdRng::seed_from_u64(mix_seed(seed, 0x0BE1)));
        }
        if options.start >= list.len() {
            return Err(OpeningError::StartBeyond {
                start: options.start + 1,
                openings: list.len(),
            });
        }
        list.rotate_left(options.start);
        Ok(Loaded {
            openings: Openings::Fixed(list),
            duplicates,
        })
    }

    /// How many different openings there are (`None`: as many as wanted).
    pub fn len(&self) -> Option<usize> {
        match self {
            Openings::Fixed(list) => Some(list.len()),
            Openings::Random { .. } => None,
        }
    }

    /// Whether the openings are a fixed list with nothing in it.
    pub fn is_empty(&self) -> bool {
        self.len() == Some(0)
    }

    /// The opening of pair number `pair` (from 0). An even random opening
    /// costs up to [`BALANCE_TRIES`] short searches: [`Openings::fixed`]
    /// draws them once.
    pub fn get(&self, pair: usize) -> Opening<G> {
        match self {
            Openings::Fixed(list) => list[pair % list.len()].clone(),
            Openings::Random {
                start,
                plies,
                seed,
                balanced: None,
            } => random_opening(*start, *plies, mix_seed(*seed, pair as u64), pair),
            Openings::Random {
                start,
                plies,
                seed,
                balanced: Some(balance),
            } => even_opening(*start, *plies, mix_seed(*seed, pair as u64), pair, balance),
        }
    }

    /// The openings as a fixed list of the first `pairs` openings, drawn at
    /// once on all cores (the same openings as [`Openings::get`] gives).
    pub fn fixed(self, pairs: usize) -> Openings<G> {
        match self {
            Openings::Fixed(_) => self,
            Openings::Random { .. } => {
                // The searches of even openings want the search's stack.
                let draw = || (0..pairs).into_par_iter().map(|p| self.get(p)).collect();
                let list = match rayon::ThreadPoolBuilder::new()
                    .stack_size(SEARCH_STACK_BYTES)
                    .build()
                {
                    Ok(pool) => pool.install(draw),
                    Err(_) => (0..pairs).map(|p| self.get(p)).collect(),
                };
                Openings::Fixed(list)
            }
        }
    }
}

/// The first of up to [`BALANCE_TRIES`] random openings (the first drawn
/// from `seed` itself, so it is [`random_opening`]'s when even) whose
/// position a [`BALANCE_NODES`]-node search scores within the balance's
/// margin of level; the most even of them if none is.
fn even_opening<G: Evaluate>(
    start: G,
    plies: u32,
    seed: u64,
    pair: usize,
    balance: &Balance<G>,
) -> Opening<G> {
    let mut searcher = Searcher::on_caller_thread(1).expect("a 1 MiB table is always had");
    let mut best: Option<(u32, Opening<G>)> = None;
    for opening in balance_tries(start, plies, seed, pair) {
        let unevenness = unevenness(&mut searcher, &opening, &balance.eval);
        if unevenness <= balance.margin {
            return opening;
        }
        if best.as_ref().is_none_or(|(u, _)| unevenness < *u) {
            best = Some((unevenness, opening));
        }
    }
    best.expect("at least one try").1
}

/// The [`BALANCE_TRIES`] random openings [`even_opening`] tries, in order:
/// the first drawn from `seed` itself.
fn balance_tries<G: Game>(
    start: G,
    plies: u32,
    seed: u64,
    pair: usize,
) -> impl Iterator<Item = Opening<G>> {
    (0..BALANCE_TRIES).map(move |attempt| {
        let seed = if attempt == 0 {
            seed
        } else {
            mix_seed(seed, attempt)
        };
        random_opening(start, plies, seed, pair)
    })
}

/// How far from level a fresh [`BALANCE_NODES`]-node search scores the
/// position after `opening`, in hundredths; a won or lost one is as far as
/// can be.
fn unevenness<G: Evaluate>(
    searcher: &mut Searcher,
    opening: &Opening<G>,
    eval: &G::Evaluator,
) -> u32 {
    searcher.clear();
    let pos = *opening.history().current();
    match searcher
        .search_position(&pos, Limits::nodes(BALANCE_NODES), eval)
        .score
    {
        Score::Value(v) => v.unsigned_abs(),
        Score::Win(_) | Score::Loss(_) => u32::MAX,
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

/// The game's opening `name` from its start: the moves `text` names.
fn from_start<V: Variant>(
    rules: &V,
    name: String,
    text: &str,
) -> Result<Opening<V::Position>, OpeningError> {
    let start = rules.start();
    match parse_line::<V>(&start, text) {
        Ok(moves) => Opening::new(name, start, moves),
        Err(e) => Err(OpeningError::Text {
            name,
            source: Box::new(e),
        }),
    }
}

/// The game's built-in deck `name`.
fn deck<V: Variant>(rules: &V, name: &str) -> Result<Vec<Opening<V::Position>>, OpeningError> {
    let deck = rules.deck(name).ok_or_else(|| OpeningError::UnknownDeck {
        name: name.to_string(),
        decks: V::decks(),
    })?;
    deck.into_iter()
        .map(|(name, moves)| from_start(rules, name, moves))
        .collect()
}

/// An openings file: PDN games or lines of positions, at most a PDN
/// file's size.
const OPENINGS_FILE: FileKind = FileKind::new("an openings file", PDN_FILE.limit);

/// Reads an openings file: PDN games (cut to `plies`), or one position or
/// move sequence a line.
fn read_file<V: Variant>(
    path: &Path,
    rules: &V,
    plies: Option<usize>,
) -> Result<Vec<Opening<V::Position>>, OpeningError> {
    let text = OPENINGS_FILE
        .read_text(path)
        .map_err(|source| OpeningError::Read {
            path: path.to_path_buf(),
            source,
            decks: V::decks(),
        })?;
    let file = path.display().to_string();
    if is_pdn(&text) {
        return read_pdn_openings(&text, &file, rules, plies);
    }
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let name = format!("{file}:{}", i + 1);
        let opening = if V::looks_like_position(line) {
            match V::parse_position(Some(*rules), line) {
                Ok(start) => Opening::new(name, start, Vec::new())?,
                Err(e) => {
                    return Err(OpeningError::Text {
                        name,
                        source: Box::new(e),
                    })
                }
            }
        } else {
            from_start(rules, name, line)?
        };
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err(OpeningError::NoOpening { file });
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_checkers::{Position, Rules};
    use parlour_pegs::PegRules;

    /// The openings `spec` gives under `rules`, with the seed and shuffle.
    fn load_with<V: Variant>(
        spec: &OpeningSpec,
        rules: &V,
        seed: u64,
        shuffle: bool,
    ) -> Openings<V::Position> {
        let options = OpeningsOptions {
            seed,
            shuffle,
            ..OpeningsOptions::default()
        };
        Openings::load(spec, rules, &options).unwrap().openings
    }

    #[test]
    fn specs_are_read() {
        let parse = |t: &str| OpeningSpec::parse::<Rules>(t).unwrap();
        assert_eq!(parse("start"), OpeningSpec::Start);
        assert_eq!(
            parse("random"),
            OpeningSpec::Random {
                plies: 4,
                balanced: None
            }
        );
        assert_eq!(
            parse("random:plies=6"),
            OpeningSpec::Random {
                plies: 6,
                balanced: None
            }
        );
        assert_eq!(
            parse("random:plies=6,balanced=50"),
            OpeningSpec::Random {
                plies: 6,
                balanced: Some(50)
            }
        );
        assert_eq!(
            parse("random:balanced=0"),
            OpeningSpec::Random {
                plies: 4,
                balanced: Some(0)
            }
        );
        assert_eq!(parse("tough"), OpeningSpec::Named("tough".into()));
        assert_eq!(parse("file:deck"), OpeningSpec::File("deck".into()));
        assert_eq!(parse("a/b.txt"), OpeningSpec::File("a/b.txt".into()));
        // The peg game has no decks: a deck's name is a file's.
        assert_eq!(
            OpeningSpec::parse::<PegRules>("deck").unwrap(),
            OpeningSpec::File("deck".into())
        );
        let err = |t: &str| OpeningSpec::parse::<Rules>(t).unwrap_err();
        assert!(matches!(
            err("random:plies=0"),
            OpeningError::RandomPlies { .. }
        ));
        assert!(matches!(
            err("random:depth=3"),
            OpeningError::RandomPlies { .. }
        ));
        assert!(matches!(err(""), OpeningError::Empty));
    }

    #[test]
    fn random_openings_are_reproducible_and_leave_a_game_to_play() {
        let c = Rules::HUFFING;
        let spec = OpeningSpec::Random {
            plies: 8,
            balanced: None,
        };
        let options = OpeningsOptions {
            seed: 42,
            ..OpeningsOptions::default()
        };
        let openings = Openings::<Position>::load(&spec, &c, &options)
            .unwrap()
            .openings;
        let again = Openings::<Position>::load(&spec, &c, &options)
            .unwrap()
            .openings;
        assert_eq!(openings.len(), None);
        let mut distinct = std::collections::HashSet::new();
        for pair in 0..20 {
            let o = openings.get(pair);
            assert_eq!(o, again.get(pair));
            assert_eq!(o.moves.len(), 8);
            // Opening::new checks legality and that the game goes on.
            Opening::new(o.name.clone(), o.start, o.moves.clone()).unwrap();
            distinct.insert(o.moves_text());
        }
        assert!(distinct.len() > 15, "random openings should differ");
        let other = load_with(&spec, &c, 43, false);
        assert_ne!(openings.get(0), other.get(0));
    }

    #[test]
    fn balanced_random_openings_are_even_and_drawn_the_same_way_every_time() {
        let rules = PegRules::DEFAULT;
        let eval = rules.default_evaluator();
        let spec = |balanced| OpeningSpec::Random { plies: 6, balanced };
        let seven = OpeningsOptions {
            seed: 7,
            ..OpeningsOptions::default()
        };
        let plain = Openings::load(&spec(None), &rules, &seven)
            .unwrap()
            .openings;
        let even = Openings::load(&spec(Some(40)), &rules, &seven)
            .unwrap()
            .openings;
        let pairs = 6;
        let fixed = even.clone().fixed(pairs);
        assert_eq!(fixed.len(), Some(pairs));
        let mut searcher = Searcher::on_caller_thread(1).unwrap();
        let (mut kept, mut redrawn, mut within) = (0, 0, 0);
        for pair in 0..pairs {
            let opening = even.get(pair);
            assert_eq!(fixed.get(pair), opening, "fixed() draws what get() does");
            assert_eq!(opening.moves.len(), 6);
            Opening::new(opening.name.clone(), opening.start, opening.moves.clone()).unwrap();
            let chosen = unevenness(&mut searcher, &opening, &eval);
            let first = plain.get(pair);
            let tries: Vec<_> = balance_tries(rules.start(), 6, mix_seed(7, pair as u64), pair)
                .map(|o| (unevenness(&mut searcher, &o, &eval), o))
                .collect();
            assert_eq!(tries[0].1, first, "the first try is the plain opening");
            if chosen <= 40 {
                within += 1;
                // The first even try is the one chosen: a plain opening
                // that is even already is kept as it is.
                let at = tries.iter().position(|(u, _)| *u <= 40).unwrap();
                assert_eq!(tries[at].1, opening, "pair {pair}");
                if at == 0 {
                    kept += 1;
                } else {
                    redrawn += 1;
                }
            } else {
                // No try was even: the most even is chosen.
                let least = tries.iter().map(|(u, _)| *u).min().unwrap();
                assert_eq!(chosen, least, "pair {pair}");
                redrawn += 1;
            }
        }
        // Random plies often leave one side well ahead: some were redrawn,
        // and most pairs found an even opening.
        assert!(redrawn > 0, "kept {kept} of {pairs}");
        assert!(within * 2 > pairs, "only {within} of {pairs} even");
    }

    #[test]
    fn shuffling_keeps_the_deck_and_follows_the_seed() {
        let c = Rules::ENGLISH;
        let spec = OpeningSpec::Named("deck".into());
        let plain = load_with(&spec, &c, 7, false);
        let mixed = load_with(&spec, &c, 7, true);
        let names =
            |b: &Openings<Position>| -> Vec<String> { (0..156).map(|i| b.get(i).name).collect() };
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
        assert!(matches!(
            Opening::new("x".into(), start, vec![mv, mv]),
            Err(OpeningError::Illegal { .. })
        ));
        let over = Position::from_fen("W:W:B1", Rules::ENGLISH).unwrap();
        assert!(matches!(
            Opening::new("y".into(), over, Vec::new()),
            Err(OpeningError::OverAtStart { .. })
        ));
    }

    #[test]
    fn the_ballot_decks_are_legal_and_huffs_read_as_one_move() {
        for rules in [Rules::ENGLISH, Rules::HUFFING] {
            let one = OpeningsOptions {
                seed: 1,
                ..OpeningsOptions::default()
            };
            let loaded = Openings::load(&OpeningSpec::Named("deck".into()), &rules, &one);
            let loaded = loaded.unwrap();
            assert_eq!(loaded.duplicates, 0);
            let openings = loaded.openings;
            assert_eq!(openings.len(), Some(156));
            assert_eq!(openings.get(0).name, "ACF 1");
            assert_eq!(openings.get(0).moves_text(), "9-13 21-17 5-9");
        }
        let pos = Position::from_fen("W:W14,30:B9,15:O11-15", Rules::HUFFING).unwrap();
        let moves = parse_line::<Rules>(&pos, "h9 14-10").unwrap();
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].to_string(), "h9 14-10");
        assert!(parse_line::<Rules>(&pos, "h9").is_err());
    }

    #[test]
    fn the_peg_games_default_openings_are_random_plies() {
        let spec = OpeningSpec::parse::<PegRules>(PegRules::default_openings()).unwrap();
        assert_eq!(
            spec,
            OpeningSpec::Random {
                plies: 6,
                balanced: None
            }
        );
        let three = OpeningsOptions {
            seed: 3,
            ..OpeningsOptions::default()
        };
        let openings = Openings::load(&spec, &PegRules::DEFAULT, &three)
            .unwrap()
            .openings;
        let first = openings.get(0);
        assert_eq!(first.moves.len(), 6);
        assert!(first.moves_text().starts_with("K@"));
        assert_ne!(first.moves, openings.get(1).moves);
    }
}
