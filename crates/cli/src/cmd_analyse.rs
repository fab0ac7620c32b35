//! `parlour analyse`: every move of the games of a PDN file scored by the
//! engine, mistakes marked `?`/`??` and followed by the better move and
//! its line as a PDN variation, with `--multipv N` every move by the
//! engine's N best moves instead (`parlour_arena::analyse`); the annotated games to `--out` (rewritten
//! after each game, so an interrupted run keeps what it finished) or to
//! standard output, a line of progress per move on standard error; with
//! `--html`, also a page of the analysed games (the report's game viewer
//! and a graph of each game's scores, `analyse::analysis_page`),
//! rewritten after each game too.

use parlour_game::echo::echo;
use crate::options::{at_least, cores, limits_or, threads, EngineArgs, GameArgs, LimitArgs};
use crate::Run;
use anyhow::{bail, Context, Result};
use clap::Args;
use parlour_arena::analyse::{self, score_text, Settings, Step, Thresholds};
use parlour_game::pdn::{read_games, PdnGame};
use parlour_game::{GameList, Variant, Visit};
use parlour_games::Games;
use parlour_search::{Limits, Searcher};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The limit of each position's search when none is given: a second (its
/// help says so).
pub const DEFAULT_LIMITS: Limits = Limits::movetime(Duration::from_millis(1000));

/// Flags of `parlour analyse`.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    /// The PDN file: each game is read under its own `Game` tag (else
    /// `--game`), `Rules` tag (else `--rules`) and `FEN`/`Position` tag.
    #[arg(value_name = "FILE.pdn")]
    file: PathBuf,
    #[command(flatten)]
    game: GameArgs,
    /// Analyse only this game of the file, from 1.
    #[arg(long, value_parser = at_least(1u64))]
    number: Option<u64>,
    /// Each position's search limits (default: `--movetime 1000`, a
    /// second a position).
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    engine: EngineArgs,
    /// A move after which the engine's best move scores at least this
    /// much more (in men) is marked `?`.
    #[arg(long, value_name = "MEN", default_value = "1.00", value_parser = hundredths)]
    mistake: i32,
    /// ... and at least this much more, `??`.
    #[arg(long, value_name = "MEN", default_value = "2.00", value_parser = hundredths)]
    blunder: i32,
    /// A move that turns a position scored above this (in men) into a
    /// proven loss is marked `??`.
    #[arg(long, value_name = "MEN", default_value = "-0.50", value_parser = hundredths,
          allow_hyphen_values = true)]
    level: i32,
    /// After every move, the engine's N best moves in its place (the move
    /// played left out), each a variation with its score and line (multi-PV,
    /// 1 to 256); with 1, only a marked move gets one, its better move.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=parlour_search::MAX_LINES as i64))]
    multipv: u16,
    /// Write the annotated games to this file (default: standard output).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Also write an HTML page of the analysed games: each in a viewer,
    /// with a graph of its scores (Black's view) and its mistakes marked.
    #[arg(long, value_name = "PAGE.html")]
    html: Option<PathBuf>,
}

/// A game read back, or analysed: its PDN, and its section of the
/// `--html` page.
struct Done {
    pdn: String,
    section: Option<String>,
}

/// A score in men (`1.00`, `-0.5`) as hundredths of a man.
fn hundredths(text: &str) -> Result<i32, String> {
    let men: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of men (1.00)"))?;
    if !men.is_finite() || men.abs() > 200.0 {
        return Err(format!("`{text}` is out of range (-200 to 200 men)"));
    }
    Ok((men * 100.0).round() as i32)
}

impl AnalyseArgs {
    /// The search limit the flags ask for.
    fn limits(&self) -> Result<Limits> {
        limits_or(self.limits.request(), DEFAULT_LIMITS)
    }
}

/// One game of the file, prepared (for the text it keeps) or analysed.
struct OneGame<'a> {
    args: &'a AnalyseArgs,
    game: &'a PdnGame,
    /// Its number in the file, from 1, and how many are analysed.
    number: usize,
    of: usize,
    /// Analyse it, or only read it back.
    search: bool,
}

