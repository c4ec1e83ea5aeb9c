-- An argument that is not a name gives the result a size named by the
-- argument's expression.
-- ==
-- error: Sizes "n" and "i64.i32 k" do not match

def ones (k: i64) = replicate k 1f32

def add [n] (xs: [n]f32) (k: i32) : [n]f32 =
  map2 (+) xs (ones (i64.i32 k))
