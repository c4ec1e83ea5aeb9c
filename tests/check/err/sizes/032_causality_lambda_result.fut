-- A size computed in one function's body is computed only when that
-- function is applied: a constructor in another function, whose type the
-- shared type parameter ties to it, cannot use it.
-- ==
-- error: Causality check
type res 'a = #err | #ok a

def either 'a (c: bool) (f: i32 -> a) (g: i32 -> a) : a = if c then f 0 else g 1

def main (c: bool) (xs: []i32) : res ([]i32) =
  either c (\_ -> #err) (\k -> #ok (filter (> k) xs))
