//! Chess through an external UCI engine (Debian's `stockfish`), run as a separate
//! process: one thread, a node limit (`go nodes`) and/or a move time, and `stop` when
//! the caller's flag is set. The server starts one for each search; the `match` example
//! keeps one for a whole game.

use std::{
    io::{BufRead, BufReader, Write},
    path::Path,
    process::{Child, ChildStdin, Command, Stdio},
    sync::{
        atomic::{AtomicBool, Ordering},
        mpsc::{self, Receiver, RecvTimeoutError},
    },
    thread,
    time::{Duration, Instant},
};

use crate::{Budget, Reply};

/// How long the engine may take to answer `uci` and `isready`.
const HANDSHAKE: Duration = Duration::from_secs(10);
/// How long past its budget the engine may take before it is told to stop, then killed.
const GRACE: Duration = Duration::from_secs(5);

/// A UCI engine process (such as Debian's `stockfish`) on one thread, searching one
/// position at a time until it is dropped, which ends the process.
pub struct UciEngine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl UciEngine {
    /// Starts the engine at `path`, sets one thread and then `options` (name, value:
    /// `("UCI_Elo", "1800")`), and waits until it is ready.
    ///
    /// # Errors
    ///
    /// A message when the engine cannot be started or does not answer in time.
    pub fn start(path: &Path, options: &[(&str, &str)]) -> Result<UciEngine, String> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| format!("starting {}: {error}", path.display()))?;
        let output = child.stdout.take().ok_or("the engine has no output")?;
        let input = child.stdin.take().ok_or("the engine has no input")?;
        let (send, lines) = mpsc::channel::<String>();
        thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UciEngine {
            child,
            input,
            lines,
        };
        engine.send("uci")?;
        engine.wait_for("uciok")?;
        for (name, value) in [("Threads", "1")].iter().chain(options) {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.send("isready")?;
        engine.wait_for("readyok")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|error| format!("writing to the engine: {error}"))
    }

    /// Waits at most [`HANDSHAKE`] for a line starting with `prefix`.
    fn wait_for(&self, prefix: &str) -> Result<String, String> {
        let until = Instant::now() + HANDSHAKE;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return Ok(line),
                Ok(_) => {}
                Err(_) => return Err(format!("the engine did not answer {prefix}")),
            }
        }
    }

    /// Searches the position after `moves` (UCI) from `start` (a FEN; `None`: the
    /// standard start) within `budget` (`go nodes`, `movetime`, or both), and sends
    /// `stop` when `stop` is set. The reply is the engine's move as it sent it, not yet
    /// checked against the rules, with the nodes, depth and score (centipawns, or a mate
    /// as the built-in search scores one) of the main line's last report.
    ///
    /// # Errors
    ///
    /// A message when the engine closes, or does not answer in time.
    pub fn search(
        &mut self,
        (start, moves): (Option<&str>, &[&str]),
        budget: &Budget,
        stop: &AtomicBool,
    ) -> Result<Reply, String> {
        let mut position = match start {
            Some(fen) => format!("position fen {fen}"),
            None => "position startpos".to_owned(),
        };
        if !moves.is_empty() {
            position.push_str(&format!(" moves {}", moves.join(" ")));
        }
        self.send(&position)?;
        let mut go = "go".to_owned();
        if budget.nodes != u64::MAX {
            go.push_str(&format!(" nodes {}", budget.nodes));
        }
        if let Some(time) = budget.time {
            go.push_str(&format!(" movetime {}", time.as_millis().max(1)));
        }
        if go == "go" {
            go.push_str(" infinite");
        }
        self.send(&go)?;
        let started = Instant::now();
        let (mut nodes, mut depth, mut score) = (0, 0, None);
        let mut stopped: Option<Instant> = None;
        loop {
            let overdue = budget
                .time
                .is_some_and(|time| started.elapsed() > time + GRACE);
            if stopped.is_none() && (stop.load(Ordering::Relaxed) || overdue) {
                self.send("stop")?;
                stopped = Some(Instant::now());
            }
            match self.lines.recv_timeout(Duration::from_millis(10)) {
                Ok(line) => {
                    let words: Vec<&str> = line.split_whitespace().collect();
                    match words.first() {
                        Some(&"bestmove") => {
                            let text = words.get(1).ok_or("bestmove without a move")?;
                            return Ok(Reply {
                                text: (*text).to_owned(),
                                nodes,
                                depth,
                                score,
                            });
                        }
                        // The main line's reports only: an engine searching several
                        // lines (MultiPV, as Stockfish does at a limited strength)
                        // numbers them, and the others score other moves.
                        Some(&"info")
                            if !words.windows(2).any(|w| w[0] == "multipv" && w[1] != "1") =>
                        {
                            for pair in words.windows(2) {
                                match pair[0] {
                                    "nodes" => nodes = pair[1].parse().unwrap_or(nodes),
                                    "depth" => depth = pair[1].parse().unwrap_or(depth),
                                    "cp" => score = pair[1].parse().ok().or(score),
                                    "mate" => {
                                        score =
                                            pair[1].parse::<i32>().ok().map(mate_score).or(score);
                                    }
                                    _ => {}
                                }
                            }
                        }
                        _ => {}
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    if stopped.is_some_and(|at| at.elapsed() > GRACE) {
                        return Err("the engine did not stop".to_owned());
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err("the engine closed before its move".to_owned());
                }
            }
        }
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A UCI `score mate n` (moves to the mate, negative when the side to move is mated) as
/// the built-in search scores a mate.
fn mate_score(moves: i32) -> i32 {
    let plies = moves.abs() * 2 - i32::from(moves > 0);
    if moves > 0 {
        crate::search::MATE - plies
    } else {
        -(crate::search::MATE - plies)
    }
}

/// Asks the UCI engine at `path` for a move after `moves` (UCI) from `start` (a FEN;
/// `None`: the standard start) within `budget`, sending `stop` when `stop` is set: a new
/// process for this one search.
///
/// # Errors
///
/// A message when the engine cannot be started, closes, or does not answer in time.
pub(crate) fn best_move(
    path: &Path,
    position: (Option<&str>, &[&str]),
    budget: &Budget,
    stop: &AtomicBool,
) -> Result<Reply, String> {
    UciEngine::start(path, &[])?.search(position, budget, stop)
}
