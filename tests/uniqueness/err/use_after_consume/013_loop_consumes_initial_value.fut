-- A loop whose body updates its parameter consumes the initial value.
-- ==
-- error: Using variable "xs", but this was consumed

def main (n: i64) (xs: *[]i64) : i64 =
  let ys = loop acc = xs for i < n do acc with [i] = i
  in xs[0] + ys[0]
