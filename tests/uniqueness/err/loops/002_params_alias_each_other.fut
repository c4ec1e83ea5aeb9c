-- Values returned for consumed loop parameters may not alias each other.
-- ==
-- error: Return value for loop parameter "back" aliases other consumed loop parameter

def main (n: i64) : ([]f32, []f32) =
  loop (front: *[]f32, back: *[]f32) = (replicate n 0, replicate n 1) for t < n do
    let front[t] = back[t]
    in (front, front)
