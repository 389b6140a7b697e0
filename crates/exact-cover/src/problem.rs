//! Building an exact-cover [`Problem`]: items (primary or secondary, optionally named) and
//! options (lists of items), checked as they are added.
//!
//! Design decision: the builder validates every option when it is added (unknown item, empty
//! option, item twice) and reports a typed [`BuildError`] naming the option and the item, so a
//! bad matrix never reaches the search. [`Builder::build`] then lays the matrix out once in
//! Knuth's array form (item headers, option nodes separated by spacer nodes); a [`Problem`] is
//! immutable and every search works on its own copy of the links, so one problem can be solved
//! many times, or from several threads.

use crate::search::Solver;
use std::collections::HashMap;
use std::fmt;

/// An item (a column of the matrix), by the order in which it was declared (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Item(pub usize);

impl Item {
    /// The item's 0-based declaration index.
    pub fn index(self) -> usize {
        self.0
    }
}

/// Whether an item must be covered exactly once or at most once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// Covered exactly once by every solution.
    Primary,
    /// Covered at most once (options with only secondary items are never chosen).
    Secondary,
}

/// Why an item or option was rejected, or the matrix could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// An option names an item that was never declared.
    #[error("option {option} names unknown item {item}")]
    UnknownItem {
        /// 0-based index the option would have had.
        option: usize,
        /// The item as given (a name, or `#index`).
        item: String,
    },
    /// An option lists no item at all.
    #[error("option {option} is empty")]
    EmptyOption {
        /// 0-based index the option would have had.
        option: usize,
    },
    /// An option lists the same item twice.
    #[error("option {option} lists item {item} twice")]
    DuplicateItem {
        /// 0-based index the option would have had.
        option: usize,
        /// The repeated item (its name, or `#index`).
        item: String,
    },
    /// Two items were declared with the same name.
    #[error("item name '{name}' is declared twice")]
    DuplicateName {
        /// The repeated name.
        name: String,
    },
    /// The matrix has more nodes than the 32-bit links can address.
    #[error("the matrix is too large: {nodes} nodes (at most {max})")]
    TooLarge {
        /// Nodes needed.
        nodes: usize,
        /// Largest supported node count.
        max: usize,
    },
}

/// Collects items and options, then [`Builder::build`]s a [`Problem`].
///
/// Items are declared either one at a time with a name ([`Builder::primary`],
/// [`Builder::secondary`]) or in bulk without names ([`Builder::with_items`]); options are added
/// by [`Item`] ([`Builder::option`]) or by item names ([`Builder::option_named`]). Option
/// indices in solutions are the 0-based order of the `option*` calls that succeeded.
#[derive(Clone, Debug, Default)]
pub struct Builder {
    kinds: Vec<ItemKind>,
    names: Vec<Option<String>>,
    by_name: HashMap<String, Item>,
    /// Items of every option, back to back.
    option_items: Vec<u32>,
    /// End (exclusive) of each option in `option_items`.
    option_ends: Vec<u32>,
    /// Per item: 1 + the index of the last option that listed it (duplicate check).
    stamp: Vec<u32>,
}

impl Builder {
    /// An empty builder.
    pub fn new() -> Builder {
        Builder::default()
    }

    /// A builder with `primary` unnamed primary items (`Item(0)..Item(primary)`) followed by
    /// `secondary` unnamed secondary items.
    pub fn with_items(primary: usize, secondary: usize) -> Builder {
        let mut kinds = vec![ItemKind::Primary; primary];
        kinds.resize(primary + secondary, ItemKind::Secondary);
        Builder {
            names: vec![None; kinds.len()],
            stamp: vec![0; kinds.len()],
            kinds,
            ..Builder::default()
        }
    }

    /// Reserves room for `options` more options holding `entries` item entries in total (an
    /// optimisation only).
    pub fn reserve(&mut self, options: usize, entries: usize) {
        self.option_ends.reserve(options);
        self.option_items.reserve(entries);
    }

    /// Declares a named primary item (covered exactly once).
    pub fn primary(&mut self, name: impl Into<String>) -> Result<Item, BuildError> {
        self.named(name.into(), ItemKind::Primary)
    }

    /// Declares a named secondary item (covered at most once).
    pub fn secondary(&mut self, name: impl Into<String>) -> Result<Item, BuildError> {
        self.named(name.into(), ItemKind::Secondary)
    }

