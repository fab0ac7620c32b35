//! One kind of progress for every long command. On a terminal, a bar with
//! the count, the command's own figures and the time left; elsewhere (a log
//! file, a batch job's output) plain lines: one when work starts, then at
//! most one every five seconds, then a summary. No line is wider than 80
//! characters.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often a plain line is written at most.
const LINE_EVERY: Duration = Duration::from_secs(5);

/// The widest line progress writes.
const WIDTH: usize = 80;

/// A long command's progress on stderr.
pub struct Progress {
    /// `parlour perft`, `parlour selfplay`: the plain lines' prefix.
    command: &'static str,
    /// What is counted, in the plural: `games`, `units`; or `%`, where
    /// the count is of work with no name and is shown as a percentage.
    unit: &'static str,
    shown: Shown,
}

enum Shown {
    Hidden,
    Bar(ProgressBar),
    Lines(Mutex<Lines>),
}

/// What the plain lines are written from.
struct Lines {
    started: Instant,
    /// When the current stage started, and the count done before it.
    stage_started: Instant,
    done_before: u64,
    /// When the last line was written (`None` before the first).
    last: Option<Instant>,
    label: String,
    total: u64,
    done: u64,
    message: String,
}

impl Progress {
    /// Progress counted in `unit`s, hidden if `quiet`; a bar if stderr is
    /// a terminal, plain lines otherwise.
    pub fn new(command: &'static str, unit: &'static str, quiet: bool) -> Progress {
        let shown = if quiet {
            Shown::Hidden
        } else if std::io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            let count = match unit {
                "%" => "{percent:>3}%".to_string(),
                _ => format!("{{pos}}/{{len}} {unit}"),
            };
            let template = format!(
                "{{elapsed_precise}} [{{bar:16}}] {{prefix}}{count}, {{wide_msg}} {{eta}} left"
            );
            bar.set_style(
                ProgressStyle::with_template(&template)
                    .expect("a valid template")
                    .progress_chars("=> "),
            );
            bar.enable_steady_tick(Duration::from_millis(500));
            Shown::Bar(bar)
        } else {
            let now = Instant::now();
            Shown::Lines(Mutex::new(Lines {
                started: now,
                stage_started: now,
                done_before: 0,
                last: None,
                label: String::new(),
                total: 0,
                done: 0,
                message: String::new(),
            }))
        };
        Progress {
            command,
            unit,
            shown,
        }
    }

    /// Work starts (or a new stage of it, such as a perft depth, named by
    /// `label`): `total` to do, `done` of them already done by an earlier
    /// run. Plain lines say so at once.
    pub fn start(&self, label: &str, total: u64, done: u64) {
        match &self.shown {
            Shown::Hidden => {}
            Shown::Bar(bar) => {
                bar.reset();
                bar.set_length(total);
                bar.set_position(done);
                bar.set_prefix(if label.is_empty() {
                    String::new()
                } else {
                    format!("{label}: ")
                });
            }
            Shown::Lines(lines) => {
                let mut lines = lines.lock().unwrap_or_else(|p| p.into_inner());
                let now = Instant::now();
                // The first stage counts from when the progress was made:
                // work may be under way before its total is known (a
                // match's first games).
                if lines.last.is_some() {
                    lines.stage_started = now;
                }
                (lines.total, lines.done, lines.done_before) = (total, done, done);
                lines.label = label.to_string();
                let stage = if label.is_empty() {
                    String::new()
                } else {
                    format!("{label}: ")
                };
                let line = match self.unit {
                    "%" => format!(
                        "{}: {stage}{}% done before",
                        self.command,
                        done * 100 / total.max(1)
                    ),
                    unit => format!(
                        "{}: {stage}{total} {unit} to do, {done} done before",
                        self.command
                    ),
                };
                eprintln!("{}", cut(&line));
                lines.last = Some(now);
            }
        }
    }

    /// `done` of the total are done; `message` holds the command's own
    /// figures (kept short: the line has 80 characters in all).
    pub fn set(&self, done: u64, message: String) {
        match &self.shown {
            Shown::Hidden => {}
            Shown::Bar(bar) => {
                bar.set_position(done);
                bar.set_message(message);
            }
            Shown::Lines(lines) => {
                let mut lines = lines.lock().unwrap_or_else(|p| p.into_inner());
                (lines.done, lines.message) = (done, message);
                self.write_if_due(&mut lines);
            }
        }
    }

    /// `n` more done.
    pub fn advance(&self, n: u64) {
        match &self.shown {
            Shown::Hidden => {}
            Shown::Bar(bar) => bar.inc(n),
            Shown::Lines(lines) => {
                let mut lines = lines.lock().unwrap_or_else(|p| p.into_inner());
                lines.done += n;
                self.write_if_due(&mut lines);
            }
        }
    }

    /// The command's own figures change, the count does not.
    pub fn note(&self, message: String) {
        match &self.shown {
            Shown::Hidden => {}
            Shown::Bar(bar) => bar.set_message(message),
            Shown::Lines(lines) => {
                lines.lock().unwrap_or_else(|p| p.into_inner()).message = message;
            }
        }
    }

    /// A line of results among the progress: above the bar on a terminal,
    /// plainly in a log.
    pub fn println(&self, line: &str) {
        match &self.shown {
            Shown::Bar(bar) => bar.println(line),
            Shown::Hidden | Shown::Lines(_) => eprintln!("{line}"),
        }
    }

    /// The work is over: the bar is cleared; plain lines end with how long
    /// it took and `summary`.
    pub fn finish(&self, summary: &str) {
        match &self.shown {
            Shown::Hidden => {}
            Shown::Bar(bar) => bar.finish_and_clear(),
            Shown::Lines(lines) => {
                let lines = lines.lock().unwrap_or_else(|p| p.into_inner());
                let line = format!(
                    "{}: done in {}: {summary}",
                    self.command,
                    clock(lines.started.elapsed())
                );
                eprintln!("{}", cut(&line));
            }
        }
    }

    /// The work stopped on an error: the bar goes, no summary is written.
    pub fn clear(&self) {
        if let Shown::Bar(bar) = &self.shown {
            bar.finish_and_clear();
        }
    }

    fn write_if_due(&self, lines: &mut Lines) {
        let now = Instant::now();
        if lines.last.is_some_and(|t| now - t < LINE_EVERY) {
            return;
        }
        lines.last = Some(now);
        eprintln!("{}", cut(&self.line(lines, now)));
    }

    /// `parlour selfplay: 00:01:05 123/1000 games, 00:09:10 left, 27,000
    /// positions`.
    fn line(&self, lines: &Lines, now: Instant) -> String {
        let mut line = format!("{}: {} ", self.command, clock(now - lines.started));
        if !lines.label.is_empty() {
            line += &format!("{}: ", lines.label);
        }
        line += &match self.unit {
            "%" => format!("{}%", lines.done * 100 / lines.total.max(1)),
            unit => format!("{}/{} {unit}", lines.done, lines.total),
        };
        // The time left before the command's figures: a line too long is
        // cut at its end.
        let done_here = lines.done.saturating_sub(lines.done_before);
        if done_here > 0 && lines.done < lines.total {
            let each = (now - lines.stage_started).as_secs_f64() / done_here as f64;
            let left = each * (lines.total - lines.done) as f64;
            line += &format!(", {} left", clock(Duration::from_secs_f64(left)));
        }
        if !lines.message.is_empty() {
            line += &format!(", {}", lines.message);
        }
        line
    }
}

