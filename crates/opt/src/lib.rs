//! The core IR, the reference interpreter, the optimisation passes and
//! automatic differentiation. Knows nothing of the source language: the
//! `lower` crate produces its programs.

pub mod ad;
pub mod interp;
pub mod ir;
pub mod passes;
pub mod value;
