//! `parlour perft`: leaf counts to a depth, with timing, optionally divided by
//! the first move.

use crate::options::{AnyPosition, GameArgs};
use clap::Args;
use parlour_checkers::UniquePaths;
use parlour_game::{divide, perft, perft_parallel, Game};
use std::io::Write;
use std::time::Instant;

/// Flags of `parlour perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The depth in plies (at least 1).
    #[arg(long, short)]
    depth: u32,
    /// One line per root move with its count, then the total at `--depth`.
    #[arg(long)]
    divide: bool,
    /// Worker threads (default: all cores).
    #[arg(long, short)]
    threads: Option<usize>,
    /// Checkers: merge moves with the same start, end and captured pieces
    /// (the counting of rhalbersma/dctl).
    #[arg(long)]
    unique: bool,
}

/// The line for one depth: `<depth> <nodes> <seconds> <leaves per second>`.
fn depth_line(depth: u32, nodes: u64, seconds: f64) -> String {
    let rate = if seconds > 0.0 {
        (nodes as f64 / seconds) as u64
    } else {
        0
    };
    format!("{depth} {nodes} {seconds:.3} {rate}")
}

fn count<G: Game>(pos: &G, depth: u32, threads: usize) -> u64 {
    if threads > 1 {
        perft_parallel(pos, depth)
    } else {
        perft(pos, depth)
    }
}

fn run_game<G: Game>(pos: &G, args: &PerftArgs, threads: usize) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    let mut emit = |line: String| writeln!(out, "{line}").map_err(|e| format!("cannot write: {e}"));
    if args.divide {
        let started = Instant::now();
        let mut split: Vec<(String, u64)> = divide(pos, args.depth)
            .into_iter()
            .map(|(mv, n)| (mv.to_string(), n))
            .collect();
        let seconds = started.elapsed().as_secs_f64();
        split.sort();
        let total = split.iter().map(|(_, n)| n).sum();
        for (mv, n) in split {
            emit(format!("{mv}: {n}"))?;
        }
        return emit(depth_line(args.depth, total, seconds));
    }
    for depth in 1..=args.depth {
        let started = Instant::now();
        let nodes = count(pos, depth, threads);
        emit(depth_line(depth, nodes, started.elapsed().as_secs_f64()))?;
    }
    Ok(())
}

/// Runs the command.
pub fn run(args: PerftArgs) -> Result<(), String> {
    if args.depth == 0 {
        return Err("--depth must be at least 1".to_string());
    }
    let threads = match args.threads {
        Some(0) => return Err("--threads must be at least 1".to_string()),
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let position = args.game.position()?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(16 << 20)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    pool.install(|| match position {
        AnyPosition::Checkers(pos) if args.unique => run_game(&UniquePaths(pos), &args, threads),
        AnyPosition::Checkers(pos) => run_game(&pos, &args, threads),
        AnyPosition::Pegs(_) if args.unique => Err("--unique is for checkers only".to_string()),
        AnyPosition::Pegs(pos) => run_game(&pos, &args, threads),
    })
}
