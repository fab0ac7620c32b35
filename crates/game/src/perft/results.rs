//! The results file of a deep perft run: its [`Identity`] line, then one
//! `unit <number> <nodes>` line per unit counted, written as each unit
//! finishes. A run killed at any moment resumes from it: the units it
//! holds are not counted again, and a last line cut short is dropped.

use super::identity::{Identity, IdentityError};
use crate::echo::echo;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Why a results file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ResultsError {
    /// The file cannot be read or written.
    #[error("results file `{}`", echo(&path.display()))]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A fresh run's file that already holds results.
    #[error(
        "results file `{}` already holds a run: --resume to continue it, or choose another file",
        path.display()
    )]
    HoldsResults {
        /// The file.
        path: PathBuf,
    },
    /// The file's first line is not an identity.
    #[error("results file `{}` does not start with a perft identity", echo(&path.display()))]
    NoIdentity {
        /// The file.
        path: PathBuf,
        /// What is wrong with its first line.
        source: IdentityError,
    },
    /// The file is another run's.
    #[error("results file `{}` is another run's: {field} `{found}` in the file, `{expected}` here", echo(&path.display()))]
    OtherRun {
        /// The file.
        path: PathBuf,
        /// The first field that differs.
        field: &'static str,
        /// Its value for this run.
        expected: String,
        /// Its value in the file.
        found: String,
    },
    /// A complete line that is not a unit of this run, or a unit twice.
    #[error("results file `{}`, line {line}: `{text}` is not a new unit of this share", echo(&path.display()))]
    BadLine {
        /// The file.
        path: PathBuf,
        /// The line's number, from 1.
        line: usize,
        /// The line.
        text: String,
    },
}

/// An open results file, shared by the threads that count units.
#[derive(Debug)]
pub struct ResultsFile {
    path: PathBuf,
    file: Mutex<File>,
}

impl ResultsFile {
    /// Opens `path` for the run `identity`. A fresh run (`resume` false)
    /// refuses a file that holds anything and starts it with the identity;
    /// a resumed one reads the units already counted (by unit number, from
    /// a file of this run; none from a missing or empty file), cuts off a
    /// last line left incomplete, and appends.
    pub fn open(
        path: &Path,
        identity: &Identity,
        resume: bool,
    ) -> Result<(ResultsFile, Vec<Option<u64>>), ResultsError> {
        let io = |source| ResultsError::Io {
            path: path.to_path_buf(),
            source,
        };
        let mut file = OpenOptions::new()
            .create(true)
            .read(true)
            .append(true)
            .open(path)
            .map_err(io)?;
        let mut text = String::new();
        file.read_to_string(&mut text).map_err(io)?;
        if !resume && !text.is_empty() {
            return Err(ResultsError::HoldsResults {
                path: path.to_path_buf(),
            });
        }
        let complete = text.rfind('\n').map_or(0, |i| i + 1);
        let done = read_units(path, &text[..complete], identity)?;
        file.set_len(complete as u64).map_err(io)?;
        file.seek(SeekFrom::End(0)).map_err(io)?;
        if complete == 0 {
            file.write_all(format!("{identity}\n").as_bytes())
                .map_err(io)?;
        }
        let results = ResultsFile {
            path: path.to_path_buf(),
            file: Mutex::new(file),
        };
        Ok((results, done))
    }

    /// Records that unit `unit` has `nodes` leaves: one line, written at once.
    pub fn record(&self, unit: usize, nodes: u64) -> Result<(), ResultsError> {
        let line = format!("unit {unit} {nodes}\n");
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        file.write_all(line.as_bytes())
            .map_err(|source| ResultsError::Io {
                path: self.path.clone(),
                source,
            })
    }
}

/// The units recorded in a results file's complete lines, by unit number.
fn read_units(
    path: &Path,
    text: &str,
    identity: &Identity,
) -> Result<Vec<Option<u64>>, ResultsError> {
    let mut done = vec![None; identity.units];
    let mut lines = text.lines().enumerate();
    let Some((_, head)) = lines.next() else {
        return Ok(done);
    };
    let found: Identity = head.parse().map_err(|source| ResultsError::NoIdentity {
        path: path.to_path_buf(),
        source,
    })?;
    if let Some(d) = identity.difference(&found, true) {
        return Err(ResultsError::OtherRun {
            path: path.to_path_buf(),
            field: d.field,
            expected: d.first,
            found: d.second,
        });
    }
    for (n, line) in lines {
        let unit = parse_unit(line).filter(|&(unit, _)| {
            unit < done.len() && identity.share.holds(unit) && done[unit].is_none()
        });
        let Some((unit, nodes)) = unit else {
            return Err(ResultsError::BadLine {
                path: path.to_path_buf(),
                line: n + 1,
                text: crate::echo::echo(line).to_string(),
            });
        };
        done[unit] = Some(nodes);
    }
    Ok(done)
}

/// `unit <number> <nodes>`.
fn parse_unit(line: &str) -> Option<(usize, u64)> {
    let mut items = line.split(' ');
    let (Some("unit"), Some(unit), Some(nodes), None) =
        (items.next(), items.next(), items.next(), items.next())
    else {
        return None;
    };
    Some((unit.parse().ok()?, nodes.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft::identity::tests::identity;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("parlour-perft-results-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        let _ = std::fs::remove_file(&path);
        path
    }

    #[test]
    fn a_killed_run_resumes_from_its_complete_lines() {
        let path = scratch("resume.txt");
        let id = identity("2/3");
        let (results, done) = ResultsFile::open(&path, &id, false).unwrap();
        assert!(done.iter().all(Option::is_none));
        results.record(1, 100).unwrap();
        results.record(4, 400).unwrap();
        drop(results);
        // A last line cut short by a kill.
        let mut text = std::fs::read_to_string(&path).unwrap();
        text.push_str("unit 7 7");
        std::fs::write(&path, &text).unwrap();
        let err = ResultsFile::open(&path, &id, false).unwrap_err();
        assert!(matches!(err, ResultsError::HoldsResults { .. }), "{err}");
        let (results, done) = ResultsFile::open(&path, &id, true).unwrap();
        assert_eq!((done[1], done[4], done[7]), (Some(100), Some(400), None));
        results.record(7, 700).unwrap();
        drop(results);
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text, format!("{id}\nunit 1 100\nunit 4 400\nunit 7 700\n"));
    }

    #[test]
    fn another_runs_file_is_refused() {
        let path = scratch("other.txt");
        let (results, _) = ResultsFile::open(&path, &identity("1/3"), false).unwrap();
        results.record(0, 5).unwrap();
        drop(results);
        let err = ResultsFile::open(&path, &identity("2/3"), true).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "results file `{}` is another run's: share `1/3` in the file, `2/3` here",
                path.display()
            )
        );
        for bad in ["unit 1 5\n", "unit 0 5\n", "unit 0 x\n", "noise\n"] {
            let text = format!("{}\nunit 0 5\n{bad}", identity("1/3"));
            std::fs::write(&path, text).unwrap();
            let err = ResultsFile::open(&path, &identity("1/3"), true).unwrap_err();
            assert!(
                matches!(err, ResultsError::BadLine { line: 3, .. }),
                "{bad}: {err}"
            );
        }
        std::fs::write(&path, "hello\n").unwrap();
        let err = ResultsFile::open(&path, &identity("1/3"), true).unwrap_err();
        assert!(matches!(err, ResultsError::NoIdentity { .. }), "{err}");
    }
}
