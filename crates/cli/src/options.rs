//! The flags several commands share, and how they become a game's values:
//! which game (`--game`, one of the list's), its rules, a position, the
//! moves played from it, the threads, the evaluation.

use anyhow::{bail, Context, Result};
use clap::builder::{PossibleValue, PossibleValuesParser, RangedU64ValueParser, TypedValueParser};
use clap::Args;
use parlour_arena::{EngineOptions, PlayerSpec};
use parlour_game::echo::echo;
use parlour_game::registry::{self, read_line, EvalSpec, EvaluatorOf, MoveOf};
use parlour_game::{Game, GameList, History, Side, Variant, Visit};
use parlour_games::Games;
use parlour_search::{LimitRequest, Limits, Skill, Time};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};

/// `--game`: the names of the list's games, each with what it is.
pub fn game_names() -> PossibleValuesParser {
    PossibleValuesParser::new(
        Games::games()
            .into_iter()
            .map(|g| PossibleValue::new(g.name).help(g.about)),
    )
}

/// `--game`, `--rules` and the position.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The game.
    #[arg(long, default_value = parlour_games::DEFAULT_GAME, value_parser = game_names())]
    pub game: String,
    /// The rules: for checkers `english` or `huffing`, optionally with
    /// `,quiet_plies=N`; for pegs fields like `squares=4,reserve=2`.
    #[arg(long)]
    pub rules: Option<String>,
    /// A checkers position in PDN FEN (`B:W21-32:B1-12`); default: the start.
    #[arg(long)]
    pub fen: Option<String>,
    /// A peg position (`b:K11,3/w:2,12,19/hand:0,0/reserve:3,3/turn:w`);
    /// default: the start.
    #[arg(long)]
    pub position: Option<String>,
}

impl GameArgs {
    /// Runs `command` on the game `--game` names.
    pub fn visit<W: Visit>(&self, command: W) -> Result<W::Output> {
        Ok(Games::visit(&self.game, command)?)
    }

    /// The rules `--rules` gives the game `V`, if any ([`rules_flag`]).
    pub fn given_rules<V: Variant>(&self) -> Result<Option<V>> {
        self.rules.as_deref().map(rules_flag).transpose()
    }

    /// The rules of the game `V`: `--rules`, or the game's default.
    pub fn rules<V: Variant>(&self) -> Result<V> {
        Ok(self.given_rules()?.unwrap_or_default())
    }

    /// The position the flags describe in the game `V`: `--fen` or
    /// `--position` (whichever the game reads), else the start.
    pub fn position<V: Variant>(&self) -> Result<V::Position> {
        let flag = V::POSITION_FLAG;
        for (name, given) in [("fen", &self.fen), ("position", &self.position)] {
            if name != flag && given.is_some() {
                bail!("--{name} does not give {} positions: use --{flag}", V::NAME);
            }
        }
        let rules = self.given_rules::<V>()?;
        match self.fen.as_ref().or(self.position.as_ref()) {
            Some(text) => V::parse_position(rules, text).with_context(|| format!("bad --{flag}")),
            None => Ok(rules.unwrap_or_default().start()),
        }
    }
}

/// `--moves`: moves played from the position a command is given, before
/// it does its work (`best`, `show`, `moves`, `perft`).
#[derive(Args, Debug, Clone, Default)]
pub struct MovesArg {
    /// Moves played from the position first, comma-separated, in the
    /// game's notation (`11-15,23-19`; pegs `K@11,K@14,@2`).
    #[arg(long, value_delimiter = ',')]
    pub moves: Vec<String>,
}

impl MovesArg {
    /// The game from the position `game`'s flags give, with the moves
    /// played.
    pub fn history<V: Variant>(&self, game: &GameArgs) -> Result<History<V::Position>> {
        play_moves(game.position::<V>()?, &self.moves)
    }

    /// The position after the moves.
    pub fn position<V: Variant>(&self, game: &GameArgs) -> Result<V::Position> {
        Ok(*self.history::<V>(game)?.current())
    }
}

