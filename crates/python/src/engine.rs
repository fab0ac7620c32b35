//! The engine for Python: `parlour-search`'s searcher with the game's
//! evaluation, searching with the interpreter released, stopped by Ctrl-C.

use crate::board::{PyGame, Table};
use crate::errors::{message, EngineError};
use crate::visit::{visit_board, BoardVisit};
use parlour_book::{Book, BookSpec, Pick};
use parlour_game::registry::{EvalError, EvalSpec, EvaluatorOf, MoveOf};
use parlour_game::{Game, Outcome};
use parlour_search::{LimitRequest, Limits, Score, Searcher, Skill, Time, MAX_LINES};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How often a search's caller looks for a signal (Ctrl-C).
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// The limit when none is given: a second a move, as `parlour best`'s.
pub const DEFAULT_LIMITS: Limits = Limits::movetime(Duration::from_secs(1));

/// The limit of a solve when none is given: a minute, as `parlour
/// solve`'s.
pub const SOLVE_LIMITS: Limits = Limits::movetime(Duration::from_secs(60));

/// The evaluator `spec` names for `rules`, with the endgame databases of
/// `egdb` where given: the one place the module reaches evaluations and
/// databases (through `parlour-games`, as the command line does).
fn evaluator<V: PyGame>(
    rules: &V,
    spec: &EvalSpec,
    egdb: Option<&Path>,
) -> Result<EvaluatorOf<V>, EvalError> {
    parlour_games::evaluator(rules, spec, egdb)
}

/// The alpha-beta engine: its threads, its transposition table, its
/// evaluation, and (english checkers) endgame databases.
///
/// ``Engine(threads=1, hash_mb=64, eval=None, egdb=None, book=None, book_floor=16)``: ``eval`` names
/// the evaluation as the command line's ``--eval`` does (``"default"``,
/// ``"handwritten"``, ``"learned"``, or the path of a weights file made by
/// ``parlour train``); ``egdb`` is a directory of endgame databases made by
/// ``parlour egdb build``; ``book`` an opening book made by ``parlour book
/// build``, ``"default"`` (the one built in, for english checkers) or
/// ``"off"``, whose best move answers a position in it without a search
/// where it rests on at least ``book_floor`` plies of book and search. One
/// engine searches one position at a time;
/// two engines on two Python threads search at once, on two cores.
#[pyclass(module = "parlour")]
pub struct Engine {
    searcher: Mutex<Searcher>,
    threads: usize,
    hash_mb: usize,
    eval: EvalSpec,
    egdb: Option<PathBuf>,
    skill: Skill,
    seed: u64,
    /// The opening book as named, and as read.
    book_spec: BookSpec,
    book: Option<Arc<Book>>,
    /// The least depth a book move is played at without a search.
    book_floor: u32,
}

/// The limits of a search as Python's keyword arguments give them, else
/// `default`; `solve` stops once the value is proven.
fn limits(
    depth: Option<u64>,
    movetime: Option<f64>,
    nodes: Option<u64>,
    solve: bool,
    default: Limits,
) -> PyResult<Limits> {
    let request = LimitRequest {
        depth,
        nodes,
        movetime: movetime.map(Time::Seconds),
        solve,
        ..LimitRequest::default()
    };
    request
        .limits_or(default)
        .map_err(|e| PyValueError::new_err(message(&e)))
}

