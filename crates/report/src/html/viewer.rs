//! The report's game viewer: every game replayed on the game's own SVG
//! diagram, kept as compact data that a small script steps through. The
//! lines all frames of all games share (the board) are kept once; every
//! other line (a piece on a square, an arrow) once in a dictionary; and a
//! frame is the list of the dictionary's lines it adds and removes. So the
//! page stays small with hundreds of games.
//!
//! A frame after a ply marks the ply's move (its squares outlined, else its
//! arrow); the move list names each move's ply (`data-jump`) and the
//! script jumps there on a click, and steps with the buttons, the arrow
//! keys and Home/End, marking the current move. Without JavaScript each
//! game's last position shows, a static SVG made of definitions (`<use>`)
//! the page holds once.

use crate::record::GameRecord;
use parlour_game::registry::{read_line, MoveOf};
use parlour_game::svg::escape;
use parlour_game::{Game, Side, Variant};
use std::collections::{HashMap, HashSet};
use std::fmt::Write;

/// The dictionary's lines of a game's start, per ply the lines it adds
/// and those it removes, and per ply the line that marks its move, if any.
type GameFrames = (
    Vec<usize>,
    Vec<(Vec<usize>, Vec<usize>)>,
    Vec<Option<usize>>,
);

/// A game's frames as SVG lines (its start's, then one per ply), and per
/// ply the line that marks its move on its frame (kept apart: in the
/// frames, a mark would be a line added and one removed every ply).
type Drawn = (Vec<Vec<String>>, Vec<Option<String>>);

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

/// The viewer's script: it draws a game's frame from the data, steps
/// through the plies with the buttons, the arrow keys and Home/End, jumps
/// to the ply of a clicked `data-jump` element (a move of the list, a
/// point of a score graph) and marks the current one.
const SCRIPT: &str = include_str!("viewer.js");

/// A game as the viewer replays it: its start position, as the game
/// writes positions, and its moves.
pub(super) struct Line<'a> {
    /// The start position's text.
    pub start: &'a str,
    /// The moves, as the game writes moves.
    pub moves: &'a [String],
}

