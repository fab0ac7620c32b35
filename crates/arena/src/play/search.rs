//! The search player: `parlour-search`'s alpha-beta [`Searcher`] as a
//! [`Player`], built from a `search:...` spec by [`search_factory`], which
//! hands every other spec to [`builtin_factory`] (with the game's own
//! [`Evaluate`] as the greedy player's evaluation).
//!
//! A spec's limits become the searcher's: a clock (`tc=`) or a time per
//! move (`movetime=`) is read from the [`ClockState`] the runner shows,
//! so the searcher plans its time from what is really left on its clock
//! and answers inside it; `nodes=` is a node budget; `depth=` a depth, and
//! given beside a time or node limit, a depth at which the search stops
//! early. The searcher scores positions with the evaluator the game names
//! by the spec's `eval=` text ([`Variant::evaluator`]), else the match's,
//! else the game's default.

use crate::plan::spec::{Limits, PlayerSpec};
use crate::play::error::{BuildError, BuildProblem};
use crate::play::player::Choice;
use crate::play::player::{builtin_factory, ClockState, Evaluator, Player};
use parlour_game::registry::{self, EvalSpec, EvaluatorOf};
use parlour_game::{Evaluate, Evaluator as _, History, Variant};
use parlour_hub::EngineError;
use parlour_search::Searcher;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

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
    limits: Limits,
    searcher: Searcher,
    eval: G::Evaluator,
    stop: Arc<AtomicBool>,
}

impl<G: Evaluate> SearchPlayer<G> {
    /// A search player under `limits`, scoring with `eval`; an error if
    /// the limits cannot be searched (a node budget beside a time limit) or
    /// the threads or table cannot be had.
    pub fn new(
        name: impl Into<String>,
        limits: &Limits,
        eval: G::Evaluator,
    ) -> Result<SearchPlayer<G>, BuildError> {
        let name = name.into();
        let fail = |problem| BuildError {
            name: name.clone(),
            problem,
        };
        let at_most = |what, max| fail(BuildProblem::AtMost { what, max });
        let timed = limits.movetime.is_some() || limits.clock.is_some();
        if timed && limits.nodes.is_some() {
            return Err(fail(BuildProblem::NodesAndTime));
        }
        if limits.depth.is_some_and(|d| d > parlour_search::MAX_DEPTH) {
            return Err(at_most("depth", parlour_search::MAX_DEPTH.into()));
        }
        if limits.threads > MAX_THREADS {
            return Err(at_most("threads", MAX_THREADS as u64));
        }
        let hash = limits.hash_mb.unwrap_or(DEFAULT_HASH_MIB);
        if hash > MAX_HASH_MIB {
            return Err(at_most("hash (MiB)", MAX_HASH_MIB.into()));
        }
        let searcher =
            Searcher::new(limits.threads.max(1), hash as usize).map_err(|e| fail(e.into()))?;
        Ok(SearchPlayer {
            name,
            limits: *limits,
            searcher,
            eval,
            stop: Arc::new(AtomicBool::new(false)),
        })
    }

    /// The searcher's limit for one move: the clock or time per move the
    /// runner shows (it keeps the clocks), else the node budget, else the
    /// depth.
    fn search_limits(&self, clock: &ClockState) -> parlour_search::Limits {
        use parlour_search::Limits as L;
        if let Some(remaining) = clock.own {
            L::Clock {
                remaining,
                increment: clock.increment,
            }
        } else if let Some(t) = clock.movetime.or(self.limits.movetime) {
            L::MoveTime(t)
        } else if let Some(n) = self.limits.nodes {
            L::Nodes(n)
        } else if let Some(d) = self.limits.depth {
            L::Depth(d)
        } else if let Some(tc) = self.limits.clock {
            // A clock the runner did not show: plan from its base time.
            L::Clock {
                remaining: tc.base,
                increment: tc.increment,
            }
        } else {
            // Specs are checked to have a limit; a bare spec built in code
            // searches a shallow fixed depth rather than forever.
            L::Depth(1)
        }
    }
}

impl<G: Evaluate> Player<G> for SearchPlayer<G> {
    fn name(&self) -> &str {
        &self.name
    }

    /// Forgets the last game: with one thread, a game depends only on the
    /// moves, not on what came before.
    fn new_game(&mut self, _seed: u64) {
        self.searcher.clear();
    }

