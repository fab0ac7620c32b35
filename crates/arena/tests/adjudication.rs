//! Games ended by the runner rather than the rules: time forfeits on a game
//! clock and on a time per move, illegal moves, crashes, resignation, draw
//! by agreed score, and the maximum length. The misbehaving players are
//! defined here and built, as a search player would be, by the factory
//! from `search:` specs with their names.

mod common;

use common::factory;
use parlour_arena::{
    run_match, Adjudication, BuildError, Choice, ClockState, DrawRule, EngineError, GameCount,
    GameRecord, MatchConfig, Player, PlayerKind, PlayerSpec, RandomPlayer, ResignRule,
};
use parlour_checkers::{Action, Position, Rules};
use parlour_game::{Game, History};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How a test player misbehaves.
#[derive(Clone, Copy)]
enum Habit {
    /// Sleeps this long, then plays a random move.
    Slow(Duration),
    /// Names a move from another position: a white king's capture 1x10.
    Illegal,
    /// Panics.
    Panics,
    /// Plays random moves, saying it is losing badly.
    Hopeless,
    /// Plays random moves, saying the game is level.
    Level,
}

struct Odd {
    name: String,
    habit: Habit,
    random: RandomPlayer,
    clocks: Arc<Mutex<Vec<ClockState>>>,
}

impl Player<Position> for Odd {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, seed: u64) {
        Player::<Position>::new_game(&mut self.random, seed);
    }

    fn choose(
        &mut self,
        game: &History<Position>,
        clock: &ClockState,
    ) -> Result<Choice<Action>, EngineError> {
        self.clocks.lock().unwrap().push(*clock);
        let mv = self.random.choose(game, clock)?.mv;
        match self.habit {
            Habit::Slow(pause) => {
                std::thread::sleep(pause);
                Ok(Choice::new(mv))
            }
            Habit::Illegal => {
                let elsewhere = Position::from_fen("W:WK1:B6", Rules::ENGLISH).unwrap();
                Ok(Choice::new(elsewhere.parse_move("1x10").unwrap()))
            }
            Habit::Panics => panic!("the test engine fell over"),
            Habit::Hopeless => Ok(Choice::scored(mv, -900)),
            Habit::Level => Ok(Choice::scored(mv, 3)),
        }
    }
}

/// Plays `odd` (a `search:` spec whose name picks the habit) against
/// random, two games, and returns the records and the clocks `odd` saw.
fn against_random(
    odd: &str,
    habit: Habit,
    change: impl Fn(&mut MatchConfig),
) -> (Vec<GameRecord>, Vec<ClockState>) {
    let clocks = Arc::new(Mutex::new(Vec::new()));
    let builtin = factory();
    let seen = clocks.clone();
    let make = move |spec: &PlayerSpec| -> Result<Box<dyn Player<Position>>, BuildError> {
        match spec.kind {
            PlayerKind::Search { .. } => Ok(Box::new(Odd {
                name: spec.name().to_string(),
                habit,
                random: RandomPlayer::new("inner", None),
                clocks: seen.clone(),
            })),
            _ => builtin(spec),
        }
    };
    let mut config = MatchConfig {
        engines: PlayerSpec::read_all(&[odd, "random"]).unwrap(),
        games: GameCount::Rounds(1),
        openings: Some("start".into()),
        time_margin: Duration::from_millis(10),
        ..MatchConfig::default()
    };
    change(&mut config);
    let report = run_match(&config, &Rules::ENGLISH, &make, &|_| {}).unwrap();
    let seen = clocks.lock().unwrap().clone();
    (report.records, seen)
}

/// Both games were lost by the odd engine (Black in game 0, White in
/// game 1) with this termination, each reason `black (ODD) ` or `white
/// (ODD) ` then `says`, where the reason is the same in every run.
fn odd_lost_both(records: &[GameRecord], odd: &str, termination: &str, says: Option<&str>) {
    assert_eq!(records.len(), 2);
    for (r, side) in records.iter().zip(["black", "white"]) {
        assert_eq!(r.termination, termination, "{}", r.reason);
        assert_eq!(r.half_points_of(odd), Some(0), "{}", r.reason);
        let who = format!("{side} ({odd}) ");
        match says {
            Some(says) => assert_eq!(r.reason, format!("{who}{says}")),
            None => assert!(r.reason.starts_with(&who), "{}", r.reason),
        }
    }
    assert_eq!(records[0].result, "0-2");
    assert_eq!(records[1].result, "2-0");
}

