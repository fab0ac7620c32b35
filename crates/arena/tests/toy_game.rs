//! A third game joins through the registry alone: Nim (a pile of stones,
//! each side takes 1, 2 or 3, and who cannot move has lost) is written
//! here, implements `Game`, `Evaluate` and `Variant`, and is added to a
//! list beside parlour's own games. The same generic code the commands run
//! then serves it unchanged: moves (`sorted_moves`), perft, a short match
//! through the factory `parlour match` uses, the Hub server, and the
//! learning pipeline (self-play, then training its model).

use arrayvec::ArrayVec;
use parlour_arena::{hub_factory, run_match, GameCount, MatchConfig, PlayerSpec};
use parlour_game::registry::sorted_moves;
use parlour_game::{
    divide, perft, perft_parallel, weights, DecodeError, EvalId, Evaluate, Evaluator, Feature,
    Features, Game, GameList, History, Learn, Side, Variant, Visit, Weights, WeightsError,
};
use parlour_hub::{serve_games, ServerOptions};
use parlour_train::{Budget, DataFile, Dataset, SelfPlay, TrainConfig};
use std::fmt;

/// Nim's rules: the stones on the pile at the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Nim {
    stones: u8,
}

impl Default for Nim {
    fn default() -> Self {
        Nim { stones: 21 }
    }
}

impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "stones={}", self.stones)
    }
}

/// A Nim position: the stones left and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pile {
    stones: u8,
    side: Side,
    rules: Nim,
}

impl fmt::Display for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = if self.side == Side::Black { 'b' } else { 'w' };
        write!(f, "{}{side}", self.stones)
    }
}

/// What can be wrong with Nim's text.
#[derive(Debug, thiserror::Error)]
enum NimError {
    #[error("Nim's rules are `stones=N`, N from 1 to 99")]
    Rules,
    #[error("a Nim position is the stones left and b or w, as in `17b`")]
    Position,
    #[error("take 1, 2 or 3 stones, and no more than are left")]
    Move,
}

impl Game for Pile {
    type Move = u8;
    type MoveList = ArrayVec<u8, 3>;
    type MoveError = NimError;

    fn side_to_move(&self) -> Side {
        self.side
    }
    fn legal_moves(&self, moves: &mut Self::MoveList) {
        moves.clear();
        moves.extend((1..=3).filter(|&n| n <= self.stones));
    }
    fn play(&self, take: u8) -> Self {
        Pile {
            stones: self.stones - take,
            side: self.side.opponent(),
            ..*self
        }
    }
    fn hash(&self) -> u64 {
        parlour_game::splitmix(u64::from(self.stones) * 2 + self.side.index() as u64)
    }
    fn is_irreversible(&self, _take: u8) -> bool {
        true
    }
    fn quiet_ply_limit(&self) -> u32 {
        100
    }
    fn parse_move(&self, text: &str) -> Result<u8, NimError> {
        let take: u8 = text.trim().parse().map_err(|_| NimError::Move)?;
        let mut list = ArrayVec::new();
        self.legal_moves(&mut list);
        list.contains(&take).then_some(take).ok_or(NimError::Move)
    }
}

/// Nim's evaluations: perfect play (a pile that is a multiple of 4 is
/// lost for the side to move), or learned weights.
#[derive(Clone, Debug)]
enum NimEval {
    Perfect,
    Learned(Vec<i16>),
}

impl fmt::Display for NimEval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NimEval::Perfect => f.write_str("perfect"),
            NimEval::Learned(w) => write!(f, "learned {w:?}"),
        }
    }
}

impl Evaluator<Pile> for NimEval {
    fn identity(&self) -> EvalId {
        match self {
            NimEval::Perfect => EvalId::plain("perfect"),
            NimEval::Learned(w) => EvalId::learned("learned", weights::fingerprint(w)),
        }
    }

    fn evaluate(&self, pos: &Pile) -> i32 {
        match self {
            NimEval::Perfect => {
                if pos.stones.is_multiple_of(4) {
                    -100
                } else {
                    100
                }
            }
            NimEval::Learned(w) => w[(pos.stones % 4) as usize] as i32,
        }
    }
}

