//! The match: configuration, the schedule of games (pairings, openings,
//! colours), and [`run_match`], which checks everything, then plays the
//! games on a rayon pool of its own, writing each finished game at once.

use crate::check::Plan;
use crate::error::{MatchError, RecordError};
use crate::game::{play_game, Adjudication, GameSetup};
use crate::header::{HeaderOpening, MatchHeader, HEADER_FORMAT};
use crate::html::html_report;
use crate::openings::{OpeningBook, OpeningSpec};
use crate::player::Factory;
use crate::records::{read_results, GameRecord, RecordFiles};
use crate::report::{MatchReport, SprtStatus};
use crate::shard::Shard;
use crate::spec::PlayerSpec;
use crate::sprt::Sprt;
use crate::tally::Tally;
use parlour_game::{mix_seed, Game, Variant};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Who plays whom when more than two engines take part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tournament {
    /// Every engine against every other.
    #[default]
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
}

impl Tournament {
    /// `round-robin` or `gauntlet`.
    pub fn name(self) -> &'static str {
        match self {
            Tournament::RoundRobin => "round-robin",
            Tournament::Gauntlet => "gauntlet",
        }
    }

    /// The pairings of `engines` engines, by index: `(a, b)` with `a`
    /// playing Black in the first game of each pair.
    pub fn pairings(self, engines: usize) -> Vec<(usize, usize)> {
        match self {
            Tournament::RoundRobin => (0..engines)
                .flat_map(|a| (a + 1..engines).map(move |b| (a, b)))
                .collect(),
            Tournament::Gauntlet => (1..engines).map(|b| (0, b)).collect(),
        }
    }
}

/// How many games each pairing plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum GameCount {
    /// Every opening of the book once, each twice with colours swapped (an
    /// error for random openings, which never run out).
    #[default]
    Deck,
    /// `N` openings, each twice: `2N` games.
    Rounds(u32),
    /// `N` games, rounded up to an even number.
    Games(u32),
}

/// Everything a match is told, as text and numbers: [`run_match`] checks it
/// all before the first game.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The engine specs (`random:seed=3`, `greedy`, `search:depth=8`, ...),
    /// at least two.
    pub engines: Vec<String>,
    /// Round-robin or gauntlet, for more than two engines.
    pub tournament: Tournament,
    /// Games per pairing.
    pub games: GameCount,
    /// The openings: `start`, `random`, `random:plies=N`, a deck of the
    /// game (checkers: `deck`, `all`, `tough`), or a file; `None` for the
    /// game's default ([`Variant::default_openings`]: the 156-ballot deck
    /// for checkers).
    pub openings: Option<String>,
    /// Play the openings in an order drawn from the seed.
    pub shuffle_openings: bool,
    /// Games played at once, each on a thread of the match's own pool.
    pub concurrency: usize,
    /// The match seed: every game's seed is derived from it and the game's
    /// index, so the same seed gives the same games at any concurrency.
    pub seed: u64,
    /// Adjudication rules.
    pub adjudication: Adjudication,
    /// How far an engine may overrun its clock or move time before it
    /// loses on time.
    pub time_margin: Duration,
    /// An SPRT that stops the match when a bound is crossed (two engines
    /// only; not on a shard).
    pub sprt: Option<Sprt>,
    /// Play only this shard of the match: the games whose index is
    /// `K - 1` modulo `N`.
    pub shard: Option<Shard>,
    /// The evaluation the factory gives search and greedy engines that
    /// name none: the caller builds the factory with it, and the match
    /// records it in its header.
    pub eval: Option<String>,
    /// The PDN file written game by game.
    pub pdn: Option<PathBuf>,
    /// The JSON-lines results file written game by game (needed to resume).
    pub results: Option<PathBuf>,
    /// Continue the match recorded in `results`: its finished games are
    /// kept and counted, the others played.
    pub resume: bool,
    /// The PDN `Event` tag.
    pub event: String,
    /// The match report as one HTML page ([`crate::html_report`]), written
    /// when the match ends, a stopped match included.
    pub html: Option<PathBuf>,
    /// Set to stop the match: games under way finish and are recorded, no
    /// new game starts.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Default for MatchConfig {
    fn default() -> Self {
        MatchConfig {
            engines: Vec::new(),
            tournament: Tournament::RoundRobin,
            games: GameCount::Deck,
            openings: None,
            shuffle_openings: false,
            concurrency: 1,
            seed: 1,
            adjudication: Adjudication::default(),
            time_margin: Duration::from_millis(100),
            sprt: None,
            shard: None,
            eval: None,
            pdn: None,
            results: None,
            resume: false,
            event: "parlour match".to_string(),
            html: None,
            stop: None,
        }
    }
}

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
    /// One line for a progress bar: games, the first pairing's W-L-D,
    /// score and Elo, and the LLR.
    pub fn summary(&self) -> String {
        let mut line = format!("{}/{}", self.done, self.total);
        if let Some(p) = self.tally.pairings().first() {
            let engines = self.tally.engines();
            line.push_str(&format!(
                " {} vs {}: +{} -{} ={}",
                engines[p.a], engines[p.b], p.wld.wins, p.wld.losses, p.wld.draws
            ));
            if let (Some(score), Some(elo)) = (p.wld.score(), p.wld.elo()) {
                line.push_str(&format!(" ({:.1}%), Elo {elo}", score * 100.0));
            }
        }
        if let Some(llr) = self.llr {
            line.push_str(&format!(", LLR {llr:.2}"));
        }
        line
    }
}

