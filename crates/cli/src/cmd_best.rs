//! `parlour best`: search a position and print one line per finished depth,
//! then the best move.

use crate::options::{
    cores, limits_or, play_moves, threads, BookArgs, ClockArgs, EngineArgs, GameArgs, LimitArgs,
    LinesArg, MovesArg, PictureArgs, SkillArg,
};
use crate::Run;
use anyhow::{bail, Context, Result};
use clap::Args;
use parlour_book::BookSpec;
use parlour_game::{Variant, Visit};
use parlour_search::{Info, Limits, Searcher, Skill};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The limit when none is given: a second a move (its help says so).
pub const DEFAULT_LIMITS: Limits = Limits::movetime(Duration::from_millis(1000));

/// Flags of `parlour best`.
#[derive(Args, Debug)]
pub struct BestArgs {
    #[command(flatten)]
    game: GameArgs,
    // The search sees the repetitions the moves make.
    #[command(flatten)]
    moves: MovesArg,
    /// The limits (default: `--movetime 1000`, a second).
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    clock: ClockArgs,
    #[command(flatten)]
    lines: LinesArg,
    #[command(flatten)]
    skill: SkillArg,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    book: BookArgs,
    /// With `--svg FILE`: the position searched, the best move and the
    /// principal variation drawn on it as numbered arrows.
    #[command(flatten)]
    picture: PictureArgs,
    /// With --svg or --png: how many moves of the principal variation to
    /// draw as numbered arrows, from 0 to 100 (default 2: the best move
    /// and the reply).
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = clap::value_parser!(u32).range(0..=100))]
    arrows: u32,
}

/// `info depth <d> [multipv <k>] score <s> nodes <n> nps <n> [tbhits <n>]
/// time <seconds> pv <moves>` (`multipv`, the line's rank, where several
/// lines are asked for; `tbhits`, the positions found in the endgame
/// databases, where the search has some).
pub fn info_line<M: std::fmt::Display>(info: &Info<M>, ranked: bool) -> String {
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    let tbhits = if info.tbhits > 0 {
        format!(" tbhits {}", info.tbhits)
    } else {
        String::new()
    };
    let rank = if ranked {
        format!(" multipv {}", info.multipv)
    } else {
        String::new()
    };
    format!(
        "info depth {}{rank} score {} nodes {} nps {}{tbhits} time {:.3} pv {}",
        info.depth,
        info.score,
        info.nodes,
        info.nps,
        info.time.as_secs_f64(),
        pv.join(", ")
    )
}

impl Visit for &BestArgs {
    type Output = Result<()>;

    fn visit<V: Variant>(self) -> Result<()> {
        let limits = limits_or(self.clock.add_to(self.limits.request()), DEFAULT_LIMITS)?;
        let start = self.game.position::<V>()?;
        let eval = self.engine.eval.evaluator(&V::rules_of(&start))?;
        let history = play_moves(start, &self.moves.moves)?;
        if let Some((outcome, why)) = history.ending() {
            // Nothing to search: a search would play on past the rules'
            // end (a draw by repetition still has legal moves).
            let mut out = std::io::stdout().lock();
            writeln!(out, "game over: {outcome} ({why})")
                .and_then(|()| writeln!(out, "bestmove none"))
                .context("cannot write")?;
            return self.picture.write::<V>(history.current(), &[]);
        }
        let pos = history.current();
        if let Some(book) = self.book.open(&V::rules_of(pos), BookSpec::Off)? {
            if let Some(choice) = book.choose(pos, self.book.book_pick, self.book.floor.book_floor, self.book.book_seed) {
                // A book move is played without a search.
                let mut out = std::io::stdout().lock();
                writeln!(
                    out,
                    "info book move {} value {} depth {} count {}",
                    choice.mv,
                    parlour_search::Score::from_internal(choice.value),
                    choice.depth,
                    choice.count
                )
                .and_then(|()| writeln!(out, "bestmove {}", choice.mv))
                .context("cannot write")?;
                drop(out);
                return self.picture.write::<V>(pos, &[choice.mv]);
            }
        }
        let mut searcher = Searcher::new(threads(self.engine.threads, cores()), self.engine.hash)?;
        let stop = Arc::new(AtomicBool::new(false));
        // A reader that goes away (`| head`) stops the search instead of
        // crashing it.
        let said = AtomicBool::new(false);
        let lines = self.lines.lines();
        let ranked = lines > 1;
        let print = |info: &Info<_>| {
            said.store(true, Ordering::Relaxed);
            let mut out = std::io::stdout().lock();
            if writeln!(out, "{}", info_line(info, ranked))
                .and_then(|()| out.flush())
                .is_err()
            {
                stop.store(true, Ordering::Relaxed);
            }
        };
        let skill = self.skill.skill();
        if skill != Skill::FULL && ranked {
            bail!("--skill plays one move: it cannot go with --multipv or --all");
        }
        let result = if skill == Skill::FULL {
            searcher.search_lines(&history, limits, &eval, &stop, lines, print)
        } else {
            let seed = self.skill.seed();
            searcher.search_skill(&history, limits, skill, seed, &eval, &stop, print)
        };
        let mut out = std::io::stdout().lock();
        if !said.load(Ordering::Relaxed) {
            // No depth finished in the time: still say what was searched,
            // as depth 0 (the move is the first iteration's best so far).
            writeln!(out, "{}", info_line(&result.info(), ranked)).context("cannot write")?;
        }
        if skill != Skill::FULL {
            // The line the level chose, which may not be the best one's.
            let pv: Vec<String> = result.pv.iter().map(|m| m.to_string()).collect();
            writeln!(
                out,
                "info skill {skill} score {} pv {}",
                result.score,
                pv.join(", ")
            )
            .context("cannot write")?;
        }
        let line = match result.best_move {
            Some(mv) => format!("bestmove {mv}"),
            None => "bestmove none".to_string(),
        };
        writeln!(out, "{line}").context("cannot write")?;
        drop(out);
        // The principal variation starts with the best move; a search
        // stopped before its first depth has a move and no variation.
        let mut pv = match result.best_move {
            Some(mv) if result.pv.first() == Some(&mv) => result.pv.clone(),
            Some(mv) => vec![mv],
            None => Vec::new(),
        };
        pv.truncate(self.arrows as usize);
        self.picture.write::<V>(history.current(), &pv)
    }
}

impl Run for BestArgs {
    fn run(self) -> Result<()> {
        self.game.visit(&self)?
    }
}
