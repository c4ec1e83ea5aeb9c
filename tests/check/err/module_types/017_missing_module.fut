-- A module specification needs a module of that name.
-- ==
-- error: Module does not define a module named "inner"
module type outer = { module inner: { val x : i32 } }
module o : outer = { def x = 1i32 }
