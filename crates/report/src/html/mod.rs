//! The match report as one self-contained HTML page (`parlour report
//! --html`): the tables the text report prints, a crosstable, an Elo chart
//! per pairing, the score and the SPRT's log-likelihood ratio against games
//! played ([`progress`]), results by opening, termination reasons, time per
//! move, and every game in a viewer that steps through its moves on the
//! game's own SVG diagram ([`viewer`]). Styles and the viewer's script are
//! inline and nothing is fetched, so the file opens anywhere; everything
//! but the viewer's stepping reads with JavaScript off (the viewer then
//! shows each game's last position).
//!
//! The same viewer, with a graph of the engine's score after every ply,
//! makes the page of an analysis ([`analysis_page`]).

mod analysis;
mod progress;
mod viewer;

pub use analysis::{analysis_page, analysis_section, PlyScore, ScoredGame};

use crate::record::GameRecord;
use crate::summary::{Cells, MatchReport};
use parlour_game::svg::escape;
use parlour_game::Variant;
use std::collections::BTreeMap;
use std::fmt::Write;
use viewer::{Frames, Line};

/// The page's styles.
const STYLE: &str = "body{font-family:DejaVu Sans,Verdana,sans-serif;margin:2em;color:#1d1d1d}\
table{border-collapse:collapse;margin:.5em 0 1.5em}th,td{border:1px solid #bbb;padding:2px 8px}\
th{background:#eee}td.n{text-align:right}details{margin:.3em 0}\
.moves{font-family:monospace;max-width:60em}.moves span{white-space:nowrap}\
.viewer button{margin:0 .2em}.moves span{cursor:pointer}.moves .current{background:#f5d76e}";

/// The whole report as one HTML page titled `title`, the games replayed
/// under `rules` for the viewer.
pub fn html_report<V: Variant>(report: &MatchReport, rules: &V, title: &str) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{t}</title>\n\
         <style>{STYLE}</style>\n</head>\n<body>\n<h1>{t}</h1>\n",
        t = escape(title)
    );
    let _ = writeln!(
        out,
        "<p>{} {}: {} of {} games played{}</p>",
        escape(V::NAME),
        escape(&rules.to_string()),
        report.records.len(),
        report.planned,
        report
            .stopped
            .as_ref()
            .map_or(String::new(), |why| format!(" ({})", escape(why)))
    );
    out.push_str(&tables(report));
    out.push_str("<h2>Elo with its 95% interval</h2>\n");
    out.push_str(&progress::elo_chart(report));
    out.push_str(
        "<p>From each pairing's wins, losses and draws (the tables' Elo): the dot is the \
         estimate, the bar runs from the Elo of the lowest score in the 95% interval to that of \
         the highest, so it is not centred on the dot; the tables' +/- is half its width.</p>\n",
    );
    out.push_str("<h2>Score and SPRT against games played</h2>\n");
    out.push_str(&progress::progress_charts(report));
    out.push_str(&counts(&report.records));
    let lines: Vec<Line<'_>> = report
        .records
        .iter()
        .map(|r| Line {
            start: &r.start,
            moves: &r.moves,
        })
        .collect();
    let frames = Frames::of(&lines, rules);
    out.push_str(&viewer::games_section(&report.records, &frames));
    out.push_str(&frames.data(0));
    out.push_str(&viewer::script());
    out.push_str("</body>\n</html>\n");
    out
}

/// The pairings, the SPRT's line and the crosstable, as the text report
/// prints them.
fn tables(report: &MatchReport) -> String {
    let mut out = String::from("<h2>Pairings</h2>\n");
    out.push_str(&html_cells(&report.pairings_cells()));
    if let Some(line) = report.sprt_line() {
        let _ = writeln!(out, "<p class=\"sprt\">{}</p>", escape(&line));
    }
    out.push_str("<h2>Crosstable</h2>\n");
    out.push_str(&html_cells(&report.crosstable_cells()));
    out
}

/// The games counted by opening and by termination, and each engine's
/// time per move.
fn counts(records: &[GameRecord]) -> String {
    fn count_rows<K: ToString>(rows: BTreeMap<K, [u32; 4]>) -> Vec<Vec<String>> {
        rows.into_iter()
            .map(|(k, c)| {
                let mut row = vec![k.to_string()];
                row.extend(c.iter().map(u32::to_string));
                row
            })
            .collect()
    }
    let numbers = [false, true, true, true, true];
    let mut out = String::from("<h2>Results by opening</h2>\n");
    let rows = count_rows(by(records, |r| Natural(r.opening.clone())));
    let mut h = vec!["Opening", "Games", "Black wins", "White wins", "Draws"];
    out.push_str(&html_table(&h, &rows, &numbers));
    out.push_str("<h2>Terminations</h2>\n");
    let rows = count_rows(by(records, |r| r.termination.to_string()));
    h[0] = "Termination";
    out.push_str(&html_table(&h, &rows, &numbers));
    out.push_str("<h2>Time per move</h2>\n");
    out.push_str(&html_table(
        &["Engine", "Moves", "Mean ms", "Longest ms"],
        &time_rows(records),
        &[false, true, true, true],
    ));
    out
}

