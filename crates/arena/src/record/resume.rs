//! Resuming a match: the finished games of its results file, checked
//! before they are trusted. The file's header must be this match's (the
//! shard too), and every record a legal game of it, found once.

use crate::plan::Plan;
use crate::record::check::Expected;
use crate::record::error::RecordError;
use crate::record::files::Resumed;
use crate::record::results::read_results;
use parlour_game::Variant;
use std::collections::HashSet;
use std::path::Path;

/// The finished games of the match `plan` describes in the results file
/// at `path`, and the byte length to keep of it (0 when the file held no
/// header: empty, or cut inside it, to be written anew).
pub(crate) fn resume<V: Variant>(
    path: &Path,
    plan: &Plan<V::Position>,
    rules: &V,
) -> Result<Resumed, RecordError> {
    let file = read_results(path)?;
    let Some(header) = &file.header else {
        return Ok(Resumed {
            keep: 0,
            records: Vec::new(),
        });
    };
    let differences = header.differences(&plan.header, true, ["in the file", "here"]);
    if !differences.is_empty() {
        return Err(RecordError::OtherMatch {
            path: path.to_path_buf(),
            differences,
        });
    }
    let expected = Expected {
        header,
        rules: *rules,
        names: &plan.engines.names,
        schedule: &plan.schedule,
    };
    let mut seen = HashSet::new();
    let mut records = Vec::with_capacity(file.records.len());
    for (line, record) in file.records {
        expected
            .check(&record, header.shard)
            .map_err(|why| RecordError::Invalid {
                path: path.to_path_buf(),
                line,
                game: record.index + 1,
                why: Box::new(why),
            })?;
        if !seen.insert(record.index) {
            return Err(RecordError::Twice {
                path: path.to_path_buf(),
                game: record.index + 1,
            });
        }
        records.push(record);
    }
    Ok(Resumed {
        keep: file.keep,
        records,
    })
}
