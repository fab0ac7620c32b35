//! One game as the routes use it, whichever game it is: the generic code
//! over one [`Variant`] behind the object-safe [`Desk`], made for each
//! game of the list when the server starts ([`desks`]), as the Hub
//! server keeps its game behind a table. Every request names its game
//! and carries its game whole ([`GameSpec`]: rules, start, moves), which
//! the desk reads and checks before it does anything, so no state of a
//! page lives here and a page reloaded loses nothing.

use crate::api::{
    ArrowJson, BoardJson, ComposeRequest, ExportRequest, GameEntry, GameSpec, MoveJson,
    PositionReply, Record, ResultJson, RuleSet, TablesReply, MOST_MOVES,
};
use crate::engine::{self, Answer, Job};
use crate::error::ApiError;
use crate::watch::{self, Snapshot};
use parlour_arena::analyse;
use parlour_book::{Book, Pick};
use parlour_game::pdn::PdnGame;
use parlour_game::registry::board_order;
use parlour_game::{Game, GameList, History, MoveList, Outcome, Variant, Visit};
use parlour_search::Limits;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What the routes ask of a game.
pub trait Desk: Send + Sync {
    /// The game's name.
    fn name(&self) -> &'static str;
    /// What the catalogue says of it.
    fn entry(&self) -> GameEntry;
    /// The position a game reaches, with its board and moves.
    fn position(&self, spec: &GameSpec) -> Result<PositionReply, ApiError>;
    /// The game with one more move.
    fn play(&self, spec: &GameSpec, mv: &str) -> Result<PositionReply, ApiError>;
    /// The start of a game set up in the editor.
    fn compose(&self, request: &ComposeRequest) -> Result<PositionReply, ApiError>;
    /// A game read from PDN.
    fn import(&self, game: &PdnGame) -> Result<(GameSpec, Record), ApiError>;
    /// A game written as PDN.
    fn export(&self, request: &ExportRequest) -> Result<String, ApiError>;
    /// A search of a game's position: the engine's move, or an analysis.
    fn search(&self, spec: &GameSpec, limits: Limits, answer: Answer) -> Result<Job, ApiError>;
    /// An annotation of a game.
    fn annotation(&self, spec: &GameSpec, limits: Limits) -> Result<Job, ApiError>;
    /// What the endgame databases say of a game's position.
    fn probe(&self, spec: &GameSpec) -> Result<TablesReply, ApiError>;
    /// A match's results file read, under the rules its header names.
    fn watch(&self, path: &Path, rules: &str) -> Result<Snapshot, watch::WatchError>;
}

/// The desk of the game `V`.
struct GameDesk<V: Variant> {
    /// The endgame databases' folder, where the game reads them.
    egdb: Option<PathBuf>,
    /// The opening book, where it is this game's.
    book: Option<Arc<Book>>,
    /// The least depth a book move is played at without a search.
    book_floor: u32,
    game: PhantomData<V>,
}

/// The rules and start of a game, read.
fn read_start<V: Variant>(spec: &GameSpec) -> Result<V::Position, ApiError> {
    let rules = match &spec.rules {
        Some(text) => Some(V::parse_rules(text).map_err(|e| ApiError::game("rules", &e))?),
        None => None,
    };
    match &spec.start {
        Some(text) => V::parse_position(rules, text).map_err(|e| ApiError::game("start", &e)),
        None => Ok(rules.unwrap_or_default().start()),
    }
}

/// A game read and replayed: its rules, start and every move checked.
fn replay<V: Variant>(spec: &GameSpec) -> Result<History<V::Position>, ApiError> {
    if spec.moves.len() > MOST_MOVES {
        return Err(ApiError::Field {
            field: "moves",
            why: "at most 2000 moves",
        });
    }
    let mut history = History::new(read_start::<V>(spec)?);
    for (i, text) in spec.moves.iter().enumerate() {
        push::<V>(&mut history, text).map_err(|e| match e {
            ApiError::Game { message, .. } => ApiError::Game {
                what: format!("move {}", i + 1),
                message,
            },
            other => other,
        })?;
    }
    Ok(history)
}

