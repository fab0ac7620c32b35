//! Every search the server makes, in one module: how a strength or an
//! analysis becomes the search's `Limits`, how a game's evaluator is had
//! (its default, with the `--egdb` databases beside it), the searches
//! themselves (the engine's move, a streamed analysis, a game's
//! annotation, a database probe), and the slots they run in.
//!
//! Slots: at most [`Engine::most`] searches run at once, each on a
//! searcher of one thread kept between searches; a request that finds
//! every slot taken for a quarter of a second is refused (503). Each page
//! runs one search at a time: a page's new search stops its last. A search
//! stops when the request that started it is gone (its stream closed, its
//! answer no longer awaited), through a flag its handle sets on drop.

use crate::api::{
    AnnotateStep, AnnotatedPly, Annotation, ArrowJson, EngineReply, LineJson, ScoreJson, Strength,
    StrengthChoice, TablesReply,
};
use crate::error::ApiError;
use parlour_arena::analyse::{self, score_text, Prepared, Settings, Thresholds};
use parlour_game::registry::{self, EvalSpec, EvaluatorOf, MoveOf};
use parlour_game::{Evaluator, Game, History, Proven, Side, Variant};
use parlour_search::{Info, LimitRequest, Limits, Score, Searcher, Skill, Time};
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, OwnedSemaphorePermit, Semaphore};

/// The longest an analysis runs unless stopped sooner.
pub const LONGEST_ANALYSIS: Duration = Duration::from_secs(600);
/// The longest time a move the engine is asked to think.
pub const LONGEST_MOVE: Duration = Duration::from_secs(60);
/// The deepest fixed depth asked for.
pub const DEEPEST: u32 = 40;
/// The longest time an annotation spends on a position.
pub const LONGEST_NOTE: Duration = Duration::from_secs(10);
/// Each searcher's transposition table, in MiB.
pub const HASH_MIB: usize = 32;
/// How long a search waits for a free slot before it is refused.
const SLOT_WAIT: Duration = Duration::from_millis(250);

/// The strength control's choices: times a move.
pub fn strengths() -> Vec<StrengthChoice> {
    let times = [100, 250, 500, 1000, 2000, 5000]
        .into_iter()
        .map(|ms: u64| StrengthChoice {
            label: if ms < 1000 {
                format!("{} s a move", f64::from(ms as u32) / 1000.0)
            } else {
                format!("{} s a move", ms / 1000)
            },
            strength: Strength::Movetime(ms),
        });
    // The levels below full strength, weakest first.
    let levels = (Skill::MIN.level()..Skill::FULL.level()).map(|level| StrengthChoice {
        label: match level {
            1 => "skill 1 (weakest)".to_string(),
            n => format!("skill {n}"),
        },
        strength: Strength::Skill(level),
    });
    times.chain(levels).collect()
}

/// The limits `request` asks for, read as every way into the engine
/// reads them ([`LimitRequest::limits`]); `field` names the request's
/// field in an error.
fn checked(request: LimitRequest, field: &'static str) -> Result<Limits, ApiError> {
    match request.limits() {
        Ok(Some(limits)) => Ok(limits),
        Ok(None) => Err(ApiError::Field {
            field,
            why: "a limit",
        }),
        Err(e) => Err(ApiError::Limit { field, source: e }),
    }
}

/// The search's limits for a strength: within the server's own bounds (a
/// move of at most a minute, a depth of at most 40), so that no page
/// holds a slot for long.
pub fn limits(strength: Strength) -> Result<Limits, ApiError> {
    match strength {
        Strength::Movetime(ms) if ms > LONGEST_MOVE.as_millis() as u64 => Err(ApiError::Field {
            field: "strength",
            why: "a time a move from 1 to 60000 milliseconds",
        }),
        Strength::Movetime(ms) => checked(
            LimitRequest {
                movetime: Some(Time::Millis(ms)),
                ..LimitRequest::default()
            },
            "strength",
        ),
        Strength::Depth(d) if d > DEEPEST => Err(ApiError::Field {
            field: "strength",
            why: "a depth from 1 to 40",
        }),
        Strength::Depth(d) => checked(
            LimitRequest {
                depth: Some(d.into()),
                ..LimitRequest::default()
            },
            "strength",
        ),
        Strength::Skill(level) if Skill::new(level.into()).is_err() => Err(ApiError::Field {
            field: "strength",
            why: "a skill level from 1 to 10",
        }),
        Strength::Skill(_) => Ok(Limits::movetime(SKILL_MOVE)),
    }
}

