//! The simplifier on small programs built with the IR builder.
