//! `parlour moves`: the legal moves, sorted as plain strings, one per line.

use crate::options::{AnyPosition, GameArgs};
use clap::Args;
use parlour_game::{Game, MoveList};
use std::io::Write;

/// Flags of `parlour moves`.
#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    game: GameArgs,
}

fn print_moves<G: Game>(pos: &G) -> Result<(), String> {
    let mut list = G::MoveList::default();
    pos.legal_moves(&mut list);
    let mut names: Vec<String> = list.as_ref().iter().map(|m| m.to_string()).collect();
    names.sort();
    let mut out = std::io::stdout().lock();
    for name in names {
        writeln!(out, "{name}").map_err(|e| format!("cannot write: {e}"))?;
    }
    let _ = list.len();
    Ok(())
}

/// Runs the command.
pub fn run(args: MovesArgs) -> Result<(), String> {
    match args.game.position()? {
        AnyPosition::Checkers(pos) => print_moves(&pos),
        AnyPosition::Pegs(pos) => print_moves(&pos),
    }
}
