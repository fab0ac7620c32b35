//! The builder: drop-out expansion (Lincke) from each root of the book,
//! driven by parlour's own search.
//!
//! A root grows one position at a time. Each step backs the values of the
//! root's tree up through it, then walks it cheapest line first (Dijkstra)
//! to the first position outside the tree, and expands that one: searches
//! it, with every move scored (multi-PV over all moves), and adds it. A
//! line costs, for each move on it, how far the move's value is below the
//! best there plus a penalty per ply; so the book grows deepest where play
//! goes, and the penalty trades depth for breadth.
//!
//! Everything is deterministic, so a book file is the whole state of its
//! build:
//!
//! - each position is searched by one thread to a fixed depth (and node
//!   budget) with the searcher cleared first, so its entry depends on the
//!   position alone, whoever expands it;
//! - each root grows only through its own tree, and records how many
//!   positions it has reached (`done`). A resumed build replays a root's
//!   steps from the entries already in the book, searching nothing twice,
//!   and goes on from there;
//! - a root that meets a position another root expanded takes its entry
//!   without a search, and grows exactly as it would alone: so roots built
//!   as shares and merged make the same book as one run.

use crate::file::{Book, BookError, BookMove, Entry, Header, Root, Settings};
use crate::lookup::Backer;
use parlour_game::perft::split::Share;
use parlour_game::registry::{parse_line, EvaluatorOf, Variant};
use parlour_game::{Game, History};
use parlour_search::{Limits, Searcher, SearcherError};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;

/// What can stop a build.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// The searcher could not be made.
    #[error("cannot make the book's searcher")]
    Searcher(#[from] SearcherError),
    /// A root's line does not read from the start.
    #[error("root `{name}` has a line that does not read: {message}")]
    Line {
        /// The root's name.
        name: String,
        /// What was wrong with it.
        message: String,
    },
    /// A deck the game does not have.
    #[error("no root set or deck `{name}` for these rules (start, or one of: {decks})")]
    UnknownRoots {
        /// The name given.
        name: String,
        /// The game's decks.
        decks: String,
    },
    /// A book whose state does not match its own entries.
    #[error(transparent)]
    Book(#[from] BookError),
}

/// A root as it is planned: its name and its moves from the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootSpec {
    /// Its name.
    pub name: String,
    /// Its moves from the start (empty: the start).
    pub line: String,
}

/// The roots named by `names` under `rules`, in order: `start` is the
/// start position, any other name one of the game's decks, each opening of
/// it a root.
pub fn roots<V: Variant>(rules: &V, names: &[&str]) -> Result<Vec<RootSpec>, BuildError> {
    let mut out = Vec::new();
    for name in names {
        if *name == "start" {
            out.push(RootSpec {
                name: "start".into(),
                line: String::new(),
            });
            continue;
        }
        let deck = rules.deck(name).ok_or_else(|| BuildError::UnknownRoots {
            name: name.to_string(),
            decks: V::decks().join(", "),
        })?;
        out.extend(deck.into_iter().map(|(name, line)| RootSpec {
            name,
            line: line.to_string(),
        }));
    }
    Ok(out)
}

/// The roots a book grows from when none are named: the start, and under
/// a game's default rules the openings it plays matches from (its default
/// deck), so that a match's games leave the book late.
pub fn default_roots<V: Variant>(rules: &V) -> Vec<&'static str> {
    let openings = V::default_openings();
    if *rules == V::default() && V::decks().contains(&openings) {
        vec!["start", openings]
    } else {
        vec!["start"]
    }
}

/// The position of `root` under `rules`: its line played from the start.
pub(crate) fn root_position<V: Variant>(rules: &V, root: &Root) -> Result<V::Position, BuildError> {
    let start = rules.start();
    let line = parse_line::<V>(&start, &root.line).map_err(|e| BuildError::Line {
        name: root.name.clone(),
        message: format!("{e}: {}", error_chain(&e)),
    })?;
    Ok(line.iter().fold(start, |pos, &mv| pos.play(mv)))
}

/// A new book of `rules` built with `settings`, holding the roots of
/// `share` (every root's number kept), each to grow to `size` positions.
pub fn plan<V: Variant>(
    rules: &V,
    settings: Settings,
    roots: &[RootSpec],
    size: u32,
    share: Share,
) -> Book {
    let mut book = Book::new(Header {
        game: V::NAME.to_string(),
        rules: rules.to_string(),
        settings,
    });
    book.roots = roots
        .iter()
        .enumerate()
        .filter(|(i, _)| share.holds(*i))
        .map(|(i, r)| Root {
            index: i as u32,
            name: r.name.clone(),
            line: r.line.clone(),
            size,
            done: 0,
            settings,
        })
        .collect();
    book
}

