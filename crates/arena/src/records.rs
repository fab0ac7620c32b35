//! Records of finished games: the results file, JSON lines (what `resume`
//! and `parlour report` read back), and PDN for people and other programs.
//! The results file's first line is the match's header
//! ([`crate::MatchHeader`]), written before any game; then one game a line,
//! each written and flushed as soon as the game ends. The PDN file is a
//! function of the results: on resume it is written anew from them, so the
//! two files never disagree, whatever moment a match was killed at.

use crate::error::RecordError;
use crate::header::{MatchHeader, HEADER_FORMAT};
use parlour_game::{pdn, Outcome, Side, Variant};
use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// One finished game, as the results file holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's index in the match, from 0: it decides the engines, the
    /// colours, the opening and the game's seed.
    pub index: usize,
    /// The round, from 1: the number of the opening in the match. Games
    /// `2k` and `2k+1` are a pair: one opening, the colours swapped.
    pub round: usize,
    /// The opening's name.
    pub opening: String,
    /// How many of `moves` the opening played.
    pub opening_plies: usize,
    /// The start position, as the game writes positions (FEN for checkers).
    pub start: String,
    /// The side that moved first from `start`: `black` or `white`.
    pub first: String,
    /// The engine that played Black.
    pub black: String,
    /// The engine that played White.
    pub white: String,
    /// The result as PDN writes it from Black's side: `2-0`, `0-2`, `1-1`.
    pub result: String,
    /// The winning side, `black` or `white`; `None` for a draw.
    pub winner: Option<String>,
    /// How the game ended, one of: `no moves`, `repetition`, `quiet plies`,
    /// `max plies`, `resignation`, `draw adjudication`, `time forfeit`,
    /// `illegal move`, `crash`.
    pub termination: String,
    /// The ending in words.
    pub reason: String,
    /// Plies played in all, the opening's included.
    pub plies: usize,
    /// Every move, the opening's first, as the game writes moves.
    pub moves: Vec<String>,
    /// The UTC date the game ended, `YYYY.MM.DD`.
    pub date: String,
    /// How long each engine move took, in milliseconds: one entry for each
    /// of `moves` after the opening's.
    pub move_ms: Vec<u64>,
    /// When the game ended among the games of its results file: 1 for the
    /// first to end, resumed runs counting on.
    pub order: usize,
}

impl GameRecord {
    /// The outcome the record holds.
    pub fn outcome(&self) -> Outcome {
        match self.winner.as_deref() {
            Some("black") => Outcome::Win(Side::Black),
            Some("white") => Outcome::Win(Side::White),
            _ => Outcome::Draw,
        }
    }

    /// The half-points (0, 1, 2) the engine `name` scored, if it played.
    pub fn half_points_of(&self, name: &str) -> Option<u8> {
        let side = if self.black == name {
            Side::Black
        } else if self.white == name {
            Side::White
        } else {
            return None;
        };
        Some(match self.outcome() {
            Outcome::Draw => 1,
            Outcome::Win(s) if s == side => 2,
            Outcome::Win(_) => 0,
        })
    }
}

/// Today's UTC date as PDN writes dates, `YYYY.MM.DD`.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day count from 1970-01-01 (Howard
/// Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The PDN text of a game: the seven standard tags, the game's own tags,
/// `Opening` and `Termination`, then the numbered moves, a comment with the
/// reason, and the result.
pub fn pdn_game<V: Variant>(record: &GameRecord, rules: &V, event: &str) -> String {
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), event.to_string()),
        ("Site".into(), "?".into()),
        ("Date".into(), record.date.clone()),
        ("Round".into(), (record.index + 1).to_string()),
        ("White".into(), record.white.clone()),
        ("Black".into(), record.black.clone()),
        ("Result".into(), record.result.clone()),
    ];
    tags.extend(rules.pdn_tags(&record.start));
    tags.push(("Opening".into(), record.opening.clone()));
    tags.push(("Termination".into(), record.termination.clone()));
    let mut out: String = tags
        .iter()
        .map(|(key, value)| pdn::tag(key, value))
        .collect();
    out.push('\n');
    let first = if record.first == "black" {
        Side::Black
    } else {
        Side::White
    };
    // A PDN comment cannot hold braces.
    let reason = record.reason.replace('{', "(").replace('}', ")");
    out.push_str(&pdn::movetext(
        first,
        &record.moves,
        &[format!("{{{reason}}}"), record.result.clone()],
    ));
    out.push('\n');
    out
}

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

