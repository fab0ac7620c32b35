//! What a directory of databases holds, found before any table is read:
//! for each piece count how many of its files are there, the piece count
//! of the last build that finished there (its record, `built.txt`), and
//! the files that should be there and cannot be used: missing, a folder
//! in a file's place, or unreadable. A file should be there when other
//! files with as many pieces are (a count partly present), or when its
//! count is at most the recorded one.
//!
//! [`crate::Egdb::open`] takes the whole counts from it, [`crate::verify`]
//! refuses a directory with a gap, and a program that opens databases can
//! say what it found and warn of each gap, which the databases would
//! otherwise pass over by covering fewer pieces.

use crate::error::{EgdbError, Expected, Flaw, Gap};
use crate::file;
use crate::material::{Material, MAX_PIECES};
use std::fmt;
use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

/// What a directory of databases holds, piece count by piece count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coverage {
    dir: PathBuf,
    /// `counts[n]`: the files of n pieces.
    counts: [FileCount; MAX_PIECES as usize + 1],
    built: Option<u32>,
    gaps: Vec<Gap>,
}

/// The files of one piece count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct FileCount {
    /// Files there that can be opened.
    usable: u32,
    /// Names with something there, usable or not.
    there: u32,
    /// The files the count has.
    all: u32,
}

impl FileCount {
    fn whole(self) -> bool {
        self.all > 0 && self.usable == self.all
    }

    /// Some of the count is there, not all of it.
    fn partly(self) -> bool {
        self.there > 0 && !self.whole()
    }
}

impl Coverage {
    /// Looks at `dir`: which files are there (a directory that does not
    /// exist holds none), and its build record. A record that cannot be
    /// read is an error naming it.
    pub fn scan(dir: &Path) -> Result<Coverage, EgdbError> {
        let built = file::read_built(dir)?;
        let mut counts = [FileCount::default(); MAX_PIECES as usize + 1];
        let mut flaws: Vec<(Material, Flaw)> = Vec::new();
        for pieces in 2..=MAX_PIECES {
            let count = &mut counts[pieces as usize];
            for m in stored(pieces) {
                count.all += 1;
                let flaw = flaw(&file::path(dir, m));
                count.usable += u32::from(flaw.is_none());
                count.there += u32::from(flaw != Some(Flaw::Missing));
                flaws.extend(flaw.map(|f| (m, f)));
            }
        }
        let gaps = flaws
            .into_iter()
            .filter_map(|(material, flaw)| {
                let pieces = material.pieces();
                let expected = if counts[pieces as usize].partly() {
                    Expected::PartlyPresent
                } else {
                    built.filter(|&b| pieces <= b).map(Expected::Built)?
                };
                Some(Gap {
                    path: file::path(dir, material),
                    material,
                    flaw,
                    expected,
                })
            })
            .collect();
        Ok(Coverage {
            dir: dir.to_path_buf(),
            counts,
            built,
            gaps,
        })
    }

    /// The directory looked at.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The most pieces with every count from 2 up to it whole: what
    /// [`crate::Egdb::open`] reads. Below 2 when not every 2-piece file
    /// is there.
    pub fn complete(&self) -> u32 {
        (2..=MAX_PIECES)
            .take_while(|&n| self.whole(n))
            .last()
            .unwrap_or(1)
    }

    /// The piece counts with at least one usable file, in order.
    pub fn found(&self) -> Vec<u32> {
        (2..=MAX_PIECES)
            .filter(|&n| self.counts[n as usize].usable > 0)
            .collect()
    }

    /// Whether every file of `pieces` pieces is there and can be opened.
    pub fn whole(&self, pieces: u32) -> bool {
        self.counts.get(pieces as usize).is_some_and(|c| c.whole())
    }

    /// The piece count of the last build that finished in the directory,
    /// where it recorded one.
    pub fn built(&self) -> Option<u32> {
        self.built
    }

    /// Every file the databases should have and cannot use, fewest pieces
    /// first.
    pub fn gaps(&self) -> &[Gap] {
        &self.gaps
    }

    /// The piece count a build must be asked for to fill every gap.
    pub fn rebuild_pieces(&self) -> u32 {
        let found = self.found().last().copied().unwrap_or(2);
        found.max(self.built.unwrap_or(2))
    }

    /// `Ok` when no file is missing or unreadable where one should be;
    /// else an error naming the first such file.
    pub fn check(&self) -> Result<(), EgdbError> {
        match self.gaps.first() {
            None => Ok(()),
            Some(gap) => Err(EgdbError::Incomplete {
                gap: gap.clone(),
                more: self.gaps.len() - 1,
                pieces: self.rebuild_pieces(),
            }),
        }
    }
}

impl fmt::Display for Coverage {
    /// `2 to 4 pieces`, then each count there but not used: `; 5 pieces
    /// partly (20 of 24 files, not used)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let complete = self.complete();
        match complete {
            n if n < 2 => f.write_str("no whole piece count")?,
            2 => f.write_str("2 pieces")?,
            n => write!(f, "2 to {n} pieces")?,
        }
        for n in complete.max(1) + 1..=MAX_PIECES {
            let c = self.counts[n as usize];
            if c.whole() {
                write!(f, "; {n} pieces (not used: fewer pieces are not whole)")?;
            } else if c.there > 0 {
                write!(
                    f,
                    "; {n} pieces partly ({} of {} files, not used)",
                    c.usable, c.all
                )?;
            }
        }
        Ok(())
    }
}

/// The materials of `pieces` pieces the databases store.
fn stored(pieces: u32) -> impl Iterator<Item = Material> {
    Material::all_with(pieces)
        .into_iter()
        .filter(|m| !m.is_one_sided())
}

/// What keeps the file at `path` from being read, if anything.
fn flaw(path: &Path) -> Option<Flaw> {
    match fs::metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Some(Flaw::Missing),
        Err(e) => Some(Flaw::Unreadable(e.kind())),
        Ok(m) if !m.is_file() => Some(Flaw::NotAFile),
        Ok(_) => File::open(path).err().map(|e| Flaw::Unreadable(e.kind())),
    }
}