    /// Declares an unnamed item of `kind`.
    pub fn item(&mut self, kind: ItemKind) -> Item {
        self.kinds.push(kind);
        self.names.push(None);
        self.stamp.push(0);
        Item(self.kinds.len() - 1)
    }

    fn named(&mut self, name: String, kind: ItemKind) -> Result<Item, BuildError> {
        if self.by_name.contains_key(&name) {
            return Err(BuildError::DuplicateName { name });
        }
        let item = self.item(kind);
        self.names[item.0] = Some(name.clone());
        self.by_name.insert(name, item);
        Ok(item)
    }

    /// The item declared under `name`.
    pub fn find(&self, name: &str) -> Option<Item> {
        self.by_name.get(name).copied()
    }

    /// Number of items declared so far.
    pub fn item_count(&self) -> usize {
        self.kinds.len()
    }

    /// Number of options added so far.
    pub fn option_count(&self) -> usize {
        self.option_ends.len()
    }

    fn describe(&self, item: usize) -> String {
        match self.names.get(item) {
            Some(Some(name)) => name.clone(),
            _ => format!("#{item}"),
        }
    }

    /// Adds an option covering `items`; returns its 0-based index.
    ///
    /// Nothing is added when the option is empty, names an undeclared item, or lists an item
    /// twice.
    pub fn option<I>(&mut self, items: I) -> Result<usize, BuildError>
    where
        I: IntoIterator<Item = Item>,
    {
        let option = self.option_ends.len();
        let start = self.option_items.len();
        let tag = option as u32 + 1;
        for Item(i) in items {
            let fail = if i >= self.kinds.len() {
                Some(BuildError::UnknownItem {
                    option,
                    item: format!("#{i}"),
                })
            } else if self.stamp[i] == tag {
                Some(BuildError::DuplicateItem {
                    option,
                    item: self.describe(i),
                })
            } else {
                None
            };
            if let Some(err) = fail {
                self.unstamp(start);
                return Err(err);
            }
            self.stamp[i] = tag;
            self.option_items.push(i as u32);
        }
        if self.option_items.len() == start {
            return Err(BuildError::EmptyOption { option });
        }
        self.option_ends.push(self.option_items.len() as u32);
        Ok(option)
    }

    /// Adds an option covering the items declared under `names`; returns its 0-based index.
    pub fn option_named<S: AsRef<str>>(&mut self, names: &[S]) -> Result<usize, BuildError> {
        let mut items = Vec::with_capacity(names.len());
        for name in names {
            let name = name.as_ref();
            match self.by_name.get(name) {
                Some(&item) => items.push(item),
                None => {
                    return Err(BuildError::UnknownItem {
                        option: self.option_ends.len(),
                        item: name.to_string(),
                    });
                }
            }
        }
        self.option(items)
    }

    /// Forgets the stamps of a rejected option, so that a later option with the same index is
    /// not mistaken for a duplicate.
    fn unstamp(&mut self, start: usize) {
        for &i in &self.option_items[start..] {
            self.stamp[i as usize] = 0;
        }
        self.option_items.truncate(start);
    }

    /// Lays the matrix out for dancing links.
    pub fn build(self) -> Result<Problem, BuildError> {
        let n_items = self.kinds.len();
        let n_options = self.option_ends.len();
        // Internal numbering: primary items 1..=n1, then secondary items n1+1..=n.
        let mut internal = vec![0u32; n_items];
        let mut user_of = vec![0usize; n_items + 1];
        let n1 = self
            .kinds
            .iter()
            .filter(|&&k| k == ItemKind::Primary)
            .count();
        let (mut next_p, mut next_s) = (1usize, n1 + 1);
        for (u, &kind) in self.kinds.iter().enumerate() {
            let slot = match kind {
                ItemKind::Primary => &mut next_p,
                ItemKind::Secondary => &mut next_s,
            };
            internal[u] = *slot as u32;
            user_of[*slot] = u;
            *slot += 1;
        }
        let total = n_items + 2 + self.option_items.len() + n_options;
        let max = i32::MAX as usize;
        if total > max || n_options >= max {
            return Err(BuildError::TooLarge { nodes: total, max });
        }
        let mut nodes = Vec::with_capacity(total);
        // Node 0 is unused (index 0 is the root of the primary item list); headers 1..=n.
        nodes.push(Node::default());
        for i in 1..=n_items {
            nodes.push(Node {
                top: 0,
                up: i as u32,
                down: i as u32,
            });
        }
        // The first spacer.
        nodes.push(Node {
            top: 0,
            up: 0,
            down: 0,
        });
        let mut node_option = Vec::with_capacity(total);
        node_option.resize(n_items + 2, u32::MAX);
        let mut len = vec![0u32; n_items + 1];
        let mut spacer = nodes.len() - 1;
        let mut start = 0usize;
        for (k, &end) in self.option_ends.iter().enumerate() {
            let end = end as usize;
            let first = nodes.len();
            for &user in &self.option_items[start..end] {
                let item = internal[user as usize] as usize;
                let x = nodes.len() as u32;
                let last = nodes[item].up;
                nodes.push(Node {
                    top: item as i32,
                    up: last,
                    down: item as u32,
                });
                nodes[last as usize].down = x;
                nodes[item].up = x;
                len[item] += 1;
                node_option.push(k as u32);
            }
            let last = nodes.len() - 1;
            nodes[spacer].down = last as u32;
            nodes.push(Node {
                top: -(k as i32 + 1),
                up: first as u32,
                down: 0,
            });
            node_option.push(u32::MAX);
            spacer = nodes.len() - 1;
            start = end;
        }
        Ok(Problem {
            primary: n1,
            items: n_items,
            options: n_options,
            names: self.names,
            kinds: self.kinds,
            internal,
            nodes,
            len,
            node_option,
            option_items: self.option_items,
            option_ends: self.option_ends,
        })
    }
}