#[test]
fn an_engine_over_its_clock_loses_on_time() {
    let (records, clocks) = against_random(
        "search:tc=0.2,name=slow",
        Habit::Slow(Duration::from_millis(120)),
        |_| {},
    );
    // 200 ms on the clock, 120 ms a move, a margin of 10 ms: the second
    // move overruns (the first has 90 ms to spare on a busy machine).
    // (How late it was varies from run to run.)
    odd_lost_both(&records, "slow", "time forfeit", None);
    for (r, side) in records.iter().zip(["black", "white"]) {
        let late = format!("{side} (slow) lost on time: ");
        assert!(r.reason.starts_with(&late), "{}", r.reason);
        assert!(r.reason.ends_with(" s left"), "{}", r.reason);
    }
    // It was shown its clock: 200 ms at its first move, at most 80 ms at
    // its second.
    assert_eq!(clocks[0].own, Some(Duration::from_millis(200)));
    assert_eq!(clocks[0].opponent, None);
    assert!(clocks
        .iter()
        .any(|c| c.own.unwrap() <= Duration::from_millis(80)));
}

#[test]
fn an_engine_over_its_move_time_loses_on_time() {
    let (records, clocks) = against_random(
        "search:movetime=20,name=slow",
        Habit::Slow(Duration::from_millis(80)),
        |_| {},
    );
    odd_lost_both(&records, "slow", "time forfeit", None);
    assert_eq!(clocks[0].movetime, Some(Duration::from_millis(20)));
}

#[test]
fn an_engine_within_its_clock_plays_on() {
    let (records, clocks) = against_random(
        "search:tc=60+1,name=quick",
        Habit::Slow(Duration::ZERO),
        |_| {},
    );
    for r in &records {
        assert_ne!(r.termination, "time forfeit");
    }
    // The increment is added after each move.
    assert_eq!(clocks[0].increment, Duration::from_secs(1));
    assert!(clocks[1].own.unwrap() > Duration::from_secs(60));
}

#[test]
fn an_illegal_move_loses() {
    let (records, _) = against_random("search:depth=1,name=cheat", Habit::Illegal, |_| {});
    odd_lost_both(
        &records,
        "cheat",
        "illegal move",
        Some("played 1x10, which is not legal"),
    );
    assert_eq!(records[0].plies, 0);
}

#[test]
fn a_crash_loses_and_the_match_goes_on() {
    let (records, _) = against_random("search:depth=1,name=fragile", Habit::Panics, |_| {});
    odd_lost_both(
        &records,
        "fragile",
        "crash",
        Some("crashed: panicked: the test engine fell over"),
    );
}

#[test]
fn a_hopeless_engine_resigns() {
    let (records, _) = against_random("search:depth=1,name=gloomy", Habit::Hopeless, |c| {
        c.adjudication.resign = Some(ResignRule {
            score: 500,
            moves: 3,
        })
    });
    odd_lost_both(
        &records,
        "gloomy",
        "resignation",
        Some("resigned: scored -500 or worse for 3 moves"),
    );
    // Its third move is played, then it resigns: as Black after ply 5, as
    // White after ply 6.
    assert_eq!(records[0].plies, 5);
    assert_eq!(records[1].plies, 6);
}

#[test]
fn level_scores_on_both_sides_draw() {
    let clocks = Arc::new(Mutex::new(Vec::new()));
    let make = move |spec: &PlayerSpec| -> Result<Box<dyn Player<Position>>, BuildError> {
        Ok(Box::new(Odd {
            name: spec.name().to_string(),
            habit: Habit::Level,
            random: RandomPlayer::new("inner", None),
            clocks: clocks.clone(),
        }))
    };
    let config = MatchConfig {
        engines: PlayerSpec::read_all(&["search:depth=1,name=a", "search:depth=1,name=b"]).unwrap(),
        games: GameCount::Rounds(1),
        openings: Some("start".into()),
        adjudication: Adjudication {
            draw: Some(DrawRule {
                after_plies: 10,
                score: 5,
                moves: 2,
            }),
            ..Adjudication::default()
        },
        ..MatchConfig::default()
    };
    let report = run_match(&config, &Rules::ENGLISH, &make, &|_| {}).unwrap();
    for r in &report.records {
        assert_eq!(r.termination, "draw adjudication", "{}", r.reason);
        assert_eq!((r.plies, r.result.as_str()), (10, "1-1"));
    }
    // Only one side level: no draw by score.
    let (records, _) = against_random("search:depth=1,name=calm", Habit::Level, |c| {
        c.adjudication.draw = Some(DrawRule {
            after_plies: 10,
            score: 5,
            moves: 2,
        })
    });
    assert!(records.iter().all(|r| r.termination != "draw adjudication"));
}

#[test]
fn long_games_are_drawn_at_the_maximum_length() {
    let (records, _) = against_random("search:depth=1,name=r", Habit::Slow(Duration::ZERO), |c| {
        c.adjudication.max_plies = Some(12)
    });
    for r in &records {
        assert_eq!((r.termination.as_str(), r.plies), ("max plies", 12));
        assert_eq!(r.result, "1-1");
        assert!(r.winner.is_none());
    }
}
