//! `parlour best`: search a position and print one line per finished depth,
//! then the best move.

use crate::options::{AnyPosition, GameArgs};
use clap::Args;
use parlour_game::{Evaluate, History};
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
    /// Search threads (default: all cores).
    #[arg(long, short)]
    threads: Option<usize>,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    hash: usize,
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
    pub fn limits(&self) -> Result<Limits, String> {
        let ms = Duration::from_millis;
        match (self.depth, self.nodes, self.movetime, self.clock) {
            (Some(0), ..) => Err("--depth must be at least 1".to_string()),
            (Some(d), ..) if d > parlour_search::MAX_DEPTH => Err(format!(
                "--depth must be at most {}",
                parlour_search::MAX_DEPTH
            )),
            (Some(d), ..) => Ok(Limits::Depth(d)),
            (_, Some(0), ..) => Err("--nodes must be at least 1".to_string()),
            (_, Some(n), ..) => Ok(Limits::Nodes(n)),
            (_, _, Some(0), _) => Err("--movetime must be at least 1 ms".to_string()),
            (_, _, Some(t), _) => Ok(Limits::MoveTime(ms(t))),
            (_, _, _, Some(0)) => Err("--clock must be at least 1 ms".to_string()),
            (_, _, _, Some(c)) => Ok(Limits::Clock {
                remaining: ms(c),
                increment: ms(self.inc.unwrap_or(0)),
            }),
            _ => Ok(Limits::MoveTime(ms(DEFAULT_MOVETIME_MS))),
        }
    }
}

/// The threads to use: the flag, or every core.
pub fn threads(flag: Option<usize>) -> Result<usize, String> {
    match flag {
        Some(0) => Err("--threads must be at least 1".to_string()),
        Some(t) => Ok(t),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
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

fn run_game<G: Evaluate>(
    start: G,
    moves: &[String],
    limits: Limits,
    searcher: &mut Searcher,
) -> Result<(), String> {
    let mut history = History::new(start);
    for (i, text) in moves.iter().enumerate() {
        let mv = history
            .current()
            .parse_move(text.trim())
            .map_err(|e| format!("--moves: move {} `{}`: {e}", i + 1, text.trim()))?;
        history.push(mv);
    }
    let stop = Arc::new(AtomicBool::new(false));
    // A reader that goes away (`| head`) stops the search instead of
    // crashing it.
    let result = searcher.search(&history, limits, &Default::default(), &stop, |info| {
        let mut out = std::io::stdout().lock();
        if writeln!(out, "{}", info_line(info))
            .and_then(|()| out.flush())
            .is_err()
        {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    });
    let mut out = std::io::stdout().lock();
    let line = match result.best_move {
        Some(mv) => format!("bestmove {mv}"),
        None => "bestmove none".to_string(),
    };
    writeln!(out, "{line}").map_err(|e| format!("cannot write: {e}"))
}

/// Runs the command.
pub fn run(args: BestArgs) -> Result<(), String> {
    let limits = args.limits.limits()?;
    let threads = threads(args.threads)?;
    let position = args.game.position()?;
    let mut searcher = Searcher::new(threads, args.hash)?;
    match position {
        AnyPosition::Checkers(pos) => run_game(pos, &args.moves, limits, &mut searcher),
        AnyPosition::Pegs(pos) => run_game(pos, &args.moves, limits, &mut searcher),
    }
}
