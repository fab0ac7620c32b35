//! The search threads: started for each search and ended with it, so a
//! searcher's threads cost nothing while it waits, and asking for many
//! costs nothing until they have work.
//!
//! A persistent rayon pool was used before; its idle workers spin and try
//! to steal from one another before they sleep, so its start-up grew with
//! the square of the thread count (`--threads 1000` took seconds before
//! the first node). Starting a thread costs tens of microseconds, nothing
//! beside a search.

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

/// The search threads of a searcher: how many, and each one's stack.
#[derive(Debug)]
pub(crate) struct Pool {
    threads: usize,
    stack_bytes: usize,
}

impl Pool {
    /// A pool of `threads` threads (at least 1) with stacks of
    /// `stack_bytes`; nothing is started before [`Pool::broadcast`].
    pub fn new(threads: usize, stack_bytes: usize) -> Pool {
        Pool {
            threads: threads.max(1),
            stack_bytes,
        }
    }

    /// Runs `op` on every thread at once and returns what each gave, in
    /// order of thread. A helper thread the system refuses to start is
    /// left out (Lazy SMP's helpers only speed the search up); if even the
    /// main thread cannot start, it runs on the caller's thread. A panic
    /// in any thread is passed on.
    pub fn broadcast<R: Send>(&self, op: impl Fn(Context) -> R + Sync) -> Vec<R> {
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
    fn a_thousand_threads_all_run() {
        let pool = Pool::new(1024, 1 << 20);
        let results = pool.broadcast(|ctx| ctx.index());
        assert_eq!(results, (0..1024).collect::<Vec<_>>());
    }
}
