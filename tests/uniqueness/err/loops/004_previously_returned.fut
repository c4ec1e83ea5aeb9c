-- A consumed loop parameter's value may not alias a value returned before it.
-- ==
-- error: Return value for consuming loop parameter "pool" aliases previously returned value

def main [n] (pool: *[n][3]f32) : ([3]f32, [n][3]f32) =
  loop (best, pool) = (copy pool[0], pool) for i < n do
    let pool[i, 0] = 0
    in (pool[i], pool)