/// The skill `strength` plays at: its level, else full strength.
pub fn skill(strength: Strength) -> Skill {
    match strength {
        Strength::Skill(level) => Skill::new(level.into()).unwrap_or_default(),
        _ => Skill::FULL,
    }
}

/// The seed of a page's weaker levels: each page draws its own moves.
pub fn page_seed(page: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    page.hash(&mut hasher);
    hasher.finish()
}

/// The longest a skill level below full strength thinks (its depth cap
/// ends most of its searches far sooner).
const SKILL_MOVE: Duration = Duration::from_secs(1);

/// The limits of an analysis of `seconds` (none: the longest).
pub fn analysis_limits(seconds: Option<f64>) -> Result<Limits, ApiError> {
    let seconds = seconds.unwrap_or(LONGEST_ANALYSIS.as_secs_f64());
    if seconds > LONGEST_ANALYSIS.as_secs_f64() {
        return Err(ApiError::Field {
            field: "seconds",
            why: "more than 0 and at most 600",
        });
    }
    let request = LimitRequest {
        movetime: Some(Time::Seconds(seconds)),
        ..LimitRequest::default()
    };
    checked(request, "seconds")
}

/// The limits of an annotation's searches.
pub fn note_limits(movetime_ms: u64) -> Result<Limits, ApiError> {
    if movetime_ms > LONGEST_NOTE.as_millis() as u64 {
        return Err(ApiError::Field {
            field: "movetime_ms",
            why: "from 1 to 10000",
        });
    }
    let request = LimitRequest {
        movetime: Some(Time::Millis(movetime_ms)),
        ..LimitRequest::default()
    };
    checked(request, "movetime_ms")
}

/// The evaluator the server searches `rules` with: the game's default
/// (the one every way in plays), with the endgame databases of `egdb`
/// beside it.
pub fn evaluator<V: Variant>(rules: &V, egdb: Option<&Path>) -> Result<EvaluatorOf<V>, ApiError> {
    registry::evaluator(rules, &EvalSpec::Default, egdb)
        .map_err(|e| ApiError::game("evaluation", &e))
}

/// What a search sends while it runs and when it ends.
#[derive(Debug)]
pub enum Event {
    /// A finished depth of an analysis or a move's search.
    Line(LineJson),
    /// A position of an annotation done.
    Step(AnnotateStep),
    /// The engine's move.
    Move(EngineReply),
    /// An analysis ended (its time ran out, or it reached the deepest
    /// depth).
    Done,
    /// A game annotated.
    Annotated(Box<Annotation>),
    /// The search could not run.
    Failed(String),
}

/// Where a search sends its events.
pub type Events = mpsc::UnboundedSender<Event>;

/// A search to run on a searcher: given the searcher, the stop flag and
/// where to send events.
pub type Job = Box<dyn FnOnce(&mut Searcher, &Arc<AtomicBool>, &Events) + Send>;

/// A score as the page shows it, `side` being the side to move.
pub fn score_json(score: Score, side: Side) -> ScoreJson {
    let mover = match score {
        Score::Value(v) => v.clamp(-9000, 9000),
        Score::Win(n) => 10000 - n.min(999) as i32,
        Score::Loss(n) => -(10000 - n.min(999) as i32),
    };
    ScoreJson {
        text: score_text(score),
        black: if side == Side::Black { mover } else { -mover },
    }
}

/// A finished depth as the page shows it.
fn line_json<V: Variant>(root: &V::Position, info: &Info<MoveOf<V>>) -> LineJson {
    let mut pos = *root;
    let mut pv = Vec::with_capacity(info.pv.len());
    for &mv in &info.pv {
        pv.push(mv.to_string());
        pos = pos.play(mv);
    }
    let best = info.pv.first().and_then(|&mv| V::move_view(root, mv));
    LineJson {
        line: 1,
        depth: info.depth,
        score: score_json(info.score, root.side_to_move()),
        pv,
        best: best.map(|view| ArrowJson {
            from: view.from,
            path: view.path,
        }),
        nodes: info.nodes,
        nps: info.nps,
        time_ms: info.time.as_millis() as u64,
        tbhits: info.tbhits,
    }
}

