-- A while-loop whose condition refers to the loop parameter.
-- ==
def collatz_steps (n: i32) =
  (loop (x, steps) = (n, 0i32) while x != 1 do
     if x % 2 == 0 then (x / 2, steps + 1) else (3 * x + 1, steps + 1)).1
