//! Checkers in the arena: the [`GameFormat`] of both rule sets, the ACF
//! three-move ballot decks (embedded, so the binary needs no files), and a
//! material evaluation for tests and the greedy player until the search
//! crate's evaluation is wired in.

use crate::format::GameFormat;
use crate::openings::Opening;
use parlour_checkers::{Position, Rules};
use parlour_game::Game;

/// The ACF three-move ballots: number, moves, deck (crossboard, mailplay or
/// barred), whether in the 2002 computer "tough" deck, common name. Built
/// into the binary from the workspace's one copy, so no file is needed at
/// run time.
const BALLOTS: &str = include_str!("../../../testdata/three-move-ballots.tsv");

/// Checkers under `rules`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checkers {
    /// The rules every game is played under.
    pub rules: Rules,
}

impl Checkers {
    /// Checkers under `rules`.
    pub const fn new(rules: Rules) -> Checkers {
        Checkers { rules }
    }
}

/// One ballot of the embedded table.
struct Ballot<'a> {
    number: &'a str,
    moves: &'a str,
    deck: &'a str,
    tough: bool,
    name: &'a str,
}

fn ballots() -> impl Iterator<Item = Ballot<'static>> {
    BALLOTS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("acf\t") && !l.trim().is_empty())
        .map(|line| {
            let mut cols = line.split('\t');
            let mut next = || cols.next().unwrap_or("").trim();
            Ballot {
                number: next(),
                moves: next(),
                deck: next(),
                tough: next() == "yes",
                name: next(),
            }
        })
}

impl GameFormat<Position> for Checkers {
    fn start(&self) -> Position {
        Position::start(self.rules)
    }

    fn parse_position(&self, text: &str) -> Result<Position, String> {
        Position::from_fen(text, self.rules)
    }

    fn looks_like_position(&self, line: &str) -> bool {
        line.contains(':')
    }

    /// Moves separated by white space; a huff is two words (`h14 11-15`).
    fn parse_moves(
        &self,
        start: &Position,
        text: &str,
    ) -> Result<Vec<<Position as Game>::Move>, String> {
        let mut pos = *start;
        let mut moves = Vec::new();
        let mut words = text.split_whitespace();
        while let Some(word) = words.next() {
            let is_huff = word.len() > 1
                && word.starts_with(['h', 'H'])
                && word[1..].bytes().all(|b| b.is_ascii_digit());
            let text = if is_huff {
                let mv = words
                    .next()
                    .ok_or_else(|| format!("huff `{word}` has no move after it"))?;
                format!("{word} {mv}")
            } else {
                word.to_string()
            };
            let mv = pos.parse_move(&text).map_err(|e| e.0)?;
            pos = pos.play(mv);
            moves.push(mv);
        }
        Ok(moves)
    }

    /// The ACF tournament deck of 156 ballots.
    fn default_openings(&self) -> &'static str {
        "deck"
    }

    fn deck_names(&self) -> &'static [&'static str] {
        &["deck", "all", "tough"]
    }

    /// `deck`: the 156 ballots of the ACF tournament deck (crossboard and
    /// mailplay; the 18 barred left out); `all`: all 174; `tough`: the 50 of
    /// the 2002 computer tough deck.
    fn deck(&self, name: &str) -> Option<Result<Vec<Opening<Position>>, String>> {
        let keep: fn(&Ballot) -> bool = match name {
            "deck" => |b| b.deck != "barred",
            "all" => |_| true,
            "tough" => |b| b.tough,
            _ => return None,
        };
        let start = self.start();
        Some(
            ballots()
                .filter(keep)
                .map(|b| {
                    let name = if b.name.is_empty() {
                        format!("ACF {}", b.number)
                    } else {
                        format!("ACF {} {}", b.number, b.name)
                    };
                    let moves = self
                        .parse_moves(&start, b.moves)
                        .map_err(|e| format!("ballot {name}: {e}"))?;
                    Opening::new(name, start, moves)
                })
                .collect(),
        )
    }

    /// `GameType "21"` (English draughts) for english rules, a `Rules` tag
    /// for any other rules value, and the start position in `FEN` when it
    /// is not the game's usual start. (As PDN practice has it; and PDN
    /// readers that number moves by the `FEN` tag's side to move, as
    /// pydraughts 0.6.7 does, misread an english game that starts with
    /// Black to move in a `FEN` tag.)
    fn pdn_tags(&self, start: &str) -> Vec<(String, String)> {
        let mut tags = Vec::new();
        if self.rules.is_huffing() {
            tags.push(("Rules".to_string(), self.rules.to_string()));
        } else {
            tags.push(("GameType".to_string(), "21".to_string()));
            if self.rules != Rules::ENGLISH {
                tags.push(("Rules".to_string(), self.rules.to_string()));
            }
        }
        if start != self.start().to_string() {
            tags.push(("FEN".to_string(), start.to_string()));
        }
        tags
    }
}

