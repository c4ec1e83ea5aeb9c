//! The core IR, lowering from the checked program, the reference
//! interpreter and the optimisation passes.

pub mod prim;
pub mod value;
