//! C code from the imperative IR.

pub(crate) mod scalar;
