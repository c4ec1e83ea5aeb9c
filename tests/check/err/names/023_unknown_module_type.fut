-- A module is ascribed with a module type that does not exist.
-- ==
-- error: Unknown module type "missing_sig"
module m : missing_sig = {
  def x = 1i32
}
