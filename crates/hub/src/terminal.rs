//! A game against the engine for a person at a terminal: [`play`] reads
//! the person's moves and commands from any `BufRead` and writes the board
//! after every move to any `Write`, so a test can drive a whole game.
//!
//! Commands: a move in the game's notation, `undo` (take back your last
//! move and the engine's answer), `hint`, `moves`, `fen` / `position`,
//! `board`, `save FILE` (PDN), `help`, `quit`.

use parlour_game::registry::{sorted_moves, EvaluatorOf, MoveOf};
use parlour_game::{pdn, Game, History, Outcome, Side, Variant};
use parlour_search::{Limits, Searcher, SearcherError, Skill};
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// Why a game could not be played to its end.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// Reading the person's input or writing the board failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The searcher could not be made.
    #[error(transparent)]
    Searcher(#[from] SearcherError),
}

/// The engine's limit in a terminal game when none is asked for: half a
/// second a move.
pub const DEFAULT_LIMITS: Limits = Limits::movetime(Duration::from_millis(500));

/// How the engine plays and what is saved.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// The side the person plays.
    pub human: Side,
    /// The engine's limit for each move (and for `hint`).
    pub limits: Limits,
    /// Search threads.
    pub threads: usize,
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Save the game as PDN here at the end; without it, the person is
    /// asked.
    pub pdn: Option<PathBuf>,
    /// The engine's skill level (a `hint` is always full strength).
    pub skill: Skill,
    /// The seed of a weaker level's draws.
    pub seed: u64,
    /// The opening book the engine plays from (its best move) before it
    /// searches.
    pub book: Option<Arc<parlour_book::Book>>,
    /// How the book's move is picked, and the seed of a varied pick.
    pub book_pick: (parlour_book::Pick, u64),
    /// The least depth a book move is played at without a search.
    pub book_floor: u32,
}

impl Default for PlayOptions {
    fn default() -> Self {
        PlayOptions {
            human: Side::Black,
            limits: DEFAULT_LIMITS,
            threads: 1,
            hash_mib: 32,
            pdn: None,
            skill: Skill::FULL,
            seed: 0,
            book: None,
            book_pick: (parlour_book::Pick::Best, 0),
            book_floor: parlour_book::DEFAULT_FLOOR,
        }
    }
}

const HELP: &str = "\
commands:
  <move>      play a move (see the notation below)
  undo        take back your last move (and the engine's answer)
  hint        ask the engine for a move
  moves       list the legal moves
  fen         print the position's text form (also `position`)
  board       draw the board again
  save FILE   save the game so far as PDN
  help        this list
  quit        end the game";

/// The PDN text of a game: tags, the numbered moves, the result (`*` for
/// a game not finished).
pub fn pdn_text<V: Variant>(
    history: &History<V::Position>,
    black: &str,
    white: &str,
    outcome: Option<Outcome>,
) -> String {
    let result = outcome.map_or("*", |o| o.pdn());
    let mut tags = vec![
        ("Event".to_string(), "parlour play".to_string()),
        ("Black".to_string(), black.to_string()),
        ("White".to_string(), white.to_string()),
        ("Result".to_string(), result.to_string()),
    ];
    let start = history.start();
    tags.extend(V::rules_of(start).pdn_tags(&start.to_string()));
    let mut out: String = tags
        .iter()
        .map(|(key, value)| pdn::tag(key, value))
        .collect();
    out.push('\n');
    let moves: Vec<String> = history.moves().iter().map(|mv| mv.to_string()).collect();
    let first = history.start().side_to_move();
    out.push_str(&pdn::movetext(first, &moves, &[result.to_string()]));
    out
}

struct Session<'a, V: Variant, R: BufRead, W: Write> {
    history: History<V::Position>,
    input: R,
    out: W,
    options: &'a PlayOptions,
    searcher: Searcher,
    eval: EvaluatorOf<V>,
}

