//! The root: iterative deepening, the aspiration window around the last
//! score, one iteration over the root's moves, and the root's moves kept
//! where the evaluator's endgame databases hold the root.

use super::{Finished, FoundLine, Worker};
use crate::limits::Stability;
use crate::ordering::{self, NO_KEY};
use crate::params::P;
use crate::score::{to_table, Score, INFINITE, WIN_BOUND};
use crate::tt::Bound;
use crate::Info;
use parlour_game::{Evaluate, Evaluator, MoveList, Proven};
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;

/// Where a thread offers a finished depth's lines.
pub(crate) type Report<'a, M> = dyn FnMut(&[Info<M>]) + 'a;

/// A root move and what the last iteration made of it.
#[derive(Clone, Copy)]
pub(super) struct RootMove<M> {
    index: u16,
    mv: M,
    score: i32,
}

impl<G: Evaluate> Worker<'_, G> {
    /// Iterative deepening from `root` up to `max_depth`, offering each
    /// finished depth's `lines` best lines (multi-PV: each a search of the
    /// root moves the lines before it left, so every line's score is
    /// exact) to `report`. The main thread searches every depth from 1; a
    /// helper keeps ahead of it (Lazy SMP). A limit may end the search at
    /// any node, the first iteration's included: the answer is then the
    /// best move found so far, or the first in the order.
    pub(crate) fn think(
        &mut self,
        root: &G,
        quiet: u32,
        max_depth: u32,
        lines: usize,
        report: &mut Report<'_, G::Move>,
    ) -> Finished<G::Move> {
        // Step 1. The root's moves, in the order the tables give them.
        self.root_side = root.side_to_move().index();
        let mut list = G::MoveList::default();
        root.legal_moves(&mut list);
        let mut finished = Finished {
            best: None,
            score: self.evaluate(root),
            depth: 0,
            pv: Vec::new(),
            lines: Vec::new(),
            proven: false,
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
        let lines = lines.clamp(1, root_moves.len());

        // Step 3. A clock's single legal move is played after one ply.
        let max_depth = if self.main && self.shared.limits.is_timed() && root_moves.len() == 1 {
            1
        } else {
            max_depth
        };
        // Each line's score at the depth before, for its window.
        let mut previous = vec![0; lines];
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

            // Step 5. One iteration: each line in a window around its last
            // score.
            let found = self.search_lines(root, depth, &previous, &mut root_moves);

            // Step 6. An abandoned iteration: a move that beat the previous
            // best in it (or the best of a finished first line) is still
            // the better move.
            let best = root_moves[0];
            if self.aborted {
                if best.score > -INFINITE {
                    finished.best = Some(best.mv);
                    match found.first() {
                        Some(line) => finished.pv.clone_from(&line.pv),
                        None if self.stack[0].pv.first() == Some(&best.mv) => {
                            finished.pv.clone_from(&self.stack[0].pv);
                        }
                        None => finished.pv = vec![best.mv],
                    }
                }
                break;
            }

            // Step 7. A finished depth, offered by every thread; the
            // searcher prints each depth once, from the first thread to
            // finish it.
            previous = found.iter().map(|line| line.score).collect();
            let changed = finished.depth > 0 && finished.best != Some(best.mv);
            let proven = root_proven.is_some() || Score::from_internal(found[0].score).is_proven();
            finished = Finished {
                best: Some(best.mv),
                score: shown(found[0].score),
                depth,
                pv: found[0].pv.clone(),
                lines: found
                    .into_iter()
                    .map(|line| FoundLine {
                        score: shown(line.score),
                        pv: line.pv,
                    })
                    .collect(),
                proven,
            };
            let time = self.report_depth(&finished, report);

            // Step 8. The next depth: whichever thread finishes the last
            // first ends the search for all; the main thread stops early
            // on a clock; a helper keeps ahead of the main thread.
            if depth >= max_depth || (finished.proven && self.shared.limits.until_proven) {
                self.shared.abort.store(true, Relaxed);
                break;
            }
            if self.main {
                let scale = stability.finished(changed, previous[0]);
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

    /// One iteration at `depth` of as many lines as `previous` holds
    /// scores. The first line is the single-line search, on `root_moves`;
    /// line `k` after it is the best of the root moves after the first `k`,
    /// searched in a window around its score of the depth before and scored
    /// no better than line `k - 1` ([`Worker::aspiration`]), with the
    /// side lines' own table, ordering tables and stack
    /// ([`Worker::swap_side`]) and on a copy of the root moves, so that
    /// the first line of the next depth is searched as if it were alone.
    /// The lines finished before a stop (all of them unless the search was
    /// abandoned).
    fn search_lines(
        &mut self,
        root: &G,
        depth: u32,
        previous: &[i32],
        root_moves: &mut [RootMove<G::Move>],
    ) -> Vec<FoundLine<G::Move>> {
        let mut found = Vec::with_capacity(previous.len());
        let score = self.aspiration(root, depth, previous[0], root_moves, INFINITE);
        if self.aborted {
            return found;
        }
        found.push(FoundLine {
            score,
            pv: self.stack[0].pv.clone(),
        });
        if previous.len() == 1 {
            return found;
        }
        let mut side_moves = root_moves.to_vec();
        self.swap_side();
        for (k, &last) in previous.iter().enumerate().skip(1) {
            let most = found[k - 1].score;
            let score = self.aspiration(root, depth, last, &mut side_moves[k..], most);
            if self.aborted {
                break;
            }
            found.push(FoundLine {
                score,
                pv: self.stack[0].pv.clone(),
            });
        }
        self.swap_side();
        found
    }

    /// Offers a finished depth's lines to `report`; returns the time since
    /// the search started.
    fn report_depth(
        &self,
        finished: &Finished<G::Move>,
        report: &mut Report<'_, G::Move>,
    ) -> Duration {
        let time = self.shared.started.elapsed();
        let nodes = self.nodes();
        let tbhits = self.shared.tbhits.load(Relaxed) + self.tbhits;
        let infos: Vec<Info<G::Move>> = finished
            .lines
            .iter()
            .enumerate()
            .map(|(rank, line)| Info {
                depth: finished.depth,
                multipv: rank + 1,
                score: Score::from_internal(line.score),
                nodes,
                nps: crate::nodes_per_second(nodes, time),
                tbhits,
                time,
                pv: line.pv.clone(),
            })
            .collect();
        report(&infos);
        time
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
        let tt_move = self.table.probe(key).and_then(|h| h.move_index);
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
    /// or a loss, where the window is open). The score is at most `most`
    /// (a line after the first is no better than the line before it: a
    /// search that finds it better, as a search of other nodes may, stops
    /// there and scores it equal); `INFINITE` bounds nothing.
    fn aspiration(
        &mut self,
        root: &G,
        depth: u32,
        previous: i32,
        root_moves: &mut [RootMove<G::Move>],
        most: i32,
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
        let top = most.saturating_add(1).min(INFINITE);
        loop {
            (alpha, beta) = (alpha.min(top - 1), beta.min(top));
            let score = self.root_search(root, depth as i32, alpha, beta, root_moves);
            if self.aborted {
                return score;
            }
            if score <= alpha && alpha > -INFINITE {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta && beta >= top && top < INFINITE {
                return most;
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
            self.table
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