/// The games of a match, by index.
#[derive(Clone, Debug)]
pub(crate) struct Schedule {
    pub pairings: Vec<(usize, usize)>,
    pub per_pairing: usize,
}

impl Schedule {
    /// The schedule of a match of `engines` engines.
    pub fn new(tournament: Tournament, engines: usize, per_pairing: usize) -> Schedule {
        Schedule {
            pairings: tournament.pairings(engines),
            per_pairing,
        }
    }
}

/// One scheduled game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Slot {
    /// The round (opening number), from 0.
    pub round: usize,
    /// The engines playing Black and White.
    pub black: usize,
    pub white: usize,
}

impl Schedule {
    pub fn total(&self) -> usize {
        self.pairings.len() * self.per_pairing
    }

    /// Game `index`: pairs of games (`2k`, `2k+1`) go round the pairings,
    /// so every pairing advances together; the pairing's first engine plays
    /// Black in the first game of a pair, White in the second.
    pub fn slot(&self, index: usize) -> Slot {
        let pair = index / 2;
        let (a, b) = self.pairings[pair % self.pairings.len()];
        let round = pair / self.pairings.len();
        let (black, white) = if index & 1 == 0 { (a, b) } else { (b, a) };
        Slot {
            round,
            black,
            white,
        }
    }
}

/// Everything checked and loaded: what the games are played from.
struct Prepared<G: Game> {
    specs: Vec<PlayerSpec>,
    names: Vec<String>,
    schedule: Schedule,
    book: OpeningBook<G>,
    header: MatchHeader,
}

/// Whether two paths name one file: the same path, or (for files that
/// exist) the same file by another path.
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    if a == b {
        return true;
    }
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => {
            // Not both there yet: the same name in the same folder.
            let folder = |p: &Path| {
                p.parent()
                    .filter(|d| !d.as_os_str().is_empty())
                    .map_or_else(|| std::fs::canonicalize("."), std::fs::canonicalize)
                    .ok()
            };
            a.file_name() == b.file_name() && folder(a).is_some() && folder(a) == folder(b)
        }
    }
}

