-- An array literal of variables is a fresh copy.
-- ==

def main (a: []i32) (b: []i32) : [][]i32 =
  let m = [a, b]
  in m with [0, 0] = 1
