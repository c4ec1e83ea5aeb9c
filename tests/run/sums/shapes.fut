-- Sum types with payloads of different arity, constructed conditionally and
-- eliminated with match; arrays of sums via map.
-- ==
-- entry: main
-- input { 0i32 2.0f64 5.0f64 }
-- output { 12.0f64 }
-- input { 1i32 2.0f64 5.0f64 }
-- output { 10.0f64 }
-- input { 2i32 2.0f64 5.0f64 }
-- output { 0.0f64 }
-- input { 1i32 -1.5f64 4.0f64 }
-- output { -6.0f64 }

-- ==
-- entry: many
-- input { [0i32, 1i32, 2i32, 1i32] [1.0f64, 3.0f64, 9.0f64, 0.5f64] }
-- output { 10.0f64 }

-- ==
-- entry: is_point
-- input { 2i32 }
-- output { true }
-- input { 0i32 }
-- output { false }

type shape = #circle f64 | #rect f64 f64 | #point

def area (s: shape) =
  match s
  case #circle r -> 3 * r * r
  case #rect w h -> w * h
  case #point -> 0

def make (k: i32) (a: f64) (b: f64) : shape =
  if k == 0 then #circle a else if k == 1 then #rect a b else #point

def main (k: i32) (a: f64) (b: f64) = area (make k a b)

entry many (ks: []i32) (as: []f64) = map2 (\k a -> area (make k a 2)) ks as |> f64.sum

entry is_point (k: i32) = match make k 1 1 case #point -> true case _ -> false
