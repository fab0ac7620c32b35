//! One report from the results files of one match: its shards, played on
//! as many machines, or runs of it. Every file must hold the same match
//! (its header, the shard aside), every record must be a legal game of it,
//! and no game may be found twice; the games are then counted in index
//! order into the same [`MatchReport`] the match itself gives, and may be
//! written to one PDN file.

use crate::check::Plan;
use crate::error::{RecordError, ReportError};
use crate::header::MatchHeader;
use crate::records::{pdn_game, read_results, GameRecord};
use crate::report::{MatchReport, SprtStatus};
use crate::runner::{same_file, Schedule};
use crate::sprt::Sprt;
use crate::tally::Tally;
use parlour_game::Variant;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

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
    let Some(first_path) = paths.first() else {
        return Err(ReportError::NoFiles);
    };
    if let Some(out) = pdn {
        if let Some(path) = paths.iter().find(|p| same_file(p, out)) {
            return Err(ReportError::PdnIsInput { path: path.clone() });
        }
    }
    for (i, path) in paths.iter().enumerate() {
        if paths[..i].iter().any(|p| same_file(p, path)) {
            return Err(ReportError::GivenTwice { path: path.clone() });
        }
    }
    let mut files = Vec::with_capacity(paths.len());
    for path in paths {
        let file = read_results(path)?;
        let header = file
            .header
            .ok_or_else(|| RecordError::Empty { path: path.clone() })?;
        files.push((path, header, file.records));
    }
    let header: &MatchHeader = &files[0].1;
    if header.game != V::NAME {
        return Err(ReportError::Game {
            path: first_path.clone(),
            found: header.game.clone(),
            expected: V::NAME,
        });
    }
    for (path, other, _) in &files[1..] {
        let labels = [
            format!("in `{}`", first_path.display()),
            format!("in `{}`", path.display()),
        ];
        let differences = header.differences(other, false, [&labels[0], &labels[1]]);
        if !differences.is_empty() {
            return Err(ReportError::OtherMatch {
                first: first_path.clone(),
                path: (*path).clone(),
                differences,
            });
        }
    }
    let names = header
        .engine_names()
        .map_err(|source| ReportError::Engines {
            path: first_path.clone(),
            source,
        })?;
    let schedule = schedule_of(header, &names).map_err(|why| ReportError::NoMatch {
        path: first_path.clone(),
        why,
    })?;
    let plan = Plan {
        header,
        rules: *rules,
        names: &names,
        schedule: &schedule,
    };
    let mut found: HashMap<usize, &PathBuf> = HashMap::new();
    let mut records: Vec<&GameRecord> = Vec::new();
    for (path, file_header, file_records) in &files {
        for (line, record) in file_records {
            plan.check(record, file_header.shard)
                .map_err(|why| RecordError::Invalid {
                    path: (*path).clone(),
                    line: *line,
                    game: record.index + 1,
                    why,
                })?;
            if let Some(first) = found.insert(record.index, path) {
                return Err(ReportError::Duplicate {
                    game: record.index + 1,
                    first: first.clone(),
                    second: (*path).clone(),
                });
            }
            records.push(record);
        }
    }
    records.sort_by_key(|r| r.index);
    let mut tally = Tally::new(names.clone(), &schedule.pairings);
    for record in &records {
        tally.add(record)?;
    }
    let sprt = match sprt {
        None => None,
        Some(_) if names.len() != 2 => return Err(ReportError::SprtEngines),
        Some(sprt) => {
            let llr = sprt.llr(&tally.pairings()[0].penta);
            Some(SprtStatus {
                sprt,
                llr,
                decision: sprt.decide(llr),
            })
        }
    };
    if let Some(out) = pdn {
        let text: String = records
            .iter()
            .map(|r| pdn_game(r, rules, &header.event))
            .collect();
        std::fs::File::create(out)
            .and_then(|mut f| f.write_all(text.as_bytes()).and_then(|()| f.flush()))
            .map_err(|source| RecordError::Write {
                path: out.to_path_buf(),
                source,
            })?;
    }
    Ok(MatchReport {
        tally,
        records: records.into_iter().cloned().collect(),
        planned: schedule.total(),
        sprt,
        stopped: None,
    })
}

/// The games of the match a header describes, if it describes one
/// `parlour match` could have played (a header edited by hand may not):
/// two engines or more, with different names; an even number of games per
/// pairing, at least two; a count of games that fits; an opening to play.
fn schedule_of(header: &MatchHeader, names: &[String]) -> Result<Schedule, String> {
    if names.len() < 2 {
        return Err(format!(
            "it names {} engine(s); a match has two or more",
            names.len()
        ));
    }
    if let Some((i, name)) = names
        .iter()
        .enumerate()
        .find(|(i, name)| names[..*i].contains(name))
    {
        return Err(format!(
            "engine {} is named `{name}`, as an engine before it is",
            i + 1
        ));
    }
    let per_pairing = header.games_per_pairing;
    if per_pairing < 2 || !per_pairing.is_multiple_of(2) {
        return Err(format!(
            "it plays {per_pairing} games per pairing; a match plays an even number, at least 2"
        ));
    }
    let schedule = Schedule::new(header.tournament, names.len(), per_pairing);
    if schedule.pairings.len().checked_mul(per_pairing).is_none() {
        return Err(format!(
            "its {} pairings of {per_pairing} games each are more games than can be counted",
            schedule.pairings.len()
        ));
    }
    if header.openings.is_empty() {
        return Err("it lists no opening".to_string());
    }
    Ok(schedule)
}
