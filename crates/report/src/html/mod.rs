//! The match report as one self-contained HTML page (`parlour report
//! --html`): the tables the text report prints, a crosstable, an Elo chart
//! per pairing, the score and the SPRT's log-likelihood ratio against games
//! played, results by opening, termination reasons, time per move,
//! and every game in a viewer that steps through its moves on the game's
//! own SVG diagram. Styles and the viewer's script are inline and nothing
//! is fetched, so the file opens anywhere; everything but the viewer's
//! stepping reads with JavaScript off.

use crate::chart::{self, Axis, Line, Mark, Row};
use crate::record::GameRecord;
use crate::sprt::Sprt;
use crate::summary::MatchReport;
use crate::tally::Tally;
use parlour_game::registry::read_line;
use parlour_game::svg::escape;
use parlour_game::{Game, Side, Variant};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;

/// The page's styles.
const STYLE: &str = "body{font-family:DejaVu Sans,Verdana,sans-serif;margin:2em;color:#1d1d1d}\
table{border-collapse:collapse;margin:.5em 0 1.5em}th,td{border:1px solid #bbb;padding:2px 8px}\
th{background:#eee}td.n{text-align:right}details{margin:.3em 0}\
.moves{font-family:monospace;max-width:60em}.viewer button{margin:0 .2em}";

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

/// The Elo of each pairing with its 95% interval, as an inline SVG chart
/// ([`chart::row_chart`]): one row per pairing, a dot at the estimate and
/// a bar over the interval, against a zero line.
fn elo_chart(report: &MatchReport) -> String {
    let engines = report.tally.engines();
    let rows: Vec<Row> = report
        .tally
        .pairings()
        .iter()
        .map(|p| Row {
            label: format!("{} vs {}", engines[p.a], engines[p.b]),
            mark: p.wld.elo().map_or(Mark::Nothing, |e| Mark::Interval {
                estimate: e.elo,
                low: e.lower,
                high: e.upper,
            }),
        })
        .collect();
    // The axis spans every finite end, at least +/-100 Elo.
    let span = rows
        .iter()
        .filter_map(|r| match r.mark {
            Mark::Interval {
                estimate,
                low,
                high,
            } => Some([estimate, low, high]),
            _ => None,
        })
        .flatten()
        .filter(|x| x.is_finite())
        .fold(100.0_f64, |m, x| m.max(x.abs()))
        .min(1000.0);
    let text = |v: f64| format!("{v:+.0}");
    let axis = Axis {
        low: -span,
        high: span,
        ticks: chart::ticks(-span, span, 6),
        text: &text,
        caption: "Elo of the first engine against the second".into(),
    };
    chart::row_chart("elo-chart", &rows, &axis, 260.0, Some(0.0))
}

/// Per pairing, at its start and after each of its games in the order
/// they ended (games that ended at the same count in different shards by
/// index): the games played, the first engine's score so far in percent
/// (50 at the start), and the SPRT's log-likelihood ratio of its finished
/// pairs if `sprt` is given (0 at the start). The ratio is
/// [`Sprt::llr`]'s, the one the match stops on.
fn running(report: &MatchReport, sprt: Option<Sprt>) -> Vec<Vec<(f64, f64, f64)>> {
    let mut order: Vec<&GameRecord> = report.records.iter().collect();
    order.sort_by_key(|r| (r.order, r.index));
    let mut tally = Tally::new(
        report.tally.engines().to_vec(),
        &report
            .tally
            .pairings()
            .iter()
            .map(|p| (p.a, p.b))
            .collect::<Vec<_>>(),
    );
    let mut series = vec![vec![(0.0, 50.0, 0.0)]; report.tally.pairings().len()];
    for r in order {
        let before: Vec<u32> = tally.pairings().iter().map(|p| p.wld.games()).collect();
        if tally.add(r).is_err() {
            continue;
        }
        for (i, p) in tally.pairings().iter().enumerate() {
            if p.wld.games() != before[i] {
                let score = 100.0 * p.wld.score().unwrap_or(0.5);
                let llr = sprt.map_or(0.0, |s| s.llr(&p.penta));
                series[i].push((f64::from(p.wld.games()), score, llr));
            }
        }
    }
    series
}

