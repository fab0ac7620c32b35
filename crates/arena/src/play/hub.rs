//! Outside engines: a program speaking Hub (`parlour hub` first of all) as
//! a [`Player`], built from a `hub:COMMAND,...` spec by [`hub_factory`],
//! which hands every other spec to [`search_factory`].
//!
//! A [`HubPlayer`] drives its program through `parlour-hub`'s
//! [`HubClient`]: the limit of its spec (or the clock or time per move the
//! runner shows) goes out with `level`, and an answer is awaited for the
//! time the move allows plus the spec's margin. A crash, a silence past
//! that timeout or an illegal move loses the game with its reason (`crash`,
//! `time forfeit`, `illegal move`), and the failed process is killed; the
//! match goes on, and the next game starts the engine afresh.
//!
//! Processes are kept between games: a player whose engine finished its
//! game in good health hands it back to a pool of the factory's when it is
//! dropped, and the next game's player takes it from there (telling it
//! `new-game`) instead of starting another. The pool's processes are
//! killed when the factory is dropped, at the end of the match.
//!
//! The factory starts each engine once when it first builds its player,
//! which [`crate::run_match`] does while checking the match before any
//! game: an engine that cannot be started, or does not finish its
//! handshake or does not play the match's game, stops the match with that
//! reason instead of losing every game. (That first process then plays the
//! first game.) A later start that fails, a restart after a crash, is a
//! loss by `crash` at the engine's first move.

use crate::plan::spec::{PlayerKind, PlayerSpec};
use crate::play::error::{BuildError, BuildProblem};
use crate::play::player::Choice;
use crate::play::player::{ClockState, Player};
use crate::play::search::search_factory;
use parlour_game::registry::EvalSpec;
use parlour_game::{History, Variant};
use parlour_hub::client::move_timeout;
use parlour_hub::{ClientOptions, EngineError, HubClient};
use std::collections::HashMap;
use std::marker::PhantomData;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Idle engines of one command, in good health, waiting for a game.
type Pool = Arc<Mutex<Vec<HubClient>>>;

/// A Hub engine in a match of the game `V`.
pub struct HubPlayer<V: Variant> {
    name: String,
    command: String,
    options: ClientOptions,
    /// The spec's depth and node limits; its time comes from the clock
    /// the runner shows for each move.
    limits: parlour_search::Limits,
    margin: Duration,
    client: Option<HubClient>,
    /// Why the engine could not be started for this game.
    start_error: Option<EngineError>,
    pool: Pool,
    game: PhantomData<fn() -> V>,
}

impl<V: Variant> HubPlayer<V> {
    /// A player for the Hub spec `spec` (`None` for any other kind)
    /// playing the Hub variant `variant`, taking idle engines from and
    /// returning them to `pool`. It starts no process until its game
    /// begins.
    fn new(spec: &PlayerSpec, variant: &str, pool: Pool) -> Option<HubPlayer<V>> {
        let PlayerKind::Hub {
            command,
            limits,
            startup_timeout,
            margin,
            params,
        } = &spec.kind
        else {
            return None;
        };
        Some(HubPlayer {
            name: spec.name().to_string(),
            command: command.clone(),
            options: ClientOptions {
                startup_timeout: *startup_timeout,
                params: params.clone(),
                ..ClientOptions::for_variant(variant)
            },
            limits: limits.with_time(None),
            margin: *margin,
            client: None,
            start_error: None,
            pool,
            game: PhantomData,
        })
    }
}

impl<V: Variant> Player<V::Position> for HubPlayer<V> {
    fn name(&self) -> &str {
        &self.name
    }

