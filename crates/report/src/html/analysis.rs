//! The page of an analysis (`parlour analyse --html`): per game its moves
//! with their marks, the report's game viewer ([`super::viewer`]) and
//! under it a graph of the score after every ply, from Black's view, the
//! mistakes (`?`, `??`) marked; a click on a point of the graph (or a move
//! of the list) jumps the viewer to that ply. Each game has a set of
//! frames of its own, as the games of one file may be of different games
//! or rules. Inline SVG and script, nothing fetched.

use super::viewer::{self, Frames, Line};
use super::STYLE;
use parlour_game::svg::escape;
use parlour_game::Variant;
use std::fmt::Write;

/// One analysed game, as its section of the page shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoredGame {
    /// The section's heading (`Game 1: A vs B, 2-0`).
    pub title: String,
    /// The start position, as the game writes positions.
    pub start: String,
    /// Whether White made the first move.
    pub white_first: bool,
    /// The moves, as the game writes moves.
    pub moves: Vec<String>,
    /// Per ply (one for each of `moves`), the score of the position it
    /// left and the move's mark.
    pub scores: Vec<PlyScore>,
}

/// The score after one ply, from Black's view, and the ply's mark.
#[derive(Clone, Debug, PartialEq)]
pub struct PlyScore {
    /// The score in the game's unit (for checkers, men), above 0 good for
    /// Black; a proven win for Black `f64::INFINITY`, a loss its negative.
    pub value: f64,
    /// The score as the analysis writes it, from Black's view (`+0.35`,
    /// `-L23`).
    pub text: String,
    /// The move's mark: ``, `?` or `??`.
    pub mark: String,
}

/// What the page says of the scores.
const SCORES_NOTE: &str = "Each graph shows the score after every ply from Black's view: \
     above the middle line Black stands better, a proven result at the edge. \
     A click on a point (or a move) shows that position; ? and ?? mark the mistakes.";

/// The graph's styles, after the report's.
const GRAPH_STYLE: &str = ".score-graph{display:block;margin:.5em 0 2em}\
.score-graph circle{cursor:pointer}.score-graph .current{stroke:#1d1d1d;stroke-width:3}\
section.game{margin-bottom:2em}";

/// The graph's size and margins, in pixels.
const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 200.0;
const LEFT: f64 = 48.0;
const RIGHT: f64 = 12.0;
const TOP: f64 = 14.0;
const BOTTOM: f64 = 24.0;

/// One game's section: its heading, moves, viewer and score graph, with
/// its viewer's data as the page's set of frames number `set` (each
/// section of a page its own number), the game replayed under `rules`.
pub fn analysis_section<V: Variant>(game: &ScoredGame, rules: &V, set: usize) -> String {
    let frames = Frames::of(
        &[Line {
            start: &game.start,
            moves: &game.moves,
        }],
        rules,
    );
    let marks: Vec<&str> = game.scores.iter().map(|s| s.mark.as_str()).collect();
    let mut out = format!(
        "<section class=\"game\">\n<h2>{}</h2>\n<p class=\"moves\">{}</p>\n",
        escape(&game.title),
        viewer::numbered_moves(game.white_first, &game.moves, &marks)
    );
    out.push_str(&frames.viewer(set, 0));
    out.push_str(&score_graph(game));
    out.push_str(&frames.data(set));
    out.push_str("</section>\n");
    out
}

/// The whole page titled `title`: the note on the scores, then `sections`
/// ([`analysis_section`]s) and the viewer's script.
pub fn analysis_page(title: &str, sections: &[String]) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{t}</title>\n\
         <style>{STYLE}{GRAPH_STYLE}</style>\n</head>\n<body>\n<h1>{t}</h1>\n<p>{SCORES_NOTE}</p>\n",
        t = escape(title)
    );
    for section in sections {
        out.push_str(section);
    }
    out.push_str(&viewer::script());
    out.push_str("</body>\n</html>\n");
    out
}

