-- A pair of fresh unique arrays.
-- ==

def split (n: i64) : (*[]i64, *[]i64) = (iota n, replicate n 0)

def main (n: i64) : ([]i64, []i64) =
  let (a, b) = split n
  in (a with [0] = 1, b with [0] = 2)
