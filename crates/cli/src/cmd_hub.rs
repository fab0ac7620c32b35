//! `parlour hub`: the engine on standard input and output, speaking the Hub
//! protocol (Scan's, as pydraughts' `HubEngine` and Hub GUIs drive it).

use parlour_game::echo::echo;
use crate::options::{threads, EngineArgs, GameArgs};
use crate::Run;
use anyhow::{bail, Context, Result};
use clap::Args;
use parlour_game::{Variant, Visit};
use parlour_games::Games;
use parlour_hub::{serve_games, ServerOptions};

/// Flags of `parlour hub`, with the engine flags' help saying what they
/// mean for an engine another program runs.
#[derive(Args, Debug)]
#[command(mut_arg("threads", |a| a.help(
    "Search threads, 1 to 1024 (default: 1, so that two engines in a match do not share cores; \
     the `threads` parameter changes it)"
)))]
#[command(mut_arg("hash", |a| a.help(
    "Transposition table size in MiB, at most the memory available (the `hash` parameter \
     changes it)"
)))]
pub struct HubArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    engine: EngineArgs,
    /// An opening book: a file made by `parlour book build`, `default` (the
    /// one built in, for english checkers) or `off`. A position in it is
    /// answered with its best move, without a search (the `book` parameter
    /// changes it).
    #[arg(long, value_name = "FILE|default|off", default_value = "off")]
    book: parlour_book::BookSpec,
    #[command(flatten)]
    floor: crate::options::BookFloor,
}

/// The Hub variant the flags ask for, their rules and evaluation checked
/// as every command checks them.
impl Visit for &HubArgs {
    type Output = Result<&'static str>;

    fn visit<V: Variant>(self) -> Result<&'static str> {
        let rules = self.game.rules::<V>()?;
        self.engine.eval.evaluator(&rules)?;
        self.book
            .open(&rules)
            .with_context(|| format!("bad --book `{}`", echo(&self.book)))?;
        Ok(rules.hub_variant())
    }
}

impl Run for HubArgs {
    fn run(self) -> Result<()> {
        if self.game.fen.is_some() || self.game.position.is_some() {
            bail!("parlour hub takes its positions from the pos command, not --fen or --position");
        }
        // A tuning engine's settings, refused now rather than at its first search.
        parlour_search::params::Params::active();
        let variant = self.game.visit(&self)??;
        let engine = &self.engine;
        // The table is made at `init`; a size it could not have is refused
        // now, not after a GUI has started the engine.
        parlour_search::check_hash(engine.hash).context("bad --hash")?;
        let options = ServerOptions {
            variant: Some(variant.to_string()),
            rules: self.game.rules.clone(),
            eval: engine.eval.eval.clone(),
            egdb: engine.eval.egdb()?,
            threads: threads(engine.threads, 1),
            hash_mib: engine.hash,
            book: self.book.clone(),
            book_floor: self.floor.book_floor,
            ..ServerOptions::default()
        };
        serve_games::<Games, _, _>(std::io::stdin().lock(), std::io::stdout(), options)
            .context("hub")
    }
}
