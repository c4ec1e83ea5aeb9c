-- A size written in a loop's pattern holds in every iteration.
-- ==
-- error: Sizes "k" and "4" do not match
def reset (k: i64) : [k]f32 =
  loop (acc: [k]f32) = replicate k 0 for _i < 3 do replicate 4 1
