//! Password hashing on a small pool of long-lived threads behind a bounded queue.
//!
//! Argon2 takes 19 MiB and tens of milliseconds per hash. Hashing on tokio's blocking
//! threads let a flood start one thread per request, each allocating its own 19 MiB per
//! hash; glibc raises its mmap threshold to the largest block freed, so those blocks came
//! from arenas it never gave back, and memory grew by about 200 MiB per concurrent hash.
//! Here a fixed set of threads does all the hashing, each on one working buffer it
//! allocates once and reuses, so hashing memory is the same whatever the load, and a full
//! queue is answered at once with 503 `busy` instead of piling up work.

use std::{
    cell::RefCell,
    sync::{
        Arc, Mutex, PoisonError,
        mpsc::{self, Receiver, SyncSender, TrySendError},
    },
    thread,
};

use argon2::{
    ARGON2ID_IDENT, Algorithm, Argon2, Block, Params, PasswordHash, Version,
    password_hash::{Output, ParamsString, SaltString},
};
use rand::RngCore;
use tokio::sync::oneshot;

use vocab::error::AppError;

/// A unit of work for a hashing thread.
type Job = Box<dyn FnOnce() + Send>;

/// How long a refused caller is asked to wait, in seconds.
const BUSY_RETRY_AFTER_SECS: u64 = 1;

/// The hashing threads and their queue. Clones share them; the threads end when the last
/// clone is dropped.
#[derive(Debug, Clone)]
pub struct HashPool {
    queue: SyncSender<Job>,
}

impl HashPool {
    /// Starts `threads` hashing threads (at least one) with room for `queue` waiting
    /// jobs.
    ///
    /// # Panics
    ///
    /// When the operating system refuses to start a thread.
    #[must_use]
    pub fn new(threads: usize, queue: usize) -> HashPool {
        let (sender, receiver) = mpsc::sync_channel::<Job>(queue);
        let receiver = Arc::new(Mutex::new(receiver));
        for n in 0..threads.max(1) {
            let receiver = Arc::clone(&receiver);
            thread::Builder::new()
                .name(format!("password-hash-{n}"))
                .spawn(move || work(&receiver))
                .expect("start a password-hashing thread");
        }
        HashPool { queue: sender }
    }

    /// Runs `job` on a hashing thread and waits for its answer.
    ///
    /// # Errors
    ///
    /// [`AppError::Busy`] at once when the queue is full; a 500 if the job panicked.
    async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, AppError> {
        let (answer, answered) = oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = answer.send(job());
        });
        match self.queue.try_send(job) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => {
                metrics::counter!("password_hash_busy_total").increment(1);
                return Err(AppError::Busy {
                    retry_after: BUSY_RETRY_AFTER_SECS,
                });
            }
            Err(TrySendError::Disconnected(_)) => {
                return Err(AppError::internal(
                    "the password-hashing threads have ended",
                ));
            }
        }
        answered
            .await
            .map_err(|_| AppError::internal("a password-hashing job failed"))
    }

    /// Hashes `password` with argon2id and a random salt, as a PHC string.
    ///
    /// # Errors
    ///
    /// [`AppError::Busy`] when the queue is full; a 500 if hashing fails.
    pub async fn hash(&self, password: String) -> Result<String, AppError> {
        self.run(move || {
            let mut salt = [0_u8; 16];
            rand::rng().fill_bytes(&mut salt);
            hash_phc(password.as_bytes(), &salt).map_err(AppError::internal)
        })
        .await?
    }

    /// Whether `password` matches the PHC string `hash`.
    ///
    /// # Errors
    ///
    /// [`AppError::Busy`] when the queue is full; a 500 if `hash` is not an Argon2 PHC
    /// string.
    pub async fn verify(&self, password: String, hash: String) -> Result<bool, AppError> {
        self.run(move || verify_phc(password.as_bytes(), &hash).map_err(AppError::internal))
            .await?
    }
}

thread_local! {
    /// This thread's Argon2 working memory: allocated by its first hash, reused after.
    static MEMORY: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
}

/// The raw Argon2 output of `password` and `salt` under `algorithm`, `version` and
/// `params`, written to `out`, computed in this thread's working memory.
fn raw_hash(
    algorithm: Algorithm,
    version: Version,
    params: &Params,
    password: &[u8],
    salt: &[u8],
    out: &mut [u8],
) -> Result<(), argon2::Error> {
    let argon2 = Argon2::new(algorithm, version, params.clone());
    MEMORY.with_borrow_mut(|memory| {
        let needed = params.block_count();
        if memory.len() < needed {
            memory.resize(needed, Block::default());
        }
        argon2.hash_password_into_with_memory(password, salt, out, &mut memory[..needed])
    })
}

