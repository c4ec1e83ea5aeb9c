-- A loop parameter whose size changes between iterations may be used in
-- the loop's condition and body: each iteration knows its size. An
-- anonymous parameter size stays the parameter's own.
def halve_until_small (xs: []f32) : []f32 =
  loop ys = xs while length ys > 4 do
    let half = length ys / 2
    in map2 (+) (ys[:half]) (ys[half:half + half] :> [half]f32)

def shrink_by_steps (n: i64) (xs: []i32) : []i32 =
  loop ys = xs for _i < n do
    if length ys > 0 then ys[1:] else ys

def both (n: i64) (xs: []i32) : ([]i32, []i32) =
  (xs, shrink_by_steps n xs)
