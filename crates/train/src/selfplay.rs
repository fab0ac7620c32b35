//! Self-play: the engine plays itself and records what it learns from.
//!
//! Game `i` of a run starts from opening `i mod n` of the list, plays a
//! number of random plies drawn from the run's seed and `i` (so no two
//! games from one opening are alike), then the searcher plays both sides
//! at a fixed node or depth budget, one thread, its table cleared before
//! the game: the game depends only on the seed and its index, whatever
//! the concurrency. Every position met with a quiet move to choose (not
//! where the side to move must capture or has one move) is recorded with
//! the search's score; the game's result is written with them.
//!
//! Games run in parallel on a rayon pool, each worker with its own
//! searcher, and are written in the order of their indices, so the file
//! of a run is the same at any concurrency, and a run killed at any moment
//! resumes after its last complete game.

use crate::data::{DataError, DataWriter, GameRecord, Opened, PositionRecord, SCORE_WIN};
use parlour_game::{mix_seed, Evaluate, History, Learn, MoveList, Outcome};
use parlour_search::{Limits, Score, Searcher};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How much each move's search may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// This many nodes (a one-thread search stops at them exactly).
    Nodes(u64),
    /// To this depth.
    Depth(u32),
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Nodes(n) => write!(f, "nodes={n}"),
            Budget::Depth(d) => write!(f, "depth={d}"),
        }
    }
}

/// A self-play run.
#[derive(Clone, Debug)]
pub struct SelfPlay<G: Evaluate> {
    /// The openings, as games from the start (their moves are played
    /// first; a bare start is an opening too).
    pub openings: Vec<History<G>>,
    /// What the openings are, for the run's settings (e.g. `ballots:deck`).
    pub openings_name: String,
    /// The number of games.
    pub games: u64,
    /// Each move's budget.
    pub budget: Budget,
    /// After the opening, each game plays between 0 and this many random
    /// plies.
    pub random_plies: u32,
    /// A game still going after this many plies is scored a draw.
    pub max_plies: u32,
    /// Everything random in the run comes from this.
    pub seed: u64,
    /// The evaluation the engine plays with.
    pub eval: G::Evaluator,
    /// What that evaluation is, for the run's settings.
    pub eval_name: String,
    /// Games played at once.
    pub concurrency: usize,
    /// Each searcher's transposition table, in MiB.
    pub hash_mib: usize,
}

/// How far a run has got.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SelfPlayProgress {
    /// Games written, by this run and the runs it resumes.
    pub games: u64,
    /// Positions written by this run.
    pub positions: u64,
    /// Games the run plays in all.
    pub total: u64,
    /// Games the file held before this run (resumed, not played again).
    pub resumed: u64,
}

/// What a run did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelfPlaySummary {
    /// Games in the file at the end.
    pub games: u64,
    /// Games the file held before this run.
    pub resumed: u64,
    /// Positions this run wrote.
    pub positions: u64,
    /// Positions in the file at the end.
    pub total_positions: u64,
    /// Results over the file's games: Black's wins, White's, draws.
    pub results: [u64; 3],
    /// Time this run took.
    pub elapsed: Duration,
    /// Whether the run was stopped before its last game.
    pub stopped: bool,
}

