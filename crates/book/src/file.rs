//! The book as data and as a file: its header (game, rules, how it is
//! built), its roots with each one's progress, and its entries, one per
//! position; read with a size limit and every byte checked, written
//! atomically (a temporary file renamed over the old one).
//!
//! The file, little-endian throughout:
//!
//! | field | bytes |
//! |---|---|
//! | magic `PARLBOOK` | 8 |
//! | format version ([`FORMAT_VERSION`]) | 4 |
//! | game name, rules text | text each (a u16 length, then UTF-8) |
//! | search depth, search nodes (0: none), drop-out penalty | 4, 8, 4 |
//! | roots: count, then each: index, name, line, size, done, its search depth, nodes, penalty | 4; 4, text, text, 4, 4, 4, 8, 4 |
//! | entries: count, then each, by key: key, move count, moves | 4; 8, 2, moves |
//! | a move: its text, value, depth, count | text, 4, 1, 4 |
//! | CRC-32 of everything before it | 4 |
//!
//! Format 1, the first, had no settings of a root's own (each root took
//! the book's); it is still read.

use parlour_game::echo::echo;
use parlour_game::file::FileKind;
use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The first eight bytes of every book file.
pub const MAGIC: [u8; 8] = *b"PARLBOOK";

/// The format this code writes; it reads this one and
/// [`FIRST_FORMAT_VERSION`], and refuses any other.
pub const FORMAT_VERSION: u32 = 2;

/// The first format, whose roots had no settings of their own.
pub const FIRST_FORMAT_VERSION: u32 = 1;

/// The largest file [`Book::load`] reads unless told otherwise: far above
/// any book the builder makes in a day, far below a machine's memory.
pub const DEFAULT_MAX_BYTES: u64 = 512 << 20;

/// What can be wrong with a book file or a merge of books.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// The file could not be read or written.
    #[error("cannot {action} `{}`", echo(&path.display()))]
    Io {
        /// `read` or `write`.
        action: &'static str,
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is larger than the limit it is read with.
    #[error("`{}` is larger than the {limit} bytes a book may be", echo(&path.display()))]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The limit.
        limit: u64,
    },
    /// The file does not start as a book does.
    #[error("not a parlour book (it does not start with `PARLBOOK`)")]
    NotABook,
    /// A book of a format this code does not read.
    #[error("a book of format {found}; this parlour reads format {FORMAT_VERSION}")]
    Version {
        /// The file's format.
        found: u32,
    },
    /// A book whose bytes do not add up: cut short, or changed.
    #[error("the book is damaged ({what})")]
    Damaged {
        /// What was found wrong.
        what: String,
    },
    /// A book for another game or other rules than asked for.
    #[error("a book for {found}, not for {expected}")]
    WrongRules {
        /// The book's game and rules.
        found: String,
        /// The game and rules asked for.
        expected: String,
    },
    /// Two books that cannot be merged: other games, rules or settings.
    #[error("books built differently cannot be merged: {first} and {second}")]
    Unlike {
        /// The first book's header.
        first: String,
        /// The other's.
        second: String,
    },
    /// Two books that both hold the same root.
    #[error("root {index} ({name}) is in two of the books merged")]
    SameRoot {
        /// The root's number in the build.
        index: u32,
        /// Its name.
        name: String,
    },
    /// Two books with different moves for one position.
    #[error("position {key:016x} has different moves in two of the books merged")]
    Conflict {
        /// The position's key.
        key: u64,
    },
}

/// What a book is for and how it is built: the same for every entry, so
/// an entry is a function of its position alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game's name (`checkers`).
    pub game: String,
    /// Its rules, as the rules' `Display` writes them (`english`).
    pub rules: String,
    /// How each position of the book is searched and chosen.
    pub settings: Settings,
}