/// The game from `start` after `moves` (each in the game's notation), with
/// the history a search sees repetitions in. A game that ends partway refuses the moves after its end.
pub fn play_moves<G: Game>(start: G, moves: &[String]) -> Result<History<G>> {
    let parsed = read_line(&start, moves, |pos, text| pos.parse_move(text)).context("--moves")?;
    let mut history = History::new(start);
    for (i, mv) in parsed.into_iter().enumerate() {
        if let Some((outcome, why)) = history.ending() {
            bail!(
                "--moves: the game is over after move {i} ({outcome}: {why}), so move {} `{}` \
                 cannot be played",
                i + 1,
                echo(&moves[i])
            );
        }
        history.push(mv);
    }
    Ok(history)
}

/// `--threads`: 1 to [`parlour_search::MAX_THREADS`] (as Stockfish); more
/// is a usage error.
pub fn thread_count() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::new().range(1..=parlour_search::MAX_THREADS as u64)
}

/// `--hash`, in MiB: at least 1 (the machine's memory bounds it when the
/// table is made).
pub fn mebibytes() -> impl TypedValueParser<Value = usize> {
    at_least(1)
}

/// A whole number of at least `min`, refused (a usage error) with a
/// message that says so in words: `must be at least 1`, `not a whole
/// number, or too large` (clap quotes the value before it).
pub fn at_least<T>(min: T) -> impl TypedValueParser<Value = T>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy + Send + Sync + 'static,
{
    move |text: &str| -> std::result::Result<T, String> {
        match text.parse::<T>() {
            Ok(n) if n >= min => Ok(n),
            Ok(_) => Err(format!("must be at least {min}")),
            Err(_) => Err("not a whole number, or too large".to_string()),
        }
    }
}

/// A limit flag's value read as a whole number and checked in the one
/// place every limit is ([`LimitRequest::limits`]), so that a flag out of
/// range is a usage error with the message every way in gives.
fn limit_flag(ask: fn(u64) -> LimitRequest) -> impl TypedValueParser<Value = u64> {
    move |text: &str| -> std::result::Result<u64, String> {
        let n: u64 = text
            .parse()
            .map_err(|_| "not a whole number, or too large".to_string())?;
        ask(n).limits().map_err(|e| e.to_string())?;
        Ok(n)
    }
}

/// `--depth`: 1 to [`parlour_search::MAX_DEPTH`], as every way in reads it.
pub fn depth_flag() -> impl TypedValueParser<Value = u64> {
    limit_flag(|n| LimitRequest {
        depth: Some(n),
        ..LimitRequest::default()
    })
}

/// `--nodes`: 1 to [`parlour_search::MAX_NODES`], as every way in reads it.
pub fn nodes_flag() -> impl TypedValueParser<Value = u64> {
    limit_flag(|n| LimitRequest {
        nodes: Some(n),
        ..LimitRequest::default()
    })
}

/// `--depth`, `--nodes`, `--movetime`: a search's limits as the command
/// line asks for them (`best` adds a clock, [`ClockArgs`]). Each
/// command's default, where none is given, is a named constant its help
/// states.
#[derive(Args, Debug, Clone, Default)]
pub struct LimitArgs {
    /// Search to this depth in plies (1 to 100); beside a time or a node
    /// budget, the search stops there early.
    #[arg(long, short, value_name = "PLIES", value_parser = depth_flag())]
    pub depth: Option<u64>,
    /// Search about this many nodes (1 to 10^15).
    #[arg(long, value_name = "N", value_parser = nodes_flag())]
    pub nodes: Option<u64>,
    /// Think this many milliseconds (at least 1).
    #[arg(long, value_name = "MS",
          value_parser = limit_flag(|n| LimitRequest { movetime: Some(Time::Millis(n)), ..LimitRequest::default() }))]
    pub movetime: Option<u64>,
}

impl LimitArgs {
    /// What the flags ask for, as every way in writes a limit.
    pub fn request(&self) -> LimitRequest {
        LimitRequest {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.movetime.map(Time::Millis),
            ..LimitRequest::default()
        }
    }
}

/// `--multipv N` and `--all`: how many lines a search shows.
#[derive(Args, Debug, Clone, Default)]
pub struct LinesArg {
    /// Search the N best moves to the same depth, each with its exact
    /// score and line (multi-PV), 1 to 256; each finished depth prints a
    /// line for each, `multipv K` its rank.
    #[arg(long, value_name = "N", conflicts_with = "all",
          value_parser = clap::value_parser!(u16).range(1..=parlour_search::MAX_LINES as i64))]
    pub multipv: Option<u16>,
    /// Score every legal move (multi-PV of them all).
    #[arg(long)]
    pub all: bool,
}

