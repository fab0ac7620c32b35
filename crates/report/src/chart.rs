//! Charts of numbers as plain inline SVG: rows of labelled marks (an
//! estimate with its interval, or a bar) against a value axis, and lines
//! against two axes. The match report draws its Elo, score and SPRT charts
//! with them, and `parlour bench --svg` its nodes per second.
//!
//! Plain SVG written here rather than a charting crate (plotters' SVG
//! backend, say): the charts are a handful of lines, bars and dots, a page
//! must not grow by a font or a library per chart, and the same few lines
//! of text keep the report's size small and its output stable for tests.
//! Every chart carries its numbers as `data-` attributes, for tests and
//! for readers of the file.

use parlour_game::svg::escape;
use std::fmt::Write;

/// What a row of a [`row_chart`] draws.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mark {
    /// An estimate with its interval: a bar over `low..high` and a dot at
    /// `estimate`.
    Interval {
        /// The estimate.
        estimate: f64,
        /// The interval's low end.
        low: f64,
        /// The interval's high end.
        high: f64,
    },
    /// A bar from the axis's low end to `value`, in `colour`.
    Bar {
        /// The bar's value.
        value: f64,
        /// Its fill, as SVG writes colours.
        colour: &'static str,
    },
    /// Nothing: the row has no value.
    Nothing,
}

/// One labelled row of a [`row_chart`].
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The row's label, at its left.
    pub label: String,
    /// What the row draws.
    pub mark: Mark,
}

/// A value axis: its ends, where its ticks go, how a tick is written, and
/// what it measures.
pub struct Axis<'a> {
    /// The value at the axis's start.
    pub low: f64,
    /// The value at its end.
    pub high: f64,
    /// The values with a tick and a grid line.
    pub ticks: Vec<f64>,
    /// A tick's text.
    pub text: &'a dyn Fn(f64) -> String,
    /// What the axis measures, written along it.
    pub caption: String,
}

impl Axis<'_> {
    /// Where `value` falls between `start` and `end` pixels (clamped to
    /// the axis).
    fn at(&self, value: f64, start: f64, end: f64) -> f64 {
        let span = self.high - self.low;
        let t = if span > 0.0 && value.is_finite() {
            ((value - self.low) / span).clamp(0.0, 1.0)
        } else if value == f64::INFINITY {
            1.0
        } else {
            0.0
        };
        start + t * (end - start)
    }
}

/// Round values from `low` to `high`, about `count` of them, one, two or
/// five times a power of ten apart.
pub fn ticks(low: f64, high: f64, count: usize) -> Vec<f64> {
    let span = high - low;
    if !(span.is_finite() && span > 0.0) || count == 0 {
        return vec![low];
    }
    let rough = span / count as f64;
    let power = 10f64.powf(rough.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|s| span / s <= count as f64)
        .unwrap_or(10.0 * power);
    let first = (low / step).ceil() as i64;
    let last = (high / step).floor() as i64;
    (first..=last).map(|k| k as f64 * step).collect()
}

/// The opening tag of a chart `width` by `height` pixels of class `class`.
/// The vertical grid lines of an x axis from `top` to `bottom`, each
/// labelled below, at the positions `x_of` gives its ticks.
fn x_grid(out: &mut String, axis: &Axis<'_>, x_of: impl Fn(f64) -> f64, top: f64, bottom: f64) {
    for &t in &axis.ticks {
        let x = x_of(t);
        let _ = writeln!(
            out,
            "<line x1=\"{x:.1}\" y1=\"{top:.1}\" x2=\"{x:.1}\" y2=\"{bottom:.1}\" stroke=\"#e3e3e3\"/>\
             <text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            bottom + 14.0,
            escape(&(axis.text)(t))
        );
    }
}

fn open(out: &mut String, class: &str, width: f64, height: f64) {
    let _ = writeln!(
        out,
        "<svg class=\"{}\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"12\">",
        escape(class)
    );
    // A background of its own, so the chart reads on any page.
    let _ = writeln!(
        out,
        "<rect width=\"{width:.0}\" height=\"{height:.0}\" fill=\"#fff\"/>"
    );
}

