-- Record loop parameters, one field consumed.
-- ==

def main (n: i64) : {xs: []i64, count: i64} =
  loop {xs, count} = {xs = iota n, count = 0} for i < n do
    {xs = xs with [i] = count, count = count + i}
