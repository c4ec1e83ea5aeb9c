-- A loop parameter's size cannot be one the body computes: zipping the
-- parameter with a filtered array would need its size before each
-- iteration has computed it.
-- ==
-- error: existential size created inside the loop body

def grow (xs: []i32) =
  loop acc = xs for _i < 3 do
    let kept = filter (> 0) acc
    let pairs = zip kept acc
    in map (\(a, b) -> a + b) pairs ++ acc
