//! One search thread: iterative deepening with aspiration windows over a
//! principal-variation alpha-beta search, and a quiescence search on
//! tactical moves. Every thread of a search runs one [`Worker`]; they share
//! only the transposition table, the node count and the stop flags
//! ([`Shared`]).

use crate::limits::Limits;
use crate::score::{from_table, to_table, Score, EVAL_LIMIT, INFINITE, MAX_PLY, WIN, WIN_BOUND};
use crate::tt::{Bound, Table};
use crate::Info;
use parlour_game::{Evaluate, Evaluator, MoveList, HISTORY_KEYS};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// Nodes between two looks at the clock, the node budget and the flags.
const CHECK_EVERY: u64 = 1024;
/// The first aspiration window, each side of the last score.
const ASPIRATION: i32 = 25;
/// History scores stay within this (the "gravity" of the update).
const HISTORY_MAX: i32 = 1 << 16;

/// What the threads of one search share.
pub(crate) struct Shared<'a> {
    pub table: &'a Table,
    /// The caller's stop flag.
    pub stop: &'a AtomicBool,
    /// Set by the main thread when the search is over, for every thread.
    pub abort: AtomicBool,
    /// Nodes searched by all threads (each adds its count every
    /// [`CHECK_EVERY`] nodes).
    pub nodes: AtomicU64,
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
    /// Whether this search is being abandoned.
    aborted: bool,
    /// The main thread abandons a search on its limits only once one
    /// iteration is finished, so it always has a move.
    may_stop: bool,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    /// Hashes of the positions from the last irreversible move to the
    /// current node, for repetitions.
    hashes: Vec<u64>,
    /// A stack of move-ordering keys, `(score << 16) | move index`.
    order: Vec<i64>,
    /// The triangular principal-variation table.
    pv: Vec<Vec<G::Move>>,
}

impl<'a, G: Evaluate> Worker<'a, G> {
    pub(crate) fn new(
        shared: &'a Shared<'a>,
        eval: &'a G::Evaluator,
        thread: usize,
        root: &RootHistory<'_>,
    ) -> Self {
        let mut hashes = Vec::with_capacity(root.hashes.len() + MAX_PLY + 1);
        hashes.extend_from_slice(root.hashes);
        Worker {
            shared,
            eval,
            main: thread == 0,
            skew: (thread % 2) as u32,
            unflushed: 0,
            aborted: false,
            may_stop: false,
            killers: vec![[None, None]; MAX_PLY + 1],
            history: vec![0; 2 * HISTORY_KEYS],
            hashes,
            order: Vec::with_capacity(1 << 16),
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
        }
    }

    /// Counts a node and, every [`CHECK_EVERY`] nodes, publishes the count
    /// and looks at the flags (the main thread also at its limits).
    #[inline(always)]
    fn count_node(&mut self) {
        self.unflushed += 1;
        if self.unflushed >= CHECK_EVERY {
            self.check();
        }
    }

    #[cold]
    fn check(&mut self) {
        let total = self.shared.nodes.fetch_add(self.unflushed, Relaxed) + self.unflushed;
        self.unflushed = 0;
        if self.main {
            let mut stop = self.shared.stop.load(Relaxed);
            if self.may_stop {
                if let Some(budget) = self.shared.limits.max_nodes() {
                    stop |= total >= budget;
                }
                if let Some(hard) = self.shared.hard {
                    stop |= self.shared.started.elapsed() >= hard;
                }
            }
            if stop {
                self.shared.abort.store(true, Relaxed);
            }
        }
        self.aborted = self.shared.abort.load(Relaxed);
    }

    /// Publishes the nodes not yet counted.
    pub(crate) fn flush(&mut self) {
        self.shared.nodes.fetch_add(self.unflushed, Relaxed);
        self.unflushed = 0;
    }

    fn nodes(&self) -> u64 {
        self.shared.nodes.load(Relaxed) + self.unflushed
    }

    /// Iterative deepening from `root` up to `max_depth`, offering each
    /// finished depth to `report`. The main thread searches every depth
    /// from 1; a helper keeps ahead of it (Lazy SMP).
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
        let base = self.order.len();
        self.score_moves(root, list.as_ref(), tt_move, 0);
        let mut root_moves: Vec<RootMove<G::Move>> = Vec::with_capacity(list.len());
        for i in 0..list.len() {
            let index = self.pick(base, i, list.len());
            root_moves.push(RootMove {
                index: index as u16,
                mv: list.as_ref()[index],
                score: -INFINITE,
            });
        }
        self.order.truncate(base);
        // Something legal to answer with, whatever happens.
        finished.best = Some(root_moves[0].mv);
        finished.pv = vec![root_moves[0].mv];

