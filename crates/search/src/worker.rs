//! One search thread. Every thread of a search runs one [`Worker`]; they
//! share only the transposition table, the node count and the stop flags
//! ([`Shared`]). This file holds the thread's state and its bookkeeping
//! (nodes, limits, static scores, database scores); the search itself is
//! in three parts:
//!
//! - [`root`]: iterative deepening, aspiration windows and the root's moves;
//! - [`node`]: the alpha-beta search below the root and the quiescence
//!   search;
//! - [`moves`]: the move-ordering tables' use (a node's move order, the
//!   rewards of a cut-off) and the principal variation.

mod moves;
mod node;
mod root;

use crate::draw::Path;
use crate::evals::EvalCache;
use crate::limits::{Limits, TimeBudget};
use crate::ordering::Tables;
use crate::params::P;
use crate::score::{EVAL_LIMIT, MAX_PLY, PROVEN_DISTANCE, PROVEN_PROGRESS, PROVEN_WIN};
use crate::stack::Frame;
use crate::states::States;
use crate::tt::Table;
use parlour_game::{Evaluate, Evaluator, Proven};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// Nodes between two looks at the clock, the node budget and the flags.
const CHECK_EVERY: u64 = 1024;

/// What the threads of one search share.
pub(crate) struct Shared<'a> {
    pub table: &'a Table,
    /// The table of the lines after the first (multi-PV), where more than
    /// one is asked for.
    pub side_table: Option<&'a Table>,
    /// The caller's stop flag.
    pub stop: &'a AtomicBool,
    /// Set by the main thread when the search is over, for every thread.
    pub abort: AtomicBool,
    /// Nodes searched by all threads (each adds its count every
    /// [`CHECK_EVERY`] nodes, the main thread also at a node budget).
    pub nodes: AtomicU64,
    /// Positions found in the evaluator's endgame databases, by all threads.
    pub tbhits: AtomicU64,
    /// The depth the main thread is searching, for helpers to keep ahead.
    pub main_depth: AtomicU32,
    pub started: Instant,
    pub limits: Limits,
    /// The time the search may spend, computed once from its limits.
    pub time: Option<TimeBudget>,
}

/// The root's history: the hashes of the positions since the last
/// irreversible move (the root last) and the quiet-ply count.
pub(crate) struct RootHistory<'a> {
    pub hashes: &'a [u64],
    pub quiet: u32,
}

/// The result of one thread's search: its best move, and the lines of its
/// deepest finished depth.
pub(crate) struct Finished<M> {
    pub best: Option<M>,
    pub score: i32,
    pub depth: u32,
    pub pv: Vec<M>,
    /// The lines of `depth`, best first (empty where no depth finished).
    pub lines: Vec<FoundLine<M>>,
    /// Whether `score` is the root's proven value: a win or loss the
    /// search found, or the databases' value of the root or of the line.
    pub proven: bool,
}

/// One line of a finished depth: its score and principal variation (its
/// move first).
pub(crate) struct FoundLine<M> {
    pub score: i32,
    pub pv: Vec<M>,
}

