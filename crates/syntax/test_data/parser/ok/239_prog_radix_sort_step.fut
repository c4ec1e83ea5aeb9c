-- | Least-significant-digit radix sort on u32 keys, one bit per pass.

-- | Bit b of a key, as 0 or 1.
def bit_of (b: i32) (x: u32) : i64 = i64.u32 ((x >> u32.i32 b) & 1)

-- | One stable partition pass: zeros first, then ones.
def radix_pass [n] 'v (b: i32) (keys: [n]u32, vals: [n]v) : ([n]u32, [n]v) =
  let bits = map (bit_of b) keys
  let zeros_before = scan (+) 0 (map (1 -) bits)
  let num_zeros = if n == 0 then 0 else zeros_before[n - 1]
  let ones_before = scan (+) 0 bits
  let dest =
    map3 (\bit z o -> if bit == 0 then z - 1 else num_zeros + o - 1)
         bits zeros_before ones_before
  in (scatter (copy keys) dest keys, scatter (copy vals) dest vals)

-- | Sort keys, carrying a payload along.
def radix_sort_by_key [n] 'v (keys: [n]u32) (vals: [n]v) : ([n]u32, [n]v) =
  loop (ks, vs) = (keys, vals) for b < 32 do radix_pass b (ks, vs)

-- | Sort plain keys.
def radix_sort [n] (keys: [n]u32) : [n]u32 =
  (radix_sort_by_key keys (iota n)).0

-- | Check that an array is in ascending order.
def is_sorted [n] (xs: [n]u32) : bool =
  all (\i -> xs[i] <= xs[i + 1]) (iota (i64.max 0 (n - 1)))

-- | Indices that would sort the keys.
def argsort [n] (keys: [n]u32) : [n]i64 =
  (radix_sort_by_key keys (iota n)).1

entry main (keys: []u32) : []u32 = radix_sort keys

entry sort_pairs [n] (keys: [n]u32) (vals: [n]i32) : ([n]u32, [n]i32) =
  radix_sort_by_key keys vals

entry check (keys: []u32) : bool = is_sorted (radix_sort keys)

entry order (keys: []u32) : []i64 = argsort keys
