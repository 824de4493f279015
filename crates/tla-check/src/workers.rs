//! Parallel expansion of one BFS level. Worker threads take chunks of the level in turn and
//! expand their states; the calling thread merges the chunks strictly in the level's order,
//! so the outcome, the counts and the counterexample are those of a one-worker search.

use crate::expand::{Candidate, End, Shared, Worker};
use std::sync::{Arc, Condvar, Mutex};
use tla_eval::eval::RunInfo;
use tla_eval::Value;

/// The successors of one state, examined, and how their generation ended.
pub struct Expansion {
    pub cands: Vec<Candidate>,
    pub end: End,
}

/// States a worker takes at once.
const CHUNK: usize = 64;
/// Expanded chunks that may wait for the merge per worker (bounds the memory held).
const AHEAD_PER_WORKER: usize = 8;
/// Stack of a worker thread: deeply nested specs recurse deeply (as the main thread).
const STACK: usize = 256 * 1024 * 1024;

struct Board {
    next_chunk: usize,
    done: Vec<Option<Vec<Expansion>>>,
    merged: usize,
    stop: bool,
}

/// Expands each state of `level` (at `depth`) with `workers` threads; `merge(i, expansion)`
/// is called on the calling thread for i = 0, 1, ... in order, and returns false to stop.
pub fn expand_level(
    sh: &Shared,
    level: &[(u32, Arc<[Value]>)],
    depth: u32,
    workers: usize,
    merge: &mut dyn FnMut(usize, Expansion) -> bool,
) {
    let work = |w: &mut Worker, (_, st): &(u32, Arc<[Value]>)| {
        let mut cands = Vec::new();
        let end = w.expand(st, depth, None, &mut |c| {
            cands.push(c);
            true
        });
        Expansion { cands, end }
    };
    in_order(sh, level, workers, &work, merge);
}

/// Examines initial states with `workers` threads, merged in order as `expand_level`'s.
pub fn examine_initial(
    sh: &Shared,
    states: &[Arc<[Value]>],
    workers: usize,
    merge: &mut dyn FnMut(usize, Expansion) -> bool,
) {
    let work = |w: &mut Worker, st: &Arc<[Value]>| Expansion {
        cands: vec![w.initial(st.clone())],
        end: End::Halted,
    };
    in_order(sh, states, workers, &work, merge);
}

type Work<'w, T> = dyn Fn(&mut Worker, &T) -> Expansion + Sync + 'w;

fn in_order<T: Sync>(
    sh: &Shared,
    level: &[T],
    workers: usize,
    work: &Work<T>,
    merge: &mut dyn FnMut(usize, Expansion) -> bool,
) {
    let chunks = level.len().div_ceil(CHUNK);
    let board = Mutex::new(Board {
        next_chunk: 0,
        done: (0..chunks).map(|_| None).collect(),
        merged: 0,
        stop: false,
    });
    let changed = Condvar::new();
    let ahead = workers * AHEAD_PER_WORKER;
    std::thread::scope(|s| {
        for _ in 0..workers {
            let (board, changed) = (&board, &changed);
            std::thread::Builder::new()
                .stack_size(STACK)
                .spawn_scoped(s, move || {
                    let mut w = Worker::new(sh);
                    loop {
                        let k = {
                            let mut b = board.lock().expect("board");
                            loop {
                                if b.stop || b.next_chunk >= chunks {
                                    RunInfo::set_thread_level(None);
                                    return;
                                }
                                if b.next_chunk < b.merged + ahead {
                                    break;
                                }
                                b = changed.wait(b).expect("board");
                            }
                            b.next_chunk += 1;
                            b.next_chunk - 1
                        };
                        let part = &level[k * CHUNK..((k + 1) * CHUNK).min(level.len())];
                        let out: Vec<Expansion> = part.iter().map(|t| work(&mut w, t)).collect();
                        board.lock().expect("board").done[k] = Some(out);
                        changed.notify_all();
                    }
                })
                .expect("spawn a worker");
        }
        'merging: for k in 0..chunks {
            let out = {
                let mut b = board.lock().expect("board");
                loop {
                    if let Some(out) = b.done[k].take() {
                        break out;
                    }
                    b = changed.wait(b).expect("board");
                }
            };
            for (j, e) in out.into_iter().enumerate() {
                if !merge(k * CHUNK + j, e) {
                    board.lock().expect("board").stop = true;
                    changed.notify_all();
                    break 'merging;
                }
            }
            board.lock().expect("board").merged = k + 1;
            changed.notify_all();
        }
    });
}
