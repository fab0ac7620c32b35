//! `parlour bench`: a fixed suite of positions searched to fixed depths,
//! each game's own ([`parlour_game::Variant::bench`]), the games in the
//! list's order.
//!
//! One table row per position, then the total node count and the nodes per
//! second. With one thread the total is a signature of the search: it
//! changes only when the search (or an evaluation, or a move generator's
//! order, or a game's bench positions) changes, so a change meant to be only
//! faster must leave it as it was. Each position is searched from an empty
//! transposition table.
//!
//! `--threads 1,2,4` runs the suite once per thread count, a table each;
//! `--svg FILE` draws every row's nodes per second as a bar chart
//! ([`parlour_arena::chart`]), a bar per position and thread count.

use parlour_game::echo::echo;
use crate::options::{cores, game_names, mebibytes, play_moves, thread_count, threads, EvalArg};
use crate::Run;
use anyhow::{bail, Context, Result};
use clap::Args;
use parlour_arena::chart::{self, Axis, Mark};
use parlour_game::registry::BenchCase;
use parlour_game::{GameList, Variant, Visit};
use parlour_games::Games;
use parlour_search::{Limits, Searcher};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Flags of `parlour bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Only this game's positions (default: every game's, in the list's
    /// order).
    #[arg(long, value_parser = game_names())]
    game: Option<String>,
    /// Only the positions under these rules (of `--game`, by default
    /// checkers): `english`, `huffing`, a peg rules text.
    #[arg(long)]
    rules: Option<String>,
    /// Search threads, 1 to 1024 (default: all cores); several, as in
    /// `1,2,4`, run the suite once for each.
    #[arg(long, short, value_parser = thread_count(), value_delimiter = ',', num_args = 1)]
    threads: Vec<usize>,
    /// Transposition table size in MiB (16, as Stockfish's bench: the
    /// suite's searches are small, and a small table misses the TLB less).
    #[arg(long, default_value_t = 16, value_parser = mebibytes())]
    hash: usize,
    #[command(flatten)]
    eval: EvalArg,
    /// Also draw the nodes per second of every row as an SVG bar chart: a
    /// bar per position and thread count.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

/// What one search of the suite gave.
struct Row {
    best: String,
    score: String,
    nodes: u64,
    time: Duration,
}

fn nps(nodes: u64, time: Duration) -> u64 {
    (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64
}

/// A row of the table as the chart draws it: its label and its nodes per
/// second.
struct Bar {
    label: String,
    nps: u64,
}

/// Searches one game's part of the suite, printing a row a position.
struct BenchGame<'a> {
    args: &'a BenchArgs,
    searcher: &'a mut Searcher,
    out: &'a mut dyn Write,
    /// Rows so far, for their numbers.
    rows: &'a mut usize,
    /// Nodes so far.
    total: &'a mut u64,
    /// The threads searching.
    threads: usize,
    /// Every row so far, for the chart.
    bars: &'a mut Vec<Bar>,
}

/// The rules of a bench position.
fn case_rules<V: Variant>(case: &BenchCase) -> Result<V> {
    Ok(match case.rules {
        "" => V::default(),
        text => V::parse_rules(text)?,
    })
}

impl BenchGame<'_> {
    fn search<V: Variant>(&mut self, case: &BenchCase) -> Result<Row> {
        let rules = case_rules::<V>(case)?;
        let start = match case.position {
            Some(text) => V::parse_position(Some(rules), text)?,
            None => rules.start(),
        };
        let moves: Vec<String> = case.moves.split(',').map(str::to_string).collect();
        let moves = if case.moves.is_empty() {
            &[][..]
        } else {
            &moves
        };
        let history = play_moves(start, moves)?;
        let eval = self.args.eval.evaluator(&rules)?;
        self.searcher.clear();
        let stop = Arc::new(AtomicBool::new(false));
        let limits = Limits::depth(case.depth);
        let result = self.searcher.search(&history, limits, &eval, &stop, |_| {});
        Ok(Row {
            best: result
                .best_move
                .map_or_else(|| "none".to_string(), |m| m.to_string()),
            score: result.score.to_string(),
            nodes: result.nodes,
            time: result.time,
        })
    }
}

impl Visit for BenchGame<'_> {
    type Output = Result<()>;

    fn visit<V: Variant>(mut self) -> Result<()> {
        let only = match &self.args.rules {
            Some(text) => Some(crate::options::rules_flag::<V>(text)?),
            None => None,
        };
        let mut cases = Vec::new();
        for case in V::bench() {
            let rules = case_rules::<V>(case)
                .with_context(|| format!("bench suite: {} {case:?}", V::NAME))?;
            if only.is_none_or(|only| only == rules) {
                cases.push(case);
            }
        }
        if let (Some(only), []) = (only, &cases[..]) {
            bail!("{} has no bench position under the rules {only}", V::NAME);
        }
        for case in cases {
            let row = self
                .search::<V>(case)
                .with_context(|| format!("bench suite: {} {case:?}", V::NAME))?;
            *self.rows += 1;
            *self.total += row.nodes;
            let position = match (case.position, case.moves) {
                (None, "") => "start".to_string(),
                (None, moves) => format!("start, {moves}"),
                (Some(fen), "") => fen.to_string(),
                (Some(fen), moves) => format!("{fen}, {moves}"),
            };
            let rules = if case.rules.is_empty() {
                "default"
            } else {
                case.rules
            };
            let nps = nps(row.nodes, row.time);
            writeln!(
                self.out,
                "{:>2}  {:<8} {:<7} {:>5} {:>11} {:>8.3} {:>10} {:>9}  {:<10} {}",
                self.rows,
                V::NAME,
                rules,
                case.depth,
                row.nodes,
                row.time.as_secs_f64(),
                nps,
                row.score,
                row.best,
                position
            )
            .context("cannot write")?;
            let plural = if self.threads == 1 { "" } else { "s" };
            self.bars.push(Bar {
                label: format!(
                    "{} {} {} depth {}, {} thread{plural}",
                    self.rows,
                    V::NAME,
                    rules,
                    case.depth,
                    self.threads
                ),
                nps,
            });
        }
        Ok(())
    }
}

/// The colours of the thread counts' bars, in turn.
const COLOURS: [&str; 4] = ["#2f6db5", "#c0392b", "#2e8b57", "#8b4513"];

/// A rate as people read it: `850k`, `1.25M`.
fn rate(v: f64) -> String {
    if v >= 1e6 {
        format!("{:.2}M", v / 1e6)
    } else if v >= 1e3 {
        format!("{:.0}k", v / 1e3)
    } else {
        format!("{v:.0}")
    }
}

/// The bar chart of `bars`, the rows of the runs of `counts` threads: a
/// position's bars together, a colour per thread count.
fn bar_chart(bars: &[Bar], counts: &[usize]) -> String {
    let per_run = bars.len() / counts.len().max(1);
    let mut rows = Vec::with_capacity(bars.len());
    for position in 0..per_run {
        for (run, _) in counts.iter().enumerate() {
            let bar = &bars[run * per_run + position];
            rows.push(chart::Row {
                label: bar.label.clone(),
                mark: Mark::Bar {
                    value: bar.nps as f64,
                    colour: COLOURS[run % COLOURS.len()],
                },
            });
        }
    }
    // The axis ends at the round value past the fastest row.
    let fastest = bars.iter().map(|b| b.nps).max().unwrap_or(0).max(1) as f64;
    let steps = chart::ticks(0.0, fastest, 5);
    let step = steps.get(1).copied().unwrap_or(fastest);
    let high = (fastest / step).ceil() * step;
    let text = |v: f64| rate(v);
    let axis = Axis {
        low: 0.0,
        high,
        ticks: chart::ticks(0.0, high, 5),
        text: &text,
        caption: "nodes per second".into(),
    };
    chart::row_chart("bench-chart", &rows, &axis, 270.0, None)
}

impl Run for BenchArgs {
    fn run(self) -> Result<()> {
        let counts: Vec<usize> = if self.threads.is_empty() {
            vec![threads(None, cores())]
        } else {
            self.threads.iter().map(|&t| threads(Some(t), cores())).collect()
        };
        // A chart that cannot be written is found out before the searches.
        if let Some(folder) = self.svg.as_ref().and_then(|p| p.parent()) {
            if !folder.as_os_str().is_empty() && !folder.is_dir() {
                bail!("cannot write --svg: its folder {} is not there", echo(&folder.display()));
            }
        }
        let mut out = std::io::stdout().lock();
        let mut bars = Vec::new();
        for &threads in &counts {
            let mut searcher = Searcher::new(threads, self.hash)?;
            writeln!(
                out,
                "{:>2}  {:<8} {:<7} {:>5} {:>11} {:>8} {:>10} {:>9}  {:<10} position",
                "#", "game", "rules", "depth", "nodes", "seconds", "nps", "score", "best"
            )
            .context("cannot write")?;
            let started = Instant::now();
            let (mut rows, mut total) = (0, 0);
            let names = match (&self.game, &self.rules) {
                (Some(name), _) => vec![name.as_str()],
                (None, Some(_)) => vec![parlour_games::DEFAULT_GAME],
                (None, None) => Games::names(),
            };
            for name in names {
                let game = BenchGame {
                    args: &self,
                    searcher: &mut searcher,
                    out: &mut out,
                    rows: &mut rows,
                    total: &mut total,
                    threads,
                    bars: &mut bars,
                };
                Games::visit(name, game)??;
            }
            let time = started.elapsed();
            writeln!(out, "threads {threads} hash {} MiB", self.hash)
                .and_then(|()| writeln!(out, "total nodes {total}"))
                .and_then(|()| writeln!(out, "total seconds {:.3}", time.as_secs_f64()))
                .and_then(|()| writeln!(out, "nodes per second {}", nps(total, time)))
                .context("cannot write")?;
        }
        if let Some(path) = &self.svg {
            std::fs::write(path, bar_chart(&bars, &counts))
                .with_context(|| format!("cannot write --svg {}", echo(&path.display())))?;
        }
        Ok(())
    }
}
