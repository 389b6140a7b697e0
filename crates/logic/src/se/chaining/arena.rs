//! One search's arena: the nodes (a candidate with a state, its parents and why it holds) in
//! plain integers, the "on" and "off" sets in insertion order, and the cache of searches made.
//!
//! Design decision: a node is an index into one `Vec` and its parents a slice of one shared
//! buffer, so a search allocates nothing per node and a run is reset, not freed, between
//! searches; SE's first parent of each node is the first one stored.

use super::*;

/// Why a node holds: the assumption itself, a cell with one digit left, a digit with one place
/// left in a region of type `t`, or a nested rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cause {
    Assumption,
    NakedSingle,
    Hidden(u8),
    /// An elimination by a peer or a cell's other digit (the cause only matters for "on").
    Off,
    Advanced,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub(super) pot: u32,
    pub(super) pstart: u32,
    pub(super) plen: u32,
    pub(super) cause: Cause,
    /// Complexity of the nested chain that produced this node (0 when none) and a key that
    /// tells nested chains apart.
    pub(super) nested: u32,
    pub(super) nested_key: u64,
}

/// Searches already made from an "on" assumption, with the contradiction each met.
pub(super) type RunCache = std::collections::HashMap<
    u32,
    (Run, Option<(u32, u32)>),
    std::hash::BuildHasherDefault<PotHasher>,
>;

/// A hasher for pots (small integers, keys of one search's cache): a multiplication instead
/// of SipHash, which showed in profiles.
#[derive(Default)]
pub(super) struct PotHasher(u64);

impl std::hash::Hasher for PotHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u32(&mut self, v: u32) {
        self.0 = (self.0 ^ u64::from(v)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// One search: an arena of nodes and the "on" and "off" sets in insertion order.
pub(crate) struct Run {
    pub(super) nodes: Vec<Node>,
    pub(super) par: Vec<u32>,
    pub(super) index: Vec<u32>,
    pub(super) on: Vec<u32>,
    pub(super) off: Vec<u32>,
}

impl Run {
    pub(super) fn new(npots: usize) -> Run {
        Run {
            nodes: Vec::with_capacity(256),
            par: Vec::with_capacity(512),
            index: vec![NONE; npots],
            on: Vec::new(),
            off: Vec::new(),
        }
    }

    #[inline]
    pub(super) fn node(&mut self, pot: u32, parents: &[u32], cause: Cause) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            pot,
            pstart: self.par.len() as u32,
            plen: parents.len() as u32,
            cause,
            nested: 0,
            nested_key: 0,
        });
        self.par.extend_from_slice(parents);
        id
    }

    #[inline]
    pub(super) fn store(&mut self, id: u32) {
        let pot = self.nodes[id as usize].pot;
        if self.index[pot as usize] == NONE {
            self.index[pot as usize] = id;
            if pot & 1 == 1 {
                self.on.push(id);
            } else {
                self.off.push(id);
            }
        }
    }

    #[inline]
    pub(super) fn get(&self, pot: u32) -> Option<u32> {
        let i = self.index[pot as usize];
        (i != NONE).then_some(i)
    }

    #[inline]
    pub(super) fn parents(&self, id: u32) -> &[u32] {
        let n = &self.nodes[id as usize];
        &self.par[n.pstart as usize..(n.pstart + n.plen) as usize]
    }

    #[inline]
    pub(super) fn first_parent(&self, id: u32) -> Option<u32> {
        self.parents(id).first().copied()
    }

    /// Steps from `id` up its first parents to the root.
    #[inline]
    pub(super) fn depth(&self, id: u32) -> u32 {
        let mut d = 0;
        let mut cur = id;
        while let Some(p) = self.first_parent(cur) {
            cur = p;
            d += 1;
        }
        d
    }

    /// SE's `isParent`: whether `pot` is on the first-parent path above `id`.
    #[inline]
    pub(super) fn is_parent(&self, id: u32, pot: u32) -> bool {
        let mut cur = id;
        while let Some(p) = self.first_parent(cur) {
            cur = p;
            if self.nodes[cur as usize].pot == pot {
                return true;
            }
        }
        false
    }

    /// Distinct (cell, digit, state) among `id` and its ancestors; with the nested chains'
    /// complexities met on the way (each distinct nested chain once), added to `nested`.
    ///
    /// SE walks the tree level by level and expands only the first node it meets for each
    /// (cell, digit, state); a FIFO queue visits nodes in the same order.
    #[inline]
    pub(super) fn ancestors(
        &self,
        id: u32,
        seen: &mut [u32],
        stamp: u32,
        nested: &mut Vec<u64>,
        queue: &mut Vec<u32>,
        limit: u32,
    ) -> u32 {
        let mut count = 0;
        queue.clear();
        queue.push(id);
        let mut head = 0;
        while head < queue.len() {
            let x = queue[head];
            head += 1;
            let n = &self.nodes[x as usize];
            if seen[n.pot as usize] == stamp {
                continue;
            }
            seen[n.pot as usize] = stamp;
            count += 1;
            if count > limit {
                return count;
            }
            if n.nested != 0 && !nested.contains(&n.nested_key) {
                nested.push(n.nested_key);
                nested.push(n.nested as u64);
            }
            queue.extend_from_slice(self.parents(x));
        }
        count
    }

    /// Empties the run for reuse, keeping its allocations.
    #[inline]
    pub(super) fn reset(&mut self) {
        for n in &self.nodes {
            self.index[n.pot as usize] = NONE;
        }
        self.nodes.clear();
        self.par.clear();
        self.on.clear();
        self.off.clear();
    }
}
