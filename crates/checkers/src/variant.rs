//! Checkers in the registry of games: everything outside this crate needs
//! of it, in one [`Variant`] implementation on [`Rules`].

use crate::error::Error;
use crate::eval::Eval;
use crate::moves::Action;
use crate::position::Position;
use crate::rules::Rules;
use crate::unique::UniquePaths;
use parlour_game::registry::{BenchCase, EvalError, Variant, WithGame};
use parlour_game::tables::TablesSlot;

/// Where `parlour-egdb` installs the opener of english checkers' endgame
/// databases, which the evaluation holds beside its score.
static TABLES: TablesSlot<Position, Eval> = TablesSlot::new(Rules::NAME, Eval::with_tables);

impl Variant for Rules {
    type Position = Position;
    type Error = Error;

    const NAME: &'static str = "checkers";
    const ABOUT: &'static str =
        "checkers, under `--rules english` (default) or `--rules huffing`, \
                                 either with `,quiet_plies=N`";
    const POSITION_FLAG: &'static str = "fen";

    fn parse_rules(text: &str) -> Result<Rules, Error> {
        Ok(text.parse()?)
    }

    fn rules_of(pos: &Position) -> Rules {
        pos.rules()
    }

    fn start(&self) -> Position {
        Position::start(*self)
    }

    fn parse_position(rules: Option<Rules>, text: &str) -> Result<Position, Error> {
        Ok(Position::from_fen(text, rules.unwrap_or_default())?)
    }

    fn split_line(text: &str) -> Vec<String> {
        crate::notation::split_actions(text)
    }

    fn diagram(pos: &Position) -> String {
        crate::diagram::diagram(pos)
    }

    fn diagram_for(pos: &Position, viewer: parlour_game::Side) -> String {
        crate::diagram::diagram_from(pos, viewer)
    }

    fn diagram_svg(
        pos: &Position,
        viewer: parlour_game::Side,
        line: &[crate::Action],
    ) -> Option<String> {
        Some(crate::svg::diagram_svg(pos, viewer, line))
    }

    fn notation(&self) -> &'static str {
        if self.is_huffing() {
            "moves: 11-15, captures 22x15 or 9x18x27; a huff and a move `h14 11-15`; `compel`"
        } else {
            "moves: 11-15, captures 22x15 or with every landing 9x18x27"
        }
    }

    fn explain(pos: &Position, mv: Action) -> Option<String> {
        crate::huffing::explain(pos, mv)
    }

    fn view(pos: &Position) -> Option<parlour_game::view::BoardView> {
        Some(crate::view::view(pos))
    }

    fn compose(&self, setup: &parlour_game::view::Setup) -> Option<Result<Position, Error>> {
        Some(crate::view::compose(*self, setup).map_err(Error::from))
    }

    fn move_view(_pos: &Position, mv: Action) -> Option<parlour_game::view::MoveView> {
        Some(crate::view::move_view(mv))
    }

    fn hub_variants() -> &'static [&'static str] {
        &["english", "huffing"]
    }

    fn hub_variant(&self) -> &'static str {
        self.set.name()
    }

    fn for_hub_variant(name: &str) -> Option<Rules> {
        match name {
            "english" => Some(Rules::ENGLISH),
            "huffing" => Some(Rules::HUFFING),
            _ => None,
        }
    }

    /// English positions only: huffing's pending offences have no Hub form.
    fn hub_position(pos: &Position) -> Option<String> {
        (!pos.rules().is_huffing()).then(|| crate::hub::hub_position(pos))
    }

    fn parse_hub_position(&self, text: &str) -> Option<Result<Position, Error>> {
        (!self.is_huffing()).then(|| Ok(crate::hub::parse_hub_position(text, *self)?))
    }

    fn hub_move(pos: &Position, mv: Action) -> String {
        crate::hub::write_hub_action(pos, mv)
    }

    fn parse_hub_move(pos: &Position, text: &str) -> Result<Action, crate::MoveError> {
        crate::hub::parse_hub_action(pos, text)
    }

    /// `GameType "21"` (English draughts) for english rules, a `Rules` tag
    /// for any other rules value, and the start position in `FEN` when it
    /// is not the game's usual start. (As PDN practice has it; and PDN
    /// readers that number moves by the `FEN` tag's side to move, as
    /// pydraughts 0.6.7 does, misread an english game that starts with
    /// Black to move in a `FEN` tag.)
    fn pdn_tags(&self, start: &str) -> Vec<(String, String)> {
        let mut tags = Vec::new();
        if self.is_huffing() {
            tags.push(("Rules".to_string(), self.to_string()));
        } else {
            tags.push(("GameType".to_string(), "21".to_string()));
            if *self != Rules::ENGLISH {
                tags.push(("Rules".to_string(), self.to_string()));
            }
        }
        if start != self.start().to_string() {
            tags.push(("FEN".to_string(), start.to_string()));
        }
        tags
    }

    fn decks() -> &'static [&'static str] {
        &crate::ballots::DECKS
    }

    fn deck(&self, name: &str) -> Option<Vec<(String, &'static str)>> {
        crate::ballots::deck(name)
    }

    /// The ACF tournament deck of 156 ballots.
    fn default_openings() -> &'static str {
        "deck"
    }

    /// The network built in for these rules.
    fn default_evaluator(&self) -> Eval {
        Eval::Network(crate::network::Network::shipped(*self))
    }

    /// `learned` (an older name of the default: the rules' network),
    /// `network` (the same), `patterns` (the pattern model built in),
    /// `handwritten`, or the path of a weights or network file made for
    /// these rules (its first bytes say which).
    fn evaluator(&self, spec: &str) -> Result<Eval, EvalError> {
        let load = |e: Box<dyn std::error::Error + Send + Sync>| EvalError::Load {
            spec: spec.to_string(),
            source: e,
        };
        match spec.trim() {
            "default" | "learned" | "network" => Ok(self.default_evaluator()),
            "patterns" => Ok(Eval::Patterns(crate::learned::shipped(*self))),
            "handwritten" => Ok(Eval::Handwritten),
            path => read_eval_file(std::path::Path::new(path), *self).map_err(load),
        }
    }

    fn tables() -> Option<&'static TablesSlot<Position, Eval>> {
        Some(&TABLES)
    }

    fn bench() -> &'static [BenchCase] {
        BENCH
    }

    fn with_unique_paths<W: WithGame>(pos: &Position, run: W) -> Option<W::Output> {
        Some(run.run(&UniquePaths(*pos)))
    }
}

