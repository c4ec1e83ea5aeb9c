-- The loop parameter's size changes every iteration, and the body ties
-- it to the size of an array bound outside the loop.
-- ==
-- error: Loop-variant size
def halve [k] (xs: [k]i32) (extra: [k / 2 * 2]i32) : [k / 2]i32 =
  xs[:k / 2]

def shrink (xs: []i32) (extra: []i32) =
  loop xs for _i < 2 do halve xs extra
