//! The peg game in the registry of games: everything outside this crate
//! needs of it, in one [`Variant`] implementation on [`PegRules`].

use crate::diagram::{board_diagram, board_tables, position_diagram};
use crate::error::Error;
use crate::evaluator::PegEval;
use crate::moves::PegMove;
use crate::position::PegPosition;
use crate::rules::PegRules;
use parlour_game::registry::{BenchCase, EvalError, Variant};
use parlour_game::Side;

impl Variant for PegRules {
    type Position = PegPosition;
    type Error = Error;

    const NAME: &'static str = "pegs";
    const ABOUT: &'static str = "the Victorian peg game, under `--rules` of the form \
                                 `squares=3,diagonals=1,pegs=9,reserve=3,quiet_plies=100` \
                                 (any subset)";

    fn parse_rules(text: &str) -> Result<PegRules, Error> {
        Ok(text.parse()?)
    }

    fn rules_of(pos: &PegPosition) -> PegRules {
        pos.rules()
    }

    fn start(&self) -> PegPosition {
        PegPosition::start(*self)
    }

    /// Without `rules` a position keeps its own `/rules:` field.
    fn parse_position(rules: Option<PegRules>, text: &str) -> Result<PegPosition, Error> {
        Ok(PegPosition::parse(text, rules)?)
    }

    fn diagram(pos: &PegPosition) -> String {
        position_diagram(pos)
    }

    fn diagram_svg(pos: &PegPosition, viewer: Side, line: &[PegMove]) -> Option<String> {
        // The peg board has no sides: every player sees it the same.
        let _ = viewer;
        Some(crate::svg::diagram_svg(pos, line))
    }

    fn view(pos: &PegPosition) -> Option<parlour_game::view::BoardView> {
        Some(crate::view::view(pos))
    }

    fn move_view(pos: &PegPosition, mv: PegMove) -> Option<parlour_game::view::MoveView> {
        Some(crate::view::move_view(pos, mv))
    }

    fn compose(&self, setup: &parlour_game::view::Setup) -> Option<Result<PegPosition, Error>> {
        Some(crate::view::compose(*self, setup))
    }

    fn notation(&self) -> &'static str {
        "moves: place the King K@7, a peg @7, slide 24-17; a line removal is appended, @3x12"
    }

    fn board(&self) -> Option<String> {
        let board = PegRules::board(self);
        Some(format!("{}\n{}", board_diagram(board), board_tables(board)))
    }

    /// `GameType` is for draughts only: the peg game names itself in a
    /// `Game` tag, its rules in `Rules` (every field, so that any reader
    /// knows them), and its start in `Position`.
    fn pdn_tags(&self, start: &str) -> Vec<(String, String)> {
        vec![
            ("Game".to_string(), Self::NAME.to_string()),
            ("Rules".to_string(), self.full_text()),
            ("Position".to_string(), start.to_string()),
        ]
    }

    /// Six random plies: both Kings and two pegs each, different for every
    /// pair of games.
    fn default_openings() -> &'static str {
        "random:plies=6"
    }

    /// The peg game has many more moves a ply: a shallower searcher.
    fn match_engines() -> [&'static str; 2] {
        ["search:depth=3", "greedy"]
    }

    /// The learned model built in for the default board (its pegs and
    /// reserve may differ), and the hand-written terms on any other board.
    fn default_evaluator(&self) -> PegEval {
        match crate::learned::shipped(*self) {
            Some(model) => PegEval::Learned(model),
            None => PegEval::Handwritten,
        }
    }

    /// `learned`: the learned model built in for the default board (an
    /// error on another board); `handwritten`; anything else is the path
    /// of a weights file made by `parlour train` for the board of these
    /// rules.
    fn evaluator(&self, spec: &str) -> Result<PegEval, EvalError> {
        match spec.trim() {
            "default" => Ok(self.default_evaluator()),
            "learned" => match crate::learned::shipped(*self) {
                Some(model) => Ok(PegEval::Learned(model)),
                None => Err(EvalError::Unknown {
                    spec: spec.to_string(),
                    game: Self::NAME,
                    expected: "default, handwritten or a weights file (learned weights are built in for the default board only: squares=3,diagonals=1)",
                }),
            },
            "handwritten" => Ok(PegEval::Handwritten),
            path => crate::learned::PegModel::read(std::path::Path::new(path), *self)
                .map(|model| PegEval::Learned(std::sync::Arc::new(model)))
                .map_err(|e| EvalError::Load {
                    spec: spec.to_string(),
                    source: Box::new(e),
                }),
        }
    }

    fn bench() -> &'static [BenchCase] {
        BENCH
    }
}

/// A bench position under the default rules.
const fn case(position: Option<&'static str>, moves: &'static str, depth: u32) -> BenchCase {
    BenchCase {
        rules: "",
        position,
        moves,
        depth,
    }
}

/// The peg game's part of `parlour bench`: the placement phase (the start,
/// and a few placements in), the sliding phase, a force pending, and a King
/// blocked with one escape. Changing it changes the bench signature.
const BENCH: &[BenchCase] = &[
    case(None, "", 13),
    case(None, "K@11,K@14,@2,@10,@3", 14),
    case(
        Some("b:K10,3,5,12,15,18,22/w:K20,1,7,13,17,23,24/hand:0,0/reserve:3,3/turn:b"),
        "",
        15,
    ),
    case(
        Some("b:K16,3,4,9,11,21/w:K5,1,6,13,20/hand:4,5/reserve:3,3/turn:w/force:5"),
        "",
        14,
    ),
    case(
        Some("b:K11,3,5,16,22,23/w:K8,1,7,10,12,14,19/hand:0,0/reserve:3,3/turn:b"),
        "",
        17,
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_game::Evaluator;

    #[test]
    fn the_default_evaluation_names_what_it_is_on_each_board() {
        let name = |rules: &str| {
            let rules: PegRules = rules.parse().unwrap();
            rules.default_evaluator().identity().kind
        };
        assert_eq!(name("pegs=7,reserve=2"), "learned");
        assert_eq!(name("squares=4"), "handwritten");
        assert_eq!(name("diagonals=0"), "handwritten");
    }

    #[test]
    fn tags_carry_every_field_of_the_rules() {
        let rules: PegRules = "squares=4,reserve=2".parse().unwrap();
        let tags = rules.pdn_tags("b:/w:/hand:9,9/reserve:2,2/turn:b");
        assert_eq!(tags[0], ("Game".into(), "pegs".into()));
        assert_eq!(
            tags[1],
            (
                "Rules".into(),
                "squares=4,diagonals=1,pegs=9,reserve=2,quiet_plies=100".into()
            )
        );
        assert_eq!(tags[2].0, "Position");
    }

    #[test]
    fn positions_keep_their_own_rules_unless_rules_are_given() {
        let text = "b:/w:/hand:9,9/reserve:3,3/turn:b/rules:squares=4";
        assert_eq!(
            PegRules::parse_position(None, text)
                .unwrap()
                .rules()
                .squares(),
            4
        );
        assert!(PegRules::parse_position(Some(PegRules::DEFAULT), text).is_err());
        assert!(PegRules::looks_like_position(text));
        assert!(!PegRules::looks_like_position("K@7 K@9 @3"));
    }
}
