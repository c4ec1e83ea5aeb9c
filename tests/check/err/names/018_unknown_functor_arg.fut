-- A parametric module is applied to an undefined module.
-- ==
-- error: Unknown (module|name) "impl"
module type s = { val x : i32 }
module f (X: s) = { def y = X.x }
module g = f impl
