-- An anonymous size in a loop's pattern may change between iterations.
-- ==
def grow (k: i32) =
  loop (acc: []i32, steps) = ([0], 0) for _i < k do (acc ++ acc, steps + 1)
