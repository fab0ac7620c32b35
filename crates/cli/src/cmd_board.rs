//! `parlour board`: a generated board (the peg game's, under `--rules`)
//! drawn with its hole numbers, then its generated tables.

use crate::options::{game_names, write_picture};
use crate::Run;
use anyhow::{bail, Context, Result};
use clap::Args;
use parlour_game::{GameList, Side, Variant, Visit};
use parlour_games::Games;
use std::io::Write;
use std::path::PathBuf;

/// Flags of `parlour board`.
#[derive(Args, Debug)]
pub struct BoardArgs {
    /// The game (default: the first whose board is generated).
    #[arg(long, value_parser = game_names())]
    game: Option<String>,
    /// The rules (for pegs `squares=4,diagonals=0`); default: the defaults.
    #[arg(long)]
    rules: Option<String>,
    /// Also draw the board (its start position: the hand and reserve) as
    /// an SVG diagram in FILE, holes numbered.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Also draw it as a PNG picture in FILE.
    #[arg(long, value_name = "FILE")]
    png: Option<PathBuf>,
}

impl Visit for &BoardArgs {
    type Output = Result<()>;

    fn visit<V: Variant>(self) -> Result<()> {
        let rules = match &self.rules {
            Some(text) => crate::options::rules_flag::<V>(text)?,
            None => V::default(),
        };
        let Some(board) = rules.board() else {
            bail!("{} has no generated board", V::NAME);
        };
        write_picture::<V>(
            self.svg.as_deref(),
            self.png.as_deref(),
            &rules.start(),
            Side::Black,
            &[],
        )?;
        let mut out = std::io::stdout().lock();
        write!(out, "{board}").context("cannot write")
    }
}

impl Run for BoardArgs {
    fn run(self) -> Result<()> {
        match &self.game {
            Some(name) => Games::visit(name, &self)?,
            None => Games::find(|g| g.has_board, &self).context("no game has a generated board")?,
        }
    }
}
