//! The list of parlour's games: the one place that names them. The command
//! line, the Hub server and the arena are generic over
//! [`parlour_game::Variant`] and reach the game a user asks for through
//! this list ([`parlour_game::GameList`]), so none of them names a game.
//!
//! Adding a game: write its crate (its position type implementing
//! `parlour_game::Game` and `Evaluate`, its rules type implementing
//! `Variant`), add it to this crate's `[dependencies]`, and add its rules
//! type to [`Games`]. A game with endgame tables has the crate that reads
//! them install its opener ([`install_tables`]). See `docs/ARCHITECTURE.md`.
//!
//! ```
//! use parlour_game::GameList;
//! assert_eq!(parlour_games::Games::names(), ["checkers", "pegs"]);
//! assert_eq!(
//!     parlour_games::Games::hub_variants(),
//!     ["english", "huffing", "pegs"]
//! );
//! ```

use parlour_game::registry::{self, EvalError, EvalSpec, EvaluatorOf};
use parlour_game::Variant;
use std::path::Path;

/// Every game, in the order commands list them (and `parlour bench` plays
/// their positions): checkers, then the peg game.
pub type Games = (parlour_checkers::Rules, parlour_pegs::PegRules);

/// The game a command uses when none is named.
pub const DEFAULT_GAME: &str = "checkers";

/// Installs the openers of the games' endgame tables (english checkers'
/// databases, read by `parlour-egdb`) in the registry, so that code
/// generic over games opens them ([`parlour_game::registry::evaluator`]).
/// The binary calls it at start-up; calling it again does nothing.
pub fn install_tables() {
    parlour_egdb::install();
}

/// The evaluator `spec` names for the game `rules` plays, with the game's
/// endgame tables kept in `egdb` beside it where a folder is given
/// ([`parlour_game::registry::evaluator`]), the tables' openers installed
/// first ([`install_tables`]): for code that reaches the games through
/// this list without a start-up of its own (the Python module).
pub fn evaluator<V: Variant>(
    rules: &V,
    spec: &EvalSpec,
    egdb: Option<&Path>,
) -> Result<EvaluatorOf<V>, EvalError> {
    install_tables();
    registry::evaluator(rules, spec, egdb)
}