/// One step of a build, as its progress reports it.
#[derive(Clone, Debug)]
pub struct Progress {
    /// The root growing, its place in the book's roots.
    pub root: usize,
    /// Positions it has reached, and is to reach.
    pub done: u32,
    /// Its size.
    pub size: u32,
    /// Whether this step searched (not taken from another root).
    pub searched: bool,
    /// Steps done and to do over every root of the book.
    pub total_done: u64,
    /// Every root's size added up.
    pub total_size: u64,
}

/// What the caller says after each step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// Go on.
    Go,
    /// Stop here: the book holds every step so far.
    Stop,
}

/// How a build ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// Every root reached its size (or had nothing left to expand).
    Done,
    /// The caller or the stop flag stopped it.
    Stopped,
}

/// The builder: the rules, their evaluation, one search thread.
pub struct Builder<V: Variant> {
    rules: V,
    eval: EvaluatorOf<V>,
    searcher: Searcher,
    stop: Arc<AtomicBool>,
}

/// The transposition table of the builder's searches: small, since each
/// search is short and starts from a cleared table.
const HASH_MIB: usize = 16;

impl<V: Variant> Builder<V> {
    /// A builder for `rules` scoring by `eval`; setting `stop` stops the
    /// build at once, without the step under way.
    pub fn new(rules: V, eval: EvaluatorOf<V>, stop: Arc<AtomicBool>) -> Result<Self, BuildError> {
        Ok(Builder {
            rules,
            eval,
            searcher: Searcher::new(1, HASH_MIB)?,
            stop,
        })
    }

    /// Grows every root of `book` to its size, calling `on_step` after each
    /// new step; resumes a book already part built.
    pub fn run(
        &mut self,
        book: &mut Book,
        mut on_step: impl FnMut(&Book, &Progress) -> Control,
    ) -> Result<Finish, BuildError> {
        book.check_for(V::NAME, &self.rules.to_string())?;
        let total_size = book.roots.iter().map(|r| u64::from(r.size)).sum();
        let mut total_done = book.roots.iter().map(|r| u64::from(r.done)).sum();
        for r in 0..book.roots.len() {
            let finish = self.grow(book, r, &mut |book, root, done, searched| {
                total_done += 1;
                let progress = Progress {
                    root,
                    done,
                    size: book.roots[root].size,
                    searched,
                    total_done,
                    total_size,
                };
                on_step(book, &progress)
            })?;
            if finish == Finish::Stopped {
                return Ok(finish);
            }
        }
        Ok(Finish::Done)
    }

    /// Grows root `r`: replays the steps it has done, then adds the rest.
    fn grow(
        &mut self,
        book: &mut Book,
        r: usize,
        on_step: &mut impl FnMut(&Book, usize, u32, bool) -> Control,
    ) -> Result<Finish, BuildError> {
        let root = book.roots[r].clone();
        let root_pos = root_position(&self.rules, &root)?;
        let mut tree = HashSet::new();
        for step in 0..root.size {
            let Some(leaf) = select(book, &root_pos, &tree) else {
                break;
            };
            let replay = step < root.done;
            let searched = !book.contains(leaf.key);
            if searched {
                if replay {
                    return Err(BookError::Damaged {
                        what: format!("root `{}` has done more than its entries", root.name),
                    }
                    .into());
                }
                let Some(entry) = self.search(&leaf.pos, book.header.settings) else {
                    return Ok(Finish::Stopped);
                };
                book.insert(leaf.key, entry);
            }
            tree.insert(leaf.key);
            if replay {
                continue;
            }
            for &(key, i) in &leaf.path {
                if let Some(entry) = book.get_mut(key) {
                    entry.moves[i].count += 1;
                }
            }
            book.roots[r].done = step + 1;
            if on_step(book, r, step + 1, searched) == Control::Stop || self.stop.load(Relaxed) {
                return Ok(Finish::Stopped);
            }
        }
        Ok(Finish::Done)
    }