    /// Takes an idle engine from the pool (one that accepts `new-game`),
    /// else starts one; a start that fails is kept to lose the first move.
    fn new_game(&mut self, _seed: u64) {
        self.start_error = None;
        if let Some(mut client) = self.client.take() {
            if client.new_game().is_ok() {
                self.client = Some(client);
                return;
            }
        }
        loop {
            let idle = self.pool.lock().expect("never poisoned").pop();
            match idle {
                Some(mut client) => {
                    if client.new_game().is_ok() {
                        self.client = Some(client);
                        return;
                    }
                    // Dropping it kills what is left of it.
                }
                None => break,
            }
        }
        match HubClient::start(&self.command, &self.options) {
            Ok(client) => self.client = Some(client),
            Err(e) => self.start_error = Some(e),
        }
    }

    fn choose(
        &mut self,
        game: &History<V::Position>,
        clock: &ClockState,
    ) -> Result<Choice<parlour_game::registry::MoveOf<V>>, EngineError> {
        let Some(client) = self.client.as_mut() else {
            return Err(self.start_error.clone().unwrap_or_else(|| {
                EngineError::Crashed(format!("`{}` was not started", self.command))
            }));
        };
        let limits = self.limits.with_time(clock.time_limit());
        match client.choose::<V>(game, limits, move_timeout(limits, self.margin)) {
            Ok(answer) => Ok(Choice {
                mv: answer.mv,
                score: answer.score,
                depth: answer.depth,
            }),
            Err(e) => {
                // Kill the failed process now; the next game starts another.
                self.client = None;
                Err(e)
            }
        }
    }
}

impl<V: Variant> Drop for HubPlayer<V> {
    /// Hands a healthy engine back to the pool; a failed one is killed.
    fn drop(&mut self) {
        if let Some(client) = self.client.take() {
            if client.failure().is_none() {
                if let Ok(mut pool) = self.pool.lock() {
                    pool.push(client);
                }
            }
        }
    }
}

