//! `parlour match`: engine-vs-engine matches. The flags map onto
//! `parlour_arena::MatchConfig`; the arena checks them all before the
//! first game, plays the games (all of them, or one shard), and writes the
//! records. This command adds progress on stderr (games, W-L-D, score, Elo
//! so far, the LLR of an SPRT: a bar on a terminal, a plain line every few
//! seconds otherwise, so a match in a log is not silent), a Ctrl-C that
//! lets the games under way finish and be recorded, and the final tables on
//! stdout (and with `--html` the arena's HTML report).

use crate::options::{engine_spec, stop_on_ctrl_c, EvalArg, GameArgs, WideArg};
use crate::progress::Progress as CliProgress;
use crate::Run;
use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use parlour_arena::{
    hub_factory, run_match, Adjudication, OpeningsOptions, DrawRule, GameCount, MatchConfig, MatchReport,
    Openings, OpeningSpec, PlayerKind, PlayerSpec, Progress, ResignRule, Shard, Sprt, SprtModel, Tournament,
};
use parlour_game::{Variant, Visit};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::Mutex;
use std::time::Duration;

/// The rounds of a match that names neither engines nor a game count:
/// short, but long enough to mean something.
const DEFAULT_ROUNDS: u32 = 4;

/// Who plays whom among more than two engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TournamentArg {
    /// Every engine against every other.
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
}

/// How SPRT bounds are read (`--sprt-model`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SprtModelArg {
    /// Logistic Elo, as cutechess-cli (the default).
    Logistic,
    /// Normalized Elo, as fishtest's bounds today: the same bounds take
    /// about as many games whatever the draw ratio.
    Normalized,
}

/// The SPRT of `--sprt TEXT` and `--sprt-model`.
pub fn sprt_of(text: Option<&str>, model: Option<SprtModelArg>) -> Result<Option<Sprt>> {
    let Some(text) = text else {
        return Ok(None);
    };
    let model = match model {
        Some(SprtModelArg::Normalized) => SprtModel::Normalized,
        Some(SprtModelArg::Logistic) | None => SprtModel::Logistic,
    };
    Ok(Some(text.parse::<Sprt>().context("--sprt")?.with_model(model)))
}

