//! `parlour board`: the peg board of `--rules` drawn with its hole numbers,
//! then its generated tables.

use crate::options::{peg_rules, GameName};
use clap::Args;
use parlour_pegs::{board_diagram, board_tables};
use std::io::Write;

/// Flags of `parlour board`.
#[derive(Args, Debug)]
pub struct BoardArgs {
    /// The game; only the peg game has a generated board.
    #[arg(long, value_enum, default_value = "pegs")]
    game: GameName,
    /// The peg rules (`squares=4,diagonals=0`); default: the defaults.
    #[arg(long)]
    rules: Option<String>,
}

/// Runs the command.
pub fn run(args: BoardArgs) -> Result<(), String> {
    if args.game != GameName::Pegs {
        return Err("only the peg game has a generated board: use --game pegs".to_string());
    }
    let board = peg_rules(args.rules.as_deref())?.board();
    let mut out = std::io::stdout().lock();
    write!(out, "{}\n{}", board_diagram(board), board_tables(board))
        .map_err(|e| format!("cannot write: {e}"))
}
