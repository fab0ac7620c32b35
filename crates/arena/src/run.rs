//! Running a match, in named steps: its engines read and each built once,
//! its plan made, the games already recorded resumed, the record files
//! opened; then the games played on a rayon pool of the match's own, each
//! finished game recorded, counted and shown at once; at the end, the
//! report (and its HTML page).

use crate::error::MatchError;
use crate::plan::config::MatchConfig;
use crate::plan::{Engines, Plan};
use crate::play::error::BuildError;
use crate::play::game::{play_game, GameSetup};
use crate::play::player::Factory;
use crate::record::error::RecordError;
use crate::record::files::{write_error, RecordFiles, Resumed};
use crate::record::played::record_of;
use crate::record::resume::resume;
use parlour_game::{mix_seed, Variant};
use parlour_report::{html_report, GameRecord, MatchReport, SprtStatus, Tally};
use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// What the progress callback is told after each finished game.
pub struct Progress<'a> {
    /// Games finished, resumed ones included.
    pub done: usize,
    /// Games planned (of the shard, on a shard).
    pub total: usize,
    /// The game that just finished.
    pub record: &'a GameRecord,
    /// The count so far.
    pub tally: &'a Tally,
    /// The SPRT's log-likelihood ratio so far, if one runs.
    pub llr: Option<f64>,
}

impl Progress<'_> {
    /// The standing, short enough to follow a count and the time left on
    /// an 80-column line: the first pairing's `+W -L =D`, the LLR if an
    /// SPRT runs, and the Elo (`+10 -2 =7, Elo 156.0±138.6`); the pairing
    /// is named when the match has more than one.
    pub fn standing(&self) -> String {
        let mut line = String::new();
        let pairings = self.tally.pairings();
        if let Some(p) = pairings.first() {
            if pairings.len() > 1 {
                let engines = self.tally.engines();
                line.push_str(&format!("{} vs {}: ", engines[p.a], engines[p.b]));
            }
            line.push_str(&format!(
                "+{} -{} ={}",
                p.wld.wins, p.wld.losses, p.wld.draws
            ));
            if let Some(llr) = self.llr {
                line.push_str(&format!(", LLR {llr:.2}"));
            }
            if let Some(elo) = p.wld.elo() {
                line.push_str(&format!(", Elo {}", elo.to_string().replace(" +/- ", "±")));
            }
        }
        line
    }
}

/// Runs a match (or one shard of it): checks the engine specs (building
/// each once through `factory`), the openings, the output paths and any
/// results to resume (their header must be this match's, and every record
/// a legal game of it), all before the first game; then plays the games on
/// a rayon pool of `config.concurrency` threads (fewer when fewer games
/// are left), writing each finished game at once and calling `progress`
/// after each (serially, never two at a time). Returns the statistics of
/// every game of the match (or shard), resumed ones included.
pub fn run_match<V: Variant>(
    config: &MatchConfig,
    rules: &V,
    factory: &Factory<'_, V::Position>,
    progress: &(dyn Fn(&Progress<'_>) + Sync),
) -> Result<MatchReport, MatchError> {
    let engines = Engines::of(config)?;
    let evaluations = engines
        .specs
        .iter()
        .map(|spec| Ok(factory(spec)?.evaluation()))
        .collect::<Result<Vec<_>, BuildError>>()?;
    let plan = Plan::new(config, rules, engines, evaluations)?;
    let resumed = match (&config.results, config.resume) {
        (Some(path), true) if path.exists() => Some(resume(path, &plan, rules)?),
        (_, true) => Some(Resumed {
            keep: 0,
            records: Vec::new(),
        }),
        _ => None,
    };
    let outputs = [config.results.as_deref(), config.pdn.as_deref()];
    let files = RecordFiles::open(outputs, &plan.header, resumed.as_ref(), *rules)?;
    let run = Run::new(config, &plan, factory, progress, files, resumed)?;
    // No more workers than games left: each would only find none to play.
    let threads = config.concurrency.min(run.pending.len()).max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("arena-{i}"))
        .build()
        .map_err(|source| MatchError::Threads { threads, source })?;
    pool.scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|_| run.worker());
        }
    });
    let report = run.finish()?;
    if let Some(path) = &config.html {
        let title = format!("{}: {}", config.event, plan.engines.names.join(", "));
        std::fs::write(path, html_report(&report, rules, &title))
            .map_err(|e| write_error(path, e))?;
    }
    Ok(report)
}

/// A match under way: what every worker reads, and what they share.
struct Run<'a, V: Variant> {
    config: &'a MatchConfig,
    plan: &'a Plan<V::Position>,
    factory: &'a Factory<'a, V::Position>,
    progress: &'a (dyn Fn(&Progress<'_>) + Sync),
    /// The games of this run still to play, by index, in order.
    pending: Vec<usize>,
    /// The games this run plans, resumed ones included.
    total: usize,
    /// How many of `pending` workers have taken.
    taken: AtomicUsize,
    shared: Mutex<Shared<V>>,
}

/// What the workers share: the files, the count, the finished games.
struct Shared<V: Variant> {
    files: RecordFiles<V>,
    tally: Tally,
    records: Vec<GameRecord>,
    /// The completion order the next finished game gets.
    next_order: usize,
    /// Why no more games start: an SPRT decision, an error.
    halt: Option<Halt>,
}