impl LinesArg {
    /// The lines asked for (1 when neither flag is given).
    pub fn lines(&self) -> usize {
        match (self.all, self.multipv) {
            (true, _) => parlour_search::MAX_LINES,
            (false, n) => n.map_or(1, usize::from),
        }
    }
}

/// `--skill N` and `--seed S`: a weaker engine, for a game a person can
/// win.
#[derive(Args, Debug, Clone, Default)]
pub struct SkillArg {
    /// Play at skill level N, 1 (weakest) to 10 (full strength, the
    /// default): a level below 10 searches fewer nodes and plays one of
    /// its best few moves by a seeded draw, never one far below the best.
    #[arg(long, value_name = "N", value_parser = |s: &str| s.parse::<Skill>().map_err(|e| e.to_string()))]
    pub skill: Option<Skill>,
    /// The seed of a weaker level's draws (default 0; the same seed and
    /// position, the same move).
    #[arg(long, value_name = "S", requires = "skill")]
    pub seed: Option<u64>,
}

impl SkillArg {
    /// The level asked for (full strength without the flag).
    pub fn skill(&self) -> Skill {
        self.skill.unwrap_or_default()
    }

    /// The seed of its draws.
    pub fn seed(&self) -> u64 {
        self.seed.unwrap_or(0)
    }
}

/// `--clock` and `--inc`: the side to move's game clock (`best`).
#[derive(Args, Debug, Clone, Default)]
pub struct ClockArgs {
    /// Milliseconds left on the side to move's clock (at least 1).
    #[arg(long, value_name = "MS", value_parser = limit_flag(
        |n| LimitRequest { clock: Some(Time::Millis(n)), ..LimitRequest::default() }))]
    pub clock: Option<u64>,
    /// Milliseconds added to the clock after each move, 0 or more (with
    /// `--clock`).
    #[arg(long, value_name = "MS", requires = "clock")]
    pub inc: Option<u64>,
}

impl ClockArgs {
    /// `request` with the clock the flags give.
    pub fn add_to(&self, request: LimitRequest) -> LimitRequest {
        LimitRequest {
            clock: self.clock.map(Time::Millis),
            increment: self.inc.map(Time::Millis),
            ..request
        }
    }
}

/// The limits `request` asks for, else `default` (each command's named
/// constant); limits that cannot go together are an error that says why.
pub fn limits_or(request: LimitRequest, default: Limits) -> Result<Limits> {
    request
        .limits_or(default)
        .context("bad --depth, --nodes, --movetime or --clock")
}

/// `--engine SPEC`: an engine spec read where it enters, a usage error
/// with the spec's problem (clap quotes the spec itself, cut short).
pub fn engine_spec() -> impl TypedValueParser<Value = PlayerSpec> {
    |text: &str| -> std::result::Result<PlayerSpec, String> {
        text.parse()
            .map_err(|e: parlour_arena::SpecError| e.problem_text())
    }
}

/// The machine's cores (1 where that cannot be known).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
}

/// The threads `flag` asks for, else `default`; past the core count, a
/// warning on stderr, since the threads then take turns on the cores.
pub fn threads(flag: Option<usize>, default: usize) -> usize {
    let threads = flag.unwrap_or(default);
    let cores = cores();
    if threads > cores {
        eprintln!(
            "parlour: warning: {threads} threads on {cores} cores take turns: no faster than {cores}"
        );
    }
    threads
}

/// `--eval`: the evaluation the engine scores positions with.
#[derive(Args, Debug, Clone, Default)]
pub struct EvalArg {
    /// The evaluation: `default` (the game's own, also when the flag is
    /// left out: checkers' network for the rules, the peg game's learned
    /// weights where it has some for the board), a name the game takes
    /// (checkers: `network`, `patterns`, `handwritten`; pegs: `learned`,
    /// `handwritten`), or the path of a weights file made by `parlour
    /// train`.
    #[arg(long, value_name = "SPEC")]
    pub eval: Option<EvalSpec>,
    /// Endgame databases built by `parlour egdb build` (english checkers):
    /// the search gives the positions they hold their exact value. With no
    /// DIR, the directory `egdb build` writes to by default.
    #[arg(long, value_name = "DIR")]
    egdb: Option<Option<PathBuf>>,
}