/// One node of the matrix: an item header (`top` = 0; its option count lives in a separate
/// array), an option node (`top` = its item), or a spacer between options (`top` ≤ 0).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Node {
    pub(crate) top: i32,
    pub(crate) up: u32,
    pub(crate) down: u32,
}

/// An exact-cover matrix ready to search. Build one with [`Builder`]; search it with
/// [`Problem::solver`] (or the shortcuts [`Problem::first`], [`Problem::count`]).
#[derive(Clone)]
pub struct Problem {
    pub(crate) primary: usize,
    items: usize,
    options: usize,
    names: Vec<Option<String>>,
    kinds: Vec<ItemKind>,
    internal: Vec<u32>,
    pub(crate) nodes: Vec<Node>,
    /// Options per item (index 0 unused).
    pub(crate) len: Vec<u32>,
    pub(crate) node_option: Vec<u32>,
    option_items: Vec<u32>,
    option_ends: Vec<u32>,
}

impl fmt::Debug for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Problem")
            .field("primary_items", &self.primary)
            .field("secondary_items", &(self.items - self.primary))
            .field("options", &self.options)
            .field("nodes", &self.nodes.len())
            .finish()
    }
}

impl Problem {
    /// A new [`Builder`].
    pub fn builder() -> Builder {
        Builder::new()
    }
    /// Number of items, primary and secondary.
    pub fn item_count(&self) -> usize {
        self.items
    }
    /// Number of primary items.
    pub fn primary_count(&self) -> usize {
        self.primary
    }
    /// Number of options.
    pub fn option_count(&self) -> usize {
        self.options
    }
    /// The kind of `item`, if it exists.
    pub fn item_kind(&self, item: Item) -> Option<ItemKind> {
        self.kinds.get(item.0).copied()
    }
    /// The name of `item`, if it has one.
    pub fn item_name(&self, item: Item) -> Option<&str> {
        self.names.get(item.0).and_then(|n| n.as_deref())
    }
    /// The items of option `option`, in the order they were given (empty if out of range).
    pub fn option_items(&self, option: usize) -> Vec<Item> {
        if option >= self.options {
            return Vec::new();
        }
        let start = if option == 0 {
            0
        } else {
            self.option_ends[option - 1] as usize
        };
        let end = self.option_ends[option] as usize;
        self.option_items[start..end]
            .iter()
            .map(|&i| Item(i as usize))
            .collect()
    }
    /// Number of options that contain `item` (0 for an unknown item).
    pub fn item_len(&self, item: Item) -> usize {
        self.internal
            .get(item.0)
            .map_or(0, |&i| self.len[i as usize] as usize)
    }
    /// A fresh search over this problem (no budget).
    pub fn solver(&self) -> Solver<'_> {
        Solver::new(self)
    }
    /// The first solution (option indices in the order chosen), if any.
    pub fn first(&self) -> Option<Vec<usize>> {
        self.solver().next()
    }
    /// The number of solutions (searches the whole space).
    pub fn count(&self) -> u64 {
        let mut s = self.solver();
        s.for_each_solution(|_| std::ops::ControlFlow::Continue(()));
        s.stats().solutions
    }
}