/// Why a match stops starting games before it has played them all.
enum Halt {
    Sprt,
    Error(MatchError),
}

impl<'a, V: Variant> Run<'a, V> {
    /// The run of `plan`, the `resumed` games counted and left out.
    fn new(
        config: &'a MatchConfig,
        plan: &'a Plan<V::Position>,
        factory: &'a Factory<'a, V::Position>,
        progress: &'a (dyn Fn(&Progress<'_>) + Sync),
        files: RecordFiles<V>,
        resumed: Option<Resumed>,
    ) -> Result<Run<'a, V>, MatchError> {
        let records = resumed.map_or_else(Vec::new, |r| r.records);
        let mut tally = Tally::new(plan.engines.names.clone(), &plan.schedule.pairings);
        for r in &records {
            tally.add(r).map_err(RecordError::from)?;
        }
        let finished: HashSet<usize> = records.iter().map(|r| r.index).collect();
        let planned = plan.planned();
        let pending = planned
            .iter()
            .copied()
            .filter(|i| !finished.contains(i))
            .collect();
        let next_order = records.iter().map(|r| r.order).max().unwrap_or(0) + 1;
        let mut shared = Shared {
            files,
            tally,
            records,
            next_order,
            halt: None,
        };
        shared.halt = shared.sprt_decided(config).then_some(Halt::Sprt);
        Ok(Run {
            config,
            plan,
            factory,
            progress,
            pending,
            total: planned.len(),
            taken: AtomicUsize::new(0),
            shared: Mutex::new(shared),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Shared<V>> {
        self.shared
            .lock()
            .expect("no worker panics holding the lock")
    }

    /// One worker: takes the next game, plays it, records it, until none
    /// is left or the match halts or is stopped.
    fn worker(&self) {
        while let Some(index) = self.next_game() {
            match self.play(index) {
                Ok(record) => self.record(record),
                Err(error) => {
                    self.lock().halt.get_or_insert(Halt::Error(error));
                    return;
                }
            }
        }
    }

    /// The next game to play, unless the match is stopped or halted.
    fn next_game(&self) -> Option<usize> {
        let stop = self.config.stop.as_ref();
        if stop.is_some_and(|s| s.load(Ordering::SeqCst)) || self.lock().halt.is_some() {
            return None;
        }
        let i = self.taken.fetch_add(1, Ordering::SeqCst);
        self.pending.get(i).copied()
    }

    /// Game `index`, played between fresh players, as its record.
    fn play(&self, index: usize) -> Result<GameRecord, MatchError> {
        let slot = self.plan.schedule.slot(index);
        let specs = [slot.black, slot.white].map(|e| &self.plan.engines.specs[e]);
        let mut players = match specs.map(self.factory) {
            [Ok(black), Ok(white)] => [black, white],
            [Err(e), _] | [_, Err(e)] => return Err(e.into()),
        };
        let opening = self.plan.openings.get(slot.round);
        let setup = GameSetup {
            index,
            round: slot.round,
            opening: &opening,
            specs,
            adjudication: self.config.adjudication,
            time_margin: self.config.time_margin,
            seed: mix_seed(self.config.seed, index as u64),
            tables: self.plan.tables.as_deref(),
        };
        let game = play_game(&setup, &mut players);
        Ok(record_of(&setup, game))
    }

    /// Numbers a finished game, writes it, counts it and shows the count;
    /// an error or an SPRT decision halts the match.
    fn record(&self, mut record: GameRecord) {
        let mut shared = self.lock();
        record.order = shared.next_order;
        shared.next_order += 1;
        let written = shared.files.write(&record);
        let counted = written.and_then(|()| shared.tally.add(&record).map_err(RecordError::from));
        if let Err(e) = counted {
            shared.halt.get_or_insert(Halt::Error(e.into()));
            return;
        }
        shared.records.push(record);
        let llr = self
            .config
            .sprt
            .map(|s| SprtStatus::of(s, &shared.tally).llr);
        (self.progress)(&Progress {
            done: shared.records.len(),
            total: self.total,
            record: shared.records.last().expect("just pushed"),
            tally: &shared.tally,
            llr,
        });
        if shared.sprt_decided(self.config) && shared.halt.is_none() {
            shared.halt = Some(Halt::Sprt);
        }
    }

    /// The report of every game finished, resumed ones included; why the
    /// match stopped short, if it did.
    fn finish(self) -> Result<MatchReport, MatchError> {
        let shared = self.shared.into_inner().expect("workers are done");
        let mut records = shared.records;
        records.sort_by_key(|r| r.index);
        let short = records.len() < self.total;
        let stopped = match shared.halt {
            Some(Halt::Error(e)) => return Err(e),
            Some(Halt::Sprt) if short => Some("SPRT bound reached".to_string()),
            _ if short => Some("stopped".to_string()),
            _ => None,
        };
        let sprt = self.config.sprt.map(|s| SprtStatus::of(s, &shared.tally));
        Ok(MatchReport {
            tally: shared.tally,
            records,
            planned: self.total,
            sprt,
            stopped,
        })
    }
}

impl<V: Variant> Shared<V> {
    /// Whether the match's SPRT has crossed a bound.
    fn sprt_decided(&self, config: &MatchConfig) -> bool {
        config
            .sprt
            .is_some_and(|s| SprtStatus::of(s, &self.tally).decision.is_some())
    }
}
