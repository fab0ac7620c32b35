//! The game-independent part of a network evaluation: its shape, its
//! fixed-point arithmetic, and the file its quantised weights live in.
//!
//! A network scores a position from two sets of sparse inputs, one per
//! side ("perspective"): a first layer (the feature transformer, `ft`
//! units) kept as an accumulator per perspective, a clipped activation,
//! two small hidden layers and one output per bucket (the game picks the
//! bucket, for example by the number of pieces). The arithmetic, which
//! the trainer mirrors in floats:
//!
//! - the accumulator is `i16`: a float weight `w` is stored as
//!   `round(w * FT_SCALE)`; its activation is `clamp(acc, 0, 127)`, so a
//!   float activation of 1 is 127;
//! - hidden and output weights are `i8`, `round(w * WEIGHT_SCALE)`, their
//!   biases `i32` at `FT_SCALE * WEIGHT_SCALE`; a hidden unit is
//!   `clamp((bias + sum) >> WEIGHT_SHIFT, 0, 127)`;
//! - the output `o` (at `FT_SCALE * WEIGHT_SCALE`) is turned into the
//!   game's units of score as `o * OUTPUT_SCALE / (FT_SCALE * WEIGHT_SCALE)`.
//!
//! The file, all integers little-endian:
//!
//! ```text
//! "PARLOUR-NETWORK\n"        16 bytes, the magic
//! version                    u32, NETWORK_FORMAT_VERSION
//! key length, key            u16, UTF-8: game, rules and input set (checkers/english/network-1)
//! note length, note          u16, UTF-8: how the network was made
//! shape                      5 x u32: inputs, ft, l1, l2, buckets
//! ft weights, ft biases      inputs x ft, ft            i16
//! l1 weights, l1 biases      l1 x 2ft, l1               i8, i32
//! l2 weights, l2 biases      l2 x l1, l2                i8, i32
//! out weights, out biases    buckets x l2, buckets      i8, i32
//! checksum                   u64: FNV-1a of every byte before it
//! ```

use crate::echo::echo;
use crate::file::{Cursor, CursorError, NETWORK_FILE};
use crate::weights::fnv1a;
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 16] = b"PARLOUR-NETWORK\n";

/// Whether `bytes` start as a network file does (a file named as an
/// evaluation is a network or a pattern model by its first bytes).
pub fn is_network(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

/// The version of the layout this build reads and writes.
pub const NETWORK_FORMAT_VERSION: u32 = 1;
/// Accumulator units per float unit of the first layer.
pub const FT_SCALE: i32 = 127;
/// Weight units per float unit of the hidden and output weights.
pub const WEIGHT_SCALE: i32 = 64;
/// `WEIGHT_SCALE` as a shift: a hidden sum back to activation units.
pub const WEIGHT_SHIFT: u32 = 6;
/// The largest activation.
pub const ACTIVATION_MAX: i32 = 127;
/// Units of score per float unit of the output.
pub const OUTPUT_SCALE: i32 = 100;
/// The largest score a network gives, either way, in units of score.
pub const MAX_SCORE: i32 = 15_000;
/// The largest first layer, hidden layer and bucket count a file may say.
pub const MAX_FT: u32 = 512;
/// See [`MAX_FT`].
pub const MAX_HIDDEN: u32 = 64;
/// See [`MAX_FT`].
pub const MAX_BUCKETS: u32 = 32;

/// The sizes of a network's layers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NetworkShape {
    /// Inputs per perspective.
    pub inputs: usize,
    /// Units of the first layer (per perspective).
    pub ft: usize,
    /// Units of the first hidden layer (it reads both perspectives, `2 * ft`).
    pub l1: usize,
    /// Units of the second hidden layer.
    pub l2: usize,
    /// Output buckets.
    pub buckets: usize,
}

impl NetworkShape {
    /// Whether a build can hold the shape: every size positive and within
    /// bounds, and the first and hidden layers multiples of 16 (the SIMD
    /// kernels' lanes).
    pub fn check(self) -> Result<NetworkShape, NetworkError> {
        let ok = self.inputs > 0
            && self.inputs <= 4096
            && self.ft > 0
            && self.ft <= MAX_FT as usize
            && self.ft.is_multiple_of(16)
            && self.l1 > 0
            && self.l1 <= MAX_HIDDEN as usize
            && self.l1.is_multiple_of(16)
            && self.l2 > 0
            && self.l2 <= MAX_HIDDEN as usize
            && self.l2.is_multiple_of(16)
            && self.buckets > 0
            && self.buckets <= MAX_BUCKETS as usize;
        if ok {
            Ok(self)
        } else {
            Err(NetworkError::BadShape { shape: self })
        }
    }
}

