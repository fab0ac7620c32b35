//! The file of one material: every slice's values, two bits a position,
//! with a CRC-32 over the whole file.
//!
//! ```text
//! magic     8 bytes  "PARLEGDB"
//! version   u32      1
//! material  4 x u8   side to move's men, kings; the other side's men, kings
//! threshold u16      conversion distances at or above this are stored
//! reserved  u16      0
//! slices    u32      how many slices follow (all of the material's)
//! per slice 16 bytes lead ranks (2 x u8), largest distance (u16),
//!                    stored distances (u32), positions (u64)
//! per slice          the values: ceil(positions / 32) words of u64, position
//!                    i in bits 2(i mod 32) of word i / 32; 0 loss, 1 draw, 2 win
//! per slice          the stored distances: indices (u32, ascending), then
//!                    the distances (u16)
//! crc32     u32      of every byte before it
//! ```
//!
//! Integers are little-endian. A reader checks the magic, the material
//! against the file name, every slice's size against the indexer, that no
//! value has code 3, and the checksum; a file that fails is refused with
//! its name, so a damaged file can never give a wrong answer.

use crate::error::EgdbError;
use crate::index::Indexer;
use crate::material::{Material, Party, Slice};
use crate::packed::Packed;
use crate::tables::{Plies, SliceTable};
use parlour_game::file::FileKind;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

const MAGIC: [u8; 8] = *b"PARLEGDB";
const VERSION: u32 = 1;

/// The path of a material's file in `dir`.
pub(crate) fn path(dir: &Path, material: Material) -> PathBuf {
    dir.join(material.file_name())
}

/// The build record: one line, `built up to N pieces`, written when a
/// build finishes, so that a file of a count it built can be missed when
/// it is gone (see `coverage.rs`).
const BUILT: &str = "built.txt";

/// The build record is one short line; anything longer is not one.
const BUILT_FILE: FileKind = FileKind::new("a build record", 1 << 10);

/// The piece count recorded in `dir` by the last build that finished
/// there (the largest asked for), if any.
pub(crate) fn read_built(dir: &Path) -> Result<Option<u32>, EgdbError> {
    let path = dir.join(BUILT);
    let text = match BUILT_FILE.read_text(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(source) => return Err(EgdbError::Io { path, source }),
    };
    text.trim()
        .strip_prefix("built up to ")
        .and_then(|rest| rest.strip_suffix(" pieces"))
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|n| (2..=crate::MAX_PIECES).contains(n))
        .map(Some)
        .ok_or_else(|| EgdbError::Corrupt {
            path,
            reason: "it does not say `built up to N pieces`".to_string(),
        })
}

/// Records in `dir` that a build up to `pieces` pieces finished (keeping
/// a larger count recorded before).
pub(crate) fn record_built(dir: &Path, pieces: u32) -> Result<(), EgdbError> {
    let pieces = read_built(dir)
        .unwrap_or(None)
        .map_or(pieces, |b| b.max(pieces));
    let path = dir.join(BUILT);
    std::fs::write(&path, format!("built up to {pieces} pieces\n"))
        .map_err(|source| EgdbError::Io { path, source })
}

/// A writer that keeps a CRC-32 of what passes through.
struct Hashing<W> {
    inner: W,
    crc: crc32fast::Hasher,
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.crc.update(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<R: Read> Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.crc.update(&buf[..n]);
        Ok(n)
    }
}