/// A number of seconds as `1h02m`, `3m05s` or `12s`.
pub fn duration(seconds: f64) -> String {
    let s = seconds.round() as u64;
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, s % 3600 / 60),
    }
}

/// A duration as `hh:mm:ss`.
pub fn clock(d: Duration) -> String {
    let s = d.as_secs();
    format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// `line` cut to [`WIDTH`] characters, the last of them `…` where it was cut.
fn cut(line: &str) -> String {
    if line.chars().count() <= WIDTH {
        return line.to_string();
    }
    let mut short: String = line.chars().take(WIDTH - 1).collect();
    short.push('…');
    short
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(label: &str, total: u64, done: u64, message: &str) -> Lines {
        let now = Instant::now();
        Lines {
            started: now - Duration::from_secs(65),
            stage_started: now - Duration::from_secs(60),
            done_before: 0,
            last: None,
            label: label.to_string(),
            total,
            done,
            message: message.to_string(),
        }
    }

    #[test]
    fn a_plain_line_says_the_count_the_figures_and_the_time_left() {
        let progress = Progress::new("parlour selfplay", "games", true);
        let l = lines("", 100, 20, "5000 positions");
        let line = progress.line(&l, l.started + Duration::from_secs(65));
        // 20 games in 60 s: 80 more take 240 s.
        assert_eq!(
            line,
            "parlour selfplay: 00:01:05 20/100 games, 00:04:00 left, 5000 positions"
        );
    }

    #[test]
    fn a_stage_is_named_and_nothing_is_left_at_the_end() {
        let progress = Progress::new("parlour perft", "units", true);
        let l = lines("depth 18", 870, 870, "");
        let line = progress.line(&l, l.started + Duration::from_secs(3725));
        assert_eq!(line, "parlour perft: 01:02:05 depth 18: 870/870 units");
    }

    #[test]
    fn work_with_no_name_is_a_percentage() {
        let progress = Progress::new("parlour egdb build", "%", true);
        let l = lines("", 400, 100, "2k1m-2k0m");
        let line = progress.line(&l, l.started + Duration::from_secs(65));
        assert_eq!(
            line,
            "parlour egdb build: 00:01:05 25%, 00:03:00 left, 2k1m-2k0m"
        );
    }

    #[test]
    fn long_lines_are_cut_to_eighty_characters() {
        let long = "x".repeat(200);
        let short = cut(&long);
        assert_eq!(short.chars().count(), 80);
        assert!(short.ends_with('…'));
        assert_eq!(cut("short"), "short");
    }
}
