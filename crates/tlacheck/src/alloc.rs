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
use core::ffi::c_void;
use libmimalloc_sys as mi;

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
