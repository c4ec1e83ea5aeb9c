-- Sorting networks: bitonic sort (power-of-two sizes) and odd-even
-- transposition sort (any size), written with tabulate inside loops.
-- ==
-- entry: bitonic_sort
-- input { [5i32, 2i32, 8i32, 1i32, 9i32, 3i32, 7i32, 4i32] }
-- output { [1i32, 2i32, 3i32, 4i32, 5i32, 7i32, 8i32, 9i32] }
-- input { [2i32, 1i32] }
-- output { [1i32, 2i32] }
-- input { [4i32, 4i32, -1i32, 0i32] }
-- output { [-1i32, 0i32, 4i32, 4i32] }
-- input { [1i32] }
-- output { [1i32] }
-- input { [16i32, 15i32, 14i32, 13i32, 12i32, 11i32, 10i32, 9i32, 8i32, 7i32, 6i32, 5i32, 4i32, 3i32, 2i32, 1i32] }
-- output { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32, 9i32, 10i32, 11i32, 12i32, 13i32, 14i32, 15i32, 16i32] }

-- ==
-- entry: odd_even
-- input { [5i32, 2i32, 8i32, 1i32, 9i32] }
-- output { [1i32, 2i32, 5i32, 8i32, 9i32] }
-- input { [3i32, 3i32, 1i32] }
-- output { [1i32, 3i32, 3i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }
-- input { [10i32, -10i32, 0i32, 7i32, 7i32, 2i32, 1i32] }
-- output { [-10i32, 0i32, 1i32, 2i32, 7i32, 7i32, 10i32] }

-- Bitonic sort for power-of-two lengths: log^2 n stages of compare-and-swap.
def bitonic [n] (xs: [n]i32) : [n]i32 =
  let log_n = i64.i32 (63 - i64.clz n)
  in loop xs = copy xs for stage < log_n do
       loop xs for step in (stage + 1)..stage...1 do
         let j = 1i64 << (step - 1)
         in tabulate n (\i ->
              let partner = i ^ j
              let up = (i >> (stage + 1)) & 1 == 0
              let lo = i64.min i partner
              let a = xs[lo]
              let b = xs[lo ^ j]
              let small = i32.min a b
              let large = i32.max a b
              in if (i == lo) == up then small else large)

entry bitonic_sort (xs: []i32) = bitonic xs

-- Odd-even transposition sort: n rounds of neighbour swaps.
entry odd_even [n] (xs: [n]i32) : [n]i32 =
  loop xs = copy xs for r < n do
    tabulate n (\i ->
      let partner = if (i + r) % 2 == 0 then i + 1 else i - 1
      in if partner < 0 || partner >= n then xs[i]
         else if i < partner then i32.min xs[i] xs[partner]
         else i32.max xs[i] xs[partner])
