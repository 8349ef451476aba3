//! Helper threads of the parallel search, on every platform that has them.
//!
//! Natively a helper is a `std::thread`. In WebAssembly `std::thread`
//! cannot start a thread; there a thread is a Web Worker that instantiates
//! the same module over the same shared memory (the build with the
//! `atomics` target feature, `scripts/build-threads.sh`) and then calls
//! [`serve`] (exported to JavaScript as `helperLoop`), which never returns:
//! it takes the jobs [`spawn`] queues and runs them one after the other.
//! In the ordinary WebAssembly build (no shared memory) [`spawn`] always
//! refuses, and the engine searches alone.
//!
//! Either way [`spawn`] may refuse (`None`): the caller then searches with
//! one helper fewer, which changes only the speed, never the rules.

/// A helper that is running or has run; [`Handle::join`] waits for its
/// result.
pub struct Handle<T>(imp::Handle<T>);

impl<T> Handle<T> {
    /// Waits for the helper to finish; `None` if it panicked.
    pub fn join(self) -> Option<T> {
        self.0.join()
    }
}

/// Starts `f` on a helper thread, or returns `None` when no thread can be
/// had (the system refuses one; in WebAssembly, no idle helper Worker).
pub fn spawn<T, F>(f: F) -> Option<Handle<T>>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    imp::spawn(f).map(Handle)
}

/// How many helper threads can run at once: unbounded natively (the
/// system decides), the number of helper Workers serving in a threaded
/// WebAssembly build, 0 in the ordinary one.
pub fn capacity() -> usize {
    imp::capacity()
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    pub struct Handle<T>(std::thread::JoinHandle<T>);

    impl<T> Handle<T> {
        pub fn join(self) -> Option<T> {
            self.0.join().ok()
        }
    }

    pub fn spawn<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Option<Handle<T>> {
        std::thread::Builder::new().spawn(f).ok().map(Handle)
    }

    pub fn capacity() -> usize {
        usize::MAX
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
mod imp {
    use std::collections::VecDeque;
    use std::sync::mpsc::{channel, Receiver};
    use std::sync::{Condvar, Mutex};

    type Job = Box<dyn FnOnce() + Send>;

    /// The queued jobs, the helper Workers serving and the jobs given out
    /// and not yet finished.
    struct Pool {
        jobs: VecDeque<Job>,
        serving: usize,
        busy: usize,
    }

    static POOL: Mutex<Pool> = Mutex::new(Pool {
        jobs: VecDeque::new(),
        serving: 0,
        busy: 0,
    });
    static WORK: Condvar = Condvar::new();

    fn pool() -> std::sync::MutexGuard<'static, Pool> {
        POOL.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub struct Handle<T>(Receiver<T>);

    impl<T> Handle<T> {
        pub fn join(self) -> Option<T> {
            self.0.recv().ok()
        }
    }

    pub fn spawn<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Option<Handle<T>> {
        let mut guard = pool();
        // Only as many jobs as there are helpers to run them at once.
        if guard.busy >= guard.serving {
            return None;
        }
        guard.busy += 1;
        let (tx, rx) = channel();
        guard.jobs.push_back(Box::new(move || {
            let r = f();
            // Free before the result is seen: a search that joins this job
            // and starts the next one finds its helper available.
            pool().busy -= 1;
            let _ = tx.send(r);
        }));
        WORK.notify_one();
        Some(Handle(rx))
    }

    pub fn capacity() -> usize {
        pool().serving
    }

    /// The loop of a helper Worker: wait for a job, run it, forever. (The
    /// WebAssembly build aborts on a panic, so a job cannot unwind.)
    pub fn serve() -> ! {
        let mut guard = pool();
        guard.serving += 1;
        loop {
            while guard.jobs.is_empty() {
                guard = WORK.wait(guard).unwrap_or_else(|e| e.into_inner());
            }
            let job = guard.jobs.pop_front().expect("checked non-empty");
            drop(guard);
            job();
            guard = pool();
        }
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
pub use imp::serve;

#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
mod imp {
    pub struct Handle<T>(std::marker::PhantomData<T>);

    impl<T> Handle<T> {
        pub fn join(self) -> Option<T> {
            None
        }
    }

    pub fn spawn<T: Send + 'static>(_f: impl FnOnce() -> T + Send + 'static) -> Option<Handle<T>> {
        None
    }

    pub fn capacity() -> usize {
        0
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn a_helper_returns_its_result() {
        let h = spawn(|| 6 * 7).expect("native threads");
        assert_eq!(h.join(), Some(42));
    }

    #[test]
    fn a_panicking_helper_joins_as_none() {
        let h = spawn(|| -> u32 { panic!("helper fails") }).expect("native threads");
        assert_eq!(h.join(), None);
    }
}
