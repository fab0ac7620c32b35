//! One search thread: iterative deepening with aspiration windows over a
//! principal-variation alpha-beta search, and a quiescence search on
//! tactical moves. Every thread of a search runs one [`Worker`]; they share
//! only the transposition table, the node count and the stop flags
//! ([`Shared`]). Move ordering is [`crate::ordering`]'s, the draw policy
//! [`crate::draw`]'s, the per-ply state [`crate::stack`]'s.

use crate::draw::{respect_quiet_limit, Path};
use crate::evals::EvalCache;
use crate::limits::{Limits, Stability};
use crate::ordering::{self, continuation_key, Tables, KILLER, NO_KEY, TACTICAL, TT_MOVE};
use crate::params::P;
use crate::score::{
    from_table, to_table, Score, EVAL_LIMIT, INFINITE, MAX_PLY, PROVEN_DISTANCE, PROVEN_PROGRESS,
    PROVEN_WIN, WIN, WIN_BOUND,
};
use crate::stack::Frame;
use crate::tt::{Bound, Table};
use crate::Info;
use parlour_game::{Evaluate, Evaluator, MoveList, Proven};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// Nodes between two looks at the clock, the node budget and the flags.
const CHECK_EVERY: u64 = 1024;

/// `REDUCTIONS[d][i]`: the late-move reduction of the `i`-th move at depth
/// `d` (both capped at 63), from `ln(d) * ln(i)` (the shape is
/// [`crate::params`]' `lmr_base` and `lmr_divisor`); a ply less at a node of
/// the principal variation, a ply more at any other node unless the move is
/// a killer, and less again with a good history.
static REDUCTIONS: std::sync::LazyLock<Box<[[u8; 64]; 64]>> = std::sync::LazyLock::new(|| {
    let mut t = Box::new([[0u8; 64]; 64]);
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (i, r) in row.iter_mut().enumerate().skip(1) {
            *r = (P.lmr_base + (d as f64).ln() * (i as f64).ln() / P.lmr_divisor).max(0.0) as u8;
        }
    }
    t
});

/// What the threads of one search share.
pub(crate) struct Shared<'a> {
    pub table: &'a Table,
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
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

/// The root's history: the hashes of the positions since the last
/// irreversible move (the root last) and the quiet-ply count.
pub(crate) struct RootHistory<'a> {
    pub hashes: &'a [u64],
    pub quiet: u32,
}

/// A root move and what the last iteration made of it.
#[derive(Clone, Copy)]
struct RootMove<M> {
    index: u16,
    mv: M,
    score: i32,
}

/// What [`Worker::negamax`] tells [`Worker::search_moves`] of its node.
#[derive(Clone, Copy)]
struct NodeFlags {
    /// A node of the principal variation (an open window).
    pv_node: bool,
    /// A bound is a win or a loss: no reduction or pruning.
    full_depth: bool,
    /// Whether the position is unsettled, where already asked.
    unsettled: Option<bool>,
}

/// The result of one thread's search.
pub(crate) struct Finished<M> {
    pub best: Option<M>,
    pub score: i32,
    pub depth: u32,
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
    /// History and continuation history, kept between searches.
    tables: &'a mut Tables,
    /// Static scores, kept between searches.
    evals: &'a mut EvalCache,
    /// The positions of the game and of the current line, for repetitions.
    path: Path,
    /// The per-ply state, one frame per ply from the root.
    stack: Vec<Frame<G::Move>>,
    /// A stack of move-ordering keys ([`ordering::key`]).
    keys: Vec<i64>,
}

