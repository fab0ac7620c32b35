//! The peg game in the arena: its [`GameFormat`] (random opening plies from
//! the match seed by default, positions in the `PegPosition` text form,
//! moves in the contract's notation, a `Rules` tag with every field of the
//! rules and the start position in a `Position` tag). Its players come
//! from [`crate::search_factory`], on the game's own `Evaluate`.

use crate::format::GameFormat;
use parlour_pegs::{PegPosition, PegRules};

/// The peg game under `rules`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pegs {
    /// The rules every game is played under.
    pub rules: PegRules,
}

impl Pegs {
    /// The peg game under `rules`, which must be valid
    /// ([`PegRules::validate`]).
    pub fn new(rules: PegRules) -> Result<Pegs, String> {
        rules.validate()?;
        Ok(Pegs { rules })
    }

    /// Every field of the rules, the defaults included, as `PegRules`
    /// reads them back: `squares=3,diagonals=1,pegs=9,reserve=3,quiet_plies=100`.
    pub fn rules_text(&self) -> String {
        let r = self.rules;
        format!(
            "squares={},diagonals={},pegs={},reserve={},quiet_plies={}",
            r.squares,
            u8::from(r.diagonals),
            r.pegs,
            r.reserve,
            r.quiet_plies
        )
    }
}

impl GameFormat<PegPosition> for Pegs {
    fn start(&self) -> PegPosition {
        PegPosition::start(self.rules)
    }

    /// A position under the match's rules; one whose `/rules:` field names
    /// other rules is refused.
    fn parse_position(&self, text: &str) -> Result<PegPosition, String> {
        PegPosition::parse(text, Some(self.rules))
    }

    /// Positions have `name:value` fields; moves (`K@7`, `24-17x5`) never
    /// hold a colon.
    fn looks_like_position(&self, line: &str) -> bool {
        line.contains(':')
    }

    /// Six random plies: both Kings and two pegs each, different for every
    /// pair of games.
    fn default_openings(&self) -> &'static str {
        "random:plies=6"
    }

    /// `GameType` is for draughts only: the peg game names itself in a
    /// `Game` tag, its rules in `Rules`, and its start in `Position`.
    fn pdn_tags(&self, start: &str) -> Vec<(String, String)> {
        vec![
            ("Game".to_string(), "pegs".to_string()),
            ("Rules".to_string(), self.rules_text()),
            ("Position".to_string(), start.to_string()),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::openings::{OpeningBook, OpeningSpec};

    #[test]
    fn rules_are_written_in_full_and_read_back() {
        let pegs = Pegs::new("squares=4,reserve=2".parse().unwrap()).unwrap();
        let text = pegs.rules_text();
        assert_eq!(
            text,
            "squares=4,diagonals=1,pegs=9,reserve=2,quiet_plies=100"
        );
        assert_eq!(text.parse::<PegRules>().unwrap(), pegs.rules);
        let tags = pegs.pdn_tags("b:/w:/hand:9,9/reserve:2,2/turn:b");
        assert_eq!(tags[0], ("Game".into(), "pegs".into()));
        assert_eq!(tags[1], ("Rules".into(), text));
        assert_eq!(tags[2].0, "Position");
        assert!(Pegs::new(PegRules {
            squares: 9,
            ..PegRules::DEFAULT
        })
        .is_err());
    }

    #[test]
    fn positions_and_moves_are_read() {
        let pegs = Pegs::new(PegRules::DEFAULT).unwrap();
        let line = "b:K11,3/w:2,12,19/hand:0,0/reserve:3,3/turn:w";
        assert!(pegs.looks_like_position(line));
        assert!(!pegs.looks_like_position("K@7 K@9 @3"));
        let pos = pegs.parse_position(line).unwrap();
        assert_eq!(pos.to_string(), line);
        let moves = pegs.parse_moves(&pegs.start(), "K@7 K@9 @3").unwrap();
        assert_eq!(moves.len(), 3);
        assert!(pegs
            .parse_position("b:/w:/hand:9,9/reserve:3,3/turn:b/rules:squares=4")
            .is_err());
    }

    #[test]
    fn the_default_openings_are_random_plies() {
        let pegs = Pegs::new(PegRules::DEFAULT).unwrap();
        let spec = OpeningSpec::parse::<PegPosition>(pegs.default_openings(), &pegs).unwrap();
        assert_eq!(spec, OpeningSpec::Random { plies: 6 });
        let book = OpeningBook::load(&spec, &pegs, 3, false).unwrap();
        let first = book.get(0);
        assert_eq!(first.moves.len(), 6);
        assert!(first.moves_text().starts_with("K@"));
        assert_ne!(first.moves, book.get(1).moves);
    }

    #[test]
    fn the_searcher_plays_a_peg_match() {
        use crate::{run_match, search_factory, GameCount, MatchConfig};
        let pegs = Pegs::new(PegRules::DEFAULT).unwrap();
        let config = MatchConfig {
            engines: vec!["search:depth=2".into(), "greedy".into()],
            games: GameCount::Rounds(1),
            concurrency: 2,
            ..MatchConfig::default()
        };
        let report = run_match(&config, &pegs, &search_factory(), &|_| {}).unwrap();
        assert_eq!(report.records.len(), 2);
        for r in &report.records {
            assert_eq!(r.opening_plies, 6);
            assert!(r.plies > 6, "the engines moved");
            assert!(
                !matches!(
                    r.termination.as_str(),
                    "crash" | "illegal move" | "time forfeit"
                ),
                "{}",
                r.reason
            );
        }
    }
}