#[pymethods]
impl Engine {
    #[new]
    #[pyo3(signature = (
        threads=1, hash_mb=64, eval=None, egdb=None, skill=10, seed=0, book=None,
        book_floor=parlour_book::DEFAULT_FLOOR
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        threads: usize,
        hash_mb: usize,
        eval: Option<String>,
        egdb: Option<PathBuf>,
        skill: u64,
        seed: u64,
        book: Option<PathBuf>,
        book_floor: u32,
    ) -> PyResult<Engine> {
        let skill = Skill::new(skill).map_err(|e| PyValueError::new_err(message(&e)))?;
        let book_spec = match book {
            Some(path) => path
                .to_string_lossy()
                .parse::<BookSpec>()
                .map_err(|e| PyValueError::new_err(message(&e)))?,
            None => BookSpec::Off,
        };
        // Read now, so a missing or damaged book is said at once; its rules
        // are checked against each board searched.
        let book = book_spec
            .read()
            .map_err(|e| EngineError::new_err(message(&e)))?;
        let searcher =
            Searcher::new(threads, hash_mb).map_err(|e| EngineError::new_err(message(&e)))?;
        let eval = match eval {
            Some(text) => text
                .parse::<EvalSpec>()
                .map_err(|e| PyValueError::new_err(message(&e)))?,
            None => EvalSpec::Default,
        };
        if let Some(dir) = &egdb {
            // Opens the databases now, so a wrong directory is said at once.
            evaluator(&parlour_checkers::Rules::ENGLISH, &eval, Some(dir))
                .map_err(|e| EngineError::new_err(message(&e)))?;
        }
        Ok(Engine {
            searcher: Mutex::new(searcher),
            threads,
            hash_mb,
            eval,
            egdb,
            skill,
            seed,
            book_spec,
            book,
            book_floor,
        })
    }

    /// Searches the board's position, seeing the repetitions its history
    /// makes, and returns a ``SearchResult``.
    ///
    /// ``depth`` (plies, 1 to 100), ``movetime`` (seconds) or ``nodes``
    /// (a depth beside one of the others stops the search early; a node
    /// budget and a time do not go together); with none, a second. The
    /// limits are checked as every way into the engine checks them (the
    /// command line, engine specs, the Hub protocol). The interpreter is
    /// released while the engine thinks, so other Python threads run; a
    /// Ctrl-C (``KeyboardInterrupt``) stops the search and is raised. A
    /// game that is over is not searched: its result has no move.
    #[pyo3(signature = (board, depth=None, movetime=None, nodes=None))]
    fn search(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        depth: Option<u64>,
        movetime: Option<f64>,
        nodes: Option<u64>,
    ) -> PyResult<SearchResult> {
        let limits = limits(depth, movetime, nodes, false, DEFAULT_LIMITS)?;
        Ok(self.run(py, board, limits, 1, self.skill)?.0)
    }

    /// The ``multipv`` best moves of the board's position (1 to 256; all of
    /// them where it has fewer), each searched to the same depth with its
    /// exact score: a list of ``SearchResult``, best first, each with its
    /// move, score, depth and line. The limits are ``search``'s; the first
    /// line is the one ``search`` finds (at full skill).
    #[pyo3(signature = (board, multipv=1, depth=None, movetime=None, nodes=None))]
    fn analyse(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        multipv: usize,
        depth: Option<u64>,
        movetime: Option<f64>,
        nodes: Option<u64>,
    ) -> PyResult<Vec<SearchResult>> {
        if !(1..=MAX_LINES).contains(&multipv) {
            return Err(PyValueError::new_err(format!(
                "multipv {} is out of range: 1 to {MAX_LINES} lines",
                multipv
            )));
        }
        let limits = limits(depth, movetime, nodes, false, DEFAULT_LIMITS)?;
        Ok(self.run(py, board, limits, multipv, Skill::FULL)?.1)
    }

    /// Searches until the position's value is proven (a win or loss the
    /// search finds, or the endgame databases' value) or the limit runs
    /// out (default: a minute): a ``SearchResult`` whose ``proven`` says
    /// which, with ``mate`` the distance of a win or loss it found.
    #[pyo3(signature = (board, depth=None, movetime=None, nodes=None))]
    fn solve(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        depth: Option<u64>,
        movetime: Option<f64>,
        nodes: Option<u64>,
    ) -> PyResult<SearchResult> {
        let limits = limits(depth, movetime, nodes, true, SOLVE_LIMITS)?;
        Ok(self.run(py, board, limits, 1, Skill::FULL)?.0)
    }

    /// Forgets what earlier searches learnt (the transposition table, the
    /// move-ordering tables): the next search is as a new engine's.
    fn clear(&self, py: Python<'_>) {
        py.detach(|| self.searcher.lock().expect("no search panicked").clear());
    }

    /// The number of search threads.
    #[getter]
    fn threads(&self) -> usize {
        self.threads
    }

    /// The transposition table's size in MiB.
    #[getter]
    fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// The evaluation's name, as given.
    #[getter]
    fn eval(&self) -> String {
        self.eval.to_string()
    }

    /// The skill level, 1 to 10 (full strength).
    #[getter]
    fn skill(&self) -> u8 {
        self.skill.level()
    }

    /// The opening book's file, or ``"off"``.
    #[getter]
    fn book(&self) -> String {
        self.book_spec.to_string()
    }

    /// The least depth, in plies of book and search, at which a book move
    /// is played without a search.
    #[getter]
    fn book_floor(&self) -> u32 {
        self.book_floor
    }

    /// The endgame databases' directory, or ``None``.
    #[getter]
    fn egdb(&self) -> Option<PathBuf> {
        self.egdb.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "Engine(threads={}, hash_mb={}, eval='{}', skill={}, egdb={}, book='{}', book_floor={})",
            self.threads,
            self.hash_mb,
            self.eval,
            self.skill,
            self.egdb
                .as_ref()
                .map_or("None".to_string(), |d| format!("'{}'", d.display())),
            self.book_spec,
            self.book_floor
        )
    }
}