impl std::fmt::Display for NetworkShape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}x2 -> {}x2 -> {} -> {} -> 1 (x{} buckets)",
            self.inputs, self.ft, self.l1, self.l2, self.buckets
        )
    }
}

/// A network's quantised weights, as stored in a network file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetworkWeights {
    /// The game, rules and input set they are for.
    pub key: String,
    /// How they were made, for people.
    pub note: String,
    /// The sizes of the layers.
    pub shape: NetworkShape,
    /// `inputs x ft`: row `i` is what input `i` adds to the accumulator.
    pub ft_weights: Vec<i16>,
    /// `ft`: the accumulator's start.
    pub ft_biases: Vec<i16>,
    /// `l1 x 2ft`, row by row: the perspective to move's half first.
    pub l1_weights: Vec<i8>,
    /// `l1`.
    pub l1_biases: Vec<i32>,
    /// `l2 x l1`.
    pub l2_weights: Vec<i8>,
    /// `l2`.
    pub l2_biases: Vec<i32>,
    /// `buckets x l2`.
    pub out_weights: Vec<i8>,
    /// `buckets`.
    pub out_biases: Vec<i32>,
}

/// Why a network file was refused.
#[derive(Debug, thiserror::Error)]
pub enum NetworkError {
    /// The file could not be read or written.
    #[error("{}", echo(&path.display()))]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// The bytes do not start as a network file does.
    #[error("not a parlour network file")]
    NotNetwork,
    /// A layout this build does not read.
    #[error("a network file of layout version {found}; this build reads version {NETWORK_FORMAT_VERSION}")]
    Version {
        /// The file's layout version.
        found: u32,
    },
    /// The file ends before its tensors and checksum do.
    #[error("the network file is cut short")]
    Truncated,
    /// The checksum does not match, or bytes follow it.
    #[error("the network file is damaged (its checksum does not match)")]
    Checksum,
    /// The key or note is not UTF-8.
    #[error("the network file's key or note is not UTF-8")]
    BadText,
    /// Sizes this build cannot hold.
    #[error("the network's shape {shape} is not one this build evaluates")]
    BadShape {
        /// The file's shape.
        shape: NetworkShape,
    },
    /// A network for another game, rules or input set.
    #[error("this network is for `{found}`, not `{expected}` (another game, rules or input set)")]
    WrongModel {
        /// The file's key.
        found: String,
        /// The key asked for.
        expected: String,
    },
    /// The right key, the wrong number of inputs.
    #[error("the network has {found} inputs; `{key}` has {expected}")]
    WrongInputs {
        /// The key.
        key: String,
        /// The file's inputs.
        found: usize,
        /// The game's.
        expected: usize,
    },
}

impl From<CursorError> for NetworkError {
    fn from(error: CursorError) -> NetworkError {
        match error {
            CursorError::Truncated => NetworkError::Truncated,
            CursorError::BadText => NetworkError::BadText,
        }
    }
}

fn push_text(out: &mut Vec<u8>, text: &str) {
    let mut end = text.len().min(u16::MAX as usize);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    out.extend_from_slice(&(end as u16).to_le_bytes());
    out.extend_from_slice(&text.as_bytes()[..end]);
}

