-- while loops.
def collatz_steps (n: i64) =
  let (_, steps) =
    loop (x, steps) = (n, 0) while x > 1 do
      if x % 2 == 0 then (x / 2, steps + 1) else (3 * x + 1, steps + 1)
  in steps
def halve_until (x: f32) = loop x while x > 1 do x / 2
