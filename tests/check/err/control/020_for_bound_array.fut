-- A for-loop bound is an array rather than its length.
-- ==
-- error: The bound of a for-loop must be an integer
module m = {
  def count (xs: []i32) = loop c = 0i64 for i < xs do c + 1
}
