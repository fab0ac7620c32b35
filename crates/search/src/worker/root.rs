//! The root: iterative deepening, the aspiration window around the last
//! score, one iteration over the root's moves, and the root's moves kept
//! where the evaluator's endgame databases hold the root.

use super::{Finished, Worker};
use crate::limits::Stability;
use crate::ordering::{self, NO_KEY};
use crate::params::P;
use crate::score::{to_table, Score, INFINITE, WIN_BOUND};
use crate::tt::Bound;
use crate::Info;
use parlour_game::{Evaluate, Evaluator, MoveList, Proven};
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;

/// A root move and what the last iteration made of it.
#[derive(Clone, Copy)]
pub(super) struct RootMove<M> {
    index: u16,
    mv: M,
    score: i32,
}

impl<G: Evaluate> Worker<'_, G> {
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
        // Step 1. The root's moves, in the order the tables give them.
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
        let mut root_moves = self.order_root_moves(root, quiet, list.as_ref());

        // Step 2. Endgame databases: only the moves that hold the root's
        // value, and the value shown unless the search proves a win or
        // loss of its own.
        let root_proven = self.root_in_tables(root, &mut root_moves);
        let shown = |score: i32| match root_proven {
            Some(proven) if score.abs() < WIN_BOUND => proven,
            _ => score,
        };
        // Something legal to answer with, whatever happens.
        finished.best = Some(root_moves[0].mv);
        finished.pv = vec![root_moves[0].mv];

        // Step 3. A clock's single legal move is played after one ply.
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
            // Step 4. The limits, looked at before every iteration, so a
            // stop or a spent budget is seen even where an iteration is
            // smaller than the node batch between checks.
            self.check();
            if self.aborted {
                break;
            }
            if self.main {
                self.shared.main_depth.store(depth, Relaxed);
            }

            // Step 5. One iteration, in a window around the last score.
            let score = self.aspiration(root, depth, previous, &mut root_moves);

            // Step 6. An abandoned iteration: a move that beat the previous
            // best in it is still the better move.
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

            // Step 7. A finished depth, offered by every thread; the
            // searcher prints each depth once, from the first thread to
            // finish it.
            previous = score;
            let changed = finished.depth > 0 && finished.best != Some(best.mv);
            finished = Finished {
                best: Some(best.mv),
                score: shown(score),
                depth,
                pv: self.stack[0].pv.clone(),
            };
            let time = self.report_depth(&finished, report);

            // Step 8. The next depth: whichever thread finishes the last
            // first ends the search for all; the main thread stops early
            // on a clock; a helper keeps ahead of the main thread.
            if depth >= max_depth {
                self.shared.abort.store(true, Relaxed);
                break;
            }
            if self.main {
                let scale = stability.finished(changed, score);
                if let Some(budget) = &self.shared.time {
                    if time >= budget.soft(scale) {
                        break;
                    }
                }
                depth += 1;
            } else {
                // The next depth, or, every other helper, one beyond the
                // main thread's.
                depth = (depth + 1).max(self.shared.main_depth.load(Relaxed) + self.skew);
            }
        }
        finished
    }

    /// The root's moves in search order: the table's move, then the rest
    /// by the move-ordering keys. Sets up the root's frame.
    fn order_root_moves(
        &mut self,
        root: &G,
        quiet: u32,
        moves: &[G::Move],
    ) -> Vec<RootMove<G::Move>> {
        let key = root.hash();
        let tt_move = self.shared.table.probe(key).and_then(|h| h.move_index);
        self.stack[0].reset(key, quiet, NO_KEY);
        self.states.set(0, root);
        self.score_moves(root, moves, tt_move, 0);
        let mut root_moves = Vec::with_capacity(moves.len());
        for i in 0..moves.len() {
            let index = ordering::pick(&mut self.keys, i);
            root_moves.push(RootMove {
                index: index as u16,
                mv: moves[index],
                score: -INFINITE,
            });
        }
        self.keys.clear();
        root_moves
    }

    /// One iteration at `depth` in an aspiration window around the last
    /// iteration's score, widened on the side where the score falls
    /// outside until it falls inside (from depth 4, and not around a win
    /// or a loss, where the window is open).
    fn aspiration(
        &mut self,
        root: &G,
        depth: u32,
        previous: i32,
        root_moves: &mut [RootMove<G::Move>],
    ) -> i32 {
        let (mut alpha, mut beta, mut delta) = if depth >= 4 && previous.abs() < WIN_BOUND {
            (
                previous - P.aspiration,
                previous + P.aspiration,
                P.aspiration,
            )
        } else {
            (-INFINITE, INFINITE, INFINITE)
        };
        loop {
            let score = self.root_search(root, depth as i32, alpha, beta, root_moves);
            if self.aborted {
                return score;
            }
            if score <= alpha && alpha > -INFINITE {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta && beta < INFINITE {
                beta = (score + delta).min(INFINITE);
            } else {
                return score;
            }
            delta = delta.saturating_add(delta / 2 + 5);
            if delta > 12 * P.aspiration {
                (alpha, beta) = (-INFINITE, INFINITE);
            }
        }
    }

    /// Offers a finished depth to `report`; returns the time since the
    /// search started.
    fn report_depth(
        &self,
        finished: &Finished<G::Move>,
        report: &mut dyn FnMut(&Info<G::Move>),
    ) -> Duration {
        let time = self.shared.started.elapsed();
        let nodes = self.nodes();
        report(&Info {
            depth: finished.depth,
            score: Score::from_internal(finished.score),
            nodes,
            nps: crate::nodes_per_second(nodes, time),
            tbhits: self.shared.tbhits.load(Relaxed) + self.tbhits,
            time,
            pv: finished.pv.clone(),
        });
        time
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
}