impl EvalArg {
    /// The evaluator `--eval` names for the game `rules` plays (`default`
    /// when the flag is left out), with the databases of `--egdb` beside it
    /// (and on stderr what they cover).
    pub fn evaluator<V: Variant>(&self, rules: &V) -> Result<EvaluatorOf<V>> {
        let spec = self.eval.clone().unwrap_or_default();
        let egdb = self.egdb()?;
        let eval =
            registry::evaluator(rules, &spec, egdb.as_deref()).context(if egdb.is_some() {
                "bad --eval or --egdb"
            } else {
                "bad --eval"
            })?;
        if let Some(dir) = &egdb {
            crate::cmd_egdb::say_coverage(dir);
        }
        Ok(eval)
    }

    /// The databases' directory `--egdb` names (`--egdb` alone: the
    /// default one), if the flag is given.
    pub fn egdb(&self) -> Result<Option<PathBuf>> {
        crate::cmd_egdb::flag_dir(&self.egdb)
    }

    /// These flags with the evaluation and databases an engine spec names
    /// (`play --engine search:eval=...,egdb=...`): each said once, by the
    /// flag or by the spec.
    pub fn with_spec(&self, engine: &EngineOptions) -> Result<EvalArg> {
        if engine.eval.is_some() && self.eval.is_some() {
            bail!("the evaluation is named twice: give --eval or eval= in --engine, not both");
        }
        if engine.egdb.is_some() && self.egdb.is_some() {
            bail!("the databases are named twice: give --egdb or egdb= in --engine, not both");
        }
        Ok(EvalArg {
            eval: engine.eval.clone().or_else(|| self.eval.clone()),
            egdb: engine.egdb.clone().map(Some).or_else(|| self.egdb.clone()),
        })
    }
}

/// An engine's threads, table and evaluation (`best`, `analyse`, `hub`;
/// `hub` says its own defaults).
#[derive(Args, Debug, Clone)]
pub struct EngineArgs {
    /// Search threads, 1 to 1024 (default: all cores).
    #[arg(long, short, value_parser = thread_count())]
    pub threads: Option<usize>,
    /// Transposition table size in MiB, at most the memory available.
    #[arg(long, default_value_t = 64, value_parser = mebibytes())]
    pub hash: usize,
    #[command(flatten)]
    pub eval: EvalArg,
}

/// `--svg FILE` and `--flip`: the position as a picture, as well as the
/// command's text.
#[derive(Args, Debug, Clone, Default)]
pub struct PictureArgs {
    /// Also draw the position as an SVG diagram in FILE (checkers:
    /// numbered dark squares, men and kings; pegs: the generated board
    /// with its holes numbered, the hand and reserve).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Also draw the position as a PNG picture in FILE (the SVG diagram
    /// rendered, with the font shipped in the binary).
    #[arg(long, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// Turn the checkers board round: Black at the bottom, as Black's
    /// player sees it (default: as published diagrams, Black at the top,
    /// square 1 at the top left). The peg board has no sides.
    #[arg(long)]
    pub flip: bool,
}

impl PictureArgs {
    /// The side whose men are drawn at the bottom.
    pub fn viewer(&self) -> Side {
        if self.flip {
            Side::PUBLISHED_VIEW.opponent()
        } else {
            Side::PUBLISHED_VIEW
        }
    }

    /// Writes `pos` with `line` drawn on it to `--svg`'s and `--png`'s
    /// files, those given.
    pub fn write<V: Variant>(&self, pos: &V::Position, line: &[MoveOf<V>]) -> Result<()> {
        write_picture::<V>(
            self.svg.as_deref(),
            self.png.as_deref(),
            pos,
            self.viewer(),
            line,
        )
    }
}

/// Writes `pos` seen from `viewer` with `line` drawn on it as SVG to `svg`
/// and as PNG to `png`, those given.
pub fn write_picture<V: Variant>(
    svg: Option<&Path>,
    png: Option<&Path>,
    pos: &V::Position,
    viewer: Side,
    line: &[MoveOf<V>],
) -> Result<()> {
    if svg.is_none() && png.is_none() {
        return Ok(());
    }
    let picture = V::diagram_svg(pos, viewer, line)
        .with_context(|| format!("{} has no SVG diagram", V::NAME))?;
    if let Some(path) = svg {
        std::fs::write(path, &picture)
            .with_context(|| format!("cannot write --svg {}", echo(&path.display())))?;
    }
    match png {
        Some(path) => crate::png::write(path, &picture),
        None => Ok(()),
    }
}

