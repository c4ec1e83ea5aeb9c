-- Wildcard patterns in several positions.
def const_fn _ = 7
def second (_, b) = b
def typed_wild (_: i32) (y: i32) = y
def in_let (p: (i32, i32, i32)) = let (_, mid, _) = p in mid
def in_loop (n: i32) = loop (acc, _) = (0, 0) for _i < n do (acc + 1, acc)
