//! The report's charts: the Elo of each pairing with its interval, and per
//! pairing the score and the SPRT's log-likelihood ratio against the games
//! played, in the order the games ended.

use crate::chart::{self, Axis, Line, Mark, Row};
use crate::record::GameRecord;
use crate::sprt::Sprt;
use crate::summary::MatchReport;
use crate::tally::Tally;
use parlour_game::svg::escape;
use std::fmt::Write;

/// The Elo of each pairing with its 95% interval, as an inline SVG chart
/// ([`chart::row_chart`]): one row per pairing, a dot at the estimate and
/// a bar over the interval, against a zero line.
pub(super) fn elo_chart(report: &MatchReport) -> String {
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

/// One point of a pairing's progress: the games it has played, its first
/// engine's score so far in percent, and the SPRT's log-likelihood ratio.
#[derive(Clone, Copy)]
struct Point {
    games: f64,
    score: f64,
    llr: f64,
}

/// Per pairing, at its start and after each of its games in the order
/// they ended (games that ended at the same count in different shards by
/// index): the games played, the first engine's score so far in percent
/// (50 at the start), and the SPRT's log-likelihood ratio of its finished
/// pairs if `sprt` is given (0 at the start). The ratio is
/// [`Sprt::llr`]'s, the one the match stops on.
fn running(report: &MatchReport, sprt: Option<Sprt>) -> Vec<Vec<Point>> {
    let mut order: Vec<&GameRecord> = report.records.iter().collect();
    order.sort_by_key(|r| (r.order, r.index));
    let pairings: Vec<(usize, usize)> =
        report.tally.pairings().iter().map(|p| (p.a, p.b)).collect();
    let mut tally = Tally::new(report.tally.engines().to_vec(), &pairings);
    let start = Point {
        games: 0.0,
        score: 50.0,
        llr: 0.0,
    };
    let mut series = vec![vec![start]; pairings.len()];
    for r in order {
        let before: Vec<u32> = tally.pairings().iter().map(|p| p.wld.games()).collect();
        if tally.add(r).is_err() {
            continue;
        }
        for (i, p) in tally.pairings().iter().enumerate() {
            if p.wld.games() != before[i] {
                series[i].push(Point {
                    games: f64::from(p.wld.games()),
                    score: 100.0 * p.wld.score().unwrap_or(0.5),
                    llr: sprt.map_or(0.0, |s| s.llr(&p.penta)),
                });
            }
        }
    }
    series
}

/// Per pairing, its score against the games played, and with an SPRT its
/// log-likelihood ratio against the games played with the test's bounds;
/// a sentence in place of the ratio's chart when no SPRT ran.
pub(super) fn progress_charts(report: &MatchReport) -> String {
    let engines = report.tally.engines();
    let sprt = report.sprt.map(|s| s.sprt);
    let mut out = sprt_sentence(sprt);
    for (p, points) in report.tally.pairings().iter().zip(running(report, sprt)) {
        let games = points.last().map_or(0.0, |q| q.games);
        if games == 0.0 {
            continue;
        }
        let (a, b) = (&engines[p.a], &engines[p.b]);
        let _ = writeln!(out, "<h3>{} vs {}</h3>", escape(a), escape(b));
        let games_text = |v: f64| format!("{v:.0}");
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
        out.push_str(&score_chart(a, &points, &x));
        if let Some(s) = sprt {
            out.push_str(&llr_chart([a, b], s, &points, &x));
        }
    }
    out
}

/// What the charts below show: the SPRT's bounds, or that none ran.
fn sprt_sentence(sprt: Option<Sprt>) -> String {
    match sprt {
        Some(s) => format!(
            "<p>The SPRT ({}) over the colour-swapped pairs: it accepts H1 when the \
             log-likelihood ratio reaches {:.2}, H0 when it falls to {:.2}.</p>\n",
            escape(&s.to_string()),
            s.upper_bound(),
            s.lower_bound()
        ),
        None => "<p class=\"no-sprt\">No SPRT ran in this match (<code>--sprt</code> on \
                 <code>parlour match</code> or <code>parlour report</code>), so only the \
                 running score is drawn: the first engine's points per game so far, in \
                 percent.</p>\n"
            .to_string(),
    }
}

/// The first engine `a`'s score so far against the games played `x`,
/// beside the even line.
fn score_chart(a: &str, points: &[Point], x: &Axis<'_>) -> String {
    let games = x.high;
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
        points: points.iter().skip(1).map(|q| (q.games, q.score)).collect(),
    };
    let even = Line {
        name: "even (50%)".into(),
        class: "even",
        colour: "#999",
        dashed: true,
        points: vec![(0.0, 50.0), (games, 50.0)],
    };
    chart::line_chart("score-chart", &[score, even], x, &y)
}

/// The log-likelihood ratio of `a` against `b` under `sprt` against the
/// games played `x`, between the test's two bounds.
fn llr_chart([a, b]: [&str; 2], sprt: Sprt, points: &[Point], x: &Axis<'_>) -> String {
    let games = x.high;
    let (lower, upper) = (sprt.lower_bound(), sprt.upper_bound());
    let llrs: Vec<(f64, f64)> = points
        .iter()
        .map(|q| (q.games, q.llr))
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
    chart::line_chart("sprt-chart", &lines, x, &y)
}
