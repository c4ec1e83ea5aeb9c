//! The core IR, lowering from the checked program, the reference
//! interpreter and the optimisation passes.

pub mod ad;
pub mod interp;
pub mod ir;
pub mod lower;
pub mod passes;
pub mod prim;
pub mod value;
