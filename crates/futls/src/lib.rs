//! The Futhark language server. Not yet written; see the project's issues
//! for the plan.