fn prepare<V: Variant>(
    config: &MatchConfig,
    rules: &V,
    factory: &Factory<'_, V::Position>,
) -> Result<Prepared<V::Position>, MatchError> {
    if config.engines.len() < 2 {
        return Err(MatchError::TooFewEngines {
            count: config.engines.len(),
        });
    }
    let specs = config
        .engines
        .iter()
        .map(|text| text.parse::<PlayerSpec>())
        .collect::<Result<Vec<_>, _>>()?;
    let names: Vec<String> = specs.iter().map(|s| s.name().to_string()).collect();
    for (i, name) in names.iter().enumerate() {
        if names[..i].contains(name) {
            return Err(MatchError::SameName { name: name.clone() });
        }
    }
    for spec in &specs {
        factory(spec)?;
    }
    if config.concurrency == 0 {
        return Err(MatchError::Concurrency);
    }
    if config.sprt.is_some() && specs.len() != 2 {
        return Err(MatchError::SprtEngines);
    }
    if config.sprt.is_some() && config.shard.is_some() {
        return Err(MatchError::SprtShard);
    }
    if config.resume && config.results.is_none() {
        return Err(MatchError::ResumeWithoutResults);
    }
    if let (Some(pdn), Some(results)) = (&config.pdn, &config.results) {
        if same_file(pdn, results) {
            return Err(MatchError::SameFile {
                path: results.clone(),
            });
        }
    }
    if let Some(html) = &config.html {
        if let Some(path) = [&config.results, &config.pdn]
            .into_iter()
            .flatten()
            .find(|p| same_file(p, html))
        {
            return Err(MatchError::HtmlOverRecords { path: path.clone() });
        }
        // Found out now, not after the match.
        let folder = html.parent().filter(|f| !f.as_os_str().is_empty());
        if let Some(folder) = folder.filter(|f| !f.is_dir()) {
            return Err(MatchError::HtmlFolder {
                path: html.clone(),
                folder: folder.to_path_buf(),
            });
        }
    }
    let openings = config
        .openings
        .as_deref()
        .unwrap_or_else(|| V::default_openings());
    let spec = OpeningSpec::parse::<V>(openings)?;
    let book = OpeningBook::load(&spec, rules, config.seed, config.shuffle_openings)?;
    let per_pairing = match config.games {
        GameCount::Deck => match book.len() {
            Some(len) => 2 * len,
            None => return Err(MatchError::Endless),
        },
        GameCount::Rounds(0) | GameCount::Games(0) => return Err(MatchError::NoGames),
        GameCount::Rounds(r) => 2 * r as usize,
        GameCount::Games(g) => (g as usize).div_ceil(2) * 2,
    };
    // Random openings are drawn once, here (even ones take a search each).
    let book = book.fixed(per_pairing / 2);
    let schedule = Schedule::new(config.tournament, specs.len(), per_pairing);
    let header = header_of(config, rules, &book, per_pairing);
    Ok(Prepared {
        specs,
        names,
        schedule,
        book,
        header,
    })
}

/// The header of the match `config` describes, with its openings
/// resolved: one for each round, or the whole list of a book that has fewer
/// than the match has rounds (round `r` plays opening `r` modulo its
/// length).
fn header_of<V: Variant>(
    config: &MatchConfig,
    rules: &V,
    book: &OpeningBook<V::Position>,
    per_pairing: usize,
) -> MatchHeader {
    let rounds = per_pairing / 2;
    let listed = book.len().map_or(rounds, |len| len.min(rounds));
    let openings = (0..listed)
        .map(|round| {
            let opening = book.get(round);
            HeaderOpening {
                name: opening.name,
                start: opening.start.to_string(),
                moves: opening.moves.iter().map(|m| m.to_string()).collect(),
            }
        })
        .collect();
    MatchHeader {
        parlour_match: HEADER_FORMAT,
        game: V::NAME.to_string(),
        rules: rules.to_string(),
        seed: config.seed,
        tournament: config.tournament,
        games_per_pairing: per_pairing,
        engines: config
            .engines
            .iter()
            .map(|e| e.trim().to_string())
            .collect(),
        eval: config.eval.clone(),
        adjudication: config.adjudication,
        time_margin_ms: u64::try_from(config.time_margin.as_millis()).unwrap_or(u64::MAX),
        event: config.event.clone(),
        shard: config.shard,
        openings,
    }
}

