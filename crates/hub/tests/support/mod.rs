//! What the Hub tests share: input fed line by line while the code under
//! test reads it, output read while it writes, and reading a move as a Hub
//! line writes it.
#![allow(dead_code)] // each test file uses a part

use parlour_checkers::Position;
use parlour_game::{Game, Variant};
use parlour_hub::ServerOptions;
use parlour_pegs::PegPosition;
use std::io::{BufRead, Read, Write};
use std::sync::mpsc::Receiver;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A Hub engine session over parlour's games, as `parlour hub` serves it.
pub fn serve(
    input: impl BufRead,
    output: impl Write + Send,
    options: ServerOptions,
) -> std::io::Result<()> {
    parlour_hub::serve_games::<parlour_games::Games, _, _>(input, output, options)
}

/// Input fed line by line by the test, as a GUI or a person would.
pub struct Feed(Receiver<Vec<u8>>, Vec<u8>);

impl Feed {
    /// Input that reads what `lines` receives, until it is dropped.
    pub fn new(lines: Receiver<Vec<u8>>) -> Feed {
        Feed(lines, Vec::new())
    }
}

impl Read for Feed {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.1.is_empty() {
            match self.0.recv() {
                Ok(bytes) => self.1 = bytes,
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.1.len());
        buf[..n].copy_from_slice(&self.1[..n]);
        self.1.drain(..n);
        Ok(n)
    }
}

/// Output the test can read while the code under test writes.
#[derive(Clone, Default)]
pub struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    /// Everything written so far.
    pub fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }

    /// Every line written so far.
    pub fn lines(&self) -> Vec<String> {
        self.text().lines().map(str::to_string).collect()
    }

    /// Waits (up to 20 s) until some line satisfies `test`.
    pub fn wait_for(&self, what: &str, test: impl Fn(&str) -> bool) -> Vec<String> {
        let until = Instant::now() + Duration::from_secs(20);
        loop {
            let lines = self.lines();
            if lines.iter().any(|l| test(l)) {
                return lines;
            }
            assert!(Instant::now() < until, "no {what} in {lines:#?}");
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// Reading a move as a Hub line writes it, in a position of either game.
pub trait ReadMove: Game {
    /// The legal move `text` names here.
    fn read_move(&self, text: &str) -> Result<Self::Move, String>;
}

impl ReadMove for Position {
    fn read_move(&self, text: &str) -> Result<Self::Move, String> {
        parlour_checkers::Rules::parse_hub_move(self, text).map_err(|e| e.to_string())
    }
}

impl ReadMove for PegPosition {
    fn read_move(&self, text: &str) -> Result<Self::Move, String> {
        parlour_pegs::PegRules::parse_hub_move(self, text).map_err(|e| e.to_string())
    }
}
