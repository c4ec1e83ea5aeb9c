-- A local function returning a fresh array, consumed afterwards.
-- ==

def main (xs: []i32) : []i32 =
  let double (v: []i32) = map (* 2) v
  let ys = double xs
  in ys with [0] = 0
