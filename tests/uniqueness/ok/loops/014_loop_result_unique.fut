-- A loop consuming its parameter has a fresh result.
-- ==

def main (n: i64) : *[]i64 =
  loop acc = replicate n 0 for i < n do acc with [i] = i