/// Plays the move `text` names, if the game is not over.
fn push<V: Variant>(history: &mut History<V::Position>, text: &str) -> Result<(), ApiError> {
    if let Some((outcome, ending)) = history.ending() {
        return Err(ApiError::Game {
            what: "move".into(),
            message: format!("the game is over ({outcome}: {ending})"),
        });
    }
    let pos = history.current();
    let mv = pos
        .parse_move(text.trim())
        .map_err(|e| ApiError::game("move", &e))?;
    history.push(mv);
    Ok(())
}

/// A game's spec written out from its history: rules, start and moves as
/// the game writes them.
fn spec_of<V: Variant>(history: &History<V::Position>) -> GameSpec {
    let start = history.start();
    GameSpec {
        game: V::NAME.to_string(),
        rules: Some(V::rules_of(start).to_string()),
        start: Some(start.to_string()),
        moves: history.moves().iter().map(ToString::to_string).collect(),
    }
}

/// The game's moves of `pos`, as the page drives them, in board order.
fn legal_moves<V: Variant>(pos: &V::Position) -> Result<Vec<MoveJson>, ApiError> {
    let mut list = <V::Position as Game>::MoveList::default();
    pos.legal_moves(&mut list);
    let mut moves = Vec::with_capacity(list.len());
    for &mv in list.as_ref() {
        let view = V::move_view(pos, mv).ok_or(ApiError::NoView(V::NAME))?;
        moves.push(MoveJson::new(mv.to_string(), view, V::explain(pos, mv)));
    }
    moves.sort_by(|a, b| board_order(&a.text, &b.text));
    Ok(moves)
}

/// The position a history reaches, as the page shows it.
fn reply<V: Variant>(history: &History<V::Position>) -> Result<PositionReply, ApiError> {
    let pos = history.current();
    let board = V::view(pos).ok_or(ApiError::NoView(V::NAME))?;
    let ending = history.ending();
    let result = ending.map(|(outcome, ending)| ResultJson {
        winner: match outcome {
            Outcome::Win(side) => Some(side.name()),
            Outcome::Draw => None,
        },
        pdn: outcome.pdn(),
        reason: ending.to_string(),
    });
    Ok(PositionReply {
        position: spec_of::<V>(history),
        text: pos.to_string(),
        side: pos.side_to_move().name(),
        board: BoardJson::from(board),
        moves: if ending.is_some() {
            Vec::new()
        } else {
            legal_moves::<V>(pos)?
        },
        quiet_plies: history.quiet_plies(),
        quiet_limit: pos.quiet_ply_limit(),
        result,
        last: last_move::<V>(history),
    })
}

/// The last move of a history, as the points it went through.
fn last_move<V: Variant>(history: &History<V::Position>) -> Option<ArrowJson> {
    let (&last, before) = history.moves().split_last()?;
    let pos = (before.iter()).fold(*history.start(), |pos, &mv| pos.play(mv));
    let view = V::move_view(&pos, last)?;
    Some(ArrowJson {
        from: view.from,
        path: view.path,
    })
}

/// The game is not over: there is something to search.
fn searchable<V: Variant>(history: &History<V::Position>) -> Result<(), ApiError> {
    match history.ending() {
        Some((outcome, ending)) => Err(ApiError::GameOver(format!("{outcome} ({ending})"))),
        None => Ok(()),
    }
}

/// The PDN tags of a game played on the page.
fn page_tags<V: Variant>(start: &V::Position, request: &ExportRequest) -> Vec<(String, String)> {
    let name = |n: &Option<String>| n.clone().unwrap_or_else(|| "?".to_string());
    let mut tags = vec![
        ("Event".to_string(), "parlour serve".to_string()),
        ("Site".to_string(), "?".to_string()),
        ("Date".to_string(), parlour_arena::today()),
        ("Round".to_string(), "-".to_string()),
        ("Black".to_string(), name(&request.black)),
        ("White".to_string(), name(&request.white)),
        ("Result".to_string(), "*".to_string()),
    ];
    tags.extend(V::rules_of(start).pdn_tags(&start.to_string()));
    tags
}

