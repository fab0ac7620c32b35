//! The end of a match: its statistics as values and as readable text, a
//! summary per pairing (Elo with its 95% interval, LOS, draw ratio,
//! pentanomial counts, SPRT) and, for more than two engines, a crosstable.

use crate::record::GameRecord;
use crate::sprt::{Hypothesis, Sprt};
use crate::stats::EloEstimate;
use crate::tally::Tally;
use std::fmt;

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtStatus {
    /// The test.
    pub sprt: Sprt,
    /// The log-likelihood ratio of all finished pairs.
    pub llr: f64,
    /// The hypothesis accepted, if a bound was crossed.
    pub decision: Option<Hypothesis>,
}

impl SprtStatus {
    /// Where `sprt` stands on the colour-swapped pairs of the first
    /// pairing of `tally` (a match with an SPRT has one pairing).
    pub fn of(sprt: Sprt, tally: &Tally) -> SprtStatus {
        let llr = sprt.llr(&tally.pairings()[0].penta);
        SprtStatus {
            sprt,
            llr,
            decision: sprt.decide(llr),
        }
    }
}

/// What a match played and what it shows.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// The count per pairing, every finished game included.
    pub tally: Tally,
    /// Every finished game, resumed ones included, by index.
    pub records: Vec<GameRecord>,
    /// The games the match planned.
    pub planned: usize,
    /// The SPRT, if one ran.
    pub sprt: Option<SprtStatus>,
    /// Why the match ended before playing every planned game, if it did.
    pub stopped: Option<String>,
}

/// Aligns `rows` under `header`: text columns to the left, the columns
/// flagged in `right` to the right, two spaces between columns.
pub fn table(header: &[&str], rows: &[Vec<String>], right: &[bool]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            widths[i] = widths[i].max(cell.chars().count());
        }
    }
    let line = |cells: Vec<&str>| {
        let mut out = String::new();
        for (i, cell) in cells.iter().enumerate() {
            let pad = widths[i] - cell.chars().count();
            if i > 0 {
                out.push_str("  ");
            }
            if right.get(i).copied().unwrap_or(false) {
                out.push_str(&" ".repeat(pad));
                out.push_str(cell);
            } else {
                out.push_str(cell);
                if i + 1 < cells.len() {
                    out.push_str(&" ".repeat(pad));
                }
            }
        }
        out.push('\n');
        out
    };
    let mut out = line(header.to_vec());
    for row in rows {
        out.push_str(&line(row.iter().map(String::as_str).collect()));
    }
    out
}

/// A table's cells: its header, its rows, and which of its columns are
/// numbers (aligned right).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cells {
    /// The columns' headings.
    pub header: Vec<String>,
    /// The rows, a cell per column.
    pub rows: Vec<Vec<String>>,
    /// Whether each column is aligned right.
    pub right: Vec<bool>,
}

impl Cells {
    /// The table as aligned text ([`table`]).
    pub fn text(&self) -> String {
        let header: Vec<&str> = self.header.iter().map(String::as_str).collect();
        table(&header, &self.rows, &self.right)
    }
}

fn elo_cells(elo: Option<EloEstimate>) -> [String; 2] {
    match elo {
        Some(e) => {
            let s = e.to_string();
            let (a, b) = s.split_once(" +/- ").unwrap_or((&s, ""));
            [a.to_string(), b.to_string()]
        }
        None => ["-".into(), "-".into()],
    }
}

fn percent(x: Option<f64>) -> String {
    x.map_or("-".to_string(), |x| format!("{:.1}%", 100.0 * x))
}

impl MatchReport {
    /// The table of pairings: games, W-L-D, score, Elo ± (trinomial),
    /// LOS, draw ratio, pentanomial counts and their Elo ±.
    pub fn pairings_table(&self) -> String {
        self.pairings_cells().text()
    }

