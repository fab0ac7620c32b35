//! Reading a results file back: its header, the match it belongs to, and
//! every whole record after it, for `--resume` and `parlour report`. The
//! file's first line is the match's header ([`crate::MatchHeader`]),
//! written before any game; then one game a line, each written and
//! flushed as soon as the game ends ([`crate::record::files`]), so a kill
//! can only tear the last line.

use crate::plan::header::{MatchHeader, HEADER_FORMAT};
use crate::record::error::RecordError;
use parlour_game::file::FileKind;
use parlour_report::GameRecord;
use std::path::Path;

/// A results file as read back.
#[derive(Clone, Debug)]
pub struct ResultsFile {
    /// The match header; `None` for a file with no complete line (empty,
    /// or cut inside its header by a kill before any game).
    pub header: Option<MatchHeader>,
    /// Every complete game record, with its line number (from 1).
    pub records: Vec<(usize, GameRecord)>,
    /// The byte length of the complete lines: where a resumed match goes
    /// on writing.
    pub keep: u64,
}

/// A results file: a game's record takes a few kilobytes, so a gigabyte
/// holds several hundred thousand games.
pub const RESULTS_FILE: FileKind = FileKind::new("a results file", 1 << 30);

/// Reads a results file: the header and every complete record. A last
/// line without its newline was cut short by a kill, at whatever byte
/// (inside a UTF-8 character too), and is dropped; any other line that
/// does not read is an error, and so is a file whose first line is a game
/// record (one written before results files had headers). The records are
/// read, not yet checked against the match (see [`crate::MatchHeader`]).
pub fn read_results(path: &Path) -> Result<ResultsFile, RecordError> {
    let bytes = RESULTS_FILE
        .read(path)
        .map_err(|source| RecordError::Read {
            path: path.to_path_buf(),
            source,
        })?;
    let mut file = ResultsFile {
        header: None,
        records: Vec::new(),
        keep: 0,
    };
    let mut rest = bytes.as_slice();
    let mut line_no = 0;
    // Only lines with their newline: the rest, if any, is a torn write.
    while let Some(end) = rest.iter().position(|&b| b == b'\n') {
        line_no += 1;
        let line = &rest[..end];
        rest = &rest[end + 1..];
        file.keep += end as u64 + 1;
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let not_a_record = |source: serde_json::Error| RecordError::NotARecord {
            path: path.to_path_buf(),
            line: line_no,
            source: source.into(),
        };
        if file.header.is_none() {
            file.header = Some(read_header_line(path, line).map_err(|e| match e {
                HeaderLine::Json(source) => not_a_record(source),
                HeaderLine::Error(e) => e,
            })?);
            continue;
        }
        let record = serde_json::from_slice::<GameRecord>(line).map_err(not_a_record)?;
        file.records.push((line_no, record));
    }
    if file.header.is_none() {
        // Nothing whole was written: as good as an empty file.
        file.keep = 0;
    }
    Ok(file)
}

/// Why a first line is not a header.
enum HeaderLine {
    /// Not JSON (or not UTF-8).
    Json(serde_json::Error),
    /// JSON, but no header of this version.
    Error(RecordError),
}

/// Reads the first line of a results file as its header.
fn read_header_line(path: &Path, line: &[u8]) -> Result<MatchHeader, HeaderLine> {
    let value: serde_json::Value = serde_json::from_slice(line).map_err(HeaderLine::Json)?;
    let error = |e| HeaderLine::Error(e);
    let Some(format) = value.get("parlour_match") else {
        // A game record first: a file from before headers.
        return Err(if value.get("index").is_some() {
            error(RecordError::NoHeader {
                path: path.to_path_buf(),
            })
        } else {
            HeaderLine::Json(serde::de::Error::custom(
                "neither a match header nor a game record",
            ))
        });
    };
    if format.as_u64() != Some(u64::from(HEADER_FORMAT)) {
        return Err(error(RecordError::HeaderFormat {
            path: path.to_path_buf(),
            format: format
                .as_u64()
                .and_then(|f| u32::try_from(f).ok())
                .unwrap_or(0),
            reads: HEADER_FORMAT,
        }));
    }
    serde_json::from_value(value).map_err(|source| {
        error(RecordError::BadHeader {
            path: path.to_path_buf(),
            source: source.into(),
        })
    })
}

