//! The training data file: a header naming the self-play run it belongs
//! to, then one block per finished game, each with its own checksum, in
//! the order of the games' indices.
//!
//! ```text
//! "PARLOUR-SELFPLAY\n"    17 bytes
//! version                 u32, FORMAT_VERSION
//! settings                u32 length, UTF-8: everything that decides which
//!                         games are played (the model, rules, openings,
//!                         budget, seed, evaluation): a resumed run must match
//! code length             u16: bytes of one encoded position
//! then per game:
//!   index                 u32: the game's number in the run, from 0
//!   result                u8: 0 Black won, 1 White won, 2 drawn
//!   plies                 u16: the game's length
//!   count                 u16: positions recorded
//!   count x (code, score i16 from the side to move's view, ply u16)
//!   checksum              u64: FNV-1a of the block's bytes before it
//! ```
//!
//! A run killed while writing leaves at most a torn last block, which
//! reading ignores and resuming cuts off. Integers are little-endian.

use parlour_game::echo::echo;
use parlour_game::file::FileKind;
use parlour_game::weights::fnv1a;
use parlour_game::{Outcome, Side};
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 17] = b"PARLOUR-SELFPLAY\n";

/// The layout version this build reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// A search score meaning "the side to move wins" (a forced win found).
pub const SCORE_WIN: i16 = 32_000;

/// One recorded position of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionRecord {
    /// The position, as the game's [`parlour_game::Learn::encode`] wrote it.
    pub code: Vec<u8>,
    /// The search's score from the side to move's view (±[`SCORE_WIN`]
    /// for a forced win or loss).
    pub score: i16,
    /// Plies from the game's start.
    pub ply: u16,
}

/// One finished game: its result and the positions recorded in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's number in its run.
    pub index: u32,
    /// How it ended.
    pub outcome: Outcome,
    /// Its length in plies.
    pub plies: u16,
    /// The positions recorded, in the order they were met.
    pub positions: Vec<PositionRecord>,
}

/// A self-play data file: a position takes a few dozen bytes, so four
/// gigabytes hold a hundred million of them, more than a training run
/// reads.
pub const DATA_FILE: FileKind = FileKind::new("a self-play data file", 4 << 30);

/// Why a data file could not be read, written or resumed.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// The file system refused.
    #[error("{}", echo(&path.display()))]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: io::Error,
    },
    /// The file does not start as a training data file does.
    #[error("{}: not a parlour self-play data file", echo(&path.display()))]
    NotData {
        /// The file.
        path: PathBuf,
    },
    /// A data file of a layout this build does not read.
    #[error("{}: a data file of layout version {found}; this build reads version {FORMAT_VERSION}", echo(&path.display()))]
    Version {
        /// The file.
        path: PathBuf,
        /// Its layout version.
        found: u32,
    },
    /// Resuming a file written by a run with other settings.
    #[error("{} holds the games of another self-play run: it was made with `{found}`, this run is `{expected}`; give another file, or the same settings", echo(&path.display()))]
    OtherRun {
        /// The file.
        path: PathBuf,
        /// The file's settings.
        found: String,
        /// This run's settings.
        expected: String,
    },
    /// Positions of another size than the game's encoding.
    #[error("{}: positions of {found} bytes, where this game's take {expected}: data of another game", echo(&path.display()))]
    CodeLength {
        /// The file.
        path: PathBuf,
        /// The file's code length.
        found: usize,
        /// The game's.
        expected: usize,
    },
}

fn io_error(path: &Path) -> impl Fn(io::Error) -> DataError + '_ {
    move |source| DataError::Io {
        path: path.to_path_buf(),
        source,
    }
}

fn outcome_byte(outcome: Outcome) -> u8 {
    match outcome {
        Outcome::Win(Side::Black) => 0,
        Outcome::Win(Side::White) => 1,
        Outcome::Draw => 2,
    }
}