impl Engine {
    /// A search of `board`'s game under `limits`, of `lines` lines at
    /// `skill`: the result, and each line as a result of its own.
    fn run(
        &self,
        py: Python<'_>,
        board: &Bound<'_, PyAny>,
        limits: Limits,
        lines: usize,
        skill: Skill,
    ) -> PyResult<(SearchResult, Vec<SearchResult>)> {
        let search = Search {
            engine: self,
            py,
            limits,
            lines,
            skill,
        };
        visit_board(board, search)
    }
}

/// A search of a board's game by an engine, of `lines` lines at `skill`.
struct Search<'a, 'py> {
    engine: &'a Engine,
    py: Python<'py>,
    limits: Limits,
    lines: usize,
    skill: Skill,
}

impl BoardVisit for Search<'_, '_> {
    /// The search's result, and each of its lines as a result of its own.
    type Output = (SearchResult, Vec<SearchResult>);

    fn visit<V: PyGame>(self, table: Table<V>) -> PyResult<Self::Output> {
        let history = &table.history;
        let pos = history.current();
        let engine = self.engine;
        let eval = evaluator(&V::rules_of(pos), &engine.eval, engine.egdb.as_deref())
            .map_err(|e| EngineError::new_err(message(&e)))?;
        if let Some((outcome, _)) = history.ending() {
            let score = match outcome {
                Outcome::Draw => Score::Value(0),
                Outcome::Win(side) if side == pos.side_to_move() => Score::Win(0),
                Outcome::Win(_) => Score::Loss(0),
            };
            return Ok((SearchResult::new::<V>(self.py, over(score))?, Vec::new()));
        }
        // A book answers a search for a move, not an analysis or a solve.
        let wants_move = self.lines == 1 && !self.limits.until_proven;
        let book = match engine.book.as_ref().filter(|_| wants_move) {
            Some(book) => engine
                .book_spec
                .fit(Some(book.clone()), &V::rules_of(pos))
                .map_err(|e| EngineError::new_err(message(&e)))?,
            None => None,
        };
        if let Some(book) = book {
            if let Some(choice) = book.choose(pos, Pick::Best, engine.book_floor, 0) {
                let mut result = over(Score::from_internal(choice.value));
                result.best_move = Some(choice.mv);
                result.depth = choice.depth;
                result.pv = vec![choice.mv];
                result.proven = false;
                let mut result = SearchResult::new::<V>(self.py, result)?;
                result.from_book = true;
                return Ok((result, Vec::new()));
            }
        }
        let stop = Arc::new(AtomicBool::new(false));
        let (limits, lines, skill, seed) = (self.limits, self.lines, self.skill, engine.seed);
        let result = interruptible(self.py, &stop, || {
            let mut searcher = engine.searcher.lock().expect("no search panicked");
            match skill {
                Skill::FULL => searcher.search_lines(history, limits, &eval, &stop, lines, |_| {}),
                _ => searcher.search_skill(history, limits, skill, seed, &eval, &stop, |_| {}),
            }
        })?;
        let each = result
            .lines
            .iter()
            .map(|line| {
                let one = parlour_search::SearchResult {
                    best_move: Some(line.first()),
                    score: line.score,
                    pv: line.pv.clone(),
                    proven: line.score.is_proven(),
                    lines: Vec::new(),
                    ..result.clone()
                };
                SearchResult::new::<V>(self.py, one)
            })
            .collect::<PyResult<_>>()?;
        Ok((SearchResult::new::<V>(self.py, result)?, each))
    }
}

/// The result of a game over: no move, no search.
fn over<M>(score: Score) -> parlour_search::SearchResult<M> {
    parlour_search::SearchResult {
        best_move: None,
        score,
        depth: 0,
        nodes: 0,
        tbhits: 0,
        time: Duration::ZERO,
        pv: Vec::new(),
        lines: Vec::new(),
        proven: true,
    }
}

