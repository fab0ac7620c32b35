//! `parlour perft`: leaf counts to a depth, with timing, optionally divided by
//! the first move; deep perft (a table, shares, a results file) and the
//! merge of shares' outputs.

use parlour_game::echo::echo;
use crate::options::{cores, mebibytes, thread_count, threads, GameArgs, MovesArg};
use crate::progress::Progress;
use crate::Run;
use anyhow::{bail, Context, Result};
use clap::Args;
use parlour_game::perft::identity::{Counting, Identity};
use parlour_game::perft::merge::{merge, DepthLine};
use parlour_game::perft::perft_depth;
use parlour_game::perft::results::ResultsFile;
use parlour_game::perft::split::{count_units, Frontier, Share};
use parlour_game::perft::table::{Mixed, Table};
use parlour_game::registry::{board_order, WithGame};
use parlour_game::{divide, perft, perft_parallel, Game, Variant, Visit};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

/// Flags of `parlour perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    moves: MovesArg,
    /// The depth in plies, 1 to 64 (beyond any count that could end).
    #[arg(long, short, value_parser = perft_depth_flag(), required_unless_present = "merge")]
    depth: Option<u32>,
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
    /// Deep perft: a table of this many MiB shared by the threads, keyed by
    /// the whole position, so a position reached again is counted once.
    #[arg(long, value_name = "MIB", value_parser = mebibytes())]
    hash: Option<usize>,
    /// Deep perft: count share K of N (`2/3`) of the units at the split
    /// depth (those numbered K-1 modulo N), printed under the run's
    /// identity for `--merge`.
    #[arg(long, value_name = "K/N")]
    split: Option<Share>,
    /// Deep perft: plies from the root to the units the run is cut into
    /// (default: the shallowest with 1000 units a share).
    #[arg(long, value_name = "D", value_parser = perft_depth_flag())]
    split_depth: Option<u32>,
    /// Deep perft: write each unit's count to FILE as it is done.
    #[arg(long, value_name = "FILE")]
    results: Option<PathBuf>,
    /// Continue the run of `--results FILE` where it stopped.
    #[arg(long, requires = "results")]
    resume: bool,
    /// Merge the saved outputs of every share of a `--split` run and print
    /// the whole count (with `--divide`, the root moves too).
    #[arg(long, value_name = "FILE", num_args = 1..,
          conflicts_with_all = ["depth", "hash", "split", "split_depth", "results", "unique", "threads"])]
    merge: Vec<PathBuf>,
}

impl PerftArgs {
    /// Whether the run is a deep one (table, units, shares or results).
    fn deep(&self) -> bool {
        self.hash.is_some()
            || self.split.is_some()
            || self.split_depth.is_some()
            || self.results.is_some()
    }
}

/// `--depth` and `--split-depth`: a whole number in perft's one range
/// ([`perft_depth`]), else a usage error with its message.
fn perft_depth_flag() -> impl clap::builder::TypedValueParser<Value = u32> {
    |text: &str| -> std::result::Result<u32, String> {
        let n: u64 = text
            .parse()
            .map_err(|_| "not a whole number, or too large".to_string())?;
        perft_depth(n).map_err(|e| e.to_string())
    }
}

/// Perft of one position, on the current rayon pool.
struct Count<'a> {
    args: &'a PerftArgs,
    /// The game, rules and position as the game writes them.
    names: [String; 3],
}

impl WithGame for Count<'_> {
    type Output = Result<()>;

    fn run<G: Game>(self, pos: &G) -> Result<()> {
        let args = self.args;
        let depth = args.depth.context("no --depth")?;
        if args.deep() {
            return Deep::new(&self, pos)?.run(pos, depth);
        }
        let mut out = std::io::stdout().lock();
        let mut emit = |line: String| writeln!(out, "{line}").context("cannot write");
        if args.divide {
            let started = Instant::now();
            let mut split: Vec<(String, u64)> = divide(pos, depth)
                .into_iter()
                .map(|(mv, n)| (mv.to_string(), n))
                .collect();
            let seconds = started.elapsed().as_secs_f64();
            split.sort_by(|a, b| board_order(&a.0, &b.0));
            let nodes = split.iter().map(|(_, n)| n).sum();
            for (mv, n) in split {
                emit(format!("{mv}: {n}"))?;
            }
            return emit(DepthLine { depth, nodes, seconds }.to_string());
        }
        for depth in 1..=depth {
            let started = Instant::now();
            let nodes = if rayon::current_num_threads() > 1 {
                perft_parallel(pos, depth)
            } else {
                perft(pos, depth)
            };
            let seconds = started.elapsed().as_secs_f64();
            emit(DepthLine { depth, nodes, seconds }.to_string())?;
        }
        Ok(())
    }
}

/// A deep perft run: the table, and what to print.
struct Deep<'a> {
    args: &'a PerftArgs,
    names: &'a [String; 3],
    table: Option<Table<Mixed>>,
    share: Share,
    progress: Progress,
}

