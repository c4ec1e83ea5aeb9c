-- A functor body uses a member its parameter's module type does not declare.
-- ==
-- error: Unknown name "X.y"
module type s = { val x : i32 }
module f (X: s) = {
  def z = X.x + X.y
}
