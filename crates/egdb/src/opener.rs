//! The opener of the databases as the rest of parlour reaches them:
//! installed in english checkers' slot of the registry
//! ([`parlour_game::Variant::tables`]), so that `--egdb DIR`, a match
//! engine's `egdb=DIR` and the Hub's `egdb` parameter open them with no
//! game named.

use crate::probe::Egdb;
use parlour_checkers::{Position, Rules};
use parlour_game::tables::Opened;
use parlour_game::Variant;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Installs [`Egdb::open`] (once per folder and process) as the opener of
/// checkers' endgame databases. The binary calls it at start-up;
/// installing again does nothing.
pub fn install() {
    if let Some(slot) = Rules::tables() {
        slot.install(open_shared);
    }
}

/// The databases of `dir`, opened once per process: a Hub engine makes an
/// evaluator for every game it is sent, and reading the files again each
/// time would cost seconds.
fn open_shared(dir: &Path) -> Opened<Position> {
    static OPEN: Mutex<Vec<(PathBuf, Arc<Egdb>)>> = Mutex::new(Vec::new());
    let mut open = OPEN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, tables)) = open.iter().find(|(d, _)| d == dir) {
        return Ok(tables.clone());
    }
    let tables = Arc::new(Egdb::open(dir)?);
    open.push((dir.to_path_buf(), tables.clone()));
    Ok(tables)
}
