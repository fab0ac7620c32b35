//! Endgame tables: databases of solved positions that an evaluator holds
//! beside its static score, so that a search gives the positions they
//! hold their exact value ([`crate::Evaluator::probe`]).
//!
//! A game's tables are read by a crate above the game's own (english
//! checkers' by `parlour-egdb`, which depends on `parlour-checkers`), so
//! the game cannot open them itself. Instead a game that has tables
//! declares a [`TablesSlot`] (and names it in
//! [`crate::Variant::tables`]); the crate that reads them installs its
//! opener there, and the binary has it do so once, at start-up. Code
//! generic over games then opens any game's tables through the registry
//! ([`crate::registry::evaluator`]), with no game named.

use crate::Proven;
use std::error::Error;
use std::fmt;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// Endgame tables of the positions `P`, as a search asks them.
pub trait EndgameTables<P>: Send + Sync + fmt::Debug {
    /// The exact value of `pos` for the side to move, where the tables
    /// hold it.
    fn probe(&self, pos: &P) -> Option<Proven>;

    /// [`EndgameTables::probe`] with the distance to conversion of a won
    /// or lost `pos`, in plies, where the tables store it (see
    /// [`crate::Evaluator::probe_with_distance`]).
    fn probe_with_distance(&self, pos: &P) -> Option<(Proven, Option<u32>)> {
        self.probe(pos).map(|proven| (proven, None))
    }

    /// The most pieces of a position the tables hold: a search asks only
    /// below this.
    fn max_pieces(&self) -> u32;
}

/// Tables shared by every evaluator (and search thread) that holds them.
pub type SharedTables<P> = Arc<dyn EndgameTables<P>>;

/// What an opener gives back: the tables of a folder, or why not.
pub type Opened<P> = Result<SharedTables<P>, Box<dyn Error + Send + Sync>>;

/// A function that opens the tables kept in a folder.
pub type OpenTables<P> = fn(&Path) -> Opened<P>;

/// A function that puts tables beside a game's evaluator `E`.
pub type AttachTables<P, E> = fn(E, SharedTables<P>) -> E;

/// Where the opener of one game's tables is installed: a game with tables
/// declares one as a `static`, with how its evaluator takes them, and the
/// crate that reads the tables installs its opener in it.
pub struct TablesSlot<P: 'static, E: 'static> {
    game: &'static str,
    open: OnceLock<OpenTables<P>>,
    attach: AttachTables<P, E>,
}

/// Why a game's endgame tables cannot be had.
#[derive(Debug, thiserror::Error)]
pub enum TablesError {
    /// The game has none.
    #[error("{game} has no endgame databases")]
    NoTables {
        /// The game.
        game: &'static str,
    },
    /// No opener was installed for the game's tables.
    #[error("this program opens no endgame databases of {game}")]
    NotInstalled {
        /// The game.
        game: &'static str,
    },
    /// The opener could not open them.
    #[error(transparent)]
    Open(Box<dyn Error + Send + Sync>),
}

impl<P: 'static, E: 'static> TablesSlot<P, E> {
    /// An empty slot for the tables of `game`, whose evaluator takes them
    /// with `attach`.
    pub const fn new(game: &'static str, attach: AttachTables<P, E>) -> TablesSlot<P, E> {
        TablesSlot {
            game,
            open: OnceLock::new(),
            attach,
        }
    }

    /// Installs how the tables are opened. The first opener installed
    /// stays: installing again does nothing.
    pub fn install(&self, open: OpenTables<P>) {
        let _ = self.open.set(open);
    }

    /// The tables kept in `dir`.
    pub fn open(&self, dir: &Path) -> Result<SharedTables<P>, TablesError> {
        let open = self
            .open
            .get()
            .ok_or(TablesError::NotInstalled { game: self.game })?;
        open(dir).map_err(TablesError::Open)
    }

    /// `eval` with the tables kept in `dir` beside it.
    pub fn attach(&self, eval: E, dir: &Path) -> Result<E, TablesError> {
        Ok((self.attach)(eval, self.open(dir)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tables that hold every position a win.
    #[derive(Debug)]
    struct AllWon;

    impl EndgameTables<u8> for AllWon {
        fn probe(&self, _pos: &u8) -> Option<Proven> {
            Some(Proven::Win)
        }

        fn max_pieces(&self) -> u32 {
            2
        }
    }

    fn open_all_won(dir: &Path) -> Opened<u8> {
        if dir.as_os_str().is_empty() {
            return Err("no folder".into());
        }
        Ok(Arc::new(AllWon))
    }

    /// An evaluator that only counts the tables it was given.
    fn attach(count: usize, _tables: SharedTables<u8>) -> usize {
        count + 1
    }

    #[test]
    fn a_slot_opens_only_once_installed_and_keeps_its_first_opener() {
        static SLOT: TablesSlot<u8, usize> = TablesSlot::new("toy", attach);
        let err = SLOT.attach(0, Path::new("tables")).unwrap_err();
        assert!(
            matches!(err, TablesError::NotInstalled { game: "toy" }),
            "{err}"
        );
        SLOT.install(open_all_won);
        assert_eq!(SLOT.attach(0, Path::new("tables")).unwrap(), 1);
        let tables = SLOT.open(Path::new("tables")).unwrap();
        assert_eq!(tables.probe_with_distance(&3), Some((Proven::Win, None)));
        let err = SLOT.open(Path::new("")).unwrap_err();
        assert_eq!(err.to_string(), "no folder");
        fn refuse(_dir: &Path) -> Opened<u8> {
            Err("the second opener".into())
        }
        SLOT.install(refuse);
        assert!(SLOT.open(Path::new("tables")).is_ok());
    }
}
