//! The core IR, lowering from the checked program, the reference
//! interpreter and the optimisation passes. Not yet written; see the
//! project's issues for the plan.