/// What a search of a position sends back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Each depth as it finishes, then `Done`: an analysis.
    Lines,
    /// The move found at a skill level (drawn by a seed, below full
    /// strength), at the end: the engine's move.
    Move(Skill, u64),
}

/// A search of `history`'s position that answers as `answer` says.
pub fn search<V: Variant>(
    history: History<V::Position>,
    eval: EvaluatorOf<V>,
    limits: Limits,
    answer: Answer,
) -> Job {
    Box::new(move |searcher, stop, events| {
        let root = *history.current();
        let (skill, seed) = match answer {
            Answer::Move(skill, seed) => (skill, seed),
            Answer::Lines => (Skill::FULL, 0),
        };
        let result = searcher.search_skill(&history, limits, skill, seed, &eval, stop, |info| {
            if answer == Answer::Lines {
                let _ = events.send(Event::Line(line_json::<V>(&root, info)));
            }
        });
        let end = match (answer, result.best_move) {
            (Answer::Lines, _) => Event::Done,
            (Answer::Move(..), Some(mv)) => Event::Move(EngineReply {
                mv: mv.to_string(),
                line: line_json::<V>(&root, &result.info()),
                book: false,
            }),
            (Answer::Move(..), None) => Event::Failed("no legal move".to_string()),
        };
        let _ = events.send(end);
    })
}

/// The engine's move from its opening book, without a search: the move,
/// with the book's value and depth as its line.
pub fn book_move<V: Variant>(
    root: V::Position,
    choice: parlour_book::BookChoice<MoveOf<V>>,
) -> Job {
    Box::new(move |_, _, events| {
        let info = Info {
            depth: choice.depth,
            multipv: 1,
            score: Score::from_internal(choice.value),
            nodes: 0,
            nps: 0,
            tbhits: 0,
            time: Duration::ZERO,
            pv: vec![choice.mv],
        };
        let _ = events.send(Event::Move(EngineReply {
            mv: choice.mv.to_string(),
            line: line_json::<V>(&root, &info),
            book: true,
        }));
    })
}

/// The annotation of a prepared game: each position's progress, then
/// the annotated game.
pub fn annotation<V: Variant>(prepared: Prepared<V>, eval: EvaluatorOf<V>, limits: Limits) -> Job {
    Box::new(move |searcher, stop, events| {
        let settings = Settings {
            limits,
            thresholds: Thresholds::default(),
            lines: 1,
        };
        let first = prepared.start().side_to_move();
        let done = analyse::analyse_until(prepared, searcher, &eval, &settings, stop, |step| {
            let _ = events.send(Event::Step(AnnotateStep {
                done: step.done,
                total: step.total,
            }));
        });
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let mut mover = first;
        let plies = (done.plies.iter())
            .map(|ply| {
                let score = score_json(ply.note.score, mover);
                mover = mover.opponent();
                AnnotatedPly {
                    text: ply.text.clone(),
                    mark: ply.verdict.mark(),
                    score,
                    depth: ply.note.depth,
                    better: ply.better(),
                }
            })
            .collect();
        let _ = events.send(Event::Annotated(Box::new(Annotation {
            start: score_json(done.start.score, first),
            plies,
            pdn: done.pdn(),
        })));
    })
}

/// What the databases beside `eval` say of `pos`.
pub fn probe<V: Variant>(eval: &EvaluatorOf<V>, pos: &V::Position) -> TablesReply {
    match eval.probe_with_distance(pos) {
        Some((proven, plies)) => TablesReply {
            value: Some(match proven {
                Proven::Win => "win",
                Proven::Draw => "draw",
                Proven::Loss => "loss",
            }),
            plies,
        },
        None => TablesReply {
            value: None,
            plies: None,
        },
    }
}

/// The server's search slots, its idle searchers and each page's running
/// search.
pub struct Engine {
    slots: Arc<Semaphore>,
    most: usize,
    searchers: Mutex<Vec<Searcher>>,
    pages: Mutex<HashMap<String, Arc<AtomicBool>>>,
    started: AtomicU64,
    refused: AtomicU64,
}