impl<'a> Deep<'a> {
    fn new<G: Game>(count: &'a Count<'a>, pos: &G) -> Result<Deep<'a>> {
        let args = count.args;
        if let (Some(split), Some(depth)) = (args.split_depth, args.depth) {
            if split > depth {
                bail!("--split-depth {split} is deeper than --depth {depth}");
            }
        }
        if pos.full_key().is_none() && args.hash.is_some() {
            eprintln!("parlour: warning: this position has no full key: the table is not used");
        }
        let table = match args.hash {
            None => None,
            Some(mib) => {
                parlour_search::check_hash(mib).context("bad --hash")?;
                Some(Table::new(mib).context("bad --hash")?)
            }
        };
        Ok(Deep {
            args,
            names: &count.names,
            table,
            share: args.split.unwrap_or(Share::WHOLE),
            progress: Progress::new("parlour perft", "units", false),
        })
    }

    /// Counts `depth` from `pos` unit by unit and prints its lines: the
    /// line for `depth` alone, since a shallower depth's table holds few of
    /// a deeper one's entries (men only go forward, and the side to move
    /// alternates), so the shallower depths would add about half the time
    /// and save the last one little.
    fn run<G: Game>(&self, pos: &G, depth: u32) -> Result<()> {
        let args = self.args;
        let frontier = match args.split_depth {
            Some(s) => Frontier::new(pos, s),
            None => Frontier::choose(pos, depth, self.share.count()),
        };
        let identity = self.identity(&frontier, depth);
        let (results, done) = match &args.results {
            Some(path) => {
                let (file, done) = ResultsFile::open(path, &identity, args.resume)?;
                (Some(file), done)
            }
            None => (None, vec![None; frontier.units().len()]),
        };
        let mut out = std::io::stdout().lock();
        if args.split.is_some() {
            writeln!(out, "{identity}").and_then(|()| out.flush()).context("cannot write")?;
        }
        let wanted = |i: usize| self.share.holds(i) && done[i].is_none();
        let to_count = (0..done.len()).filter(|&i| wanted(i)).count();
        let resumed = done.iter().flatten().count();
        let label = format!("depth {depth}");
        self.progress
            .start(&label, (to_count + resumed) as u64, resumed as u64);
        let failed = Mutex::new(None);
        let started = Instant::now();
        let counted = count_units(
            &frontier,
            depth - frontier.split_depth(),
            self.table.as_ref(),
            wanted,
            |unit, nodes| {
                if let Some(Err(e)) = results.as_ref().map(|r| r.record(unit, nodes)) {
                    failed.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(e);
                }
                self.progress.advance(1);
            },
        );
        let seconds = started.elapsed().as_secs_f64();
        // The bar goes before the lines are printed, so that it clears its
        // own line only.
        self.progress
            .finish(&format!("{label}, {to_count} units counted"));
        let counts: Vec<Option<u64>> = counted.iter().zip(&done).map(|(a, b)| a.or(*b)).collect();
        if args.divide || args.split.is_some() {
            let mut moves: Vec<(String, u64)> = frontier
                .divide(&counts)
                .into_iter()
                .map(|(mv, n)| (mv.to_string(), n))
                .collect();
            moves.sort_by(|a, b| board_order(&a.0, &b.0));
            for (mv, n) in moves {
                writeln!(out, "{mv}: {n}").context("cannot write")?;
            }
        }
        let nodes = frontier.total(&counts);
        writeln!(out, "{}", DepthLine { depth, nodes, seconds }).context("cannot write")?;
        match failed.into_inner().unwrap_or_else(|p| p.into_inner()) {
            Some(e) => Err(e.into()),
            None => Ok(()),
        }
    }

    fn identity<G: Game>(&self, frontier: &Frontier<G>, depth: u32) -> Identity {
        let [game, rules, position] = self.names.clone();
        Identity {
            game,
            rules,
            position,
            depth,
            split_depth: frontier.split_depth(),
            counting: if self.args.unique {
                Counting::Unique
            } else {
                Counting::Every
            },
            units: frontier.units().len(),
            fingerprint: frontier.fingerprint(),
            share: self.share,
        }
    }
}

impl Visit for &PerftArgs {
    type Output = Result<()>;

    fn visit<V: Variant>(self) -> Result<()> {
        let pos = self.moves.position::<V>(&self.game)?;
        let names = [
            V::NAME.to_string(),
            V::rules_of(&pos).to_string(),
            pos.to_string(),
        ];
        let threads = threads(self.threads, cores());
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .stack_size(16 << 20)
            .build()
            .with_context(|| format!("cannot start {threads} threads"))?;
        pool.install(|| {
            let count = Count { args: self, names };
            if !self.unique {
                return count.run(&pos);
            }
            match V::with_unique_paths(&pos, count) {
                Some(result) => result,
                None => bail!("--unique is not for {}", V::NAME),
            }
        })
    }
}

/// `--merge`: the shares' outputs added up.
fn merge_files(args: &PerftArgs) -> Result<()> {
    let mut files = Vec::new();
    for path in &args.merge {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read --merge {}", echo(&path.display())))?;
        files.push((path.display().to_string(), text));
    }
    let merged = merge(&files)?;
    let mut out = std::io::stdout().lock();
    if args.divide {
        for (mv, n) in &merged.moves {
            writeln!(out, "{mv}: {n}").context("cannot write")?;
        }
    }
    writeln!(out, "{}", merged.line).context("cannot write")
}

impl Run for PerftArgs {
    fn run(self) -> Result<()> {
        if !self.merge.is_empty() {
            return merge_files(&self);
        }
        self.game.visit(&self)?
    }
}
