//! What a tuning run found, as tables: one run's values along its way, or
//! the values several runs (shares of one tuning, on several machines)
//! ended at and their mean, which is the tuning's answer.

use crate::error::TuneError;
use crate::history::History;
use parlour_arena::table;
use std::path::PathBuf;

/// A value as the tables show it: an integer parameter's with one decimal
/// (SPSA moves it as a real number; the engines play it rounded), a real
/// parameter's with three.
fn cell(value: f64, integer: bool) -> String {
    if integer {
        format!("{value:.1}")
    } else {
        format!("{value:.3}")
    }
}

/// One run along its way: each parameter at the start, after each quarter
/// of the pairs played and now, with its range.
pub fn one_run(history: &History) -> Result<String, TuneError> {
    let tunables = history.header.tunables()?;
    let played = history.pairs();
    let mut points = vec![("start".to_string(), history.header.start())];
    let mut last_at = 0;
    for quarter in 1..4u32 {
        let at = history.header.gains.pairs * quarter / 4;
        if at == last_at {
            continue;
        }
        last_at = at;
        let mut pairs = 0;
        let reached = history.batches.iter().find(|b| {
            pairs += b.pairs();
            pairs >= at
        });
        if let Some(b) = reached.filter(|_| played > at) {
            points.push((format!("{quarter}/4"), b.theta.clone()));
        }
    }
    points.push((format!("now ({played})"), history.theta()));
    let mut header: Vec<&str> = vec!["parameter"];
    header.extend(points.iter().map(|(name, _)| name.as_str()));
    header.push("range");
    let rows: Vec<Vec<String>> = tunables
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let mut row = vec![t.name.to_string()];
            row.extend(points.iter().map(|(_, theta)| cell(theta[i], t.integer)));
            row.push(format!("{}..{}", t.min, t.max));
            row
        })
        .collect();
    let mut right = vec![true; header.len()];
    right[0] = false;
    Ok(table(&header, &rows, &right))
}

/// Several runs of the same parameters: where each ended, and their mean
/// weighted by the pairs each played.
pub fn runs(histories: &[(PathBuf, History)]) -> Result<(String, Vec<f64>), TuneError> {
    let (first_path, first) = &histories[0];
    let names: Vec<&str> = first
        .header
        .params
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    for (path, h) in histories {
        if h.header
            .params
            .iter()
            .map(|p| p.name.as_str())
            .ne(names.iter().copied())
        {
            return Err(TuneError::OtherParams {
                first: first_path.clone(),
                other: path.clone(),
            });
        }
    }
    let tunables = first.header.tunables()?;
    let weight: f64 = histories.iter().map(|(_, h)| f64::from(h.pairs())).sum();
    let mean: Vec<f64> = (0..names.len())
        .map(|i| {
            let sum: f64 = histories
                .iter()
                .map(|(_, h)| f64::from(h.pairs()) * h.theta()[i])
                .sum();
            if weight > 0.0 {
                sum / weight
            } else {
                first.header.start()[i]
            }
        })
        .collect();
    let labels: Vec<String> = histories
        .iter()
        .enumerate()
        .map(|(i, (_, h))| format!("run {} ({})", i + 1, h.pairs()))
        .collect();
    let mut header: Vec<&str> = vec!["parameter", "start"];
    header.extend(labels.iter().map(String::as_str));
    header.push("mean");
    let rows: Vec<Vec<String>> = tunables
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let mut row = vec![t.name.to_string(), cell(first.header.start()[i], t.integer)];
            row.extend(histories.iter().map(|(_, h)| cell(h.theta()[i], t.integer)));
            row.push(cell(mean[i], t.integer));
            row
        })
        .collect();
    let mut right = vec![true; header.len()];
    right[0] = false;
    Ok((table(&header, &rows, &right), mean))
}
