//! Records of finished games: one JSON object a line in the results file
//! (what `resume` reads back), and PDN for people and other programs. Each
//! game is written and flushed as soon as it ends. The PDN file is a
//! function of the results: on resume it is written anew from them, so the
//! two files never disagree, whatever moment a match was killed at.

use crate::error::RecordError;
use parlour_game::{pdn, Outcome, Side, Variant};
use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
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

/// Reads the results file of a killed match: every complete record, and
/// the byte length of the part that holds them. A last line cut short by a
/// kill (no newline at its end and not valid JSON) is dropped; anything else
/// that does not read is an error.
pub fn read_results(path: &Path) -> Result<(Vec<GameRecord>, u64), RecordError> {
    let mut text = String::new();
    File::open(path)
        .and_then(|mut f| f.read_to_string(&mut text))
        .map_err(|source| RecordError::Read {
            path: path.to_path_buf(),
            source,
        })?;
    let mut records = Vec::new();
    let mut good = 0u64;
    let mut rest = text.as_str();
    let mut line_no = 0;
    while !rest.is_empty() {
        line_no += 1;
        let (line, complete) = match rest.find('\n') {
            Some(i) => (&rest[..i], true),
            None => (rest, false),
        };
        let consumed = line.len() + usize::from(complete);
        rest = &rest[consumed..];
        if line.trim().is_empty() {
            good += consumed as u64;
            continue;
        }
        match serde_json::from_str::<GameRecord>(line) {
            Ok(record) => {
                records.push(record);
                good += consumed as u64;
            }
            Err(_) if !complete => break,
            Err(source) => {
                return Err(RecordError::NotARecord {
                    path: path.to_path_buf(),
                    line: line_no,
                    source,
                })
            }
        }
    }
    Ok((records, good))
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
    /// games (pass resume to continue it, or choose other files). On resume, the results file is cut back to its complete
    /// records (`keep` bytes) and the PDN file is written anew from
    /// `records`.
    pub fn open<V: Variant>(
        results: Option<&Path>,
        pdn: Option<&Path>,
        resume: Option<(u64, &[GameRecord])>,
        rules: &V,
        event: &str,
    ) -> Result<RecordFiles, RecordError> {
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
                if let Some((keep, _)) = resume {
                    file.set_len(keep).map_err(|e| open_error(path, e))?;
                    file.seek(SeekFrom::End(0))
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

    #[test]
    fn records_round_trip_and_a_cut_last_line_is_dropped() {
        let dir = std::env::temp_dir().join(format!("parlour-records-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("r.jsonl");
        let line = serde_json::to_string(&record()).unwrap();
        let whole = format!("{line}\n{line}\n");
        std::fs::write(&path, format!("{whole}{}", &line[..20])).unwrap();
        let (records, keep) = read_results(&path).unwrap();
        assert_eq!(records, vec![record(), record()]);
        assert_eq!(keep, whole.len() as u64);
        std::fs::write(&path, format!("{line}\nnot json\n{line}\n")).unwrap();
        assert!(matches!(
            read_results(&path),
            Err(RecordError::NotARecord { line: 2, .. })
        ));
        std::fs::remove_dir_all(dir).unwrap();
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
