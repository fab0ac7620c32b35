//! `parlour hub`: the engine on standard input and output, speaking the Hub
//! protocol (Scan's, as pydraughts' `HubEngine` and Hub GUIs drive it).

use crate::cmd_best::threads;
use crate::options::{AnyPosition, GameArgs};
use clap::Args;
use parlour_hub::{serve, ServerOptions, Variant};

/// Flags of `parlour hub`.
#[derive(Args, Debug)]
pub struct HubArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Search threads (the `threads` parameter; default 1).
    #[arg(long, short)]
    threads: Option<usize>,
    /// Transposition table size in MiB (the `hash` parameter).
    #[arg(long, default_value_t = 64)]
    hash: usize,
}

/// Runs the command.
pub fn run(args: HubArgs) -> Result<(), String> {
    if args.game.fen.is_some() || args.game.position.is_some() {
        return Err("parlour hub takes its positions from the pos command, not --fen".into());
    }
    // The game and rules are checked as every command checks them.
    let variant = match args.game.position()? {
        AnyPosition::Checkers(pos) if pos.rules().is_huffing() => Variant::Huffing,
        AnyPosition::Checkers(_) => Variant::English,
        AnyPosition::Pegs(_) => Variant::Pegs,
    };
    if args.hash == 0 || args.hash > parlour_hub::server::MAX_HASH_MIB {
        return Err(format!(
            "--hash must be from 1 to {} MiB",
            parlour_hub::server::MAX_HASH_MIB
        ));
    }
    let options = ServerOptions {
        variant,
        rules: args.game.rules.clone(),
        threads: threads(Some(args.threads.unwrap_or(1)))?,
        hash_mib: args.hash,
        ..ServerOptions::default()
    };
    serve(std::io::stdin().lock(), std::io::stdout(), options).map_err(|e| format!("hub: {e}"))
}
