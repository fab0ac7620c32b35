//! How a user names a book where an engine plays (`--book FILE|off`,
//! `book=FILE` in an engine spec): read once into a [`BookSpec`], opened
//! for the rules played, and refused with a message if it is not theirs.

use crate::file::{Book, BookError, DEFAULT_MAX_BYTES};
use parlour_game::Variant;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// A book as named: none, or a file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum BookSpec {
    /// No book: every move searched.
    #[default]
    Off,
    /// The book in this file.
    File(PathBuf),
}

/// A book name that names nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookSpecError {
    /// Nothing given.
    #[error("no book named: give a book file, or `off`")]
    Empty,
    /// `default`, which this parlour does not have yet.
    #[error("this parlour has no default book built in: give a book file made by `parlour book build`, or `off`")]
    NoDefault,
}

impl FromStr for BookSpec {
    type Err = BookSpecError;

    fn from_str(text: &str) -> Result<BookSpec, BookSpecError> {
        match text.trim() {
            "" => Err(BookSpecError::Empty),
            "off" => Ok(BookSpec::Off),
            "default" => Err(BookSpecError::NoDefault),
            _ => Ok(BookSpec::File(PathBuf::from(text))),
        }
    }
}

impl fmt::Display for BookSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookSpec::Off => f.write_str("off"),
            BookSpec::File(path) => write!(f, "{}", path.display()),
        }
    }
}

impl BookSpec {
    /// The book named, read and checked to be for `rules`; `None` for
    /// `off`.
    pub fn open<V: Variant>(&self, rules: &V) -> Result<Option<Book>, BookError> {
        let BookSpec::File(path) = self else {
            return Ok(None);
        };
        let book = Book::load(path, DEFAULT_MAX_BYTES)?;
        book.check_for(V::NAME, &rules.to_string())?;
        Ok(Some(book))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn book_names_read_and_write_back() {
        assert_eq!("off".parse(), Ok(BookSpec::Off));
        assert_eq!("b.book".parse(), Ok(BookSpec::File("b.book".into())));
        assert_eq!("".parse::<BookSpec>(), Err(BookSpecError::Empty));
        assert_eq!("default".parse::<BookSpec>(), Err(BookSpecError::NoDefault));
        assert_eq!(BookSpec::File("b.book".into()).to_string(), "b.book");
        let none = BookSpec::Off
            .open(&parlour_checkers::Rules::ENGLISH)
            .unwrap();
        assert!(none.is_none());
    }
}