/// The bytes of a game's block, checksum included.
pub fn encode_block(game: &GameRecord, code_len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(17 + game.positions.len() * (code_len + 4));
    out.extend_from_slice(&game.index.to_le_bytes());
    out.push(outcome_byte(game.outcome));
    out.extend_from_slice(&game.plies.to_le_bytes());
    out.extend_from_slice(&(game.positions.len() as u16).to_le_bytes());
    for p in &game.positions {
        debug_assert_eq!(p.code.len(), code_len);
        out.extend_from_slice(&p.code);
        out.extend_from_slice(&p.score.to_le_bytes());
        out.extend_from_slice(&p.ply.to_le_bytes());
    }
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// Reads one block from the front of `bytes`: the game and the block's
/// length, or `None` where the bytes end inside it or its checksum fails.
fn decode_block(bytes: &[u8], code_len: usize) -> Option<(GameRecord, usize)> {
    if bytes.len() < 9 {
        return None;
    }
    let index = u32::from_le_bytes(bytes[0..4].try_into().ok()?);
    let outcome = match bytes[4] {
        0 => Outcome::Win(Side::Black),
        1 => Outcome::Win(Side::White),
        2 => Outcome::Draw,
        _ => return None,
    };
    let plies = u16::from_le_bytes(bytes[5..7].try_into().ok()?);
    let count = u16::from_le_bytes(bytes[7..9].try_into().ok()?) as usize;
    let record = code_len + 4;
    let body = 9 + count * record;
    if bytes.len() < body + 8 {
        return None;
    }
    let sum = u64::from_le_bytes(bytes[body..body + 8].try_into().ok()?);
    if sum != fnv1a(&bytes[..body]) {
        return None;
    }
    let positions = bytes[9..body]
        .chunks_exact(record)
        .map(|r| PositionRecord {
            code: r[..code_len].to_vec(),
            score: i16::from_le_bytes([r[code_len], r[code_len + 1]]),
            ply: u16::from_le_bytes([r[code_len + 2], r[code_len + 3]]),
        })
        .collect();
    Some((
        GameRecord {
            index,
            outcome,
            plies,
            positions,
        },
        body + 8,
    ))
}

/// A data file read whole: its header and its complete games.
#[derive(Clone, Debug)]
pub struct DataFile {
    /// The run's settings, as its header holds them.
    pub settings: String,
    /// Bytes of one encoded position.
    pub code_len: usize,
    /// The complete games, in file order.
    pub games: Vec<GameRecord>,
    /// The length of the file's whole part (header and complete games):
    /// anything after it is a torn block.
    pub whole_len: u64,
}

fn header(settings: &str, code_len: usize) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&(settings.len() as u32).to_le_bytes());
    out.extend_from_slice(settings.as_bytes());
    out.extend_from_slice(&(code_len as u16).to_le_bytes());
    out
}

impl DataFile {
    /// Reads a data file: its header, then every complete game, stopping
    /// at a torn or damaged block.
    pub fn read(path: &Path) -> Result<DataFile, DataError> {
        let bytes = DATA_FILE.read(path).map_err(io_error(path))?;
        DataFile::from_bytes(path, &bytes)
    }

    fn from_bytes(path: &Path, bytes: &[u8]) -> Result<DataFile, DataError> {
        let not_data = || DataError::NotData {
            path: path.to_path_buf(),
        };
        if bytes.len() < MAGIC.len() + 8 || &bytes[..MAGIC.len()] != MAGIC {
            return Err(not_data());
        }
        let mut at = MAGIC.len();
        let version = u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4"));
        if version != FORMAT_VERSION {
            return Err(DataError::Version {
                path: path.to_path_buf(),
                found: version,
            });
        }
        at += 4;
        let len = u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4")) as usize;
        at += 4;
        if bytes.len() < at + len + 2 {
            return Err(not_data());
        }
        let settings = String::from_utf8(bytes[at..at + len].to_vec()).map_err(|_| not_data())?;
        at += len;
        let code_len = u16::from_le_bytes(bytes[at..at + 2].try_into().expect("2")) as usize;
        at += 2;
        let mut games = Vec::new();
        while let Some((game, len)) = decode_block(&bytes[at..], code_len) {
            games.push(game);
            at += len;
        }
        Ok(DataFile {
            settings,
            code_len,
            games,
            whole_len: at as u64,
        })
    }

    /// The number of positions recorded in all games.
    pub fn positions(&self) -> usize {
        self.games.iter().map(|g| g.positions.len()).sum()
    }

    /// What the settings say the positions are ([`parlour_game::Learn::positions_key`],
    /// such as `checkers/english`): `positions=KEY`, or (in files written
    /// before that field) the `model=KEY` of the first feature set with
    /// its version cut off; empty where neither is there.
    pub fn positions_key(&self) -> &str {
        let field = |name: &str| {
            self.settings
                .split_whitespace()
                .find_map(|s| s.strip_prefix(name))
        };
        field("positions=")
            .or_else(|| field("model=").map(|m| m.rsplit_once('/').map_or(m, |(head, _)| head)))
            .unwrap_or("")
    }
}

/// A data file opened for writing, and the complete games it already held.
pub struct Opened {
    /// Appends the games to come.
    pub writer: DataWriter,
    /// The games of the run so far (none for a new file).
    pub games: Vec<GameRecord>,
}

/// Appends games to a data file, creating it with its header or resuming
/// it (after checking it belongs to the same run and cutting off a torn
/// last block).
pub struct DataWriter {
    path: PathBuf,
    out: BufWriter<File>,
    code_len: usize,
}

