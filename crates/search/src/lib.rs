//! A game-independent alpha-beta searcher, generic over any
//! [`parlour_game::Game`] that implements [`parlour_game::Evaluate`].
//!
//! - Negamax alpha-beta with principal-variation search (null windows after
//!   the first move, re-searched where they fail high), late-move
//!   reductions for quiet moves (deeper off the principal variation),
//!   internal iterative reduction where the table has no move, reverse
//!   futility and late-move pruning near the horizon, and a one-ply
//!   extension where a side has a single legal move. Nodes whose window
//!   holds a win or a loss are neither reduced nor pruned, so the nearest
//!   win is found.
//! - Iterative deepening with aspiration windows around the last score.
//! - A transposition table shared by every thread without locks
//!   ([`tt::Table`]), and each thread's cache of static scores (512 KiB,
//!   kept between searches: the search asks for the same scores again and
//!   again, and they are exact, so the tree is the same without it).
//! - Move ordering: the table's move, tactical moves by their gain, two
//!   killers per ply, the history heuristic.
//! - A quiescence search on the game's tactical moves, so no position is
//!   scored in the middle of an exchange.
//! - Wins and losses scored by their distance: the shortest win and the
//!   longest loss are preferred ([`Score`]).
//! - Repetitions and the quiet-ply limit are draws inside the search, and
//!   the game's history before the root counts ([`parlour_game::History`]).
//! - Lazy SMP: every thread of the search (kept between searches, up to one
//!   per core) searches the same root, every other helper a ply ahead,
//!   sharing only the table and the node count. The main thread keeps time
//!   and the limits; the first thread to finish a depth reports it, the
//!   first to finish the last depth ends the search, and the deepest
//!   finished search answers.
//! - [`Limits`]: a depth, a node budget, a time per move or a game clock,
//!   whichever comes first; and a stop flag a caller may set at any time.
//!
//! What a game must give: [`parlour_game::Game`] (moves generated in the
//! same order every time, since the table stores a move as its index in
//! that order; at most 65 535 legal moves in a position) and
//! [`parlour_game::Evaluate`] (a static score, which moves are tactical).
//!
//! ```
//! use parlour_checkers::{Position, Rules};
//! use parlour_game::Variant;
//! use parlour_search::{Limits, Searcher};
//! let mut searcher = Searcher::new(1, 1).unwrap();
//! let eval = Rules::ENGLISH.default_evaluator();
//! let start = Position::start(Rules::ENGLISH);
//! let result = searcher.search_position(&start, Limits::depth(4), &eval);
//! assert!(result.best_move.is_some());
//! ```

mod draw;
mod evals;
mod limits;
pub mod memory;
mod ordering;
pub mod params;
mod pool;
mod score;
mod skill;
mod stack;
mod states;
pub mod tt;
mod worker;

pub use limits::{LimitError, LimitRequest, Limits, Time, TimeLimit, MAX_NODES, MAX_SECONDS};
pub use memory::max_hash_mib;
pub use score::{Score, EVAL_LIMIT, MAX_PLY, WIN, WIN_BOUND};
pub use skill::{Skill, SkillError};

use parlour_game::{Evaluate, Evaluator, History};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use worker::{RootHistory, Shared, Worker};

/// The deepest iteration a search goes to.
pub const MAX_DEPTH: u32 = 100;

/// The most lines a search shows at once (multi-PV): more than any
/// position of the games has moves but the peg game's largest boards,
/// whose lines past this many are not worth a search each.
pub const MAX_LINES: usize = 256;

/// The most threads a searcher takes (as Stockfish).
pub const MAX_THREADS: usize = 1024;

/// The stack of each search thread: a node holds a move list on the stack,
/// and a search goes [`MAX_PLY`] plies deep. A thread that runs searches
/// itself ([`Searcher::on_caller_thread`]) needs one this large.
pub const SEARCH_STACK_BYTES: usize = 64 << 20;

