//! What both games' SVG diagrams share: the document's frame, text made
//! safe for XML, and the arrowheads a principal variation is drawn with.
//! Each game draws its own board (`diagram_svg` in its crate); this module
//! knows no board.

use std::fmt::Write;

/// `text` with the five XML special characters escaped, for an attribute
/// value or an element's text.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// The opening tag of a standalone SVG document `width` by `height`
/// pixels, its title (what a browser shows as a tooltip, and a screen
/// reader reads), and the arrowhead markers [`arrow`] refers to.
pub fn open(width: u32, height: u32, title: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n\
         <title>{}</title>\n\
         <defs>\n\
         <marker id=\"head-best\" viewBox=\"0 0 10 10\" refX=\"6\" refY=\"5\" markerWidth=\"4\" \
         markerHeight=\"4\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#c0392b\"/></marker>\n\
         <marker id=\"head-pv\" viewBox=\"0 0 10 10\" refX=\"6\" refY=\"5\" markerWidth=\"4\" \
         markerHeight=\"4\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#2f6db5\"/></marker>\n\
         </defs>\n",
        escape(title)
    )
}

/// The closing tag of [`open`]'s document.
pub const CLOSE: &str = "</svg>\n";

/// One move of a line drawn as an arrow through `points` (pixel centres,
/// at least two), `ply` (from 1) its place in the line: the first move
/// (the best) red and broad, the later ones blue, thinner and fainter, each
/// numbered at its head. `from` and `to` are the move's start and end as
/// the game names them, kept as `data-` attributes for readers of the file.
pub fn arrow(out: &mut String, ply: usize, from: &str, to: &str, points: &[(f64, f64)]) {
    let (kind, colour, width) = if ply == 1 {
        ("best", "#c0392b", 7.0)
    } else {
        ("pv", "#2f6db5", 5.0)
    };
    let opacity = (0.9 - 0.1 * (ply as f64 - 1.0)).max(0.4);
    let pts: Vec<String> = points
        .iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect();
    let _ = writeln!(
        out,
        "<polyline class=\"arrow {kind}\" data-ply=\"{ply}\" data-from=\"{}\" data-to=\"{}\" \
         points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{width}\" \
         stroke-linecap=\"round\" stroke-linejoin=\"round\" opacity=\"{opacity:.2}\" \
         marker-end=\"url(#head-{kind})\"/>",
        escape(from),
        escape(to),
        pts.join(" ")
    );
    if let Some(&(x, y)) = points.last() {
        label(out, ply, colour, x, y);
    }
}

/// A ply number in a small disc at (`x`, `y`): where a move of a line
/// ends, or where a placement goes.
pub fn label(out: &mut String, ply: usize, colour: &str, x: f64, y: f64) {
    let _ = writeln!(
        out,
        "<g class=\"ply-label\"><circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"7\" fill=\"{colour}\"/>\
         <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"9\" text-anchor=\"middle\" fill=\"#fff\">{ply}</text></g>",
        x + 10.0,
        y - 10.0,
        x + 10.0,
        y - 7.0
    );
}

/// A three-pointed crown in `ink` across a disc of radius `r` centred at
/// (`x`, `y`), as books mark a king.
pub fn crown(out: &mut String, x: f64, y: f64, r: f64, ink: &str) {
    let (w, h) = (r * 0.9, r * 0.55);
    let (left, right) = (x - w / 2.0, x + w / 2.0);
    let (bottom, top) = (y + h / 2.0, y - h / 2.0);
    let _ = write!(
        out,
        "<path d=\"M{left:.1},{bottom:.1} L{left:.1},{top:.1} L{:.1},{y:.1} L{x:.1},{:.1} \
         L{:.1},{y:.1} L{right:.1},{top:.1} L{right:.1},{bottom:.1} z\" fill=\"{ink}\"/>",
        x - w / 4.0,
        y - h / 1.4,
        x + w / 4.0,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_covers_the_special_characters() {
        assert_eq!(escape(r#"a<b>&"c'"#), "a&lt;b&gt;&amp;&quot;c&apos;");
    }

    #[test]
    fn a_crown_has_three_points_on_its_disc() {
        let mut out = String::new();
        crown(&mut out, 50.0, 40.0, 20.0, "#fff");
        assert_eq!(
            out,
            "<path d=\"M41.0,45.5 L41.0,34.5 L45.5,40.0 L50.0,32.1 L54.5,40.0 L59.0,34.5 \
             L59.0,45.5 z\" fill=\"#fff\"/>"
        );
    }

    #[test]
    fn an_arrow_names_its_ends_and_numbers_its_ply() {
        let mut out = String::new();
        arrow(&mut out, 2, "11", "15", &[(1.0, 2.0), (3.0, 4.5)]);
        assert!(out.contains("class=\"arrow pv\" data-ply=\"2\" data-from=\"11\" data-to=\"15\""));
        assert!(out.contains("points=\"1.0,2.0 3.0,4.5\""));
        assert!(out.contains(">2</text>"));
    }
}
