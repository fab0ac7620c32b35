//! Playing one game: from its opening, the players move in turn, each
//! turn a few named steps (the rules' verdict, the mover's answer, its
//! clock, its move, the adjudication), until one of them ends the game
//! ([`referee`](crate::play::referee) says how). What comes out is the
//! game as played, every engine move with its time and score: the record
//! step writes it down.

use crate::plan::adjudication::Adjudication;
use crate::plan::openings::Opening;
use crate::plan::spec::PlayerSpec;
use crate::play::clock::Clock;
use crate::play::player::{Choice, Player};
use crate::play::referee::{verdict, Ending, Names, ScoreRun};
use parlour_game::tables::EndgameTables;
use parlour_game::{mix_seed, Game, History, Side};
use parlour_hub::EngineError;
use parlour_report::Termination;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

/// One game to play: everything but the players.
pub(crate) struct GameSetup<'a, G: Game> {
    /// The game's index in the match.
    pub index: usize,
    /// The round (opening number), from 0.
    pub round: usize,
    /// The opening.
    pub opening: &'a Opening<G>,
    /// The specs of the engines playing Black and White.
    pub specs: [&'a PlayerSpec; 2],
    /// Adjudication rules.
    pub adjudication: Adjudication,
    /// How far a clock or move time may be overrun.
    pub time_margin: Duration,
    /// The game's seed.
    pub seed: u64,
    /// The endgame databases that end a game with their value, if any.
    pub tables: Option<&'a dyn EndgameTables<G>>,
}

/// One move an engine made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EngineMove {
    /// How long it took.
    pub time: Duration,
    /// The engine's score for the position, from its own view, if it
    /// gave one.
    pub score: Option<i32>,
    /// The depth its search reached, if it said.
    pub depth: Option<u32>,
}

/// A game as played.
pub(crate) struct PlayedGame<G: Game> {
    /// Every move, the opening's first.
    pub history: History<G>,
    /// The engines' moves, in turn, after the opening's.
    pub engine_moves: Vec<EngineMove>,
    /// How it ended.
    pub ending: Ending,
}

/// A game under way: the position, the clocks and what the referee counts.
struct Table<'a, G: Game> {
    setup: &'a GameSetup<'a, G>,
    players: &'a mut [Box<dyn Player<G>>; 2],
    history: History<G>,
    clocks: [Clock; 2],
    scores: ScoreRun,
    engine_moves: Vec<EngineMove>,
}

/// Plays one game between two fresh players, Black's first.
pub(crate) fn play_game<G: Game>(
    setup: &GameSetup<'_, G>,
    players: &mut [Box<dyn Player<G>>; 2],
) -> PlayedGame<G> {
    let mut table = Table::new(setup, players);
    let ending = loop {
        if let Err(ending) = table.turn() {
            break ending;
        }
    };
    PlayedGame {
        history: table.history,
        engine_moves: table.engine_moves,
        ending,
    }
}

impl<'a, G: Game> Table<'a, G> {
    /// The game at the end of its opening, the players told its seed.
    fn new(setup: &'a GameSetup<'a, G>, players: &'a mut [Box<dyn Player<G>>; 2]) -> Self {
        for (i, player) in players.iter_mut().enumerate() {
            player.new_game(mix_seed(setup.seed, i as u64 + 1));
        }
        Table {
            setup,
            players,
            history: setup.opening.history(),
            clocks: setup.specs.map(Clock::of),
            scores: ScoreRun::default(),
            engine_moves: Vec::new(),
        }
    }

    fn names(&self) -> Names<'a> {
        Names(self.setup.specs.map(PlayerSpec::name))
    }

    /// One turn of the side to move; the game's end, if it comes.
    fn turn(&mut self) -> Result<(), Ending> {
        let names = self.names();
        let tables = self.setup.tables;
        if let Some(ending) = verdict(&self.history, names, &self.setup.adjudication, tables) {
            return Err(ending);
        }
        let side = self.history.current().side_to_move();
        let who = names.who(side);
        let (choice, time) = self
            .ask(side)
            .map_err(|e| Ending::failure(side, &who, &e))?;
        let margin = self.setup.time_margin;
        self.clocks[side.index()]
            .charge(time, margin)
            .map_err(|overrun| {
                let reason = format!("{who} {}", overrun.reason());
                Ending::loss(side, Termination::TimeForfeit, reason)
            })?;
        if !self.history.try_push(choice.mv) {
            let reason = format!("{who} played {}, which is not legal", choice.mv);
            return Err(Ending::loss(side, Termination::IllegalMove, reason));
        }
        self.engine_moves.push(EngineMove {
            time,
            score: choice.score,
            depth: choice.depth,
        });
        self.adjudicate(side, choice.score)
    }

    /// The mover's answer and how long it took; a panic is a crash.
    fn ask(&mut self, side: Side) -> Result<(Choice<G::Move>, Duration), EngineError> {
        let (me, them) = (side.index(), side.opponent().index());
        let state = self.clocks[me].state(&self.clocks[them]);
        let (player, history) = (&mut self.players[me], &self.history);
        let started = Instant::now();
        let answer = catch_unwind(AssertUnwindSafe(|| player.choose(history, &state)))
            .unwrap_or_else(|panic| {
                let what = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "no message".to_string());
                Err(EngineError::Crashed(format!("panicked: {what}")))
            });
        Ok((answer?, started.elapsed()))
    }

    /// The match's adjudication after `side`'s move with `score`, where
    /// the rules have not ended the game.
    fn adjudicate(&mut self, side: Side, score: Option<i32>) -> Result<(), Ending> {
        if self.history.outcome().is_some() {
            return Ok(());
        }
        let plies = self.history.moves().len();
        let adjudication = &self.setup.adjudication;
        let names = self.names();
        match self
            .scores
            .after_move(side, score, plies, adjudication, names)
        {
            Some(ending) => Err(ending),
            None => Ok(()),
        }
    }
}
