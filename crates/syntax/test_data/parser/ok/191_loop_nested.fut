-- Nested loops and loops inside other expressions.
def grid_sum (n: i64) (m: i64) =
  loop total = 0 for i < n do
    loop total for j < m do
      total + i * j
def loop_arg (n: i32) = i32.abs (loop x = n for _i < 3 do x - 1)
def loop_in_let (n: i32) =
  let r = loop s = 0 for i < n do s + i
  in r * 2
