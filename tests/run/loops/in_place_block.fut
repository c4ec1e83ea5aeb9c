-- Loops that update an array in place in some iterations only: every
-- iteration gives back the block it got, in for loops, nested loops and
-- a while loop.
-- ==
-- input { [0, 3, 1, 3, 7, -1, 3] }
-- output { [1, 1, 0, 3] [2, 2, 0, 6] 3 }
-- input { empty([0]i32) }
-- output { [0, 0, 0, 0] [0, 0, 0, 0] 0 }

def count [n] (xs: [n]i32) : [4]i32 =
  loop acc = replicate 4 0 for x in xs do
    if x >= 0 && x < 4 then acc with [x] = acc[x] + 1 else acc

def count_twice [n] (xs: [n]i32) : [4]i32 =
  loop acc = replicate 4 0 for _round < 2 do
    loop acc for x in xs do
      if x >= 0 && x < 4 then acc with [x] = acc[x] + 1 else acc

def threes [n] (xs: [n]i32) : i32 =
  let (acc, _) =
    loop (acc, i) = (replicate 4 0i32, 0) while i < n do
      let x = xs[i]
      in (if x >= 0 && x < 4 then acc with [x] = acc[x] + 1 else acc, i + 1)
  in acc[3]

def main [n] (xs: [n]i32) = (count xs, count_twice xs, threes xs)