/// A running search as its request holds it: its events, and its stop
/// flag, set when the holder drops it (the page has gone).
pub struct Running {
    /// The search's events; closed when it ends.
    pub events: mpsc::UnboundedReceiver<Event>,
    stop: Arc<AtomicBool>,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// What the status route tells of the searches.
#[derive(Clone, Copy, Debug)]
pub struct Load {
    /// Searches running.
    pub running: usize,
    /// Pages with a search running.
    pub pages: usize,
    /// Searches started so far.
    pub started: u64,
    /// Searches refused so far.
    pub refused: u64,
}

impl Engine {
    /// An engine that runs at most `most` searches at once.
    pub fn new(most: usize) -> Engine {
        Engine {
            slots: Arc::new(Semaphore::new(most)),
            most,
            searchers: Mutex::new(Vec::new()),
            pages: Mutex::new(HashMap::new()),
            started: AtomicU64::new(0),
            refused: AtomicU64::new(0),
        }
    }

    /// The most searches at once.
    pub fn most(&self) -> usize {
        self.most
    }

    /// The searches now.
    pub fn load(&self) -> Load {
        Load {
            running: self.most - self.slots.available_permits(),
            pages: self.pages.lock().expect("never poisoned").len(),
            started: self.started.load(Ordering::Relaxed),
            refused: self.refused.load(Ordering::Relaxed),
        }
    }

    /// Starts `job` for `page`: stops the page's last search, waits a
    /// little for a free slot (refused if none comes), and runs the job on
    /// a blocking thread with an idle searcher.
    pub async fn start(self: &Arc<Self>, page: &str, job: Job) -> Result<Running, ApiError> {
        check_page(page)?;
        let stop = Arc::new(AtomicBool::new(false));
        if let Some(old) =
            (self.pages.lock().expect("never poisoned")).insert(page.into(), stop.clone())
        {
            old.store(true, Ordering::SeqCst);
        }
        let permit = match tokio::time::timeout(SLOT_WAIT, self.slots.clone().acquire_owned()).await
        {
            Ok(Ok(permit)) => permit,
            _ => {
                self.forget(page, &stop);
                self.refused.fetch_add(1, Ordering::Relaxed);
                let running = self.most - self.slots.available_permits();
                return Err(ApiError::Busy { running });
            }
        };
        self.started.fetch_add(1, Ordering::Relaxed);
        let (sender, events) = mpsc::unbounded_channel();
        let engine = self.clone();
        let (page, flag) = (page.to_string(), stop.clone());
        tokio::task::spawn_blocking(move || engine.run(job, &flag, &sender, permit, &page));
        Ok(Running { events, stop })
    }

    /// Runs a job on an idle searcher (or a new one), then gives the
    /// searcher, the slot and the page's entry back.
    fn run(
        &self,
        job: Job,
        stop: &Arc<AtomicBool>,
        events: &Events,
        permit: OwnedSemaphorePermit,
        page: &str,
    ) {
        let idle = self.searchers.lock().expect("never poisoned").pop();
        match idle.map_or_else(|| Searcher::new(1, HASH_MIB), Ok) {
            Ok(mut searcher) => {
                if !stop.load(Ordering::SeqCst) {
                    job(&mut searcher, stop, events);
                }
                self.searchers
                    .lock()
                    .expect("never poisoned")
                    .push(searcher);
            }
            Err(e) => {
                let _ = events.send(Event::Failed(e.to_string()));
            }
        }
        self.forget(page, stop);
        drop(permit);
    }

    /// Takes `page`'s entry out if it is still `stop`'s.
    fn forget(&self, page: &str, stop: &Arc<AtomicBool>) {
        let mut pages = self.pages.lock().expect("never poisoned");
        if pages.get(page).is_some_and(|s| Arc::ptr_eq(s, stop)) {
            pages.remove(page);
        }
    }

    /// Stops `page`'s running search, if it has one.
    pub fn stop(&self, page: &str) -> Result<bool, ApiError> {
        check_page(page)?;
        let pages = self.pages.lock().expect("never poisoned");
        Ok(pages
            .get(page)
            .map(|s| s.store(true, Ordering::SeqCst))
            .is_some())
    }
}

/// A page's name: 1 to 64 letters, digits, `-` or `_`.
fn check_page(page: &str) -> Result<(), ApiError> {
    let fine = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    if (1..=64).contains(&page.len()) && page.chars().all(fine) {
        Ok(())
    } else {
        Err(ApiError::Field {
            field: "page",
            why: "1 to 64 letters, digits, - or _",
        })
    }
}