/// One thread's search state.
pub(crate) struct Worker<'a, G: Evaluate> {
    shared: &'a Shared<'a>,
    eval: &'a G::Evaluator,
    /// The main thread reads the clock and the limits and reports; helpers
    /// only search.
    main: bool,
    /// A helper's offset in depth, so that helpers do not all search the
    /// same tree at the same time (Lazy SMP).
    skew: u32,
    /// Nodes not yet added to [`Shared::nodes`].
    unflushed: u64,
    /// The count of unflushed nodes at which to look again: [`CHECK_EVERY`],
    /// or, for the main thread near a node budget, what is left of it, so
    /// that a one-thread search stops at its budget exactly.
    check_at: u64,
    /// Database hits not yet added to [`Shared::tbhits`].
    tbhits: u64,
    /// Whether this search is being abandoned.
    aborted: bool,
    /// Whether positions below the root are looked up in the evaluator's
    /// endgame databases: not when the root itself is in them (see
    /// [`Worker::root_in_tables`]).
    probe_tree: bool,
    /// The transposition table this line's search uses: the shared one,
    /// or, for the lines after the first, the side table.
    table: &'a Table,
    /// History and continuation history, kept between searches.
    tables: &'a mut Tables,
    /// Where the lines after the first (multi-PV) are searched: a table,
    /// ordering tables and a stack of their own, swapped in and out
    /// ([`Worker::swap_side`]), so that the first line's search is the
    /// single-line search's, node for node.
    side: Option<SideLines<'a, G::Move>>,
    /// Static scores, kept between searches.
    evals: &'a mut EvalCache,
    /// The positions of the game and of the current line, for repetitions.
    path: Path,
    /// The per-ply state, one frame per ply from the root.
    stack: Vec<Frame<G::Move>>,
    /// A stack of move-ordering keys ([`crate::ordering::key`]).
    keys: Vec<i64>,
    /// The evaluator's per-ply states (none for most evaluators).
    states: States<G>,
    /// The side to move at the root, for contempt ([`Worker::draw_score`]).
    root_side: usize,
}

/// The search state of the lines after the first, while the first line's
/// is in use.
pub(crate) struct SideLines<'a, M> {
    table: &'a Table,
    tables: &'a mut Tables,
    stack: Vec<Frame<M>>,
}

/// A thread's ordering tables and score cache, and the ordering tables of
/// its lines after the first where a search has several.
pub(crate) struct Memory<'a> {
    pub tables: &'a mut Tables,
    pub evals: &'a mut EvalCache,
    pub side: Option<&'a mut Tables>,
}

/// A new stack of frames, one per ply.
fn new_stack<M: Copy + PartialEq>() -> Vec<Frame<M>> {
    (0..=MAX_PLY + 1).map(|_| Frame::new()).collect()
}

impl<'a, G: Evaluate> Worker<'a, G> {
    pub(crate) fn new(
        shared: &'a Shared<'a>,
        eval: &'a G::Evaluator,
        memory: Memory<'a>,
        thread: usize,
        root: &RootHistory<'_>,
    ) -> Self {
        let Memory {
            tables,
            evals,
            side,
        } = memory;
        let side = match (shared.side_table, side) {
            (Some(table), Some(tables)) => Some(SideLines {
                table,
                tables,
                stack: new_stack(),
            }),
            _ => None,
        };
        Worker {
            shared,
            eval,
            main: thread == 0,
            skew: if thread % 2 == 1 { P.helper_skew } else { 0 },
            unflushed: 0,
            check_at: CHECK_EVERY,
            tbhits: 0,
            aborted: false,
            probe_tree: true,
            table: shared.table,
            tables,
            side,
            evals,
            path: Path::new(root.hashes, MAX_PLY + 1),
            stack: new_stack(),
            keys: Vec::with_capacity(1 << 16),
            states: States::new(eval.state_len()),
            root_side: 0,
        }
    }

    /// The score of a draw at `pos` in the tree: 0, or with contempt
    /// ([`crate::params`]' `contempt`) below 0 where the root's side is to
    /// move and above 0 where the other is.
    #[inline(always)]
    fn draw_score(&self, pos: &G) -> i32 {
        crate::draw::draw_score(P.contempt, pos.side_to_move().index() == self.root_side)
    }

    /// Counts a node and, every [`CHECK_EVERY`] nodes (and at a node
    /// budget), publishes the count and looks at the flags and the node
    /// budget (the main thread also at the clock).
    #[inline(always)]
    fn count_node(&mut self) {
        self.unflushed += 1;
        if self.unflushed >= self.check_at {
            self.check();
        }
    }

