//! C, multicore and OpenCL code generation from the core IR. Not yet
//! written; see the project's issues for the plan.