/// The finished games of the match in `path` to resume, checked: the
/// file's header must be this match's (the shard too), and every record a
/// game of it, once. Also the byte length to keep: 0 when the file held no
/// header (empty, or cut inside it), which is then written anew.
fn resumed<V: Variant>(
    path: &Path,
    prepared: &Prepared<V::Position>,
    rules: &V,
) -> Result<(Vec<GameRecord>, u64), RecordError> {
    let file = read_results(path)?;
    let Some(header) = &file.header else {
        return Ok((Vec::new(), 0));
    };
    let differences = header.differences(&prepared.header, true, ["in the file", "here"]);
    if !differences.is_empty() {
        return Err(RecordError::OtherMatch {
            path: path.to_path_buf(),
            differences,
        });
    }
    let plan = Plan {
        header,
        rules: *rules,
        names: &prepared.names,
        schedule: &prepared.schedule,
    };
    let mut seen = HashSet::new();
    let mut records = Vec::with_capacity(file.records.len());
    for (line, record) in file.records {
        plan.check(&record, header.shard)
            .map_err(|why| RecordError::Invalid {
                path: path.to_path_buf(),
                line,
                game: record.index + 1,
                why,
            })?;
        if !seen.insert(record.index) {
            return Err(RecordError::Twice {
                path: path.to_path_buf(),
                game: record.index + 1,
            });
        }
        records.push(record);
    }
    Ok((records, file.keep))
}

/// What the workers share.
struct Shared {
    files: RecordFiles,
    tally: Tally,
    records: Vec<GameRecord>,
    /// The completion order the next finished game gets.
    next_order: usize,
    /// Why no more games start: an SPRT decision, a stop, an error.
    halt: Option<Halt>,
}

enum Halt {
    Sprt,
    Error(MatchError),
}

