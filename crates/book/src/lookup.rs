//! Asking a book for a move: a position's book moves with their values
//! backed up through the book (a move whose next position is in the book
//! is worth what the best move there is worth to the other side), and the
//! choice of one: the best, or a seeded choice among those within a margin
//! of the best.

use crate::file::Book;
use parlour_game::{splitmix, Game, Variant};
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::str::FromStr;
use std::sync::MutexGuard;

/// A book move of a position, as a player sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookChoice<M> {
    /// The move.
    pub mv: M,
    /// Its value backed up through the book, from the mover's view.
    pub value: i32,
    /// The plies of book and search behind the value: the search's depth
    /// at the book's leaf plus the book moves above it.
    pub depth: u32,
    /// How often the expansion chose a line through it.
    pub count: u32,
}

/// How a player picks among a position's book moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pick {
    /// The move of the highest value (the first, on a tie).
    #[default]
    Best,
    /// Any move within `margin` of the best, chosen by a seed.
    Varied {
        /// How far below the best a move may be, in the search's units.
        margin: u32,
    },
}

impl fmt::Display for Pick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pick::Best => write!(f, "best"),
            Pick::Varied { margin } => write!(f, "varied:{margin}"),
        }
    }
}

/// A pick that is neither `best` nor `varied:N`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a way to pick a book move: best, or varied:N (N the margin)")]
pub struct PickError {
    /// The text given.
    pub text: String,
}

impl FromStr for Pick {
    type Err = PickError;

    fn from_str(text: &str) -> Result<Pick, PickError> {
        let error = || PickError {
            text: text.to_string(),
        };
        match text.trim() {
            "best" => Ok(Pick::Best),
            other => {
                let margin = other.strip_prefix("varied:").ok_or_else(error)?;
                let margin = margin.trim().parse().map_err(|_| error())?;
                Ok(Pick::Varied { margin })
            }
        }
    }
}

/// The depth a book move must rest on, by default, to be played without a
/// search: as deep as the engine's own search reaches in about 100 ms a
/// move. A move deep in the book rests on the book's leaf searches and a
/// few plies of book above them; played at once, it would be worse than
/// the engine's own choice (docs/book.md, "Measured").
pub const DEFAULT_FLOOR: u32 = 16;

impl Book {
    /// The book moves of `pos`, best first, with their backed-up values;
    /// `None` where the position is not in the book (or has no move in it).
    pub fn moves_of<G: Game>(&self, pos: &G) -> Option<Vec<BookChoice<G::Move>>> {
        let mut backer = Backer::new(self, None);
        let mut moves = backer.moves(pos, pos.hash());
        moves.sort_by_key(|m| std::cmp::Reverse(m.value));
        (!moves.is_empty()).then_some(moves)
    }

    /// Backs the book's values up from the start of its rules (when `V`'s
    /// rules read them) and keeps them, so that later questions are
    /// answered at once. The first question a book is asked walks every
    /// position reachable from where it is asked: most of a second for the
    /// built-in book, which a server's first page or an engine's first
    /// move under a clock would otherwise wait for.
    pub fn warm<V: Variant>(&self) {
        if let Ok(rules) = V::parse_rules(&self.header.rules) {
            self.moves_of(&rules.start());
        }
    }

    /// The book's best move for `pos` however deep it rests, `None` where
    /// the position is not in the book: its main line, as the book sees it.
    pub fn best_of<G: Game>(&self, pos: &G) -> Option<BookChoice<G::Move>> {
        self.moves_of(pos)?.into_iter().next()
    }

    /// The book's move for `pos` by `pick` (`seed` makes a varied choice),
    /// or `None` where the position is not in the book or its best move
    /// rests on fewer than `floor` plies of book and search
    /// ([`BookChoice::depth`]; [`DEFAULT_FLOOR`] as players use it, 0 for
    /// wherever the book has the position): there a search plays better
    /// than the book. A varied choice takes only moves at the floor.
    pub fn choose<G: Game>(
        &self,
        pos: &G,
        pick: Pick,
        floor: u32,
        seed: u64,
    ) -> Option<BookChoice<G::Move>> {
        let mut moves = self.moves_of(pos)?;
        let best = moves[0].value;
        if moves[0].depth < floor {
            return None;
        }
        match pick {
            Pick::Best => moves.truncate(1),
            Pick::Varied { margin } => {
                moves.retain(|m| {
                    i64::from(m.value) >= i64::from(best) - i64::from(margin) && m.depth >= floor
                });
            }
        }
        let at = (splitmix(seed ^ pos.hash()) % moves.len() as u64) as usize;
        Some(moves.swap_remove(at))
    }
}