/// Flags of `parlour match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// The game, its rules, and a position every game starts from (the
    /// same as `--openings` with that position).
    #[command(flatten)]
    game: GameArgs,
    /// An engine, at least two: `search:depth=8`, `search:movetime=100`,
    /// `search:nodes=50000`, `search:tc=10+0.1` (with `threads=N`,
    /// `hash=MIB`, `eval=SPEC`, `book=FILE`, `bookpick=best|varied:N`,
    /// `bookfloor=PLIES`),
    /// `greedy` (with `eval=SPEC`), `random` or
    /// `random:seed=N`; each with `name=...` for its display name. Without
    /// any: `search:depth=6` against `greedy` for checkers (`search:depth=3`
    /// for pegs), for 4 rounds.
    ///
    /// An outside engine speaking Hub: `hub:COMMAND,OPTION=VALUE,...`, as in
    /// `hub:parlour hub --game checkers,depth=4,name=self`. The options are
    /// the trailing comma-separated items with a known key; everything
    /// before them is the command (split as a shell would; commas in quotes
    /// never split). Exactly one limit: `depth=N`, `nodes=N`, `movetime=MS`
    /// or `tc=SECONDS+INC`; also `name=...`, `startup=SECONDS` (the
    /// handshake's timeout, default 10) and `margin=MS` (how long past its
    /// time a move may take, default 2000; with depth or nodes the whole
    /// time for a move, default 60000). Each engine is started once before
    /// the first game (one that cannot start stops the match); a crash, a
    /// silence past the timeout or an illegal move loses that game with the
    /// reason recorded, and the engine is restarted for the next.
    #[arg(long = "engine", value_name = "SPEC", value_parser = engine_spec())]
    engines: Vec<PlayerSpec>,
    /// Who plays whom among more than two engines.
    #[arg(long, value_enum, default_value = "round-robin")]
    tournament: TournamentArg,
    /// Openings per pairing, each played twice with colours swapped
    /// (default: every opening of the deck; 4 when no engine is named).
    /// From 1 to 500,000.
    #[arg(long, conflicts_with = "games",
          value_parser = clap::value_parser!(u32).range(1..=500_000))]
    rounds: Option<u32>,
    /// Games per pairing (rounded up to an even number), from 1 to
    /// 1,000,000.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: Option<u32>,
    /// The openings: for checkers `deck` (the 156 ACF ballots, default),
    /// `all` (174), `tough` (50); `random` or `random:plies=N` (the peg
    /// game's default, with 6 plies), `random:plies=N,balanced=M` (only
    /// openings a 10,000-node search scores within M hundredths of level);
    /// `start`; one position (a FEN, a peg position); or a file with one
    /// FEN or move sequence a line, or a PDN file (each game's start and
    /// moves; the same opening twice is played once).
    #[arg(long, conflicts_with_all = ["fen", "position"])]
    openings: Option<String>,
    /// Play the openings in an order drawn from the seed.
    #[arg(long)]
    shuffle: bool,
    /// With a PDN openings file: play each game's first N plies as its opening
    /// (default: all of them, short of a move that ends the game).
    #[arg(long, value_name = "N")]
    opening_plies: Option<usize>,
    /// End a game as soon as its position is in the endgame databases in
    /// DIR (`parlour egdb build`), with their value: the termination
    /// `databases`.
    #[arg(long, value_name = "DIR")]
    adjudicate_egdb: Option<PathBuf>,
    /// Begin at the K-th opening of the list (from 1; after `--shuffle`),
    /// the ones before it played last.
    #[arg(long, value_name = "K", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..))]
    opening_start: u64,
    /// Games played at once, from 1 to 1024 (default: the number of
    /// cores; never more than the games left to play). Each search engine
    /// uses its own `threads` (default 1).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    concurrency: Option<u16>,
    /// Write every finished game to this PDN file.
    #[arg(long, value_name = "FILE")]
    pdn: Option<PathBuf>,
    /// Write every finished game as a JSON line to this file (needed to
    /// resume).
    #[arg(long, value_name = "FILE")]
    results: Option<PathBuf>,
    /// Continue the match recorded in --results: its finished games are
    /// kept, the others played. The file's header must be this match's
    /// (run with the same flags; a difference is named), and every game in
    /// it legal; a file that does not exist yet is started.
    #[arg(long, requires = "results")]
    resume: bool,
    /// Play only shard K of N: the games whose index is K-1 modulo N, so
    /// that N machines each play one shard of the same match (same flags
    /// and seed); `parlour report` merges their --results. Not with --sprt.
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
    /// Stop when a sequential probability ratio test decides:
    /// `elo0,elo1,alpha,beta` (as in `0,5,0.05,0.05`); two engines only.
    /// The log-likelihood ratio is fishtest's and fastchess's generalized
    /// one over the colour-swapped pairs.
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA", allow_hyphen_values = true)]
    sprt: Option<String>,
    /// How the SPRT's Elo bounds are read: `logistic` (default) or
    /// `normalized`.
    #[arg(long, value_enum, value_name = "MODEL", requires = "sprt")]
    sprt_model: Option<SprtModelArg>,
    /// The match seed: the same seed plays the same games at any
    /// concurrency (with fixed-depth or node limits).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Adjudicate a draw after this many plies, the opening's included (0:
    /// never).
    #[arg(long, default_value_t = 1000)]
    max_plies: u32,
    /// Resign for a player whose own score is at or below -SCORE for MOVES
    /// of its moves in a row (in hundredths of a man for checkers).
    #[arg(long, value_name = "SCORE,MOVES")]
    resign: Option<ResignRule>,
    /// Adjudicate a draw from ply PLIES on when both players scored within
    /// SCORE of level for MOVES moves each in a row.
    #[arg(long, value_name = "PLIES,SCORE,MOVES")]
    draw: Option<DrawRule>,
    /// How many milliseconds an engine may overrun its clock or move time
    /// before it loses on time.
    #[arg(long, default_value_t = 100, value_name = "MS")]
    time_margin: u64,
    /// The PDN Event tag.
    #[arg(long, default_value = "parlour match")]
    event: String,
    /// At the end of the match (a stopped one too) write its report as
    /// one self-contained HTML page, as `parlour report --html` does: the
    /// tables, the charts, and every game in a viewer.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    wide: WideArg,
    /// The evaluation of every search and greedy engine that names none
    /// with `eval=` (the default engines' among them).
    #[command(flatten)]
    eval: EvalArg,
}

impl MatchArgs {
    /// The arena's configuration of the flags (without the stop flag).
    fn config(&self, default_engines: [&str; 2]) -> Result<MatchConfig> {
        let defaulted = self.engines.is_empty();
        let engines = if defaulted {
            PlayerSpec::read_all(&default_engines)?
        } else {
            self.engines.clone()
        };
        let games = match (self.rounds, self.games) {
            (Some(r), _) => GameCount::Rounds(r),
            (_, Some(g)) => GameCount::Games(g),
            _ if defaulted => GameCount::Rounds(DEFAULT_ROUNDS),
            _ => GameCount::Deck,
        };
        let concurrency = match self.concurrency {
            Some(n) => usize::from(n),
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        let sprt = sprt_of(self.sprt.as_deref(), self.sprt_model)?;
        if self.event.contains(['\n', '\r']) {
            bail!("--event may not hold a line break");
        }
        Ok(MatchConfig {
            engines,
            tournament: match self.tournament {
                TournamentArg::RoundRobin => Tournament::RoundRobin,
                TournamentArg::Gauntlet => Tournament::Gauntlet,
            },
            games,
            openings: self.openings.clone(),
            shuffle_openings: self.shuffle,
            opening_plies: self.opening_plies,
            adjudicate_egdb: self.adjudicate_egdb.clone(),
            opening_start: usize::try_from(self.opening_start - 1).unwrap_or(usize::MAX),
            concurrency,
            seed: self.seed,
            adjudication: Adjudication {
                max_plies: (self.max_plies > 0).then_some(self.max_plies),
                resign: self.resign,
                draw: self.draw,
            },
            time_margin: Duration::from_millis(self.time_margin),
            sprt,
            shard: self.shard,
            eval: self.eval.eval.clone(),
            pdn: self.pdn.clone(),
            results: self.results.clone(),
            resume: self.resume,
            event: self.event.clone(),
            html: self.html.clone(),
            stop: None,
        })
    }
}

/// A match's progress on stderr, through the progress every long command
/// shows ([`CliProgress`]): counted once the first game ends and the total
/// is known, and closed with the last standing.
struct MatchProgress {
    shown: CliProgress,
    /// The standing after the last game, once one has ended.
    last: Mutex<Option<String>>,
}

impl MatchProgress {
    fn new(quiet: bool) -> MatchProgress {
        let shown = CliProgress::new("parlour match", "games", quiet);
        shown.note("the first games are under way".to_string());
        MatchProgress {
            shown,
            last: Mutex::new(None),
        }
    }