/// Reads a results file: the header and every complete record. A last
/// line without its newline was cut short by a kill, at whatever byte
/// (inside a UTF-8 character too), and is dropped; any other line that
/// does not read is an error, and so is a file whose first line is a game
/// record (one written before results files had headers). The records are
/// read, not yet checked against the match (see [`crate::MatchHeader`]).
pub fn read_results(path: &Path) -> Result<ResultsFile, RecordError> {
    let bytes = std::fs::read(path).map_err(|source| RecordError::Read {
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
        let not_a_record = |source| RecordError::NotARecord {
            path: path.to_path_buf(),
            line: line_no,
            source,
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
        }));
    }
    serde_json::from_value(value).map_err(|source| {
        error(RecordError::BadHeader {
            path: path.to_path_buf(),
            source,
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

/// The files a match writes, open for appending, each game flushed as it
/// ends.
pub struct RecordFiles {
    results: Option<(PathBuf, File)>,
    pdn: Option<(PathBuf, File)>,
}

fn open_error(path: &Path, source: std::io::Error) -> RecordError {
    RecordError::Write {
        path: path.to_path_buf(),
        source,
    }
}

impl RecordFiles {
    /// Opens the files before any game starts, so that an unwritable path is
    /// an error at once. A fresh match refuses files that already hold
    /// games (pass resume to continue it, or choose other files), and
    /// starts the results with `header`. On resume, the results file is cut
    /// back to its complete lines (`keep` bytes; 0 for a file that held no
    /// header, which is started anew with `header`) and the PDN file is
    /// written anew from `records`.
    pub fn open<V: Variant>(
        results: Option<&Path>,
        pdn: Option<&Path>,
        header: &MatchHeader,
        resume: Option<(u64, &[GameRecord])>,
        rules: &V,
        event: &str,
    ) -> Result<RecordFiles, RecordError> {
        for (what, path) in [("results", results), ("PDN", pdn)] {
            if path.is_some_and(Path::is_dir) {
                let path = path.expect("a path").to_path_buf();
                return Err(RecordError::Directory { what, path });
            }
        }
        if resume.is_none() {
            for (what, path) in [("results", results), ("PDN", pdn)] {
                match path {
                    Some(path) if std::fs::metadata(path).is_ok_and(|m| m.len() > 0) => {
                        return Err(RecordError::HoldsGames {
                            what,
                            path: path.to_path_buf(),
                        })
                    }
                    _ => {}
                }
            }
        }
        let results = match results {
            None => None,
            Some(path) => {
                let mut file = OpenOptions::new()
                    .create(true)
                    .append(true)
                    .read(true)
                    .open(path)
                    .map_err(|e| open_error(path, e))?;
                let keep = resume.map_or(0, |(keep, _)| keep);
                file.set_len(keep).map_err(|e| open_error(path, e))?;
                file.seek(SeekFrom::End(0))
                    .map_err(|e| open_error(path, e))?;
                if keep == 0 {
                    let mut line = serde_json::to_string(header)
                        .map_err(|e| open_error(path, std::io::Error::other(e)))?;
                    line.push('\n');
                    file.write_all(line.as_bytes())
                        .and_then(|()| file.flush())
                        .map_err(|e| open_error(path, e))?;
                }
                Some((path.to_path_buf(), file))
            }
        };
        let pdn = match pdn {
            None => None,
            Some(path) => {
                let mut file = File::create(path).map_err(|e| open_error(path, e))?;
                if let Some((_, records)) = resume {
                    let mut sorted: Vec<&GameRecord> = records.iter().collect();
                    sorted.sort_by_key(|r| r.index);
                    let text: String = sorted.iter().map(|r| pdn_game(r, rules, event)).collect();
                    file.write_all(text.as_bytes())
                        .and_then(|()| file.flush())
                        .map_err(|e| open_error(path, e))?;
                }
                Some((path.to_path_buf(), file))
            }
        };
        Ok(RecordFiles { results, pdn })
    }

    /// Writes one finished game to both files and flushes them.
    pub fn write<V: Variant>(
        &mut self,
        record: &GameRecord,
        rules: &V,
        event: &str,
    ) -> Result<(), RecordError> {
        if let Some((path, file)) = &mut self.results {
            let mut line = serde_json::to_string(record)
                .map_err(|e| open_error(path, std::io::Error::other(e)))?;
            line.push('\n');
            file.write_all(line.as_bytes())
                .and_then(|()| file.flush())
                .map_err(|e| open_error(path, e))?;
        }
        if let Some((path, file)) = &mut self.pdn {
            file.write_all(pdn_game(record, rules, event).as_bytes())
                .and_then(|()| file.flush())
                .map_err(|e| open_error(path, e))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_checkers::Rules;

    fn record() -> GameRecord {
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
            termination: "max plies".into(),
            reason: "adjudicated {after} 3 plies".into(),
            plies: 3,
            moves: vec!["22-17".into(), "11-15".into(), "18x11".into()],
            date: "2026.11.30".into(),
            move_ms: vec![12, 0, 7],
            order: 2,
        }
    }

    #[test]
    fn pdn_numbers_moves_from_the_side_to_move() {
        let text = pdn_game(&record(), &Rules::HUFFING, "E");
        let expected = "[Event \"E\"]\n[Site \"?\"]\n[Date \"2026.11.30\"]\n[Round \"5\"]\n\
                        [White \"w\"]\n[Black \"b\"]\n[Result \"1-1\"]\n[Rules \"huffing\"]\n\
                        [FEN \"W:W18,22:B6,11\"]\n[Opening \"a \\\"quoted\\\" name\"]\n\
                        [Termination \"max plies\"]\n\n\
                        1... 22-17 2. 11-15 18x11 {adjudicated (after) 3 plies} 1-1\n\n";
        assert_eq!(text, expected);
    }

    fn header() -> MatchHeader {
        MatchHeader {
            parlour_match: HEADER_FORMAT,
            game: "checkers".into(),
            rules: "huffing".into(),
            seed: 1,
            tournament: crate::Tournament::RoundRobin,
            games_per_pairing: 2,
            engines: vec!["b".into(), "w".into()],
            eval: None,
            adjudication: crate::Adjudication::default(),
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
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn dates_are_civil() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(59), (1970, 3, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_787), (2026, 11, 30));
        assert_eq!(today().len(), 10);
    }
}