        let max_depth = if self.main && self.shared.limits.is_timed() && root_moves.len() == 1 {
            1
        } else {
            max_depth
        };
        let mut previous: i32 = 0;
        let mut depth = if self.main { 1 } else { 1 + self.skew };
        while depth <= max_depth {
            if self.main {
                self.shared.main_depth.store(depth, Relaxed);
            }
            let (mut alpha, mut beta, mut delta) = if depth >= 4 && previous.abs() < WIN_BOUND {
                (previous - ASPIRATION, previous + ASPIRATION, ASPIRATION)
            } else {
                (-INFINITE, INFINITE, INFINITE)
            };
            let score = loop {
                let score =
                    self.root_search(root, key, depth as i32, alpha, beta, quiet, &mut root_moves);
                if self.aborted {
                    break score;
                }
                if score <= alpha && alpha > -INFINITE {
                    alpha = (score - delta).max(-INFINITE);
                } else if score >= beta && beta < INFINITE {
                    beta = (score + delta).min(INFINITE);
                } else {
                    break score;
                }
                delta = delta.saturating_mul(2);
                if delta > 8 * ASPIRATION {
                    (alpha, beta) = (-INFINITE, INFINITE);
                }
            };
            // A move that beat the previous best in an abandoned iteration
            // is still the better move.
            let best = root_moves[0];
            if self.aborted {
                if best.score > -INFINITE {
                    finished.best = Some(best.mv);
                    if self.pv[0].first() == Some(&best.mv) {
                        finished.pv.clone_from(&self.pv[0]);
                    }
                }
                break;
            }
            previous = score;
            finished = Finished {
                best: Some(best.mv),
                score,
                depth,
                pv: self.pv[0].clone(),
            };
            // Every thread offers its finished depths; the searcher prints
            // each depth once, from the first thread to finish it.
            let time = self.shared.started.elapsed();
            let nodes = self.nodes();
            report(&Info {
                depth,
                score: Score::from_internal(score),
                nodes,
                nps: (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64,
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
                self.may_stop = true;
                if self.shared.soft.is_some_and(|soft| time >= soft) {
                    break;
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

    /// One iteration at the root: every root move, the best of the last
    /// iteration first. Each move that raises alpha moves to the front, so
    /// the front move is always the best found so far.
    #[allow(clippy::too_many_arguments)]
    fn root_search(
        &mut self,
        root: &G,
        key: u64,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        quiet: u32,
        root_moves: &mut [RootMove<G::Move>],
    ) -> i32 {
        self.pv[0].clear();
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_index = None;
        for rm in root_moves.iter_mut() {
            rm.score = -INFINITE;
        }
        for i in 0..root_moves.len() {
            let mv = root_moves[i].mv;
            let child = root.play(mv);
            let child_key = child.hash();
            let child_quiet = if root.is_irreversible(mv) {
                0
            } else {
                quiet + 1
            };
            self.hashes.push(child_key);
            let score = if i == 0 {
                -self.negamax(&child, child_key, depth - 1, -beta, -alpha, 1, child_quiet)
            } else {
                let mut s = -self.negamax(
                    &child,
                    child_key,
                    depth - 1,
                    -alpha - 1,
                    -alpha,
                    1,
                    child_quiet,
                );
                if s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(&child, child_key, depth - 1, -beta, -alpha, 1, child_quiet);
                }
                s
            };
            self.hashes.pop();
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
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.shared
                .table
                .store(key, to_table(best, 0), depth, bound, best_index);
        }
        best
    }

    /// The principal-variation alpha-beta search below the root.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &G,
        key: u64,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        quiet: u32,
    ) -> i32 {
        self.pv[ply].clear();
        if self.is_draw(pos, quiet) {
            // A side with no move has lost, whatever the history says.
            return if pos.count_moves() == 0 {
                -(WIN - ply as i32)
            } else {
                0
            };
        }
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply);
        }
        self.count_node();
        if self.aborted {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        // Nothing here can beat a win in the next ply or lose faster than
        // a loss now.
        alpha = alpha.max(-(WIN - ply as i32));
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;

        let mut tt_move = None;
        if let Some(hit) = self.shared.table.probe(key) {
            tt_move = hit.move_index;
            if !pv_node && hit.depth >= depth {
                let score = from_table(hit.score, ply);
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

        let mut list = G::MoveList::default();
        pos.legal_moves(&mut list);
        let moves = list.as_ref();
        let n = moves.len();
        if n == 0 {
            return -(WIN - ply as i32);
        }
        // A forced reply costs nothing to look at one ply further.
        let search_depth = if n == 1 { depth } else { depth - 1 };

        let base = self.order.len();
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_index = None;
        // The table's move is tried before the others are even scored: it
        // often cuts off alone.
        let tt_index = tt_move.map(usize::from).filter(|&t| t < n);
        let mut scored = false;
        for i in 0..n {
            let index = match tt_index {
                Some(t) if i == 0 => t,
                _ => {
                    if !scored {
                        scored = true;
                        self.score_moves(pos, moves, tt_move, ply);
                        if tt_index.is_some() {
                            // Already searched: set aside at the front.
                            self.pick(base, 0, n);
                        }
                    }
                    self.pick(base, i, n)
                }
            };
            let mv = moves[index];
            let tactical = pos.is_tactical(mv);
            let child = pos.play(mv);
            let child_key = child.hash();
            let child_quiet = if pos.is_irreversible(mv) {
                0
            } else {
                quiet + 1
            };
            self.hashes.push(child_key);
            let score = if i == 0 {
                -self.negamax(
                    &child,
                    child_key,
                    search_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    child_quiet,
                )
            } else {
                // Late quiet moves are searched one ply shallower first.
                let reduction = if depth >= 3 && i >= 3 && !tactical {
                    1 + (i >= 8 && depth >= 5) as i32
                } else {
                    0
                };
                let mut s = -self.negamax(
                    &child,
                    child_key,
                    search_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    child_quiet,
                );
                if s > alpha && reduction > 0 && !self.aborted {
                    s = -self.negamax(
                        &child,
                        child_key,
                        search_depth,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        child_quiet,
                    );
                }
                if s > alpha && s < beta && !self.aborted {
                    s = -self.negamax(
                        &child,
                        child_key,
                        search_depth,
                        -beta,
                        -alpha,
                        ply + 1,
                        child_quiet,
                    );
                }
                s
            };
            self.hashes.pop();
            if self.aborted {
                self.order.truncate(base);
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
                            self.reward(pos, mv, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.order.truncate(base);
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared
            .table
            .store(key, to_table(best, ply), depth, bound, best_index);
        best
    }

    /// The quiescence search: stand pat on the static score where the side
    /// to move may play a quiet move, and search the tactical moves, so no
    /// score is taken in the middle of an exchange.
    fn quiesce(&mut self, pos: &G, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.count_node();
        if self.aborted {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        let mut list = G::MoveList::default();
        pos.legal_moves(&mut list);
        let moves = list.as_ref();
        if moves.is_empty() {
            return -(WIN - ply as i32);
        }
        let base = self.order.len();
        for (i, &mv) in moves.iter().enumerate() {
            if pos.is_tactical(mv) {
                self.order
                    .push((pos.tactical_gain(mv) as i64) << 16 | i as i64);
            }
        }
        let tactical = self.order.len() - base;
        let mut best = -INFINITE;
        // Where every move is tactical (a capture is compulsory) the side
        // to move cannot stand pat.
        if tactical < moves.len() {
            let stand_pat = self.evaluate(pos);
            if stand_pat >= beta || tactical == 0 {
                self.order.truncate(base);
                return stand_pat;
            }
            best = stand_pat;
            alpha = alpha.max(stand_pat);
        }
        for i in 0..tactical {
            let index = self.pick(base, i, tactical);
            let child = pos.play(moves[index]);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1);
            if self.aborted {
                self.order.truncate(base);
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
        self.order.truncate(base);
        best
    }

    /// A repetition of a position since the last irreversible move (in the
    /// search or in the game before the root), or the quiet-ply limit.
    #[inline]
    fn is_draw(&self, pos: &G, quiet: u32) -> bool {
        if quiet >= pos.quiet_ply_limit() {
            return true;
        }
        let hashes = &self.hashes;
        let last = hashes.len() - 1;
        let current = hashes[last];
        let reach = (quiet as usize).min(last);
        (2..=reach).any(|back| hashes[last - back] == current)
    }

    /// Pushes an ordering key for every move: the table's move, then
    /// tactical moves by their gain, then the killers, then the rest by
    /// history.
    fn score_moves(&mut self, pos: &G, moves: &[G::Move], tt_move: Option<u16>, ply: usize) {
        let side = pos.side_to_move().index() * HISTORY_KEYS;
        let killers = self.killers[ply];
        for (i, &mv) in moves.iter().enumerate() {
            let score: i64 = if tt_move == Some(i as u16) {
                1 << 40
            } else if pos.is_tactical(mv) {
                (1 << 36) + pos.tactical_gain(mv) as i64
            } else if killers[0] == Some(mv) {
                1 << 35
            } else if killers[1] == Some(mv) {
                (1 << 35) - 1
            } else {
                self.history[side + pos.history_key(mv) % HISTORY_KEYS] as i64
            };
            self.order.push(score << 16 | i as i64);
        }
    }

    /// Brings the best of the ordering keys `base + i .. base + n` to
    /// `base + i` and returns its move index (selection: most nodes cut off
    /// after a move or two, so a full sort would be wasted).
    #[inline]
    fn pick(&mut self, base: usize, i: usize, n: usize) -> usize {
        let keys = &mut self.order[base + i..base + n];
        let mut best = 0;
        for j in 1..keys.len() {
            if keys[j] > keys[best] {
                best = j;
            }
        }
        keys.swap(0, best);
        (keys[0] & 0xFFFF) as usize
    }

    /// A quiet move caused a cut-off: remember it as a killer and in the
    /// history.
    fn reward(&mut self, pos: &G, mv: G::Move, ply: usize, depth: i32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let slot = pos.side_to_move().index() * HISTORY_KEYS + pos.history_key(mv) % HISTORY_KEYS;
        let bonus = (depth * depth).min(HISTORY_MAX);
        let h = &mut self.history[slot];
        *h += bonus - *h * bonus / HISTORY_MAX;
    }

    /// The static score, clamped clear of win and loss scores.
    #[inline(always)]
    fn evaluate(&self, pos: &G) -> i32 {
        self.eval.evaluate(pos).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }
}
