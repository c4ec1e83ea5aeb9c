-- A consumed loop parameter may be given fresh values.
-- ==

def main (n: i64) : []i64 =
  loop acc = iota n for i < n do
    if i % 2 == 0 then acc with [i] = 0 else map (+ 1) acc
