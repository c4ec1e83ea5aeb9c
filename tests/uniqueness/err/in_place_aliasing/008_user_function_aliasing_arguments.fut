-- Also for user-defined functions.
-- ==
-- error: Argument is consumed, but aliases

def add_into (dst: *[]i32) (src: []i32) : *[]i32 = map2 (+) dst src

def main (a: *[]i32) : []i32 =
  let b = a[0:2]
  in add_into a b