    fn choose(
        &mut self,
        game: &History<G>,
        clock: &ClockState,
    ) -> Result<Choice<G::Move>, EngineError> {
        let limits = self.search_limits(clock);
        self.stop.store(false, Ordering::SeqCst);
        // A depth beside another limit stops the search once it is reached.
        let cap = self
            .limits
            .depth
            .filter(|_| !matches!(limits, parlour_search::Limits::Depth(_)));
        let stop = self.stop.clone();
        let result = self
            .searcher
            .search(game, limits, &self.eval, &self.stop, |info| {
                if cap.is_some_and(|d| info.depth >= d) {
                    stop.store(true, Ordering::SeqCst);
                }
            });
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

/// The players of the game `rules` plays: `search` as a [`SearchPlayer`],
/// `greedy` one ply deep on the game's evaluation, `random`. Each search
/// or greedy player scores with the evaluation its spec names (`eval=`),
/// else `eval`, else the game's default, and a search player with the
/// game's endgame tables its spec names (`egdb=DIR`), which the registry
/// opens. Any spec it cannot build is an error the match reports before
/// its first game.
pub fn search_factory<V: Variant>(
    rules: V,
    eval: Option<EvalSpec>,
) -> impl Fn(&PlayerSpec) -> Result<Box<dyn Player<V::Position>>, BuildError> + Sync {
    let builtin = builtin_factory::<V::Position>(None);
    move |spec: &PlayerSpec| match spec {
        PlayerSpec::Search {
            name,
            limits,
            eval: own,
            egdb,
        } => {
            let own = own.as_ref().or(eval.as_ref());
            let eval = evaluator(&rules, name, own, egdb.as_deref())?;
            Ok(Box::new(SearchPlayer::<V::Position>::new(
                name.clone(),
                limits,
                eval,
            )?) as Box<_>)
        }
        PlayerSpec::Greedy { name, eval: own } => {
            let own = own.as_ref().or(eval.as_ref());
            let eval = evaluator(&rules, name, own, None)?;
            let score: Evaluator<V::Position> = Arc::new(move |pos| eval.evaluate(pos));
            builtin_factory(Some(score))(spec)
        }
        other => builtin(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::spec::TimeControl;
    use parlour_checkers::{Eval, Position, Rules};
    use std::time::{Duration, Instant};

    fn limits(text: &str) -> Limits {
        *text
            .parse::<PlayerSpec>()
            .unwrap()
            .limits()
            .expect("a search spec")
    }

    #[test]
    fn spec_limits_become_search_limits() {
        use parlour_search::Limits as L;
        let player =
            |t: &str| SearchPlayer::<Position>::new("s", &limits(t), Eval::Handwritten).unwrap();
        let none = ClockState::default();
        assert_eq!(player("search:depth=5").search_limits(&none), L::Depth(5));
        assert_eq!(
            player("search:nodes=900,depth=3").search_limits(&none),
            L::Nodes(900)
        );
        let p = player("search:movetime=40");
        let shown = ClockState {
            movetime: Some(Duration::from_millis(40)),
            ..ClockState::default()
        };
        assert_eq!(
            p.search_limits(&shown),
            L::MoveTime(Duration::from_millis(40))
        );
        let p = player("search:tc=10+0.1");
        let shown = ClockState {
            own: Some(Duration::from_millis(2500)),
            opponent: Some(Duration::from_secs(9)),
            increment: Duration::from_millis(100),
            movetime: None,
        };
        assert_eq!(
            p.search_limits(&shown),
            L::Clock {
                remaining: Duration::from_millis(2500),
                increment: Duration::from_millis(100)
            }
        );
        assert_eq!(
            p.limits.clock,
            Some(TimeControl {
                base: Duration::from_secs(10),
                increment: Duration::from_millis(100)
            })
        );
    }

    #[test]
    fn impossible_limits_are_refused() {
        let err = |t: &str| {
            SearchPlayer::<Position>::new("s", &limits(t), Eval::Handwritten)
                .err()
                .unwrap()
                .problem
        };
        assert!(matches!(
            err("search:nodes=10,movetime=50"),
            BuildProblem::NodesAndTime
        ));
        let at_most = |t| match err(t) {
            BuildProblem::AtMost { what, .. } => what,
            other => panic!("{t}: {other}"),
        };
        assert_eq!(at_most("search:depth=1000"), "depth");
        assert_eq!(at_most("search:depth=3,hash=100000"), "hash (MiB)");
        assert_eq!(at_most("search:depth=3,threads=2000"), "threads");
    }

    #[test]
    fn a_depth_beside_a_time_limit_ends_the_search_early() {
        let start = History::new(Position::start(Rules::ENGLISH));
        let mut p = SearchPlayer::<Position>::new(
            "s",
            &limits("search:movetime=5000,depth=2"),
            Eval::Handwritten,
        )
        .unwrap();
        let shown = ClockState {
            movetime: Some(Duration::from_millis(5000)),
            ..ClockState::default()
        };
        let began = Instant::now();
        let choice = p.choose(&start, &shown).unwrap();
        assert!(began.elapsed() < Duration::from_secs(4), "depth 2 is quick");
        assert!(choice.score.is_some());
        assert!(start.current().action_vec().contains(&choice.mv));
    }

    #[test]
    fn a_searcher_on_a_short_clock_keeps_to_it() {
        use crate::{run_match, GameCount, MatchConfig};
        // Half a second a game, and 20 ms a move: many moves on little
        // time, on a machine that may be busy.
        let config = MatchConfig {
            engines: vec![
                "search:tc=0.5+0.02,name=clock".into(),
                "search:movetime=10,name=fixed".into(),
            ],
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
        let bad: PlayerSpec = "search:nodes=5,tc=1".parse().unwrap();
        assert!(factory(&bad).is_err());
        let bad: PlayerSpec = "search:depth=2,eval=nonsense".parse().unwrap();
        let err = factory(&bad).err().unwrap();
        assert!(matches!(err.problem, BuildProblem::Eval(_)), "{err}");
        // The match's evaluation, where a spec names none.
        let factory = search_factory(Rules::ENGLISH, Some("nonsense".parse().unwrap()));
        assert!(factory(&"greedy".parse().unwrap()).is_err());
        assert!(factory(&"random".parse().unwrap()).is_ok());
    }
}