/// Rows of labelled marks against one horizontal value axis, a row each
/// `row_height` pixels, labels in a column `label_width` wide; a line
/// across at `rule` (zero, say) if given.
pub fn row_chart(
    class: &str,
    rows: &[Row],
    axis: &Axis<'_>,
    label_width: f64,
    rule: Option<f64>,
) -> String {
    let (plot_w, row_h) = (420.0, 24.0);
    let width = label_width + plot_w + 30.0;
    let top = 8.0;
    let bottom = top + row_h * rows.len() as f64;
    let height = bottom + 40.0;
    let x_of = |v: f64| axis.at(v, label_width, label_width + plot_w);
    let mut out = String::new();
    open(&mut out, class, width, height);
    x_grid(&mut out, axis, x_of, top, bottom);
    if let Some(r) = rule {
        let x = x_of(r);
        let _ = writeln!(
            out,
            "<line x1=\"{x:.1}\" y1=\"{top:.1}\" x2=\"{x:.1}\" y2=\"{bottom:.1}\" stroke=\"#999\"/>"
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
        label_width + plot_w / 2.0,
        bottom + 32.0,
        escape(&axis.caption)
    );
    for (i, row) in rows.iter().enumerate() {
        let y = top + row_h * (i as f64 + 0.5);
        // A row's label and mark in one group, so a reader of the file
        // finds which is whose.
        let _ = writeln!(
            out,
            "<g class=\"row\"><text class=\"label\" x=\"4\" y=\"{:.1}\">{}</text>",
            y + 4.0,
            escape(&row.label)
        );
        match row.mark {
            Mark::Interval {
                estimate,
                low,
                high,
            } => {
                let _ = writeln!(
                    out,
                    "<g class=\"mark\" data-value=\"{estimate:.1}\"><line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" \
                     stroke=\"#2f6db5\" stroke-width=\"4\"/><circle cx=\"{:.1}\" cy=\"{y:.1}\" r=\"5\" fill=\"#c0392b\"/></g>",
                    x_of(low),
                    x_of(high),
                    x_of(estimate)
                );
            }
            Mark::Bar { value, colour } => {
                let (x0, x1) = (x_of(axis.low), x_of(value));
                let _ = writeln!(
                    out,
                    "<rect class=\"mark bar\" data-value=\"{value}\" x=\"{x0:.1}\" y=\"{:.1}\" width=\"{:.1}\" \
                     height=\"{:.1}\" fill=\"{colour}\"/>",
                    y - row_h * 0.35,
                    (x1 - x0).max(0.0),
                    row_h * 0.7
                );
            }
            Mark::Nothing => {}
        }
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    out
}

/// One line of a [`line_chart`].
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Its name, in the legend.
    pub name: String,
    /// Its class (for readers of the file: `llr`, `bound`).
    pub class: &'static str,
    /// Its colour.
    pub colour: &'static str,
    /// Dashed (a bound, a reference) or solid (the data).
    pub dashed: bool,
    /// Its points, in order of `x`.
    pub points: Vec<(f64, f64)>,
}

/// Lines against a horizontal axis `x` and a vertical axis `y`, with a
/// legend of their names above.
pub fn line_chart(class: &str, lines: &[Line], x: &Axis<'_>, y: &Axis<'_>) -> String {
    let (left, plot_w, plot_h) = (60.0, 560.0, 220.0);
    let legend_h = 18.0 * lines.len() as f64 + 6.0;
    let top = legend_h + 8.0;
    let bottom = top + plot_h;
    let width = left + plot_w + 20.0;
    let height = bottom + 40.0;
    let x_of = |v: f64| x.at(v, left, left + plot_w);
    let y_of = |v: f64| y.at(v, bottom, top);
    let mut out = String::new();
    open(&mut out, class, width, height);
    for (i, line) in lines.iter().enumerate() {
        let ly = 14.0 + 18.0 * i as f64;
        let dash = if line.dashed {
            " stroke-dasharray=\"6 4\""
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "<line x1=\"{left:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{}\" stroke-width=\"2\"{dash}/>\
             <text x=\"{:.1}\" y=\"{ly:.1}\">{}</text>",
            ly - 4.0,
            left + 30.0,
            ly - 4.0,
            line.colour,
            left + 38.0,
            escape(&line.name)
        );
    }
    x_grid(&mut out, x, x_of, top, bottom);
    for &t in &y.ticks {
        let py = y_of(t);
        let _ = writeln!(
            out,
            "<line x1=\"{left:.1}\" y1=\"{py:.1}\" x2=\"{:.1}\" y2=\"{py:.1}\" stroke=\"#e3e3e3\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            left + plot_w,
            left - 4.0,
            py + 4.0,
            escape(&(y.text)(t))
        );
    }
    let _ = writeln!(
        out,
        "<rect x=\"{left:.1}\" y=\"{top:.1}\" width=\"{plot_w:.1}\" height=\"{plot_h:.1}\" fill=\"none\" stroke=\"#999\"/>\
         <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\
         <text x=\"14\" y=\"{:.1}\" text-anchor=\"middle\" transform=\"rotate(-90 14 {:.1})\">{}</text>",
        left + plot_w / 2.0,
        bottom + 32.0,
        escape(&x.caption),
        top + plot_h / 2.0,
        top + plot_h / 2.0,
        escape(&y.caption)
    );
    for line in lines {
        let points: Vec<String> = line
            .points
            .iter()
            .map(|&(a, b)| format!("{:.1},{:.1}", x_of(a), y_of(b)))
            .collect();
        let dash = if line.dashed {
            " stroke-dasharray=\"6 4\""
        } else {
            ""
        };
        let last = line.points.last().map_or(String::new(), |&(a, b)| {
            format!(" data-last-x=\"{a}\" data-last-y=\"{b:.4}\"")
        });
        let _ = writeln!(
            out,
            "<polyline class=\"{}\" data-points=\"{}\"{last} points=\"{}\" fill=\"none\" stroke=\"{}\" \
             stroke-width=\"2\" stroke-linejoin=\"round\"{dash}/>",
            line.class,
            line.points.len(),
            points.join(" "),
            line.colour
        );
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_inside() {
        assert_eq!(ticks(0.0, 10.0, 5), [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
        assert_eq!(ticks(-3.0, 3.0, 4), [-2.0, 0.0, 2.0]);
        assert_eq!(ticks(0.0, 2_400_000.0, 4), [0.0, 1_000_000.0, 2_000_000.0]);
        assert_eq!(ticks(1.0, 1.0, 4), [1.0]);
    }

    #[test]
    fn charts_are_well_formed_and_carry_their_values() {
        let text = |v: f64| format!("{v}");
        let axis = Axis {
            low: 0.0,
            high: 10.0,
            ticks: ticks(0.0, 10.0, 5),
            text: &text,
            caption: "a & b".into(),
        };
        let rows = [
            Row {
                label: "x <1>".into(),
                mark: Mark::Bar {
                    value: 4.0,
                    colour: "#2f6db5",
                },
            },
            Row {
                label: "y".into(),
                mark: Mark::Nothing,
            },
        ];
        let svg = row_chart("bars", &rows, &axis, 100.0, None);
        let doc = roxmltree::Document::parse(&svg).expect("well-formed");
        let bars: Vec<_> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("mark bar"))
            .collect();
        assert_eq!(bars.len(), 1);
        assert_eq!(bars[0].attribute("data-value"), Some("4"));
        let row = bars[0].parent().unwrap();
        assert_eq!(row.attribute("class"), Some("row"));
        let label = row.children().find(|n| n.has_tag_name("text")).unwrap();
        assert_eq!(label.text(), Some("x <1>"));
        let groups = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("row"))
            .count();
        assert_eq!(groups, 2, "a group a row");
        assert!(svg.contains(">x &lt;1&gt;</text>"), "{svg}");
        let line = Line {
            name: "LLR".into(),
            class: "llr",
            colour: "#c0392b",
            dashed: false,
            points: vec![(0.0, 0.0), (1.0, 2.5)],
        };
        let svg = line_chart("lines", &[line], &axis, &axis);
        let doc = roxmltree::Document::parse(&svg).expect("well-formed");
        let poly = doc
            .descendants()
            .find(|n| n.has_tag_name("polyline"))
            .unwrap();
        assert_eq!(poly.attribute("data-points"), Some("2"));
        assert_eq!(poly.attribute("data-last-y"), Some("2.5000"));
        // Values off the axis are drawn at its ends, not off the chart.
        assert_eq!(axis.at(20.0, 0.0, 100.0), 100.0);
        assert_eq!(axis.at(f64::NEG_INFINITY, 0.0, 100.0), 0.0);
    }
}
