//! A tuning run: batch after batch, the two points of a probe put into
//! the engine spec, a match of the arena between them, the values moved,
//! the batch written down; from the start, or from where a file left off.

use crate::error::TuneError;
use crate::history::{Batch, History, HistoryFile, TuneHeader};
use parlour_arena::{run_match, BuildError, GameCount, MatchConfig, Player, PlayerSpec};
use parlour_game::{mix_seed, Variant};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Where the values go in [`TuneHeader::engine`].
pub const SETTINGS: &str = "{settings}";
/// Where the point's name goes in [`TuneHeader::engine`].
pub const NAME: &str = "{name}";

/// A tuning run as the caller asks for it.
#[derive(Clone, Debug)]
pub struct TuneRun {
    /// What decides the run (compared field by field on a resume).
    pub header: TuneHeader,
    /// The tuning file.
    pub out: PathBuf,
    /// Go on with the run in `out`.
    pub resume: bool,
    /// Games played at once.
    pub concurrency: usize,
    /// Set to stop: the games under way finish, and the batch is written
    /// if they are all it has left; no new batch starts.
    pub stop: Option<Arc<AtomicBool>>,
}

/// What the progress callback is told after each batch.
pub struct TuneProgress<'a> {
    /// Game pairs played, earlier sessions' included.
    pub pairs: u32,
    /// Game pairs the run plays.
    pub total: u32,
    /// The batch just played.
    pub batch: &'a Batch,
    /// The values after it, as `PARLOUR_TUNE` takes them.
    pub settings: String,
}

/// Runs (or goes on with) a tuning run until it has played its pairs or is
/// stopped; returns its whole history. `factory` makes each batch's player
/// factory afresh, so that the engines of one batch (Hub engines are kept
/// running by their factory) end with it.
pub fn run_tune<V: Variant, F>(
    run: &TuneRun,
    rules: &V,
    factory: &dyn Fn() -> F,
    progress: &(dyn Fn(&TuneProgress<'_>) + Sync),
) -> Result<History, TuneError>
where
    F: Fn(&PlayerSpec) -> Result<Box<dyn Player<V::Position>>, BuildError> + Sync,
{
    let (mut history, mut file) = open(run)?;
    let spsa = history.header.spsa()?;
    let total = history.header.gains.pairs;
    let batch = history.header.batch.max(1);
    let mut theta = history.theta();
    let mut done = history.pairs();
    while done < total && !run.stop.as_ref().is_some_and(|s| s.load(Ordering::SeqCst)) {
        let k = done + 1;
        let pairs = batch.min(total - done);
        let probe = spsa.probe(&theta, k);
        let engines = vec![
            engine(&history.header, &spsa.settings(&probe.plus), "plus")?,
            engine(&history.header, &spsa.settings(&probe.minus), "minus")?,
        ];
        let config = MatchConfig {
            engines,
            games: GameCount::Rounds(pairs),
            openings: Some(history.header.openings.clone()),
            shuffle_openings: true,
            seed: mix_seed(history.header.seed, u64::from(k)),
            concurrency: run.concurrency,
            event: "parlour tune".to_string(),
            stop: run.stop.clone(),
            ..MatchConfig::default()
        };
        let report = run_match(&config, rules, &factory(), &|_| {})?;
        if report.stopped.is_some() {
            break;
        }
        let wld = report.tally.pairings()[0].wld;
        let result = f64::from(wld.wins) - f64::from(wld.losses);
        spsa.update(&mut theta, k, &probe.flips, result);
        let played = Batch {
            k,
            flips: probe.flips,
            plus: probe.plus,
            minus: probe.minus,
            wins: wld.wins,
            losses: wld.losses,
            draws: wld.draws,
            theta: theta.clone(),
        };
        file.write(&played)?;
        done += played.pairs();
        progress(&TuneProgress {
            pairs: done,
            total,
            batch: &played,
            settings: spsa.settings(&theta),
        });
        history.batches.push(played);
    }
    Ok(history)
}

/// The history to go on from and its file: a new one, or the one in `out`
/// if it is this run's.
fn open(run: &TuneRun) -> Result<(History, HistoryFile), TuneError> {
    if run.resume && run.out.exists() {
        let history = History::read(&run.out)?;
        if let Some(what) = differs(&history.header, &run.header) {
            return Err(TuneError::NotThisRun {
                path: run.out.clone(),
                what,
            });
        }
        let file = HistoryFile::reopen(&run.out, &history)?;
        return Ok((history, file));
    }
    if run.out.exists() {
        return Err(TuneError::Exists {
            path: run.out.clone(),
        });
    }
    let file = HistoryFile::create(&run.out, &run.header)?;
    let history = History {
        header: run.header.clone(),
        batches: Vec::new(),
        cut: false,
    };
    Ok((history, file))
}

/// The first field in which a file's header differs from the run's.
fn differs(had: &TuneHeader, asked: &TuneHeader) -> Option<&'static str> {
    [
        (had.format == asked.format, "format"),
        (had.game == asked.game, "game"),
        (had.engine == asked.engine, "engine"),
        (had.openings == asked.openings, "openings"),
        (had.batch == asked.batch, "batch"),
        (had.seed == asked.seed, "seed"),
        (had.gains.pairs == asked.gains.pairs, "pairs"),
        (had.gains == asked.gains, "gains"),
        (had.params == asked.params, "parameters"),
    ]
    .into_iter()
    .find_map(|(same, what)| (!same).then_some(what))
}

/// The spec of one point: the header's engine with its values and name.
fn engine(header: &TuneHeader, settings: &str, name: &str) -> Result<PlayerSpec, TuneError> {
    let spec = header
        .engine
        .replace(SETTINGS, settings)
        .replace(NAME, name);
    spec.parse()
        .map_err(|source| TuneError::Spec { spec, source })
}