/// The values a [`Backer`] has worked out: its own, over part of a book;
/// the book's, over the whole of it.
enum Memo<'a> {
    Own(HashMap<u64, (i32, u32)>),
    Shared(MutexGuard<'a, HashMap<u64, (i32, u32)>>),
}

impl Memo<'_> {
    fn map(&mut self) -> &mut HashMap<u64, (i32, u32)> {
        match self {
            Memo::Own(map) => map,
            Memo::Shared(guard) => guard,
        }
    }
}

/// Backs values up through the book (or a part of it), each position once
/// per question.
pub(crate) struct Backer<'a> {
    book: &'a Book,
    /// The positions that count as the book's, where not all of them do
    /// (one root's tree, while it grows).
    within: Option<&'a HashSet<u64>>,
    /// Each position's best value and depth, once worked out: over the
    /// whole book, the book's own, kept for every later question.
    memo: Memo<'a>,
    /// The positions on the line being worked out: a cycle ends there, at
    /// the searched value.
    on_path: HashSet<u64>,
}

impl<'a> Backer<'a> {
    /// A backer over `book`, or over the positions `within` of it.
    pub(crate) fn new(book: &'a Book, within: Option<&'a HashSet<u64>>) -> Backer<'a> {
        let memo = match within {
            Some(_) => Memo::Own(HashMap::new()),
            None => Memo::Shared(book.backed.0.lock().unwrap_or_else(|e| e.into_inner())),
        };
        Backer {
            book,
            within,
            memo,
            on_path: HashSet::new(),
        }
    }

    fn holds(&self, key: u64) -> bool {
        self.book.contains(key) && self.within.is_none_or(|w| w.contains(&key))
    }

    /// The moves of the book position `pos` (keyed `key`) with backed-up
    /// values, in the book's order.
    pub(crate) fn moves<G: Game>(&mut self, pos: &G, key: u64) -> Vec<BookChoice<G::Move>> {
        let Some(entry) = self.book.get(key).filter(|_| self.holds(key)) else {
            return Vec::new();
        };
        self.on_path.insert(key);
        let mut out = Vec::with_capacity(entry.moves.len());
        for m in &entry.moves {
            // A move that does not read here is a collision of keys: no
            // book move of this position.
            let Ok(mv) = pos.parse_move(&m.mv) else {
                continue;
            };
            // The child's backed-up value, where it rests at least as deep
            // as the move's own search: a book with deeper roots laid over
            // it keeps their values where their leaves lead into shallower
            // positions of the rest.
            let child = pos.play(mv);
            let (value, depth) = match self.value(&child, child.hash()) {
                Some((v, d)) if d + 1 >= u32::from(m.depth) => (-v, d + 1),
                _ => (m.value, u32::from(m.depth)),
            };
            out.push(BookChoice {
                mv,
                value,
                depth,
                count: m.count,
            });
        }
        self.on_path.remove(&key);
        out
    }

    /// The best backed-up value and its depth of a book position, `None`
    /// for one outside the book (or on the line being worked out).
    fn value<G: Game>(&mut self, pos: &G, key: u64) -> Option<(i32, u32)> {
        if self.on_path.contains(&key) || !self.holds(key) {
            return None;
        }
        if let Some(&known) = self.memo.map().get(&key) {
            return Some(known);
        }
        let best = self
            .moves(pos, key)
            .into_iter()
            .max_by_key(|m| m.value)
            .map(|m| (m.value, m.depth))?;
        self.memo.map().insert(key, best);
        Some(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file::{BookMove, Entry, Header};
    use parlour_checkers::{Position, Rules};

    fn mv(mv: &str, value: i32) -> BookMove {
        BookMove {
            mv: mv.into(),
            value,
            depth: 4,
            count: 0,
        }
    }

    fn book() -> (Book, Position) {
        let start = Position::start(Rules::ENGLISH);
        let mut book = Book::new(Header::new("checkers", "english", 4, 20));
        book.insert(
            start.hash(),
            Entry {
                moves: vec![mv("11-15", 30), mv("9-13", 20), mv("9-14", 0)],
            },
        );
        // After 9-13 the other side's best is worth -40 to it: 9-13 is
        // worth 40, more than the 30 its own search gave 11-15.
        let after = start.play(start.parse_move("9-13").unwrap());
        book.insert(
            after.hash(),
            Entry {
                moves: vec![mv("22-18", -40), mv("21-17", -60)],
            },
        );
        (book, start)
    }

    #[test]
    fn values_back_up_through_the_book() {
        let (book, start) = book();
        let moves = book.moves_of(&start).unwrap();
        let texts: Vec<String> = moves.iter().map(|m| m.mv.to_string()).collect();
        assert_eq!(texts, ["9-13", "11-15", "9-14"]);
        assert_eq!((moves[0].value, moves[0].depth), (40, 5));
        let best = book.choose(&start, Pick::Best, 0, 1).unwrap();
        assert_eq!(best.mv.to_string(), "9-13");
        let after = start.play(start.parse_move("11-15").unwrap());
        assert!(book.moves_of(&after).is_none());
    }

    #[test]
    fn a_varied_pick_stays_within_its_margin() {
        let (book, start) = book();
        let mut seen = HashSet::new();
        for seed in 0..64 {
            let pick = book
                .choose(&start, Pick::Varied { margin: 10 }, 0, seed)
                .unwrap();
            seen.insert(pick.mv.to_string());
        }
        assert_eq!(
            seen,
            HashSet::from(["9-13".to_string(), "11-15".to_string()])
        );
        assert_eq!("varied:10".parse(), Ok(Pick::Varied { margin: 10 }));
        assert_eq!("best".parse(), Ok(Pick::Best));
        assert!("worst".parse::<Pick>().is_err());
    }

    #[test]
    fn a_move_resting_below_the_floor_is_left_to_the_search() {
        let (book, start) = book();
        // 9-13 rests on 5 plies (a depth-4 search below one book move),
        // 11-15 on its own search's 4.
        assert_eq!(book.choose(&start, Pick::Best, 6, 1), None);
        assert_eq!(book.best_of(&start).unwrap().mv.to_string(), "9-13");
        for seed in 0..32 {
            let pick = book
                .choose(&start, Pick::Varied { margin: 10 }, 5, seed)
                .unwrap();
            assert_eq!(pick.mv.to_string(), "9-13");
        }
    }

    #[test]
    fn values_backed_up_once_serve_every_later_question() {
        let (mut book, start) = book();
        let first = book.moves_of(&start).unwrap();
        let after = start.play(start.parse_move("9-13").unwrap());
        let known = |book: &Book| book.backed.0.lock().unwrap().get(&after.hash()).copied();
        assert_eq!(known(&book), Some((-40, 4)));
        assert_eq!(book.moves_of(&start).unwrap(), first);
        // A changed book works its values out again.
        book.get_mut(after.hash()).unwrap().moves[0].value = -10;
        assert_eq!(known(&book), None);
        let again = book.moves_of(&start).unwrap();
        let values: Vec<(String, i32)> =
            again.iter().map(|m| (m.mv.to_string(), m.value)).collect();
        assert_eq!(values[..2], [("11-15".into(), 30), ("9-13".into(), 10)]);
        assert_eq!(known(&book), Some((-10, 4)));
    }

    #[test]
    fn a_deeper_search_keeps_its_value_over_a_shallower_book_below_it() {
        let (mut book, start) = book();
        // 9-13 searched to depth 9 at the start: the book below it (one
        // position searched to 4, so 5 plies in all) rests less deep.
        book.get_mut(start.hash()).unwrap().moves[1].depth = 9;
        let moves = book.moves_of(&start).unwrap();
        let nine = moves.iter().find(|m| m.mv.to_string() == "9-13").unwrap();
        assert_eq!((nine.value, nine.depth), (20, 9));
        // At depth 5 the book below it rests as deep, and backs up.
        book.get_mut(start.hash()).unwrap().moves[1].depth = 5;
        let moves = book.moves_of(&start).unwrap();
        assert_eq!(
            (moves[0].mv.to_string(), moves[0].value),
            ("9-13".into(), 40)
        );
    }
}
