//! A match's identity: the header record, the first line of its results
//! file. It holds, as readable JSON, everything that decides which games
//! are played and how: the game and its rules, the engines as their specs
//! were given, the evaluation engines without one get, the tournament, the
//! games per pairing, the seed, the openings each round plays (resolved:
//! the positions and moves, not the deck's name or the file's), the
//! adjudication and the time margin, and the PDN event. Not the
//! concurrency, which changes no game. A shard's file holds the match's
//! header with the shard beside it.
//!
//! `--resume` compares the file's header with the match's field by field
//! and names every field that differs; `parlour report` does the same
//! between the files it merges (the shard aside).

use crate::plan::adjudication::Adjudication;
use crate::plan::config::MatchConfig;
use crate::plan::error::{HeaderProblem, SpecError};
use crate::plan::openings::Openings;
use crate::plan::schedule::{Schedule, Tournament};
use crate::plan::shard::Shard;
use crate::plan::spec::PlayerSpec;
use parlour_game::Variant;
use serde::{Deserialize, Serialize};
use std::fmt::Display;

/// The header format this version writes and reads.
pub const HEADER_FORMAT: u32 = 1;

/// The opening of one round, as the header writes it: in the game's own
/// text forms, as the game records write their starts and moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeaderOpening {
    /// The opening's name (`ACF 5`, `openings.txt:3`, `random 4`).
    pub name: String,
    /// The start position.
    pub start: String,
    /// The moves played from it before the engines move.
    pub moves: Vec<String>,
}

/// The first line of a results file: the match it belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchHeader {
    /// The header format ([`HEADER_FORMAT`]); the key that tells a header
    /// line from a game record.
    pub parlour_match: u32,
    /// The game (`checkers`, `pegs`).
    pub game: String,
    /// The rules, as the game writes them (empty for a game's defaults
    /// where it writes them so).
    pub rules: String,
    /// The match seed.
    pub seed: u64,
    /// Who plays whom.
    pub tournament: Tournament,
    /// Games per pairing (an even number: each opening twice).
    pub games_per_pairing: usize,
    /// Each engine's spec as it was given.
    pub engines: Vec<String>,
    /// The evaluation each engine plays with, as it resolved (its
    /// identity: the kind and its weights' fingerprint, `+egdb` with
    /// databases), by engine; `null` for an engine whose evaluation is
    /// not parlour's (random, an outside engine). Empty in files written
    /// before parlour recorded it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub evaluations: Vec<Option<String>>,
    /// The evaluation of search and greedy engines that name none.
    pub eval: Option<String>,
    /// The adjudication rules.
    pub adjudication: Adjudication,
    /// Whether the endgame databases end games with their value
    /// (`--adjudicate-egdb`; the folder is not recorded: the same
    /// databases anywhere give the same values).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub databases: bool,
    /// How far an engine may overrun its clock or move time, in ms.
    pub time_margin_ms: u64,
    /// The PDN `Event` tag.
    pub event: String,
    /// The shard this file holds, if it holds one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// The opening of each round: round `r` (from 0) plays
    /// `openings[r % openings.len()]`.
    pub openings: Vec<HeaderOpening>,
}

/// A value as a difference names it: text in backquotes, `none` for
/// nothing.
fn shown<T: Display>(value: Option<T>) -> String {
    match value {
        Some(v) => format!("`{v}`"),
        None => "none".to_string(),
    }
}

impl MatchHeader {
    /// The header of the match `config` describes under `rules`, with its
    /// openings resolved: one for each round, or the whole list of an openings file
    /// that has fewer than the match has rounds (round `r` plays opening
    /// `r` modulo its length).
    pub(crate) fn of<V: Variant>(
        config: &MatchConfig,
        rules: &V,
        openings: &Openings<V::Position>,
        per_pairing: usize,
        evaluations: Vec<Option<String>>,
    ) -> MatchHeader {
        let rounds = per_pairing / 2;
        let listed = openings.len().map_or(rounds, |len| len.min(rounds));
        let openings = (0..listed)
            .map(|round| {
                let opening = openings.get(round);
                HeaderOpening {
                    name: opening.name,
                    start: opening.start.to_string(),
                    moves: opening.moves.iter().map(|m| m.to_string()).collect(),
                }
            })
            .collect();
        MatchHeader {
            parlour_match: HEADER_FORMAT,
            game: V::NAME.to_string(),
            rules: rules.to_string(),
            seed: config.seed,
            tournament: config.tournament,
            games_per_pairing: per_pairing,
            engines: config.engines.iter().map(ToString::to_string).collect(),
            evaluations,
            eval: config.eval.as_ref().map(ToString::to_string),
            adjudication: config.adjudication,
            databases: config.adjudicate_egdb.is_some(),
            time_margin_ms: u64::try_from(config.time_margin.as_millis()).unwrap_or(u64::MAX),
            event: config.event.clone(),
            shard: config.shard,
            openings,
        }
    }