/// Reads the header of a results file, which must have one.
pub fn read_header(path: &Path) -> Result<MatchHeader, RecordError> {
    read_results(path)?
        .header
        .ok_or_else(|| RecordError::Empty {
            path: path.to_path_buf(),
        })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::plan::adjudication::Adjudication;
    use crate::plan::schedule::Tournament;
    use parlour_report::{MoveNote, Termination};
    use std::path::PathBuf;

    /// A record of a game that replays under huffing rules.
    pub fn record() -> GameRecord {
        GameRecord {
            index: 4,
            round: 3,
            opening: "a \"quoted\" name".into(),
            opening_plies: 0,
            start: "W:W18,22:B6,11".into(),
            first: "white".into(),
            black: "b".into(),
            white: "w".into(),
            result: "1-1".into(),
            winner: None,
            termination: Termination::MaxPlies,
            reason: "adjudicated {after} 3 plies".into(),
            plies: 3,
            moves: vec!["22-17".into(), "11-15".into(), "18x11".into()],
            date: "2026.11.30".into(),
            move_ms: vec![12, 0, 7],
            move_notes: vec![
                MoveNote {
                    score: Some(35),
                    depth: Some(4),
                },
                MoveNote::default(),
                MoveNote {
                    score: Some(parlour_search::WIN - 3),
                    depth: Some(9),
                },
            ],
            order: 2,
        }
    }

    fn header() -> MatchHeader {
        MatchHeader {
            parlour_match: HEADER_FORMAT,
            game: "checkers".into(),
            rules: "huffing".into(),
            seed: 1,
            tournament: Tournament::RoundRobin,
            games_per_pairing: 2,
            engines: vec!["b".into(), "w".into()],
            evaluations: Vec::new(),
            eval: None,
            adjudication: Adjudication::default(),
            databases: false,
            time_margin_ms: 100,
            event: "É".into(),
            shard: None,
            openings: Vec::new(),
        }
    }

    /// A scratch file of its own for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("parlour-records-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    #[test]
    fn records_round_trip_and_a_torn_last_line_is_dropped_at_any_byte() {
        let path = scratch("torn.jsonl");
        let head = format!("{}\n", serde_json::to_string(&header()).unwrap());
        // A name with characters of two and three bytes, so that some cuts
        // fall inside a UTF-8 character.
        let mut last = record();
        last.black = "Bé€".into();
        let line = serde_json::to_string(&record()).unwrap();
        let torn = serde_json::to_string(&last).unwrap();
        let whole = format!("{head}{line}\n");
        for cut in 0..=torn.len() {
            let mut bytes = whole.clone().into_bytes();
            bytes.extend_from_slice(&torn.as_bytes()[..cut]);
            std::fs::write(&path, &bytes).unwrap();
            let file = read_results(&path).unwrap();
            assert_eq!(file.header, Some(header()), "cut at {cut}");
            assert_eq!(file.records, vec![(2, record())], "cut at {cut}");
            assert_eq!(file.keep, whole.len() as u64, "cut at {cut}");
        }
        // With its newline the last line counts.
        std::fs::write(&path, format!("{whole}{torn}\n")).unwrap();
        let file = read_results(&path).unwrap();
        assert_eq!(file.records, vec![(2, record()), (3, last)]);
        // A header cut short: no match yet, nothing to keep.
        std::fs::write(&path, &head[..head.len() - 2]).unwrap();
        let file = read_results(&path).unwrap();
        assert_eq!((file.header, file.records.len(), file.keep), (None, 0, 0));
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn damaged_and_headerless_files_are_refused() {
        let path = scratch("damaged.jsonl");
        let head = serde_json::to_string(&header()).unwrap();
        let line = serde_json::to_string(&record()).unwrap();
        std::fs::write(&path, format!("{head}\n{line}\nnot json\n{line}\n")).unwrap();
        assert!(matches!(
            read_results(&path),
            Err(RecordError::NotARecord { line: 3, .. })
        ));
        // A line that is not UTF-8, whole (not the torn last line).
        let mut bytes = format!("{head}\n").into_bytes();
        bytes.extend_from_slice(b"{\"index\": \"\xff\"}\n");
        std::fs::write(&path, bytes).unwrap();
        assert!(matches!(
            read_results(&path),
            Err(RecordError::NotARecord { line: 2, .. })
        ));
        // Games with no header: a file of an older parlour.
        std::fs::write(&path, format!("{line}\n{line}\n")).unwrap();
        assert!(matches!(
            read_results(&path),
            Err(RecordError::NoHeader { .. })
        ));
        let format2 = head.replace("\"parlour_match\":1", "\"parlour_match\":2");
        std::fs::write(&path, format!("{format2}\n")).unwrap();
        assert!(matches!(
            read_results(&path),
            Err(RecordError::HeaderFormat { format: 2, .. })
        ));
        std::fs::write(&path, "{\"parlour_match\":1}\n").unwrap();
        assert!(matches!(
            read_results(&path),
            Err(RecordError::BadHeader { .. })
        ));
        std::fs::write(&path, "[1, 2]\n").unwrap();
        assert!(matches!(
            read_results(&path),
            Err(RecordError::NotARecord { line: 1, .. })
        ));
        std::fs::write(&path, "").unwrap();
        assert!(matches!(read_header(&path), Err(RecordError::Empty { .. })));
        // A long string where a number belongs is quoted short, causes
        // and all.
        let long = line.replacen(
            "\"round\":",
            &format!("\"round\":\"{}\",\"x\":", "r".repeat(1000)),
            1,
        );
        std::fs::write(&path, format!("{head}\n{long}\n")).unwrap();
        let error = read_results(&path).unwrap_err();
        let message = parlour_game::echo::full_message(&error);
        assert!(message.len() < 400, "{message}");
        let _ = std::fs::remove_file(&path);
    }
}
