//! The names bound inside a definition, innermost last, with an index
//! from each name to where it is bound, so that looking a name up does
//! not scan every binding in scope (a chain of thousands of `let`s would
//! otherwise take quadratic time).

use super::Local;
use crate::name::Name;
use std::collections::HashMap;
use std::ops::Index;
use std::slice::SliceIndex;

#[derive(Debug, Default)]
pub(super) struct Locals {
    entries: Vec<Local>,
    /// Each name's positions in `entries`, ascending.
    positions: HashMap<Name, Vec<usize>>,
}

impl Locals {
    pub(super) fn push(&mut self, local: Local) {
        self.positions
            .entry(local.name.clone())
            .or_default()
            .push(self.entries.len());
        self.entries.push(local);
    }

    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }

    pub(super) fn iter(&self) -> std::slice::Iter<'_, Local> {
        self.entries.iter()
    }

    /// Unbinds everything bound from `mark` on.
    pub(super) fn truncate(&mut self, mark: usize) {
        drop(self.split_off(mark));
    }

    /// Unbinds everything bound from `mark` on, and gives it back.
    pub(super) fn split_off(&mut self, mark: usize) -> Vec<Local> {
        let removed = self.entries.split_off(mark.min(self.entries.len()));
        for local in removed.iter().rev() {
            if let Some(positions) = self.positions.get_mut(&local.name) {
                positions.pop();
                if positions.is_empty() {
                    self.positions.remove(&local.name);
                }
            }
        }
        removed
    }

    pub(super) fn extend(&mut self, locals: impl IntoIterator<Item = Local>) {
        for local in locals {
            self.push(local);
        }
    }

    /// Where the innermost binding of `name` is.
    pub(super) fn position(&self, name: &Name) -> Option<usize> {
        self.positions.get(name)?.last().copied()
    }

    /// The innermost binding of `name`.
    pub(super) fn get(&self, name: &Name) -> Option<&Local> {
        Some(&self.entries[self.position(name)?])
    }
}

impl<I: SliceIndex<[Local]>> Index<I> for Locals {
    type Output = I::Output;

    fn index(&self, index: I) -> &I::Output {
        &self.entries[index]
    }
}