    fn show(&self, p: &Progress<'_>) {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if last.is_none() {
            // Games done before this one were resumed from the results.
            self.shown.start("", p.total as u64, p.done as u64 - 1);
        }
        let standing = p.standing();
        self.shown.set(p.done as u64, standing.clone());
        *last = Some(standing);
    }

    fn finish(&self, played: bool) {
        let last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        match (played, last.as_deref()) {
            (true, Some(standing)) => self.shown.finish(standing),
            _ => self.shown.clear(),
        }
    }
}

/// The match of the flags, on the game `V`.
impl Visit for &MatchArgs {
    type Output = Result<MatchReport>;

    fn visit<V: Variant>(self) -> Result<MatchReport> {
        let rules = self.game.rules::<V>()?;
        let mut config = self.config(V::match_engines())?;
        if let Some(text) = self.game.fen.as_ref().or(self.game.position.as_ref()) {
            // Read here for the flag's own message; played as an opening.
            self.game.position::<V>()?;
            config.openings = Some(text.clone());
        }
        say_engines_coverage(&config.engines);
        if !self.quiet {
            say_duplicates(&config, &rules);
        }
        config.stop = Some(stop_on_ctrl_c(MATCH_STOPPING));
        let factory = hub_factory(rules, self.eval.eval.clone());
        let progress = MatchProgress::new(self.quiet);
        let report = run_match(&config, &rules, &factory, &|p| progress.show(p));
        progress.finish(report.is_ok());
        Ok(report?)
    }
}

/// How many openings were left out as found twice, if any (openings that
/// do not load are the match's to refuse).
fn say_duplicates<V: Variant>(config: &MatchConfig, rules: &V) {
    let text = config.openings.as_deref().unwrap_or_else(|| V::default_openings());
    let Ok(spec) = OpeningSpec::parse::<V>(text) else {
        return;
    };
    if let Ok(loaded) = Openings::load(&spec, rules, &OpeningsOptions::of(config)) {
        if loaded.duplicates > 0 {
            let openings = loaded.openings.len().unwrap_or(0);
            eprintln!(
                "parlour match: {openings} openings, {} found twice left out",
                loaded.duplicates
            );
        }
    }
}

/// What the databases of each search engine's `egdb=` cover, once a
/// directory, as `best --egdb` says it.
fn say_engines_coverage(engines: &[PlayerSpec]) {
    let mut dirs: Vec<&PathBuf> = Vec::new();
    for spec in engines {
        if let PlayerKind::Search { engine, .. } = &spec.kind {
            let Some(dir) = &engine.egdb else { continue };
            if !dirs.contains(&dir) && dir.is_dir() {
                crate::cmd_egdb::say_coverage(dir);
                dirs.push(dir);
            }
        }
    }
}

/// What `match` says on the first Ctrl-C.
const MATCH_STOPPING: &str =
    "parlour match: stopping once the games under way end (Ctrl-C again to quit now)";

impl Run for MatchArgs {
    fn run(self) -> Result<()> {
        if self.eval.egdb()?.is_some() {
            bail!(
                "match takes endgame databases per engine: \
                 --engine search:movetime=100,egdb=DIR, or \
                 --engine \"hub:parlour hub --egdb DIR,...\""
            );
        }
        let report = self.game.visit(&self)??;
        print!("{}", report.text(self.wide.width()));
        let stop = stop_on_ctrl_c(MATCH_STOPPING);
        if report.stopped.is_some() && stop.load(Ordering::SeqCst) {
            let then = if self.results.is_some() {
                "run again with --resume to finish the match"
            } else {
                "without --results the match cannot be resumed"
            };
            bail!(
                "stopped after {} of {} games: {then}",
                report.records.len(),
                report.planned
            );
        }
        Ok(())
    }
}