/// Runs `work` on a thread of its own with the interpreter released,
/// looking for signals every [`SIGNAL_POLL`] meanwhile: a signal whose
/// handler raises (Ctrl-C's `KeyboardInterrupt`) sets `stop`, which ends
/// the work soon, and is raised once it has ended.
fn interruptible<T: Send>(
    py: Python<'_>,
    stop: &AtomicBool,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    py.detach(|| {
        std::thread::scope(|scope| {
            let (done, finished) = mpsc::channel::<()>();
            let worker = scope.spawn(move || {
                let out = work();
                // The receiver outlives the thread: the scope joins it.
                let _ = done.send(());
                out
            });
            let mut signal = Ok(());
            while let Err(RecvTimeoutError::Timeout) = finished.recv_timeout(SIGNAL_POLL) {
                if signal.is_ok() {
                    signal = Python::attach(|py| py.check_signals());
                    if signal.is_err() {
                        stop.store(true, Relaxed);
                    }
                }
            }
            let out = worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            signal.map(|()| out)
        })
    })
}

/// What a search found.
#[pyclass(module = "parlour", frozen)]
pub struct SearchResult {
    best: Option<Py<PyAny>>,
    pv: Vec<Py<PyAny>>,
    score: Score,
    depth: u32,
    nodes: u64,
    seconds: f64,
    proven: bool,
    /// Whether the move came from the engine's opening book (no search).
    from_book: bool,
}

impl SearchResult {
    /// The search's result with its moves as the game's Python moves.
    fn new<V: PyGame>(
        py: Python<'_>,
        result: parlour_search::SearchResult<MoveOf<V>>,
    ) -> PyResult<SearchResult> {
        let best = result
            .best_move
            .map(|mv| V::move_object(py, mv))
            .transpose()?;
        // The variation starts with the best move; a search stopped before
        // its first depth has a move and no variation.
        let pv = match result.best_move {
            Some(mv) if result.pv.first() != Some(&mv) => vec![mv],
            _ => result.pv,
        };
        Ok(SearchResult {
            best,
            pv: pv
                .into_iter()
                .map(|mv| V::move_object(py, mv))
                .collect::<PyResult<_>>()?,
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
            seconds: result.time.as_secs_f64(),
            proven: result.proven,
            from_book: false,
        })
    }
}

#[pymethods]
impl SearchResult {
    /// The move to play (a ``Move`` or a ``PegMove``), or ``None`` where
    /// the game is over.
    #[getter(r#move)]
    fn best(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.best.as_ref().map(|m| m.clone_ref(py))
    }

    /// The score from the side to move's view: hundredths of a man (of a
    /// peg) for an evaluation; a forced win in n plies is ``30000 - n``,
    /// a forced loss ``-(30000 - n)`` (see ``mate``).
    #[getter]
    fn score(&self) -> i32 {
        self.score.internal()
    }

    /// Plies to a forced end: positive where the side to move wins,
    /// negative where it loses, ``None`` for an evaluation.
    #[getter]
    fn mate(&self) -> Option<i64> {
        match self.score {
            Score::Value(_) => None,
            Score::Win(n) => Some(i64::from(n)),
            Score::Loss(n) => Some(-i64::from(n)),
        }
    }

    /// The deepest depth finished, in plies (0 where none was).
    #[getter]
    fn depth(&self) -> u32 {
        self.depth
    }

    /// Nodes searched, by all threads.
    #[getter]
    fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The principal variation, the best move first.
    #[getter]
    fn pv(&self, py: Python<'_>) -> Vec<Py<PyAny>> {
        self.pv.iter().map(|m| m.clone_ref(py)).collect()
    }

    /// Whether the score is the position's proven value (a win or loss
    /// the search found, or the endgame databases' value), as ``solve``
    /// waits for.
    #[getter]
    fn proven(&self) -> bool {
        self.proven
    }

    /// Seconds the search took.
    #[getter]
    fn time(&self) -> f64 {
        self.seconds
    }

    /// Whether the move came from the engine's opening book, played
    /// without a search (its depth is the book's, its nodes 0).
    #[getter]
    fn book(&self) -> bool {
        self.from_book
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let best = match &self.best {
            Some(m) => m.bind(py).str()?.to_string(),
            None => "None".to_string(),
        };
        Ok(format!(
            "SearchResult(move={best}, score={}, depth={}, nodes={})",
            self.score, self.depth, self.nodes
        ))
    }
}