impl Header {
    /// The header of a book of `game` under `rules` (as the rules' `Display`
    /// writes them) whose positions are searched to `depth`, without a node
    /// budget, each ply away from a root costing a line `penalty`.
    pub fn new(game: &str, rules: &str, depth: u32, penalty: u32) -> Header {
        Header {
            game: game.to_string(),
            rules: rules.to_string(),
            settings: Settings {
                depth,
                nodes: None,
                penalty,
            },
        }
    }
}

impl std::fmt::Display for Header {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {} ({})", self.game, self.rules, self.settings)
    }
}

/// The builder's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The depth each position of the book is searched to.
    pub depth: u32,
    /// A node budget for each search, if any.
    pub nodes: Option<u64>,
    /// What each ply away from the root costs a line, in the search's
    /// units (centipawn-like): the larger, the wider and shallower the
    /// book.
    pub penalty: u32,
}

impl std::fmt::Display for Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "depth {}", self.depth)?;
        if let Some(nodes) = self.nodes {
            write!(f, ", nodes {nodes}")?;
        }
        write!(f, ", penalty {}", self.penalty)
    }
}

/// One line the book grows from: the start, or an opening's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Root {
    /// Its number in the whole build (the order the roots were listed), so
    /// shares merge back into one order.
    pub index: u32,
    /// Its name (`start`, `ACF 5 Dreaded Edinburgh`).
    pub name: String,
    /// Its moves from the start, in the game's notation (empty: the start).
    pub line: String,
    /// How many positions its expansion is to reach.
    pub size: u32,
    /// How many it has reached: the builder's state, so a resumed build
    /// does nothing twice.
    pub done: u32,
    /// How its positions were searched and chosen: the book's own
    /// settings, except for a root laid over the book from a deeper build
    /// ([`Book::overlay`]).
    pub settings: Settings,
}

/// A move of a book position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move, in the game's notation.
    pub mv: String,
    /// Its value by the search, from the mover's view (centipawn-like;
    /// wins and losses as the search writes them inside).
    pub value: i32,
    /// The depth of the search behind the value.
    pub depth: u8,
    /// How often the expansion chose a line through this move.
    pub count: u32,
}

/// A position of the book: its moves, best first, as the search ranked
/// them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The moves.
    pub moves: Vec<BookMove>,
}

/// A book: a header, its roots and its entries by position key (the
/// game's `hash`, so transpositions are one entry).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    /// What it is for and how it is built.
    pub header: Header,
    /// The roots, in the order of their numbers.
    pub roots: Vec<Root>,
    entries: BTreeMap<u64, Entry>,
    /// Each position's backed-up value, as lookups work them out.
    pub(crate) backed: Backed,
}

/// The backed-up value and depth of each book position worked out so far
/// over the whole book: a lookup near the start backs values up through
/// most of the book once, and every later one reads them. Emptied when
/// the book changes; not part of the book (a clone starts empty, and two
/// books are equal whatever they have worked out).
#[derive(Debug, Default)]
pub(crate) struct Backed(pub(crate) std::sync::Mutex<std::collections::HashMap<u64, (i32, u32)>>);

impl Backed {
    fn clear(&mut self) {
        self.0.get_mut().unwrap_or_else(|e| e.into_inner()).clear();
    }
}

impl Clone for Backed {
    fn clone(&self) -> Backed {
        Backed::default()
    }
}

impl PartialEq for Backed {
    fn eq(&self, _: &Backed) -> bool {
        true
    }
}

impl Eq for Backed {}

impl Book {
    /// An empty book.
    pub fn new(header: Header) -> Book {
        Book {
            header,
            roots: Vec::new(),
            entries: BTreeMap::new(),
            backed: Backed::default(),
        }
    }

    /// The entry of the position keyed `key`.
    pub fn get(&self, key: u64) -> Option<&Entry> {
        self.entries.get(&key)
    }

    /// Whether the position keyed `key` is in the book.
    pub fn contains(&self, key: u64) -> bool {
        self.entries.contains_key(&key)
    }