/// Text ordered as people number things: the runs of digits by their
/// value (`ACF 2` before `ACF 10`), the rest as text.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Natural(String);

impl Natural {
    /// The text in runs: (text, number) pairs.
    fn runs(&self) -> Vec<(&str, u128)> {
        let mut out = Vec::new();
        let mut rest = self.0.as_str();
        while !rest.is_empty() {
            let text_end = rest
                .find(|c: char| c.is_ascii_digit())
                .unwrap_or(rest.len());
            let (text, tail) = rest.split_at(text_end);
            let digits_end = tail
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(tail.len());
            let (digits, tail) = tail.split_at(digits_end);
            out.push((text, digits.parse().unwrap_or(u128::MAX)));
            rest = tail;
        }
        out
    }
}

impl Ord for Natural {
    fn cmp(&self, other: &Natural) -> std::cmp::Ordering {
        self.runs()
            .cmp(&other.runs())
            .then_with(|| self.0.cmp(&other.0))
    }
}

impl PartialOrd for Natural {
    fn partial_cmp(&self, other: &Natural) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl std::fmt::Display for Natural {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A table of `cells`.
fn html_cells(cells: &Cells) -> String {
    html_table(&cells.header, &cells.rows, &cells.right)
}

/// A table with `header` and `rows`, the columns flagged in `right`
/// aligned right.
fn html_table<S: AsRef<str>>(header: &[S], rows: &[Vec<String>], right: &[bool]) -> String {
    let mut out = String::from("<table>\n<tr>");
    for h in header {
        let _ = write!(out, "<th>{}</th>", escape(h.as_ref()));
    }
    out.push_str("</tr>\n");
    for row in rows {
        out.push_str("<tr>");
        for (i, cell) in row.iter().enumerate() {
            let class = if right.get(i).copied().unwrap_or(false) {
                " class=\"n\""
            } else {
                ""
            };
            let _ = write!(out, "<td{class}>{}</td>", escape(cell));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    out
}

/// Rows of (name, games, black wins, white wins, draws) counted by `key`.
fn by<K: Ord + Clone>(
    records: &[GameRecord],
    key: impl Fn(&GameRecord) -> K,
) -> BTreeMap<K, [u32; 4]> {
    let mut rows: BTreeMap<K, [u32; 4]> = BTreeMap::new();
    for r in records {
        let row = rows.entry(key(r)).or_default();
        row[0] += 1;
        match r.winner.as_deref() {
            Some("black") => row[1] += 1,
            Some("white") => row[2] += 1,
            _ => row[3] += 1,
        }
    }
    rows
}

/// Per engine: the moves it made (openings aside), their mean and
/// longest time in milliseconds.
fn time_rows(records: &[GameRecord]) -> Vec<Vec<String>> {
    let mut per: BTreeMap<&str, (u64, u64, u64)> = BTreeMap::new();
    for r in records {
        let first_black = r.first == "black";
        for (j, &ms) in r.move_ms.iter().enumerate() {
            let ply = r.opening_plies + j;
            let black = (ply % 2 != 1) == first_black;
            let name = if black { &r.black } else { &r.white };
            let e = per.entry(name.as_str()).or_default();
            e.0 += 1;
            e.1 += ms;
            e.2 = e.2.max(ms);
        }
    }
    per.into_iter()
        .map(|(name, (n, total, max))| {
            vec![
                name.to_string(),
                n.to_string(),
                format!("{:.1}", total as f64 / n.max(1) as f64),
                max.to_string(),
            ]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_sort_by_their_numbers() {
        let mut names: Vec<Natural> = [
            "ACF 10",
            "ACF 2",
            "ACF 1",
            "random 3",
            "ACF 11 x",
            "b.pdn game 9",
        ]
        .iter()
        .map(|s| Natural(s.to_string()))
        .collect();
        names.sort();
        let sorted: Vec<String> = names.iter().map(Natural::to_string).collect();
        assert_eq!(
            sorted,
            [
                "ACF 1",
                "ACF 2",
                "ACF 10",
                "ACF 11 x",
                "b.pdn game 9",
                "random 3"
            ]
        );
    }
}
