-- The written sizes of a coercion are the result's; its anonymous sizes
-- are the value's, also inside constructors.
-- ==
type maybe 'a = #just a | #nothing

def pick (flag: bool) (n: i64) : maybe ([n]f32) =
  if flag then #just (replicate n 0f32) else (#nothing : maybe ([0]f32)) :> maybe ([n]f32)

def rows (xss: [][]i32) (k: i64) : [][k]i32 = xss :> [][k]i32

def pair_up [m] (xs: [m]i32) (ys: []i32) : [m](i32, i32) = zip xs (ys :> [m]i32)
