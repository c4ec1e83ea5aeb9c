-- An entry point whose result type is a function takes more arguments.
-- ==
type^ step = i32 -> i32
entry bump : step = \x -> x + 1