/// Per pairing, its score against the games played, and with an SPRT its
/// log-likelihood ratio against the games played with the test's bounds;
/// a sentence in place of the ratio's chart when no SPRT ran.
fn progress_charts(report: &MatchReport) -> String {
    let engines = report.tally.engines();
    let sprt = report.sprt.map(|s| s.sprt);
    let mut out = String::new();
    match report.sprt {
        Some(s) => {
            let _ = writeln!(
                out,
                "<p>The SPRT ({}) over the colour-swapped pairs: it accepts H1 when the \
                 log-likelihood ratio reaches {:.2}, H0 when it falls to {:.2}.</p>",
                escape(&s.sprt.to_string()),
                s.sprt.upper_bound(),
                s.sprt.lower_bound()
            );
        }
        None => out.push_str(
            "<p class=\"no-sprt\">No SPRT ran in this match (<code>--sprt</code> on \
             <code>parlour match</code> or <code>parlour report</code>), so only the running \
             score is drawn: the first engine's points per game so far, in percent.</p>\n",
        ),
    }
    let games_text = |v: f64| format!("{v:.0}");
    for (p, points) in report.tally.pairings().iter().zip(running(report, sprt)) {
        let games = points.last().map_or(0.0, |q| q.0);
        if games == 0.0 {
            continue;
        }
        let (a, b) = (&engines[p.a], &engines[p.b]);
        let _ = writeln!(out, "<h3>{} vs {}</h3>", escape(a), escape(b));
        let x = Axis {
            low: 0.0,
            high: games,
            ticks: chart::ticks(0.0, games, 8)
                .into_iter()
                .filter(|t| t.fract() == 0.0)
                .collect(),
            text: &games_text,
            caption: "games played".into(),
        };
        let pct = |v: f64| format!("{v:.0}%");
        let y = Axis {
            low: 0.0,
            high: 100.0,
            ticks: vec![0.0, 25.0, 50.0, 75.0, 100.0],
            text: &pct,
            caption: "score".into(),
        };
        let score = Line {
            name: format!("{a}'s score so far"),
            class: "score",
            colour: "#2f6db5",
            dashed: false,
            // No score before the first game.
            points: points.iter().skip(1).map(|q| (q.0, q.1)).collect(),
        };
        let even = Line {
            name: "even (50%)".into(),
            class: "even",
            colour: "#999",
            dashed: true,
            points: vec![(0.0, 50.0), (games, 50.0)],
        };
        out.push_str(&chart::line_chart("score-chart", &[score, even], &x, &y));
        let Some(s) = sprt else {
            continue;
        };
        let (lower, upper) = (s.lower_bound(), s.upper_bound());
        let llrs: Vec<(f64, f64)> = points
            .iter()
            .map(|q| (q.0, q.2))
            .filter(|q| q.1.is_finite())
            .collect();
        let (low, high) = llrs
            .iter()
            .fold((lower, upper), |(lo, hi), q| (lo.min(q.1), hi.max(q.1)));
        let pad = 0.05 * (high - low);
        let ratio = |v: f64| format!("{v:.1}");
        let y = Axis {
            low: low - pad,
            high: high + pad,
            ticks: chart::ticks(low - pad, high + pad, 6),
            text: &ratio,
            caption: "LLR".into(),
        };
        let bound = |name: String, class, colour, at: f64| Line {
            name,
            class,
            colour,
            dashed: true,
            points: vec![(0.0, at), (games, at)],
        };
        let lines = [
            Line {
                name: format!("log-likelihood ratio of {a} against {b}"),
                class: "llr",
                colour: "#c0392b",
                dashed: false,
                points: llrs,
            },
            bound(
                format!("H1 accepted at {upper:.2}"),
                "bound upper",
                "#2e8b57",
                upper,
            ),
            bound(
                format!("H0 accepted at {lower:.2}"),
                "bound lower",
                "#8b4513",
                lower,
            ),
        ];
        out.push_str(&chart::line_chart("sprt-chart", &lines, &x, &y));
    }
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

/// The dictionary's lines of a game's start, and per ply the lines it
/// adds and those it removes.
type GameFrames = (Vec<usize>, Vec<(Vec<usize>, Vec<usize>)>);

/// Every game's frames for the viewer, as compact data: the SVG lines all
/// frames of all games share are drawn once; each other line (a piece on
/// a square, an arrow) is kept once in a dictionary, and a frame is the
/// list of the dictionary's lines it adds and removes. So the page stays
/// small with hundreds of games, and the diagram is the game's own.
struct Frames {
    /// The lines common to every frame, in order (the board).
    board: Vec<String>,
    /// The other lines, each once.
    dictionary: Vec<String>,
    /// Per game: its start's lines, then per ply (added, removed).
    games: Vec<Option<GameFrames>>,
}

fn frames<V: Variant>(records: &[GameRecord], rules: &V) -> Frames {
    let mut all: Vec<Option<Vec<Vec<String>>>> = Vec::with_capacity(records.len());
    for r in records {
        let Ok(start) = V::parse_position(Some(*rules), &r.start) else {
            all.push(None);
            continue;
        };
        let Ok(moves) = read_line(&start, &r.moves, |p, t| p.parse_move(t)) else {
            all.push(None);
            continue;
        };
        let mut pos = start;
        let mut game = Vec::with_capacity(moves.len() + 1);
        // A frame's title names its position: left out, it would make
        // every frame's lines differ.
        let draw = |p: &V::Position| -> Option<Vec<String>> {
            V::diagram_svg(p, Side::Black, &[]).map(|s| {
                s.lines()
                    .filter(|l| !l.starts_with("<title>"))
                    .map(str::to_string)
                    .collect()
            })
        };
        let Some(first) = draw(&pos) else {
            all.push(None);
            continue;
        };
        game.push(first);
        for mv in moves {
            pos = pos.play(mv);
            game.push(draw(&pos).unwrap_or_default());
        }
        all.push(Some(game));
    }
    // The board: the lines of the first frame found in every frame.
    let mut counts: HashMap<&str, usize> = HashMap::new();
    let mut frames_total = 0;
    for game in all.iter().flatten() {
        for frame in game {
            frames_total += 1;
            let mut seen: Vec<&str> = frame.iter().map(String::as_str).collect();
            seen.sort_unstable();
            seen.dedup();
            for line in seen {
                *counts.entry(line).or_default() += 1;
            }
        }
    }
    let board: Vec<String> = all
        .iter()
        .flatten()
        .next()
        .map(|g| {
            g[0].iter()
                .filter(|l| counts.get(l.as_str()) == Some(&frames_total))
                .cloned()
                .collect()
        })
        .unwrap_or_default();
    let is_board: std::collections::HashSet<&str> = board.iter().map(String::as_str).collect();
    let mut dictionary: Vec<String> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut id = |line: &str, dictionary: &mut Vec<String>| -> usize {
        if let Some(&i) = index.get(line) {
            return i;
        }
        dictionary.push(line.to_string());
        index.insert(line.to_string(), dictionary.len() - 1);
        dictionary.len() - 1
    };
    let mut games = Vec::with_capacity(all.len());
    for game in &all {
        let Some(game) = game else {
            games.push(None);
            continue;
        };
        let ids: Vec<Vec<usize>> = game
            .iter()
            .map(|frame| {
                frame
                    .iter()
                    .filter(|l| !is_board.contains(l.as_str()))
                    .map(|l| id(l, &mut dictionary))
                    .collect()
            })
            .collect();
        let steps = ids
            .windows(2)
            .map(|w| {
                let added = w[1].iter().filter(|i| !w[0].contains(i)).copied().collect();
                let removed = w[0].iter().filter(|i| !w[1].contains(i)).copied().collect();
                (added, removed)
            })
            .collect();
        games.push(Some((ids[0].clone(), steps)));
    }
    Frames {
        board,
        dictionary,
        games,
    }
}

/// A JSON string (the viewer's data).
fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' => out.push_str("\\u003c"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn json_ids(ids: &[usize]) -> String {
    let v: Vec<String> = ids.iter().map(usize::to_string).collect();
    format!("[{}]", v.join(","))
}

