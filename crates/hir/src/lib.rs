//! Semantic analysis of Futhark programs on a salsa database: imports, name
//! resolution, the module system, type and size inference, uniqueness
//! checking and the queries an editor asks. Not yet written; see the
//! project's issues for the plan.