impl<V: Variant, R: BufRead, W: Write> Session<'_, V, R, W> {
    fn names(&self) -> (&'static str, &'static str) {
        match self.options.human {
            Side::Black => ("you", "parlour"),
            Side::White => ("parlour", "you"),
        }
    }

    fn save(&mut self, path: &Path) -> io::Result<()> {
        let (black, white) = self.names();
        let text = pdn_text::<V>(&self.history, black, white, self.history.outcome());
        match std::fs::write(path, text) {
            Ok(()) => writeln!(self.out, "saved the game to {}", path.display()),
            Err(e) => writeln!(self.out, "cannot save to {}: {e}", path.display()),
        }
    }

    /// The engine's move at `skill` and its score, and whether it came
    /// from the book (played without a search).
    fn think(&mut self, skill: Skill) -> (Option<MoveOf<V>>, parlour_search::Score, bool) {
        let pos = self.history.current();
        if let Some(book) = &self.options.book {
            let (pick, seed) = self.options.book_pick;
            if let Some(choice) = book.choose(pos, pick, self.options.book_floor, seed) {
                let score = parlour_search::Score::from_internal(choice.value);
                return (Some(choice.mv), score, true);
            }
        }
        let stop = Arc::new(AtomicBool::new(false));
        let (limits, seed) = (self.options.limits, self.options.seed);
        let result = self.searcher.search_skill(
            &self.history,
            limits,
            skill,
            seed,
            &self.eval,
            &stop,
            |_| {},
        );
        (result.best_move, result.score, false)
    }

    fn board(&mut self) -> io::Result<()> {
        let diagram = V::diagram_for(self.history.current(), self.options.human);
        write!(self.out, "\n{diagram}")
    }

    /// Takes back moves until it is the person's turn again, having taken
    /// back at least one of theirs.
    fn undo(&mut self) -> io::Result<()> {
        let human = self.options.human;
        let mut positions: Vec<V::Position> = vec![*self.history.start()];
        let mut pos = *self.history.start();
        for &mv in self.history.moves() {
            pos = pos.play(mv);
            positions.push(pos);
        }
        // The last position before a move of the person's.
        let target = (0..self.history.moves().len())
            .rev()
            .find(|&i| positions[i].side_to_move() == human);
        let Some(target) = target else {
            return writeln!(self.out, "nothing to undo: you have not moved yet");
        };
        let mut taken = Vec::new();
        while self.history.moves().len() > target {
            taken.push(self.history.pop().expect("moves left").to_string());
        }
        taken.reverse();
        writeln!(self.out, "took back {}", taken.join(" "))?;
        self.board()
    }

    fn run(&mut self) -> io::Result<Option<Outcome>> {
        let (black, white) = self.names();
        writeln!(
            self.out,
            "parlour: you play {} against the engine; type `help` for the commands",
            self.options.human
        )?;
        writeln!(self.out, "Black: {black}, White: {white}")?;
        self.board()?;
        let mut line = String::new();
        loop {
            if let Some(outcome) = self.history.outcome() {
                let text = match outcome {
                    Outcome::Win(side) if side == self.options.human => "you win".to_string(),
                    Outcome::Win(_) => "parlour wins".to_string(),
                    Outcome::Draw => "a draw".to_string(),
                };
                writeln!(self.out, "game over: {outcome} ({text}), {}", outcome.pdn())?;
                return Ok(Some(outcome));
            }
            if self.history.current().side_to_move() != self.options.human {
                let (best, score, from_book) = self.think(self.options.skill);
                let mv = best.expect("a game not over has a legal move");
                let book = if from_book { "book, " } else { "" };
                writeln!(self.out, "parlour plays {mv} ({book}score {score})")?;
                if let Some(why) = V::explain(self.history.current(), mv) {
                    writeln!(self.out, "({why})")?;
                }
                self.history.push(mv);
                self.board()?;
                continue;
            }
            write!(self.out, "your move ({})> ", self.options.human)?;
            self.out.flush()?;
            line.clear();
            if self.input.read_line(&mut line)? == 0 {
                writeln!(self.out)?;
                return Ok(None);
            }
            let text = line.trim();
            let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
            match word {
                "" => {}
                "quit" | "exit" => return Ok(None),
                "help" | "?" => {
                    writeln!(self.out, "{HELP}")?;
                    let rules = V::rules_of(self.history.current());
                    writeln!(self.out, "{}", rules.notation())?;
                }
                "moves" => {
                    let moves = sorted_moves(self.history.current());
                    writeln!(self.out, "{}", moves.join(" "))?;
                }
                "fen" | "position" => {
                    let text = self.history.current().to_string();
                    writeln!(self.out, "{text}")?;
                }
                "board" => self.board()?,
                "hint" => {
                    let (best, score, from_book) = self.think(Skill::FULL);
                    if let Some(mv) = best {
                        let book = if from_book { "book, " } else { "" };
                        writeln!(self.out, "hint: {mv} ({book}score {score})")?;
                    }
                }
                "undo" => self.undo()?,
                "save" if rest.trim().is_empty() => {
                    writeln!(self.out, "save needs a file name: save game.pdn")?
                }
                "save" => self.save(Path::new(rest.trim()))?,
                _ => match self.history.current().parse_move(text) {
                    Ok(mv) => {
                        self.history.push(mv);
                        self.board()?;
                    }
                    Err(e) => {
                        let why = crate::message::full_message(&e);
                        writeln!(self.out, "{why}; type `moves` for the legal moves")?
                    }
                },
            }
        }
    }
}

/// Plays a game from `start` between a person (on `input` and `output`)
/// and the engine, which scores positions with `eval`, until the game
/// ends, `quit`, or the end of input; then saves it as PDN to
/// `options.pdn`, or asks for a file name. Returns the result, `None` if
/// the game was left unfinished.
pub fn play<V: Variant, R: BufRead, W: Write>(
    start: V::Position,
    input: R,
    output: W,
    options: &PlayOptions,
    eval: EvaluatorOf<V>,
) -> Result<Option<Outcome>, PlayError> {
    let searcher = Searcher::new(options.threads, options.hash_mib)?;
    let mut session = Session::<V, R, W> {
        history: History::new(start),
        input,
        out: output,
        options,
        searcher,
        eval,
    };
    let outcome = session.run()?;
    match &options.pdn {
        Some(path) => session.save(path)?,
        None if !session.history.moves().is_empty() => {
            write!(
                session.out,
                "save the game as PDN? a file name, or nothing to leave> "
            )?;
            session.out.flush()?;
            let mut line = String::new();
            if session.input.read_line(&mut line)? > 0 && !line.trim().is_empty() {
                session.save(Path::new(line.trim()))?;
            } else {
                writeln!(session.out)?;
            }
        }
        None => {}
    }
    Ok(outcome)
}
