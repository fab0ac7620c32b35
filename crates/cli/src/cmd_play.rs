//! `parlour play`: a game against the engine in the terminal.

use crate::options::{mebibytes, thread_count, threads, EvalArg, GameArgs};
use crate::Run;
use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use parlour_game::{Side, Variant, Visit};
use parlour_hub::terminal::{play, PlayOptions};
use parlour_search::Limits;
use std::path::PathBuf;
use std::time::Duration;

/// The engine's limit when `--engine` gives none: half a second a move.
const DEFAULT_MOVETIME_MS: u64 = 500;

/// The side a person plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Colour {
    /// Black, who moves first.
    Black,
    /// White.
    White,
}

/// Flags of `parlour play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The engine: `search` (half a second a move), `search:depth=N`,
    /// `search:movetime=MS` or `search:nodes=N`.
    #[arg(long, default_value = "search")]
    engine: String,
    /// The side you play.
    #[arg(long, value_enum, default_value = "black")]
    colour: Colour,
    /// Save the game as PDN to this file at the end (without it you are
    /// asked).
    #[arg(long)]
    pdn: Option<PathBuf>,
    /// Search threads, 1 to 1024 (default 1).
    #[arg(long, short, value_parser = thread_count())]
    threads: Option<usize>,
    /// Transposition table size in MiB, at most the memory available.
    #[arg(long, default_value_t = 32, value_parser = mebibytes())]
    hash: usize,
    #[command(flatten)]
    eval: EvalArg,
}

/// Reads an engine spec: `search`, `search:depth=N`, `search:movetime=MS`,
/// `search:nodes=N`.
pub fn engine_limits(spec: &str) -> Result<Limits> {
    let spec = spec.trim();
    let (kind, rest) = spec.split_once(':').unwrap_or((spec, ""));
    if kind != "search" {
        bail!(
            "unknown engine `{spec}`: use search, search:depth=N, search:movetime=MS or search:nodes=N"
        );
    }
    if rest.is_empty() {
        return Ok(Limits::MoveTime(Duration::from_millis(DEFAULT_MOVETIME_MS)));
    }
    let (key, value) = rest
        .split_once('=')
        .with_context(|| format!("engine option `{rest}` is not of the form name=value"))?;
    let n: u64 = value
        .trim()
        .parse()
        .ok()
        .filter(|&n| n > 0)
        .with_context(|| format!("engine option {key}=`{value}` must be a whole number from 1"))?;
    match key.trim() {
        "depth" if n <= u64::from(parlour_search::MAX_DEPTH) => Ok(Limits::Depth(n as u32)),
        "depth" => bail!("depth must be at most {}", parlour_search::MAX_DEPTH),
        "movetime" => Ok(Limits::MoveTime(Duration::from_millis(n))),
        "nodes" => Ok(Limits::Nodes(n)),
        other => bail!("unknown engine option `{other}`: use depth, movetime or nodes"),
    }
}

impl Visit for &PlayArgs {
    type Output = Result<()>;

    fn visit<V: Variant>(self) -> Result<()> {
        let options = PlayOptions {
            human: match self.colour {
                Colour::Black => Side::Black,
                Colour::White => Side::White,
            },
            limits: engine_limits(&self.engine)?,
            threads: threads(self.threads, 1),
            hash_mib: self.hash,
            pdn: self.pdn.clone(),
        };
        let start = self.game.position::<V>()?;
        let eval = self.eval.evaluator(&V::rules_of(&start))?;
        let (input, output) = (std::io::stdin().lock(), std::io::stdout().lock());
        play::<V, _, _>(start, input, output, &options, eval).context("play")?;
        Ok(())
    }
}

impl Run for PlayArgs {
    fn run(self) -> Result<()> {
        self.game.visit(&self)?
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_specs() {
        let limits = |spec| engine_limits(spec).unwrap();
        assert_eq!(limits("search:depth=3"), Limits::Depth(3));
        assert_eq!(
            limits("search:movetime=50"),
            Limits::MoveTime(Duration::from_millis(50))
        );
        assert_eq!(limits("search:nodes=9"), Limits::Nodes(9));
        assert_eq!(
            limits("search"),
            Limits::MoveTime(Duration::from_millis(DEFAULT_MOVETIME_MS))
        );
        for bad in ["random", "search:depth=0", "search:depth", "search:speed=3"] {
            assert!(engine_limits(bad).is_err(), "{bad}");
        }
    }
}