/// The viewer's script: it draws a game's frame from the data and steps
/// through the plies with the buttons or the arrow keys.
const SCRIPT: &str = r#"
(function(){
var D=JSON.parse(document.getElementById('viewer-data').textContent);
function frame(g,ply){var on=new Set(D.games[g][0]);for(var k=0;k<ply;k++){var s=D.games[g][1][k];s[1].forEach(function(i){on.delete(i)});s[0].forEach(function(i){on.add(i)});}
var lines=D.board.slice(0,-1);Array.from(on).sort(function(a,b){return a-b}).forEach(function(i){lines.push(D.dict[i])});lines.push(D.board[D.board.length-1]);return lines.join('\n');}
document.querySelectorAll('.viewer').forEach(function(v){var g=+v.dataset.game,ply=0,n=D.games[g]?D.games[g][1].length:0;var pic=v.querySelector('.picture'),at=v.querySelector('.ply');
function show(){pic.innerHTML=frame(g,ply);at.textContent='ply '+ply+' of '+n;}
v.querySelectorAll('button').forEach(function(b){b.hidden=false;b.onclick=function(){var d=b.dataset.step;ply=d==='start'?0:d==='end'?n:Math.max(0,Math.min(n,ply+(+d)));show();};});
v.closest('details').addEventListener('toggle',function(){if(!pic.innerHTML)show();});});
})();
"#;

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
    out.push_str("<h2>Pairings</h2>\n");
    let (header, rows, right) = report.pairings_cells();
    out.push_str(&html_table(&header, &rows, &right));
    if let Some(line) = report.sprt_line() {
        let _ = writeln!(out, "<p class=\"sprt\">{}</p>", escape(&line));
    }
    out.push_str("<h2>Crosstable</h2>\n");
    let (header, rows, right) = report.crosstable_cells();
    out.push_str(&html_table(&header, &rows, &right));
    out.push_str("<h2>Elo with its 95% interval</h2>\n");
    out.push_str(&elo_chart(report));
    out.push_str("<h2>Score and SPRT against games played</h2>\n");
    out.push_str(&progress_charts(report));
    let count_rows = |rows: BTreeMap<String, [u32; 4]>| -> Vec<Vec<String>> {
        rows.into_iter()
            .map(|(k, c)| {
                let mut row = vec![k];
                row.extend(c.iter().map(u32::to_string));
                row
            })
            .collect()
    };
    let heads = ["Games", "Black wins", "White wins", "Draws"];
    out.push_str("<h2>Results by opening</h2>\n");
    let rows = count_rows(by(&report.records, |r| r.opening.clone()));
    let mut h = vec!["Opening"];
    h.extend(heads);
    out.push_str(&html_table(&h, &rows, &[false, true, true, true, true]));
    out.push_str("<h2>Terminations</h2>\n");
    let rows = count_rows(by(&report.records, |r| r.termination.to_string()));
    h[0] = "Termination";
    out.push_str(&html_table(&h, &rows, &[false, true, true, true, true]));
    out.push_str("<h2>Time per move</h2>\n");
    out.push_str(&html_table(
        &["Engine", "Moves", "Mean ms", "Longest ms"],
        &time_rows(&report.records),
        &[false, true, true, true],
    ));
    out.push_str("<h2>Games</h2>\n");
    let frames = frames(&report.records, rules);
    for (g, r) in report.records.iter().enumerate() {
        let _ = writeln!(
            out,
            "<details><summary>Game {}: {} (Black) vs {} (White), {} ({}), opening {}</summary>",
            r.index + 1,
            escape(&r.black),
            escape(&r.white),
            escape(&r.result),
            escape(&r.reason),
            escape(&r.opening)
        );
        let _ = writeln!(out, "<p class=\"moves\">{}</p>", escape(&r.moves.join(" ")));
        if frames.games[g].is_some() {
            let _ = writeln!(
                out,
                "<div class=\"viewer\" data-game=\"{g}\"><div class=\"picture\"></div>\
                 <button hidden data-step=\"start\">|&lt;</button><button hidden data-step=\"-1\">&lt;</button>\
                 <button hidden data-step=\"1\">&gt;</button><button hidden data-step=\"end\">&gt;|</button>\
                 <span class=\"ply\"></span></div>"
            );
        }
        out.push_str("</details>\n");
    }
    let dict: Vec<String> = frames.dictionary.iter().map(|l| json_string(l)).collect();
    let board: Vec<String> = frames.board.iter().map(|l| json_string(l)).collect();
    let games: Vec<String> = frames
        .games
        .iter()
        .map(|g| match g {
            Some((start, steps)) => {
                let steps: Vec<String> = steps
                    .iter()
                    .map(|(a, r)| format!("[{},{}]", json_ids(a), json_ids(r)))
                    .collect();
                format!("[{},[{}]]", json_ids(start), steps.join(","))
            }
            None => "null".to_string(),
        })
        .collect();
    let _ = write!(
        out,
        "<script type=\"application/json\" id=\"viewer-data\">{{\"board\":[{}],\"dict\":[{}],\"games\":[{}]}}</script>\n\
         <script>{SCRIPT}</script>\n</body>\n</html>\n",
        board.join(","),
        dict.join(","),
        games.join(",")
    );
    out
}
