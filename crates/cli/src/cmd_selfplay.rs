//! `parlour selfplay`: the engine plays itself and records training
//! positions for `parlour train` (the pipeline of `parlour-train`).

use crate::options::{
    at_least, cores, depth_flag, nodes_flag, stop_on_ctrl_c, thread_count, threads, EvalArg,
    GameArgs,
};
use crate::Run;
use anyhow::{Context, Result};
use clap::Args;
use crate::progress::Progress;
use parlour_arena::{OpeningsOptions, Openings, OpeningSpec};
use parlour_game::{Evaluator, History, Learn, Variant, Visit};
use parlour_train::{Budget, SelfPlay, SelfPlayProgress};
use std::path::PathBuf;

/// Flags of `parlour selfplay`.
#[derive(Args, Debug)]
pub struct SelfPlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The data file to write (resumed if it holds games of the same run).
    #[arg(long)]
    out: PathBuf,
    /// Games to play, at least 1.
    #[arg(long, default_value_t = 1000, value_parser = at_least(1u64))]
    games: u64,
    /// Nodes a move, 1 to 10^15 (the default budget: 5000).
    #[arg(long, conflicts_with = "depth", value_parser = nodes_flag())]
    nodes: Option<u64>,
    /// Depth a move, 1 to 100 plies, instead of a node budget.
    #[arg(long, value_parser = depth_flag())]
    depth: Option<u64>,
    /// After the opening, each game plays up to this many random plies (0
    /// or more).
    #[arg(long, default_value_t = 4)]
    random_plies: u32,
    /// The openings: a deck of the game's (checkers: `deck`, the 156
    /// ballots in play, the default; `all`, 174; `tough`), `start`, or a
    /// file of positions or move sequences. Default: the game's deck, or
    /// its start (the peg game), with the random plies after it.
    #[arg(long)]
    openings: Option<String>,
    /// A game still going after this many plies is a draw (0 or more).
    #[arg(long, default_value_t = 400)]
    max_plies: u32,
    /// The seed of everything random in the run.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games at once, 1 to 1024 (default: all cores).
    #[arg(long, value_parser = thread_count())]
    concurrency: Option<usize>,
    /// Each searcher's transposition table, in MiB (1 by default: a game's
    /// 5,000-node searches fill little of it, and a table that stays in
    /// the core's cache makes them faster).
    #[arg(long, default_value_t = 1)]
    hash: usize,
    #[command(flatten)]
    eval: EvalArg,
}

/// The default budget: enough nodes a move that the search sees the
/// tactics its labels must know.
pub const DEFAULT_NODES: u64 = 5_000;

fn play<G: Learn>(run: SelfPlay<G>, args: &SelfPlayArgs) -> Result<()> {
    let bar = Progress::new("parlour selfplay", "games", false);
    let started = std::time::Instant::now();
    let opened = std::sync::Once::new();
    let progress = |p: &SelfPlayProgress| {
        // The first call comes once the file is open: what is left to do
        // is known only then, so the time left counts this run's games.
        opened.call_once(|| bar.start("", p.total, p.resumed));
        let rate = p.positions as f64 / started.elapsed().as_secs_f64().max(1e-9);
        bar.set(p.games, format!("{} positions, {rate:.0}/s", p.positions));
    };
    let stop = stop_on_ctrl_c("parlour selfplay: stopping; the same command resumes the run");
    let summary = run.run(&args.out, &stop, &progress)?;
    bar.finish(&format!("{} games, {} positions", summary.games, summary.positions));
    let seconds = summary.elapsed.as_secs_f64().max(1e-9);
    let threads = run.concurrency.max(1);
    println!(
        "{} games ({} resumed), {} positions written by this run, {} in the file",
        summary.games, summary.resumed, summary.positions, summary.total_positions
    );
    println!(
        "results: Black {} White {} drawn {}",
        summary.results[0], summary.results[1], summary.results[2]
    );
    println!(
        "{seconds:.1} s, {:.0} positions per second, {:.0} per second per thread ({threads} threads)",
        summary.positions as f64 / seconds,
        summary.positions as f64 / seconds / threads as f64
    );
    if summary.stopped {
        println!("stopped before the last game: the same command resumes the run");
    }
    Ok(())
}

impl Visit for &SelfPlayArgs {
    type Output = Result<()>;

    fn visit<V: Variant>(self) -> Result<()> {
        let rules = self.game.rules::<V>()?;
        let budget = match (self.nodes, self.depth) {
            // In range: the flag's parser checked it.
            (_, Some(d)) => Budget::Depth(d as u32),
            (n, None) => Budget::Nodes(n.unwrap_or(DEFAULT_NODES)),
        };
        // A game's openings: its deck, or its start (random openings are
        // the run's own random plies).
        let name = self
            .openings
            .clone()
            .unwrap_or_else(|| V::default_openings().to_string());
        let spec = OpeningSpec::parse::<V>(&name).context("bad --openings")?;
        let spec = match spec {
            OpeningSpec::Random { .. } => OpeningSpec::Start,
            other => other,
        };
        let options = OpeningsOptions {
            seed: self.seed,
            ..OpeningsOptions::default()
        };
        let list = Openings::load(&spec, &rules, &options)
            .context("bad --openings")?
            .openings;
        let openings: Vec<History<V::Position>> = (0..list.len().unwrap_or(1))
            .map(|i| {
                let opening = list.get(i);
                let mut history = History::new(opening.start);
                for mv in opening.moves {
                    history.push(mv);
                }
                history
            })
            .collect();
        let eval = self.eval.evaluator(&rules)?;
        let run = SelfPlay {
            openings,
            openings_name: name,
            games: self.games,
            budget,
            random_plies: self.random_plies,
            max_plies: self.max_plies,
            seed: self.seed,
            eval_name: eval.identity().to_string(),
            eval,
            concurrency: threads(self.concurrency, cores()),
            hash_mib: self.hash,
        };
        play(run, self)
    }
}

impl Run for SelfPlayArgs {
    fn run(self) -> Result<()> {
        self.game.visit(&self)?
    }
}
