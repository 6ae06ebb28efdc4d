//! What the `match` and `train` examples share.

use std::sync::atomic::{AtomicU64, Ordering};

/// Runs `work` for every index below `count` on as many threads as the environment
/// variable `threads_var` says (1 when unset), and returns the results in index order,
/// so the output does not depend on the number of threads.
pub(crate) fn in_order<T: Send>(
    count: u64,
    threads_var: &str,
    work: impl Fn(u64) -> T + Sync,
) -> Vec<T> {
    let threads: u64 = std::env::var(threads_var)
        .ok()
        .and_then(|text| text.parse().ok())
        .filter(|&threads| threads > 0)
        .unwrap_or(1);
    let next = AtomicU64::new(0);
    let mut done: Vec<(u64, T)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= count {
                            break mine;
                        }
                        mine.push((index, work(index)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().expect("a worker thread panicked"))
            .collect()
    });
    done.sort_by_key(|&(index, _)| index);
    done.into_iter().map(|(_, result)| result).collect()
}