    /// Adds or replaces the entry of `key`.
    pub fn insert(&mut self, key: u64, entry: Entry) {
        self.backed.clear();
        self.entries.insert(key, entry);
    }

    /// The entry of `key`, to change its counts.
    pub fn get_mut(&mut self, key: u64) -> Option<&mut Entry> {
        self.backed.clear();
        self.entries.get_mut(&key)
    }

    /// The number of positions whose values lookups have backed up
    /// through the book and keep for later ones (see [`Book::moves_of`]).
    pub fn backed_up(&self) -> usize {
        self.backed
            .0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .len()
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every entry, by key.
    pub fn entries(&self) -> impl Iterator<Item = (u64, &Entry)> {
        self.entries.iter().map(|(k, e)| (*k, e))
    }

    /// Refuses a book that is not for `game` under `rules`.
    pub fn check_for(&self, game: &str, rules: &str) -> Result<(), BookError> {
        if self.header.game == game && self.header.rules == rules {
            return Ok(());
        }
        Err(BookError::WrongRules {
            found: format!("{} {}", self.header.game, self.header.rules),
            expected: format!("{game} {rules}"),
        })
    }

    /// The book as the bytes of its file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + self.entries.len() * 40);
        out.extend_from_slice(&MAGIC);
        put_u32(&mut out, FORMAT_VERSION);
        put_text(&mut out, &self.header.game);
        put_text(&mut out, &self.header.rules);
        put_settings(&mut out, &self.header.settings);
        put_u32(&mut out, self.roots.len() as u32);
        for root in &self.roots {
            put_u32(&mut out, root.index);
            put_text(&mut out, &root.name);
            put_text(&mut out, &root.line);
            put_u32(&mut out, root.size);
            put_u32(&mut out, root.done);
            put_settings(&mut out, &root.settings);
        }
        put_u32(&mut out, self.entries.len() as u32);
        for (key, entry) in &self.entries {
            out.extend_from_slice(&key.to_le_bytes());
            // No game of the registry has 65,536 moves in a position; the
            // search's own move index is 16 bits too.
            out.extend_from_slice(&(entry.moves.len().min(u16::MAX as usize) as u16).to_le_bytes());
            for mv in entry.moves.iter().take(u16::MAX as usize) {
                put_text(&mut out, &mv.mv);
                out.extend_from_slice(&mv.value.to_le_bytes());
                out.push(mv.depth);
                put_u32(&mut out, mv.count);
            }
        }
        let crc = crc32fast::hash(&out);
        put_u32(&mut out, crc);
        out
    }