/// Every player of the game `rules` plays: `hub:...` as a [`HubPlayer`]
/// playing `rules`' Hub variant, the rest as [`search_factory`] builds them
/// (with `eval` as the match's evaluation). The first time it builds a Hub
/// engine it starts it, and an engine that cannot be started is an error
/// (see the module notes).
pub fn hub_factory<V: Variant>(
    rules: V,
    eval: Option<EvalSpec>,
) -> impl Fn(&PlayerSpec) -> Result<Box<dyn Player<V::Position>>, BuildError> + Sync {
    let search = search_factory::<V>(rules, eval);
    let variant = rules.hub_variant();
    let pools: Mutex<HashMap<String, Pool>> = Mutex::new(HashMap::new());
    move |spec: &PlayerSpec| match &spec.kind {
        PlayerKind::Hub {
            command,
            startup_timeout,
            params,
            ..
        } => {
            let pool = {
                // A lock poisoned by a panic elsewhere still holds good pools.
                let mut pools = pools.lock().unwrap_or_else(|e| e.into_inner());
                // One pool per command and parameters: an engine set up
                // one way never plays as another.
                let key = format!("{command}\n{params:?}");
                match pools.get(&key) {
                    Some(pool) => pool.clone(),
                    None => {
                        let options = ClientOptions {
                            startup_timeout: *startup_timeout,
                            params: params.clone(),
                            ..ClientOptions::for_variant(variant)
                        };
                        let client =
                            HubClient::start(command, &options).map_err(|e| BuildError {
                                name: spec.name().to_string(),
                                problem: BuildProblem::Engine(e),
                            })?;
                        let pool: Pool = Arc::new(Mutex::new(vec![client]));
                        pools.insert(key, pool.clone());
                        pool
                    }
                }
            };
            let player = HubPlayer::<V>::new(spec, variant, pool).expect("a hub spec");
            Ok(Box::new(player) as Box<dyn Player<V::Position>>)
        }
        _ => search(spec),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{run_match, GameCount, MatchConfig};
    use parlour_checkers::Rules;

    #[test]
    fn a_spec_limit_is_sent_as_a_level_with_the_time_the_clock_shows() {
        use parlour_search::Limits as L;
        let rules = Rules::ENGLISH;
        let player = |t: &str| {
            let spec: PlayerSpec = t.parse().unwrap();
            HubPlayer::<Rules>::new(&spec, rules.hub_variant(), Pool::default()).unwrap()
        };
        assert_eq!(player("hub:e,depth=3").limits, L::depth(3));
        assert_eq!(player("hub:e,nodes=900").limits, L::nodes(900));
        // The time is left to the clock the runner shows.
        let capped = player("hub:e,movetime=40,depth=5");
        assert_eq!(capped.limits, L::depth(5));
        let shown = ClockState {
            movetime: Some(Duration::from_millis(40)),
            ..ClockState::default()
        };
        let sent = capped.limits.with_time(shown.time_limit());
        let expected = L {
            depth: Some(5),
            ..L::movetime(Duration::from_millis(40))
        };
        assert_eq!(sent, expected);
    }

    #[test]
    fn an_engine_that_cannot_be_started_is_an_error_before_any_game() {
        let factory = hub_factory(Rules::ENGLISH, None);
        let spec: PlayerSpec = "hub:/no/such/engine --x,depth=2,name=gone".parse().unwrap();
        let err = factory(&spec).err().expect("no engine to start");
        assert_eq!(err.name, "gone");
        assert!(
            matches!(&err.problem, BuildProblem::Engine(EngineError::Crashed(_))),
            "{err}"
        );
        // The engine's name, then the problem as its cause.
        assert_eq!(err.to_string(), "engine `gone`");
        assert_eq!(
            parlour_game::echo::full_message(&err),
            "engine `gone`: cannot play: crashed: \
             cannot start `/no/such/engine --x`: No such file or directory (os error 2)"
        );
        // The other kinds are still built.
        assert!(factory(&"search:depth=1".parse().unwrap()).is_ok());
        assert!(factory(&"greedy".parse().unwrap()).is_ok());
    }

    /// An engine that plays once, crashes on its first `go`, and then
    /// cannot start again: its first game is lost by its crash, its second
    /// by the failed restart, each with its reason.
    #[cfg(unix)]
    #[test]
    fn a_failed_restart_loses_the_next_game() {
        let dir = std::env::temp_dir().join(format!("parlour-arena-hub-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let marker = dir.join("started");
        let script = dir.join("once.sh");
        std::fs::write(
            &script,
            format!(
                "if [ -e '{m}' ]; then echo 'no second life' >&2; exit 1; fi\n\
                 touch '{m}'\n\
                 while read -r line; do\n\
                 \x20 case \"$line\" in\n\
                 \x20   hub) echo wait ;;\n\
                 \x20   init) echo ready ;;\n\
                 \x20   go*) exit 3 ;;\n\
                 \x20 esac\n\
                 done\n",
                m = marker.display()
            ),
        )
        .unwrap();
        let config = MatchConfig {
            engines: PlayerSpec::read_all(&[
                format!("hub:sh {},depth=2,name=once", script.display()),
                "random:seed=1".to_string(),
            ])
            .unwrap(),
            games: GameCount::Rounds(1),
            openings: Some("start".into()),
            ..MatchConfig::default()
        };
        let factory = hub_factory(Rules::ENGLISH, None);
        let report = run_match(&config, &Rules::ENGLISH, &factory, &|_| {}).unwrap();
        let mut records = report.records.clone();
        records.sort_by_key(|r| r.index);
        assert_eq!(records.len(), 2);
        for r in &records {
            assert_eq!(r.termination, "crash", "{}", r.reason);
            assert_eq!(
                r.winner.as_deref(),
                Some(if r.black == "once" { "white" } else { "black" })
            );
        }
        assert!(
            records[0].reason.contains("during its move"),
            "{}",
            records[0].reason
        );
        assert!(
            records[1].reason.contains("no second life"),
            "{}",
            records[1].reason
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