/// Why a run could not be made.
#[derive(Debug, thiserror::Error)]
pub enum SelfPlayError {
    /// The data file.
    #[error(transparent)]
    Data(#[from] DataError),
    /// A run needs at least one opening.
    #[error("self-play needs at least one opening")]
    NoOpenings,
    /// A searcher could not be made (its table's memory).
    #[error("cannot make a searcher")]
    Searcher(#[source] parlour_search::SearcherError),
    /// The run's threads could not be started.
    #[error("cannot start self-play's threads")]
    Threads(#[source] rayon::ThreadPoolBuildError),
}

impl<G: Learn> SelfPlay<G> {
    /// Everything that decides the games, as the data file's header holds
    /// it: a run resumed with other settings is refused.
    pub fn settings(&self) -> String {
        let positions = self
            .openings
            .first()
            .map(|h| h.start().positions_key())
            .unwrap_or_default();
        format!(
            "positions={positions} openings={} budget={} random_plies={} max_plies={} seed={} eval={}",
            self.openings_name,
            self.budget,
            self.random_plies,
            self.max_plies,
            self.seed,
            self.eval_name
        )
    }

    /// Plays the run into the data file `path` (resuming it if it holds
    /// games of the same run), calling `progress` once the file is open
    /// (with the games resumed) and after every game written,
    /// until every game is played or `stop` is set (games under way are
    /// abandoned; they are played again on resume).
    pub fn run(
        &self,
        path: &Path,
        stop: &AtomicBool,
        progress: &(dyn Fn(&SelfPlayProgress) + Sync),
    ) -> Result<SelfPlaySummary, SelfPlayError> {
        let started = Instant::now();
        let first = self.openings.first().ok_or(SelfPlayError::NoOpenings)?;
        let opened = DataWriter::open(path, &self.settings(), first.start().code_len())?;
        let mut recorder = Recorder::resuming(opened, self.games);
        progress(&recorder.progress());
        let concurrency = self.concurrency.max(1);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(concurrency)
            .thread_name(|i| format!("parlour-selfplay-{i}"))
            // Each game's searches run on its own thread.
            .stack_size(parlour_search::SEARCH_STACK_BYTES)
            .build()
            .map_err(SelfPlayError::Threads)?;
        let next = AtomicU64::new(recorder.written);
        let abandon = AtomicBool::new(false);
        let (send, receive) = mpsc::channel();
        pool.in_place_scope(|scope| {
            for _ in 0..concurrency {
                let send = send.clone();
                let (next, abandon) = (&next, &abandon);
                scope.spawn(move |_| self.play_games(next, stop, abandon, send));
            }
            drop(send);
            for message in receive.iter() {
                recorder.receive(message, &abandon, progress);
            }
        });
        recorder.finish(started)
    }

    /// A worker of the run: plays the next game not yet taken until none
    /// is left or the run stops, sending each to the recorder.
    fn play_games(
        &self,
        next: &AtomicU64,
        stop: &AtomicBool,
        abandon: &AtomicBool,
        send: mpsc::Sender<Result<GameRecord, SelfPlayError>>,
    ) {
        let mut searcher = match Searcher::on_caller_thread(self.hash_mib) {
            Ok(s) => s,
            Err(e) => {
                let _ = send.send(Err(SelfPlayError::Searcher(e)));
                return;
            }
        };
        loop {
            if stop.load(Ordering::Relaxed) || abandon.load(Ordering::Relaxed) {
                return;
            }
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= self.games {
                return;
            }
            if let Some(game) = self.play(&mut searcher, index, stop) {
                if send.send(Ok(game)).is_err() {
                    return;
                }
            }
        }
    }

    /// Plays game `index`; `None` if `stop` was set during it.
    fn play(&self, searcher: &mut Searcher, index: u64, stop: &AtomicBool) -> Option<GameRecord> {
        let mut rng = StdRng::seed_from_u64(mix_seed(self.seed, index));
        let mut history = self.openings[(index % self.openings.len() as u64) as usize].clone();
        let mut moves = G::MoveList::default();
        let random = rng.random_range(0..=self.random_plies);
        for _ in 0..random {
            if history.outcome().is_some() {
                break;
            }
            history.current().legal_moves(&mut moves);
            let mv = moves.as_ref()[rng.random_range(0..moves.len())];
            history.push(mv);
        }
        searcher.clear();
        let limits = match self.budget {
            Budget::Nodes(n) => Limits::nodes(n),
            Budget::Depth(d) => Limits::depth(d),
        };
        let never = Arc::new(AtomicBool::new(false));
        let mut positions = Vec::new();
        let outcome = loop {
            if let Some(outcome) = history.outcome() {
                break outcome;
            }
            if history.moves().len() as u32 >= self.max_plies {
                break Outcome::Draw;
            }
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let pos = *history.current();
            pos.legal_moves(&mut moves);
            let list = moves.as_ref();
            if list.len() == 1 {
                history.push(list[0]);
                continue;
            }
            let result = searcher.search(&history, limits, &self.eval, &never, |_| {});
            let best = result
                .best_move
                .expect("a position with moves has a best move");
            if !list.iter().all(|&m| pos.is_tactical(m)) {
                let mut code = vec![0u8; pos.code_len()];
                pos.encode(&mut code);
                positions.push(PositionRecord {
                    code,
                    score: match result.score {
                        Score::Value(v) => {
                            v.clamp(-(SCORE_WIN as i32 - 1), SCORE_WIN as i32 - 1) as i16
                        }
                        Score::Win(_) => SCORE_WIN,
                        Score::Loss(_) => -SCORE_WIN,
                    },
                    ply: history.moves().len().min(u16::MAX as usize) as u16,
                });
            }
            history.push(best);
        };
        Some(GameRecord {
            index: index as u32,
            outcome,
            plies: history.moves().len().min(u16::MAX as usize) as u16,
            positions,
        })
    }
}

/// The writing side of a run: games are written in the order of their
/// indices as they finish, and counted.
struct Recorder {
    writer: DataWriter,
    /// Finished games waiting for those before them.
    waiting: BTreeMap<u32, GameRecord>,
    /// Games in the file.
    written: u64,
    /// Games the file held before this run.
    resumed: u64,
    /// Positions this run wrote.
    positions: u64,
    /// Positions the file held before this run.
    old_positions: u64,
    /// Black's wins, White's, draws, over the file's games.
    results: [u64; 3],
    /// Games the run plays in all.
    total: u64,
    /// The first thing that went wrong: the run is abandoned.
    failure: Option<SelfPlayError>,
}

impl Recorder {
    /// The recorder of a run of `total` games into the file `opened`.
    fn resuming(opened: Opened, total: u64) -> Recorder {
        let mut results = [0u64; 3];
        for g in &opened.games {
            results[result_index(g.outcome)] += 1;
        }
        let resumed = opened.games.len() as u64;
        Recorder {
            writer: opened.writer,
            waiting: BTreeMap::new(),
            written: resumed,
            resumed,
            positions: 0,
            old_positions: opened.games.iter().map(|g| g.positions.len() as u64).sum(),
            results,
            total,
            failure: None,
        }
    }

    /// How far the run is.
    fn progress(&self) -> SelfPlayProgress {
        SelfPlayProgress {
            games: self.written,
            positions: self.positions,
            total: self.total,
            resumed: self.resumed,
        }
    }

    /// Takes a worker's message: a game, written with those before it
    /// that waited for it, or a failure, which abandons the run.
    fn receive(
        &mut self,
        message: Result<GameRecord, SelfPlayError>,
        abandon: &AtomicBool,
        progress: &(dyn Fn(&SelfPlayProgress) + Sync),
    ) {
        let game = match message {
            Ok(game) => game,
            Err(e) => {
                self.failure.get_or_insert(e);
                abandon.store(true, Ordering::Relaxed);
                return;
            }
        };
        self.waiting.insert(game.index, game);
        while let Some(game) = self.waiting.remove(&(self.written as u32)) {
            if self.failure.is_none() {
                if let Err(e) = self.writer.write(&game) {
                    self.failure = Some(e.into());
                    abandon.store(true, Ordering::Relaxed);
                    break;
                }
            }
            self.written += 1;
            self.positions += game.positions.len() as u64;
            self.results[result_index(game.outcome)] += 1;
            progress(&self.progress());
        }
    }

    /// What the run did, or what stopped it.
    fn finish(self, started: Instant) -> Result<SelfPlaySummary, SelfPlayError> {
        if let Some(e) = self.failure {
            return Err(e);
        }
        Ok(SelfPlaySummary {
            games: self.written,
            resumed: self.resumed,
            positions: self.positions,
            total_positions: self.old_positions + self.positions,
            results: self.results,
            elapsed: started.elapsed(),
            stopped: self.written < self.total,
        })
    }
}

fn result_index(outcome: Outcome) -> usize {
    match outcome {
        Outcome::Win(parlour_game::Side::Black) => 0,
        Outcome::Win(parlour_game::Side::White) => 1,
        Outcome::Draw => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::DataFile;
    use parlour_checkers::{Eval, Position, Rules};

    fn run(games: u64, concurrency: usize) -> SelfPlay<Position> {
        SelfPlay {
            openings: vec![History::new(Position::start(Rules::ENGLISH))],
            openings_name: "start".into(),
            games,
            budget: Budget::Nodes(400),
            random_plies: 6,
            max_plies: 200,
            seed: 11,
            eval: Eval::Handwritten,
            eval_name: "handwritten".into(),
            concurrency,
            hash_mib: 1,
        }
    }

    fn temp(name: &str) -> std::path::PathBuf {
        let p =
            std::env::temp_dir().join(format!("parlour-selfplay-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&p);
        p
    }

    #[test]
    fn a_run_is_the_same_at_any_concurrency_and_resumes() {
        let never = AtomicBool::new(false);
        let one = temp("one");
        let two = temp("two");
        let s1 = run(6, 1).run(&one, &never, &|_| {}).unwrap();
        let s2 = run(6, 2).run(&two, &never, &|_| {}).unwrap();
        assert_eq!(s1.games, 6);
        assert_eq!(s1.positions, s2.positions);
        assert_eq!(std::fs::read(&one).unwrap(), std::fs::read(&two).unwrap());
        // Cut the file inside its fifth game: a resumed run plays it again
        // and gives the same file.
        let full = std::fs::read(&one).unwrap();
        let data = DataFile::read(&one).unwrap();
        assert!(data.positions() > 6, "positions were recorded");
        std::fs::write(&one, &full[..full.len() - 30]).unwrap();
        let resumed = run(6, 2).run(&one, &never, &|_| {}).unwrap();
        assert_eq!(resumed.resumed, 5);
        assert_eq!(resumed.games, 6);
        assert_eq!(std::fs::read(&one).unwrap(), full);
        // Another seed is another run.
        let mut other = run(6, 1);
        other.seed = 12;
        assert!(matches!(
            other.run(&one, &never, &|_| {}),
            Err(SelfPlayError::Data(DataError::OtherRun { .. }))
        ));
        let _ = std::fs::remove_file(&one);
        let _ = std::fs::remove_file(&two);
    }

    #[test]
    fn recorded_positions_are_quiet_and_decode() {
        let never = AtomicBool::new(false);
        let path = temp("quiet");
        run(3, 1).run(&path, &never, &|_| {}).unwrap();
        let data = DataFile::read(&path).unwrap();
        let start = Position::start(Rules::ENGLISH);
        for game in &data.games {
            for p in &game.positions {
                let pos = start.decode(&p.code).unwrap();
                assert!(!pos.can_capture(), "{pos} must capture");
                assert!(pos.action_vec().len() > 1);
            }
        }
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn a_stopped_run_writes_nothing_half_done() {
        let stop = AtomicBool::new(true);
        let path = temp("stopped");
        let summary = run(4, 2).run(&path, &stop, &|_| {}).unwrap();
        assert!(summary.stopped);
        assert_eq!(summary.games, 0);
        assert_eq!(DataFile::read(&path).unwrap().games.len(), 0);
        let _ = std::fs::remove_file(&path);
    }
}
