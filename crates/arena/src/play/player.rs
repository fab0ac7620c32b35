//! Players: the [`Player`] trait every engine in a match meets, the clock it
//! is shown, the ways it can fail, and the two built-in players, `random`
//! and `greedy`.

use crate::plan::spec::{PlayerKind, PlayerSpec};
use crate::play::error::{BuildError, BuildProblem};
use parlour_game::{mix_seed, Game, History, Outcome};
use parlour_hub::EngineError;
use parlour_search::TimeLimit;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::time::Duration;

/// What the side to move is shown of the clocks when asked for a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ClockState {
    /// Time left on the mover's clock, if it plays on a clock.
    pub own: Option<Duration>,
    /// Time left on the opponent's clock, if it plays on a clock.
    pub opponent: Option<Duration>,
    /// The mover's increment per move.
    pub increment: Duration,
    /// The fixed time for this move, if the mover plays on a time per move.
    pub movetime: Option<Duration>,
}

/// A player's answer: the move, and optionally its score for the position
/// from its own side's view (positive: it thinks it is better), in its own
/// units. Scores feed resignation and draw adjudication.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice<M> {
    /// The move chosen.
    pub mv: M,
    /// The player's score for the position, from the mover's view.
    pub score: Option<i32>,
    /// The depth its search reached, if it says.
    pub depth: Option<u32>,
}

impl<M> Choice<M> {
    /// A move without a score.
    pub fn new(mv: M) -> Choice<M> {
        Choice {
            mv,
            score: None,
            depth: None,
        }
    }

    /// A move with a score.
    pub fn scored(mv: M, score: i32) -> Choice<M> {
        Choice {
            mv,
            score: Some(score),
            depth: None,
        }
    }
}

impl ClockState {
    /// The time the mover has for this move, as a search reads it: its
    /// time per move, else its clock; none for a player without time. The
    /// one route a spec's time takes to a player: the runner keeps the
    /// clock and shows it here.
    pub fn time_limit(&self) -> Option<TimeLimit> {
        match (self.movetime, self.own) {
            (Some(t), _) => Some(TimeLimit::MoveTime(t)),
            (None, Some(remaining)) => Some(TimeLimit::Clock {
                remaining,
                increment: self.increment,
            }),
            (None, None) => None,
        }
    }
}

/// An engine in a match. The runner makes a fresh player for every game
/// through the match's factory, calls [`Player::new_game`] once, then
/// [`Player::choose`] on each of its turns. Object-safe: matches hold
/// `Box<dyn Player<G>>`.
pub trait Player<G: Game>: Send {
    /// The name shown in tables and records.
    fn name(&self) -> &str;

    /// Gets ready for a new game. `seed` is the game's own seed, derived
    /// from the match seed and the game's index: a player that uses chance
    /// draws from it, so that a match replays exactly whatever the
    /// concurrency. Players with nothing to reset keep the default.
    fn new_game(&mut self, seed: u64) {
        let _ = seed;
    }

    /// The move to play in the game's current position (never called when
    /// the game is over), given the clocks.
    fn choose(
        &mut self,
        game: &History<G>,
        clock: &ClockState,
    ) -> Result<Choice<G::Move>, EngineError>;

    /// The identity of the evaluation it plays with
    /// ([`parlour_game::EvalId`], as text), where it is parlour's: a
    /// match's header records it, so that a resumed match refuses engines
    /// that would now play differently. The default, none (a random
    /// player, an outside engine).
    fn evaluation(&self) -> Option<String> {
        None
    }
}

/// An evaluation of a position from the side to move's view (positive: the
/// side to move is better). For a game that implements `parlour-game`'s
/// `Evaluate`, wrap its `Evaluator` (as
/// [`crate::search_factory`] does); a function, so that the built-in players
/// serve games without that trait too.
pub type Evaluator<G> = Arc<dyn Fn(&G) -> i32 + Send + Sync>;

/// Plays a uniformly random legal move.
pub struct RandomPlayer {
    name: String,
    seed: Option<u64>,
    rng: StdRng,
}

impl RandomPlayer {
    /// A random player; with `seed`, its choices depend on that seed as
    /// well as on each game's seed.
    pub fn new(name: impl Into<String>, seed: Option<u64>) -> RandomPlayer {
        RandomPlayer {
            name: name.into(),
            seed,
            rng: StdRng::seed_from_u64(seed.unwrap_or(0)),
        }
    }
}