    #[cold]
    fn check(&mut self) {
        let total = self.shared.nodes.fetch_add(self.unflushed, Relaxed) + self.unflushed;
        self.unflushed = 0;
        if self.tbhits > 0 {
            self.shared.tbhits.fetch_add(self.tbhits, Relaxed);
            self.tbhits = 0;
        }
        // Any thread ends the search at the node budget (a helper may run
        // ahead while the main thread is still starting); only the main
        // thread reads the clock and the caller's flag.
        let mut stop = false;
        if let Some(budget) = self.shared.limits.max_nodes() {
            stop = total >= budget;
            if self.main {
                self.check_at = (budget.saturating_sub(total)).clamp(1, CHECK_EVERY);
            }
        }
        if self.main {
            stop |= self.shared.stop.load(Relaxed);
            if let Some(time) = &self.shared.time {
                stop |= self.shared.started.elapsed() >= time.hard;
            }
        }
        if stop {
            self.shared.abort.store(true, Relaxed);
        }
        self.aborted = self.shared.abort.load(Relaxed);
    }

    /// Swaps the search state of the lines after the first in or out: the
    /// table, the ordering tables and the stack (its root frame the same
    /// root's). A search of one line has none, and swaps nothing.
    pub(crate) fn swap_side(&mut self) {
        let Some(side) = self.side.as_mut() else {
            return;
        };
        std::mem::swap(&mut self.table, &mut side.table);
        std::mem::swap(&mut self.tables, &mut side.tables);
        std::mem::swap(&mut self.stack, &mut side.stack);
        let root = &side.stack[0];
        let (key, quiet, previous) = (root.key, root.quiet, root.previous);
        self.stack[0].reset(key, quiet, previous);
    }

    /// Publishes the nodes not yet counted.
    pub(crate) fn flush(&mut self) {
        self.shared.nodes.fetch_add(self.unflushed, Relaxed);
        self.unflushed = 0;
        self.shared.tbhits.fetch_add(self.tbhits, Relaxed);
        self.tbhits = 0;
    }

    fn nodes(&self) -> u64 {
        self.shared.nodes.load(Relaxed) + self.unflushed
    }

    /// The score of `pos`, `ply` plies from the root, where the evaluator's
    /// endgame databases hold it: a proven win ranks below any win the
    /// search finds itself and above every evaluation; among proven wins
    /// one whose distance to conversion the databases store (a long one)
    /// ranks below the rest, the nearer first, and the rest by the
    /// evaluation (so the winning side makes progress: crowns, trades
    /// down), the nearer in plies only between equals; a proven loss the
    /// other way round; a draw 0.
    #[inline(always)]
    fn proven(&mut self, pos: &G, ply: usize) -> Option<i32> {
        let (proven, distance) = self.eval.probe_with_distance(pos)?;
        self.tbhits += 1;
        if proven == Proven::Draw {
            // The root's own value is shown as the databases give it.
            return Some(if ply == 0 { 0 } else { self.draw_score(pos) });
        }
        // Progress from the winner's view: a stored distance (a long win)
        // ranks below every win without one, the nearer first; else the
        // evaluation.
        let progress = match distance {
            Some(d) => {
                let winner = -PROVEN_PROGRESS - (d as i32).min(PROVEN_DISTANCE);
                if proven == Proven::Win {
                    winner
                } else {
                    -winner
                }
            }
            None => self.evaluate(pos).clamp(-PROVEN_PROGRESS, PROVEN_PROGRESS),
        };
        Some(match proven {
            Proven::Win => PROVEN_WIN - ply as i32 + progress,
            _ => -(PROVEN_WIN - ply as i32) + progress,
        })
    }

    /// The score of `pos` where the search stops: its evaluation, or,
    /// below a root in the databases (where they cut no line short), their
    /// value of it, so that the search steers clear of the draws they know
    /// and towards the wins it can see.
    #[inline(always)]
    fn static_score(&mut self, pos: &G, key: u64, ply: usize) -> i32 {
        if !self.probe_tree {
            if let Some(score) = self.proven(pos, ply) {
                return score;
            }
        }
        if let Some(score) = self.evals.get(key) {
            return score;
        }
        let score = self
            .states
            .evaluate(self.eval, pos, ply)
            .clamp(-EVAL_LIMIT, EVAL_LIMIT);
        self.evals.put(key, score);
        score
    }

    /// The static score, clamped clear of win and loss scores.
    #[inline(always)]
    fn evaluate(&self, pos: &G) -> i32 {
        self.eval.evaluate(pos).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }
}