/// Runs a match (or one shard of it): checks the engine specs (building
/// each once through `factory`), the openings, the output paths and any
/// results to resume (their header must be this match's, and every record
/// a legal game of it), all before the first game; then plays the games on
/// a rayon pool of `config.concurrency` threads, writing each finished game
/// at once and calling `progress` after each (serially, never two at a
/// time). Returns the statistics of every game of the match (or shard),
/// resumed ones included.
pub fn run_match<V: Variant>(
    config: &MatchConfig,
    rules: &V,
    factory: &Factory<'_, V::Position>,
    progress: &(dyn Fn(&Progress<'_>) + Sync),
) -> Result<MatchReport, MatchError> {
    let prepared = prepare(config, rules, factory)?;
    let (done_records, keep) = match (&config.results, config.resume) {
        (Some(path), true) if path.exists() => resumed(path, &prepared, rules)?,
        _ => (Vec::new(), 0),
    };
    let files = RecordFiles::open(
        config.results.as_deref(),
        config.pdn.as_deref(),
        &prepared.header,
        config.resume.then_some((keep, done_records.as_slice())),
        rules,
        &config.event,
    )?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.concurrency)
        .thread_name(|i| format!("arena-{i}"))
        .build()
        .map_err(|source| MatchError::Threads {
            threads: config.concurrency,
            source,
        })?;

    let mut tally = Tally::new(prepared.names.clone(), &prepared.schedule.pairings);
    for r in &done_records {
        tally.add(r)?;
    }
    let finished: HashSet<usize> = done_records.iter().map(|r| r.index).collect();
    let planned: Vec<usize> = (0..prepared.schedule.total())
        .filter(|&i| config.shard.is_none_or(|s| s.holds(i)))
        .collect();
    let pending: Vec<usize> = planned
        .iter()
        .copied()
        .filter(|i| !finished.contains(i))
        .collect();
    let next_order = done_records.iter().map(|r| r.order).max().unwrap_or(0) + 1;
    let sprt_decided = |tally: &Tally| {
        config.sprt.and_then(|s| {
            let llr = s.llr(&tally.pairings()[0].penta);
            s.decide(llr)
        })
    };
    let halt = sprt_decided(&tally).map(|_| Halt::Sprt);
    let shared = Mutex::new(Shared {
        files,
        tally,
        records: done_records,
        next_order,
        halt,
    });
    let next = AtomicUsize::new(0);
    let total = planned.len();

    let worker = || loop {
        if config
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::SeqCst))
        {
            return;
        }
        if shared
            .lock()
            .expect("no worker panics holding the lock")
            .halt
            .is_some()
        {
            return;
        }
        let i = next.fetch_add(1, Ordering::SeqCst);
        let Some(&index) = pending.get(i) else {
            return;
        };
        let slot = prepared.schedule.slot(index);
        let specs = [&prepared.specs[slot.black], &prepared.specs[slot.white]];
        let players = specs.map(factory);
        let mut players = match players {
            [Ok(black), Ok(white)] => [black, white],
            [Err(e), _] | [_, Err(e)] => {
                let mut shared = shared.lock().expect("lock");
                shared.halt.get_or_insert(Halt::Error(e.into()));
                return;
            }
        };
        let opening = prepared.book.get(slot.round);
        let seed = mix_seed(config.seed, index as u64);
        let setup = GameSetup {
            index,
            round: slot.round,
            opening: &opening,
            specs,
            adjudication: config.adjudication,
            time_margin: config.time_margin,
            seed,
        };
        let mut record = play_game(&setup, &mut players);
        let mut guard = shared.lock().expect("lock");
        let sh = &mut *guard;
        record.order = sh.next_order;
        sh.next_order += 1;
        if let Err(e) = sh.files.write(&record, rules, &config.event) {
            sh.halt.get_or_insert(Halt::Error(e.into()));
            return;
        }
        if let Err(e) = sh.tally.add(&record) {
            sh.halt.get_or_insert(Halt::Error(e.into()));
            return;
        }
        sh.records.push(record);
        let llr = config.sprt.map(|s| s.llr(&sh.tally.pairings()[0].penta));
        progress(&Progress {
            done: sh.records.len(),
            total,
            record: sh.records.last().expect("just pushed"),
            tally: &sh.tally,
            llr,
        });
        if sprt_decided(&sh.tally).is_some() && sh.halt.is_none() {
            sh.halt = Some(Halt::Sprt);
        }
    };
    pool.scope(|scope| {
        for _ in 0..config.concurrency {
            scope.spawn(|_| worker());
        }
    });

    let shared = shared.into_inner().expect("workers are done");
    let mut records = shared.records;
    records.sort_by_key(|r| r.index);
    let stopped = match shared.halt {
        Some(Halt::Error(e)) => return Err(e),
        Some(Halt::Sprt) if records.len() < total => Some("SPRT bound reached".to_string()),
        _ if records.len() < total => Some("stopped".to_string()),
        _ => None,
    };
    let sprt = config.sprt.map(|sprt| {
        let llr = sprt.llr(&shared.tally.pairings()[0].penta);
        SprtStatus {
            sprt,
            llr,
            decision: sprt.decide(llr),
        }
    });
    let report = MatchReport {
        tally: shared.tally,
        records,
        planned: total,
        sprt,
        stopped,
    };
    if let Some(path) = &config.html {
        let title = format!("{}: {}", config.event, prepared.names.join(", "));
        std::fs::write(path, html_report(&report, rules, &title)).map_err(|source| {
            RecordError::Write {
                path: path.clone(),
                source,
            }
        })?;
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_go_round_the_pairings_with_colours_swapped() {
        let s = Schedule {
            pairings: vec![(0, 1), (0, 2), (1, 2)],
            per_pairing: 4,
        };
        assert_eq!(s.total(), 12);
        let slots: Vec<(usize, usize, usize)> = (0..12)
            .map(|i| {
                let x = s.slot(i);
                (x.round, x.black, x.white)
            })
            .collect();
        assert_eq!(
            slots,
            vec![
                (0, 0, 1),
                (0, 1, 0),
                (0, 0, 2),
                (0, 2, 0),
                (0, 1, 2),
                (0, 2, 1),
                (1, 0, 1),
                (1, 1, 0),
                (1, 0, 2),
                (1, 2, 0),
                (1, 1, 2),
                (1, 2, 1),
            ]
        );
    }
}
