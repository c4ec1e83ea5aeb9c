-- Sizes used after the expressions computing them: piping forwards, a
-- `let` before the use, a function whose body computes its result's
-- size, and a constructor after its payload.
-- ==
type res 'a = #err | #ok a

def count [n] (p: [n]i32 -> bool) (xs: [n]i32) : i64 = if p xs then n else 0

def forwards (xs: []f32) = filter (> 0) xs |> (++ [0f32])

def bound_first (ys: []i32) =
  let kept = filter (> 0) ys
  in count (\v -> length v > 2) <| kept

def grown (n: i64) : []i64 =
  let acc = loop acc = [0i64] for i < n do acc ++ [i]
  in (.[1:]) <| acc

def per_row (rows: [][]i32) = map (\r -> length (filter (> 0) r)) rows

def local_result (xs: []i32) =
  let above k = filter (> k) xs
  in (above 1, above 2)

def payload_first (xs: []i32) : res ([]i32) = #ok (filter (> 0) xs)

def hole_after_let (k: i32) (xs: []i32) =
  let kept = filter (> k) xs
  in match k
     case 0 -> ???
     case _ -> kept
