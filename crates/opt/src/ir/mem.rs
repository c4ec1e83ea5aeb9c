//! Memory: what the memory levels of the IR ([`super::SeqMem`],
//! [`super::McMem`]) add. Every array lives in a memory block, a
//! variable of type `mem` (`TypeBase::Mem`) made by an [`MemOp::Alloc`]
//! or passed in, and its elements are where an LMAD (linear memory
//! access descriptor) says: element `(i_0, ..., i_k)` is element
//! `offset + i_0 * stride_0 + ... + i_k * stride_k` of the block (in
//! units of the array's element type). The shape is the array's type's.
//!
//! A pattern element or parameter of array type carries a [`MemBind`];
//! slicing, transposing and reshaping change only the LMAD, so they
//! share the block. Where values cross a boundary (a function's
//! parameters and results, a loop's parameters, a branch's results),
//! arrays are *direct*: row-major from offset 0, each in a block of its
//! own, which the construct passes along as an extra value of type `mem`
//! (after all the others, one per array, in the arrays' order).

use super::{DimIndex, SubExp, Var};
use std::fmt;

/// Where a memory block lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Space {
    /// The host's memory.
    Default,
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Space::Default => f.write_str("default"),
        }
    }
}

/// A symbolic `i64` expression over the program's variables, for index
/// functions. Built with the functions below, which fold constants.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum IndexExp {
    Const(i64),
    Var(Var),
    Add(Box<IndexExp>, Box<IndexExp>),
    Sub(Box<IndexExp>, Box<IndexExp>),
    Mul(Box<IndexExp>, Box<IndexExp>),
}

impl IndexExp {
    /// The value of an `i64` operand.
    pub fn of(se: SubExp) -> IndexExp {
        match se {
            SubExp::Var(v) => IndexExp::Var(v),
            SubExp::Const(c) => IndexExp::Const(c.as_i64().unwrap_or(0)),
        }
    }

    pub fn constant(&self) -> Option<i64> {
        match self {
            IndexExp::Const(c) => Some(*c),
            _ => None,
        }
    }

    /// The product of the operands (1 for none).
    pub fn product(factors: impl IntoIterator<Item = IndexExp>) -> IndexExp {
        factors
            .into_iter()
            .fold(IndexExp::Const(1), |acc, f| acc * f)
    }

    /// Calls `f` on every variable, mutably.
    pub fn map_vars(&mut self, f: &mut dyn FnMut(&mut SubExp)) {
        match self {
            IndexExp::Const(_) => {}
            IndexExp::Var(v) => {
                let mut se = SubExp::Var(*v);
                f(&mut se);
                *self = IndexExp::of(se);
            }
            IndexExp::Add(a, b) | IndexExp::Sub(a, b) | IndexExp::Mul(a, b) => {
                a.map_vars(f);
                b.map_vars(f);
            }
        }
    }

    /// Calls `f` on every variable.
    pub fn for_each_var(&self, f: &mut dyn FnMut(Var)) {
        match self {
            IndexExp::Const(_) => {}
            IndexExp::Var(v) => f(*v),
            IndexExp::Add(a, b) | IndexExp::Sub(a, b) | IndexExp::Mul(a, b) => {
                a.for_each_var(f);
                b.for_each_var(f);
            }
        }
    }

    /// The value, given the variables' values.
    pub fn eval(&self, value: &dyn Fn(Var) -> Option<i64>) -> Option<i64> {
        Some(match self {
            IndexExp::Const(c) => *c,
            IndexExp::Var(v) => value(*v)?,
            IndexExp::Add(a, b) => a.eval(value)?.wrapping_add(b.eval(value)?),
            IndexExp::Sub(a, b) => a.eval(value)?.wrapping_sub(b.eval(value)?),
            IndexExp::Mul(a, b) => a.eval(value)?.wrapping_mul(b.eval(value)?),
        })
    }
}

/// Where an array's elements are in a block: the position of the first
/// element and the step of each dimension, in elements.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Lmad {
    pub offset: IndexExp,
    pub strides: Vec<IndexExp>,
}

