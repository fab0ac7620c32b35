//! Analysis of recorded games, as CheckerBoard's "analyse game": every
//! move of a PDN game gets the engine's score of the position it left
//! (a [`Note`], from the mover's view), and a move after which the engine
//! finds a clearly better one is marked `?` or `??`, that move and its
//! line following it as a PDN variation ([`Alternative`]); with more
//! lines ([`Settings::lines`]), every move is followed by the engine's
//! best moves in its place. The notes and variations are PDN this module
//! reads back: a position whose note is already in the game is not
//! searched again, so an analysed game analysed again comes out
//! unchanged.
//!
//! The flow is two calls, so a caller can build the game's evaluator in
//! between: [`prepare`] replays a [`PdnGame`] as a game of a [`Variant`]
//! and reads the notes it holds; [`analyse`] searches what is missing
//! and returns a [`GameAnalysis`], whose [`GameAnalysis::pdn`] is the
//! annotated game and [`GameAnalysis::scored`] the game as the analysis
//! page shows it.

mod alternative;
mod note;
mod page;
mod write;

pub use alternative::Alternative;
pub use note::{flip, score_text, NotANote, Note, Thresholds, Verdict};
pub use parlour_report::{analysis_page, analysis_section, PlyScore, ScoredGame};
pub use write::write_game;

use alternative::{choose, enough, Source};
use parlour_game::pdn::{PdnGame, ReplayError};
use parlour_game::registry::{EvaluatorOf, MoveOf};
use parlour_game::{Game, History, Outcome, Side, Variant};
use parlour_search::{Limits, Line, Score, Searcher};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// What a mistake's comment said after its note before better moves were
/// variations: `; better MOVE SCORE, line MOVES`. The note is read, the
/// rest left for a search to find again.
const BETTER: &str = "; better ";

/// A game read from PDN and replayed, with the notes it already holds.
pub struct Prepared<V: Variant> {
    game: PdnGame,
    history: History<V::Position>,
    texts: Vec<String>,
    /// `notes[k]`: the note of the position after `k` plies, from its side
    /// to move's view, where the game holds one.
    notes: Vec<Option<Note>>,
    /// `alternatives[i]`: the variations after ply `i`'s move that are
    /// an analysis's alternatives to it.
    alternatives: Vec<Vec<Alternative>>,
    /// Other comments, before the first move and after each ply's, and
    /// other variations after each ply's.
    lead: Vec<String>,
    others: Vec<Vec<String>>,
    variations: Vec<Vec<String>>,
}

impl<V: Variant> Prepared<V> {
    /// The rules the game is played under.
    pub fn rules(&self) -> V {
        V::rules_of(self.history.start())
    }

    /// The start position.
    pub fn start(&self) -> &V::Position {
        self.history.start()
    }

    /// The number of plies.
    pub fn plies(&self) -> usize {
        self.texts.len()
    }

    /// How many positions (the start and the one after each ply) have no
    /// note yet: the searches [`analyse`] makes, apart from re-searches
    /// for a move's alternatives.
    pub fn missing(&self) -> usize {
        self.notes.iter().filter(|n| n.is_none()).count()
    }
}

/// Replays `game` (under its `Rules` tag, else `rules`; from its `FEN` or
/// `Position` tag, else the start) and reads its notes: the comment before
/// the first move is the start position's, each move's first comment its
/// own, and the variations after a move that read as [`Alternative`]s
/// its alternatives; other comments and variations are kept and written
/// back after them.
pub fn prepare<V: Variant>(game: &PdnGame, rules: V) -> Result<Prepared<V>, ReplayError<V>> {
    let history = game.replay(rules)?;
    let texts = V::split_line(&game.moves);
    let mut notes = vec![None; texts.len() + 1];
    let mut lead = Vec::new();
    for text in game.leading_comments() {
        match text.parse::<Note>() {
            Ok(note) if notes[0].is_none() => notes[0] = Some(note),
            _ => lead.push(text.to_string()),
        }
    }
    let mut others = Vec::with_capacity(texts.len());
    for (i, comments) in game.comments_per_ply(&texts).into_iter().enumerate() {
        let mut rest = Vec::new();
        for text in comments {
            // An older analysis's better move is left out: it is found again.
            let head = text.split_once(BETTER).map_or(text, |(head, _)| head);
            match head.parse::<Note>() {
                // Notes are written from the mover's view.
                Ok(note) if notes[i + 1].is_none() => notes[i + 1] = Some(mover_view(note)),
                _ => rest.push(text.to_string()),
            }
        }
        others.push(rest);
    }
    let (alternatives, variations) = read_variations::<V>(game, &texts, &history);
    Ok(Prepared {
        game: game.clone(),
        history,
        texts,
        notes,
        alternatives,
        lead,
        others,
        variations,
    })
}

