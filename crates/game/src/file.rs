//! The files parlour is given, read within a size that fits their kind: a
//! weights file of a gigabyte, or `/dev/zero`, is refused once the reader
//! has passed the limit, with a message that says it, instead of filling
//! the memory. [`FileKind`] names a kind and its limit; the crate that
//! owns a format declares its kind (weights and networks here, PDN beside
//! the PDN reader, results files in the arena, self-play data in train).
//! [`Cursor`] walks the bytes of a binary file read so.

use std::fmt;
use std::io::{self, Read};
use std::path::Path;

/// A kind of file and the most bytes one may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileKind {
    /// What the file is, as a message names it (`a weights file`).
    pub what: &'static str,
    /// The most bytes a file of the kind may hold.
    pub limit: u64,
}

/// A weights file: the shipped ones hold a few hundred kilobytes.
pub const WEIGHTS_FILE: FileKind = FileKind::new("a weights file", 16 << 20);

/// A network file: the largest shape a build takes is about 4 MiB.
pub const NETWORK_FILE: FileKind = FileKind::new("a network file", 16 << 20);

/// A file past its kind's limit, as the `io::Error` of its read says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("larger than {} may be ({})", .0.what, Size(.0.limit))]
pub struct TooLarge(pub FileKind);

/// A number of bytes written short: `16 MiB`, `4096 bytes`.
struct Size(u64);

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const UNITS: [&str; 4] = ["bytes", "KiB", "MiB", "GiB"];
        let (mut n, mut unit) = (self.0, 0);
        while unit + 1 < UNITS.len() && n >= 1024 && n.is_multiple_of(1024) {
            n /= 1024;
            unit += 1;
        }
        write!(f, "{n} {}", UNITS[unit])
    }
}

impl FileKind {
    /// A kind of file called `what` of at most `limit` bytes.
    pub const fn new(what: &'static str, limit: u64) -> FileKind {
        FileKind { what, limit }
    }

    /// The bytes of the file at `path`, refused (an error of the kind
    /// `FileTooLarge` whose message says the limit) past the limit: at
    /// once where the file's length says so, and a file that has no
    /// length to tell (a device, a pipe) read only that far.
    pub fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        let file = std::fs::File::open(path)?;
        if file.metadata()?.len() > self.limit {
            return Err(io::Error::new(io::ErrorKind::FileTooLarge, TooLarge(*self)));
        }
        self.read_from(file)
    }

    /// The bytes `source` gives, within the limit as [`FileKind::read`].
    pub fn read_from(&self, source: impl Read) -> io::Result<Vec<u8>> {
        let mut bytes = Vec::new();
        source.take(self.limit + 1).read_to_end(&mut bytes)?;
        if bytes.len() as u64 > self.limit {
            return Err(io::Error::new(io::ErrorKind::FileTooLarge, TooLarge(*self)));
        }
        Ok(bytes)
    }

    /// The text of the file at `path`, within the limit; a file that is
    /// not UTF-8 is an error of the kind `InvalidData`.
    pub fn read_text(&self, path: &Path) -> io::Result<String> {
        String::from_utf8(self.read(path)?).map_err(|_| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{} must be UTF-8 text, and this one is not", self.what),
            )
        })
    }
}

/// Why a [`Cursor`] could not give what was asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CursorError {
    /// The bytes end first.
    Truncated,
    /// A text is not UTF-8.
    BadText,
}

/// A cursor over the bytes of a binary file, all integers little-endian;
/// each format turns its [`CursorError`] into its own error.
pub struct Cursor<'a> {
    /// The bytes not yet read.
    pub rest: &'a [u8],
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Cursor<'a> {
        Cursor { rest: bytes }
    }

    /// The next `n` bytes.
    pub fn take(&mut self, n: usize) -> Result<&'a [u8], CursorError> {
        if self.rest.len() < n {
            return Err(CursorError::Truncated);
        }
        let (head, tail) = self.rest.split_at(n);
        self.rest = tail;
        Ok(head)
    }

    /// The next `N` bytes, as an array.
    fn array<const N: usize>(&mut self) -> Result<[u8; N], CursorError> {
        Ok(self.take(N)?.try_into().expect("take gives N bytes"))
    }

    /// A `u16`.
    pub fn u16(&mut self) -> Result<u16, CursorError> {
        self.array().map(u16::from_le_bytes)
    }

    /// A `u32`.
    pub fn u32(&mut self) -> Result<u32, CursorError> {
        self.array().map(u32::from_le_bytes)
    }

    /// A `u64`.
    pub fn u64(&mut self) -> Result<u64, CursorError> {
        self.array().map(u64::from_le_bytes)
    }

    /// A text: its length as a `u16`, then its UTF-8 bytes.
    pub fn text(&mut self) -> Result<String, CursorError> {
        let len = usize::from(self.u16()?);
        String::from_utf8(self.take(len)?.to_vec()).map_err(|_| CursorError::BadText)
    }

    /// `n` values of `SIZE` bytes each, each made by `value`.
    fn values<T, const SIZE: usize>(
        &mut self,
        n: usize,
        value: fn([u8; SIZE]) -> T,
    ) -> Result<Vec<T>, CursorError> {
        let raw = self.take(n.checked_mul(SIZE).ok_or(CursorError::Truncated)?)?;
        Ok(raw
            .chunks_exact(SIZE)
            .map(|c| value(c.try_into().expect("chunks of SIZE")))
            .collect())
    }

    /// `n` `i8`s.
    pub fn i8s(&mut self, n: usize) -> Result<Vec<i8>, CursorError> {
        self.values(n, i8::from_le_bytes)
    }

    /// `n` `i16`s.
    pub fn i16s(&mut self, n: usize) -> Result<Vec<i16>, CursorError> {
        self.values(n, i16::from_le_bytes)
    }

    /// `n` `i32`s.
    pub fn i32s(&mut self, n: usize) -> Result<Vec<i32>, CursorError> {
        self.values(n, i32::from_le_bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_file_is_read_only_to_its_limit() {
        let kind = FileKind::new("a test file", 1000);
        let endless = io::repeat(0);
        let error = kind.read_from(endless).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::FileTooLarge);
        assert_eq!(
            error.to_string(),
            "larger than a test file may be (1000 bytes)"
        );
        assert_eq!(kind.read_from(&[7u8; 1000][..]).unwrap().len(), 1000);
        let big = FileKind::new("a big file", 16 << 20);
        assert_eq!(
            TooLarge(big).to_string(),
            "larger than a big file may be (16 MiB)"
        );
    }

    #[test]
    fn the_cursor_reads_little_endian_and_stops_at_the_end() {
        let bytes = [2, 0, b'h', b'i', 1, 0, 0, 0, 0xff, 0xfe, 0xff];
        let mut c = Cursor::new(&bytes);
        assert_eq!(c.text(), Ok("hi".to_string()));
        assert_eq!(c.u32(), Ok(1));
        assert_eq!(c.i16s(1), Ok(vec![-257]));
        assert_eq!(c.i8s(2), Err(CursorError::Truncated));
        assert_eq!(c.i8s(1), Ok(vec![-1]));
        assert_eq!(c.i32s(usize::MAX), Err(CursorError::Truncated));
        let mut bad = Cursor::new(&[1, 0, 0xff]);
        assert_eq!(bad.text(), Err(CursorError::BadText));
    }
}
