//! The program's global allocator: mimalloc, called through its plain entry points whenever
//! Rust asks for no more than a machine word's alignment.
//!
//! Design decision: the `mimalloc` crate's allocator passes every request to
//! `mi_malloc_aligned`. In mimalloc 3 that call is quick only for a block of at most 1 KiB
//! with a free block of the size class at hand; every other request goes through the generic
//! aligned path, which over-allocates unless the size is a power of two. `explain` made
//! 181,000 such requests on a tenth of magictour_top1465 (44 M instructions in the
//! over-allocating path alone; docs/bench.md, session 66). Every block mimalloc hands out is
//! aligned to at least a machine word, so a request with alignment up to a word (nearly all:
//! vectors of integers, strings, boxes of them) goes to `mi_malloc`, `mi_zalloc` or
//! `mi_realloc`; a larger alignment keeps the crate's aligned calls. `mi_free` frees either.
//! This is the crate's only `unsafe`.
#![allow(
    unsafe_code,
    reason = "a GlobalAlloc implementation forwarding to mimalloc's C entry points"
)]

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

use mimalloc::MiMalloc;

/// The alignment every mimalloc block has (a machine word).
const WORD: usize = std::mem::size_of::<usize>();

/// mimalloc, with the plain calls for word-aligned requests (see the module docs).
pub(crate) struct Allocator;

// SAFETY: every method returns what the `GlobalAlloc` contract asks: `mi_malloc`, `mi_zalloc`
// and `mi_realloc` return null or a block of at least the requested size aligned to a machine
// word (mimalloc's guarantee for every block), used only when `layout.align()` is at most a
// word; other requests go to `MiMalloc`, which upholds the contract itself; `mi_free` takes
// any block either family returned.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= WORD {
            // SAFETY: a plain allocation; its alignment suffices (see the impl's comment).
            unsafe { libmimalloc_sys::mi_malloc(layout.size()).cast() }
        } else {
            // SAFETY: the caller's guarantees for `layout` are passed on unchanged.
            unsafe { MiMalloc.alloc(layout) }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= WORD {
            // SAFETY: as in `alloc`; `mi_zalloc` zeroes the block.
            unsafe { libmimalloc_sys::mi_zalloc(layout.size()).cast() }
        } else {
            // SAFETY: the caller's guarantees for `layout` are passed on unchanged.
            unsafe { MiMalloc.alloc_zeroed(layout) }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from this allocator, so from mimalloc; `MiMalloc.dealloc` is
        // `mi_free`, which frees blocks of either family.
        unsafe { MiMalloc.dealloc(ptr, layout) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if layout.align() <= WORD {
            // SAFETY: `ptr` is a live mimalloc block (from this allocator); the new block,
            // if any, is word-aligned, which suffices, and holds the old contents.
            unsafe { libmimalloc_sys::mi_realloc(ptr.cast::<c_void>(), new_size).cast() }
        } else {
            // SAFETY: the caller's guarantees are passed on unchanged.
            unsafe { MiMalloc.realloc(ptr, layout, new_size) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Blocks of every alignment up to a page, plain and zeroed, grown and shrunk, come back
    /// aligned, zeroed where asked and with their contents kept across `realloc`.
    #[test]
    fn blocks_are_aligned_zeroed_and_kept() {
        let a = Allocator;
        let fill = |i: usize| (i % 251) as u8;
        for align in [1usize, 2, 4, 8, 16, 32, 64, 4096] {
            for size in [1usize, 7, 8, 24, 100, 1000, 1025, 5000, 70_000] {
                let layout = Layout::from_size_align(size, align).expect("valid layout");
                // SAFETY: non-zero sizes; every block is used within its size and freed
                // once, with the layout it has at that moment.
                unsafe {
                    let z = a.alloc_zeroed(layout);
                    assert!(!z.is_null());
                    assert_eq!(z as usize % align, 0, "zeroed {size}/{align}");
                    assert!(
                        (0..size).all(|i| *z.add(i) == 0),
                        "not zeroed: {size}/{align}"
                    );
                    a.dealloc(z, layout);
                    let mut p = a.alloc(layout);
                    assert!(!p.is_null());
                    assert_eq!(p as usize % align, 0, "{size}/{align}");
                    for i in 0..size {
                        *p.add(i) = fill(i);
                    }
                    let mut current = layout;
                    for new in [size * 3 + 5, size / 2 + 1, size] {
                        let kept = current.size().min(new);
                        p = a.realloc(p, current, new);
                        assert!(!p.is_null());
                        assert_eq!(p as usize % align, 0, "realloc {size}->{new}/{align}");
                        assert!((0..kept).all(|i| *p.add(i) == fill(i)), "{size}->{new}");
                        current = Layout::from_size_align(new, align).expect("valid layout");
                    }
                    a.dealloc(p, current);
                }
            }
        }
    }
}
