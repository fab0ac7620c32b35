//! The file of a learned evaluation's weights: which model they are for,
//! a note on where they came from, and the weights, quantised to `i16`,
//! with a checksum so that a damaged file is refused, never half-read.
//!
//! The layout, all integers little-endian:
//!
//! ```text
//! "PARLOUR-WEIGHTS\n"        16 bytes, the magic
//! version                    u32, FORMAT_VERSION
//! key length, key            u16, UTF-8: the model (e.g. checkers/english/patterns-1)
//! note length, note          u16, UTF-8: how the weights were made
//! resolution                 u16: weight units per unit of score
//! count                      u32: the number of weights
//! weights                    count x i16
//! checksum                   u64: FNV-1a of every byte before it
//! ```

use crate::echo::echo;
use crate::file::{Cursor, CursorError, WEIGHTS_FILE};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

const MAGIC: &[u8; 16] = b"PARLOUR-WEIGHTS\n";

/// The version of the layout this build reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// A model's weights, as stored in a weights file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// The model they belong to ([`crate::learn::Learn::model_key`]).
    pub key: String,
    /// How they were made: data, training, generation; for people.
    pub note: String,
    /// Weight units per unit of score (a weight of `resolution` adds one
    /// hundredth of a man to a checkers score).
    pub resolution: u16,
    /// The weights, in the model's order.
    pub values: Vec<i16>,
}

/// Why a weights file was refused.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    /// The file could not be read or written.
    #[error("{}", echo(&path.display()))]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// The bytes do not start as a weights file does.
    #[error("not a parlour weights file")]
    NotWeights,
    /// A weights file of a layout this build does not read.
    #[error("a weights file of layout version {found}; this build reads version {FORMAT_VERSION}")]
    Version {
        /// The file's layout version.
        found: u32,
    },
    /// The file ends before its weights and checksum do.
    #[error("the weights file is cut short")]
    Truncated,
    /// The checksum does not match: the file is damaged.
    #[error("the weights file is damaged (its checksum does not match)")]
    Checksum,
    /// The key or note is not UTF-8.
    #[error("the weights file's key or note is not UTF-8")]
    BadText,
    /// Weights for another model (another game, rules or feature set).
    #[error("these weights are for the model `{found}`, not `{expected}` (another game, rules or feature set)")]
    WrongModel {
        /// The file's model.
        found: String,
        /// The model asked for.
        expected: String,
    },
    /// The right model, its weights at another scale.
    #[error("the weights are at a resolution of {found} units per unit of score; the model's is {expected}")]
    WrongResolution {
        /// The file's resolution.
        found: u16,
        /// The model's.
        expected: u16,
    },
    /// The right model's name but not its number of weights.
    #[error("the weights file holds {found} weights; the model has {expected}")]
    WrongLength {
        /// The file's count.
        found: usize,
        /// The model's count.
        expected: usize,
    },
}

/// Writes `bytes` to `path` whole or not at all: a file beside it
/// (`path` with `.tmp` added), renamed over it, so a reader never sees a
/// half-written weights, network or analysis file.
pub fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
}

/// FNV-1a, 64 bits: enough to see a damaged file, and no dependency.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for &b in bytes {
        hash ^= b as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// A 64-bit fingerprint of a model's weights, to tell two models apart
/// (in the settings of a self-play run, say).
pub fn fingerprint(values: &[i16]) -> u64 {
    let bytes: Vec<u8> = values.iter().flat_map(|w| w.to_le_bytes()).collect();
    fnv1a(&bytes)
}

impl From<CursorError> for WeightsError {
    fn from(error: CursorError) -> WeightsError {
        match error {
            CursorError::Truncated => WeightsError::Truncated,
            CursorError::BadText => WeightsError::BadText,
        }
    }
}

