//! How a user names a book where an engine plays (`--book FILE|off`,
//! `book=FILE` in an engine spec): read once into a [`BookSpec`], opened
//! for the rules played, and refused with a message if it is not theirs.

use crate::builtin;
use crate::file::{Book, BookError, DEFAULT_MAX_BYTES};
use parlour_game::Variant;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;

/// A book as named: none, the one built in, or a file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum BookSpec {
    /// No book: every move searched.
    #[default]
    Off,
    /// The book built into parlour for the rules played, where they have
    /// one (english checkers); no book under others.
    Default,
    /// The book in this file.
    File(PathBuf),
}

/// A book name that names nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookSpecError {
    /// Nothing given.
    #[error("no book named: give a book file, `default` or `off`")]
    Empty,
}

impl FromStr for BookSpec {
    type Err = BookSpecError;

    fn from_str(text: &str) -> Result<BookSpec, BookSpecError> {
        match text.trim() {
            "" => Err(BookSpecError::Empty),
            "off" => Ok(BookSpec::Off),
            "default" => Ok(BookSpec::Default),
            _ => Ok(BookSpec::File(PathBuf::from(text))),
        }
    }
}

impl fmt::Display for BookSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookSpec::Off => f.write_str("off"),
            BookSpec::Default => f.write_str("default"),
            BookSpec::File(path) => write!(f, "{}", path.display()),
        }
    }
}

impl BookSpec {
    /// The book named, read, before the rules played are known: `default`
    /// is the english book; `None` for `off`. [`BookSpec::fit`] then
    /// takes it for a game's rules.
    pub fn read(&self) -> Result<Option<Arc<Book>>, BookError> {
        match self {
            BookSpec::Off => Ok(None),
            BookSpec::Default => builtin::english().map(Some),
            BookSpec::File(path) => Book::load(path, DEFAULT_MAX_BYTES).map(|b| Some(Arc::new(b))),
        }
    }

    /// `book`, as [`BookSpec::read`] gave it, for a game of `rules`: a
    /// named file must be for them (else an error that says whose it is);
    /// the built-in book serves the rules it is for and no others.
    pub fn fit<V: Variant>(
        &self,
        book: Option<Arc<Book>>,
        rules: &V,
    ) -> Result<Option<Arc<Book>>, BookError> {
        let Some(book) = book else {
            return Ok(None);
        };
        match (self, book.check_for(V::NAME, &rules.to_string())) {
            (_, Ok(())) => Ok(Some(book)),
            (BookSpec::Default, Err(_)) => Ok(None),
            (_, Err(e)) => Err(e),
        }
    }

    /// The book named, read and checked to be for `rules`; `None` for
    /// `off`, and for `default` under rules with no book built in.
    pub fn open<V: Variant>(&self, rules: &V) -> Result<Option<Arc<Book>>, BookError> {
        match self {
            BookSpec::Default => builtin::builtin(V::NAME, &rules.to_string()),
            _ => self.fit(self.read()?, rules),
        }
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
        assert_eq!("default".parse(), Ok(BookSpec::Default));
        assert_eq!(BookSpec::Default.to_string(), "default");
        assert_eq!(BookSpec::File("b.book".into()).to_string(), "b.book");
        let none = BookSpec::Off
            .open(&parlour_checkers::Rules::ENGLISH)
            .unwrap();
        assert!(none.is_none());
    }

    #[test]
    fn the_default_book_serves_english_checkers_alone() {
        use parlour_checkers::Rules;
        let english = BookSpec::Default.open(&Rules::ENGLISH).unwrap().unwrap();
        assert_eq!(english.header.rules, "english");
        assert!(BookSpec::Default.open(&Rules::HUFFING).unwrap().is_none());
        let pegs = parlour_pegs::PegRules::default();
        assert!(BookSpec::Default.open(&pegs).unwrap().is_none());
        // Read first, then fitted: the same, while a named file for other
        // rules is refused.
        let read = BookSpec::Default.read().unwrap();
        assert!(BookSpec::Default
            .fit(read.clone(), &Rules::HUFFING)
            .unwrap()
            .is_none());
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("english.book");
        english.save(&path).unwrap();
        let file = BookSpec::File(path);
        assert!(matches!(
            file.fit(read, &Rules::HUFFING),
            Err(BookError::WrongRules { .. })
        ));
        assert!(file.open(&Rules::ENGLISH).unwrap().is_some());
    }

    #[test]
    fn a_book_compressed_by_gzip_reads_as_the_book() {
        use std::io::Write;
        let book = crate::builtin::english().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("english.book.gz");
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(&book.to_bytes()).unwrap();
        let packed = gz.finish().unwrap();
        std::fs::write(&path, &packed).unwrap();
        assert_eq!(&Book::load(&path, DEFAULT_MAX_BYTES).unwrap(), &*book);
        // It may unpack to no more than the limit, and cut short it is
        // damaged, not a panic.
        let small = book.to_bytes().len() as u64 - 1;
        assert!(matches!(
            Book::load(&path, small),
            Err(BookError::TooLarge { .. })
        ));
        std::fs::write(&path, &packed[..packed.len() / 2]).unwrap();
        let err = Book::load(&path, DEFAULT_MAX_BYTES).unwrap_err();
        assert!(matches!(err, BookError::Damaged { .. }), "{err}");
    }
}
