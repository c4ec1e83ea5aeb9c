-- A coercion checks the size the value has against the one written; when
-- nothing determines the value's size (`#nothing` may hold arrays of any
-- size), there is nothing to check.
-- ==
-- error: Ambiguous size arising from a size coercion

type maybe 'a = #just a | #nothing

def pick (flag: bool) (n: i64) =
  if flag then #just (replicate n 0f32) else #nothing :> maybe ([3]f32)