/// The half-height of the graph, in the scores' unit: the largest finite
/// score rounded up, at least 1 and at most 10.
fn range(scores: &[PlyScore]) -> f64 {
    let top = scores
        .iter()
        .map(|s| s.value.abs())
        .filter(|v| v.is_finite())
        .fold(1.0, f64::max);
    top.ceil().min(10.0)
}

/// The score graph of `game`: a line through one point per ply (a
/// `circle` with the ply in `data-jump` and its move and score in a
/// tooltip), the marked ones larger, in colour and labelled.
fn score_graph(game: &ScoredGame) -> String {
    let n = game.scores.len();
    let r = range(&game.scores);
    // The start (ply 0) at the left edge, the last ply at the right.
    let x = |ply: usize| LEFT + (WIDTH - LEFT - RIGHT) * ply as f64 / n.max(1) as f64;
    let y = |v: f64| {
        let v = v.clamp(-r, r);
        TOP + (HEIGHT - TOP - BOTTOM) * (r - v) / (2.0 * r)
    };
    let mut out = format!(
        "<svg class=\"score-graph\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" \
         height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"DejaVu Sans, Verdana, sans-serif\" \
         font-size=\"11\" data-points=\"{n}\">\n\
         <title>Score after each ply, from Black's view</title>\n\
         <rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{}\" height=\"{}\" fill=\"#fafafa\" stroke=\"#bbb\"/>\n",
        WIDTH - LEFT - RIGHT,
        HEIGHT - TOP - BOTTOM
    );
    for (v, label) in [
        (r, format!("+{r}")),
        (0.0, "0".into()),
        (-r, format!("-{r}")),
    ] {
        let _ = writeln!(
            out,
            "<line x1=\"{LEFT}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#bbb\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{label}</text>",
            WIDTH - RIGHT,
            LEFT - 4.0,
            y(v) + 4.0,
            y = y(v)
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"{LEFT}\" y=\"{:.1}\">start</text><text x=\"{:.1}\" y=\"{:.1}\" \
         text-anchor=\"end\">ply {n}</text>",
        HEIGHT - 6.0,
        WIDTH - RIGHT,
        HEIGHT - 6.0
    );
    let points: Vec<String> = (0..n)
        .map(|i| format!("{:.1},{:.1}", x(i + 1), y(game.scores[i].value)))
        .collect();
    let _ = writeln!(
        out,
        "<polyline class=\"score\" points=\"{}\" fill=\"none\" stroke=\"#2f6db5\" stroke-width=\"2\"/>",
        points.join(" ")
    );
    for (i, score) in game.scores.iter().enumerate() {
        out.push_str(&point(game, i, x(i + 1), y(score.value)));
    }
    out.push_str("</svg>\n");
    out
}

/// The point of ply `i + 1` at (`cx`, `cy`).
fn point(game: &ScoredGame, i: usize, cx: f64, cy: f64) -> String {
    let score = &game.scores[i];
    let (class, fill, radius) = match score.mark.as_str() {
        "??" => ("point blunder", "#c0392b", 6.0),
        "?" => ("point mistake", "#e67e22", 5.0),
        _ => ("point", "#2f6db5", 3.5),
    };
    let number = (i + usize::from(game.white_first)) / 2 + 1;
    let dots = if i.is_multiple_of(2) != game.white_first {
        "."
    } else {
        "..."
    };
    let tooltip = format!(
        "ply {}: {number}{dots} {}{} {}",
        i + 1,
        game.moves.get(i).map_or("", String::as_str),
        score.mark,
        score.text
    );
    let mut out = format!(
        "<circle class=\"{class}\" data-jump=\"{}\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{radius}\" \
         fill=\"{fill}\"><title>{}</title></circle>\n",
        i + 1,
        escape(&tooltip)
    );
    if !score.mark.is_empty() {
        let _ = writeln!(
            out,
            "<text class=\"mark\" x=\"{cx:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{fill}\" \
             font-weight=\"bold\">{}</text>",
            (cy - 9.0).max(10.0),
            escape(&score.mark)
        );
    }
    out
}
