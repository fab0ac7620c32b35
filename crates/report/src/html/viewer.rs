//! The report's game viewer: every game replayed on the game's own SVG
//! diagram, kept as compact data that a small script steps through. The
//! lines all frames of all games share (the board) are kept once; every
//! other line (a piece on a square, an arrow) once in a dictionary; and a
//! frame is the list of the dictionary's lines it adds and removes. So the
//! page stays small with hundreds of games.

use crate::record::GameRecord;
use parlour_game::registry::read_line;
use parlour_game::svg::escape;
use parlour_game::{Game, Side, Variant};
use std::collections::{HashMap, HashSet};
use std::fmt::Write;

/// The dictionary's lines of a game's start, and per ply the lines it
/// adds and those it removes.
type GameFrames = (Vec<usize>, Vec<(Vec<usize>, Vec<usize>)>);

/// A game's frames as SVG lines: its start's, then one per ply.
type Drawn = Vec<Vec<String>>;

/// Every game's frames, as the viewer's data.
pub(super) struct Frames {
    /// The lines common to every frame, in order (the board).
    board: Vec<String>,
    /// The other lines, each once.
    dictionary: Vec<String>,
    /// Per game: its start's lines, then per ply (added, removed); `None`
    /// for a game that cannot be replayed or drawn.
    games: Vec<Option<GameFrames>>,
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

impl Frames {
    /// The frames of every game of `records`, replayed under `rules`.
    pub fn of<V: Variant>(records: &[GameRecord], rules: &V) -> Frames {
        let all: Vec<Option<Drawn>> = records.iter().map(|r| draw(r, rules)).collect();
        let board = common_lines(&all);
        let is_board: HashSet<&str> = board.iter().map(String::as_str).collect();
        let mut dictionary = Dictionary::default();
        let games = all
            .iter()
            .map(|game| {
                let game = game.as_ref()?;
                let ids: Vec<Vec<usize>> = game
                    .iter()
                    .map(|frame| {
                        let own = frame.iter().filter(|l| !is_board.contains(l.as_str()));
                        own.map(|l| dictionary.id(l)).collect()
                    })
                    .collect();
                Some((ids[0].clone(), steps(&ids)))
            })
            .collect();
        Frames {
            board,
            dictionary: dictionary.lines,
            games,
        }
    }

    /// Whether game `g` (by position in the records) has frames.
    pub fn has(&self, g: usize) -> bool {
        self.games[g].is_some()
    }

    /// The data and the script, closing the page's body.
    pub fn script(&self) -> String {
        let strings = |lines: &[String]| -> String {
            let quoted: Vec<String> = lines.iter().map(|l| json_string(l)).collect();
            quoted.join(",")
        };
        let games: Vec<String> = self
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
        format!(
            "<script type=\"application/json\" id=\"viewer-data\">{{\"board\":[{}],\"dict\":[{}],\"games\":[{}]}}</script>\n\
             <script>{SCRIPT}</script>\n",
            strings(&self.board),
            strings(&self.dictionary),
            games.join(",")
        )
    }
}

/// Every line of SVG once, numbered in the order first seen.
#[derive(Default)]
struct Dictionary {
    lines: Vec<String>,
    index: HashMap<String, usize>,
}

impl Dictionary {
    /// The number of `line`, added if new.
    fn id(&mut self, line: &str) -> usize {
        if let Some(&i) = self.index.get(line) {
            return i;
        }
        self.lines.push(line.to_string());
        self.index.insert(line.to_string(), self.lines.len() - 1);
        self.lines.len() - 1
    }
}

/// The frames of `record`'s game: its start and the position after each
/// ply, each drawn as the game draws it, Black at the bottom. `None` where
/// the game cannot be replayed or has no SVG diagram.
fn draw<V: Variant>(record: &GameRecord, rules: &V) -> Option<Drawn> {
    let start = V::parse_position(Some(*rules), &record.start).ok()?;
    let moves = read_line(&start, &record.moves, |p, t| p.parse_move(t)).ok()?;
    // A frame's title names its position: left out, it would make every
    // frame's lines differ.
    let frame = |p: &V::Position| -> Option<Vec<String>> {
        V::diagram_svg(p, Side::Black, &[]).map(|s| {
            s.lines()
                .filter(|l| !l.starts_with("<title>"))
                .map(str::to_string)
                .collect()
        })
    };
    let mut pos = start;
    let mut game = Vec::with_capacity(moves.len() + 1);
    game.push(frame(&pos)?);
    for mv in moves {
        pos = pos.play(mv);
        game.push(frame(&pos).unwrap_or_default());
    }
    Some(game)
}

/// The board: the lines of the first frame found in every frame.
fn common_lines(all: &[Option<Drawn>]) -> Vec<String> {
    let mut counts: HashMap<&str, usize> = HashMap::new();
    let mut frames_total = 0;
    for frame in all.iter().flatten().flatten() {
        frames_total += 1;
        let mut seen: Vec<&str> = frame.iter().map(String::as_str).collect();
        seen.sort_unstable();
        seen.dedup();
        for line in seen {
            *counts.entry(line).or_default() += 1;
        }
    }
    let Some(first) = all.iter().flatten().next() else {
        return Vec::new();
    };
    first[0]
        .iter()
        .filter(|l| counts.get(l.as_str()) == Some(&frames_total))
        .cloned()
        .collect()
}

/// Per ply, the lines (by number) its frame adds to the one before, and
/// those it removes.
fn steps(ids: &[Vec<usize>]) -> Vec<(Vec<usize>, Vec<usize>)> {
    ids.windows(2)
        .map(|w| {
            let added = w[1].iter().filter(|i| !w[0].contains(i)).copied().collect();
            let removed = w[0].iter().filter(|i| !w[1].contains(i)).copied().collect();
            (added, removed)
        })
        .collect()
}

/// The list of games, each a summary that opens onto its moves and, where
/// it has frames, its viewer.
pub(super) fn games_section(records: &[GameRecord], frames: &Frames) -> String {
    let mut out = String::from("<h2>Games</h2>\n");
    for (g, r) in records.iter().enumerate() {
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
        let _ = writeln!(out, "<p class=\"moves\">{}</p>", numbered_moves(r));
        if frames.has(g) {
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
    out
}

/// The moves of `r`, numbered as PDN numbers them (Black's moves `1.`, a
/// game White opens `1...`), each with its number in a `span` that never
/// breaks inside (a move's hyphen is no place to end a line).
fn numbered_moves(r: &GameRecord) -> String {
    let white_first = r.first == "white";
    let moves: Vec<String> = r
        .moves
        .iter()
        .enumerate()
        .map(|(i, mv)| {
            let by_black = (i % 2 == 0) != white_first;
            let number = (i + usize::from(white_first)) / 2 + 1;
            let label = if by_black {
                format!("{number}. ")
            } else if i == 0 {
                format!("{number}... ")
            } else {
                String::new()
            };
            format!("<span>{label}{}</span>", escape(mv))
        })
        .collect();
    moves.join(" ")
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

/// A list of line numbers as JSON.
fn json_ids(ids: &[usize]) -> String {
    let v: Vec<String> = ids.iter().map(usize::to_string).collect();
    format!("[{}]", v.join(","))
}
