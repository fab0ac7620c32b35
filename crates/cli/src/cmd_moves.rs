//! `parlour moves`: the legal moves in board order, one per line.

use crate::options::{GameArgs, MovesArg};
use crate::Run;
use anyhow::{Context, Result};
use clap::Args;
use parlour_game::registry::sorted_moves;
use parlour_game::{Variant, Visit};
use std::io::Write;

/// Flags of `parlour moves`.
#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    moves: MovesArg,
}

impl Visit for &MovesArgs {
    type Output = Result<()>;

    fn visit<V: Variant>(self) -> Result<()> {
        let pos = self.moves.position::<V>(&self.game)?;
        let mut out = std::io::stdout().lock();
        for name in sorted_moves(&pos) {
            writeln!(out, "{name}").context("cannot write")?;
        }
        Ok(())
    }
}

impl Run for MovesArgs {
    fn run(self) -> Result<()> {
        self.game.visit(&self)?
    }
}