impl Weights {
    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out =
            Vec::with_capacity(64 + self.key.len() + self.note.len() + 2 * self.values.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        for text in [&self.key, &self.note] {
            // Texts longer than a u16 can say are cut (at a char boundary).
            let mut end = text.len().min(u16::MAX as usize);
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            out.extend_from_slice(&(end as u16).to_le_bytes());
            out.extend_from_slice(&text.as_bytes()[..end]);
        }
        out.extend_from_slice(&self.resolution.to_le_bytes());
        out.extend_from_slice(&(self.values.len() as u32).to_le_bytes());
        for v in &self.values {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads the bytes of a weights file, checking its magic, version,
    /// length and checksum.
    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, WeightsError> {
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(WeightsError::NotWeights);
        }
        let mut r = Cursor::new(&bytes[MAGIC.len()..]);
        let version = r.u32()?;
        if version != FORMAT_VERSION {
            return Err(WeightsError::Version { found: version });
        }
        let key = r.text()?;
        let note = r.text()?;
        let resolution = r.u16()?;
        let count = r.u32()? as usize;
        let values = r.i16s(count)?;
        let body_len = bytes.len() - r.rest.len();
        let stored = r.u64()?;
        if stored != fnv1a(&bytes[..body_len]) || !r.rest.is_empty() {
            return Err(WeightsError::Checksum);
        }
        Ok(Weights {
            key,
            note,
            resolution,
            values,
        })
    }

    /// Reads a weights file ([`WEIGHTS_FILE`]: refused past its size
    /// limit).
    pub fn read(path: &Path) -> Result<Weights, WeightsError> {
        let bytes = WEIGHTS_FILE.read(path).map_err(|source| WeightsError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Weights::from_bytes(&bytes)
    }

    /// Writes a weights file whole or not at all (a temporary file beside
    /// it, renamed over it).
    pub fn write(&self, path: &Path) -> Result<(), WeightsError> {
        write_whole(path, &self.to_bytes()).map_err(|source| WeightsError::Io {
            path: path.to_path_buf(),
            source,
        })
    }

    /// These weights, if they are for the model `key` with `count` weights.
    pub fn expect(self, key: &str, count: usize) -> Result<Weights, WeightsError> {
        if self.key != key {
            return Err(WeightsError::WrongModel {
                found: self.key,
                expected: key.to_string(),
            });
        }
        if self.values.len() != count {
            return Err(WeightsError::WrongLength {
                found: self.values.len(),
                expected: count,
            });
        }
        Ok(self)
    }

    /// These weights, if they are for the model `key` with `count` weights
    /// at `resolution` weight units per unit of score: what a game's model
    /// asks of a file before it reads the weights.
    pub fn expect_model(
        self,
        key: &str,
        count: usize,
        resolution: u16,
    ) -> Result<Weights, WeightsError> {
        let weights = self.expect(key, count)?;
        if weights.resolution != resolution {
            return Err(WeightsError::WrongResolution {
                found: weights.resolution,
                expected: resolution,
            });
        }
        Ok(weights)
    }
}

/// A model built into the binary: the bytes of its weights file, read
/// into the model once, when it is first asked for.
pub struct Shipped<M> {
    bytes: &'static [u8],
    model: OnceLock<Arc<M>>,
}

impl<M> Shipped<M> {
    /// The model of the weights file `bytes` (an `include_bytes!`).
    pub const fn new(bytes: &'static [u8]) -> Shipped<M> {
        Shipped {
            bytes,
            model: OnceLock::new(),
        }
    }

    /// The model, made by `read` from the weights the first time. The
    /// game's tests read every shipped file, so a file that is not whole
    /// or does not fit its model is a build that never ships: it panics.
    #[inline]
    pub fn get(&self, read: impl FnOnce(Weights) -> Result<M, WeightsError>) -> &Arc<M> {
        self.model.get_or_init(|| self.load(read))
    }

    #[cold]
    fn load(&self, read: impl FnOnce(Weights) -> Result<M, WeightsError>) -> Arc<M> {
        let weights = Weights::from_bytes(self.bytes).expect("the shipped weights are whole");
        Arc::new(read(weights).expect("the shipped weights fit the model"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Weights {
        Weights {
            key: "toy/plain/v1".into(),
            note: "made by a test — with a dash".into(),
            resolution: 16,
            values: vec![0, 1, -1, i16::MAX, i16::MIN, 300],
        }
    }

    #[test]
    fn weights_round_trip() {
        let w = sample();
        assert_eq!(Weights::from_bytes(&w.to_bytes()).unwrap(), w);
    }

    #[test]
    fn damage_is_refused() {
        let bytes = sample().to_bytes();
        for cut in [0, 5, 16, 20, bytes.len() - 9, bytes.len() - 1] {
            assert!(Weights::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut flipped = bytes.clone();
        flipped[40] ^= 1;
        assert!(matches!(
            Weights::from_bytes(&flipped),
            Err(WeightsError::Checksum)
        ));
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(Weights::from_bytes(&longer).is_err());
        assert!(matches!(
            Weights::from_bytes(b"PK\x03\x04 a zip file, not weights"),
            Err(WeightsError::NotWeights)
        ));
        let mut later = bytes;
        later[16] = 9;
        assert!(matches!(
            Weights::from_bytes(&later),
            Err(WeightsError::Version { found: 9 })
        ));
    }

    #[test]
    fn the_wrong_model_is_refused() {
        let w = sample();
        assert!(matches!(
            w.clone().expect("checkers/english/patterns-1", 6),
            Err(WeightsError::WrongModel { .. })
        ));
        assert!(matches!(
            w.clone().expect("toy/plain/v1", 7),
            Err(WeightsError::WrongLength {
                found: 6,
                expected: 7
            })
        ));
        assert!(w.clone().expect("toy/plain/v1", 6).is_ok());
        assert!(matches!(
            w.clone().expect_model("toy/plain/v1", 6, 8),
            Err(WeightsError::WrongResolution {
                found: 16,
                expected: 8
            })
        ));
        assert!(w.expect_model("toy/plain/v1", 6, 16).is_ok());
    }

    #[test]
    fn a_shipped_model_is_read_once() {
        static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
        let bytes = BYTES.get_or_init(|| sample().to_bytes());
        let shipped: Shipped<usize> = Shipped::new(bytes);
        let first = shipped.get(|w| Ok(w.values.len()));
        assert_eq!(**first, 6);
        let again = shipped.get(|_| unreachable!("read twice"));
        assert!(Arc::ptr_eq(first, again));
    }
}
