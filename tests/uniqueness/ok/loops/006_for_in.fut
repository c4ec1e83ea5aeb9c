-- A `for`-`in` loop over one array updating another.
-- ==

def main (k: i64) (is: []i64) : []i32 =
  loop acc = replicate k 0 for i in is do
    acc with [i] = acc[i] + 1