impl Visit for OneGame<'_> {
    type Output = Result<Done>;

    fn visit<V: Variant>(self) -> Result<Done> {
        let args = self.args;
        let given = args.game.rules::<V>()?;
        let prepared = analyse::prepare(self.game, given)
            .with_context(|| format!("game {} of the file", self.number))?;
        if !self.search {
            return Ok(Done {
                pdn: prepared.pdn(),
                section: None,
            });
        }
        let rules = prepared.rules();
        let start = prepared.start().to_string();
        let eval = args.engine.eval.evaluator(&rules)?;
        let threads = threads(args.engine.threads, cores());
        let mut searcher = Searcher::new(threads, args.engine.hash)?;
        let settings = Settings {
            limits: args.limits()?,
            thresholds: Thresholds {
                mistake: args.mistake,
                blunder: args.blunder,
                level: args.level,
            },
            lines: usize::from(args.multipv),
        };
        let (number, of) = (self.number, self.of);
        let analysed = analyse::analyse(prepared, &mut searcher, &eval, &settings, |step| {
            eprintln!("{}", progress_line(number, of, &step));
        });
        let section = args.html.as_ref().map(|_| {
            let game = analysed.scored(number, start);
            analyse::analysis_section(&game, &rules, number)
        });
        Ok(Done {
            pdn: analysed.pdn(),
            section,
        })
    }
}

/// `game 1/3 ply 4/40 23-19 +0.35/14 0.101s` (`(read)` where the game
/// held the note).
fn progress_line(number: usize, of: usize, step: &Step<'_>) -> String {
    let read = if step.searched { "" } else { " (read)" };
    format!(
        "game {number}/{of} ply {}/{} {} {}/{} {}.{:03}s{read}",
        step.done - 1,
        step.total - 1,
        step.mv.unwrap_or("start"),
        score_text(step.note.score),
        step.note.depth,
        step.note.time.as_secs(),
        step.note.time.subsec_millis()
    )
}

/// Writes `text` to `path` whole: a file beside it, renamed over it;
/// `flag` names the path in an error.
fn write_whole(path: &Path, text: &str, flag: &str) -> Result<()> {
    parlour_game::weights::write_whole(path, text.as_bytes())
        .with_context(|| format!("cannot write {flag} {}", echo(&path.display())))
}

impl Run for AnalyseArgs {
    fn run(self) -> Result<()> {
        if self.game.fen.is_some() || self.game.position.is_some() {
            bail!("analyse reads each game's start from its FEN or Position tag, not a flag");
        }
        let path = &self.file;
        let text = parlour_game::pdn::PDN_FILE
            .read_text(path)
            .with_context(|| format!("cannot read {}", echo(&path.display())))?;
        let mut games = read_games(&text).with_context(|| format!("bad {}", echo(&path.display())))?;
        // Games keep their numbers in the file (and `of` its count) with
        // --number too: the 3rd game is "game 3/10" and "Game 3".
        let of = games.len();
        let mut first = 0;
        if let Some(n) = self.number {
            let Some(i) = usize::try_from(n - 1).ok().filter(|&i| i < of) else {
                bail!("bad --number {n}: {} holds {of} games", echo(&path.display()));
            };
            games = vec![games.swap_remove(i)];
            first = i;
        }
        let visit = |i: usize, search: bool| {
            let game = &games[i];
            let name = game.tag("Game").unwrap_or(&self.game.game);
            let one = OneGame {
                args: &self,
                game,
                number: first + i + 1,
                of,
                search,
            };
            Games::visit(name, one).context("the PDN's Game tag")?
        };
        // Every game read first: a bad one is an error before any search.
        let count = games.len();
        let mut done = (0..count).map(|i| visit(i, false)).collect::<Result<Vec<_>>>()?;
        let pdn = |done: &[Done]| -> String { done.iter().map(|d| d.pdn.as_str()).collect() };
        for i in 0..count {
            done[i] = visit(i, true)?;
            if let Some(out) = &self.out {
                write_whole(out, &pdn(&done), "--out")?;
            }
            if let Some(html) = &self.html {
                let sections: Vec<String> = done.iter().filter_map(|d| d.section.clone()).collect();
                let title = format!("Analysis of {}", path.display());
                let page = analyse::analysis_page(&title, &sections);
                write_whole(html, &page, "--html")?;
            }
        }
        if self.out.is_none() {
            let mut stdout = std::io::stdout().lock();
            write!(stdout, "{}", pdn(&done)).context("cannot write")?;
        }
        Ok(())
    }
}
