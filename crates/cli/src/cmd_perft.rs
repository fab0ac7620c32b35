//! `parlour perft`: leaf counts to a depth, with timing, optionally divided by
//! the first move.

use crate::options::{cores, thread_count, threads, GameArgs};
use crate::Run;
use anyhow::{bail, Context, Result};
use clap::Args;
use parlour_game::registry::WithGame;
use parlour_game::{divide, perft, perft_parallel, Game, Variant, Visit};
use std::io::Write;
use std::time::Instant;

/// Flags of `parlour perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The depth in plies (at least 1).
    #[arg(long, short, value_parser = clap::value_parser!(u32).range(1..))]
    depth: u32,
    /// One line per root move with its count, then the total at `--depth`.
    #[arg(long)]
    divide: bool,
    /// Worker threads, 1 to 1024 (default: all cores).
    #[arg(long, short, value_parser = thread_count())]
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

/// Perft of one position, on the current rayon pool.
struct Count<'a>(&'a PerftArgs);

impl WithGame for Count<'_> {
    type Output = Result<()>;

    fn run<G: Game>(self, pos: &G) -> Result<()> {
        let args = self.0;
        let mut out = std::io::stdout().lock();
        let mut emit = |line: String| writeln!(out, "{line}").context("cannot write");
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
            let nodes = if rayon::current_num_threads() > 1 {
                perft_parallel(pos, depth)
            } else {
                perft(pos, depth)
            };
            emit(depth_line(depth, nodes, started.elapsed().as_secs_f64()))?;
        }
        Ok(())
    }
}

impl Visit for &PerftArgs {
    type Output = Result<()>;

    fn visit<V: Variant>(self) -> Result<()> {
        let pos = self.game.position::<V>()?;
        let threads = threads(self.threads, cores());
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .stack_size(16 << 20)
            .build()
            .with_context(|| format!("cannot start {threads} threads"))?;
        pool.install(|| {
            if !self.unique {
                return Count(self).run(&pos);
            }
            match V::with_unique_paths(&pos, Count(self)) {
                Some(result) => result,
                None => bail!("--unique is not for {}", V::NAME),
            }
        })
    }
}

impl Run for PerftArgs {
    fn run(self) -> Result<()> {
        self.game.visit(&self)?
    }
}