/// Why a searcher could not be made.
#[derive(Debug, thiserror::Error)]
pub enum SearcherError {
    /// Asked for no thread.
    #[error("a searcher needs at least one thread")]
    NoThreads,
    /// Asked for more than [`MAX_THREADS`].
    #[error("{threads} threads is more than the most a searcher takes, {MAX_THREADS}")]
    TooManyThreads {
        /// How many were asked for.
        threads: usize,
    },
    /// Asked for a table of no size.
    #[error("a transposition table needs at least 1 MiB")]
    NoHash,
    /// A table larger than the machine's memory.
    #[error("a {mib} MiB transposition table is more than this machine's memory ({total} MiB)")]
    HashOverMemory {
        /// The size asked for.
        mib: usize,
        /// The machine's physical memory, in MiB.
        total: usize,
    },
    /// A table larger than the memory free now: Linux would allocate it
    /// and kill the process when its pages are touched.
    #[error(
        "a {mib} MiB transposition table is more than the memory available now \
         ({available} MiB of {total} MiB)"
    )]
    HashOverAvailable {
        /// The size asked for.
        mib: usize,
        /// The memory available, in MiB.
        available: usize,
        /// The machine's physical memory, in MiB.
        total: usize,
    },
    /// The allocation itself failed.
    #[error("cannot allocate a {mib} MiB transposition table")]
    HashAllocation {
        /// The size asked for.
        mib: usize,
        /// Why.
        source: std::collections::TryReserveError,
    },
}

/// What a search reports after each finished depth, once for each line
/// asked for ([`Searcher::search_lines`]), best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info<M> {
    /// The depth finished, in plies.
    pub depth: u32,
    /// The line's rank, from 1 (the best move's line).
    pub multipv: usize,
    /// The score of the best move, from the side to move's view.
    pub score: Score,
    /// Nodes searched so far, by all threads.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Positions found in the endgame databases so far, by all threads
    /// (0 without databases).
    pub tbhits: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation, the best move first.
    pub pv: Vec<M>,
}

