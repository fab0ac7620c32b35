//! Move lists that live on the stack.

use arrayvec::ArrayVec;

/// A list of moves with a fixed capacity and no heap allocation. Each game
/// picks a capacity that no position of it can exceed.
pub trait MoveList<M>: Default + AsRef<[M]> + AsMut<[M]> + Send {
    /// Appends a move. Exceeding the capacity is a bug in the game's bound.
    fn push(&mut self, mv: M);
    /// Empties the list.
    fn clear(&mut self);
    /// The number of moves held.
    fn len(&self) -> usize {
        self.as_ref().len()
    }
    /// Whether the list holds no move.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<M: Send, const N: usize> MoveList<M> for ArrayVec<M, N> {
    #[inline]
    fn push(&mut self, mv: M) {
        ArrayVec::push(self, mv);
    }
    #[inline]
    fn clear(&mut self) {
        ArrayVec::clear(self);
    }
}
