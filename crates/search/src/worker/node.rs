//! The search below the root: the principal-variation alpha-beta search
//! ([`Worker::negamax`] and its moves, [`Worker::search_moves`]) and the
//! quiescence search on tactical moves ([`Worker::quiesce`]).

use super::moves::Picker;
use super::Worker;
use crate::draw::respect_quiet_limit;
use crate::ordering::{self, continuation_key};
use crate::params::P;
use crate::score::{from_table, to_table, EVAL_LIMIT, INFINITE, MAX_PLY, WIN, WIN_BOUND};
use crate::tt::Bound;
use parlour_game::{Evaluate, TacticalMoves};

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

/// What [`Worker::negamax`] tells [`Worker::search_moves`] of its node.
#[derive(Clone, Copy)]
struct NodeFlags {
    /// A node of the principal variation (an open window).
    pv_node: bool,
    /// A bound is a win or a loss: no reduction or pruning.
    full_depth: bool,
    /// Whether the position is unsettled, where already asked.
    unsettled: Option<bool>,
    /// The table's move and score, where the node may extend it as
    /// singular (see `singular_depth`).
    singular: Option<(u16, i32)>,
}

impl<G: Evaluate> Worker<'_, G> {
    /// Sets up the frame of the child reached by `mv` from the node at
    /// `ply`, and enters it on the path.
    #[inline(always)]
    pub(super) fn enter(&mut self, pos: &G, mv: G::Move, child: &G, ply: usize) {
        let frame = &self.stack[ply];
        let quiet = if pos.is_irreversible(mv) {
            0
        } else {
            frame.quiet + 1
        };
        let key = pos.hash_after(frame.key, child);
        let previous = continuation_key(pos.history_key(mv));
        self.stack[ply + 1].reset(key, quiet, previous);
        self.states.set(ply + 1, child);
        self.path.push(key);
    }

    /// The principal-variation alpha-beta search below the root, at the
    /// node of frame `ply` (its hash and quiet count are in the frame).
    pub(super) fn negamax(
        &mut self,
        pos: &G,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        // Step 1. Draws by the quiet-ply limit or a repetition; a side
        // with no move has lost, whatever the history says.
        self.stack[ply].pv.clear();
        let quiet = self.stack[ply].quiet;
        if quiet >= pos.quiet_ply_limit() || self.path.repeated(quiet) {
            return if pos.count_moves() == 0 {
                -(WIN - ply as i32)
            } else {
                self.draw_score(pos)
            };
        }
        // Step 2. The endgame databases' value, where they hold the node.
        if ply > 0 && self.probe_tree {
            if let Some(score) = self.proven(pos, ply) {
                self.count_node();
                return score;
            }
        }
        // Step 3. The horizon: the quiescence search takes over.
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
        // Step 4. Mate distance: nothing here can beat a win in the next
        // ply or lose faster than a loss now.
        alpha = alpha.max(-(WIN - ply as i32));
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        // Where a bound is a win or a loss, a line cut short could hide a
        // nearer one: such nodes are neither reduced nor pruned.
        let full_depth = alpha <= -WIN_BOUND || beta >= WIN_BOUND;
        let key = self.stack[ply].key;

        // Step 5. The transposition table: its move, and off the principal
        // variation its bound where it was searched deep enough.
        let mut tt_move = None;
        let mut singular = None;
        if let Some(hit) = self.table.probe(key) {
            tt_move = hit.move_index;
            let score = respect_quiet_limit(
                from_table(hit.score, ply),
                ply,
                quiet,
                pos.quiet_ply_limit(),
            );
            if P.singular_depth > 0
                && ply > 0
                && depth >= P.singular_depth
                && !full_depth
                && hit.depth >= depth - 3
                && hit.bound != Bound::Upper
                && score.abs() < EVAL_LIMIT
            {
                singular = hit.move_index.map(|index| (index, score));
            }
            if !pv_node && hit.depth >= depth {
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

        // Step 6. Reverse futility pruning: a quiet position so far above
        // beta that a shallow search would not bring it back. Whether the
        // position is unsettled is asked only where it decides, and once.
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
        // Step 7. Internal iterative reduction: without the table's move
        // the order is a guess, so the node is searched a ply shallower.
        let depth = if tt_move.is_none() && depth >= P.iir_depth && !full_depth {
            depth - 1
        } else {
            depth
        };
        // Step 8. The moves.
        let flags = NodeFlags {
            pv_node,
            full_depth,
            unsettled,
            singular,
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
            singular,
        } = flags;
        // Step 1. The moves: none is a loss; a forced reply costs nothing
        // to look at one ply further.
        let mut list = G::MoveList::default();
        pos.legal_moves(&mut list);
        let moves = list.as_ref();
        let n = moves.len();
        if n == 0 {
            return -(WIN - ply as i32);
        }
        let search_depth = if n == 1 { depth } else { depth - 1 };
        // The move a singular-extension search of this node leaves out
        // (where this is one), and the move this node extends (where its
        // own such search found it singular).
        let excluded = self.stack[ply].excluded;
        let mut extended = None;
        if let Some((tt_index, tt_score)) = singular.filter(|_| n > 1) {
            let singular_beta = tt_score - P.singular_margin;
            let others = NodeFlags {
                pv_node: false,
                singular: None,
                ..flags
            };
            self.stack[ply].excluded = Some(tt_index);
            let score = self.search_moves(
                pos,
                depth / 2,
                singular_beta - 1,
                singular_beta,
                ply,
                None,
                others,
            );
            self.stack[ply].excluded = None;
            self.stack[ply].pv.clear();
            if self.aborted {
                return 0;
            }
            if score < singular_beta {
                extended = Some(tt_index);
            } else if !pv_node && singular_beta >= beta {
                return singular_beta;
            }
        }

        let mut picker = Picker::new(self.keys.len(), tt_move, n);
        let base = picker.base;
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_index = None;
        let mut quiets_tried = 0usize;
        // ProbCut (see `probcut_depth`), off the principal
        // variation and away from won and lost scores.
        let probcut = P.probcut_depth > 0
            && depth >= P.probcut_depth
            && !pv_node
            && !full_depth
            && beta.abs() < EVAL_LIMIT;
        for i in 0..n {
            // Step 2. The next move: the table's first, the rest by their
            // ordering keys.
            let (index, tactical) = picker.next(self, pos, moves, ply, i);
            if excluded == Some(index as u16) {
                continue;
            }
            let mv = moves[index];
            let search_depth = search_depth + i32::from(extended == Some(index as u16));

            // Step 3. Late move pruning: far down the list of a shallow
            // node, quiet moves are not worth a look.
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

            // Step 4. The child: the first move with the whole window, the
            // rest with a null window (late quiet ones reduced), searched
            // again where they beat alpha.
            let child = pos.play(mv);
            self.enter(pos, mv, &child, ply);
            // ProbCut, tried on each move before its own search (as
            // DarkHorse does; a shallower search that clears beta by a
            // margin is taken to clear it at full depth): the node ends as
            // a cut-off, its bound kept at the depth that proved it.
            if probcut {
                if let Some(score) = self.probcut(&child, depth, beta, ply) {
                    self.path.pop();
                    self.keys.truncate(base);
                    let key = self.stack[ply].key;
                    let probed = depth - P.probcut_reduction;
                    let stored = to_table(score, ply);
                    if excluded.is_none() {
                        self.table
                            .store(key, stored, probed, Bound::Lower, Some(index as u16));
                    }
                    return score - P.probcut_margin;
                }
                if self.aborted {
                    self.path.pop();
                    self.keys.truncate(base);
                    return 0;
                }
            }
            let score = if i == 0 {
                -self.negamax(&child, search_depth, -beta, -alpha, ply + 1)
            } else {
                let reduction =
                    if depth >= P.lmr_depth && i >= P.lmr_move && !tactical && !full_depth {
                        self.reduction(pos, mv, depth, i, pv_node, ply)
                            .clamp(0, search_depth - 1)
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

            // Step 5. A new best: the line grows; at a cut-off a quiet
            // move is rewarded and the search of the node ends.
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

        // Step 6. The table keeps the result (not a search that left a
        // move out); where every move was pruned the node is as good as a
        // fail low.
        if best == -INFINITE {
            return alpha;
        }
        if excluded.is_some() {
            return best;
        }
        let bound = Bound::of(best, original_alpha, beta);
        let key = self.stack[ply].key;
        self.table
            .store(key, to_table(best, ply), depth, bound, best_index);
        best
    }

    /// ProbCut's question of `child`, the position after a move at `ply`
    /// (entered on the path) of a node searched to `depth` against `beta`:
    /// the child's score where its quiescence score and then a search
    /// `probcut_reduction` plies shallower than the move's full search both
    /// reach `probcut_margin` above beta; `None` where either falls short
    /// (or the search was aborted).
    #[inline(never)]
    fn probcut(&mut self, child: &G, depth: i32, beta: i32, ply: usize) -> Option<i32> {
        let raised = beta + P.probcut_margin;
        let key = self.stack[ply + 1].key;
        let quick = -self.quiesce(child, key, -raised, -raised + 1, ply + 1, 0);
        if quick < raised || self.aborted {
            return None;
        }
        let reduced = depth - 1 - P.probcut_reduction;
        let score = -self.negamax(child, reduced, -raised, -raised + 1, ply + 1);
        (score >= raised && !self.aborted).then_some(score)
    }

    /// The late-move reduction of the `i`-th move `mv` at `depth` (see
    /// [`REDUCTIONS`]): late quiet moves are searched shallower first, the
    /// more so the later and the deeper.
    #[inline(always)]
    fn reduction(
        &self,
        pos: &G,
        mv: G::Move,
        depth: i32,
        i: usize,
        pv_node: bool,
        ply: usize,
    ) -> i32 {
        let mut r = REDUCTIONS[depth.min(63) as usize][i.min(63)] as i32;
        if pv_node {
            r -= 1;
        } else if !self.stack[ply].is_killer(mv) {
            r += 1;
        }
        let side = pos.side_to_move().index();
        let previous = self.stack[ply].previous;
        let h = self.tables.score(side, previous, pos.history_key(mv));
        r - h / (ordering::HISTORY_MAX / 2)
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
        match pos.tactical_moves() {
            TacticalMoves::OnlyQuiet => self.static_score(pos, key, ply),
            TacticalMoves::NoMove => -(WIN - ply as i32),
            TacticalMoves::Unknown => self.quiesce_moves(pos, key, alpha, beta, ply, qply),
        }
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
        // Where the side could stand pat, the moves searched narrow as the
        // exchange goes deeper: halved every two plies (10, 10, 5, 5, 2, 2,
        // 1, ...). A crowded board has dozens of forcing replies a ply, and
        // the full width to 24 plies made one ply of search cost a million
        // nodes. Where every move is tactical (a compulsory capture) all
        // the best `qs_moves` are searched, as before.
        let breadth = if tactical < moves.len() {
            (P.qs_moves >> (qply / 2).min(8)).max(1)
        } else {
            P.qs_moves
        };
        for i in 0..tactical.min(breadth) {
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
}

/// Whether `pos` is unsettled, asked once: `known` keeps the answer. Out of
/// line, so that the compiler does not hoist the question's work to every
/// node's start, where the answer is seldom wanted.
#[cold]
#[inline(never)]
fn settle<G: Evaluate>(known: &mut Option<bool>, pos: &G) -> bool {
    *known.get_or_insert_with(|| pos.is_unsettled())
}
