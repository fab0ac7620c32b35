//! One report from the results files of one match: its shards, played on
//! as many machines, or runs of it. Every file must hold the same match
//! (its header, the shard aside), every record must be a legal game of it,
//! and no game may be found twice; the games are then counted in index
//! order into the same [`MatchReport`] the match itself gives, and may be
//! written to one PDN file.

use crate::error::ReportError;
use crate::plan::header::MatchHeader;
use crate::plan::same_file;
use crate::record::check::Expected;
use crate::record::error::RecordError;
use crate::record::files::write_error;
use crate::record::pdn::pdn_text;
use crate::record::results::read_results;
use parlour_game::Variant;
use parlour_report::{GameRecord, MatchReport, Sprt, SprtStatus, Tally};
use std::path::{Path, PathBuf};

/// One results file as read: its path, header and records (each with its
/// line number).
struct File<'a> {
    path: &'a PathBuf,
    header: MatchHeader,
    records: Vec<(usize, GameRecord)>,
}

/// Merges the results files `paths` of one match of the game `V` under
/// `rules` (the rules the first file's header names): checks that they
/// are one match and that every game is legal and found once, counts the
/// games, applies `sprt` to the merged pairs, and writes the games in
/// index order to `pdn` if given. The report lists every game found; its
/// `planned` is the whole match's.
pub fn merge_results<V: Variant>(
    paths: &[PathBuf],
    rules: &V,
    sprt: Option<Sprt>,
    pdn: Option<&Path>,
) -> Result<MatchReport, ReportError> {
    check_paths(paths, pdn)?;
    let files = paths.iter().map(read).collect::<Result<Vec<_>, _>>()?;
    let header = one_match::<V>(&files)?;
    let first = files[0].path;
    let names = header
        .engine_names()
        .map_err(|source| ReportError::Engines {
            path: first.clone(),
            source,
        })?;
    let schedule = header
        .schedule(&names)
        .map_err(|why| ReportError::NoMatch {
            path: first.clone(),
            why,
        })?;
    let expected = Expected {
        header,
        rules: *rules,
        names: &names,
        schedule: &schedule,
    };
    let records = checked_records(&files, &expected)?;
    let mut tally = Tally::new(names.clone(), &schedule.pairings);
    for record in &records {
        tally.add(record).map_err(RecordError::from)?;
    }
    let sprt = match sprt {
        None => None,
        Some(_) if names.len() != 2 => return Err(ReportError::SprtEngines),
        Some(sprt) => Some(SprtStatus::of(sprt, &tally)),
    };
    if let Some(out) = pdn {
        let text = pdn_text(&records, rules, &header.event);
        std::fs::write(out, text).map_err(|e| write_error(out, e))?;
    }
    Ok(MatchReport {
        tally,
        records,
        planned: schedule.total(),
        sprt,
        stopped: None,
    })
}

/// No file given twice, and the PDN output none of them.
fn check_paths(paths: &[PathBuf], pdn: Option<&Path>) -> Result<(), ReportError> {
    if paths.is_empty() {
        return Err(ReportError::NoFiles);
    }
    if let Some(path) = pdn.and_then(|out| paths.iter().find(|p| same_file(p, out))) {
        return Err(ReportError::PdnIsInput { path: path.clone() });
    }
    for (i, path) in paths.iter().enumerate() {
        if paths[..i].iter().any(|p| same_file(p, path)) {
            return Err(ReportError::GivenTwice { path: path.clone() });
        }
    }
    Ok(())
}

/// The results file at `path`, which must hold a match.
fn read(path: &PathBuf) -> Result<File<'_>, RecordError> {
    let file = read_results(path)?;
    let header = file
        .header
        .ok_or_else(|| RecordError::Empty { path: path.clone() })?;
    Ok(File {
        path,
        header,
        records: file.records,
    })
}

/// The match every file holds: the first file's, of the game `V`, which
/// every other file's header must name too (the shard aside).
fn one_match<'a, V: Variant>(files: &'a [File<'a>]) -> Result<&'a MatchHeader, ReportError> {
    let first = &files[0];
    let header = &first.header;
    if header.game != V::NAME {
        return Err(ReportError::Game {
            path: first.path.clone(),
            found: header.game.clone(),
            expected: V::NAME,
        });
    }
    for other in &files[1..] {
        let labels = [first.path, other.path].map(|p| format!("in `{}`", p.display()));
        let differences = header.differences(&other.header, false, [&labels[0], &labels[1]]);
        if !differences.is_empty() {
            return Err(ReportError::OtherMatch {
                first: first.path.clone(),
                path: other.path.clone(),
                differences,
            });
        }
    }
    Ok(header)
}

/// Every record of every file, checked against the match and found once,
/// in index order.
fn checked_records<V: Variant>(
    files: &[File<'_>],
    expected: &Expected<'_, V>,
) -> Result<Vec<GameRecord>, ReportError> {
    let mut records: Vec<(GameRecord, &PathBuf)> = Vec::new();
    for file in files {
        for (line, record) in &file.records {
            expected
                .check(record, file.header.shard)
                .map_err(|why| RecordError::Invalid {
                    path: file.path.clone(),
                    line: *line,
                    game: record.index + 1,
                    why: Box::new(why),
                })?;
            records.push((record.clone(), file.path));
        }
    }
    // Stable: a game found twice names the files in the order given, and
    // the lowest such game is named, whatever order the games ended in.
    records.sort_by_key(|(r, _)| r.index);
    if let Some(pair) = records.windows(2).find(|w| w[0].0.index == w[1].0.index) {
        return Err(ReportError::Duplicate {
            game: pair[0].0.index + 1,
            first: pair[0].1.clone(),
            second: pair[1].1.clone(),
        });
    }
    Ok(records.into_iter().map(|(r, _)| r).collect())
}
