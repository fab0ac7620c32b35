//! `parlour show`: a position drawn, as text on standard output and, with
//! `--svg FILE`, as an SVG diagram; the position given (`--fen`,
//! `--position`, else the start) or a game of a PDN file after `--ply`
//! plies.

use parlour_game::echo::echo;
use crate::options::{at_least, GameArgs, MovesArg, PictureArgs};
use crate::Run;
use anyhow::{bail, Context, Result};
use clap::Args;
use parlour_game::pdn::{read_games, PdnGame};
use parlour_game::registry::parse_line;
use parlour_game::{Game, GameList, Variant, Visit};
use parlour_games::Games;
use std::io::Write;
use std::path::PathBuf;

/// Flags of `parlour show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    moves: MovesArg,
    /// A PDN file (as `match --pdn` writes): show one of its games; the
    /// game is its `Game` tag's (else `--game`), its rules and start its
    /// `Rules` and `FEN`/`Position` tags.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fen", "position", "moves"])]
    pdn: Option<PathBuf>,
    /// With `--pdn`: the position after this many plies from the game's
    /// start (0: the start; default: the game's end), then the comments on
    /// the move that led there (a match's or an analysis's score, depth and
    /// time), each on a line.
    #[arg(long, requires = "pdn")]
    ply: Option<usize>,
    /// With `--pdn`: which game of the file, from 1.
    #[arg(long, requires = "pdn", default_value_t = 1,
          value_parser = at_least(1u64))]
    number: u64,
    #[command(flatten)]
    picture: PictureArgs,
}

impl ShowArgs {
    /// Prints `pos` and writes its picture.
    fn show<V: Variant>(&self, pos: &V::Position) -> Result<()> {
        // The file first: a file that cannot be written is an error with
        // nothing printed.
        self.picture.write::<V>(pos, &[])?;
        let text = V::diagram_for(pos, self.picture.viewer());
        write!(std::io::stdout().lock(), "{text}").context("cannot write")
    }
}

impl Visit for &ShowArgs {
    type Output = Result<()>;

    fn visit<V: Variant>(self) -> Result<()> {
        self.show::<V>(&self.moves.position::<V>(&self.game)?)
    }
}

/// A game of a PDN file shown after some plies.
struct FromPdn<'a> {
    args: &'a ShowArgs,
    game: &'a PdnGame,
}

impl Visit for FromPdn<'_> {
    type Output = Result<()>;

    fn visit<V: Variant>(self) -> Result<()> {
        let rules = match self.game.tag("Rules") {
            Some(text) => V::parse_rules(text).context("the PDN's Rules tag")?,
            None => self.args.game.rules::<V>()?,
        };
        let start = match self.game.tag("FEN").or(self.game.tag("Position")) {
            Some(text) => V::parse_position(Some(rules), text).context("the PDN's start")?,
            None => rules.start(),
        };
        let moves = parse_line::<V>(&start, &self.game.moves).context("the PDN's moves")?;
        let ply = self.args.ply.unwrap_or(moves.len());
        if ply > moves.len() {
            bail!(
                "bad --ply {ply}: the game has {} plies (0 is its start)",
                moves.len()
            );
        }
        let pos = moves[..ply].iter().fold(start, |pos, &mv| pos.play(mv));
        self.args.show::<V>(&pos)?;
        // The comments on the move that led here: a match's or an
        // analysis's score, depth and time.
        let texts = V::split_line(&self.game.moves);
        let Some(comments) = ply
            .checked_sub(1)
            .and_then(|i| self.game.comments_per_ply(&texts).into_iter().nth(i))
        else {
            return Ok(());
        };
        let mut out = std::io::stdout().lock();
        for comment in comments {
            writeln!(out, "  ply {ply} {}: {{{comment}}}", texts[ply - 1]).context("cannot write")?;
        }
        Ok(())
    }
}

impl Run for ShowArgs {
    fn run(self) -> Result<()> {
        let Some(path) = &self.pdn else {
            return self.game.visit(&self)?;
        };
        let text = parlour_game::pdn::PDN_FILE
            .read_text(path)
            .with_context(|| format!("cannot read --pdn {}", echo(&path.display())))?;
        let games = read_games(&text).with_context(|| format!("bad --pdn {}", echo(&path.display())))?;
        let Some(game) = usize::try_from(self.number - 1)
            .ok()
            .and_then(|i| games.get(i))
        else {
            bail!(
                "bad --number {}: {} holds {} games",
                self.number,
                path.display(),
                games.len()
            );
        };
        let name = game.tag("Game").unwrap_or(&self.game.game);
        Games::visit(name, FromPdn { args: &self, game })
            .context("the PDN's Game tag")?
    }
}
