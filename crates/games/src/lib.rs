//! The list of parlour's games: the one place that names them. The command
//! line, the Hub server and the arena are generic over
//! [`parlour_game::Variant`] and reach the game a user asks for through
//! this list ([`parlour_game::GameList`]), so none of them names a game.
//!
//! Adding a game: write its crate (its position type implementing
//! `parlour_game::Game` and `Evaluate`, its rules type implementing
//! `Variant`), add it to this crate's `[dependencies]`, and add its rules
//! type to [`Games`]. See `docs/ARCHITECTURE.md`.
//!
//! ```
//! use parlour_game::GameList;
//! assert_eq!(parlour_games::Games::names(), ["checkers", "pegs"]);
//! assert_eq!(
//!     parlour_games::Games::hub_variants(),
//!     ["english", "huffing", "pegs"]
//! );
//! ```

/// Every game, in the order commands list them (and `parlour bench` plays
/// their positions): checkers, then the peg game.
pub type Games = (parlour_checkers::Rules, parlour_pegs::PegRules);

/// The game a command uses when none is named.
pub const DEFAULT_GAME: &str = "checkers";

use parlour_game::registry::{EvalError, EvaluatorOf};
use parlour_game::Variant;
use std::any::Any;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The evaluator `spec` names for the game `rules` plays
/// ([`Variant::evaluator`]), with the endgame databases found in `egdb`
/// beside it where a directory is given: english checkers' databases
/// (`parlour-egdb`), which the search probes at every node. The databases
/// are opened here, where both the game and its databases are known: the
/// game crate cannot depend on the databases' crate, which depends on it.
pub fn evaluator<V: Variant>(
    rules: &V,
    spec: &str,
    egdb: Option<&Path>,
) -> Result<EvaluatorOf<V>, EvalError> {
    let eval = rules.evaluator(spec)?;
    let Some(dir) = egdb else {
        return Ok(eval);
    };
    let failed = |source: Box<dyn std::error::Error + Send + Sync>| EvalError::Load {
        spec: format!("egdb={}", dir.display()),
        source,
    };
    let eval: Box<dyn Any> = Box::new(eval);
    let checkers = eval
        .downcast::<parlour_checkers::Eval>()
        .map_err(|_| failed(Box::new(NoTables { game: V::NAME })))?;
    let tables = open_egdb(dir).map_err(|e| failed(Box::new(e)))?;
    let with: Box<dyn Any> = Box::new(checkers.with_tables(tables));
    Ok(*with
        .downcast::<EvaluatorOf<V>>()
        .expect("the checkers evaluator is this game's"))
}

/// A game without endgame databases was given some.
#[derive(Debug, thiserror::Error)]
#[error("{game} has no endgame databases (parlour builds them for english checkers)")]
pub struct NoTables {
    /// The game.
    pub game: &'static str,
}

/// The databases of `dir`, opened once per process: a Hub engine makes an
/// evaluator for every game it is sent, and reading the files again each
/// time would cost seconds.
fn open_egdb(dir: &Path) -> Result<Arc<parlour_egdb::Egdb>, parlour_egdb::EgdbError> {
    static OPEN: Mutex<Vec<(PathBuf, Arc<parlour_egdb::Egdb>)>> = Mutex::new(Vec::new());
    let mut open = OPEN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, tables)) = open.iter().find(|(d, _)| d == dir) {
        return Ok(tables.clone());
    }
    let tables = Arc::new(parlour_egdb::Egdb::open(dir)?);
    open.push((dir.to_path_buf(), tables.clone()));
    Ok(tables)
}
