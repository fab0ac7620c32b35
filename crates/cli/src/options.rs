//! The flags every command shares: which game, which rules, which position.

use clap::{Args, ValueEnum};
use parlour_checkers::{Position, Rules};

/// The games parlour plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    /// Checkers, under `--rules english` (default) or `--rules huffing`.
    Checkers,
}

/// `--game`, `--rules` and the position.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The game.
    #[arg(long, value_enum, default_value = "checkers")]
    pub game: GameName,
    /// The rules: for checkers `english` or `huffing`, optionally with
    /// `,quiet_plies=N`.
    #[arg(long)]
    pub rules: Option<String>,
    /// A checkers position in PDN FEN (`B:W21-32:B1-12`); default: the start.
    #[arg(long)]
    pub fen: Option<String>,
}

/// A position of one of the games, ready for a generic command.
pub enum AnyPosition {
    /// A checkers position (either rule set).
    Checkers(Position),
}

impl GameArgs {
    /// The position the flags describe, or a message saying what is wrong.
    pub fn position(&self) -> Result<AnyPosition, String> {
        match self.game {
            GameName::Checkers => {
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
        }
    }
}