impl<V: Variant> Desk for GameDesk<V> {
    fn name(&self) -> &'static str {
        V::NAME
    }

    fn entry(&self) -> GameEntry {
        GameEntry {
            name: V::NAME,
            about: V::ABOUT,
            notation: V::default().notation(),
            rule_sets: (V::hub_variants().iter())
                .map(|&name| RuleSet {
                    name,
                    rules: V::for_hub_variant(name).unwrap_or_default().to_string(),
                })
                .collect(),
            tables: self.egdb.is_some(),
        }
    }

    fn position(&self, spec: &GameSpec) -> Result<PositionReply, ApiError> {
        reply::<V>(&replay::<V>(spec)?)
    }

    fn play(&self, spec: &GameSpec, mv: &str) -> Result<PositionReply, ApiError> {
        let mut history = replay::<V>(spec)?;
        push::<V>(&mut history, mv)?;
        reply::<V>(&history)
    }

    fn compose(&self, request: &ComposeRequest) -> Result<PositionReply, ApiError> {
        let rules = match &request.rules {
            Some(text) => V::parse_rules(text).map_err(|e| ApiError::game("rules", &e))?,
            None => V::default(),
        };
        if request.pieces.len() > 1000 {
            return Err(ApiError::Field {
                field: "pieces",
                why: "at most one a point",
            });
        }
        let composed = rules
            .compose(&request.setup())
            .ok_or(ApiError::NoView(V::NAME))?;
        let start = composed.map_err(|e| ApiError::game("position", &e))?;
        reply::<V>(&History::new(start))
    }

    fn import(&self, game: &PdnGame) -> Result<(GameSpec, Record), ApiError> {
        let history =
            (game.replay(V::default())).map_err(|e| ApiError::game("the PDN game", &e))?;
        let texts = V::split_line(&game.moves);
        let record = Record {
            tags: game.tags.clone(),
            lead: game.leading_comments().map(str::to_string).collect(),
            comments: (game.comments_per_ply(&texts).into_iter())
                .map(|c| c.into_iter().map(str::to_string).collect())
                .collect(),
            result: game.result.clone(),
        };
        Ok((spec_of::<V>(&history), record))
    }

    fn export(&self, request: &ExportRequest) -> Result<String, ApiError> {
        let history = replay::<V>(&request.position)?;
        let start = history.start();
        let record = request.record.clone().unwrap_or_else(|| Record {
            tags: page_tags::<V>(start, request),
            ..Record::default()
        });
        let result = match (history.outcome(), &request.result, &record.result) {
            (Some(outcome), ..) => outcome.pdn().to_string(),
            (None, Some(result), _) | (None, None, Some(result)) => result.clone(),
            (None, None, None) => "*".to_string(),
        };
        if !matches!(
            result.as_str(),
            "*" | "2-0" | "0-2" | "1-1" | "1-0" | "0-1" | "0-0" | "1/2-1/2"
        ) {
            return Err(ApiError::Field {
                field: "result",
                why: "a PDN result: 2-0, 0-2, 1-1 or *",
            });
        }
        let mut tags = record.tags.clone();
        for (key, value) in &mut tags {
            if key == "Result" {
                value.clone_from(&result);
            }
        }
        let texts: Vec<String> = history.moves().iter().map(ToString::to_string).collect();
        let mut comments = record.comments.clone();
        comments.resize(texts.len(), Vec::new());
        let first = start.side_to_move();
        let lead = &record.lead;
        Ok(analyse::write_game(
            &tags,
            first,
            lead,
            &texts,
            &comments,
            &[],
            Some(&result),
        ))
    }

    fn search(&self, spec: &GameSpec, limits: Limits, answer: Answer) -> Result<Job, ApiError> {
        let history = replay::<V>(spec)?;
        searchable::<V>(&history)?;
        let rules = V::rules_of(history.start());
        let book = self
            .book
            .as_ref()
            .filter(|b| b.header.rules == rules.to_string());
        if let (Answer::Move(..), Some(book)) = (answer, book) {
            if let Some(choice) = book.choose(history.current(), Pick::Best, self.book_floor, 0) {
                return Ok(engine::book_move::<V>(*history.current(), choice));
            }
        }
        let eval = engine::evaluator(&rules, self.egdb.as_deref())?;
        Ok(engine::search::<V>(history, eval, limits, answer))
    }

    fn annotation(&self, spec: &GameSpec, limits: Limits) -> Result<Job, ApiError> {
        let history = replay::<V>(spec)?;
        let rules = V::rules_of(history.start());
        let moves: Vec<String> = history.moves().iter().map(ToString::to_string).collect();
        let game = PdnGame {
            tags: page_tags::<V>(history.start(), &ExportRequest::default()),
            moves: moves.join(" "),
            result: None,
            comments: Vec::new(),
            variations: Vec::new(),
        };
        let prepared =
            analyse::prepare(&game, rules).map_err(|e| ApiError::game("the game", &e))?;
        let eval = engine::evaluator(&rules, self.egdb.as_deref())?;
        Ok(engine::annotation::<V>(prepared, eval, limits))
    }

    fn probe(&self, spec: &GameSpec) -> Result<TablesReply, ApiError> {
        let history = replay::<V>(spec)?;
        if self.egdb.is_none() {
            return Err(ApiError::NoTables);
        }
        let eval = engine::evaluator(&V::rules_of(history.start()), self.egdb.as_deref())?;
        Ok(engine::probe::<V>(&eval, history.current()))
    }

    fn watch(&self, path: &Path, rules: &str) -> Result<Snapshot, watch::WatchError> {
        watch::snapshot::<V>(path, rules)
    }
}