/// The variations after each ply's move: those that read as alternatives
/// to it (in the position before it), and the others.
fn read_variations<V: Variant>(
    game: &PdnGame,
    texts: &[String],
    history: &History<V::Position>,
) -> (Vec<Vec<Alternative>>, Vec<Vec<String>>) {
    let mut before = *history.start();
    let mut alternatives = Vec::with_capacity(texts.len());
    let mut others = Vec::with_capacity(texts.len());
    let per_ply = game.variations_per_ply(texts);
    for (variations, &mv) in per_ply.into_iter().zip(history.moves()) {
        let mut read = Vec::new();
        let mut rest = Vec::new();
        for text in variations {
            match Alternative::read::<V>(text, &before) {
                Some(alternative) => read.push(alternative),
                None => rest.push(text.to_string()),
            }
        }
        alternatives.push(read);
        others.push(rest);
        before = before.play(mv);
    }
    (alternatives, others)
}

/// How an analysis searches and judges.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The limit of every search.
    pub limits: Limits,
    /// When a move is marked.
    pub thresholds: Thresholds,
    /// How many alternatives each move gets (multi-PV, 1 to
    /// [`parlour_search::MAX_LINES`]): with 1, only a marked move gets one,
    /// its better move; with more, every move gets the engine's best
    /// moves of the position before it, the move played left out.
    pub lines: usize,
}

/// One analysed move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyAnalysis {
    /// The move as the game wrote it.
    pub text: String,
    /// The score of the position it left, from the mover's view.
    pub note: Note,
    /// Its mark.
    pub verdict: Verdict,
    /// Other moves in its place, each with its line and score: a marked
    /// move's better move first.
    pub alternatives: Vec<Alternative>,
    /// The game's other comments after this move.
    pub others: Vec<String>,
    /// The game's other variations after this move.
    pub variations: Vec<String>,
}

impl PlyAnalysis {
    /// For a marked move: `MOVE SCORE, line MOVES`, the engine's move
    /// instead, its score from the mover's view and its line.
    pub fn better(&self) -> Option<String> {
        let better = self.alternatives.first()?;
        (self.verdict != Verdict::Good).then(|| {
            format!(
                "{} {}, line {}",
                better.line.first().map_or("", String::as_str),
                score_text(better.note.score),
                better.line.join(" ")
            )
        })
    }
}

/// A game analysed: its tags, the start position's note (from the side to
/// move's view) and every move's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameAnalysis {
    /// The tag pairs, as read.
    pub tags: Vec<(String, String)>,
    /// Who made the first move.
    pub first: Side,
    /// The start position's note.
    pub start: Note,
    /// The game's other comments before its first move.
    pub lead: Vec<String>,
    /// Each ply in turn.
    pub plies: Vec<PlyAnalysis>,
    /// The result the movetext ends with, as written.
    pub result: Option<String>,
    /// How many searches this analysis made.
    pub searches: usize,
}

/// One position done, for progress: `done` of `total` positions (the
/// start and one per ply), `searched` if it was searched now.
#[derive(Clone, Copy, Debug)]
pub struct Step<'a> {
    /// Positions done so far, this one included.
    pub done: usize,
    /// Positions in the game.
    pub total: usize,
    /// Whether it was searched now (not read from the game).
    pub searched: bool,
    /// The move that led to it (none for the start).
    pub mv: Option<&'a str>,
    /// Its note, from the mover's view (for the start, the side to move's).
    pub note: Note,
}

/// The searcher and evaluator an analysis uses.
struct Engine<'a, V: Variant> {
    searcher: &'a mut Searcher,
    eval: &'a EvaluatorOf<V>,
    limits: Limits,
    stop: &'a Arc<AtomicBool>,
    searches: usize,
}

/// What a search of a position found: its note, from its side to move's
/// view, and its best lines, best first.
struct Found<M> {
    note: Note,
    lines: Vec<Line<M>>,
}

impl<V: Variant> Engine<'_, V> {
    /// What `history`'s position is worth, with its `lines` best lines
    /// where it has moves: the rules' verdict on a finished game, else a
    /// search.
    fn note(&mut self, history: &History<V::Position>, lines: usize) -> Found<MoveOf<V>> {
        if let Some((outcome, _)) = history.ending() {
            let score = match outcome {
                Outcome::Draw => Score::Value(0),
                Outcome::Win(side) if side == history.current().side_to_move() => Score::Win(0),
                Outcome::Win(_) => Score::Loss(0),
            };
            let time = Duration::ZERO;
            let note = Note {
                score,
                depth: 0,
                time,
            };
            return Found {
                note,
                lines: Vec::new(),
            };
        }
        self.searches += 1;
        let result =
            self.searcher
                .search_lines(history, self.limits, self.eval, self.stop, lines, |_| {});
        let mut found: Vec<Line<MoveOf<V>>> = result
            .lines
            .into_iter()
            .filter(|l| !l.pv.is_empty())
            .collect();
        if let Some(mv) = result.best_move {
            // No depth finished (a search stopped at once): its move alone.
            if found.first().map(Line::first) != Some(mv) {
                let pv = if result.pv.first() == Some(&mv) {
                    result.pv
                } else {
                    vec![mv]
                };
                found = vec![Line {
                    score: result.score,
                    pv,
                }];
            }
        }
        let note = Note {
            score: result.score,
            depth: result.depth,
            time: result.time,
        };
        Found { note, lines: found }
    }
}

