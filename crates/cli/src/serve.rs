//! `sudokit serve`: flags → [`sudokit_web::Limits`] → the web app on a tokio runtime.
//!
//! Design decision: the binary only validates flags, builds the runtime and prints where it
//! listens; the router, limits and handlers live in `sudokit-web` so tests run them without a
//! process or a port. Binding anywhere but loopback prints a warning, since the API has no
//! authentication.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::Args;

/// Arguments of `sudokit serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on; anything but loopback exposes the API to the network.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Largest request body in bytes.
    #[arg(long, default_value_t = 64 * 1024)]
    max_body: usize,
    /// Time budget of a request that names none.
    #[arg(long, default_value = "2s", value_parser = humantime::parse_duration)]
    budget: Duration,
    /// Largest time budget a request may ask for.
    #[arg(long, default_value = "10s", value_parser = humantime::parse_duration)]
    max_budget: Duration,
    /// Largest node budget a request may ask for.
    #[arg(long, default_value_t = 100_000_000)]
    max_nodes: u64,
    /// Largest number of solutions a request may list or count.
    #[arg(long, default_value_t = 1000)]
    max_solutions: u64,
    /// Requests that may work at once [default: available cores].
    #[arg(long)]
    max_concurrent: Option<usize>,
    /// Requests that may wait for a slot; past that a request gets a 503 at once.
    #[arg(long, default_value_t = 256)]
    max_queue: usize,
    /// How long a request waits for a free slot before it gets a 503 (the request timeout
    /// also bounds it).
    #[arg(long, default_value = "30s", value_parser = humantime::parse_duration)]
    queue_wait: Duration,
    /// Puzzles one generate request may ask for.
    #[arg(long, default_value_t = 20)]
    max_generate: u64,
    /// Wall time of a whole request before it is stopped with a 503.
    #[arg(long, default_value = "30s", value_parser = humantime::parse_duration)]
    request_timeout: Duration,
    /// Worker threads of the runtime [default: all cores].
    #[arg(long, short = 'j')]
    jobs: Option<usize>,
}

/// `sudokit serve`.
pub fn run_serve(args: ServeArgs) -> Result<u8> {
    let defaults = sudokit_web::Limits::default();
    let limits = sudokit_web::Limits {
        body_bytes: args.max_body,
        default_budget: args.budget,
        max_budget: args.max_budget,
        max_nodes: args.max_nodes,
        max_solutions: args.max_solutions,
        max_concurrent: args.max_concurrent.unwrap_or(defaults.max_concurrent),
        max_queue: args.max_queue,
        queue_wait: args.queue_wait,
        max_generate: args.max_generate,
        request_timeout: args.request_timeout,
    };
    if limits.max_concurrent == 0 || limits.max_generate == 0 || limits.max_solutions == 0 {
        bail!("--max-concurrent, --max-generate and --max-solutions must be at least 1");
    }
    let mut rt = tokio::runtime::Builder::new_multi_thread();
    if let Some(j) = args.jobs {
        if j == 0 {
            bail!("--jobs must be at least 1");
        }
        rt.worker_threads(j);
    }
    let rt = rt
        .thread_stack_size(sudokit_app::WORKER_STACK)
        .enable_all()
        .build()
        .context("cannot start the runtime")?;
    if !sudokit_web::is_loopback(&args.addr) {
        eprintln!(
            "sudokit: warning: listening on {}, which is reachable from other machines; the \
             API has no authentication (use --addr 127.0.0.1:PORT to stay local)",
            args.addr
        );
    }
    rt.block_on(sudokit_web::serve(
        args.addr,
        limits,
        |bound| eprintln!("sudokit: serving on http://{bound}/ (Ctrl-C stops)"),
        async {
            let _ = tokio::signal::ctrl_c().await;
        },
    ))?;
    Ok(0)
}