/// Makes a game's desk, given the databases' folder.
struct Open<'a> {
    egdb: Option<&'a Path>,
    book: Option<Arc<Book>>,
    book_floor: u32,
}

impl Visit for Open<'_> {
    type Output = Result<Box<dyn Desk>, ApiError>;

    fn visit<V: Variant>(self) -> Self::Output {
        // A game without databases is served without them; a game with
        // them must open the folder given.
        let egdb = match (self.egdb, V::tables()) {
            (Some(dir), Some(_)) => {
                engine::evaluator(&V::default(), Some(dir))?;
                Some(dir.to_path_buf())
            }
            _ => None,
        };
        let book = self.book.filter(|b| b.header.game == V::NAME);
        // Before the server listens: the first question would hold the
        // book's lock and one of the server's workers (`Book::warm`).
        if let Some(book) = &book {
            book.warm::<V>();
        }
        Ok(Box::new(GameDesk::<V> {
            egdb,
            book,
            book_floor: self.book_floor,
            game: PhantomData,
        }))
    }
}

/// The desk of every game of `L` that has a board view, in the list's
/// order, with the databases of `egdb` where a game reads them and the
/// book where it is the game's, played from at `book_floor`.
pub fn desks<L: GameList>(
    egdb: Option<&Path>,
    book: Option<Arc<Book>>,
    book_floor: u32,
) -> Result<Vec<Box<dyn Desk>>, ApiError> {
    let mut desks = Vec::new();
    for name in L::names() {
        let open = Open {
            egdb,
            book: book.clone(),
            book_floor,
        };
        let desk = L::visit(name, open).expect("a listed name")?;
        let start = GameSpec {
            game: name.to_string(),
            ..GameSpec::default()
        };
        if desk.position(&start).is_ok() {
            desks.push(desk);
        }
    }
    Ok(desks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlour_book::{BookMove, Entry, Header};
    use parlour_checkers::{Position, Rules};
    use parlour_game::Game;

    #[test]
    fn a_book_is_backed_up_from_its_start_before_any_page_asks() {
        // Three positions on one line: the start, after 11-15, after
        // 11-15 22-18; the walk from the start reaches the last two.
        let mut book = Book::new(Header::new("checkers", "english", 4, 20));
        let mut pos = Position::start(Rules::ENGLISH);
        for (i, text) in ["11-15", "22-18", "15x22"].into_iter().enumerate() {
            let moves = vec![BookMove {
                mv: text.into(),
                value: i as i32,
                depth: 8,
                count: 1,
            }];
            book.insert(pos.hash(), Entry { moves });
            pos = pos.play(pos.parse_move(text).unwrap());
        }
        let book = Arc::new(book);
        assert_eq!(book.backed_up(), 0);
        desks::<parlour_games::Games>(None, Some(book.clone()), 0).unwrap();
        assert_eq!(book.backed_up(), 2);
        // The start's best move, as a page asks for it: 11-15, valued
        // through the line to its end (-2 there, +2 at the start).
        let choice = book
            .choose(&Position::start(Rules::ENGLISH), Pick::Best, 0, 0)
            .unwrap();
        assert_eq!((choice.mv.to_string(), choice.value), ("11-15".into(), 2));
    }
}
