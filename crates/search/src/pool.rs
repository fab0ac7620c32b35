//! The search threads. Up to one per core, they are a rayon pool made on
//! the first search and kept, parked between searches; more than that
//! (`--threads 1000`) are started for each search and ended with it.
//!
//! Threads are kept because a thread started for a search has a fresh
//! stack: the search faults in every page its recursion touches (a
//! checkers move list is 2,048 actions, so each ply's frame spans pages),
//! which costs a short search much of its time. Only up to one per core
//! are kept in a rayon pool: its idle workers spin and try to steal from
//! one another before they sleep, so its start-up grows with the square
//! of the thread count, which is nothing up to the core count.
//!
//! A caller on a thread of another rayon pool (self-play's games, a
//! match's) cannot wait for the parked threads itself (see
//! [`Pool::broadcast`]), so each of its searches also starts a plain
//! thread that only waits. A caller that runs many short one-thread
//! searches and has a large stack of its own takes [`Pool::on_caller`]:
//! the search runs on its thread, with nothing to start or wake.

use std::sync::OnceLock;

/// Which thread of a search is running ([`Pool::broadcast`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Context {
    index: usize,
}

impl Context {
    /// The thread's number, from 0 (the main thread of the search).
    pub fn index(&self) -> usize {
        self.index
    }
}

/// The search threads of a searcher: how many, each one's stack, and the
/// parked threads once made.
#[derive(Debug)]
pub(crate) struct Pool {
    threads: usize,
    stack_bytes: usize,
    /// Whether the one thread of every search is the caller's own.
    on_caller: bool,
    /// The kept threads, made on the first search where there are no more
    /// threads than cores; `None` inside where there are more, or where
    /// they could not be made.
    parked: OnceLock<Option<rayon::ThreadPool>>,
}

impl Pool {
    /// A pool of `threads` threads (at least 1) with stacks of
    /// `stack_bytes`; nothing is started before [`Pool::broadcast`].
    pub fn new(threads: usize, stack_bytes: usize) -> Pool {
        Pool {
            threads: threads.max(1),
            stack_bytes,
            on_caller: false,
            parked: OnceLock::new(),
        }
    }

    /// A pool of one thread, the caller's: a search is a plain call, with
    /// no thread to wake or start. The caller's stack must be as large as
    /// the pool's would have been.
    pub fn on_caller() -> Pool {
        Pool {
            threads: 1,
            stack_bytes: 0,
            on_caller: true,
            parked: OnceLock::new(),
        }
    }

    /// The number of threads of every search.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The parked threads, made on the first call, if there are to be any.
    fn parked(&self) -> Option<&rayon::ThreadPool> {
        self.parked
            .get_or_init(|| {
                let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
                if self.threads > cores {
                    return None;
                }
                rayon::ThreadPoolBuilder::new()
                    .num_threads(self.threads)
                    .stack_size(self.stack_bytes)
                    .thread_name(|index| format!("parlour-search-{index}"))
                    .build()
                    .ok()
            })
            .as_ref()
    }

    /// Runs `op` on every thread at once and returns what each gave, in
    /// order of thread. A helper thread the system refuses to start is
    /// left out (Lazy SMP's helpers only speed the search up); if even the
    /// main thread cannot start, it runs on the caller's thread. A panic
    /// in any thread is passed on once every thread has finished.
    pub fn broadcast<R: Send>(&self, op: impl Fn(Context) -> R + Sync) -> Vec<R> {
        if self.on_caller {
            return vec![op(Context { index: 0 })];
        }
        if let Some(parked) = self.parked() {
            let run = || parked.broadcast(|ctx| op(Context { index: ctx.index() }));
            if rayon::current_thread_index().is_none() {
                return run();
            }
            // A thread of another rayon pool (a match's games, self-play's)
            // would run that pool's other jobs while it waits (rayon lets a
            // waiting worker steal): another whole game inside this move's
            // wait. It waits on a plain thread instead, which only waits.
            return std::thread::scope(|scope| match scope.spawn(run).join() {
                Ok(results) => results,
                Err(panic) => std::panic::resume_unwind(panic),
            });
        }
        std::thread::scope(|scope| {
            let op = &op;
            let handles: Vec<_> = (0..self.threads)
                .map(|index| {
                    std::thread::Builder::new()
                        .name(format!("parlour-search-{index}"))
                        .stack_size(self.stack_bytes)
                        .spawn_scoped(scope, move || op(Context { index }))
                })
                .collect();
            let mut results = Vec::with_capacity(self.threads);
            for (index, handle) in handles.into_iter().enumerate() {
                match handle {
                    Ok(handle) => match handle.join() {
                        Ok(result) => results.push(result),
                        Err(panic) => std::panic::resume_unwind(panic),
                    },
                    Err(_) if index == 0 => results.push(op(Context { index })),
                    Err(_) => {}
                }
            }
            results
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn every_thread_runs_once_and_answers_in_order() {
        let ran = AtomicUsize::new(0);
        let pool = Pool::new(5, 1 << 20);
        let results = pool.broadcast(|ctx| {
            ran.fetch_add(1, Ordering::SeqCst);
            ctx.index() * 10
        });
        assert_eq!(results, vec![0, 10, 20, 30, 40]);
        assert_eq!(ran.load(Ordering::SeqCst), 5);
    }

    #[test]
    fn up_to_a_thread_per_core_the_same_threads_serve_every_search() {
        let pool = Pool::new(1, 1 << 20);
        let first = pool.broadcast(|_| std::thread::current().id());
        assert_eq!(pool.broadcast(|_| std::thread::current().id()), first);
        assert_ne!(first[0], std::thread::current().id());
    }

    #[test]
    fn a_panic_is_passed_on_and_the_threads_still_serve() {
        for threads in [1, 64] {
            let pool = Pool::new(threads, 1 << 20);
            let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                pool.broadcast(|ctx| assert_ne!(ctx.index(), 0, "the main thread fails"))
            }));
            assert!(caught.is_err());
            assert_eq!(
                pool.broadcast(|ctx| ctx.index()),
                (0..threads).collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn a_caller_in_another_rayon_pool_runs_none_of_its_jobs_while_it_waits() {
        let pool = Pool::new(1, 1 << 20);
        let outer = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let order = std::sync::Mutex::new(Vec::new());
        outer.scope(|scope| {
            scope.spawn(|scope| {
                // Queued on this very thread, the only one of its pool.
                scope.spawn(|_| order.lock().unwrap().push("second started"));
                pool.broadcast(|_| std::thread::sleep(std::time::Duration::from_millis(30)));
                order.lock().unwrap().push("first done");
            });
        });
        assert_eq!(
            order.into_inner().unwrap(),
            ["first done", "second started"]
        );
    }

    #[test]
    fn a_pool_on_the_caller_runs_on_the_callers_thread() {
        let pool = Pool::on_caller();
        let here = std::thread::current().id();
        assert_eq!(
            pool.broadcast(|ctx| (ctx.index(), std::thread::current().id())),
            vec![(0, here)]
        );
    }

    #[test]
    fn a_thousand_threads_all_run() {
        let pool = Pool::new(1024, 1 << 20);
        let results = pool.broadcast(|ctx| ctx.index());
        assert_eq!(results, (0..1024).collect::<Vec<_>>());
    }
}
