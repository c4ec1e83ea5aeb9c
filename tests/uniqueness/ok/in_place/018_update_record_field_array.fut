-- `r with f[i] = v` updates a field of a unique record in place.
-- ==

def main (r: *{vals: []i32, n: i64}) : {vals: []i32, n: i64} =
  r with vals[0] = 1