/// `password` hashed with argon2id, [`params`]' costs and `salt`, as a PHC string.
fn hash_phc(password: &[u8], salt: &[u8]) -> Result<String, argon2::password_hash::Error> {
    let params = params();
    let mut out = [0_u8; Params::DEFAULT_OUTPUT_LEN];
    raw_hash(
        Algorithm::Argon2id,
        Version::V0x13,
        &params,
        password,
        salt,
        &mut out,
    )?;
    let salt = SaltString::encode_b64(salt)?;
    let phc = PasswordHash {
        algorithm: ARGON2ID_IDENT,
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params)?,
        salt: Some(salt.as_salt()),
        hash: Some(Output::new(&out)?),
    };
    Ok(phc.to_string())
}

/// Whether `password` matches the Argon2 PHC string `phc` (compared in constant time).
fn verify_phc(password: &[u8], phc: &str) -> Result<bool, argon2::password_hash::Error> {
    let parsed = PasswordHash::new(phc)?;
    let algorithm = Algorithm::try_from(parsed.algorithm)?;
    let version = parsed
        .version
        .map(Version::try_from)
        .transpose()?
        .unwrap_or_default();
    let params = Params::try_from(&parsed)?;
    let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else {
        return Err(argon2::password_hash::Error::PhcStringField);
    };
    let mut salt_bytes = [0_u8; 64];
    let salt = salt.decode_b64(&mut salt_bytes)?;
    let mut out = vec![0_u8; expected.len()];
    raw_hash(algorithm, version, &params, password, salt, &mut out)?;
    Ok(Output::new(&out)? == expected)
}

/// A hashing thread: takes jobs until every sender is gone.
fn work(receiver: &Mutex<Receiver<Job>>) {
    loop {
        // The lock is held only while waiting for the next job, not while running it.
        let next = receiver
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .recv();
        let Ok(job) = next else {
            return;
        };
        // A panicking job must not take the thread with it: its caller sees a 500.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
    }
}

/// The OWASP parameters for argon2id: 19 MiB, 2 iterations, 1 lane.
fn params() -> Params {
    Params::new(19_456, 2, 1, None).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn password_hashes_are_argon2id_with_owasp_parameters_and_verify() {
        let pool = HashPool::new(1, 4);
        let hash = pool.hash("correct horse".to_owned()).await.unwrap();
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert!(
            pool.verify("correct horse".to_owned(), hash.clone())
                .await
                .unwrap()
        );
        assert!(!pool.verify("wrong horse".to_owned(), hash).await.unwrap());
    }

    #[test]
    fn hashes_agree_with_the_argon2_crates_own_hasher_both_ways() {
        use argon2::{PasswordHasher, PasswordVerifier};
        let salt = *b"sixteen bytes ok";
        let own = hash_phc(b"correct horse", &salt).unwrap();
        let theirs = Argon2::new(Algorithm::Argon2id, Version::V0x13, params())
            .hash_password(b"correct horse", &SaltString::encode_b64(&salt).unwrap())
            .unwrap()
            .to_string();
        assert_eq!(own, theirs);
        // A stored hash with other costs (an older setting) still verifies.
        let older = Argon2::new(
            Algorithm::Argon2id,
            Version::V0x13,
            Params::new(8_192, 3, 1, None).unwrap(),
        )
        .hash_password(b"old horse", &SaltString::encode_b64(&salt).unwrap())
        .unwrap()
        .to_string();
        assert!(verify_phc(b"old horse", &older).unwrap());
        assert!(!verify_phc(b"old horsf", &older).unwrap());
        assert!(
            Argon2::default()
                .verify_password(b"correct horse", &PasswordHash::new(&own).unwrap())
                .is_ok()
        );
        assert!(verify_phc(b"x", "not a hash").is_err());
    }

    #[tokio::test]
    async fn a_full_queue_is_refused_at_once_and_the_pool_recovers() {
        let pool = HashPool::new(1, 1);
        let (release, released) = std::sync::mpsc::channel::<()>();
        let (started, has_started) = oneshot::channel::<()>();
        // One job holds the only thread, a second fills the one queue slot.
        let holding = tokio::spawn({
            let pool = pool.clone();
            async move {
                pool.run(move || {
                    let _ = started.send(());
                    let _ = released.recv();
                })
                .await
            }
        });
        has_started.await.unwrap();
        let (answer, answered) = oneshot::channel();
        pool.queue
            .try_send(Box::new(move || {
                let _ = answer.send(7);
            }))
            .unwrap();
        let refused = pool.run(|| 0).await.unwrap_err();
        assert!(matches!(refused, AppError::Busy { retry_after: 1 }));
        release.send(()).unwrap();
        holding.await.unwrap().unwrap();
        assert_eq!(answered.await.unwrap(), 7);
        assert_eq!(pool.run(|| 8).await.unwrap(), 8);
    }

    #[tokio::test]
    async fn a_panicking_job_is_a_500_and_the_thread_lives_on() {
        let pool = HashPool::new(1, 2);
        let error = pool.run::<u8>(|| panic!("boom")).await.unwrap_err();
        assert_eq!(error.code(), "internal");
        assert_eq!(pool.run(|| 3).await.unwrap(), 3);
    }
}
