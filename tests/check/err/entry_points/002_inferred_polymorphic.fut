-- An entry point whose parameter type is never fixed is polymorphic too.
-- ==
-- error: Entry point functions may not be polymorphic
entry second xs = (xs[1], 0i32)