/// Nodes a second: `nodes` searched in `time`.
pub(crate) fn nodes_per_second(nodes: u64, time: Duration) -> u64 {
    (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64
}

impl<M: Clone> SearchResult<M> {
    /// The search as an [`Info`] line reports it: its depth (0 where none
    /// finished), score, nodes and time, and its principal variation (the
    /// best move alone where no depth finished).
    pub fn info(&self) -> Info<M> {
        let pv = if self.pv.is_empty() {
            self.best_move.iter().cloned().collect()
        } else {
            self.pv.clone()
        };
        Info {
            depth: self.depth,
            multipv: 1,
            score: self.score,
            nodes: self.nodes,
            nps: nodes_per_second(self.nodes, self.time),
            tbhits: self.tbhits,
            time: self.time,
            pv,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play; `None` only where the side to move has no legal
    /// move.
    pub best_move: Option<M>,
    /// Its score, from the side to move's view (the static score where no
    /// depth was finished).
    pub score: Score,
    /// The deepest depth finished (0 where none was).
    pub depth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Positions found in the endgame databases, by all threads.
    pub tbhits: u64,
    /// Time taken.
    pub time: Duration,
    /// The principal variation, the best move first.
    pub pv: Vec<M>,
    /// The lines of the deepest finished depth, best first, as many as
    /// were asked for (and the position has moves); empty where no depth
    /// finished. The first is the best move's.
    pub lines: Vec<Line<M>>,
    /// Whether `score` is the position's proven value (a win or loss the
    /// search found, or the endgame databases' value of the position or
    /// of the line): what a solve waits for ([`Limits::until_proven`]).
    pub proven: bool,
}

/// One line of a search's deepest finished depth: its score and its
/// principal variation, its move first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line<M> {
    /// The line's score, from the side to move's view.
    pub score: Score,
    /// The line's moves, the root move first.
    pub pv: Vec<M>,
}

impl<M: Copy> Line<M> {
    /// The line's root move.
    pub fn first(&self) -> M {
        self.pv[0]
    }
}

/// A searcher: its own pool of threads and its transposition table, kept
/// from one search to the next.
pub struct Searcher {
    pool: pool::Pool,
    table: tt::Table,
    /// The table of the lines after the first (multi-PV), made on the
    /// first search of several lines: half the main table's size.
    side_table: Option<tt::Table>,
    threads: usize,
    /// What each thread keeps between searches, made on the thread's
    /// first search (idle threads cost nothing) and kept until
    /// [`Searcher::clear`].
    memory: Vec<Mutex<Option<Box<ThreadMemory>>>>,
}

/// What a search thread keeps from one search to the next: its
/// move-ordering tables and its cache of static scores, and the ordering
/// tables of its lines after the first, once a search has several.
struct ThreadMemory {
    tables: ordering::Tables,
    evals: evals::EvalCache,
    side: Option<ordering::Tables>,
}

impl ThreadMemory {
    /// This thread's memory for a search of `lines` lines.
    fn for_search(&mut self, lines: usize) -> worker::Memory<'_> {
        if lines > 1 && self.side.is_none() {
            self.side = Some(ordering::Tables::new());
        }
        worker::Memory {
            tables: &mut self.tables,
            evals: &mut self.evals,
            side: self.side.as_mut().filter(|_| lines > 1),
        }
    }
}

/// Whether a table of `mib` MiB fits in the machine's memory: what
/// [`Searcher::new`] checks before it allocates one, for a caller that
/// allocates later (a Hub engine, at `init`).
pub fn check_hash(mib: usize) -> Result<(), SearcherError> {
    if mib == 0 {
        return Err(SearcherError::NoHash);
    }
    let Some(memory) = memory::memory() else {
        return Ok(());
    };
    let total = memory.total_mib;
    if mib > total {
        return Err(SearcherError::HashOverMemory { mib, total });
    }
    if mib > memory.available_mib {
        return Err(SearcherError::HashOverAvailable {
            mib,
            available: memory.available_mib,
            total,
        });
    }
    Ok(())
}

impl Searcher {
    /// A searcher with `threads` threads (1 to [`MAX_THREADS`], started
    /// on its first search; up to one per core they are kept, parked,
    /// between searches, more are started for each) and a transposition
    /// table of `hash_mib` mebibytes (at least 1, and no more than the
    /// machine's memory available now), allocated here.
    pub fn new(threads: usize, hash_mib: usize) -> Result<Searcher, SearcherError> {
        if threads == 0 {
            return Err(SearcherError::NoThreads);
        }
        if threads > MAX_THREADS {
            return Err(SearcherError::TooManyThreads { threads });
        }
        Searcher::with_pool(pool::Pool::new(threads, SEARCH_STACK_BYTES), hash_mib)
    }

    /// A searcher of one thread, the caller's: each search runs on the
    /// thread that asks for it, with no thread to start or wake, which is
    /// what many short searches in parallel want (self-play's games, each
    /// on a thread of its own pool). The caller's thread must have a stack
    /// of at least [`SEARCH_STACK_BYTES`] (a thread's or a rayon pool's
    /// `stack_size`; a program's main thread has 8 MiB on Linux).
    pub fn on_caller_thread(hash_mib: usize) -> Result<Searcher, SearcherError> {
        Searcher::with_pool(pool::Pool::on_caller(), hash_mib)
    }

    fn with_pool(pool: pool::Pool, hash_mib: usize) -> Result<Searcher, SearcherError> {
        check_hash(hash_mib)?;
        let table =
            tt::Table::try_new(hash_mib).map_err(|source| SearcherError::HashAllocation {
                mib: hash_mib,
                source,
            })?;
        let threads = pool.threads();
        Ok(Searcher {
            pool,
            table,
            side_table: None,
            threads,
            memory: (0..threads).map(|_| Mutex::new(None)).collect(),
        })
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The transposition table's size in bytes.
    pub fn hash_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Forgets everything learnt in earlier searches, so the next search
    /// is as if by a new searcher (with one thread, the same nodes, move
    /// and score).
    pub fn clear(&mut self) {
        self.table.clear();
        if let Some(side) = &mut self.side_table {
            side.clear();
        }
        for memory in &mut self.memory {
            if let Some(m) = memory.get_mut().expect("no search panicked").as_mut() {
                m.tables.clear();
                m.evals.clear();
                if let Some(side) = &mut m.side {
                    side.clear();
                }
            }
        }
    }

    /// Readies the table of the lines after the first for a search of
    /// `lines` lines: made on the first such search (half the main table's
    /// size). Where it cannot be had, the lines share the main table (and
    /// the first may then differ from a single search's).
    fn prepare_side_table(&mut self, lines: usize) {
        if lines > 1 && self.side_table.is_none() {
            let mib = (self.table.bytes() >> 21).max(1);
            self.side_table = tt::Table::try_new(mib).ok();
        }
        if let Some(side) = self.side_table.as_ref().filter(|_| lines > 1) {
            side.new_search();
        }
    }

    /// Searches the position `pos`, with no history before it, scored by
    /// `eval`.
    pub fn search_position<G: Evaluate>(
        &mut self,
        pos: &G,
        limits: Limits,
        eval: &G::Evaluator,
    ) -> SearchResult<G::Move> {
        let stop = Arc::new(AtomicBool::new(false));
        self.search(&History::new(*pos), limits, eval, &stop, |_| {})
    }

    /// Searches the current position of `history`, seeing repetitions of
    /// the positions before it and its quiet-ply count, scoring positions
    /// with `eval`, until `limits` or
    /// until `stop` is set (by any thread, at any time; the searcher never
    /// clears it, so a caller reusing a flag stores `false` before the next
    /// search). `on_info` is called once per finished depth, in order of
    /// depth, on one of the searcher's threads (the first to finish that
    /// depth); only the main thread reads the clock to decide when to stop.
    pub fn search<G: Evaluate>(
        &mut self,
        history: &History<G>,
        limits: Limits,
        eval: &G::Evaluator,
        stop: &Arc<AtomicBool>,
        on_info: impl FnMut(&Info<G::Move>) + Send,
    ) -> SearchResult<G::Move> {
        self.search_lines(history, limits, eval, stop, 1, on_info)
    }

    /// [`Searcher::search`] of the `lines` best root moves (multi-PV; all
    /// of them where the position has fewer): at each finished depth each
    /// line is a search of the root moves the lines before it left, to the
    /// same depth, so every line's score is its own (a line a search finds
    /// better than the one before it, as separate searches may, is scored
    /// equal to it); `on_info` is called for each line of each finished
    /// depth, best first. The first line is [`Searcher::search`]'s, node
    /// for node with one thread: the lines after it are searched with a
    /// table, ordering tables and stack of their own. One line is
    /// [`Searcher::search`], at the same speed.
    pub fn search_lines<G: Evaluate>(
        &mut self,
        history: &History<G>,
        limits: Limits,
        eval: &G::Evaluator,
        stop: &Arc<AtomicBool>,
        lines: usize,
        on_info: impl FnMut(&Info<G::Move>) + Send,
    ) -> SearchResult<G::Move> {
        let started = Instant::now();
        self.table.new_search();
        self.prepare_side_table(lines);
        let side_table = self.side_table.as_ref().filter(|_| lines > 1);
        let shared = Shared {
            table: &self.table,
            side_table,
            stop,
            abort: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            tbhits: AtomicU64::new(0),
            main_depth: AtomicU32::new(0),
            started,
            limits,
            time: limits.time.map(limits::TimeBudget::of),
        };
        let root = RootHistory {
            hashes: history.reversible_hashes(),
            quiet: history.quiet_plies(),
        };
        let pos = *history.current();
        // The deepest depth reported so far, and the caller's callback: a
        // depth's lines are reported together, from one thread.
        let reporter = Mutex::new((0u32, on_info));
        let report = |infos: &[Info<G::Move>]| {
            let mut guard = reporter.lock().expect("a report never panics");
            let (reported, on_info) = &mut *guard;
            let depth = infos.first().map_or(0, |info| info.depth);
            if depth > *reported {
                *reported = depth;
                infos.iter().for_each(&mut *on_info);
            }
        };
        let all_memory = &self.memory;
        let eval_id = eval.identity();
        let results = self.pool.broadcast(|ctx| {
            let mut slot = all_memory[ctx.index()].lock().expect("no search panicked");
            let memory = slot.get_or_insert_with(|| {
                Box::new(ThreadMemory {
                    tables: ordering::Tables::new(),
                    evals: evals::EvalCache::new(),
                    side: None,
                })
            });
            memory.evals.begin::<G>(eval_id);
            let memory = memory.for_search(lines);
            let mut worker = Worker::<G>::new(&shared, eval, memory, ctx.index(), &root);
            let max_depth = limits.max_depth();
            let finished = worker.think(&pos, root.quiet, max_depth, lines, &mut |infos| {
                report(infos)
            });
            if ctx.index() == 0 {
                shared.abort.store(true, Relaxed);
            }
            worker.flush();
            finished
        });
        // The deepest finished search answers; the main thread among equals
        // (Lazy SMP: a helper, a ply ahead, may finish the last depth first).
        let finished = results
            .into_iter()
            .enumerate()
            .max_by_key(|(i, f)| (f.depth, std::cmp::Reverse(*i)))
            .map(|(_, f)| f)
            .expect("a pool has at least one thread");
        SearchResult {
            best_move: finished.best,
            score: if finished.best.is_none() {
                Score::Loss(0)
            } else {
                Score::from_internal(finished.score)
            },
            depth: finished.depth,
            nodes: shared.nodes.load(Relaxed),
            tbhits: shared.tbhits.load(Relaxed),
            time: started.elapsed(),
            pv: finished.pv,
            lines: finished
                .lines
                .into_iter()
                .map(|line| Line {
                    score: Score::from_internal(line.score),
                    pv: line.pv,
                })
                .collect(),
            proven: finished.proven,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_checkers::{Position, Rules};
    use parlour_game::{Game, Variant};
    use parlour_pegs::{PegPosition, PegRules};

    /// Searches `history` to `depth` twice with one searcher, the table and
    /// the ordering tables emptied between the two but the cached scores
    /// kept: the second search, scoring from the cache, must be the first
    /// again, node for node.
    fn same_tree_from_cached_scores<G: Evaluate>(
        history: &History<G>,
        eval: &G::Evaluator,
        depth: u32,
    ) {
        let mut searcher = Searcher::new(1, 4).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let limits = Limits::depth(depth);
        let first = searcher.search(history, limits, eval, &stop, |_| {});
        searcher.table.clear();
        let mut cached = 0;
        for memory in &mut searcher.memory {
            if let Some(m) = memory.get_mut().unwrap().as_mut() {
                m.tables.clear();
                cached += m.evals.filled();
            }
        }
        assert!(cached > 100, "{cached} scores cached");
        let second = searcher.search(history, limits, eval, &stop, |_| {});
        assert_eq!(
            (first.nodes, first.score, &first.pv),
            (second.nodes, second.score, &second.pv)
        );
        // Emptied as well, the cache gives the same again.
        searcher.clear();
        let third = searcher.search(history, limits, eval, &stop, |_| {});
        assert_eq!((first.nodes, &first.pv), (third.nodes, &third.pv));
    }

    #[test]
    fn cached_scores_leave_the_tree_as_it_was() {
        for rules in [Rules::ENGLISH, Rules::HUFFING] {
            let mut history = History::new(Position::start(rules));
            for text in ["11-15", "23-19", "8-11"] {
                let mv = history.current().parse_move(text).unwrap();
                history.push(mv);
            }
            same_tree_from_cached_scores(&history, &rules.default_evaluator(), 9);
        }
        let pegs = History::new(PegPosition::start(PegRules::DEFAULT));
        same_tree_from_cached_scores(&pegs, &PegRules::DEFAULT.default_evaluator(), 6);
    }
}
