//! The book built into parlour: english checkers, grown from the start and
//! from each of the 156 ACF ballots of the tournament deck. `docs/book.md`
//! gives the command that made it and its figures; the file is kept
//! compressed by gzip in `crates/book/data/`, checked as any book file is
//! when it is first used, and read once a process.

use crate::file::{Book, BookError, DEFAULT_MAX_BYTES};
use std::sync::{Arc, OnceLock};

/// The built-in book's file, gzip-compressed.
const ENGLISH: &[u8] = include_bytes!("../data/english.book.gz");

/// The game and rules the built-in book is for.
pub const BUILTIN_FOR: (&str, &str) = ("checkers", "english");

/// The book built into parlour for `game` under `rules` (as the book file
/// writes them), where there is one: read the first time it is asked for.
pub fn builtin(game: &str, rules: &str) -> Result<Option<Arc<Book>>, BookError> {
    if (game, rules) != BUILTIN_FOR {
        return Ok(None);
    }
    english().map(Some)
}

/// The english book, read once.
pub fn english() -> Result<Arc<Book>, BookError> {
    static BOOK: OnceLock<Result<Arc<Book>, String>> = OnceLock::new();
    BOOK.get_or_init(|| {
        Book::from_gzip(ENGLISH, DEFAULT_MAX_BYTES)
            .map(Arc::new)
            .map_err(|e| e.to_string())
    })
    .clone()
    .map_err(|what| BookError::Damaged {
        what: format!("the built-in book: {what}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_book_is_english_checkers_and_read_once() {
        let book = english().unwrap();
        assert_eq!(book.header.game, "checkers");
        assert_eq!(book.header.rules, "english");
        assert!(Arc::ptr_eq(&book, &english().unwrap()));
        let again = builtin("checkers", "english").unwrap().unwrap();
        assert!(Arc::ptr_eq(&book, &again));
        assert!(builtin("checkers", "huffing").unwrap().is_none());
        assert!(builtin("pegs", "english").unwrap().is_none());
    }
}
