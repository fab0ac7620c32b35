//! `parlour play`: a game against the engine in the terminal.

use crate::cmd_best::threads;
use crate::options::{AnyPosition, GameArgs};
use clap::{Args, ValueEnum};
use parlour_game::Side;
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
    /// Search threads (default 1).
    #[arg(long, short)]
    threads: Option<usize>,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 32)]
    hash: usize,
}

/// Reads an engine spec: `search`, `search:depth=N`, `search:movetime=MS`,
/// `search:nodes=N`.
pub fn engine_limits(spec: &str) -> Result<Limits, String> {
    let spec = spec.trim();
    let (kind, rest) = spec.split_once(':').unwrap_or((spec, ""));
    if kind != "search" {
        return Err(format!(
            "unknown engine `{spec}`: use search, search:depth=N, search:movetime=MS or search:nodes=N"
        ));
    }
    if rest.is_empty() {
        return Ok(Limits::MoveTime(Duration::from_millis(DEFAULT_MOVETIME_MS)));
    }
    let (key, value) = rest
        .split_once('=')
        .ok_or_else(|| format!("engine option `{rest}` is not of the form name=value"))?;
    let n: u64 = value
        .trim()
        .parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("engine option {key}=`{value}` must be a whole number from 1"))?;
    match key.trim() {
        "depth" if n <= u64::from(parlour_search::MAX_DEPTH) => Ok(Limits::Depth(n as u32)),
        "depth" => Err(format!(
            "depth must be at most {}",
            parlour_search::MAX_DEPTH
        )),
        "movetime" => Ok(Limits::MoveTime(Duration::from_millis(n))),
        "nodes" => Ok(Limits::Nodes(n)),
        other => Err(format!(
            "unknown engine option `{other}`: use depth, movetime or nodes"
        )),
    }
}

/// Runs the command.
pub fn run(args: PlayArgs) -> Result<(), String> {
    let options = PlayOptions {
        human: match args.colour {
            Colour::Black => Side::Black,
            Colour::White => Side::White,
        },
        limits: engine_limits(&args.engine)?,
        threads: threads(Some(args.threads.unwrap_or(1)))?,
        hash_mib: args.hash.max(1),
        pdn: args.pdn.clone(),
    };
    let (input, output) = (std::io::stdin().lock(), std::io::stdout().lock());
    let result = match args.game.position()? {
        AnyPosition::Checkers(pos) => play(pos, input, output, &options),
        AnyPosition::Pegs(pos) => play(pos, input, output, &options),
    };
    result.map(|_| ()).map_err(|e| format!("play: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_specs() {
        assert_eq!(engine_limits("search:depth=3"), Ok(Limits::Depth(3)));
        assert_eq!(
            engine_limits("search:movetime=50"),
            Ok(Limits::MoveTime(Duration::from_millis(50)))
        );
        assert_eq!(engine_limits("search:nodes=9"), Ok(Limits::Nodes(9)));
        assert_eq!(
            engine_limits("search"),
            Ok(Limits::MoveTime(Duration::from_millis(DEFAULT_MOVETIME_MS)))
        );
        for bad in ["random", "search:depth=0", "search:depth", "search:speed=3"] {
            assert!(engine_limits(bad).is_err(), "{bad}");
        }
    }
}