impl Lmad {
    /// Row-major from offset 0 for an array of the given shape.
    pub fn direct(shape: &[SubExp]) -> Lmad {
        let mut strides = Vec::with_capacity(shape.len());
        let mut step = IndexExp::Const(1);
        for &d in shape.iter().rev() {
            strides.push(step.clone());
            step = step * IndexExp::of(d);
        }
        strides.reverse();
        Lmad {
            offset: IndexExp::Const(0),
            strides,
        }
    }

    /// Whether the LMAD is row-major (for `shape`), from any offset.
    pub fn is_row_major(&self, shape: &[SubExp]) -> bool {
        Lmad::direct(shape).strides == self.strides
    }

    /// Whether the LMAD is row-major from offset 0.
    pub fn is_direct(&self, shape: &[SubExp]) -> bool {
        self.offset == IndexExp::Const(0) && self.is_row_major(shape)
    }

    /// The LMAD of a slice of an array laid out by `self`: fixed
    /// indices move the offset and drop their dimension; slices move the
    /// offset by their start and multiply the stride by theirs.
    pub fn sliced(&self, slice: &[DimIndex]) -> Lmad {
        let mut offset = self.offset.clone();
        let mut strides = Vec::new();
        for (index, stride) in slice.iter().zip(&self.strides) {
            match *index {
                DimIndex::Fix(i) => offset = offset + IndexExp::of(i) * stride.clone(),
                DimIndex::Slice {
                    start,
                    stride: step,
                    ..
                } => {
                    offset = offset + IndexExp::of(start) * stride.clone();
                    strides.push(stride.clone() * IndexExp::of(step));
                }
            }
        }
        strides.extend(self.strides.iter().skip(slice.len()).cloned());
        Lmad { offset, strides }
    }

    /// The LMAD with its dimensions permuted.
    pub fn permuted(&self, perm: &[usize]) -> Lmad {
        Lmad {
            offset: self.offset.clone(),
            strides: perm.iter().map(|&p| self.strides[p].clone()).collect(),
        }
    }

    pub fn map_vars(&mut self, f: &mut dyn FnMut(&mut SubExp)) {
        self.offset.map_vars(f);
        for s in &mut self.strides {
            s.map_vars(f);
        }
    }

    pub fn for_each_var(&self, f: &mut dyn FnMut(Var)) {
        self.offset.for_each_var(f);
        for s in &self.strides {
            s.for_each_var(f);
        }
    }
}

/// Where an array variable's elements are.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MemBind {
    /// The block, a variable of type `mem`.
    pub block: Var,
    pub lmad: Lmad,
}

impl MemBind {
    /// Calls `f` on the block and the variables of the LMAD, mutably;
    /// a replacement of the block by a constant is ignored.
    pub fn map_vars(&mut self, f: &mut dyn FnMut(&mut SubExp)) {
        let mut block = SubExp::Var(self.block);
        f(&mut block);
        if let SubExp::Var(v) = block {
            self.block = v;
        }
        self.lmad.map_vars(f);
    }

    pub fn for_each_var(&self, f: &mut dyn FnMut(Var)) {
        f(self.block);
        self.lmad.for_each_var(f);
    }
}

impl std::ops::Add for IndexExp {
    type Output = IndexExp;

    fn add(self, other: IndexExp) -> IndexExp {
        match (self.constant(), other.constant()) {
            (Some(a), Some(b)) => IndexExp::Const(a.wrapping_add(b)),
            (Some(0), _) => other,
            (_, Some(0)) => self,
            _ => IndexExp::Add(Box::new(self), Box::new(other)),
        }
    }
}

impl std::ops::Sub for IndexExp {
    type Output = IndexExp;

    fn sub(self, other: IndexExp) -> IndexExp {
        match (self.constant(), other.constant()) {
            (Some(a), Some(b)) => IndexExp::Const(a.wrapping_sub(b)),
            (_, Some(0)) => self,
            _ => IndexExp::Sub(Box::new(self), Box::new(other)),
        }
    }
}

impl std::ops::Mul for IndexExp {
    type Output = IndexExp;

    fn mul(self, other: IndexExp) -> IndexExp {
        match (self.constant(), other.constant()) {
            (Some(a), Some(b)) => IndexExp::Const(a.wrapping_mul(b)),
            (Some(0), _) | (_, Some(0)) => IndexExp::Const(0),
            (Some(1), _) => other,
            (_, Some(1)) => self,
            _ => IndexExp::Mul(Box::new(self), Box::new(other)),
        }
    }
}
