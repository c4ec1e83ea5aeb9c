-- Replacing a field builds a new record and consumes nothing.
-- ==

def main (r: {a: []i32, b: []i32}) : ({a: []i32, b: []i32}, []i32) =
  let s = r with a = r.b
  in (s, r.a)
