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

    /// The table cut to `width` characters a line: its first `keep`
    /// columns always, then the columns headed `prefer` (in that order),
    /// then each other column in order, each while it still fits; an Elo
    /// and the `+/-` after it go together or not at all. The columns kept
    /// stay in the table's order.
    pub fn fitted(&self, keep: usize, width: usize, prefer: &[&str]) -> Cells {
        let column_width = |i: usize| {
            let cells = self.rows.iter().filter_map(|row| row.get(i));
            cells
                .chain([&self.header[i]])
                .map(|c| c.chars().count())
                .max()
                .unwrap_or(0)
        };
        // Columns in groups: a `+/-` belongs to the column before it.
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for i in 0..self.header.len() {
            match groups.last_mut() {
                Some(group) if self.header[i] == "+/-" => group.push(i),
                _ => groups.push(vec![i]),
            }
        }
        let rank = |group: &Vec<usize>| {
            let heading = self.header[group[0]].as_str();
            match prefer.iter().position(|&p| p == heading) {
                _ if group[0] < keep => 0,
                Some(p) => 1 + p,
                None => 1 + prefer.len(),
            }
        };
        groups.sort_by_key(|group| (rank(group), group[0]));
        let mut kept: Vec<usize> = Vec::new();
        let mut used = 0;
        for group in groups {
            let needs: usize = group.iter().map(|&i| column_width(i) + 2).sum();
            if group[0] < keep || used + needs <= width + 2 {
                kept.extend(&group);
                used += needs;
            }
        }
        kept.sort_unstable();
        let pick = |row: &Vec<String>| kept.iter().map(|&i| row[i].clone()).collect();
        Cells {
            header: pick(&self.header),
            rows: self.rows.iter().map(pick).collect(),
            right: kept.iter().map(|&i| self.right[i]).collect(),
        }
    }
}

/// The columns of the pairings table always shown, however narrow the
/// output: engine, opponent, games, W, L, D, score, Elo and its +/-.
const PAIRINGS_KEPT: usize = 9;

/// The columns of the crosstable always shown: rank, engine, games,
/// points, score, Elo and its +/-.
const CROSSTABLE_KEPT: usize = 7;

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
        // The test as `--sprt` takes it, so the line fits 80 columns.
        Some(format!(
            "SPRT {} {}: LLR {llr} in [{:.2}, {:.2}], {verdict}",
            s.sprt.spec(),
            s.sprt.model,
            s.sprt.lower_bound(),
            s.sprt.upper_bound()
        ))
    }
}

impl MatchReport {
    /// What `parlour match` prints at the end: the games played, the
    /// pairings table, the crosstable (three engines or more) and the SPRT
    /// line. With a `width`, each table keeps its first columns (engine to
    /// Elo and +/-; the crosstable's to its +/-) and as many of the others
    /// as fit in that many characters, the pentanomial Elo and the LOS
    /// first; `None`: every column.
    pub fn text(&self, width: Option<usize>) -> String {
        let fit = |cells: Cells, keep: usize, prefer: &[&str]| match width {
            Some(width) => cells.fitted(keep, width, prefer).text(),
            None => cells.text(),
        };
        let mut out = format!(
            "{} of {} games played{}\n",
            self.records.len(),
            self.planned,
            self.stopped
                .as_ref()
                .map_or(String::new(), |why| format!(" ({why})"))
        );
        out += &fit(self.pairings_cells(), PAIRINGS_KEPT, &["Pair Elo", "LOS"]);
        if self.tally.engines().len() > 2 {
            out += "\n";
            out += &fit(self.crosstable_cells(), CROSSTABLE_KEPT, &[]);
        }
        if let Some(line) = self.sprt_line() {
            out += &format!("{line}\n");
        }
        out
    }
}

impl fmt::Display for MatchReport {
    /// [`MatchReport::text`] with every column.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_narrow_table_keeps_its_first_columns_and_what_fits() {
        let row = |cells: &[&str]| cells.iter().map(|c| c.to_string()).collect();
        let cells = Cells {
            header: row(&["Engine", "Elo", "+/-", "Extra", "Pair Elo", "+/-"]),
            rows: vec![row(&["a", "10.0", "5.0", "xxxxxxxxxx", "12.0", "6.0"])],
            right: vec![false, true, true, true, true, true],
        };
        let heads = |c: Cells| c.header.join(" ");
        // Everything fits.
        assert_eq!(
            heads(cells.fitted(3, 200, &[])),
            "Engine Elo +/- Extra Pair Elo +/-"
        );
        // Only the kept columns fit.
        assert_eq!(heads(cells.fitted(3, 10, &[])), "Engine Elo +/-");
        // Room for one more group: in order, Extra; preferred, the pair Elo
        // and its +/- (never one without the other), shown in table order.
        let width = cells
            .fitted(3, 200, &[])
            .text()
            .lines()
            .next()
            .unwrap()
            .len();
        let narrow = width - 3;
        assert_eq!(heads(cells.fitted(3, narrow, &[])), "Engine Elo +/- Extra");
        assert_eq!(
            heads(cells.fitted(3, narrow, &["Pair Elo"])),
            "Engine Elo +/- Pair Elo +/-"
        );
        for keep in [1, 3] {
            for w in 0..width {
                let text = cells.fitted(keep, w, &["Pair Elo"]).text();
                let kept = cells.fitted(keep, 0, &[]).text();
                let first = text.lines().next().unwrap().len();
                assert!(first <= w.max(kept.lines().next().unwrap().len()), "{text}");
            }
        }
    }

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
