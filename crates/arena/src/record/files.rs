//! The files a match writes as it goes: the results file (its header
//! first, then one JSON line a game) and the PDN file. Each game is
//! written and flushed as it ends. The PDN file is a function of the
//! results: on resume it is written anew from them, so the two files never
//! disagree, whatever moment a match was killed at.

use crate::plan::header::MatchHeader;
use crate::record::error::RecordError;
use crate::record::pdn::{pdn_game, pdn_text};
use parlour_game::Variant;
use parlour_report::GameRecord;
use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The files a match writes, open for appending, each game flushed as it
/// ends, with the game's rules and the PDN event they are written under.
pub(crate) struct RecordFiles<V: Variant> {
    results: Option<Output>,
    pdn: Option<Output>,
    rules: V,
    event: String,
}

/// One file being written.
struct Output {
    path: PathBuf,
    file: File,
}

/// A results file to continue: its whole lines, and the games they hold.
pub(crate) struct Resumed {
    /// The byte length of its whole lines (0: no header yet).
    pub keep: u64,
    /// Its finished games, checked.
    pub records: Vec<GameRecord>,
}

/// Why `path` could not be written.
pub(crate) fn write_error(path: &Path, source: std::io::Error) -> RecordError {
    RecordError::Write {
        path: path.to_path_buf(),
        source,
    }
}

impl Output {
    /// `text` at the end of the file, flushed.
    fn append(&mut self, text: &str) -> Result<(), RecordError> {
        self.file
            .write_all(text.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|e| write_error(&self.path, e))
    }
}

/// `value` as one JSON line.
fn json_line(path: &Path, value: &impl serde::Serialize) -> Result<String, RecordError> {
    let line = serde_json::to_string(value).map_err(|e| write_error(path, e.into()))?;
    Ok(line + "\n")
}

impl<V: Variant> RecordFiles<V> {
    /// Opens the files before any game starts, so that an unwritable path is
    /// an error at once. A fresh match refuses files that already hold
    /// games (resume to continue it, or choose other files), and starts the
    /// results with `header`. On resume, the results file is cut back to
    /// its whole lines (and started anew with `header` if it held none)
    /// and the PDN file is written anew from the resumed records.
    pub fn open(
        [results, pdn]: [Option<&Path>; 2],
        header: &MatchHeader,
        resume: Option<&Resumed>,
        rules: V,
    ) -> Result<RecordFiles<V>, RecordError> {
        for (what, path) in [("results", results), ("PDN", pdn)] {
            let Some(path) = path else { continue };
            if path.is_dir() {
                let path = path.to_path_buf();
                return Err(RecordError::Directory { what, path });
            }
            if resume.is_none() && std::fs::metadata(path).is_ok_and(|m| m.len() > 0) {
                let path = path.to_path_buf();
                return Err(RecordError::HoldsGames { what, path });
            }
        }
        let keep = resume.map_or(0, |r| r.keep);
        let mut files = RecordFiles {
            results: results
                .map(|path| Output::results(path, keep, header))
                .transpose()?,
            pdn: pdn.map(Output::pdn).transpose()?,
            rules,
            event: header.event.clone(),
        };
        if let (Some(pdn), Some(resumed)) = (&mut files.pdn, resume) {
            pdn.append(&pdn_text(&resumed.records, &files.rules, &files.event))?;
        }
        Ok(files)
    }

    /// Writes one finished game to both files and flushes them.
    pub fn write(&mut self, record: &GameRecord) -> Result<(), RecordError> {
        if let Some(results) = &mut self.results {
            results.append(&json_line(&results.path, record)?)?;
        }
        if let Some(pdn) = &mut self.pdn {
            pdn.append(&pdn_game(record, &self.rules, &self.event))?;
        }
        Ok(())
    }
}

impl Output {
    /// The results file cut back to its first `keep` bytes, the whole
    /// lines resumed; started with `header` where that leaves it empty.
    fn results(path: &Path, keep: u64, header: &MatchHeader) -> Result<Output, RecordError> {
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .read(true)
            .open(path)
            .map_err(|e| write_error(path, e))?;
        file.set_len(keep)
            .and_then(|()| file.seek(SeekFrom::End(0)).map(|_| ()))
            .map_err(|e| write_error(path, e))?;
        let mut output = Output {
            path: path.to_path_buf(),
            file,
        };
        if keep == 0 {
            output.append(&json_line(path, header)?)?;
        }
        Ok(output)
    }

    /// The PDN file, empty.
    fn pdn(path: &Path) -> Result<Output, RecordError> {
        let file = File::create(path).map_err(|e| write_error(path, e))?;
        Ok(Output {
            path: path.to_path_buf(),
            file,
        })
    }
}
