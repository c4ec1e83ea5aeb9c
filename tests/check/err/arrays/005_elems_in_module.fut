-- A module constant lists records with different field types.
-- ==
-- error: Array elements must all have the same type
module m = {
  def pts = [{x = 1i32}, {x = 2f32}]
}