impl Frames {
    /// The frames of every game of `games`, replayed under `rules`.
    pub fn of<V: Variant>(games: &[Line<'_>], rules: &V) -> Frames {
        let all: Vec<Option<Drawn>> = games.iter().map(|l| draw(l, rules)).collect();
        let board = common_lines(&all);
        let is_board: HashSet<&str> = board.iter().map(String::as_str).collect();
        let mut dictionary = Dictionary::default();
        let games = all
            .iter()
            .map(|game| {
                let game = game.as_ref()?;
                let (frames, marks) = game;
                let ids: Vec<Vec<usize>> = frames
                    .iter()
                    .map(|frame| {
                        let own = frame.iter().filter(|l| !is_board.contains(l.as_str()));
                        own.map(|l| dictionary.id(l)).collect()
                    })
                    .collect();
                let marks = marks.iter().map(|m| Some(dictionary.id(m.as_ref()?)));
                Some((ids[0].clone(), steps(&ids), marks.collect()))
            })
            .collect();
        Frames {
            board,
            dictionary: dictionary.lines,
            games,
        }
    }

    /// The dictionary's lines of game `g`'s last frame, in order.
    fn last_frame(&self, g: usize) -> Option<Vec<usize>> {
        let (start, steps, marks) = self.games[g].as_ref()?;
        let mut on: HashSet<usize> = start.iter().copied().collect();
        for (added, removed) in steps {
            on.retain(|i| !removed.contains(i));
            on.extend(added);
        }
        on.extend(marks.last().copied().flatten());
        let mut ids: Vec<usize> = on.into_iter().collect();
        ids.sort_unstable();
        Some(ids)
    }

    /// The data, as the set of frames numbered `set` of the page, and the
    /// pieces the games' static pictures use: the board and every line of
    /// a last frame, each once, as SVG definitions (`vb{set}`,
    /// `vd{set}-{line}`).
    pub fn data(&self, set: usize) -> String {
        let strings = |lines: &[String]| -> String {
            let quoted: Vec<String> = lines.iter().map(|l| json_string(l)).collect();
            quoted.join(",")
        };
        let games: Vec<String> = self
            .games
            .iter()
            .map(|g| match g {
                Some((start, steps, marks)) => {
                    let steps: Vec<String> = steps
                        .iter()
                        .map(|(a, r)| format!("[{},{}]", json_ids(a), json_ids(r)))
                        .collect();
                    let marks: Vec<String> = marks
                        .iter()
                        .map(|m| m.map_or("null".to_string(), |i| i.to_string()))
                        .collect();
                    format!(
                        "[{},[{}],[{}]]",
                        json_ids(start),
                        steps.join(","),
                        marks.join(",")
                    )
                }
                None => "null".to_string(),
            })
            .collect();
        let mut out = format!(
            "<script type=\"application/json\" class=\"viewer-data\" data-set=\"{set}\">\
             {{\"board\":[{}],\"dict\":[{}],\"games\":[{}]}}</script>\n",
            strings(&self.board),
            strings(&self.dictionary),
            games.join(",")
        );
        if self.board.len() < 2 {
            return out;
        }
        let mut used: Vec<usize> = (0..self.games.len())
            .filter_map(|g| self.last_frame(g))
            .flatten()
            .collect();
        used.sort_unstable();
        used.dedup();
        let inner = &self.board[1..self.board.len() - 1];
        let _ = writeln!(
            out,
            "<svg class=\"viewer-defs\" width=\"0\" height=\"0\" style=\"position:absolute\" \
             aria-hidden=\"true\"><defs>\n<g id=\"vb{set}\">\n{}\n</g>",
            inner.join("\n")
        );
        for i in used {
            let _ = writeln!(out, "<g id=\"vd{set}-{i}\">{}</g>", self.dictionary[i]);
        }
        out.push_str("</defs></svg>\n");
        out
    }

    /// Game `g`'s last position as a static picture made of the
    /// definitions [`Frames::data`] writes: what the page shows without
    /// JavaScript, and until its script draws the game.
    fn static_svg(&self, set: usize, g: usize) -> Option<String> {
        let ids = self.last_frame(g)?;
        if self.board.len() < 2 {
            return None;
        }
        let (open, close) = (&self.board[0], &self.board[self.board.len() - 1]);
        let mut out = format!("{open}\n<use href=\"#vb{set}\"/>\n");
        for i in ids {
            let _ = writeln!(out, "<use href=\"#vd{set}-{i}\"/>");
        }
        out.push_str(close);
        Some(out)
    }

    /// Game `g`'s viewer (none where it has no frames): its last position
    /// drawn (where the frames share a board), and the buttons and the ply
    /// count the script shows.
    pub fn viewer(&self, set: usize, g: usize) -> String {
        if self.games[g].is_none() {
            return String::new();
        }
        let picture = self.static_svg(set, g).unwrap_or_default();
        format!(
            "<div class=\"viewer\" data-set=\"{set}\" data-game=\"{g}\"><div class=\"picture\">{picture}</div>\
             <button hidden data-step=\"start\">|&lt;</button><button hidden data-step=\"-1\">&lt;</button>\
             <button hidden data-step=\"1\">&gt;</button><button hidden data-step=\"end\">&gt;|</button>\
             <span class=\"ply\"></span></div>\n"
        )
    }
}

/// The viewer's script, once for the page, after every set's data.
pub(super) fn script() -> String {
    format!("<script>\n{SCRIPT}</script>\n")
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

/// The frames of `line`'s game: its start and the position after each
/// ply, each drawn as published diagrams are (Black at the top), the ply's
/// move marked ([`last_move_marks`]). `None` where the game cannot be
/// replayed or has no SVG diagram.
fn draw<V: Variant>(line: &Line<'_>, rules: &V) -> Option<Drawn> {
    let start = V::parse_position(Some(*rules), line.start).ok()?;
    let moves = read_line(&start, line.moves, |p, t| p.parse_move(t)).ok()?;
    // A frame's title names its position: left out, it would make every
    // frame's lines differ.
    let frame = |p: &V::Position, mv: &[MoveOf<V>]| -> Option<Vec<String>> {
        V::diagram_svg(p, Side::PUBLISHED_VIEW, mv).map(|s| {
            s.lines()
                .filter(|l| !l.starts_with("<title>"))
                .map(str::to_string)
                .collect()
        })
    };
    let mut pos = start;
    let mut game = Vec::with_capacity(moves.len() + 1);
    let mut marks = Vec::with_capacity(moves.len());
    game.push(frame(&pos, &[])?);
    for mv in moves {
        let before = frame(&pos, &[mv]).unwrap_or_default();
        pos = pos.play(mv);
        let after = frame(&pos, &[]).unwrap_or_default();
        marks.push(last_move_mark(&before, &after));
        game.push(after);
    }
    Some((game, marks))
}

/// The mark of a move on the frame `after` it, as one line: its from and
/// to squares outlined where the diagram has squares (`<rect
/// class="square" data-square=...>`), else its arrow, as `before` (the
/// position it was played in, with the move drawn) has it, in another
/// colour. `None` where `before` draws no move.
fn last_move_mark(before: &[String], after: &[String]) -> Option<String> {
    let arrow = before
        .iter()
        .find(|l| l.contains("class=\"arrow") && l.contains("data-ply=\"1\""))?;
    let squares: Vec<&str> = ["data-from", "data-to"]
        .iter()
        .filter_map(|a| attribute(arrow, a))
        .collect();
    let outlines: Option<Vec<String>> = squares.iter().map(|sq| outline(after, sq)).collect();
    Some(match outlines {
        Some(outlines) if !outlines.is_empty() => {
            format!("<g class=\"move-mark\">{}</g>", outlines.concat())
        }
        _ => arrow
            .replacen("class=\"arrow ", "class=\"last-move arrow-", 1)
            .replace("#c0392b", "#e0a800"),
    })
}

/// An outline of the square named `square` in `frame`, if it draws one.
fn outline(frame: &[String], square: &str) -> Option<String> {
    let rect = format!("<rect class=\"square\" data-square=\"{square}\" ");
    let line = frame.iter().find(|l| l.starts_with(&rect))?;
    let number = |name: &str| -> Option<f64> { attribute(line, name)?.parse().ok() };
    let (x, y, w, h) = (
        number("x")?,
        number("y")?,
        number("width")?,
        number("height")?,
    );
    Some(format!(
        "<rect class=\"last-move\" data-square=\"{}\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" \
         height=\"{:.1}\" fill=\"none\" stroke=\"#f5c518\" stroke-width=\"3\"/>",
        escape(square),
        x + 1.5,
        y + 1.5,
        w - 3.0,
        h - 3.0
    ))
}

/// The value of the first attribute `name` of an SVG line.
fn attribute<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let start = line.find(&key)? + key.len();
    let len = line[start..].find('"')?;
    Some(&line[start..start + len])
}

/// The board: the lines of the first frame found in every frame.
fn common_lines(all: &[Option<Drawn>]) -> Vec<String> {
    let mut counts: HashMap<&str, usize> = HashMap::new();
    let mut frames_total = 0;
    for frame in all.iter().flatten().flat_map(|(frames, _)| frames) {
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
    first.0[0]
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
        let _ = writeln!(
            out,
            "<p class=\"moves\">{}</p>",
            numbered_moves(r.first == "white", &r.moves, &[])
        );
        out.push_str(&frames.viewer(0, g));
        out.push_str("</details>\n");
    }
    out
}

/// The moves, numbered as PDN numbers them (Black's moves `1.`, a game
/// White opens (`white_first`) `1...`), each followed by its mark in
/// `marks` (`?`, where there is one), each in a `span` that never breaks
/// inside (a move's hyphen is no place to end a line) and that names the
/// ply it leads to (`data-jump`), for the viewer to jump to.
pub(super) fn numbered_moves(white_first: bool, moves: &[String], marks: &[&str]) -> String {
    let moves: Vec<String> = moves
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
            let mark = marks.get(i).copied().unwrap_or_default();
            format!(
                "<span data-jump=\"{}\">{label}{}{}</span>",
                i + 1,
                escape(mv),
                escape(mark)
            )
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