/// Analyses a prepared game: searches every position without a note
/// (with `searcher` and `eval`, under `settings.limits`), judges every
/// move, and calls `progress` once per position.
pub fn analyse<V: Variant>(
    prepared: Prepared<V>,
    searcher: &mut Searcher,
    eval: &EvaluatorOf<V>,
    settings: &Settings,
    progress: impl FnMut(Step<'_>),
) -> GameAnalysis {
    let stop = Arc::new(AtomicBool::new(false));
    analyse_until(prepared, searcher, eval, settings, &stop, progress)
}

/// [`analyse`] for a caller that may give up on it: once `stop` is set,
/// every search left answers at once (with its first move), so the
/// analysis ends in moments; what it returns then is not worth keeping.
pub fn analyse_until<V: Variant>(
    prepared: Prepared<V>,
    searcher: &mut Searcher,
    eval: &EvaluatorOf<V>,
    settings: &Settings,
    stop: &Arc<AtomicBool>,
    mut progress: impl FnMut(Step<'_>),
) -> GameAnalysis {
    let mut engine = Engine::<V> {
        searcher,
        eval,
        limits: settings.limits,
        stop,
        searches: 0,
    };
    let moves = prepared.history.moves().to_vec();
    let total = moves.len() + 1;
    let mut history = History::new(*prepared.history.start());
    // notes[k] from the side to move's view; found[k] where searched now.
    let mut notes = Vec::with_capacity(total);
    let mut found: Vec<Option<Found<MoveOf<V>>>> = Vec::with_capacity(total);
    for k in 0..total {
        if k > 0 {
            history.push(moves[k - 1]);
        }
        // The last position has no move to find alternatives to.
        let lines = if k + 1 < total { settings.lines } else { 1 };
        let (note, searched) = match prepared.notes[k] {
            Some(note) => (note, None),
            None => {
                let found = engine.note(&history, lines);
                (found.note, Some(found))
            }
        };
        progress(Step {
            done: k + 1,
            total,
            searched: searched.is_some(),
            mv: k.checked_sub(1).map(|i| prepared.texts[i].as_str()),
            note: if k == 0 { note } else { mover_view(note) },
        });
        notes.push(note);
        found.push(searched);
    }
    let plies = judge_all(&prepared, &mut engine, &notes, &mut found, settings);
    GameAnalysis {
        tags: prepared.game.tags.clone(),
        first: prepared.history.start().side_to_move(),
        start: notes[0],
        lead: prepared.lead,
        plies,
        result: prepared.game.result.clone(),
        searches: engine.searches,
    }
}

/// A note turned to the mover's view.
fn mover_view(note: Note) -> Note {
    Note {
        score: flip(note.score),
        ..note
    }
}

/// Every move's verdict and alternatives (from a search made now, else
/// the game's variations where they are enough, else a search of the
/// position before the move again).
fn judge_all<V: Variant>(
    prepared: &Prepared<V>,
    engine: &mut Engine<'_, V>,
    notes: &[Note],
    found: &mut [Option<Found<MoveOf<V>>>],
    settings: &Settings,
) -> Vec<PlyAnalysis> {
    let moves = prepared.history.moves();
    let mut history = History::new(*prepared.history.start());
    let mut plies = Vec::with_capacity(moves.len());
    for (i, &mv) in moves.iter().enumerate() {
        let played = flip(notes[i + 1].score);
        let verdict = settings.thresholds.judge(notes[i].score, played);
        let read = &prepared.alternatives[i];
        let others = history.current().count_moves().saturating_sub(1) as usize;
        let marked = verdict != Verdict::Good;
        let wanted = settings.lines > 1 || marked;
        if wanted && found[i].is_none() && !enough(read, settings.lines, marked, others) {
            found[i] = Some(engine.note(&history, settings.lines));
        }
        let source = match &found[i] {
            Some(f) => Source::Searched {
                lines: &f.lines,
                note: f.note,
            },
            None => Source::Read(read),
        };
        let choice = choose(
            verdict,
            mv,
            played,
            source,
            settings.lines,
            &settings.thresholds,
        );
        plies.push(PlyAnalysis {
            text: prepared.texts[i].clone(),
            note: mover_view(notes[i + 1]),
            verdict: choice.verdict,
            alternatives: choice.alternatives,
            others: prepared.others[i].clone(),
            variations: prepared.variations[i].clone(),
        });
        history.push(mv);
    }
    plies
}