impl<G: Game> Player<G> for RandomPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, seed: u64) {
        let own = self.seed.map_or(seed, |s| mix_seed(s, seed));
        self.rng = StdRng::seed_from_u64(own);
    }

    fn choose(
        &mut self,
        game: &History<G>,
        _clock: &ClockState,
    ) -> Result<Choice<G::Move>, EngineError> {
        let mut list = G::MoveList::default();
        game.current().legal_moves(&mut list);
        let moves = list.as_ref();
        if moves.is_empty() {
            return Err(EngineError::Crashed(
                "asked to move in a position with no legal move".into(),
            ));
        }
        Ok(Choice::new(moves[self.rng.random_range(0..moves.len())]))
    }
}

/// The score greedy gives a move that wins on the spot.
const WIN: i32 = 1_000_000;

/// Plays the move whose resulting position its evaluation likes best, one
/// ply deep (a move that leaves the opponent no move is best of all); ties
/// are broken at random from the game's seed. Reports that best value as
/// its score.
pub struct GreedyPlayer<G: Game> {
    name: String,
    eval: Evaluator<G>,
    /// What `eval` is, where it is known.
    identity: Option<String>,
    rng: StdRng,
}

impl<G: Game> GreedyPlayer<G> {
    /// A greedy player over `eval`, which scores a position from the side to
    /// move's view.
    pub fn new(name: impl Into<String>, eval: Evaluator<G>) -> GreedyPlayer<G> {
        GreedyPlayer {
            name: name.into(),
            eval,
            identity: None,
            rng: StdRng::seed_from_u64(0),
        }
    }

    /// This player, its evaluation's identity known
    /// ([`Player::evaluation`]).
    pub fn with_identity(self, identity: String) -> GreedyPlayer<G> {
        GreedyPlayer {
            identity: Some(identity),
            ..self
        }
    }
}

impl<G: Game> Player<G> for GreedyPlayer<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn evaluation(&self) -> Option<String> {
        self.identity.clone()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = StdRng::seed_from_u64(seed);
    }

    fn choose(
        &mut self,
        game: &History<G>,
        _clock: &ClockState,
    ) -> Result<Choice<G::Move>, EngineError> {
        let pos = game.current();
        let mover = pos.side_to_move();
        let mut list = G::MoveList::default();
        pos.legal_moves(&mut list);
        let mut best: Vec<G::Move> = Vec::new();
        let mut best_value = i32::MIN;
        for &mv in list.as_ref() {
            let next = pos.play(mv);
            let value = match next.outcome() {
                Some(Outcome::Win(side)) if side == mover => WIN,
                Some(Outcome::Win(_)) => -WIN,
                Some(Outcome::Draw) => 0,
                // The evaluation is from the next mover's view: negate it.
                None => (self.eval)(&next).saturating_neg(),
            };
            if value > best_value {
                best_value = value;
                best.clear();
            }
            if value == best_value {
                best.push(mv);
            }
        }
        if best.is_empty() {
            return Err(EngineError::Crashed(
                "asked to move in a position with no legal move".into(),
            ));
        }
        let mv = best[self.rng.random_range(0..best.len())];
        Ok(Choice::scored(mv, best_value))
    }
}

/// A factory that builds players from specs: what [`crate::run_match`]
/// calls once per engine and game. An error (a spec it cannot build) stops
/// the match before any game starts.
pub type Factory<'a, G> = dyn Fn(&PlayerSpec) -> Result<Box<dyn Player<G>>, BuildError> + Sync + 'a;

/// The built-in players: `random` always, `greedy` when an evaluation is
/// given. A `search` or `hub` spec is refused: a caller that has a
/// searcher wraps this, as [`crate::search_factory`] does:
/// `|spec| match spec.kind { PlayerKind::Search { .. } => build_search(spec),
/// _ => builtin(spec) }`.
pub fn builtin_factory<G: Game>(
    eval: Option<Evaluator<G>>,
) -> impl Fn(&PlayerSpec) -> Result<Box<dyn Player<G>>, BuildError> + Sync {
    move |spec: &PlayerSpec| -> Result<Box<dyn Player<G>>, BuildError> {
        let unavailable = |what| BuildError {
            name: spec.name().to_string(),
            problem: BuildProblem::Unavailable(what),
        };
        let name = spec.name();
        match &spec.kind {
            PlayerKind::Random { seed } => Ok(Box::new(RandomPlayer::new(name, *seed))),
            PlayerKind::Greedy { .. } => match &eval {
                Some(eval) => Ok(Box::new(GreedyPlayer::new(name, eval.clone()))),
                None => Err(unavailable("greedy (no evaluation)")),
            },
            PlayerKind::Search { .. } => Err(unavailable("search")),
            PlayerKind::Hub { .. } => Err(unavailable("hub")),
        }
    }
}