/// Nim's model for the learning pipeline: one feature per remainder of
/// the pile by 4.
impl Learn for Pile {
    fn code_len(&self) -> usize {
        2
    }
    fn encode(&self, out: &mut [u8]) {
        out[0] = self.stones;
        out[1] = self.side.index() as u8;
    }
    fn decode(&self, bytes: &[u8]) -> Result<Pile, DecodeError> {
        let side = match bytes[1] {
            0 => Side::Black,
            1 => Side::White,
            _ => {
                return Err(DecodeError {
                    reason: "no such side".into(),
                })
            }
        };
        Ok(Pile {
            stones: bytes[0],
            side,
            rules: self.rules,
        })
    }
    fn positions_key(&self) -> String {
        "nim".into()
    }
    fn model_key(&self) -> String {
        "nim/remainders-1".into()
    }
    fn feature_count(&self) -> usize {
        4
    }
    fn features(&self, out: &mut Features) {
        out.clear();
        out.push(Feature {
            index: (self.stones % 4) as u32,
            coefficient: 1.0,
        });
    }
    fn weight_resolution(&self) -> u16 {
        1
    }
    fn evaluator_from(&self, weights: Weights) -> Result<NimEval, WeightsError> {
        Ok(NimEval::Learned(
            weights.expect("nim/remainders-1", 4)?.values,
        ))
    }
}

impl Evaluate for Pile {
    type Evaluator = NimEval;
    fn is_tactical(&self, _take: u8) -> bool {
        false
    }
}

impl Variant for Nim {
    type Position = Pile;
    type Error = NimError;
    const NAME: &'static str = "nim";
    const ABOUT: &'static str = "Nim, under `--rules stones=N`";

    fn default_evaluator(&self) -> NimEval {
        NimEval::Perfect
    }

    fn parse_rules(text: &str) -> Result<Nim, NimError> {
        let stones = text
            .trim()
            .strip_prefix("stones=")
            .and_then(|n| n.parse().ok())
            .filter(|n| (1..100).contains(n))
            .ok_or(NimError::Rules)?;
        Ok(Nim { stones })
    }
    fn rules_of(pos: &Pile) -> Nim {
        pos.rules
    }
    fn start(&self) -> Pile {
        Pile {
            stones: self.stones,
            side: Side::Black,
            rules: *self,
        }
    }
    fn parse_position(rules: Option<Nim>, text: &str) -> Result<Pile, NimError> {
        let text = text.trim();
        let (stones, side) = text.split_at(text.len().saturating_sub(1));
        let side = match side {
            "b" => Side::Black,
            "w" => Side::White,
            _ => return Err(NimError::Position),
        };
        let rules = rules.unwrap_or_default();
        let stones: u8 = stones.parse().map_err(|_| NimError::Position)?;
        if stones > rules.stones {
            return Err(NimError::Position);
        }
        Ok(Pile {
            stones,
            side,
            rules,
        })
    }
}

/// parlour's own games, and Nim: one more entry.
type WithNim = (parlour_checkers::Rules, parlour_pegs::PegRules, Nim);

/// What the commands do with a game, run on whichever the list finds.
struct Commands;

impl Visit for Commands {
    type Output = (String, Vec<String>, u64);

    fn visit<V: Variant>(self) -> Self::Output {
        let start = V::default().start();
        let moves = sorted_moves(&start);
        let nodes = perft(&start, 5);
        assert_eq!(perft_parallel(&start, 5), nodes);
        let split: u64 = divide(&start, 5).iter().map(|(_, n)| n).sum();
        assert_eq!(split, nodes);
        (V::NAME.to_string(), moves, nodes)
    }
}

#[test]
fn nim_is_found_by_name_and_its_moves_and_perft_are_counted() {
    assert_eq!(WithNim::names(), ["checkers", "pegs", "nim"]);
    let (name, moves, nodes) = WithNim::visit("nim", Commands).unwrap();
    assert_eq!(name, "nim");
    assert_eq!(moves, ["1", "2", "3"]);
    assert_eq!(
        nodes,
        3u64.pow(5),
        "21 stones: three moves at each of 5 plies"
    );
    // parlour's own games are still there, first.
    let (name, _, nodes) = WithNim::visit("checkers", Commands).unwrap();
    assert_eq!((name.as_str(), nodes), ("checkers", 7361));
    assert!(WithNim::visit("chess", Commands).is_err());
}