    /// Reads a book from the bytes of its file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.len() < MAGIC.len() || bytes[..MAGIC.len()] != MAGIC {
            return Err(BookError::NotABook);
        }
        let mut r = Reader {
            bytes,
            at: MAGIC.len(),
        };
        let version = r.u32()?;
        if version != FORMAT_VERSION && version != FIRST_FORMAT_VERSION {
            return Err(BookError::Version { found: version });
        }
        if bytes.len() < 4 {
            return Err(damaged("cut short"));
        }
        let (body, tail) = bytes.split_at(bytes.len() - 4);
        let crc = u32::from_le_bytes(tail.try_into().expect("four bytes"));
        if crc32fast::hash(body) != crc {
            return Err(damaged("its checksum does not match"));
        }
        r.bytes = body;
        let game = r.text()?;
        let rules = r.text()?;
        let settings = r.settings()?;
        let mut book = Book::new(Header {
            game,
            rules,
            settings,
        });
        let root_bytes = if version == FIRST_FORMAT_VERSION {
            17
        } else {
            33
        };
        for _ in 0..r.count(root_bytes)? {
            let (index, name, line, size, done) =
                (r.u32()?, r.text()?, r.text()?, r.u32()?, r.u32()?);
            let settings = if version == FIRST_FORMAT_VERSION {
                settings
            } else {
                r.settings()?
            };
            book.roots.push(Root {
                index,
                name,
                line,
                size,
                done,
                settings,
            });
        }
        for _ in 0..r.count(10)? {
            let key = r.u64()?;
            let n = r.u16()?;
            let mut moves = Vec::with_capacity(n as usize);
            for _ in 0..n {
                moves.push(BookMove {
                    mv: r.text()?,
                    value: r.u32()? as i32,
                    depth: r.u8()?,
                    count: r.u32()?,
                });
            }
            if book.entries.insert(key, Entry { moves }).is_some() {
                return Err(damaged("a position is in it twice"));
            }
        }
        if r.at != body.len() {
            return Err(damaged("bytes after its last entry"));
        }
        Ok(book)
    }

    /// Reads the book file at `path`, refusing one larger than `max_bytes`.
    pub fn load(path: &Path, max_bytes: u64) -> Result<Book, BookError> {
        let io = |source| BookError::Io {
            action: "read",
            path: path.to_path_buf(),
            source,
        };
        let too_large = || BookError::TooLarge {
            path: path.to_path_buf(),
            limit: max_bytes,
        };
        let kind = FileKind::new("a book", max_bytes);
        match kind.read(path) {
            Ok(bytes) => match gunzip(&bytes, max_bytes) {
                Ok(Some(unpacked)) => Book::from_bytes(&unpacked),
                Ok(None) => Book::from_bytes(&bytes),
                Err(Unpack::TooLarge) => Err(too_large()),
                Err(Unpack::Damaged(why)) => Err(damaged(&why)),
            },
            Err(e) if e.kind() == std::io::ErrorKind::FileTooLarge => Err(too_large()),
            Err(e) => Err(io(e)),
        }
    }

    /// Reads a book from the bytes of its file compressed by gzip (as the
    /// book built into parlour is kept), unpacking at most `max_bytes`.
    pub fn from_gzip(bytes: &[u8], max_bytes: u64) -> Result<Book, BookError> {
        match gunzip(bytes, max_bytes) {
            Ok(Some(unpacked)) => Book::from_bytes(&unpacked),
            Ok(None) => Err(BookError::NotABook),
            Err(Unpack::TooLarge) => Err(damaged(&format!("it unpacks to over {max_bytes} bytes"))),
            Err(Unpack::Damaged(why)) => Err(damaged(&why)),
        }
    }

    /// Writes the book to `path` at once or not at all: to a temporary file
    /// beside it, flushed to disk, then renamed over `path`, so a kill at
    /// any moment leaves the old book or the new one whole.
    pub fn save(&self, path: &Path) -> Result<(), BookError> {
        let mut temp = path.as_os_str().to_owned();
        temp.push(format!(".{}.tmp", std::process::id()));
        let temp = PathBuf::from(temp);
        let io = |source| BookError::Io {
            action: "write",
            path: path.to_path_buf(),
            source,
        };
        let write = || -> std::io::Result<()> {
            let mut file = fs::File::create(&temp)?;
            file.write_all(&self.to_bytes())?;
            file.sync_all()?;
            fs::rename(&temp, path)
        };
        write().map_err(|e| {
            let _ = fs::remove_file(&temp);
            io(e)
        })
    }

    /// Merges `other` into this book: the same game, rules and settings;
    /// roots of their own (kept in the order of their numbers); positions
    /// both hold must have the same moves, and their counts add up.
    pub fn merge(&mut self, other: Book) -> Result<(), BookError> {
        self.backed.clear();
        if self.header != other.header {
            return Err(BookError::Unlike {
                first: self.header.to_string(),
                second: other.header.to_string(),
            });
        }
        if let Some(root) = other
            .roots
            .iter()
            .find(|r| self.roots.iter().any(|s| s.index == r.index))
        {
            return Err(BookError::SameRoot {
                index: root.index,
                name: root.name.clone(),
            });
        }
        for (key, entry) in &other.entries {
            if let Some(mine) = self.entries.get(key) {
                let same = mine.moves.len() == entry.moves.len()
                    && mine
                        .moves
                        .iter()
                        .zip(&entry.moves)
                        .all(|(a, b)| a.mv == b.mv && a.value == b.value && a.depth == b.depth);
                if !same {
                    return Err(BookError::Conflict { key: *key });
                }
            }
        }
        for (key, entry) in other.entries {
            match self.entries.get_mut(&key) {
                Some(mine) => {
                    for (a, b) in mine.moves.iter_mut().zip(entry.moves) {
                        a.count += b.count;
                    }
                }
                None => {
                    self.entries.insert(key, entry);
                }
            }
        }
        self.roots.extend(other.roots);
        self.roots.sort_by_key(|r| r.index);
        Ok(())
    }

    /// Lays `over`, a book of the same game and rules built by other
    /// settings (deeper searches, as a rule), over this one: each of its
    /// positions takes the place of this book's entry for it, and each of
    /// its roots the place of this book's root of the same line (keeping
    /// that root's number), or comes after the others. The roots keep
    /// their own settings, which `book stats` shows. A book with roots laid
    /// over it is a product, not a build's state: `build --resume` refuses
    /// it (resume the books it was made from, and lay them over again).
    pub fn overlay(&mut self, over: Book) -> Result<(), BookError> {
        self.backed.clear();
        if (&self.header.game, &self.header.rules) != (&over.header.game, &over.header.rules) {
            return Err(BookError::Unlike {
                first: self.header.to_string(),
                second: over.header.to_string(),
            });
        }
        for mut root in over.roots {
            match self.roots.iter_mut().find(|r| r.line == root.line) {
                Some(mine) => {
                    root.index = mine.index;
                    *mine = root;
                }
                None => {
                    root.index = self.roots.iter().map(|r| r.index + 1).max().unwrap_or(0);
                    self.roots.push(root);
                }
            }
        }
        self.entries.extend(over.entries);
        Ok(())
    }

    /// Whether every root was built by the book's own settings: a book as
    /// a build leaves it, which `build --resume` can go on with.
    pub fn is_one_build(&self) -> bool {
        self.roots
            .iter()
            .all(|r| r.settings == self.header.settings)
    }
}

