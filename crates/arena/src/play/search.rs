//! The search player: `parlour-search`'s alpha-beta [`Searcher`] as a
//! [`Player`], built from a `search:...` spec by [`search_factory`], which
//! hands every other spec to [`builtin_factory`] (with the game's own
//! [`Evaluate`] as the greedy player's evaluation).
//!
//! A spec's limits become the searcher's: its time (`tc=` or
//! `movetime=`) takes one route, through the runner, which keeps the
//! clock and shows it before each move ([`ClockState::time_limit`]), so
//! the searcher plans its time from what is really left on its clock and
//! answers inside it; `nodes=` is a node budget; `depth=` a depth, and
//! given beside a time or node limit, a depth at which the search stops
//! early. The searcher scores positions with the evaluator the game names
//! by the spec's `eval=` text ([`Variant::evaluator`]), else the match's,
//! else the game's default.

use crate::plan::spec::{EngineOptions, PlayerKind, PlayerSpec};
use crate::play::error::{BuildError, BuildProblem};
use crate::play::player::Choice;
use crate::play::player::{builtin_factory, ClockState, Evaluator, GreedyPlayer, Player};
use parlour_book::{Book, BookSpec, Pick};
use parlour_game::registry::{self, EvalSpec, EvaluatorOf};
use parlour_game::{Evaluate, Evaluator as _, History, Variant};
use parlour_hub::EngineError;
use parlour_search::{Limits, Searcher, Skill};
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

/// The transposition table of a search player that names no `hash=`, in
/// MiB: small, as a match plays many games at once and each player has its
/// own table.
pub const DEFAULT_HASH_MIB: u32 = 16;

/// The largest table a spec may ask for, in MiB.
pub const MAX_HASH_MIB: u32 = 1 << 16;

/// The largest number of threads a spec may ask for: the searcher's own
/// cap, as on the command line.
pub const MAX_THREADS: usize = parlour_search::MAX_THREADS;

/// The alpha-beta searcher playing under a spec's limits, with a pool of
/// `threads` threads and a transposition table of its own.
pub struct SearchPlayer<G: Evaluate> {
    name: String,
    /// The spec's depth and node limits; the time comes from the clock
    /// the runner shows for each move ([`ClockState::time_limit`]).
    limits: Limits,
    searcher: Searcher,
    eval: G::Evaluator,
    stop: Arc<AtomicBool>,
    /// Its skill level, and the game's seed its choices draw from.
    skill: Skill,
    /// The opening book it plays from before it searches, how it picks
    /// a move of it, and the game's seed for a varied pick.
    book: Option<Arc<Book>>,
    book_pick: Pick,
    book_floor: u32,
    seed: u64,
}

impl<G: Evaluate> SearchPlayer<G> {
    /// A search player under `limits` (a spec's: its time is the runner's
    /// to keep and show), with the threads and table of `engine`, scoring
    /// with `eval`; an error if the threads or table cannot be had.
    pub fn new(
        name: impl Into<String>,
        limits: Limits,
        engine: &EngineOptions,
        eval: G::Evaluator,
    ) -> Result<SearchPlayer<G>, BuildError> {
        let name = name.into();
        let fail = |problem| BuildError {
            name: name.clone(),
            problem,
        };
        let at_most = |what, max| fail(BuildProblem::AtMost { what, max });
        let threads = engine.threads.unwrap_or(1);
        if threads > MAX_THREADS {
            return Err(at_most("threads", MAX_THREADS as u64));
        }
        let hash = engine.hash_mib.unwrap_or(DEFAULT_HASH_MIB);
        if hash > MAX_HASH_MIB {
            return Err(at_most("hash (MiB)", MAX_HASH_MIB.into()));
        }
        let searcher = Searcher::new(threads.max(1), hash as usize).map_err(|e| fail(e.into()))?;
        Ok(SearchPlayer {
            name,
            limits: limits.with_time(None),
            searcher,
            eval,
            stop: Arc::new(AtomicBool::new(false)),
            skill: engine.skill.unwrap_or_default(),
            book: None,
            book_pick: engine.book_pick,
            book_floor: engine.book_floor.unwrap_or(parlour_book::DEFAULT_FLOOR),
            seed: 0,
        })
    }

    /// The player playing from `book` first, where it has a move.
    pub fn with_book(mut self, book: Option<Arc<Book>>) -> SearchPlayer<G> {
        self.book = book;
        self
    }
}

impl<G: Evaluate> Player<G> for SearchPlayer<G> {
    fn name(&self) -> &str {
        &self.name
    }

    /// Forgets the last game: with one thread, a game depends only on the
    /// moves (and, below full skill, on the game's seed), not on what came
    /// before.
    fn new_game(&mut self, seed: u64) {
        self.searcher.clear();
        self.seed = seed;
    }

    fn evaluation(&self) -> Option<String> {
        Some(self.eval.identity().to_string())
    }

