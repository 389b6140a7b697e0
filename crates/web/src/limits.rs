//! The server's limits: body size, per-request budgets and their ceilings, concurrency, the
//! admission queue, generation count and request timeout.
//!
//! Design decision: a request may ask for a budget, but never more than the ceiling; a request
//! that asks for none gets the default. Every piece of work therefore ends, whatever the input.
//! Admission is a bounded queue in front of one slot per core: a burst of requests waits its
//! turn (up to the queue wait, by default the request timeout) instead of being refused, and a
//! 503 comes only when the queue is full or the request runs out of time. More slots than cores
//! would not finish the work sooner, it would only share the cores more thinly.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use sudokit_core::Budget;

/// The server's limits. `Default` gives the values `sudokit serve` starts with.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest request body in bytes [default: 64 KiB].
    pub body_bytes: usize,
    /// Time budget of a request that names none [default: 2 s].
    pub default_budget: Duration,
    /// Largest time budget a request may ask for [default: 10 s].
    pub max_budget: Duration,
    /// Largest node budget a request may ask for [default: 100,000,000].
    pub max_nodes: u64,
    /// Largest `limit`/`count` of solutions a request may ask for [default: 1,000].
    pub max_solutions: u64,
    /// Requests that may work at once [default: available cores].
    pub max_concurrent: usize,
    /// Requests that may wait for a slot; one more gets a 503 at once [default: 256].
    pub max_queue: usize,
    /// How long a request waits for a free slot before a 503; the request timeout bounds it
    /// too, since it counts from the request's arrival [default: 30 s].
    pub queue_wait: Duration,
    /// Puzzles one `/api/generate` request may ask for [default: 20].
    pub max_generate: u64,
    /// Wall time of a whole request before a 503 and cancellation [default: 30 s].
    pub request_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Limits {
            body_bytes: 64 * 1024,
            default_budget: Duration::from_secs(2),
            max_budget: Duration::from_secs(10),
            max_nodes: 100_000_000,
            max_solutions: 1000,
            max_concurrent: cores,
            max_queue: 256,
            queue_wait: Duration::from_secs(30),
            max_generate: 20,
            request_timeout: Duration::from_secs(30),
        }
    }
}

impl Limits {
    /// The budget for a request that asked for `millis` of time and `nodes` nodes: the default
    /// time when none was asked, each capped at its ceiling, with `cancel` as the stop flag.
    pub fn budget(
        &self,
        millis: Option<u64>,
        nodes: Option<u64>,
        cancel: Arc<AtomicBool>,
    ) -> Budget {
        let time = millis
            .map(Duration::from_millis)
            .unwrap_or(self.default_budget)
            .min(self.max_budget);
        Budget {
            nodes: Some(nodes.unwrap_or(self.max_nodes).min(self.max_nodes)),
            time: Some(time),
            cancel: Some(cancel),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_are_capped_at_the_ceilings() {
        let l = Limits {
            max_budget: Duration::from_secs(3),
            max_nodes: 50,
            ..Limits::default()
        };
        let flag = Arc::new(AtomicBool::new(false));
        let b = l.budget(Some(60_000), Some(1_000), flag.clone());
        assert_eq!(b.time, Some(Duration::from_secs(3)));
        assert_eq!(b.nodes, Some(50));
        let b = l.budget(None, None, flag);
        assert_eq!(b.time, Some(l.default_budget));
        assert_eq!(b.nodes, Some(50));
    }
}
