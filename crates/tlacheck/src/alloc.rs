//! The global allocator: mimalloc, asked for alignment only when its plain blocks lack it.
//!
//! `mimalloc::MiMalloc` passes every request to `mi_malloc_aligned`. When the size class's
//! free list is momentarily empty (the blocks freed are waiting in the page's local list),
//! that call falls back to over-allocating a larger block for any size that is not a power of
//! two (24, 40, 48... bytes: the small `Vec<Value>`s and `Arc`s evaluation makes all the
//! time), instead of collecting the freed blocks as `mi_malloc` does. Every block of
//! `mi_malloc` is aligned to 16 bytes from 16 bytes on (and to 8 below), so a layout whose
//! alignment is at most 16 and at most its size needs nothing more (the rule Rust's own
//! `System` allocator applies to `malloc` on Unix).

use core::alloc::{GlobalAlloc, Layout};
use core::ffi::{c_int, c_long, c_void};
use libmimalloc_sys as mi;

extern "C" {
    fn mi_option_set(option: c_int, value: c_long);
    #[cfg(test)]
    fn mi_option_get(option: c_int) -> c_long;
}

/// `mi_option_purge_delay` in mimalloc v3's `mi_option_t` (the sixteenth option; the
/// `libmimalloc-sys` bindings number v2's options and have no name for it).
const MI_OPTION_PURGE_DELAY: c_int = 15;

/// Keeps the memory a run frees for its own reuse instead of handing it back to the system.
///
/// mimalloc returns free pages to the system a second after they empty (its purge delay), and
/// a search empties pages all the time: the successors found seen, the level just expanded.
/// Each page taken back is zeroed again by the kernel on its next use (`clear_page_erms`,
/// 3% of a profile of EWD998Small, 27,000 page faults where 300 remain without purging). A
/// run never needs more than its peak, which purging does not lower.
pub fn keep_freed_memory() {
    // SAFETY: setting an option is a plain store in mimalloc's option table.
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, -1) }
}

/// `mi_malloc`'s guaranteed alignment (mimalloc's `MI_MAX_ALIGN_SIZE`).
const PLAIN_ALIGN: usize = 16;

pub struct Allocator;

fn plain(layout: &Layout) -> bool {
    layout.align() <= PLAIN_ALIGN && layout.align() <= layout.size()
}

// SAFETY: every block comes from mimalloc and goes back to it; a plain block is aligned as
// `plain` requires (see the module documentation), any other request is mimalloc's aligned
// allocation, as `mimalloc::MiMalloc` makes it.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if plain(&layout) {
            mi::mi_malloc(layout.size()) as *mut u8
        } else {
            mi::mi_malloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if plain(&layout) {
            mi::mi_zalloc(layout.size()) as *mut u8
        } else {
            mi::mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        mi::mi_free(ptr as *mut c_void);
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if layout.align() <= PLAIN_ALIGN && layout.align() <= new_size {
            mi::mi_realloc(ptr as *mut c_void, new_size) as *mut u8
        } else {
            mi::mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align()) as *mut u8
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// mimalloc reads `MIMALLOC_PURGE_DELAY` into the purge-delay option when it starts: a
    /// child test run with it set shows that the number used here is that option.
    #[test]
    fn the_option_set_is_the_purge_delay() {
        if std::env::var_os("TLACHECK_PRINT_PURGE_DELAY").is_some() {
            // SAFETY: reading an option is a plain load from mimalloc's option table.
            println!("purge delay {}", unsafe {
                mi_option_get(MI_OPTION_PURGE_DELAY)
            });
            return;
        }
        let out = std::process::Command::new(std::env::current_exe().expect("test binary"))
            .args(["--exact", "alloc::tests::the_option_set_is_the_purge_delay"])
            .args(["--nocapture", "--test-threads=1"])
            .env("TLACHECK_PRINT_PURGE_DELAY", "1")
            .env("MIMALLOC_PURGE_DELAY", "1234")
            .output()
            .expect("child test");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("purge delay 1234"), "{text}");
        keep_freed_memory();
        // SAFETY: as above.
        assert_eq!(unsafe { mi_option_get(MI_OPTION_PURGE_DELAY) }, -1);
    }
}