    fn choose(
        &mut self,
        game: &History<G>,
        clock: &ClockState,
    ) -> Result<Choice<G::Move>, EngineError> {
        if let Some(book) = &self.book {
            if let Some(choice) =
                book.choose(game.current(), self.book_pick, self.book_floor, self.seed)
            {
                return Ok(Choice {
                    depth: Some(choice.depth),
                    ..Choice::scored(choice.mv, choice.value)
                });
            }
        }
        let limits = self.limits.with_time(clock.time_limit());
        let (skill, seed) = (self.skill, self.seed);
        let result =
            self.searcher
                .search_skill(game, limits, skill, seed, &self.eval, &self.stop, |_| {});
        match result.best_move {
            Some(mv) => Ok(Choice {
                depth: Some(result.depth),
                ..Choice::scored(mv, result.score.internal())
            }),
            None => Err(EngineError::Crashed(
                "the searcher found no legal move".to_string(),
            )),
        }
    }
}

/// The evaluator of `rules`' game that `spec` names (the game's default
/// where it names none), with the databases of `egdb`
/// ([`registry::evaluator`], the one road to an evaluator).
fn evaluator<V: Variant>(
    rules: &V,
    name: &str,
    spec: Option<&EvalSpec>,
    egdb: Option<&Path>,
) -> Result<EvaluatorOf<V>, BuildError> {
    let default = EvalSpec::Default;
    registry::evaluator(rules, spec.unwrap_or(&default), egdb).map_err(|e| BuildError {
        name: name.to_string(),
        problem: e.into(),
    })
}

/// The book `spec` names for `rules`' game, if it names one, read once
/// into `books`.
fn open_book<V: Variant>(
    rules: &V,
    name: &str,
    spec: Option<&BookSpec>,
    books: &Mutex<HashMap<BookSpec, Option<Arc<Book>>>>,
) -> Result<Option<Arc<Book>>, BuildError> {
    let Some(spec) = spec else {
        return Ok(None);
    };
    let mut books = books.lock().expect("no book read panicked");
    if let Some(book) = books.get(spec) {
        return Ok(book.clone());
    }
    let book = spec.open(rules).map_err(|e| BuildError {
        name: name.to_string(),
        problem: e.into(),
    })?;
    books.insert(spec.clone(), book.clone());
    Ok(book)
}