    /// The opening of round `round` (from 0).
    pub fn opening(&self, round: usize) -> Option<&HeaderOpening> {
        match self.openings.len() {
            0 => None,
            n => self.openings.get(round % n),
        }
    }

    /// The engines' display names, from their specs.
    pub fn engine_names(&self) -> Result<Vec<String>, SpecError> {
        self.engines
            .iter()
            .map(|text| Ok(text.parse::<PlayerSpec>()?.name().to_string()))
            .collect()
    }

    /// The games of the match the header describes, the engines named
    /// `names`, if it describes one `parlour match` could have played (a
    /// header edited by hand may not): two engines or more, with different
    /// names; an even number of games per pairing, at least two; a count
    /// of games that fits; an opening to play.
    pub(crate) fn schedule(&self, names: &[String]) -> Result<Schedule, HeaderProblem> {
        if names.len() < 2 {
            let count = names.len();
            return Err(HeaderProblem::TooFewEngines { count });
        }
        if let Some((i, name)) = names
            .iter()
            .enumerate()
            .find(|(i, name)| names[..*i].contains(name))
        {
            let (number, name) = (i + 1, name.clone());
            return Err(HeaderProblem::SameName { number, name });
        }
        let per_pairing = self.games_per_pairing;
        if per_pairing < 2 || !per_pairing.is_multiple_of(2) {
            return Err(HeaderProblem::GamesPerPairing { per_pairing });
        }
        let schedule = Schedule::new(self.tournament, names.len(), per_pairing);
        let pairings = schedule.pairings.len();
        if pairings.checked_mul(per_pairing).is_none() {
            return Err(HeaderProblem::TooManyGames {
                pairings,
                per_pairing,
            });
        }
        if self.openings.is_empty() {
            return Err(HeaderProblem::NoOpening);
        }
        Ok(schedule)
    }

    /// Every field in which `here` differs from `self`, one line each,
    /// with the two values labelled by `labels` (for a resume, `["in the
    /// file", "here"]`: `rules: \`huffing\` in the file, \`english\`
    /// here`); the shard too when `with_shard`. Empty when the two are the
    /// same match.
    pub fn differences(
        &self,
        here: &MatchHeader,
        with_shard: bool,
        labels: [&str; 2],
    ) -> Vec<String> {
        let mut diff = Differences {
            labels,
            lines: Vec::new(),
        };
        let both = |f: fn(&MatchHeader) -> String| [f(self), f(here)];
        diff.field("header format", both(|h| h.parlour_match.to_string()));
        diff.field("game", both(|h| shown(Some(&h.game))));
        diff.field("rules", both(|h| rules_shown(&h.rules)));
        diff.field("seed", both(|h| h.seed.to_string()));
        diff.field("tournament", both(|h| h.tournament.name().to_string()));
        diff.field(
            "games per pairing",
            both(|h| h.games_per_pairing.to_string()),
        );
        diff.engines(&self.engines, &here.engines);
        diff.evaluations(&self.evaluations, &here.evaluations);
        diff.field("eval", both(|h| shown(h.eval.as_ref())));
        diff.field("max plies", both(|h| shown(h.adjudication.max_plies)));
        diff.field("resign", both(|h| shown(h.adjudication.resign)));
        diff.field("draw", both(|h| shown(h.adjudication.draw)));
        diff.field("databases", both(|h| h.databases.to_string()));
        diff.field("time margin (ms)", both(|h| h.time_margin_ms.to_string()));
        diff.field("event", both(|h| shown(Some(&h.event))));
        if with_shard {
            diff.field("shard", both(|h| shown(h.shard)));
        }
        diff.openings(&self.openings, &here.openings);
        diff.lines
    }
}

/// The fields in which two headers differ, as lines.
struct Differences<'a> {
    labels: [&'a str; 2],
    lines: Vec<String>,
}