impl NetworkWeights {
    /// Zero weights of `shape` for the network `key`.
    pub fn zeros(key: &str, shape: NetworkShape) -> NetworkWeights {
        let NetworkShape {
            inputs,
            ft,
            l1,
            l2,
            buckets,
        } = shape;
        NetworkWeights {
            key: key.to_string(),
            note: String::new(),
            shape,
            ft_weights: vec![0; inputs * ft],
            ft_biases: vec![0; ft],
            l1_weights: vec![0; l1 * 2 * ft],
            l1_biases: vec![0; l1],
            l2_weights: vec![0; l2 * l1],
            l2_biases: vec![0; l2],
            out_weights: vec![0; buckets * l2],
            out_biases: vec![0; buckets],
        }
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + 2 * self.ft_weights.len() + self.l1_weights.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&NETWORK_FORMAT_VERSION.to_le_bytes());
        push_text(&mut out, &self.key);
        push_text(&mut out, &self.note);
        let s = self.shape;
        for n in [s.inputs, s.ft, s.l1, s.l2, s.buckets] {
            out.extend_from_slice(&(n as u32).to_le_bytes());
        }
        let i16s =
            |out: &mut Vec<u8>, v: &[i16]| v.iter().for_each(|x| out.extend(x.to_le_bytes()));
        let i8s = |out: &mut Vec<u8>, v: &[i8]| v.iter().for_each(|&x| out.push(x as u8));
        let i32s =
            |out: &mut Vec<u8>, v: &[i32]| v.iter().for_each(|x| out.extend(x.to_le_bytes()));
        i16s(&mut out, &self.ft_weights);
        i16s(&mut out, &self.ft_biases);
        i8s(&mut out, &self.l1_weights);
        i32s(&mut out, &self.l1_biases);
        i8s(&mut out, &self.l2_weights);
        i32s(&mut out, &self.l2_biases);
        i8s(&mut out, &self.out_weights);
        i32s(&mut out, &self.out_biases);
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a network file's bytes, checking magic, version, shape,
    /// length and checksum.
    pub fn from_bytes(bytes: &[u8]) -> Result<NetworkWeights, NetworkError> {
        if !is_network(bytes) {
            return Err(NetworkError::NotNetwork);
        }
        let mut r = Cursor::new(&bytes[MAGIC.len()..]);
        let version = r.u32()?;
        if version != NETWORK_FORMAT_VERSION {
            return Err(NetworkError::Version { found: version });
        }
        let key = r.text()?;
        let note = r.text()?;
        let mut sizes = [0usize; 5];
        for size in &mut sizes {
            *size = r.u32()? as usize;
        }
        let [inputs, ft, l1, l2, buckets] = sizes;
        let shape = NetworkShape {
            inputs,
            ft,
            l1,
            l2,
            buckets,
        }
        .check()?;
        let w = NetworkWeights {
            key,
            note,
            shape,
            ft_weights: r.i16s(inputs * ft)?,
            ft_biases: r.i16s(ft)?,
            l1_weights: r.i8s(l1 * 2 * ft)?,
            l1_biases: r.i32s(l1)?,
            l2_weights: r.i8s(l2 * l1)?,
            l2_biases: r.i32s(l2)?,
            out_weights: r.i8s(buckets * l2)?,
            out_biases: r.i32s(buckets)?,
        };
        let body_len = bytes.len() - r.rest.len();
        let stored = r.u64()?;
        if stored != fnv1a(&bytes[..body_len]) || !r.rest.is_empty() {
            return Err(NetworkError::Checksum);
        }
        Ok(w)
    }

    /// Reads a network file ([`NETWORK_FILE`]: refused past its size
    /// limit).
    pub fn read(path: &Path) -> Result<NetworkWeights, NetworkError> {
        let bytes = NETWORK_FILE.read(path).map_err(|source| NetworkError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        NetworkWeights::from_bytes(&bytes)
    }

    /// Writes a network file whole or not at all (a temporary file
    /// renamed over it).
    pub fn write(&self, path: &Path) -> Result<(), NetworkError> {
        crate::weights::write_whole(path, &self.to_bytes()).map_err(|source| NetworkError::Io {
            path: path.to_path_buf(),
            source,
        })
    }

    /// These weights, if they are for `key` with `inputs` inputs.
    pub fn expect(self, key: &str, inputs: usize) -> Result<NetworkWeights, NetworkError> {
        if self.key != key {
            return Err(NetworkError::WrongModel {
                found: self.key,
                expected: key.to_string(),
            });
        }
        if self.shape.inputs != inputs {
            return Err(NetworkError::WrongInputs {
                key: self.key,
                found: self.shape.inputs,
                expected: inputs,
            });
        }
        Ok(self)
    }

    /// The score of the position whose active inputs are `ours` (the side
    /// to move's perspective) and `theirs`, in output bucket `bucket`: the
    /// definition of the arithmetic, plainly, for trainers and tests. A
    /// game's own inference gives the same integers, faster and without
    /// allocating.
    pub fn score(&self, ours: &[u16], theirs: &[u16], bucket: usize) -> i32 {
        let NetworkShape { ft, l1, l2, .. } = self.shape;
        let mut input = Vec::with_capacity(2 * ft);
        for active in [ours, theirs] {
            let mut acc = self.ft_biases.clone();
            for &i in active {
                let row = &self.ft_weights[i as usize * ft..][..ft];
                acc.iter_mut()
                    .zip(row)
                    .for_each(|(a, &w)| *a = a.wrapping_add(w));
            }
            input.extend(acc.iter().map(|&a| a.clamp(0, ACTIVATION_MAX as i16) as u8));
        }
        let h1 = dense(&input, &self.l1_weights, &self.l1_biases, l1);
        let h2 = dense(&h1, &self.l2_weights, &self.l2_biases, l2);
        let out =
            self.out_biases[bucket].wrapping_add(dot(&h2, &self.out_weights[bucket * l2..][..l2]));
        output_score(out)
    }

    /// A 64-bit fingerprint of the weights, to tell networks apart.
    pub fn fingerprint(&self) -> u64 {
        let bytes = self.to_bytes();
        u64::from_le_bytes(bytes[bytes.len() - 8..].try_into().expect("8"))
    }
}

/// The sum of `a[i] * w[i]` in `i32`, wrapping.
fn dot(a: &[u8], w: &[i8]) -> i32 {
    a.iter()
        .zip(w)
        .fold(0i32, |s, (&a, &w)| s.wrapping_add(a as i32 * w as i32))
}

/// A dense layer of `n` units over `input`, clipped.
fn dense(input: &[u8], weights: &[i8], biases: &[i32], n: usize) -> Vec<u8> {
    (0..n)
        .map(|j| {
            let sum =
                biases[j].wrapping_add(dot(input, &weights[j * input.len()..][..input.len()]));
            (sum >> WEIGHT_SHIFT).clamp(0, ACTIVATION_MAX) as u8
        })
        .collect()
}

/// The output sum (at `FT_SCALE * WEIGHT_SCALE`) in units of score,
/// within `±MAX_SCORE`.
#[inline]
pub fn output_score(out: i32) -> i32 {
    let score = out as i64 * OUTPUT_SCALE as i64 / (FT_SCALE * WEIGHT_SCALE) as i64;
    score.clamp(-MAX_SCORE as i64, MAX_SCORE as i64) as i32
}

/// A game whose positions a network can score: the sparse inputs of each
/// perspective, and the output bucket. A game-independent trainer reads
/// these; the game's own inference reads the same definition.
pub trait NetworkInputs {
    /// The network's key under these rules, e.g. `checkers/english/network-1`.
    fn network_key(&self) -> String;

