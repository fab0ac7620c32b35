//! `parlour best`: search a position and print one line per finished depth,
//! then the best move.

use crate::options::{
    at_least, cores, play_moves, threads, EngineArgs, GameArgs, MovesArg, PictureArgs,
};
use crate::Run;
use anyhow::{Context, Result};
use clap::Args;
use parlour_game::{Variant, Visit};
use parlour_search::{Info, Limits, Searcher};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The limit when none is given: one second.
const DEFAULT_MOVETIME_MS: u64 = 1000;

/// Flags of `parlour best`.
#[derive(Args, Debug)]
pub struct BestArgs {
    #[command(flatten)]
    game: GameArgs,
    // The search sees the repetitions the moves make.
    #[command(flatten)]
    moves: MovesArg,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    engine: EngineArgs,
    /// With `--svg FILE`: the position searched, the best move and the
    /// principal variation drawn on it as numbered arrows.
    #[command(flatten)]
    picture: PictureArgs,
    /// With --svg or --png: how many moves of the principal variation to
    /// draw as numbered arrows, from 0 to 100 (default 2: the best move
    /// and the reply).
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = clap::value_parser!(u32).range(0..=100))]
    arrows: u32,
}

/// The search limit: one of depth, nodes, time per move, or a clock
/// (default: `--movetime 1000`).
#[derive(Args, Debug, Clone, Default)]
pub struct LimitArgs {
    /// Search to this depth in plies (1 to 100).
    #[arg(long, short, group = "limit",
          value_parser = clap::value_parser!(u32).range(1..=i64::from(parlour_search::MAX_DEPTH)))]
    depth: Option<u32>,
    /// Search about this many nodes (at least 1).
    #[arg(long, group = "limit", value_parser = at_least(1u64))]
    nodes: Option<u64>,
    /// Think this many milliseconds, at least 1 (the default limit: 1000).
    #[arg(long, group = "limit", value_parser = at_least(1u64))]
    movetime: Option<u64>,
    /// Milliseconds left on the side to move's clock (at least 1).
    #[arg(long, group = "limit", value_parser = at_least(1u64))]
    clock: Option<u64>,
    /// Milliseconds added to the clock after each move, 0 or more (with
    /// `--clock`).
    #[arg(long, requires = "clock")]
    inc: Option<u64>,
}

impl LimitArgs {
    /// The limit the flags ask for (each flag's range is checked as it is
    /// read, a usage error).
    pub fn limits(&self) -> Limits {
        let ms = Duration::from_millis;
        match (self.depth, self.nodes, self.movetime, self.clock) {
            (Some(d), ..) => Limits::Depth(d),
            (_, Some(n), ..) => Limits::Nodes(n),
            (_, _, Some(t), _) => Limits::MoveTime(ms(t)),
            (_, _, _, Some(c)) => Limits::Clock {
                remaining: ms(c),
                increment: ms(self.inc.unwrap_or(0)),
            },
            _ => Limits::MoveTime(ms(DEFAULT_MOVETIME_MS)),
        }
    }
}

/// `info depth <d> score <s> nodes <n> nps <n> [tbhits <n>] time <seconds>
/// pv <moves>` (`tbhits`, the positions found in the endgame databases,
/// where the search has some).
pub fn info_line<M: std::fmt::Display>(info: &Info<M>) -> String {
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    let tbhits = if info.tbhits > 0 {
        format!(" tbhits {}", info.tbhits)
    } else {
        String::new()
    };
    format!(
        "info depth {} score {} nodes {} nps {}{tbhits} time {:.3} pv {}",
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
        let limits = self.limits.limits();
        let start = self.game.position::<V>()?;
        let eval = self.engine.eval.evaluator(&V::rules_of(&start))?;
        let history = play_moves(start, &self.moves.moves)?;
        if let Some((outcome, why)) = history.ending() {
            // Nothing to search: a search would play on past the rules'
            // end (a draw by repetition still has legal moves).
            let mut out = std::io::stdout().lock();
            writeln!(out, "game over: {outcome} ({why})")
                .and_then(|()| writeln!(out, "bestmove none"))
                .context("cannot write")?;
            return self.picture.write::<V>(history.current(), &[]);
        }
        let mut searcher = Searcher::new(threads(self.engine.threads, cores()), self.engine.hash)?;
        let stop = Arc::new(AtomicBool::new(false));
        // A reader that goes away (`| head`) stops the search instead of
        // crashing it.
        let said = AtomicBool::new(false);
        let result = searcher.search(&history, limits, &eval, &stop, |info| {
            said.store(true, Ordering::Relaxed);
            let mut out = std::io::stdout().lock();
            if writeln!(out, "{}", info_line(info))
                .and_then(|()| out.flush())
                .is_err()
            {
                stop.store(true, Ordering::Relaxed);
            }
        });
        let mut out = std::io::stdout().lock();
        if !said.load(Ordering::Relaxed) {
            // No depth finished in the time: still say what was searched,
            // as depth 0 (the move is the first iteration's best so far).
            writeln!(out, "{}", info_line(&result.info())).context("cannot write")?;
        }
        let line = match result.best_move {
            Some(mv) => format!("bestmove {mv}"),
            None => "bestmove none".to_string(),
        };
        writeln!(out, "{line}").context("cannot write")?;
        drop(out);
        // The principal variation starts with the best move; a search
        // stopped before its first depth has a move and no variation.
        let mut pv = match result.best_move {
            Some(mv) if result.pv.first() == Some(&mv) => result.pv.clone(),
            Some(mv) => vec![mv],
            None => Vec::new(),
        };
        pv.truncate(self.arrows as usize);
        self.picture.write::<V>(history.current(), &pv)
    }
}

impl Run for BestArgs {
    fn run(self) -> Result<()> {
        self.game.visit(&self)?
    }
}
