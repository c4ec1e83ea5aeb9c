//! Run-time values of the core IR: primitive scalars and regular arrays of
//! them. These are what the interpreter computes with, what entry points
//! take and return, and what the data formats read and write.

pub mod data;
use prim::{PrimType, PrimValue};
use std::sync::Arc;

/// A regular array of primitive values in row-major order.
#[derive(Debug, Clone, PartialEq)]
pub struct ArrayValue {
    pub element: PrimType,
    pub shape: Vec<i64>,
    /// Shared until written: an in-place update of a unique array copies
    /// only if someone else still holds the data.
    pub data: Arc<Vec<PrimValue>>,
}

impl ArrayValue {
    pub fn new(element: PrimType, shape: Vec<i64>, data: Vec<PrimValue>) -> ArrayValue {
        debug_assert_eq!(
            shape.iter().product::<i64>() as usize,
            data.len(),
            "array data does not fill its shape"
        );
        ArrayValue {
            element,
            shape,
            data: Arc::new(data),
        }
    }

    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// The number of elements of one row (the product of all dimensions
    /// but the first).
    pub fn row_len(&self) -> usize {
        self.shape[1..].iter().product::<i64>() as usize
    }
}

/// A value of the core IR.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Prim(PrimValue),
    Array(ArrayValue),
}

impl Value {
    pub fn as_prim(&self) -> Option<PrimValue> {
        match self {
            Value::Prim(v) => Some(*v),
            Value::Array(_) => None,
        }
    }

    pub fn as_array(&self) -> Option<&ArrayValue> {
        match self {
            Value::Array(a) => Some(a),
            Value::Prim(_) => None,
        }
    }
}
