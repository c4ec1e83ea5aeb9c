-- Importing a module from another file (relative path, `.fut` implied) and
-- module aliases.
-- ==
-- entry: main
-- input { 1.0f64 2.0f64 }
-- output { 4.0f64 6.0f64 5.0f64 }
-- input { -0.5f64 0.0f64 }
-- output { 1.0f64 2.0f64 0.25f64 }

-- ==
-- entry: alias
-- input { 3.0f64 }
-- output { 9.0f64 }

import "lib/vec2"

def main (x: f64) (y: f64) =
  let a : vec2.t = {x, y}
  let b = vec2.scale 2 (vec2.add a {x = 1, y = 1})
  in (b.x, b.y, norm2 a)

module V = vec2
entry alias (x: f64) = V.dot {x, y = 1} {x = 2, y = x}
