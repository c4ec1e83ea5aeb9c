-- A loop that only adds the same amount in every iteration becomes a
-- multiplication by the number of iterations.
-- ==
-- input { 5i64 3 } output { 15 }
-- input { -1i64 3 } output { 0 }
-- structure { Loop 0 }

def main (n: i64) (k: i32) : i32 = loop acc = 0 for _i < n do acc + k
