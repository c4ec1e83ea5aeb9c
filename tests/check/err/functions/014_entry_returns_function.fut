-- An entry point returns a function.
-- ==
-- error: Entry point functions may not be higher-order
entry adder (x: i32) : i32 -> i32 = \y -> x + y
