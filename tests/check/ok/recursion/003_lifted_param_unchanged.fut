-- A value of a lifted type parameter passed on unchanged in recursion.
-- ==
def count_down '^s (state: s) (stop: s -> i64 -> bool) (k: i64) : i64 =
  if stop state k then k else count_down state stop (k - 1)
