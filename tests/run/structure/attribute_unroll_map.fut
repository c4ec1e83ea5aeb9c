-- `#[unroll]` on a map of a known width: the loop the map becomes is
-- unrolled. Arrays that the copies of its body build alike and update
-- in place stay apart.
-- ==
-- input { 7 } output { [[1, 7, 0], [0, 1, 7], [7, 0, 1]] }
-- structure seq-mem { Loop 0 }

def main (x: i32) : [3][3]i32 =
  #[unroll]
  map (\i ->
         let a = replicate 3 0 with [i] = 1
         let b = replicate 3 0 with [(i + 1) % 3] = x
         in map2 (+) a b)
      (iota 3)
