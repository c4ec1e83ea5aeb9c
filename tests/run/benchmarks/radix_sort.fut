-- LSD radix sort of u32 values (stable partition by each bit via exscan and
-- scatter) and a stable argsort.
-- ==
-- entry: main
-- input { [5u32, 3u32, 4294967295u32, 0u32, 3u32, 17u32] }
-- output { [0u32, 3u32, 3u32, 5u32, 17u32, 4294967295u32] }
-- input { [1u32] }
-- output { [1u32] }
-- input { empty([0]u32) }
-- output { empty([0]u32) }
-- input { [647892279u32, 2795742288u32, 2301595691u32, 2179419893u32, 161042648u32, 1862494042u32, 300026767u32, 1823296038u32, 4070378921u32, 1703729684u32, 4192983756u32, 3687093963u32] }
-- output { [161042648u32, 300026767u32, 647892279u32, 1703729684u32, 1823296038u32, 1862494042u32, 2179419893u32, 2301595691u32, 2795742288u32, 3687093963u32, 4070378921u32, 4192983756u32] }

-- ==
-- entry: argsort
-- input { [30u32, 10u32, 20u32, 10u32, 5u32] }
-- output { [4i64, 1i64, 3i64, 2i64, 0i64] }

-- Least-significant-digit radix sort on u32, one bit per pass, each pass a
-- stable partition built from scans and a scatter.
def radix_pass [n] (b: i32) (xs: [n]u32) : [n]u32 =
  let bits = map (\x -> i64.u32 ((x >> u32.i32 b) & 1)) xs
  let zeros_before = exscan (+) 0 (map (1 -) bits)
  let total_zeros = if n == 0 then 0 else zeros_before[n - 1] + 1 - bits[n - 1]
  let ones_before = exscan (+) 0 bits
  let dest = map3 (\bit z o -> if bit == 0 then z else total_zeros + o) bits zeros_before ones_before
  in scatter (copy xs) dest xs

def main (xs: []u32) = loop xs for b < 32 do radix_pass b xs

-- Sorting keys with payloads: sort indices by key with the same passes on pairs.
entry argsort [n] (keys: [n]u32) =
  let (_, is) =
    loop (ks, is) = (keys, iota n) for b < 32 do
      let bits = map (\x -> i64.u32 ((x >> u32.i32 b) & 1)) ks
      let zeros_before = exscan (+) 0 (map (1 -) bits)
      let total_zeros = if n == 0 then 0 else zeros_before[n - 1] + 1 - bits[n - 1]
      let ones_before = exscan (+) 0 bits
      let dest = map3 (\bit z o -> if bit == 0 then z else total_zeros + o) bits zeros_before ones_before
      in (scatter (copy ks) dest ks, scatter (copy is) dest is)
  in is