/// Writes a material's slices to its file atomically: into a temporary
/// file beside it, synced, then renamed over the final name, so a killed
/// build never leaves a half-written table under the real name.
pub(crate) fn write(
    dir: &Path,
    material: Material,
    slices: &[&SliceTable],
    threshold: Plies,
) -> Result<(), EgdbError> {
    let final_path = path(dir, material);
    let tmp_path = dir.join(format!("{}.tmp", material.file_name()));
    let io_err = |path: &Path| {
        let path = path.to_path_buf();
        move |source| EgdbError::Io { path, source }
    };
    let file = File::create(&tmp_path).map_err(io_err(&tmp_path))?;
    let mut w = Hashing {
        inner: BufWriter::with_capacity(1 << 20, file),
        crc: crc32fast::Hasher::new(),
    };
    write_body(&mut w, material, slices, threshold).map_err(io_err(&tmp_path))?;
    let crc = w.crc.clone().finalize();
    let mut inner = w.inner;
    inner
        .write_all(&crc.to_le_bytes())
        .and_then(|()| inner.flush())
        .map_err(io_err(&tmp_path))?;
    let file = inner
        .into_inner()
        .map_err(|e| io_err(&tmp_path)(e.into_error()))?;
    file.sync_all().map_err(io_err(&tmp_path))?;
    drop(file);
    std::fs::rename(&tmp_path, &final_path).map_err(io_err(&final_path))?;
    // The rename is durable once the directory is synced; not every
    // platform can open a directory, and the data is already safe.
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

fn write_body<W: Write>(
    w: &mut W,
    material: Material,
    slices: &[&SliceTable],
    threshold: Plies,
) -> io::Result<()> {
    w.write_all(&MAGIC)?;
    w.write_all(&VERSION.to_le_bytes())?;
    w.write_all(&material_bytes(material))?;
    w.write_all(&threshold.0.to_le_bytes())?;
    w.write_all(&0u16.to_le_bytes())?;
    w.write_all(&(slices.len() as u32).to_le_bytes())?;
    for t in slices {
        let s = t.indexer.slice();
        w.write_all(&[s.lead(Party::Mover) as u8, s.lead(Party::Other) as u8])?;
        w.write_all(&t.max_dtc.0.to_le_bytes())?;
        w.write_all(&(t.long_index.len() as u32).to_le_bytes())?;
        w.write_all(&t.values.len().to_le_bytes())?;
    }
    let mut buf = Vec::with_capacity(1 << 16);
    for t in slices {
        for chunk in t.values.words().chunks(8192) {
            buf.clear();
            for word in chunk {
                buf.extend_from_slice(&word.to_le_bytes());
            }
            w.write_all(&buf)?;
        }
    }
    for t in slices {
        buf.clear();
        for i in &t.long_index {
            buf.extend_from_slice(&i.to_le_bytes());
        }
        for d in &t.long_dtc {
            buf.extend_from_slice(&d.to_le_bytes());
        }
        w.write_all(&buf)?;
    }
    Ok(())
}

fn material_bytes(m: Material) -> [u8; 4] {
    [
        m.men(Party::Mover) as u8,
        m.kings(Party::Mover) as u8,
        m.men(Party::Other) as u8,
        m.kings(Party::Other) as u8,
    ]
}

/// Reads and checks a material's file; its slices in the material's order.
pub(crate) fn read(dir: &Path, material: Material) -> Result<Vec<SliceTable>, EgdbError> {
    let path = path(dir, material);
    let file = match File::open(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(EgdbError::Missing {
                path,
                material,
                pieces: material.pieces(),
            })
        }
        Err(source) => return Err(EgdbError::Io { path, source }),
    };
    let mut r = Hashing {
        inner: BufReader::with_capacity(1 << 20, file),
        crc: crc32fast::Hasher::new(),
    };
    let fail = |e: ReadError| match e {
        ReadError::Io(e) if e.kind() == io::ErrorKind::UnexpectedEof => EgdbError::Truncated {
            path: path.clone(),
            reason: "the file ends before its checksum".to_string(),
        },
        ReadError::Io(source) => EgdbError::Io {
            path: path.clone(),
            source,
        },
        ReadError::Bad(reason) => EgdbError::Corrupt {
            path: path.clone(),
            reason,
        },
    };
    let tables = read_body(&mut r, material).map_err(fail)?;
    let computed = r.crc.clone().finalize();
    let mut stored = [0u8; 4];
    r.inner
        .read_exact(&mut stored)
        .map_err(|e| fail(e.into()))?;
    if u32::from_le_bytes(stored) != computed {
        return Err(fail(ReadError::Bad("its checksum does not match".into())));
    }
    let mut extra = [0u8; 1];
    if r.inner.read(&mut extra).map_err(|e| fail(e.into()))? != 0 {
        return Err(fail(ReadError::Bad("it goes on after its checksum".into())));
    }
    // Only now, with the checksum good, is a code 3 damage we can report
    // as such rather than a cut-short file.
    for t in &tables {
        if let Some(w) = t
            .values
            .words()
            .iter()
            .position(|&w| w & (w >> 1) & LOW_BITS != 0)
        {
            return Err(fail(ReadError::Bad(format!(
                "slice {} holds a value that is none near position {}",
                t.indexer.slice(),
                w * 32
            ))));
        }
    }
    Ok(tables)
}

