-- An entry point takes a function parameter.
-- ==
-- error: Entry point functions may not be higher-order
entry apply (f: i32 -> i32) (x: i32) = f x