/// A flag set on the first Ctrl-C, which prints `stopping` (the command
/// finishes or abandons what is under way and keeps what it has written);
/// a second Ctrl-C exits at once. Without a handler (one could not be set),
/// Ctrl-C ends the process as usual. One flag per process.
pub fn stop_on_ctrl_c(stopping: &'static str) -> std::sync::Arc<std::sync::atomic::AtomicBool> {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, OnceLock};
    static STOP: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    STOP.get_or_init(|| {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let _ = ctrlc::set_handler(move || {
            if flag.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
            eprintln!("\n{stopping}");
        });
        stop
    })
    .clone()
}

/// The rules of the game `V` a `--rules` flag gives. An empty one is
/// refused for every game (whatever a game's own parser makes of the empty
/// text: peg rules read it as the defaults, as a file records them).
pub fn rules_flag<V: Variant>(text: &str) -> Result<V> {
    if text.trim().is_empty() {
        bail!("bad --rules: it is empty: name the rules, or leave --rules out for the default");
    }
    V::parse_rules(text).context("bad --rules")
}

/// `--wide`: tables with every column, however wide.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct WideArg {
    /// Print tables with every column. Without it they fit the terminal's
    /// width (the `COLUMNS` variable, else the terminal's own), or 80
    /// characters when the output is not a terminal, keeping their first
    /// columns (engine to Elo and its +/-).
    #[arg(long)]
    pub wide: bool,
}

impl WideArg {
    /// The width tables are fitted to (`None`: every column).
    pub fn width(self) -> Option<usize> {
        use std::io::IsTerminal;
        if self.wide {
            return None;
        }
        let columns = std::env::var("COLUMNS").ok().and_then(|c| c.parse().ok());
        let terminal = || terminal_size::terminal_size().map(|(w, _)| usize::from(w.0));
        match columns {
            Some(width) => Some(width),
            None if std::io::stdout().is_terminal() => terminal().or(Some(80)),
            None => Some(80),
        }
    }
}

/// `--book FILE|default|off`, `--book-pick`, `--book-seed` and
/// `--book-floor`: the
/// opening book an engine plays from before it searches.
#[derive(Args, Debug, Clone, Default)]
pub struct BookArgs {
    /// An opening book: a file made by `parlour book build`, `default` (the
    /// one built in, for english checkers) or `off`. A position in it is
    /// answered from it, without a search. `best` plays from none unless
    /// one is named; `play` from the built-in one unless told `off`.
    #[arg(long, value_name = "FILE|default|off")]
    pub book: Option<parlour_book::BookSpec>,
    /// How a book move is picked: `best`, or `varied:N`, any move within N
    /// (the search's units) of the best, by --book-seed.
    #[arg(long, value_name = "HOW", default_value = "best")]
    pub book_pick: parlour_book::Pick,
    /// The seed of a varied pick.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub book_seed: u64,
    #[command(flatten)]
    pub floor: BookFloor,
}

/// `--book-floor PLIES`: how deep a book move must rest to be played.
#[derive(Args, Debug, Clone, Copy)]
pub struct BookFloor {
    /// The least depth (plies of book and search behind the best move) at
    /// which a book move is played without a search; shallower, the
    /// engine searches. 0 plays every position the book holds.
    #[arg(long, value_name = "PLIES", default_value_t = parlour_book::DEFAULT_FLOOR)]
    pub book_floor: u32,
}

impl Default for BookFloor {
    fn default() -> Self {
        BookFloor {
            book_floor: parlour_book::DEFAULT_FLOOR,
        }
    }
}

impl BookArgs {
    /// The book named, or `unnamed` where none is, checked to be for
    /// `rules`; `None` for `off` (and `default` under rules without one).
    pub fn open<V: Variant>(
        &self,
        rules: &V,
        unnamed: parlour_book::BookSpec,
    ) -> Result<Option<std::sync::Arc<parlour_book::Book>>> {
        let spec = self.book.clone().unwrap_or(unnamed);
        spec.open(rules)
            .with_context(|| format!("bad --book `{}`", echo(&spec)))
    }
}
