-- Unique components of a result coming from one loop value.
-- ==
-- error: aliased to some other component

def ping_pong (n: i64) (m: i64) : (*[]i64, *[]i64) =
  loop (a, b) = (iota m, iota m) for i < n do
    let c = map (+ i) a
    in (c, c)