/// The low bit of every 2-bit field.
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

enum ReadError {
    Io(io::Error),
    Bad(String),
}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> Self {
        ReadError::Io(e)
    }
}

fn read_u16<R: Read>(r: &mut R) -> io::Result<u16> {
    let mut b = [0u8; 2];
    r.read_exact(&mut b)?;
    Ok(u16::from_le_bytes(b))
}

fn read_u32<R: Read>(r: &mut R) -> io::Result<u32> {
    let mut b = [0u8; 4];
    r.read_exact(&mut b)?;
    Ok(u32::from_le_bytes(b))
}

fn read_u64<R: Read>(r: &mut R) -> io::Result<u64> {
    let mut b = [0u8; 8];
    r.read_exact(&mut b)?;
    Ok(u64::from_le_bytes(b))
}

fn read_body<R: Read>(r: &mut R, material: Material) -> Result<Vec<SliceTable>, ReadError> {
    let bad = |s: String| Err(ReadError::Bad(s));
    let mut magic = [0u8; 8];
    r.read_exact(&mut magic)?;
    if magic != MAGIC {
        return bad("it is not a parlour endgame database (wrong magic bytes)".into());
    }
    let version = read_u32(r)?;
    if version != VERSION {
        return bad(format!(
            "format version {version}; this parlour reads version {VERSION}"
        ));
    }
    let mut mat = [0u8; 4];
    r.read_exact(&mut mat)?;
    if mat != material_bytes(material) {
        return bad(format!(
            "it holds material {:?}, its name says {material}",
            mat
        ));
    }
    let _threshold = read_u16(r)?;
    let _reserved = read_u16(r)?;
    let expected: Vec<Slice> = material.slices().collect();
    let count = read_u32(r)?;
    if count as usize != expected.len() {
        return bad(format!(
            "{count} slices where {material} has {}",
            expected.len()
        ));
    }
    let mut heads = Vec::with_capacity(expected.len());
    for &slice in &expected {
        let mut leads = [0u8; 2];
        r.read_exact(&mut leads)?;
        let max_dtc = read_u16(r)?;
        let long = read_u32(r)?;
        let positions = read_u64(r)?;
        if [leads[0] as u32, leads[1] as u32]
            != [slice.lead(Party::Mover), slice.lead(Party::Other)]
        {
            return bad(format!("slice ranks {leads:?} where {slice} belongs"));
        }
        let indexer = Indexer::new(slice);
        if positions != indexer.size() || long as u64 > positions {
            return bad(format!(
                "slice {slice} claims {positions} positions ({long} distances); \
                 the index has {}",
                indexer.size()
            ));
        }
        heads.push((indexer, Plies(max_dtc), long as usize));
    }
    let mut words_buf = vec![0u8; 8 * 8192];
    let mut tables = Vec::with_capacity(heads.len());
    let mut longs = Vec::with_capacity(heads.len());
    for (indexer, max_dtc, long) in heads {
        longs.push(long);
        let len = indexer.size();
        let n = len.div_ceil(32) as usize;
        let mut words = Vec::with_capacity(n);
        while words.len() < n {
            let take = (n - words.len()).min(8192);
            let bytes = &mut words_buf[..8 * take];
            r.read_exact(bytes)?;
            words.extend(
                bytes
                    .chunks_exact(8)
                    .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes"))),
            );
        }
        tables.push(SliceTable {
            indexer,
            values: Packed::from_words(words, len),
            max_dtc,
            long_index: Vec::with_capacity(long),
            long_dtc: Vec::with_capacity(long),
        });
    }
    for (t, long) in tables.iter_mut().zip(longs) {
        for _ in 0..long {
            t.long_index.push(read_u32(r)?);
        }
        for _ in 0..long {
            t.long_dtc.push(read_u16(r)?);
        }
        if t.long_index.windows(2).any(|w| w[0] >= w[1])
            || t.long_index
                .last()
                .is_some_and(|&i| i as u64 >= t.values.len())
        {
            return bad(format!(
                "slice {} has its distances out of order",
                t.indexer.slice()
            ));
        }
    }
    Ok(tables)
}