impl Differences<'_> {
    /// A line for the field `name` if its two values differ.
    fn field(&mut self, name: &str, [file, now]: [String; 2]) {
        if file != now {
            let [was, now_at] = self.labels;
            self.lines
                .push(format!("{name}: {file} {was}, {now} {now_at}"));
        }
    }

    /// The engines, one by one where there are as many: the same engine
    /// may be spelt two ways (options in another order), so what counts is
    /// the spec read.
    fn engines(&mut self, file: &[String], here: &[String]) {
        if file.len() != here.len() {
            self.field("engines", [file.len(), here.len()].map(|n| n.to_string()));
            return;
        }
        for (i, (a, b)) in file.iter().zip(here).enumerate() {
            let same = a == b
                || matches!(
                    (a.parse::<PlayerSpec>(), b.parse::<PlayerSpec>()),
                    (Ok(x), Ok(y)) if (&x.name, &x.kind) == (&y.name, &y.kind)
                );
            if !same {
                self.field(
                    &format!("engine {}", i + 1),
                    [shown(Some(a)), shown(Some(b))],
                );
            }
        }
    }

    /// The evaluations the engines resolved to, engine by engine: a file
    /// written before they were recorded holds none, and its engines may
    /// have played another evaluation (the pattern model was once the
    /// default of a match's search engines).
    fn evaluations(&mut self, file: &[Option<String>], here: &[Option<String>]) {
        if file.len() != here.len() {
            let listed = |e: &[Option<String>]| match e.len() {
                0 => "not recorded".to_string(),
                n => format!("{n} recorded"),
            };
            self.field("evaluations", [listed(file), listed(here)]);
            return;
        }
        for (i, (a, b)) in file.iter().zip(here).enumerate() {
            let name = format!("engine {}'s evaluation", i + 1);
            self.field(&name, [shown(a.as_ref()), shown(b.as_ref())]);
        }
    }

    /// The openings: their count, else the first round whose opening
    /// differs.
    fn openings(&mut self, file: &[HeaderOpening], here: &[HeaderOpening]) {
        if file.len() != here.len() {
            self.field("openings", [file.len(), here.len()].map(|n| n.to_string()));
            return;
        }
        if let Some(round) = (0..file.len()).find(|&r| file[r] != here[r]) {
            let opening = |o: &HeaderOpening| {
                let moves = o.moves.join(" ");
                format!("`{}` ({} {moves})", o.name, o.start)
            };
            let name = format!("opening of round {}", round + 1);
            self.field(&name, [opening(&file[round]), opening(&here[round])]);
        }
    }
}

/// Rules as a difference names them: the default where the text is empty.
fn rules_shown(rules: &str) -> String {
    if rules.is_empty() {
        "the default".to_string()
    } else {
        format!("`{rules}`")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::adjudication::ResignRule;

    const HERE: [&str; 2] = ["in the file", "here"];

    fn header() -> MatchHeader {
        MatchHeader {
            parlour_match: HEADER_FORMAT,
            game: "checkers".into(),
            rules: "english".into(),
            seed: 7,
            tournament: Tournament::RoundRobin,
            games_per_pairing: 4,
            engines: vec!["search:depth=3,name=a".into(), "greedy".into()],
            evaluations: vec![Some("network:0123456789abcdef".into()), None],
            eval: None,
            adjudication: Adjudication::default(),
            databases: false,
            time_margin_ms: 100,
            event: "E".into(),
            shard: None,
            openings: vec![
                HeaderOpening {
                    name: "ACF 1".into(),
                    start: "B:W21-32:B1-12".into(),
                    moves: vec!["9-13".into(), "21-17".into(), "5-9".into()],
                },
                HeaderOpening {
                    name: "ACF 2".into(),
                    start: "B:W21-32:B1-12".into(),
                    moves: vec!["9-13".into(), "22-17".into(), "13x22".into()],
                },
            ],
        }
    }

    #[test]
    fn headers_round_trip_as_json() {
        let h = header();
        let text = serde_json::to_string(&h).unwrap();
        assert!(text.starts_with("{\"parlour_match\":1,\"game\":\"checkers\""));
        assert!(text.contains("\"tournament\":\"round-robin\""), "{text}");
        assert!(!text.contains("shard"), "no shard, no key: {text}");
        assert_eq!(serde_json::from_str::<MatchHeader>(&text).unwrap(), h);
        let sharded = MatchHeader {
            shard: Some(Shard::new(2, 3).unwrap()),
            ..h
        };
        let text = serde_json::to_string(&sharded).unwrap();
        assert!(text.contains("\"shard\":\"2/3\""), "{text}");
        assert_eq!(serde_json::from_str::<MatchHeader>(&text).unwrap(), sharded);
        assert_eq!(sharded.opening(3).unwrap().name, "ACF 2");
    }

    #[test]
    fn differences_name_each_field() {
        let file = header();
        assert!(file.differences(&header(), true, HERE).is_empty());
        // The same engine written another way is the same engine.
        let mut here = header();
        here.engines[0] = "search:name=a,depth=3".into();
        assert!(file.differences(&here, true, HERE).is_empty());
        let mut here = header();
        here.rules = "huffing".into();
        here.engines[0] = "search:depth=4,name=a".into();
        here.adjudication.max_plies = Some(150);
        here.adjudication.resign = Some(ResignRule {
            score: 300,
            moves: 2,
        });
        here.openings[1].moves[2] = "13-17".into();
        here.shard = Some(Shard::new(1, 2).unwrap());
        assert_eq!(
            file.differences(&here, true, HERE),
            [
                "rules: `english` in the file, `huffing` here",
                "engine 1: `search:depth=3,name=a` in the file, `search:depth=4,name=a` here",
                "max plies: `1000` in the file, `150` here",
                "resign: none in the file, `300,2` here",
                "shard: none in the file, `1/2` here",
                "opening of round 2: `ACF 2` (B:W21-32:B1-12 9-13 22-17 13x22) in the file, \
                 `ACF 2` (B:W21-32:B1-12 9-13 22-17 13-17) here",
            ]
        );
        assert_eq!(
            file.differences(&here, false, HERE).len(),
            5,
            "the shard aside"
        );
    }
}
