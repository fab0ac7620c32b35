//! The match report as one self-contained HTML page (`parlour report
//! --html`): the tables the text report prints, a crosstable, an Elo chart
//! per pairing, results by opening, termination reasons, time per move,
//! and every game in a viewer that steps through its moves on the game's
//! own SVG diagram. Styles and the viewer's script are inline and nothing
//! is fetched, so the file opens anywhere; everything but the viewer's
//! stepping reads with JavaScript off.

use crate::records::GameRecord;
use crate::report::MatchReport;
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

/// An Elo estimate, the low and the high end of its interval.
type Interval = (f64, f64, f64);

/// The Elo of each pairing with its 95% interval, as an inline SVG chart:
/// one row per pairing, a dot at the estimate and a bar over the interval,
/// against a zero line.
///
/// Plain SVG written here rather than a charting crate (plotters' SVG
/// backend, say): the chart is a handful of lines and dots, the page must
/// not grow by a font or a library per chart, and the same few lines of
/// text keep the report's size small and its output stable for tests.
fn elo_chart(report: &MatchReport) -> String {
    let engines = report.tally.engines();
    let rows: Vec<(String, Option<Interval>)> = report
        .tally
        .pairings()
        .iter()
        .map(|p| {
            let est = p.wld.elo().map(|e| (e.elo, e.lower, e.upper));
            (format!("{} vs {}", engines[p.a], engines[p.b]), est)
        })
        .collect();
    // The axis spans every finite end, at least +/-100 Elo.
    let span = rows
        .iter()
        .filter_map(|(_, e)| *e)
        .flat_map(|(e, lo, hi)| [e, lo, hi])
        .filter(|x| x.is_finite())
        .fold(100.0_f64, |m, x| m.max(x.abs()))
        .min(1000.0);
    let (label_w, plot_w, row_h) = (260.0, 420.0, 28.0);
    let width = label_w + plot_w + 20.0;
    let height = row_h * rows.len() as f64 + 40.0;
    let x_of = |elo: f64| label_w + plot_w / 2.0 + elo.clamp(-span, span) / span * plot_w / 2.0;
    let mut out = format!(
        "<svg class=\"elo-chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" font-size=\"12\">\n"
    );
    let zero = x_of(0.0);
    let _ = writeln!(
        out,
        "<line x1=\"{zero:.1}\" y1=\"4\" x2=\"{zero:.1}\" y2=\"{:.1}\" stroke=\"#999\"/>",
        height - 24.0
    );
    for (label, at) in [(-span, x_of(-span)), (0.0, zero), (span, x_of(span))] {
        let _ = writeln!(
            out,
            "<text x=\"{at:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{label:+.0}</text>",
            height - 8.0
        );
    }
    for (i, (name, est)) in rows.iter().enumerate() {
        let y = 16.0 + row_h * i as f64;
        let _ = writeln!(
            out,
            "<text x=\"4\" y=\"{:.1}\">{}</text>",
            y + 4.0,
            escape(name)
        );
        if let Some((elo, lo, hi)) = est {
            let _ = writeln!(
                out,
                "<g class=\"elo\" data-elo=\"{elo:.1}\"><line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#2f6db5\" stroke-width=\"4\"/>\
                 <circle cx=\"{:.1}\" cy=\"{y:.1}\" r=\"5\" fill=\"#c0392b\"/></g>",
                x_of(*lo),
                x_of(*hi),
                x_of(*elo)
            );
        }
    }
    out.push_str("</svg>\n");
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
    let rows = count_rows(by(&report.records, |r| r.termination.clone()));
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