    /// [`MatchReport::pairings_table`]'s header, rows and which columns
    /// are numbers (aligned right), for other forms of the table.
    pub fn pairings_cells(&self) -> Cells {
        let engines = self.tally.engines();
        let rows: Vec<Vec<String>> = self
            .tally
            .pairings()
            .iter()
            .map(|p| {
                let [elo, margin] = elo_cells(p.wld.elo());
                let [pelo, pmargin] = elo_cells(p.penta.elo());
                vec![
                    engines[p.a].clone(),
                    engines[p.b].clone(),
                    p.wld.games().to_string(),
                    p.wld.wins.to_string(),
                    p.wld.losses.to_string(),
                    p.wld.draws.to_string(),
                    percent(p.wld.score()),
                    elo,
                    margin,
                    format!("{:.1}%", p.wld.los()),
                    percent(p.wld.draw_ratio()),
                    p.penta.to_string(),
                    pelo,
                    pmargin,
                ]
            })
            .collect();
        let header = [
            "Engine",
            "Opponent",
            "Games",
            "W",
            "L",
            "D",
            "Score",
            "Elo",
            "+/-",
            "LOS",
            "Draws",
            "Pairs LL,LD,DD+WL,WD,WW",
            "Pair Elo",
            "+/-",
        ];
        Cells {
            header: header.map(String::from).to_vec(),
            rows,
            right: vec![
                false, false, true, true, true, true, true, true, true, true, true, false, true,
                true,
            ],
        }
    }

    /// The crosstable: engines ranked by points, each with its games,
    /// points, score, Elo against the field, and its points against each
    /// opponent, in columns headed by the opponents' ranks.
    pub fn crosstable(&self) -> String {
        self.crosstable_cells().text()
    }

    /// [`MatchReport::crosstable`]'s header, rows and which columns are
    /// numbers, for other forms of the table.
    pub fn crosstable_cells(&self) -> Cells {
        let engines = self.tally.engines();
        let mut order: Vec<usize> = (0..engines.len()).collect();
        order.sort_by(|&x, &y| {
            let (px, py) = (
                self.tally.engine_wld(x).points(),
                self.tally.engine_wld(y).points(),
            );
            py.total_cmp(&px).then(x.cmp(&y))
        });
        // Opponents' columns are headed by their rank: names may be long.
        let mut header: Vec<String> = ["Rank", "Engine", "Games", "Points", "Score", "Elo", "+/-"]
            .map(String::from)
            .to_vec();
        header.extend((1..=order.len()).map(|r| r.to_string()));
        let rows: Vec<Vec<String>> = order
            .iter()
            .enumerate()
            .map(|(rank, &e)| {
                let wld = self.tally.engine_wld(e);
                let [elo, margin] = elo_cells(wld.elo());
                let mut row = vec![
                    (rank + 1).to_string(),
                    engines[e].clone(),
                    wld.games().to_string(),
                    format!("{}", wld.points()),
                    percent(wld.score()),
                    elo,
                    margin,
                ];
                for &o in &order {
                    let h = self.tally.head_to_head(e, o);
                    row.push(if o == e {
                        "-".to_string()
                    } else {
                        format!("{}/{}", h.points(), h.games())
                    });
                }
                row
            })
            .collect();
        let mut right = vec![true, false, true, true, true, true, true];
        right.extend(order.iter().map(|_| true));
        Cells {
            header,
            rows,
            right,
        }
    }

    /// The SPRT line: the test, the LLR against its bounds, the decision.
    pub fn sprt_line(&self) -> Option<String> {
        let s = self.sprt?;
        let verdict = match s.decision {
            Some(Hypothesis::H1) => "H1 accepted".to_string(),
            Some(Hypothesis::H0) => "H0 accepted".to_string(),
            None => "no decision".to_string(),
        };
        // NaN: a normalized bound no distribution of scores can meet.
        let llr = if s.llr.is_nan() {
            "-".to_string()
        } else {
            format!("{:.2}", s.llr)
        };
        Some(format!(
            "SPRT ({}): LLR {llr} [{:.2}, {:.2}], {verdict}",
            s.sprt,
            s.sprt.lower_bound(),
            s.sprt.upper_bound()
        ))
    }
}

impl fmt::Display for MatchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} of {} games played{}",
            self.records.len(),
            self.planned,
            self.stopped
                .as_ref()
                .map_or(String::new(), |why| format!(" ({why})"))
        )?;
        f.write_str(&self.pairings_table())?;
        if self.tally.engines().len() > 2 {
            writeln!(f)?;
            f.write_str(&self.crosstable())?;
        }
        if let Some(line) = self.sprt_line() {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_align_their_columns() {
        let t = table(
            &["Name", "N"],
            &[
                vec!["a".into(), "1".into()],
                vec!["long name".into(), "100".into()],
            ],
            &[false, true],
        );
        assert_eq!(t, "Name         N\na            1\nlong name  100\n");
    }
}
