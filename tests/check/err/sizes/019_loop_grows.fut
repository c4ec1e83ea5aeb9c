-- A loop whose body doubles its array has no size known before it runs.
-- ==
-- error: \[2\]i32
def doubled (k: i32) : [2]i32 =
  loop acc = [1, 2] for _j < k do acc ++ acc