fn damaged(what: &str) -> BookError {
    BookError::Damaged {
        what: what.to_string(),
    }
}

fn put_u32(out: &mut Vec<u8>, n: u32) {
    out.extend_from_slice(&n.to_le_bytes());
}

fn put_settings(out: &mut Vec<u8>, settings: &Settings) {
    put_u32(out, settings.depth);
    out.extend_from_slice(&settings.nodes.unwrap_or(0).to_le_bytes());
    put_u32(out, settings.penalty);
}

fn put_text(out: &mut Vec<u8>, text: &str) {
    let bytes = &text.as_bytes()[..text.len().min(u16::MAX as usize)];
    out.extend_from_slice(&(bytes.len() as u16).to_le_bytes());
    out.extend_from_slice(bytes);
}

/// Reads a file's fields in turn; running out of bytes is damage.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], BookError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| damaged("cut short"))?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn u8(&mut self) -> Result<u8, BookError> {
        Ok(self.take(1)?[0])
    }

    fn u16(&mut self) -> Result<u16, BookError> {
        Ok(u16::from_le_bytes(self.take(2)?.try_into().expect("2")))
    }

    fn u32(&mut self) -> Result<u32, BookError> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("4")))
    }

    fn u64(&mut self) -> Result<u64, BookError> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().expect("8")))
    }

    /// A count of items of at least `min_bytes` each: one the rest of the
    /// file cannot hold is damage, not a reason to allocate.
    fn count(&mut self, min_bytes: usize) -> Result<usize, BookError> {
        let n = self.u32()? as usize;
        if n.saturating_mul(min_bytes) > self.bytes.len() - self.at {
            return Err(damaged("a count larger than the file"));
        }
        Ok(n)
    }

    fn settings(&mut self) -> Result<Settings, BookError> {
        Ok(Settings {
            depth: self.u32()?,
            nodes: Some(self.u64()?).filter(|&n| n > 0),
            penalty: self.u32()?,
        })
    }

    fn text(&mut self) -> Result<String, BookError> {
        let len = u16::from_le_bytes(self.take(2)?.try_into().expect("2")) as usize;
        String::from_utf8(self.take(len)?.to_vec()).map_err(|_| damaged("a text is not UTF-8"))
    }
}