impl<'a, G: Evaluate> Worker<'a, G> {
    pub(crate) fn new(
        shared: &'a Shared<'a>,
        eval: &'a G::Evaluator,
        tables: &'a mut Tables,
        evals: &'a mut EvalCache,
        thread: usize,
        root: &RootHistory<'_>,
    ) -> Self {
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
            tables,
            evals,
            path: Path::new(root.hashes, MAX_PLY + 1),
            stack: (0..=MAX_PLY + 1).map(|_| Frame::new()).collect(),
            keys: Vec::with_capacity(1 << 16),
        }
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
            if let Some(hard) = self.shared.hard {
                stop |= self.shared.started.elapsed() >= hard;
            }
        }
        if stop {
            self.shared.abort.store(true, Relaxed);
        }
        self.aborted = self.shared.abort.load(Relaxed);
    }

    /// Publishes the nodes not yet counted.
    pub(crate) fn flush(&mut self) {
        self.shared.nodes.fetch_add(self.unflushed, Relaxed);
        self.unflushed = 0;
        self.shared.tbhits.fetch_add(self.tbhits, Relaxed);
        self.tbhits = 0;
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
            return Some(0);
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

    /// With the root in the evaluator's endgame databases, keeps only the
    /// root moves that hold its value (every move of a lost position), and
    /// has the search below them take the databases' values where it
    /// stops ([`Worker::static_score`]) instead of at every node; returns
    /// the root's proven score. Cutting every node short by the databases
    /// would score every root move at once by their value and the
    /// evaluation, a one-ply search that never finds the captures that
    /// win (three kings shuffle round one); this way the search finds them
    /// itself, the moves left cannot spoil the win, and the value is shown
    /// as the databases give it (as Stockfish filters root moves by its
    /// tablebases).
    fn root_in_tables(&mut self, root: &G, root_moves: &mut Vec<RootMove<G::Move>>) -> Option<i32> {
        self.probe_tree = true;
        let value = self.eval.probe(root)?;
        self.probe_tree = false;
        let keeps = |child: Option<Proven>, over: bool| match value {
            Proven::Win => child == Some(Proven::Loss) || (child.is_none() && over),
            Proven::Draw => child == Some(Proven::Draw),
            Proven::Loss => true,
        };
        let mut kept: Vec<RootMove<G::Move>> = Vec::with_capacity(root_moves.len());
        for rm in root_moves.iter() {
            let child = root.play(rm.mv);
            let proven = self.eval.probe(&child);
            self.tbhits += u64::from(proven.is_some());
            if keeps(proven, proven.is_none() && child.count_moves() == 0) {
                kept.push(*rm);
            }
        }
        // Tables that contradict their own successors keep every move.
        if !kept.is_empty() {
            *root_moves = kept;
        }
        self.proven(root, 0)
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
        let score = self.evaluate(pos);
        self.evals.put(key, score);
        score
    }

    fn nodes(&self) -> u64 {
        self.shared.nodes.load(Relaxed) + self.unflushed
    }

    /// The static score, clamped clear of win and loss scores.
    #[inline(always)]
    fn evaluate(&self, pos: &G) -> i32 {
        self.eval.evaluate(pos).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// Iterative deepening from `root` up to `max_depth`, offering each
    /// finished depth to `report`. The main thread searches every depth
    /// from 1; a helper keeps ahead of it (Lazy SMP). A limit may end the
    /// search at any node, the first iteration's included: the answer is
    /// then the best move found so far, or the first in the order.
    pub(crate) fn think(
        &mut self,
        root: &G,
        quiet: u32,
        max_depth: u32,
        report: &mut dyn FnMut(&Info<G::Move>),
    ) -> Finished<G::Move> {
        let mut list = G::MoveList::default();
        root.legal_moves(&mut list);
        let mut finished = Finished {
            best: None,
            score: self.evaluate(root),
            depth: 0,
            pv: Vec::new(),
        };
        if list.is_empty() {
            return finished;
        }
        let key = root.hash();
        let tt_move = self.shared.table.probe(key).and_then(|h| h.move_index);
        self.stack[0].reset(key, quiet, NO_KEY);
        self.score_moves(root, list.as_ref(), tt_move, 0);
        let mut root_moves: Vec<RootMove<G::Move>> = Vec::with_capacity(list.len());
        for i in 0..list.len() {
            let index = ordering::pick(&mut self.keys, i);
            root_moves.push(RootMove {
                index: index as u16,
                mv: list.as_ref()[index],
                score: -INFINITE,
            });
        }
        self.keys.clear();
        let root_proven = self.root_in_tables(root, &mut root_moves);
        // What the search says a score is: with the root in the databases,
        // their value unless the search proves a win or loss of its own.
        let shown = |score: i32| match root_proven {
            Some(proven) if score.abs() < WIN_BOUND => proven,
            _ => score,
        };
        // Something legal to answer with, whatever happens.
        finished.best = Some(root_moves[0].mv);
        finished.pv = vec![root_moves[0].mv];

        let max_depth = if self.main && self.shared.limits.is_timed() && root_moves.len() == 1 {
            1
        } else {
            max_depth
        };
        let mut previous: i32 = 0;
        // How settled the main thread's iterations are, for a clock's time.
        let mut stability = Stability::default();
        let mut depth = if self.main { 1 } else { 1 + self.skew };
        while depth <= max_depth {
            // Every iteration starts by looking at the limits, so a stop or
            // a spent budget is seen even where an iteration is smaller
            // than the node batch between checks.
            self.check();
            if self.aborted {
                break;
            }
            if self.main {
                self.shared.main_depth.store(depth, Relaxed);
            }
            let (mut alpha, mut beta, mut delta) = if depth >= 4 && previous.abs() < WIN_BOUND {
                (
                    previous - P.aspiration,
                    previous + P.aspiration,
                    P.aspiration,
                )
            } else {
                (-INFINITE, INFINITE, INFINITE)
            };
            let score = loop {
                let score = self.root_search(root, depth as i32, alpha, beta, &mut root_moves);
                if self.aborted {
                    break score;
                }
                if score <= alpha && alpha > -INFINITE {
                    beta = (alpha + beta) / 2;
                    alpha = (score - delta).max(-INFINITE);
                } else if score >= beta && beta < INFINITE {
                    beta = (score + delta).min(INFINITE);
                } else {
                    break score;
                }
                delta = delta.saturating_add(delta / 2 + 5);
                if delta > 12 * P.aspiration {
                    (alpha, beta) = (-INFINITE, INFINITE);
                }
            };
            // A move that beat the previous best in an abandoned iteration
            // is still the better move.
            let best = root_moves[0];
            if self.aborted {
                if best.score > -INFINITE {
                    finished.best = Some(best.mv);
                    if self.stack[0].pv.first() == Some(&best.mv) {
                        finished.pv.clone_from(&self.stack[0].pv);
                    } else {
                        finished.pv = vec![best.mv];
                    }
                }
                break;
            }
            previous = score;
            let changed = finished.depth > 0 && finished.best != Some(best.mv);
            finished = Finished {
                best: Some(best.mv),
                score: shown(score),
                depth,
                pv: self.stack[0].pv.clone(),
            };
            // Every thread offers its finished depths; the searcher prints
            // each depth once, from the first thread to finish it.
            let time = self.shared.started.elapsed();
            let nodes = self.nodes();
            report(&Info {
                depth,
                score: Score::from_internal(shown(score)),
                nodes,
                nps: (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64,
                tbhits: self.shared.tbhits.load(Relaxed) + self.tbhits,
                time,
                pv: finished.pv.clone(),
            });
            if depth >= max_depth {
                // Whichever thread finishes the last depth first ends the
                // search for all.
                self.shared.abort.store(true, Relaxed);
                break;
            }
            if self.main {
                let scale = stability.finished(changed, score);
                if let (Some(soft), Some(hard)) = (self.shared.soft, self.shared.hard) {
                    if time >= self.shared.limits.soft_bound(soft, hard, scale) {
                        break;
                    }
                }
                depth += 1;
            } else {
                // A helper keeps ahead of the main thread: the next depth,
                // or, every other helper, one beyond the main thread's.
                depth = (depth + 1).max(self.shared.main_depth.load(Relaxed) + self.skew);
            }
        }
        finished
    }

    /// Sets up the frame of the child reached by `mv` from the node at
    /// `ply`, and enters it on the path.
    #[inline(always)]
    fn enter(&mut self, pos: &G, mv: G::Move, child: &G, ply: usize) {
        let frame = &self.stack[ply];
        let quiet = if pos.is_irreversible(mv) {
            0
        } else {
            frame.quiet + 1
        };
        let key = pos.hash_after(frame.key, child);
        let previous = continuation_key(pos.history_key(mv));
        self.stack[ply + 1].reset(key, quiet, previous);
        self.path.push(key);
    }

    /// One iteration at the root: every root move, the best of the last
    /// iteration first. Each move that raises alpha moves to the front, so
    /// the front move is always the best found so far.
    fn root_search(
        &mut self,
        root: &G,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        root_moves: &mut [RootMove<G::Move>],
    ) -> i32 {
        self.stack[0].pv.clear();
        let key = self.stack[0].key;
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_index = None;
        for rm in root_moves.iter_mut() {
            rm.score = -INFINITE;
        }
        for i in 0..root_moves.len() {
            let mv = root_moves[i].mv;
            let child = root.play(mv);
            self.enter(root, mv, &child, 0);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, 1)
            } else {
                let mut s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1);
                if s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(&child, depth - 1, -beta, -alpha, 1);
                }
                s
            };
            self.path.pop();
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                root_moves[i].score = score;
                best_index = Some(root_moves[i].index);
                alpha = score;
                self.update_pv(0, mv);
                // The new best goes first, so that an abandoned iteration
                // still answers with it.
                root_moves[..=i].rotate_right(1);
                if score >= beta {
                    break;
                }
            }
        }
        if !self.aborted {
            let bound = Bound::of(best, original_alpha, beta);
            self.shared
                .table
                .store(key, to_table(best, 0), depth, bound, best_index);
        }
        best
    }

    /// The principal-variation alpha-beta search below the root, at the
    /// node of frame `ply` (its hash and quiet count are in the frame).
    fn negamax(&mut self, pos: &G, depth: i32, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        self.stack[ply].pv.clear();
        let quiet = self.stack[ply].quiet;
        if quiet >= pos.quiet_ply_limit() || self.path.repeated(quiet) {
            // A side with no move has lost, whatever the history says.
            return if pos.count_moves() == 0 {
                -(WIN - ply as i32)
            } else {
                0
            };
        }
        if ply > 0 && self.probe_tree {
            if let Some(score) = self.proven(pos, ply) {
                self.count_node();
                return score;
            }
        }
        if depth <= 0 {
            return self.quiesce(pos, self.stack[ply].key, alpha, beta, ply, 0);
        }
        self.count_node();
        if self.aborted {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.static_score(pos, self.stack[ply].key, ply);
        }
        // Nothing here can beat a win in the next ply or lose faster than
        // a loss now.
        alpha = alpha.max(-(WIN - ply as i32));
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        // Where a bound is a win or a loss, a line cut short could hide a
        // nearer one: such nodes are neither reduced nor pruned (reverse
        // futility pruning asks the same of beta).
        let full_depth = alpha <= -WIN_BOUND || beta >= WIN_BOUND;
        let key = self.stack[ply].key;

        let mut tt_move = None;
        if let Some(hit) = self.shared.table.probe(key) {
            tt_move = hit.move_index;
            if !pv_node && hit.depth >= depth {
                let score = respect_quiet_limit(
                    from_table(hit.score, ply),
                    ply,
                    quiet,
                    pos.quiet_ply_limit(),
                );
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }

        // Reverse futility pruning: a quiet position so far above beta
        // that a shallow search would not bring it back. Whether the
        // position is unsettled is asked only where it decides something,
        // and then once.
        let mut unsettled = None;
        if !pv_node && depth <= P.rfp_depth && beta.abs() < WIN_BOUND {
            let is_unsettled = pos.is_unsettled();
            unsettled = Some(is_unsettled);
            if !is_unsettled {
                let static_eval = self.static_score(pos, self.stack[ply].key, ply);
                if static_eval - P.rfp_margin * depth >= beta {
                    return static_eval;
                }
            }
        }
        let depth = if tt_move.is_none() && depth >= P.iir_depth && !full_depth {
            depth - 1
        } else {
            depth
        };
        let flags = NodeFlags {
            pv_node,
            full_depth,
            unsettled,
        };
        self.search_moves(pos, depth, alpha, beta, ply, tt_move, flags)
    }

    /// The moves of a negamax node that the table and the pruning above
    /// did not settle: in a function of its own, so that only nodes that
    /// list their moves have the move list's stack frame.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        pos: &G,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        tt_move: Option<u16>,
        flags: NodeFlags,
    ) -> i32 {
        let NodeFlags {
            pv_node,
            full_depth,
            mut unsettled,
        } = flags;
        let key = self.stack[ply].key;
        let mut list = G::MoveList::default();
        pos.legal_moves(&mut list);
        let moves = list.as_ref();
        let n = moves.len();
        if n == 0 {
            return -(WIN - ply as i32);
        }
        // A forced reply costs nothing to look at one ply further.
        let search_depth = if n == 1 { depth } else { depth - 1 };

        let base = self.keys.len();
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_index = None;
        // The table's move is tried before the others are even scored: it
        // often cuts off alone.
        let tt_index = tt_move.map(usize::from).filter(|&t| t < n);
        let mut scored = false;
        let side = pos.side_to_move().index();
        let previous = self.stack[ply].previous;
        let mut quiets_tried = 0usize;
        for i in 0..n {
            let (index, tactical) = match tt_index {
                Some(t) if i == 0 => (t, pos.is_tactical(moves[t])),
                _ => {
                    if !scored {
                        scored = true;
                        self.score_moves(pos, moves, tt_move, ply);
                        if tt_index.is_some() {
                            // Already searched: set aside at the front.
                            ordering::pick(&mut self.keys[base..], 0);
                        }
                    }
                    let index = ordering::pick(&mut self.keys[base..], i);
                    (index, ordering::is_tactical(self.keys[base + i]))
                }
            };
            let mv = moves[index];
            let killer = self.stack[ply].is_killer(mv);
            // Late move pruning: far down the list of a shallow node, quiet
            // moves are not worth a look.
            if !pv_node
                && !tactical
                && !full_depth
                && depth <= P.lmp_depth
                && best > -WIN_BOUND
                && quiets_tried >= P.lmp_base + (depth * depth) as usize
                && !settle(&mut unsettled, pos)
            {
                continue;
            }
            let child = pos.play(mv);
            self.enter(pos, mv, &child, ply);
            let score = if i == 0 {
                -self.negamax(&child, search_depth, -beta, -alpha, ply + 1)
            } else {
                // Late quiet moves are searched shallower first, the more
                // so the later and the deeper.
                let reduction =
                    if depth >= P.lmr_depth && i >= P.lmr_move && !tactical && !full_depth {
                        let mut r = REDUCTIONS[depth.min(63) as usize][i.min(63)] as i32;
                        if pv_node {
                            r -= 1;
                        } else if !killer {
                            r += 1;
                        }
                        let h = self.tables.score(side, previous, pos.history_key(mv));
                        r -= h / (ordering::HISTORY_MAX / 2);
                        r.clamp(0, search_depth - 1)
                    } else {
                        0
                    };
                let mut s = -self.negamax(
                    &child,
                    search_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                );
                if s > alpha && reduction > 0 && !self.aborted {
                    s = -self.negamax(&child, search_depth, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(&child, search_depth, -beta, -alpha, ply + 1);
                }
                s
            };
            self.path.pop();
            if self.aborted {
                self.keys.truncate(base);
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_index = Some(index as u16);
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        if !tactical {
                            self.reward(pos, mv, ply, depth, moves, base, i);
                        }
                        break;
                    }
                }
            }
            if !tactical {
                quiets_tried += 1;
            }
        }
        self.keys.truncate(base);
        if best == -INFINITE {
            // Every move was pruned: the node is as good as a fail low.
            return alpha;
        }
        let bound = Bound::of(best, original_alpha, beta);
        self.shared
            .table
            .store(key, to_table(best, ply), depth, bound, best_index);
        best
    }

    /// The quiescence search: stand pat on the static score where the side
    /// to move may play a quiet move, and search the tactical moves (the
    /// best `qs_moves` by the game's gain, to `qs_max_ply` plies below
    /// the horizon), so no score is taken in the middle of an exchange.
    /// `key` is the position's hash.
    fn quiesce(
        &mut self,
        pos: &G,
        key: u64,
        alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        self.count_node();
        if self.aborted {
            return 0;
        }
        // The first quiescence node is its negamax node, probed there.
        if qply > 0 && self.probe_tree {
            if let Some(score) = self.proven(pos, ply) {
                return score;
            }
        }
        if ply >= MAX_PLY - 1 || qply >= P.qs_max_ply {
            return self.static_score(pos, key, ply);
        }
        // What generating the moves would show, where the game can tell
        // without: nothing tactical, so stand pat (or lose, with no move).
        if let Some(has_moves) = pos.no_tactical_move() {
            return if has_moves {
                self.static_score(pos, key, ply)
            } else {
                -(WIN - ply as i32)
            };
        }
        self.quiesce_moves(pos, key, alpha, beta, ply, qply)
    }

    /// The quiescence search's moves, where [`Worker::quiesce`] could not
    /// stand pat without them: in a function of its own, so that only
    /// nodes that list their moves have the move list's stack frame.
    #[inline(never)]
    fn quiesce_moves(
        &mut self,
        pos: &G,
        key: u64,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        let mut list = G::MoveList::default();
        pos.legal_moves(&mut list);
        let moves = list.as_ref();
        if moves.is_empty() {
            return -(WIN - ply as i32);
        }
        let base = self.keys.len();
        for (i, &mv) in moves.iter().enumerate() {
            if pos.is_tactical(mv) {
                self.keys
                    .push(ordering::key(pos.tactical_gain(mv) as i64, true, i));
            }
        }
        let tactical = self.keys.len() - base;
        let mut best = -INFINITE;
        // Where every move is tactical (a capture is compulsory) the side
        // to move cannot stand pat.
        if tactical < moves.len() {
            let stand_pat = self.static_score(pos, key, ply);
            if stand_pat >= beta || tactical == 0 {
                self.keys.truncate(base);
                return stand_pat;
            }
            best = stand_pat;
            alpha = alpha.max(stand_pat);
        }
        for i in 0..tactical.min(P.qs_moves) {
            let index = ordering::pick(&mut self.keys[base..], i);
            let child = pos.play(moves[index]);
            let child_key = pos.hash_after(key, &child);
            let score = -self.quiesce(&child, child_key, -beta, -alpha, ply + 1, qply + 1);
            if self.aborted {
                self.keys.truncate(base);
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.keys.truncate(base);
        best
    }

    /// Pushes an ordering key for every move: the table's move, then
    /// tactical moves by their gain, then the killers, then the rest by
    /// history and continuation history.
    fn score_moves(&mut self, pos: &G, moves: &[G::Move], tt_move: Option<u16>, ply: usize) {
        let side = pos.side_to_move().index();
        let previous = self.stack[ply].previous;
        let killers = self.stack[ply].killers;
        let tables = &*self.tables;
        // One reservation for the whole list, not a check per move.
        self.keys.extend(moves.iter().enumerate().map(|(i, &mv)| {
            let tactical = pos.is_tactical(mv);
            let score: i64 = if tt_move == Some(i as u16) {
                TT_MOVE
            } else if tactical {
                TACTICAL + pos.tactical_gain(mv) as i64
            } else if killers[0] == Some(mv) {
                KILLER
            } else if killers[1] == Some(mv) {
                KILLER - 1
            } else {
                tables.score(side, previous, pos.history_key(mv)) as i64
            };
            ordering::key(score, tactical, i)
        }));
    }

    /// A quiet move caused a cut-off: it becomes a killer, its history
    /// rises, and the quiet moves searched before it fall.
    #[allow(clippy::too_many_arguments)]
    fn reward(
        &mut self,
        pos: &G,
        mv: G::Move,
        ply: usize,
        depth: i32,
        moves: &[G::Move],
        base: usize,
        searched: usize,
    ) {
        self.stack[ply].add_killer(mv);
        let side = pos.side_to_move().index();
        let previous = self.stack[ply].previous;
        self.tables
            .update(side, previous, pos.history_key(mv), depth, true);
        // The moves tried before this one: the keys up to `searched` hold
        // them (the table's move, when searched first, has no key yet).
        if self.keys.len() > base {
            for k in 0..searched.min(self.keys.len() - base) {
                let key = self.keys[base + k];
                let other = moves[ordering::index_of(key)];
                if other != mv && !ordering::is_tactical(key) {
                    self.tables
                        .update(side, previous, pos.history_key(other), depth, false);
                }
            }
        }
    }

    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.stack.split_at_mut(ply + 1);
        let line = &mut head[ply].pv;
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0].pv);
    }
}

/// Whether `pos` is unsettled, asked once: `known` keeps the answer. Out of
/// line, so that the compiler does not hoist the question's work to every
/// node's start, where the answer is seldom wanted.
#[cold]
#[inline(never)]
fn settle<G: Evaluate>(known: &mut Option<bool>, pos: &G) -> bool {
    *known.get_or_insert_with(|| pos.is_unsettled())
}