/// Material from the side to move's view: a man 100, a king 130. A simple
/// evaluation for the greedy player and for tests; the search crate's
/// `Evaluate` implementation replaces it when wired in.
pub fn material(pos: &Position) -> i32 {
    let side = pos.side();
    let value = |s| {
        let men = pos.men(s).count() as i32;
        let kings = (pos.pieces(s) & pos.kings()).count() as i32;
        100 * men + 130 * kings
    };
    value(side) - value(side.opponent())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ballot_decks_have_their_sizes_and_are_legal() {
        for rules in [Rules::ENGLISH, Rules::HUFFING] {
            let c = Checkers::new(rules);
            let size = |name| c.deck(name).unwrap().unwrap().len();
            assert_eq!(size("deck"), 156);
            assert_eq!(size("all"), 174);
            assert_eq!(size("tough"), 50);
            assert!(c.deck("nothing").is_none());
        }
        let deck = Checkers::new(Rules::ENGLISH).deck("deck").unwrap().unwrap();
        assert_eq!(deck[0].name, "ACF 1");
        assert_eq!(deck[0].moves_text(), "9-13 21-17 5-9");
        let five = deck.iter().find(|o| o.name.starts_with("ACF 5 ")).unwrap();
        assert_eq!(five.name, "ACF 5 Dreaded Edinburgh");
        assert!(deck.iter().all(|o| o.moves.len() == 3));
        // Ballot 3 is barred: in `all`, not in `deck`.
        assert!(!deck.iter().any(|o| o.name == "ACF 3"));
    }

    #[test]
    fn huffs_are_read_as_one_move() {
        let c = Checkers::new(Rules::HUFFING);
        let pos = c.parse_position("W:W14,30:B9,15:O11-15").unwrap();
        let moves = c.parse_moves(&pos, "h9 14-10").unwrap();
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].to_string(), "h9 14-10");
        assert!(c.parse_moves(&pos, "h9").is_err());
    }

    #[test]
    fn tags_name_the_rules() {
        let english = Checkers::new(Rules::ENGLISH).pdn_tags("B:W21-32:B1-12");
        assert_eq!(english[0], ("GameType".into(), "21".into()));
        assert_eq!(english[1], ("FEN".into(), "B:W21-32:B1-12".into()));
        let huffing = Checkers::new(Rules::HUFFING).pdn_tags("x");
        assert_eq!(huffing[0], ("Rules".into(), "huffing".into()));
        for rules in [Rules::ENGLISH, Rules::HUFFING] {
            let c = Checkers::new(rules);
            let tags = c.pdn_tags(&c.start().to_string());
            assert!(tags.iter().all(|(k, _)| k != "FEN"), "{tags:?}");
        }
    }

    #[test]
    fn material_is_from_the_movers_view() {
        let pos = Position::from_fen("B:W18,K30:B1,2,3", Rules::ENGLISH).unwrap();
        assert_eq!(material(&pos), 300 - 230);
        let pos = Position::from_fen("W:W18,K30:B1,2,3", Rules::ENGLISH).unwrap();
        assert_eq!(material(&pos), 230 - 300);
    }
}