/// The players of the game `rules` plays: `search` as a [`SearchPlayer`],
/// `greedy` one ply deep on the game's evaluation, `random`. Each search
/// or greedy player scores with the evaluation its spec names (`eval=`),
/// else `eval`, else the game's default, and a search player with the
/// game's endgame tables its spec names (`egdb=DIR`), which the registry
/// opens. Any spec it cannot build (a search with no limit among them) is
/// an error the match reports before its first game.
pub fn search_factory<V: Variant>(
    rules: V,
    eval: Option<EvalSpec>,
) -> impl Fn(&PlayerSpec) -> Result<Box<dyn Player<V::Position>>, BuildError> + Sync {
    let builtin = builtin_factory::<V::Position>(None);
    // Each book file is read once, however many players and games use it.
    let books = Mutex::new(HashMap::new());
    move |spec: &PlayerSpec| {
        let name = spec.name();
        match &spec.kind {
            PlayerKind::Search { limits, engine } => {
                let limits = limits.ok_or_else(|| BuildError {
                    name: name.to_string(),
                    problem: BuildProblem::NoLimit,
                })?;
                let own = engine.eval.as_ref().or(eval.as_ref());
                let eval = evaluator(&rules, name, own, engine.egdb.as_deref())?;
                let book = open_book(&rules, name, engine.book.as_ref(), &books)?;
                let player =
                    SearchPlayer::<V::Position>::new(name, limits, engine, eval)?.with_book(book);
                Ok(Box::new(player) as Box<_>)
            }
            PlayerKind::Greedy { eval: own } => {
                let own = own.as_ref().or(eval.as_ref());
                let eval = evaluator(&rules, name, own, None)?;
                let identity = eval.identity().to_string();
                let score: Evaluator<V::Position> = Arc::new(move |pos| eval.evaluate(pos));
                let player = GreedyPlayer::new(name, score).with_identity(identity);
                Ok(Box::new(player) as Box<_>)
            }
            _ => builtin(spec),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_checkers::{Eval, Position, Rules};
    use parlour_game::Variant;
    use std::time::{Duration, Instant};

    /// A search player of the spec `text`, scoring with the hand-written
    /// evaluation.
    fn player(text: &str) -> Result<SearchPlayer<Position>, BuildError> {
        let spec: PlayerSpec = text.parse().unwrap();
        let PlayerKind::Search { limits, engine } = &spec.kind else {
            panic!("a search spec")
        };
        SearchPlayer::new("s", limits.unwrap(), engine, Eval::Handwritten)
    }

    #[test]
    fn a_spec_time_takes_the_one_route_the_clock_shows() {
        use parlour_search::Limits as L;
        let none = ClockState::default();
        let limits = |t: &str, shown: &ClockState| {
            let p = player(t).unwrap();
            p.limits.with_time(shown.time_limit())
        };
        assert_eq!(limits("search:depth=5", &none), L::depth(5));
        assert_eq!(
            limits("search:nodes=900,depth=3", &none),
            L {
                depth: Some(3),
                ..L::nodes(900)
            }
        );
        // The player keeps no time of its own: the clock shown is it.
        assert_eq!(limits("search:movetime=40", &none), L::INFINITE);
        let shown = ClockState {
            movetime: Some(Duration::from_millis(40)),
            ..ClockState::default()
        };
        let forty = L::movetime(Duration::from_millis(40));
        assert_eq!(limits("search:movetime=40", &shown), forty);
        let shown = ClockState {
            own: Some(Duration::from_millis(2500)),
            opponent: Some(Duration::from_secs(9)),
            increment: Duration::from_millis(100),
            movetime: None,
        };
        let clock = L::clock(Duration::from_millis(2500), Duration::from_millis(100));
        assert_eq!(limits("search:tc=10+0.1", &shown), clock);
    }

    #[test]
    fn impossible_settings_are_refused() {
        let at_most = |t| match player(t).err().unwrap().problem {
            BuildProblem::AtMost { what, .. } => what,
            other => panic!("{t}: {other}"),
        };
        assert_eq!(at_most("search:depth=3,hash=100000"), "hash (MiB)");
        assert_eq!(at_most("search:depth=3,threads=2000"), "threads");
    }

    #[test]
    fn a_depth_beside_a_time_limit_ends_the_search_early() {
        let start = History::new(Position::start(Rules::ENGLISH));
        let mut p = player("search:movetime=5000,depth=2").unwrap();
        let shown = ClockState {
            movetime: Some(Duration::from_millis(5000)),
            ..ClockState::default()
        };
        let began = Instant::now();
        let choice = p.choose(&start, &shown).unwrap();
        assert!(began.elapsed() < Duration::from_secs(4), "depth 2 is quick");
        assert_eq!(choice.depth, Some(2));
        assert!(start.current().action_vec().contains(&choice.mv));
    }

    #[test]
    fn a_searcher_on_a_short_clock_keeps_to_it() {
        use crate::{run_match, GameCount, MatchConfig};
        // Half a second a game, and 20 ms a move: many moves on little
        // time, on a machine that may be busy.
        let config = MatchConfig {
            engines: PlayerSpec::read_all(&[
                "search:tc=0.5+0.02,name=clock",
                "search:movetime=10,name=fixed",
            ])
            .unwrap(),
            games: GameCount::Rounds(1),
            time_margin: Duration::from_millis(300),
            ..MatchConfig::default()
        };
        let factory = search_factory(Rules::ENGLISH, None);
        let report = run_match(&config, &Rules::ENGLISH, &factory, &|_| {}).unwrap();
        assert_eq!(report.records.len(), 2);
        for r in &report.records {
            assert_ne!(r.termination, "time forfeit", "{}", r.reason);
            assert_ne!(r.termination, "crash", "{}", r.reason);
            assert!(r.plies > 3 + 10, "the engines played on");
        }
    }

    #[test]
    fn the_factory_builds_every_kind() {
        let factory = search_factory(Rules::ENGLISH, None);
        for text in [
            "search:depth=2",
            "greedy",
            "random:seed=2",
            "greedy:eval=handwritten",
        ] {
            let spec: PlayerSpec = text.parse().unwrap();
            let player = factory(&spec).unwrap();
            assert_eq!(player.name(), text);
        }
        let bare: PlayerSpec = "search".parse().unwrap();
        let err = factory(&bare).err().unwrap();
        assert!(matches!(err.problem, BuildProblem::NoLimit), "{err}");
        // Each player knows the evaluation it resolved to: the rules'
        // network where none is named.
        let network = Rules::ENGLISH.default_evaluator().identity().to_string();
        for (text, evaluation) in [
            ("search:depth=2", Some(network.as_str())),
            ("greedy", Some(network.as_str())),
            ("search:depth=2,eval=handwritten", Some("handwritten")),
            ("random", None),
        ] {
            let player = factory(&text.parse().unwrap()).unwrap();
            assert_eq!(player.evaluation().as_deref(), evaluation, "{text}");
        }
        let bad: PlayerSpec = "search:depth=2,eval=nonsense".parse().unwrap();
        let err = factory(&bad).err().unwrap();
        assert!(matches!(err.problem, BuildProblem::Eval(_)), "{err}");
        // The match's evaluation, where a spec names none.
        let factory = search_factory(Rules::ENGLISH, Some("nonsense".parse().unwrap()));
        assert!(factory(&"greedy".parse().unwrap()).is_err());
        assert!(factory(&"random".parse().unwrap()).is_ok());
    }
}
