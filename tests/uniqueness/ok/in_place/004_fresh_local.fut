-- Arrays computed locally (by `iota`, `replicate`, `map`, literals) are fresh.
-- ==

def main (n: i64) : ([]i64, []i64, []i64, []i32) =
  let a = iota n with [0] = 9
  let b = replicate n 0 with [0] = 1
  let c = map (* 2) a with [0] = 3
  let d = [1, 2, 3] with [1] = 0
  in (a, b, c, d)