    /// The entry of `pos`: every move searched to the book's depth, best
    /// first; `None` where the stop flag cut the search short.
    fn search(&mut self, pos: &V::Position, settings: Settings) -> Option<Entry> {
        self.searcher.clear();
        let limits = Limits {
            depth: Some(settings.depth),
            nodes: settings.nodes,
            ..Limits::INFINITE
        };
        let lines = pos.count_moves() as usize;
        let result = self.searcher.search_lines(
            &History::new(*pos),
            limits,
            &self.eval,
            &self.stop,
            lines,
            |_| {},
        );
        if self.stop.load(Relaxed) {
            return None;
        }
        let depth = result.depth.min(u32::from(u8::MAX)) as u8;
        let mut moves: Vec<BookMove> = result
            .lines
            .iter()
            .map(|line| BookMove {
                mv: line.first().to_string(),
                value: line.score.internal(),
                depth,
                count: 0,
            })
            .collect();
        if moves.is_empty() {
            moves.extend(result.best_move.map(|mv| BookMove {
                mv: mv.to_string(),
                value: result.score.internal(),
                depth,
                count: 0,
            }));
        }
        Some(Entry { moves })
    }
}

fn error_chain(e: &dyn std::error::Error) -> String {
    e.source().map_or_else(String::new, |s| s.to_string())
}

/// The position to expand next, and the line to it from the root.
struct Leaf<G> {
    pos: G,
    key: u64,
    /// Each book position on the way and the index of its move taken.
    path: Vec<(u64, usize)>,
}

/// A position the walk has reached: where from, and at what cost.
struct Reached<G> {
    pos: G,
    key: u64,
    /// The position before it (its place among the reached) and the move.
    from: Option<(usize, usize)>,
}

/// The cheapest position outside `tree` (positions of `book`) reached
/// from `root` through it, by drop-out cost; `None` where every line ends
/// in a finished game. Ties go to the position reached first, moves taken
/// in the book's order, so the choice is the same on every run.
fn select<G: Game>(book: &Book, root: &G, tree: &HashSet<u64>) -> Option<Leaf<G>> {
    let penalty = u64::from(book.header.settings.penalty);
    let mut backer = Backer::new(book, Some(tree));
    let mut reached = vec![Reached {
        pos: *root,
        key: root.hash(),
        from: None,
    }];
    let mut queue = BinaryHeap::from([Reverse((0u64, 0usize))]);
    let mut settled = HashSet::new();
    while let Some(Reverse((cost, at))) = queue.pop() {
        let (pos, key) = (reached[at].pos, reached[at].key);
        if !settled.insert(key) {
            continue;
        }
        if !tree.contains(&key) {
            return Some(Leaf {
                pos,
                key,
                path: path_to(&reached, at),
            });
        }
        let moves = backer.moves(&pos, key);
        let Some(best) = moves.iter().map(|m| m.value).max() else {
            continue;
        };
        for m in moves {
            let child = pos.play(m.mv);
            let child_key = child.hash();
            if settled.contains(&child_key) || child.outcome().is_some() {
                continue;
            }
            let index = index_of(book, key, &m.mv.to_string());
            let step = (i64::from(best) - i64::from(m.value)) as u64 + penalty;
            reached.push(Reached {
                pos: child,
                key: child_key,
                from: Some((at, index)),
            });
            queue.push(Reverse((cost + step, reached.len() - 1)));
        }
    }
    None
}

/// The index of the move written `text` among the book moves of `key`.
fn index_of(book: &Book, key: u64, text: &str) -> usize {
    book.get(key)
        .and_then(|e| e.moves.iter().position(|m| m.mv == text))
        .expect("a book move of the position")
}

