//! `parlour play`: a game against the engine in the terminal.

use crate::options::{engine_spec, mebibytes, thread_count, threads, BookArgs, EvalArg, GameArgs};
use crate::Run;
use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use parlour_arena::{PlayerKind, PlayerSpec};
use parlour_game::{Side, Variant, Visit};
use parlour_hub::terminal::{play, PlayOptions, DEFAULT_LIMITS};
use parlour_search::{Limits, Skill, TimeLimit};
use std::path::PathBuf;

/// The table of the engine when neither `--hash` nor `hash=` gives one.
const DEFAULT_HASH_MIB: usize = 32;

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
    /// The engine, a `search` spec as `match` reads it: `search` (half a
    /// second a move), `search:depth=N`, `search:movetime=MS`,
    /// or `search:nodes=N` (a depth beside another stops early), with `eval=`,
    /// `egdb=`, `threads=` and `hash=` as in `match` (or the flags), and
    /// `skill=N` (1 to 10) for a weaker engine.
    #[arg(long, default_value = "search", value_parser = engine_spec())]
    engine: PlayerSpec,
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
    /// Transposition table size in MiB, at most the memory available
    /// (default 32).
    #[arg(long, value_parser = mebibytes())]
    hash: Option<usize>,
    #[command(flatten)]
    eval: EvalArg,
    #[command(flatten)]
    book: BookArgs,
}

/// The engine `--engine` names, read as `match` reads an engine spec: a
/// `search` spec, its limits (play's default where it names none), threads
/// and table (else the flags'); other kinds are refused.
fn engine(args: &PlayArgs) -> Result<(Limits, usize, usize, EvalArg, Skill)> {
    let spec = &args.engine;
    let PlayerKind::Search { limits, engine } = &spec.kind else {
        bail!(
            "`play --engine {spec}`: the terminal game plays parlour's searcher only: \
             search, search:depth=N, search:movetime=MS or search:nodes=N"
        );
    };
    let twice = |what: &str| anyhow::anyhow!("{what} named twice: by --{what} and in --engine");
    let threads = match (engine.threads, args.threads) {
        (Some(_), Some(_)) => return Err(twice("threads")),
        (spec, flag) => threads(spec.or(flag), 1),
    };
    let hash = match (engine.hash_mib, args.hash) {
        (Some(_), Some(_)) => return Err(twice("hash")),
        (spec, flag) => spec.map_or(flag.unwrap_or(DEFAULT_HASH_MIB), |h| h as usize),
    };
    let limits = limits.unwrap_or(DEFAULT_LIMITS);
    if matches!(limits.time, Some(TimeLimit::Clock { .. })) {
        bail!("`play --engine {spec}`: the terminal game keeps no clock: give movetime=MS");
    }
    let skill = engine.skill.unwrap_or_default();
    Ok((limits, threads, hash, args.eval.with_spec(engine)?, skill))
}

/// The book `book=` in `--engine` names, if it names one (and `--book`
/// does not as well).
fn engine_book(args: &PlayArgs) -> Result<Option<parlour_book::BookSpec>> {
    let PlayerKind::Search { engine, .. } = &args.engine.kind else {
        return Ok(None);
    };
    match (&engine.book, &args.book.book) {
        (None, _) => Ok(None),
        (Some(_), Some(_)) => {
            bail!("the book is named twice: give --book or book= in --engine, not both")
        }
        (Some(spec), None) => Ok(Some(spec.clone())),
    }
}

impl Visit for &PlayArgs {
    type Output = Result<()>;

    fn visit<V: Variant>(self) -> Result<()> {
        let (limits, threads, hash_mib, eval, skill) = engine(self)?;
        let start = self.game.position::<V>()?;
        let book = match &engine_book(self)? {
            Some(spec) => spec.open(&V::rules_of(&start)).context("bad book")?,
            // `play` plays from the built-in book unless told otherwise.
            None => self.book.open(&V::rules_of(&start), parlour_book::BookSpec::Default)?,
        };
        let options = PlayOptions {
            human: match self.colour {
                Colour::Black => Side::Black,
                Colour::White => Side::White,
            },
            limits,
            threads,
            hash_mib,
            pdn: self.pdn.clone(),
            skill,
            // A game of its own each time: a weaker level's draws differ.
            seed: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |t| t.as_nanos() as u64),
            book,
            book_pick: (self.book.book_pick, self.book.book_seed),
            book_floor: self.book.floor.book_floor,
        };
        let eval = eval.evaluator(&V::rules_of(&start))?;
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
    use clap::Parser;
    use std::time::Duration;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        play: PlayArgs,
    }

    fn read(args: &[&str]) -> Result<(Limits, usize, usize, EvalArg, Skill)> {
        let cli = Cli::try_parse_from(std::iter::once("play").chain(args.iter().copied()))?;
        engine(&cli.play)
    }

    #[test]
    fn the_engine_is_a_search_spec_as_match_reads_it() {
        let limits = |spec: &str| read(&["--engine", spec]).unwrap().0;
        assert_eq!(limits("search:depth=3"), Limits::depth(3));
        assert_eq!(limits("search:movetime=50"), Limits::movetime(Duration::from_millis(50)));
        assert_eq!(limits("search:nodes=9"), Limits::nodes(9));
        assert_eq!(limits("search"), DEFAULT_LIMITS);
        assert_eq!(read(&[]).unwrap().0, DEFAULT_LIMITS);
        let (_, threads, hash, _, _) = read(&["--engine", "search:threads=1,hash=8"]).unwrap();
        assert_eq!((threads, hash), (1, 8));
        assert_eq!(read(&["--hash", "4"]).unwrap().2, 4);
        assert_eq!(read(&[]).unwrap().2, DEFAULT_HASH_MIB);
        for bad in [
            &["--engine", "random"][..],
            &["--engine", "hub:engine,depth=2"],
            &["--engine", "search:depth=0"],
            &["--engine", "search:depth"],
            &["--engine", "search:tc=60+1"],
            &["--engine", "search:speed=3"],
            &["--engine", "search:hash=8", "--hash", "8"],
            &["--engine", "search:eval=handwritten", "--eval", "default"],
        ] {
            assert!(read(bad).is_err(), "{bad:?}");
        }
    }
}