#[test]
fn nim_plays_a_short_match_through_the_match_factory() {
    let rules = Nim::parse_rules("stones=13").unwrap();
    let config = MatchConfig {
        engines: PlayerSpec::read_all(&["search:depth=6", "random:seed=3"]).unwrap(),
        openings: Some("start".into()),
        games: GameCount::Rounds(2),
        ..MatchConfig::default()
    };
    let factory = hub_factory(rules, Some(parlour_game::registry::EvalSpec::Default));
    let report = run_match(&config, &rules, &factory, &|_| {}).unwrap();
    assert_eq!(report.records.len(), 4);
    for r in &report.records {
        assert_eq!(r.termination, "no moves", "{}", r.reason);
        // 13 stones: the side to move wins by taking 1, and the searcher
        // (with a perfect evaluation) never lets a won game go.
        if r.black == "search:depth=6" {
            assert_eq!(r.winner.as_deref(), Some("black"), "{r:?}");
        }
    }
}

#[test]
fn nim_is_served_over_hub() {
    let mut out = Vec::new();
    let input =
        "hub\nset-param name=variant value=nim\ninit\npos fen=10b\nlevel depth=4\ngo think\n";
    let options = ServerOptions {
        variant: Some("english".into()),
        ..ServerOptions::default()
    };
    serve_games::<WithNim, _, _>(input.as_bytes(), &mut out, options).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("values=\"english huffing pegs nim\""),
        "{text}"
    );
    // 10 stones: take 2, leaving a multiple of 4.
    assert!(text.contains("done move=2"), "{text}");
}

#[test]
fn nim_learns_its_evaluation_by_the_same_pipeline() {
    // Self-play at depth 3 from 21 stones, a few random plies first, then
    // training: the model must find that a multiple of 4 loses.
    let path = std::env::temp_dir().join(format!("parlour-nim-{}.data", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let run = SelfPlay {
        openings: vec![History::new(Nim::default().start())],
        openings_name: "start".into(),
        games: 300,
        budget: Budget::Depth(3),
        random_plies: 12,
        max_plies: 100,
        seed: 5,
        eval: NimEval::Perfect,
        eval_name: "perfect".into(),
        concurrency: 2,
        hash_mib: 1,
    };
    let never = std::sync::atomic::AtomicBool::new(false);
    let summary = run.run(&path, &never, &|_| {}).unwrap();
    assert_eq!(summary.games, 300);
    let start = Nim::default().start();
    let data = Dataset::load(&start, &[DataFile::read(&path).unwrap()]).unwrap();
    let config = TrainConfig {
        epochs: 200,
        batch: 64,
        learning_rate: 4.0,
        lambda: 1.0,
        validation: 0.2,
        patience: 200,
        threads: 2,
        ..TrainConfig::default()
    };
    let trained =
        parlour_train::trainer::train(&start, &NimEval::Perfect, &data, &config, None, &mut |_| {})
            .unwrap();
    // The yardstick: the default (perfect) evaluation predicts the results
    // far better than a coin (ln 2), and the learned weights come near it.
    let default_on_results = trained.default_losses.results;
    assert!(default_on_results < 0.5, "{:?}", trained.default_losses);
    assert!(
        trained.losses.results < default_on_results + 0.1,
        "{} against {:?}",
        trained.losses.results,
        trained.default_losses
    );
    let weights = trained.to_weights(&start, "test".into());
    let eval = start.evaluator_from(weights).unwrap();
    for stones in 1..=21u8 {
        let pos = Pile { stones, ..start };
        let score = eval.evaluate(&pos);
        assert_eq!(
            score < 0,
            stones % 4 == 0,
            "{stones} stones: {score} ({eval})"
        );
    }
    let _ = std::fs::remove_file(&path);
}