/// The book positions and moves from the root to `reached[at]`, root first.
fn path_to<G>(reached: &[Reached<G>], mut at: usize) -> Vec<(u64, usize)> {
    let mut path = Vec::new();
    while let Some((from, index)) = reached[at].from {
        path.push((reached[from].key, index));
        at = from;
    }
    path.reverse();
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_checkers::Rules;

    const SETTINGS: Settings = Settings {
        depth: 3,
        nodes: None,
        penalty: 25,
    };

    fn builder() -> Builder<Rules> {
        let rules = Rules::ENGLISH;
        let stop = Arc::new(AtomicBool::new(false));
        Builder::new(rules, rules.default_evaluator(), stop).unwrap()
    }

    fn two_roots() -> Vec<RootSpec> {
        let mut specs = roots(&Rules::ENGLISH, &["start", "deck"]).unwrap();
        specs.truncate(3);
        specs.remove(1);
        specs
    }

    fn built(specs: &[RootSpec], size: u32, share: Share) -> Book {
        let mut book = plan(&Rules::ENGLISH, SETTINGS, specs, size, share);
        let finish = builder().run(&mut book, |_, _| Control::Go).unwrap();
        assert_eq!(finish, Finish::Done);
        book
    }

    #[test]
    fn a_book_grows_to_its_size_from_each_root() {
        let specs = two_roots();
        assert_eq!(specs[0].name, "start");
        assert_eq!(specs[1].line, "9-13 21-17 6-9");
        let book = built(&specs, 6, Share::WHOLE);
        assert!(book.roots.iter().all(|r| r.done == 6));
        assert!(book.len() > 6 && book.len() <= 12, "{}", book.len());
        let start = Rules::ENGLISH.start();
        let root = book.get(start.hash()).unwrap();
        assert_eq!(root.moves.len() as u64, start.count_moves());
        // Five steps after the root's own each took one of its moves.
        assert_eq!(root.moves.iter().map(|m| m.count).sum::<u32>(), 5);
        assert_eq!(built(&specs, 6, Share::WHOLE), book);
    }

    #[test]
    fn a_killed_and_resumed_build_is_one_run() {
        let specs = two_roots();
        let whole = built(&specs, 5, Share::WHOLE);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("part.book");
        // Killed at each step in turn: the file holds the steps up to the
        // kill, and a run from it finishes the same book.
        for kill in 1..8 {
            let mut book = plan(&Rules::ENGLISH, SETTINGS, &specs, 5, Share::WHOLE);
            let mut steps = 0;
            let finish = builder()
                .run(&mut book, |_, _| {
                    steps += 1;
                    if steps == kill {
                        Control::Stop
                    } else {
                        Control::Go
                    }
                })
                .unwrap();
            assert_eq!(finish, Finish::Stopped);
            book.save(&path).unwrap();
            let mut resumed = Book::load(&path, crate::DEFAULT_MAX_BYTES).unwrap();
            let mut searched = 0;
            builder()
                .run(&mut resumed, |_, p| {
                    searched += usize::from(p.searched);
                    Control::Go
                })
                .unwrap();
            assert_eq!(resumed, whole, "killed after step {kill}");
            assert_eq!(book.len() + searched, whole.len(), "nothing searched twice");
        }
    }

    #[test]
    fn shares_merged_are_one_run() {
        let specs = two_roots();
        let whole = built(&specs, 5, Share::WHOLE);
        let mut first = built(&specs, 5, Share::new(1, 2).unwrap());
        let second = built(&specs, 5, Share::new(2, 2).unwrap());
        assert_eq!(first.roots.len(), 1);
        assert_eq!(second.roots[0].index, 1);
        first.merge(second).unwrap();
        assert_eq!(first, whole);
    }

    #[test]
    fn unknown_roots_and_other_rules_are_refused() {
        assert!(matches!(
            roots(&Rules::ENGLISH, &["nothing"]),
            Err(BuildError::UnknownRoots { .. })
        ));
        let mut book = plan(&Rules::HUFFING, SETTINGS, &two_roots(), 2, Share::WHOLE);
        assert!(matches!(
            builder().run(&mut book, |_, _| Control::Go),
            Err(BuildError::Book(BookError::WrongRules { .. }))
        ));
        assert_eq!(default_roots(&Rules::ENGLISH), ["start", "deck"]);
        assert_eq!(default_roots(&Rules::HUFFING), ["start"]);
    }
}

#[cfg(test)]
mod any_game {
    use super::*;
    use parlour_pegs::PegRules;

    /// The builder knows no game: the peg game's book grows as checkers'.
    #[test]
    fn the_peg_game_has_a_book_too() {
        let rules = PegRules::default();
        let settings = Settings {
            depth: 1,
            nodes: None,
            penalty: 20,
        };
        assert_eq!(default_roots(&rules), ["start"]);
        let specs = roots(&rules, &["start"]).unwrap();
        let mut book = plan(&rules, settings, &specs, 4, Share::WHOLE);
        let stop = Arc::new(AtomicBool::new(false));
        let mut builder = Builder::new(rules, rules.default_evaluator(), stop).unwrap();
        assert_eq!(
            builder.run(&mut book, |_, _| Control::Go).unwrap(),
            Finish::Done
        );
        assert_eq!(book.len(), 4);
        let start = rules.start();
        let moves = book.moves_of(&start).unwrap();
        assert_eq!(moves.len() as u64, start.count_moves());
        let bytes = book.to_bytes();
        assert_eq!(Book::from_bytes(&bytes).unwrap(), book);
    }
}
