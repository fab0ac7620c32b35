//! `parlour best`: search a position and print one line per finished depth,
//! then the best move.

use crate::options::{play_moves, threads, EngineArgs, GameArgs};
use crate::Run;
use anyhow::{bail, Context, Result};
use clap::Args;
use parlour_game::{Variant, Visit};
use parlour_search::{Info, Limits, Searcher};
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The limit when none is given: one second.
const DEFAULT_MOVETIME_MS: u64 = 1000;

/// Flags of `parlour best`.
#[derive(Args, Debug)]
pub struct BestArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Moves played from the position first, comma-separated, in the
    /// game's notation (`11-15,23-19`; pegs `K@11,K@14,@2`); the search
    /// sees the repetitions they make.
    #[arg(long, value_delimiter = ',')]
    moves: Vec<String>,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    engine: EngineArgs,
}

/// The search limit: one of depth, nodes, time per move, or a clock
/// (default: `--movetime 1000`).
#[derive(Args, Debug, Clone, Default)]
pub struct LimitArgs {
    /// Search to this depth in plies.
    #[arg(long, short, group = "limit")]
    depth: Option<u32>,
    /// Search about this many nodes.
    #[arg(long, group = "limit")]
    nodes: Option<u64>,
    /// Think this many milliseconds (the default limit: 1000).
    #[arg(long, group = "limit")]
    movetime: Option<u64>,
    /// Milliseconds left on the side to move's clock.
    #[arg(long, group = "limit")]
    clock: Option<u64>,
    /// Milliseconds added to the clock after each move (with `--clock`).
    #[arg(long, requires = "clock")]
    inc: Option<u64>,
}

impl LimitArgs {
    /// The limits the flags ask for, or why they cannot be used.
    pub fn limits(&self) -> Result<Limits> {
        let ms = Duration::from_millis;
        match (self.depth, self.nodes, self.movetime, self.clock) {
            (Some(0), ..) => bail!("--depth must be at least 1"),
            (Some(d), ..) if d > parlour_search::MAX_DEPTH => {
                bail!("--depth must be at most {}", parlour_search::MAX_DEPTH)
            }
            (Some(d), ..) => Ok(Limits::Depth(d)),
            (_, Some(0), ..) => bail!("--nodes must be at least 1"),
            (_, Some(n), ..) => Ok(Limits::Nodes(n)),
            (_, _, Some(0), _) => bail!("--movetime must be at least 1 ms"),
            (_, _, Some(t), _) => Ok(Limits::MoveTime(ms(t))),
            (_, _, _, Some(0)) => bail!("--clock must be at least 1 ms"),
            (_, _, _, Some(c)) => Ok(Limits::Clock {
                remaining: ms(c),
                increment: ms(self.inc.unwrap_or(0)),
            }),
            _ => Ok(Limits::MoveTime(ms(DEFAULT_MOVETIME_MS))),
        }
    }
}

/// `info depth <d> score <s> nodes <n> nps <n> time <seconds> pv <moves>`.
pub fn info_line<M: std::fmt::Display>(info: &Info<M>) -> String {
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "info depth {} score {} nodes {} nps {} time {:.3} pv {}",
        info.depth,
        info.score,
        info.nodes,
        info.nps,
        info.time.as_secs_f64(),
        pv.join(", ")
    )
}

impl Visit for &BestArgs {
    type Output = Result<()>;

    fn visit<V: Variant>(self) -> Result<()> {
        let limits = self.limits.limits()?;
        let start = self.game.position::<V>()?;
        let eval = self.engine.eval.evaluator(&V::rules_of(&start))?;
        let history = play_moves(start, &self.moves)?;
        let mut searcher = Searcher::new(threads(self.engine.threads), self.engine.hash)?;
        let stop = Arc::new(AtomicBool::new(false));
        // A reader that goes away (`| head`) stops the search instead of
        // crashing it.
        let result = searcher.search(&history, limits, &eval, &stop, |info| {
            let mut out = std::io::stdout().lock();
            if writeln!(out, "{}", info_line(info))
                .and_then(|()| out.flush())
                .is_err()
            {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        });
        let line = match result.best_move {
            Some(mv) => format!("bestmove {mv}"),
            None => "bestmove none".to_string(),
        };
        writeln!(std::io::stdout().lock(), "{line}").context("cannot write")
    }
}

impl Run for BestArgs {
    fn run(self) -> Result<()> {
        self.game.visit(&self)?
    }
}