/// The evaluation of a weights file (a pattern model) or a network file,
/// by its first bytes.
fn read_eval_file(
    path: &std::path::Path,
    rules: Rules,
) -> Result<Eval, Box<dyn std::error::Error + Send + Sync>> {
    use std::io::Read;
    let mut head = [0u8; 16];
    let is_network = std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok_and(|()| parlour_game::network::is_network(&head));
    if is_network {
        let net = crate::network::Network::read(path, rules)?;
        Ok(Eval::Network(std::sync::Arc::new(net)))
    } else {
        let model = crate::learned::Model::read(path, rules)?;
        Ok(Eval::Patterns(std::sync::Arc::new(model)))
    }
}

/// A bench position under `rules`.
const fn case(
    rules: &'static str,
    position: Option<&'static str>,
    moves: &'static str,
    depth: u32,
) -> BenchCase {
    BenchCase {
        rules,
        position,
        moves,
        depth,
    }
}

/// Checkers' part of `parlour bench`, under both rule sets: openings,
/// middle games reached by published opening lines, endgames. The depths
/// make the whole suite a few seconds' work, so its nodes per second is a
/// steady figure. Changing it changes the bench signature.
const BENCH: &[BenchCase] = &[
    case("english", None, "", 19),
    case(
        "english",
        None,
        "11-15,23-19,8-11,22-17,9-13,17-14,10x17,21x14",
        19,
    ),
    case(
        "english",
        None,
        "11-15,22-18,15x22,25x18,8-11,29-25,4-8,25-22",
        19,
    ),
    case(
        "english",
        None,
        "10-15,21-17,11-16,17-13,16-20,22-18,15x22,25x18,9-14,18x9,5x14",
        19,
    ),
    case(
        "english",
        Some("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"),
        "",
        19,
    ),
    case(
        "english",
        Some("W:W21,22,23,25,26,30,31:B5,7,10,11,13,15,K2"),
        "",
        21,
    ),
    case("english", Some("B:WK14,K28:BK1,K5"), "", 31),
    case("huffing", None, "", 17),
    case(
        "huffing",
        None,
        "11-15,23-19,8-11,22-17,9-13,17-14,10x17,21x14",
        17,
    ),
    case("huffing", Some("W:W14,30:B9,15:O11-15"), "", 26),
    case(
        "huffing",
        Some("B:W17,21,22,23,26,27,30,31:B3,6,7,9,10,11,14,15"),
        "",
        20,
    ),
];

/// The evaluation `default` and `learned` name: the rules' built-in
/// network (each rule set's beat its pattern model in a match:
/// docs/learning.md).
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_name_the_rules() {
        let english = Rules::ENGLISH.pdn_tags("B:W21-32:B1-12");
        assert_eq!(english[0], ("GameType".into(), "21".into()));
        assert_eq!(english[1], ("FEN".into(), "B:W21-32:B1-12".into()));
        let huffing = Rules::HUFFING.pdn_tags("x");
        assert_eq!(huffing[0], ("Rules".into(), "huffing".into()));
        for rules in [Rules::ENGLISH, Rules::HUFFING] {
            let tags = rules.pdn_tags(&rules.start().to_string());
            assert!(tags.iter().all(|(k, _)| k != "FEN"), "{tags:?}");
        }
    }

    #[test]
    fn hub_variants_and_their_rules() {
        assert_eq!(Rules::for_hub_variant("huffing"), Some(Rules::HUFFING));
        assert_eq!(Rules::for_hub_variant("pegs"), None);
        let rules: Rules = "huffing,quiet_plies=10".parse().unwrap();
        assert_eq!(rules.hub_variant(), "huffing");
        assert!(Rules::HUFFING.parse_hub_position("x").is_none());
    }

    #[test]
    fn evaluations_by_name() {
        assert_eq!(
            Rules::ENGLISH.evaluator("handwritten").unwrap(),
            Eval::Handwritten
        );
        for name in ["default", "learned", "network"] {
            // Each rule set's default is its own network.
            for rules in [Rules::ENGLISH, Rules::HUFFING] {
                let Ok(Eval::Network(net)) = rules.evaluator(name) else {
                    panic!("{name} is {rules}'s built-in network");
                };
                let shipped = crate::network::Network::shipped(rules);
                assert_eq!(net.fingerprint(), shipped.fingerprint());
                assert_eq!(net.rule_set(), rules.set);
            }
        }
        for rules in [Rules::ENGLISH, Rules::HUFFING] {
            let Ok(Eval::Patterns(model)) = rules.evaluator("patterns") else {
                panic!("patterns is the shipped model");
            };
            let shipped = crate::learned::shipped(rules);
            assert_eq!(model.fingerprint(), shipped.fingerprint());
        }
        // Anything else names a weights or network file, which must exist.
        assert!(matches!(
            Rules::ENGLISH.evaluator("no/such/weights"),
            Err(EvalError::Load { .. })
        ));
    }
}
