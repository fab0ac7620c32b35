//! The move-ordering tables' use: a node's move order ([`Picker`],
//! [`Worker::score_moves`]), what a cut-off teaches them
//! ([`Worker::reward`]), and the principal variation that grows as lines
//! are found ([`Worker::update_pv`]).

use super::Worker;
use crate::ordering::{self, KILLER, TACTICAL, TT_MOVE};
use parlour_game::Evaluate;

/// The order of one node's moves: the table's move first, tried before
/// the others are even scored (it often cuts off alone), then the rest by
/// their ordering keys, which the worker's key stack holds from `base`.
pub(super) struct Picker {
    /// Where the node's keys start on the key stack.
    pub base: usize,
    tt_move: Option<u16>,
    /// The table's move, where it is one of the node's moves.
    tt_index: Option<usize>,
    /// Whether the keys are on the stack yet.
    scored: bool,
}

impl Picker {
    /// The picker of a node of `n` moves whose keys start at `base`.
    #[inline(always)]
    pub(super) fn new(base: usize, tt_move: Option<u16>, n: usize) -> Picker {
        Picker {
            base,
            tt_move,
            tt_index: tt_move.map(usize::from).filter(|&t| t < n),
            scored: false,
        }
    }

    /// The index of the `i`-th move to search and whether it is tactical.
    #[inline(always)]
    pub(super) fn next<G: Evaluate>(
        &mut self,
        worker: &mut Worker<'_, G>,
        pos: &G,
        moves: &[G::Move],
        ply: usize,
        i: usize,
    ) -> (usize, bool) {
        match self.tt_index {
            Some(t) if i == 0 => (t, pos.is_tactical(moves[t])),
            _ => {
                let base = self.base;
                if !self.scored {
                    self.scored = true;
                    worker.score_moves(pos, moves, self.tt_move, ply);
                    if self.tt_index.is_some() {
                        // Already searched: set aside at the front.
                        ordering::pick(&mut worker.keys[base..], 0);
                    }
                }
                let index = ordering::pick(&mut worker.keys[base..], i);
                (index, ordering::is_tactical(worker.keys[base + i]))
            }
        }
    }
}

impl<G: Evaluate> Worker<'_, G> {
    /// Pushes an ordering key for every move: the table's move, then
    /// tactical moves by their gain, then the killers, then the rest by
    /// history and continuation history.
    pub(super) fn score_moves(
        &mut self,
        pos: &G,
        moves: &[G::Move],
        tt_move: Option<u16>,
        ply: usize,
    ) {
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
    pub(super) fn reward(
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

    /// The principal variation at `ply` becomes `mv` followed by the
    /// child's.
    pub(super) fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.stack.split_at_mut(ply + 1);
        let line = &mut head[ply].pv;
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0].pv);
    }
}