impl DataWriter {
    /// Opens `path` for the run `settings`: a new file gets the header; an
    /// existing one must be of the same run, and its complete games are
    /// returned so the run can go on after them.
    pub fn open(path: &Path, settings: &str, code_len: usize) -> Result<Opened, DataError> {
        let io = io_error(path);
        let exists = path.metadata().map(|m| m.len() > 0).unwrap_or(false);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(&io)?;
        let games = if exists {
            let bytes = DATA_FILE.read_from(&mut file).map_err(&io)?;
            let data = DataFile::from_bytes(path, &bytes)?;
            if data.settings != settings {
                return Err(DataError::OtherRun {
                    path: path.to_path_buf(),
                    found: data.settings,
                    expected: settings.to_string(),
                });
            }
            if data.code_len != code_len {
                return Err(DataError::CodeLength {
                    path: path.to_path_buf(),
                    found: data.code_len,
                    expected: code_len,
                });
            }
            // A torn last block goes: the game will be played again.
            file.set_len(data.whole_len).map_err(&io)?;
            file.seek(SeekFrom::End(0)).map_err(&io)?;
            data.games
        } else {
            file.write_all(&header(settings, code_len)).map_err(&io)?;
            file.sync_data().map_err(&io)?;
            Vec::new()
        };
        Ok(Opened {
            writer: DataWriter {
                path: path.to_path_buf(),
                out: BufWriter::new(file),
                code_len,
            },
            games,
        })
    }

    /// Appends one game and flushes it to the file.
    pub fn write(&mut self, game: &GameRecord) -> Result<(), DataError> {
        let io = io_error(&self.path);
        self.out
            .write_all(&encode_block(game, self.code_len))
            .map_err(&io)?;
        self.out.flush().map_err(io)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(index: u32, n: usize) -> GameRecord {
        GameRecord {
            index,
            outcome: [Outcome::Win(Side::Black), Outcome::Draw][index as usize % 2],
            plies: 40 + index as u16,
            positions: (0..n)
                .map(|i| PositionRecord {
                    code: vec![i as u8, index as u8, 7],
                    score: i as i16 * 10 - 50,
                    ply: i as u16,
                })
                .collect(),
        }
    }

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("parlour-data-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&dir);
        dir
    }

    #[test]
    fn games_round_trip_and_a_torn_block_is_cut_on_resume() {
        let path = temp("torn");
        let Opened {
            writer: mut w,
            games: old,
        } = DataWriter::open(&path, "run A", 3).unwrap();
        assert!(old.is_empty());
        for i in 0..3 {
            w.write(&game(i, 4 + i as usize)).unwrap();
        }
        drop(w);
        let data = DataFile::read(&path).unwrap();
        assert_eq!(
            data.games,
            (0..3).map(|i| game(i, 4 + i as usize)).collect::<Vec<_>>()
        );
        assert_eq!(data.positions(), 4 + 5 + 6);
        // Cut the file at every byte of the last block: the first two games
        // survive, and resuming carries on after them.
        let full = std::fs::read(&path).unwrap();
        let second_end = data.whole_len as usize - encode_block(&game(2, 6), 3).len();
        for cut in second_end..full.len() {
            std::fs::write(&path, &full[..cut]).unwrap();
            let Opened {
                writer: mut w,
                games: old,
            } = DataWriter::open(&path, "run A", 3).unwrap();
            assert_eq!(old.len(), 2, "cut at {cut}");
            w.write(&game(2, 6)).unwrap();
            drop(w);
            assert_eq!(std::fs::read(&path).unwrap(), full);
        }
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn another_runs_file_is_refused() {
        let path = temp("other");
        let mut w = DataWriter::open(&path, "seed=1", 3).unwrap().writer;
        w.write(&game(0, 2)).unwrap();
        drop(w);
        assert!(matches!(
            DataWriter::open(&path, "seed=2", 3),
            Err(DataError::OtherRun { .. })
        ));
        assert!(matches!(
            DataWriter::open(&path, "seed=1", 26),
            Err(DataError::CodeLength { .. })
        ));
        std::fs::write(&path, b"hello, not data").unwrap();
        assert!(matches!(
            DataFile::read(&path),
            Err(DataError::NotData { .. })
        ));
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn the_settings_name_the_positions() {
        let file = |settings: &str| DataFile {
            settings: settings.to_string(),
            code_len: 26,
            games: Vec::new(),
            whole_len: 0,
        };
        let new = file("positions=checkers/huffing openings=ballots:deck seed=1");
        assert_eq!(new.positions_key(), "checkers/huffing");
        let old = file("model=checkers/english/patterns-1 seed=3");
        assert_eq!(old.positions_key(), "checkers/english");
        assert_eq!(file("seed=3").positions_key(), "");
    }

    #[test]
    fn a_damaged_block_ends_the_reading() {
        let path = temp("damaged");
        let mut w = DataWriter::open(&path, "x", 3).unwrap().writer;
        for i in 0..3 {
            w.write(&game(i, 3)).unwrap();
        }
        drop(w);
        let mut bytes = std::fs::read(&path).unwrap();
        let n = bytes.len();
        bytes[n - 20] ^= 0x40;
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(DataFile::read(&path).unwrap().games.len(), 2);
        let _ = std::fs::remove_file(&path);
    }
}
