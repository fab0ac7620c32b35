//! `parlour solve`: search a position until its value is proven (a win or
//! loss the search finds, or the endgame databases' value) or the limit
//! runs out, printing each finished depth meanwhile.

use crate::cmd_best::info_line;
use crate::options::{cores, limits_or, play_moves, threads, EngineArgs, GameArgs, LimitArgs, MovesArg};
use crate::Run;
use anyhow::{Context, Result};
use clap::Args;
use parlour_game::{Variant, Visit};
use parlour_search::{Limits, Score, SearchResult, Searcher};
use std::fmt::Display;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The limit when none is given: a minute (its help says so).
pub const DEFAULT_LIMITS: Limits = Limits::movetime(Duration::from_secs(60));

/// Flags of `parlour solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    moves: MovesArg,
    /// The most the search may take (default: `--movetime 60000`, a
    /// minute); it stops sooner once the value is proven.
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    engine: EngineArgs,
}

/// What a solve found, in words: `win in 13 plies`, `loss in 8 plies`,
/// `win (endgame databases)`, `draw (endgame databases)`; `None` where the
/// value is not proven.
pub fn verdict(result: &SearchResult<impl Display>) -> Option<String> {
    if !result.proven {
        return None;
    }
    Some(match result.score {
        Score::Win(n) => format!("win in {n} plies"),
        Score::Loss(n) => format!("loss in {n} plies"),
        Score::Value(v) if v > 0 => "win (endgame databases)".to_string(),
        Score::Value(v) if v < 0 => "loss (endgame databases)".to_string(),
        Score::Value(_) => "draw (endgame databases)".to_string(),
    })
}

impl Visit for &SolveArgs {
    type Output = Result<()>;

    fn visit<V: Variant>(self) -> Result<()> {
        let limits = limits_or(self.limits.request(), DEFAULT_LIMITS)?.until_proven();
        let start = self.game.position::<V>()?;
        let eval = self.engine.eval.evaluator(&V::rules_of(&start))?;
        let history = play_moves(start, &self.moves.moves)?;
        let mut out = std::io::stdout().lock();
        if let Some((outcome, why)) = history.ending() {
            writeln!(out, "game over: {outcome} ({why})").context("cannot write")?;
            return Ok(());
        }
        drop(out);
        let mut searcher = Searcher::new(threads(self.engine.threads, cores()), self.engine.hash)?;
        let stop = Arc::new(AtomicBool::new(false));
        let result = searcher.search(&history, limits, &eval, &stop, |info| {
            let mut out = std::io::stdout().lock();
            if writeln!(out, "{}", info_line(info, false))
                .and_then(|()| out.flush())
                .is_err()
            {
                stop.store(true, Ordering::Relaxed);
            }
        });
        let line: Vec<String> = result.pv.iter().map(|m| m.to_string()).collect();
        let mut out = std::io::stdout().lock();
        let said = match verdict(&result) {
            Some(verdict) => writeln!(out, "solved: {verdict}, depth {}", result.depth),
            None => writeln!(
                out,
                "not proven: the best line so far scores {} at depth {}",
                result.score, result.depth
            ),
        };
        said.and_then(|()| writeln!(out, "line: {}", line.join(" ")))
            .and_then(|()| match result.best_move {
                Some(mv) => writeln!(out, "bestmove {mv}"),
                None => writeln!(out, "bestmove none"),
            })
            .context("cannot write")
    }
}

impl Run for SolveArgs {
    fn run(self) -> Result<()> {
        self.game.visit(&self)?
    }
}