/// The first two bytes of a gzip stream.
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// Why bytes that start as gzip do not unpack.
enum Unpack {
    /// They unpack to more than the limit.
    TooLarge,
    /// They are not whole gzip: what the decoder said.
    Damaged(String),
}

/// `bytes` unpacked where they are gzip (`None` where they are not),
/// reading at most `max_bytes` of what they unpack to, so that a small
/// file cannot fill the memory.
fn gunzip(bytes: &[u8], max_bytes: u64) -> Result<Option<Vec<u8>>, Unpack> {
    use std::io::Read;
    if !bytes.starts_with(&GZIP_MAGIC) {
        return Ok(None);
    }
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .take(max_bytes.saturating_add(1))
        .read_to_end(&mut out)
        .map_err(|e| Unpack::Damaged(format!("its gzip does not unpack: {e}")))?;
    if out.len() as u64 > max_bytes {
        return Err(Unpack::TooLarge);
    }
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Book {
        let mut book = Book::new(Header::new("checkers", "english", 4, 20));
        book.roots.push(Root {
            index: 0,
            name: "start".into(),
            line: String::new(),
            size: 3,
            done: 1,
            settings: Settings {
                depth: 4,
                nodes: None,
                penalty: 20,
            },
        });
        let mv = |mv: &str, value| BookMove {
            mv: mv.into(),
            value,
            depth: 4,
            count: 1,
        };
        book.insert(
            7,
            Entry {
                moves: vec![mv("11-15", 30), mv("9-13", -5)],
            },
        );
        book.insert(3, Entry { moves: vec![] });
        book
    }

    #[test]
    fn a_book_reads_back_as_written() {
        let book = sample();
        assert_eq!(Book::from_bytes(&book.to_bytes()).unwrap(), book);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.book");
        book.save(&path).unwrap();
        assert_eq!(Book::load(&path, DEFAULT_MAX_BYTES).unwrap(), book);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn damaged_and_foreign_files_are_refused() {
        let bytes = sample().to_bytes();
        assert!(matches!(
            Book::from_bytes(b"PDN stuff here"),
            Err(BookError::NotABook)
        ));
        let mut changed = bytes.clone();
        changed[30] ^= 1;
        assert!(matches!(
            Book::from_bytes(&changed),
            Err(BookError::Damaged { .. })
        ));
        assert!(matches!(
            Book::from_bytes(&bytes[..bytes.len() - 9]),
            Err(BookError::Damaged { .. })
        ));
        let mut newer = bytes.clone();
        newer[8] = 3;
        assert!(matches!(
            Book::from_bytes(&newer),
            Err(BookError::Version { found: 3 })
        ));
        let book = sample();
        assert!(book.check_for("checkers", "english").is_ok());
        let err = book.check_for("checkers", "huffing").unwrap_err();
        assert_eq!(
            err.to_string(),
            "a book for checkers english, not for checkers huffing"
        );
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.book");
        book.save(&path).unwrap();
        assert!(matches!(
            Book::load(&path, 10),
            Err(BookError::TooLarge { .. })
        ));
    }

    #[cfg(unix)]
    #[test]
    fn an_endless_file_is_read_only_to_the_limit() {
        // /dev/zero says it is 0 bytes long and never ends.
        let err = Book::load(Path::new("/dev/zero"), 1 << 20).unwrap_err();
        assert_eq!(
            err.to_string(),
            "`/dev/zero` is larger than the 1048576 bytes a book may be"
        );
        let long = PathBuf::from("b".repeat(2000));
        let err = Book::load(&long, DEFAULT_MAX_BYTES).unwrap_err();
        assert!(err.to_string().len() < 120, "{err}");
    }

    /// The bytes of `book` in the first format: its roots without
    /// settings of their own.
    fn first_format(book: &Book) -> Vec<u8> {
        let head = |version| {
            let mut out = MAGIC.to_vec();
            put_u32(&mut out, version);
            put_text(&mut out, &book.header.game);
            put_text(&mut out, &book.header.rules);
            put_settings(&mut out, &book.header.settings);
            put_u32(&mut out, book.roots.len() as u32);
            for root in &book.roots {
                put_u32(&mut out, root.index);
                put_text(&mut out, &root.name);
                put_text(&mut out, &root.line);
                put_u32(&mut out, root.size);
                put_u32(&mut out, root.done);
                if version == FORMAT_VERSION {
                    put_settings(&mut out, &root.settings);
                }
            }
            out
        };
        let now = book.to_bytes();
        let mut out = head(FIRST_FORMAT_VERSION);
        // The entries are alike in both formats.
        out.extend_from_slice(&now[head(FORMAT_VERSION).len()..now.len() - 4]);
        let crc = crc32fast::hash(&out);
        put_u32(&mut out, crc);
        out
    }

    #[test]
    fn a_book_of_the_first_format_is_read_with_its_settings_on_every_root() {
        let book = sample();
        let old = first_format(&book);
        assert_eq!(Book::from_bytes(&old).unwrap(), book);
        assert!(Book::from_bytes(&old).unwrap().is_one_build());
    }

    #[test]
    fn a_deeper_book_laid_over_replaces_its_positions_and_roots() {
        let mut base = sample();
        let mut deep = sample();
        deep.header.settings.depth = 9;
        deep.roots[0].settings.depth = 9;
        deep.roots[0].index = 4;
        deep.roots[0].done = 3;
        deep.get_mut(7).unwrap().moves[0].value = 12;
        deep.insert(11, Entry { moves: vec![] });
        let mut other = deep.roots[0].clone();
        other.line = "9-13".into();
        deep.roots.push(other);
        base.overlay(deep).unwrap();
        assert!(!base.is_one_build());
        assert_eq!(base.header.settings.depth, 4);
        assert_eq!(base.roots.len(), 2);
        assert_eq!((base.roots[0].index, base.roots[0].done), (0, 3));
        assert_eq!(base.roots[0].settings.depth, 9);
        assert_eq!(
            (base.roots[1].index, base.roots[1].line.as_str()),
            (1, "9-13")
        );
        assert_eq!(base.get(7).unwrap().moves[0].value, 12);
        assert!(base.contains(3) && base.contains(11));
        assert_eq!(Book::from_bytes(&base.to_bytes()).unwrap(), base);
        let mut huffing = sample();
        huffing.header.rules = "huffing".into();
        assert!(matches!(
            sample().overlay(huffing),
            Err(BookError::Unlike { .. })
        ));
    }

    #[test]
    fn merging_adds_counts_and_refuses_conflicts() {
        let mut a = sample();
        let mut b = sample();
        b.roots[0].index = 1;
        a.merge(b.clone()).unwrap();
        assert_eq!(a.roots.len(), 2);
        assert_eq!(a.get(7).unwrap().moves[0].count, 2);
        assert!(matches!(
            a.merge(b.clone()),
            Err(BookError::SameRoot { .. })
        ));
        let mut c = sample();
        c.roots[0].index = 5;
        c.get_mut(7).unwrap().moves[0].value = 99;
        assert!(matches!(
            sample().merge(c),
            Err(BookError::Conflict { key: 7 })
        ));
        let mut d = sample();
        d.header.settings.depth = 5;
        assert!(matches!(sample().merge(d), Err(BookError::Unlike { .. })));
    }
}
