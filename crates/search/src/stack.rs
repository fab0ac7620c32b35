//! The search stack: what each ply of the current line knows, in one frame
//! per ply from the root, instead of arguments passed down every call.

/// One ply of the current line.
pub(crate) struct Frame<M> {
    /// The position's hash.
    pub key: u64,
    /// Plies since the last irreversible move.
    pub quiet: u32,
    /// The continuation key of the move that led here
    /// ([`crate::ordering::NO_KEY`] at the root).
    pub previous: usize,
    /// Two quiet moves that caused cut-offs at this ply, the latest first.
    pub killers: [Option<M>; 2],
    /// The principal variation from this ply.
    pub pv: Vec<M>,
    /// The move (its index in the node's list) a singular-extension search
    /// of this ply's node leaves out; `None` outside one.
    pub excluded: Option<u16>,
}

impl<M: Copy + PartialEq> Frame<M> {
    pub(crate) fn new() -> Frame<M> {
        Frame {
            key: 0,
            quiet: 0,
            previous: 0,
            killers: [None, None],
            // Grown as lines are found: most plies of a short search never
            // hold one, and a search makes a stack of MAX_PLY frames.
            pv: Vec::new(),
            excluded: None,
        }
    }

    /// Enters a new node at this ply (the killers stay: they are the
    /// ply's, shared by its sibling nodes).
    #[inline(always)]
    pub(crate) fn reset(&mut self, key: u64, quiet: u32, previous: usize) {
        self.key = key;
        self.quiet = quiet;
        self.previous = previous;
    }

    /// Whether `mv` is one of the ply's killers.
    #[inline(always)]
    pub(crate) fn is_killer(&self, mv: M) -> bool {
        self.killers[0] == Some(mv) || self.killers[1] == Some(mv)
    }

    /// Makes `mv` the first killer.
    #[inline]
    pub(crate) fn add_killer(&mut self, mv: M) {
        if self.killers[0] != Some(mv) {
            self.killers[1] = self.killers[0];
            self.killers[0] = Some(mv);
        }
    }
}
