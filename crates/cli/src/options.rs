//! The flags every command shares: which game, which rules, which position.

use clap::{Args, ValueEnum};
use parlour_checkers::{Position, Rules};
use parlour_pegs::{PegPosition, PegRules};

/// The games parlour plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    /// Checkers, under `--rules english` (default) or `--rules huffing`.
    Checkers,
    /// The Victorian peg game, under `--rules` of the form
    /// `squares=3,diagonals=1,pegs=9,reserve=3,quiet_plies=100` (any subset).
    Pegs,
}

/// `--game`, `--rules` and the position.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The game.
    #[arg(long, value_enum, default_value = "checkers")]
    pub game: GameName,
    /// The rules: for checkers `english` or `huffing`, optionally with
    /// `,quiet_plies=N`; for pegs fields like `squares=4,reserve=2`.
    #[arg(long)]
    pub rules: Option<String>,
    /// A checkers position in PDN FEN (`B:W21-32:B1-12`); default: the start.
    #[arg(long)]
    pub fen: Option<String>,
    /// A peg position (`b:K11,3/w:2,12,19/hand:0,0/reserve:3,3/turn:w`);
    /// default: the start.
    #[arg(long)]
    pub position: Option<String>,
}

/// A position of one of the games, ready for a generic command.
pub enum AnyPosition {
    /// A checkers position (either rule set).
    Checkers(Position),
    /// A peg game position.
    Pegs(PegPosition),
}

impl GameArgs {
    /// The position the flags describe, or a message saying what is wrong.
    pub fn position(&self) -> Result<AnyPosition, String> {
        match self.game {
            GameName::Checkers => {
                if self.position.is_some() {
                    return Err("--position is a peg position; for checkers use --fen".into());
                }
                let rules: Rules = match &self.rules {
                    Some(text) => text.parse()?,
                    None => Rules::default(),
                };
                let pos = match &self.fen {
                    Some(fen) => {
                        Position::from_fen(fen, rules).map_err(|e| format!("bad --fen: {e}"))?
                    }
                    None => Position::start(rules),
                };
                Ok(AnyPosition::Checkers(pos))
            }
            GameName::Pegs => {
                if self.fen.is_some() {
                    return Err("--fen is a checkers position; for pegs use --position".into());
                }
                // Without --rules a position keeps its own `/rules:` field.
                let rules = match &self.rules {
                    Some(text) => Some(peg_rules(Some(text))?),
                    None => None,
                };
                let pos = match &self.position {
                    Some(text) => PegPosition::parse(text, rules)
                        .map_err(|e| format!("bad --position: {e}"))?,
                    None => PegPosition::start(rules.unwrap_or_default()),
                };
                Ok(AnyPosition::Pegs(pos))
            }
        }
    }
}

/// `--rules` read as peg rules (default: the contract's defaults).
pub fn peg_rules(text: Option<&str>) -> Result<PegRules, String> {
    match text {
        Some(text) => text.parse().map_err(|e| format!("bad --rules: {e}")),
        None => Ok(PegRules::DEFAULT),
    }
}
