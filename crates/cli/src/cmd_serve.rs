//! `parlour serve`: the board in a browser (`parlour_serve`), with the
//! flags turned into its options; `--open` starts the system's browser on
//! it once it listens.

use crate::Run;
use anyhow::{Context, Result};
use clap::Args;
use parlour_games::Games;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

/// Flags of `parlour serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: any free one, printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on: this machine only unless told otherwise
    /// (`0.0.0.0`: every network this machine is on).
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// Start the system's browser on the board.
    #[arg(long)]
    open: bool,
    /// Endgame databases built by `parlour egdb build` (english checkers):
    /// the engine plays and analyses with them, and the board shows their
    /// value. With no DIR, the directory `egdb build` writes to by default.
    #[arg(long, value_name = "DIR")]
    egdb: Option<Option<PathBuf>>,
    /// An opening book: a file made by `parlour book build`, `default` (the
    /// one built in, for english checkers) or `off`. The engine plays a
    /// position in it from the book, without a search (analyses still
    /// search).
    #[arg(long, value_name = "FILE|default|off", default_value = "default")]
    book: parlour_book::BookSpec,
    #[command(flatten)]
    floor: crate::options::BookFloor,
    /// A match's results file (`parlour match --results`) to follow on the
    /// page `/watch` while the match writes it.
    #[arg(long, value_name = "RESULTS")]
    watch: Option<PathBuf>,
    /// The most searches at once, over every page (default: one a core,
    /// at least 2); a search asked for beyond them is refused.
    #[arg(long, value_parser = crate::options::at_least(1usize))]
    searches: Option<usize>,
}

/// Starts the system's browser on `url`, or says why it cannot.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") { "open" } else { "xdg-open" };
    let started = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(e) = started {
        eprintln!("parlour: cannot start a browser ({opener}: {e}); open {url} yourself");
    }
}

impl Run for ServeArgs {
    fn run(self) -> Result<()> {
        let options = parlour_serve::Options {
            host: self.host,
            port: self.port,
            egdb: crate::cmd_egdb::flag_dir(&self.egdb)?,
            book: self.book,
            book_floor: self.floor.book_floor,
            watch: self.watch,
            searches: self.searches.unwrap_or_else(parlour_serve::default_searches),
        };
        if let Some(warning) = parlour_serve::exposure(self.host) {
            eprintln!("parlour: {warning}");
        }
        let open = self.open;
        parlour_serve::serve::<Games>(options, |address: SocketAddr| {
            let shown = if address.ip().is_unspecified() {
                SocketAddr::new(IpAddr::from([127, 0, 0, 1]), address.port())
            } else {
                address
            };
            let url = format!("http://{shown}/");
            println!("parlour serve: the board is at {url} (the match at {url}watch); Ctrl-C stops");
            if open {
                open_browser(&url);
            }
        })
        .context("serve")
    }
}
