//! What a book holds: its positions and size, and how far it reaches from
//! each of its roots.

use crate::build::{root_position, BuildError};
use crate::file::Book;
use parlour_game::registry::Variant;
use parlour_game::Game;
use std::collections::{HashSet, VecDeque};

/// How far the book reaches from one root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootStats {
    /// The root's name.
    pub name: String,
    /// Positions its expansion reached, and was to reach.
    pub done: u32,
    /// Its size.
    pub size: u32,
    /// Book positions reachable from it through book moves.
    pub positions: usize,
    /// The most plies from it to a book position, by the shortest way.
    pub deepest: u32,
    /// The plies of its main line in the book: best moves from the root
    /// until the line leaves the book.
    pub main_line: u32,
}

/// What a book holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookStats {
    /// Positions.
    pub positions: usize,
    /// Book moves over every position.
    pub moves: usize,
    /// The file's size in bytes.
    pub bytes: usize,
    /// Each root's reach, in the order of the roots.
    pub roots: Vec<RootStats>,
}

/// The statistics of `book`, a book of `rules`.
pub fn stats<V: Variant>(book: &Book, rules: &V) -> Result<BookStats, BuildError> {
    let mut roots = Vec::with_capacity(book.roots.len());
    for root in &book.roots {
        let pos = root_position(rules, root)?;
        let (positions, deepest) = reach(book, &pos);
        roots.push(RootStats {
            name: root.name.clone(),
            done: root.done,
            size: root.size,
            positions,
            deepest,
            main_line: main_line(book, &pos),
        });
    }
    Ok(BookStats {
        positions: book.len(),
        moves: book.entries().map(|(_, e)| e.moves.len()).sum(),
        bytes: book.to_bytes().len(),
        roots,
    })
}

/// The book positions reachable from `root`, and the most plies to one.
fn reach<G: Game>(book: &Book, root: &G) -> (usize, u32) {
    let mut seen = HashSet::from([root.hash()]);
    let mut queue = VecDeque::from([(*root, 0u32)]);
    let (mut count, mut deepest) = (0, 0);
    while let Some((pos, depth)) = queue.pop_front() {
        let Some(entry) = book.get(pos.hash()) else {
            continue;
        };
        count += 1;
        deepest = deepest.max(depth);
        for m in &entry.moves {
            if let Ok(mv) = pos.parse_move(&m.mv) {
                let child = pos.play(mv);
                if seen.insert(child.hash()) {
                    queue.push_back((child, depth + 1));
                }
            }
        }
    }
    (count, deepest)
}

/// The length of the best line from `root` inside the book.
fn main_line<G: Game>(book: &Book, root: &G) -> u32 {
    let mut pos = *root;
    let mut seen = HashSet::new();
    let mut plies = 0;
    while seen.insert(pos.hash()) {
        let Some(choice) = book.best_of(&pos) else {
            break;
        };
        pos = pos.play(choice.mv);
        plies += 1;
    }
    plies
}
