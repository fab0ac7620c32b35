//! A tuning run written down: a JSON-lines file whose first line is the
//! run's header (everything that decides its probes and updates) and each
//! further line one batch of game pairs, with the values it played and the
//! values it left. A killed run resumes from the file: the header must be
//! the run's, and the last batch's values are where it goes on.

use crate::error::TuneError;
use crate::spsa::{Gains, Spsa};
use parlour_search::params::Tunable;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

/// The file format's name and version, the header's first field.
pub const FORMAT: &str = "parlour-tune 1";

/// A parameter as the header records it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ParamRecord {
    /// Its name.
    pub name: String,
    /// Where the run started it.
    pub start: f64,
    /// Its range.
    pub min: f64,
    /// See `min`.
    pub max: f64,
    /// Its `c_end`.
    pub step: f64,
}

/// Everything that decides a run's probes and updates.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TuneHeader {
    /// [`FORMAT`].
    pub format: String,
    /// The game and its rules, as the caller names them.
    pub game: String,
    /// The engine each point plays as, with `{settings}` where its values
    /// go and `{name}` where its name goes.
    pub engine: String,
    /// The openings (`deck`, `start`, a file).
    pub openings: String,
    /// Game pairs per batch: both points play them with the same coins.
    pub batch: u32,
    /// The coins' seed.
    pub seed: u64,
    /// The gains.
    pub gains: Gains,
    /// The parameters moved.
    pub params: Vec<ParamRecord>,
}

impl TuneHeader {
    /// The parameters as [`Tunable`]s, their ranges and steps as recorded.
    pub fn tunables(&self) -> Result<Vec<Tunable>, TuneError> {
        self.params
            .iter()
            .map(|p| {
                let known = Tunable::named(&p.name).ok_or_else(|| TuneError::UnknownParam {
                    name: p.name.clone(),
                })?;
                Ok(Tunable {
                    min: p.min,
                    max: p.max,
                    step: p.step,
                    ..known
                })
            })
            .collect()
    }

    /// The run's arithmetic.
    pub fn spsa(&self) -> Result<Spsa, TuneError> {
        Ok(Spsa {
            params: self.tunables()?,
            gains: self.gains,
            seed: self.seed,
        })
    }

    /// The values the run starts from.
    pub fn start(&self) -> Vec<f64> {
        self.params.iter().map(|p| p.start).collect()
    }
}

/// One batch of game pairs between the two points of a probe.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Batch {
    /// The first pair of the batch, counting from 1 over the run.
    pub k: u32,
    /// Each parameter's coin.
    pub flips: Vec<f64>,
    /// The values the plus engine played.
    pub plus: Vec<f64>,
    /// The values the minus engine played.
    pub minus: Vec<f64>,
    /// The plus engine's wins, losses and draws.
    pub wins: u32,
    /// See `wins`.
    pub losses: u32,
    /// See `wins`.
    pub draws: u32,
    /// The values after the batch.
    pub theta: Vec<f64>,
}

impl Batch {
    /// The game pairs the batch played.
    pub fn pairs(&self) -> u32 {
        (self.wins + self.losses + self.draws) / 2
    }
}

/// A tuning file read back: its header and its batches, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct History {
    /// The header.
    pub header: TuneHeader,
    /// The batches.
    pub batches: Vec<Batch>,
    /// Whether a last line cut short was left out.
    pub cut: bool,
}

impl History {
    /// The values the run has reached.
    pub fn theta(&self) -> Vec<f64> {
        self.batches
            .last()
            .map_or_else(|| self.header.start(), |b| b.theta.clone())
    }

    /// The game pairs played.
    pub fn pairs(&self) -> u32 {
        self.batches.iter().map(Batch::pairs).sum()
    }

    /// Reads a tuning file. A last line cut short (a run killed as it
    /// wrote) is left out; any other line that does not read is an error.
    pub fn read(path: &Path) -> Result<History, TuneError> {
        let file = std::fs::File::open(path).map_err(|e| io(path, e))?;
        let mut lines = BufReader::new(file).lines().enumerate().peekable();
        let bad = |line: usize, why: String| TuneError::BadLine {
            path: path.to_path_buf(),
            line: line + 1,
            why,
        };
        let Some((_, first)) = lines.next() else {
            return Err(bad(0, "the file is empty".into()));
        };
        let first = first.map_err(|e| io(path, e))?;
        let header: TuneHeader = serde_json::from_str(&first)
            .map_err(|e| bad(0, format!("not a tuning header: {e}")))?;
        if header.format != FORMAT {
            return Err(bad(
                0,
                format!("format `{}`, not `{FORMAT}`", header.format),
            ));
        }
        let mut batches = Vec::new();
        let mut cut = false;
        while let Some((i, line)) = lines.next() {
            let line = line.map_err(|e| io(path, e))?;
            match serde_json::from_str::<Batch>(&line) {
                Ok(batch) => batches.push(batch),
                Err(_) if lines.peek().is_none() && !line.ends_with('}') => cut = true,
                Err(e) => return Err(bad(i, e.to_string())),
            }
        }
        Ok(History {
            header,
            batches,
            cut,
        })
    }
}

/// A tuning file open for the batches still to come.
pub struct HistoryFile {
    path: PathBuf,
    file: std::fs::File,
}

impl HistoryFile {
    /// A new file holding `header` alone.
    pub fn create(path: &Path, header: &TuneHeader) -> Result<HistoryFile, TuneError> {
        let mut file = std::fs::File::create(path).map_err(|e| io(path, e))?;
        let line = serde_json::to_string(header).expect("a header serializes");
        writeln!(file, "{line}").map_err(|e| io(path, e))?;
        Ok(HistoryFile {
            path: path.to_path_buf(),
            file,
        })
    }

    /// `history`'s file open for more batches. A line cut short is
    /// dropped by writing the file anew beside it and moving it over, so
    /// that no batch is lost if this too is killed.
    pub fn reopen(path: &Path, history: &History) -> Result<HistoryFile, TuneError> {
        if history.cut {
            let fresh = path.with_extension("resumed");
            let mut out = HistoryFile::create(&fresh, &history.header)?;
            for batch in &history.batches {
                out.write(batch)?;
            }
            std::fs::rename(&fresh, path).map_err(|e| io(path, e))?;
        }
        let file = std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| io(path, e))?;
        Ok(HistoryFile {
            path: path.to_path_buf(),
            file,
        })
    }

    /// Adds a batch, written through at once.
    pub fn write(&mut self, batch: &Batch) -> Result<(), TuneError> {
        let line = serde_json::to_string(batch).expect("a batch serializes");
        writeln!(self.file, "{line}")
            .and_then(|()| self.file.flush())
            .map_err(|e| io(&self.path, e))
    }
}

fn io(path: &Path, source: std::io::Error) -> TuneError {
    TuneError::Io {
        path: path.to_path_buf(),
        source,
    }
}