    /// Inputs per perspective.
    fn network_inputs(&self) -> usize;

    /// Replaces `ours` and `theirs` with the active inputs (each of value
    /// 1) of the side to move's perspective and the other's.
    fn active_inputs(&self, ours: &mut Vec<u16>, theirs: &mut Vec<u16>);

    /// The output bucket of the position, of `buckets`.
    fn bucket(&self, buckets: usize) -> usize;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> NetworkWeights {
        let shape = NetworkShape {
            inputs: 8,
            ft: 16,
            l1: 16,
            l2: 16,
            buckets: 2,
        };
        let mut w = NetworkWeights::zeros("toy/plain/network-1", shape);
        w.note = "made by a test".into();
        for (i, x) in w.ft_weights.iter_mut().enumerate() {
            *x = (i as i16 * 37) % 300 - 150;
        }
        for (i, x) in w.l1_weights.iter_mut().enumerate() {
            *x = ((i * 13) % 255) as u8 as i8;
        }
        w.out_biases = vec![-7, 1 << 20];
        w
    }

    #[test]
    fn a_network_round_trips() {
        let w = sample();
        assert_eq!(NetworkWeights::from_bytes(&w.to_bytes()).unwrap(), w);
    }

    #[test]
    fn damaged_truncated_and_foreign_files_are_refused() {
        let bytes = sample().to_bytes();
        for cut in [
            20,
            40,
            60,
            bytes.len() / 2,
            bytes.len() - 9,
            bytes.len() - 1,
        ] {
            let got = NetworkWeights::from_bytes(&bytes[..cut]);
            assert!(
                matches!(got, Err(NetworkError::Truncated)),
                "cut at {cut}: {got:?}"
            );
        }
        let mut flipped = bytes.clone();
        let at = bytes.len() - 100;
        flipped[at] ^= 4;
        assert!(matches!(
            NetworkWeights::from_bytes(&flipped),
            Err(NetworkError::Checksum)
        ));
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(matches!(
            NetworkWeights::from_bytes(&longer),
            Err(NetworkError::Checksum)
        ));
        assert!(matches!(
            NetworkWeights::from_bytes(b"PARLOUR-WEIGHTS\n and the rest"),
            Err(NetworkError::NotNetwork)
        ));
        let mut later = bytes;
        later[16] = 2;
        assert!(matches!(
            NetworkWeights::from_bytes(&later),
            Err(NetworkError::Version { found: 2 })
        ));
    }

    #[test]
    fn a_shape_this_build_cannot_hold_is_refused() {
        let mut w = sample();
        w.shape.ft = 12;
        w.ft_weights = vec![0; 8 * 12];
        w.ft_biases = vec![0; 12];
        w.l1_weights = vec![0; 16 * 24];
        let err = NetworkWeights::from_bytes(&w.to_bytes()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the network's shape 8x2 -> 12x2 -> 16 -> 16 -> 1 (x2 buckets) is not one this build evaluates"
        );
    }

    #[test]
    fn another_models_network_is_refused() {
        let w = sample();
        let err = w.clone().expect("toy/other/network-1", 8).unwrap_err();
        assert!(matches!(err, NetworkError::WrongModel { .. }), "{err}");
        let err = w.clone().expect("toy/plain/network-1", 9).unwrap_err();
        assert!(
            matches!(
                err,
                NetworkError::WrongInputs {
                    found: 8,
                    expected: 9,
                    ..
                }
            ),
            "{err}"
        );
        assert!(w.expect("toy/plain/network-1", 8).is_ok());
    }
}
