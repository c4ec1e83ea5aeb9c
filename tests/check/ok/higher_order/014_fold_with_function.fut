-- foldl with an accumulator and a named function.
-- ==
def step (acc: i64) (x: i32) = acc * 10 + i64.i32 x
def digits [n] (ds: [n]i32) = foldl step 0 ds
