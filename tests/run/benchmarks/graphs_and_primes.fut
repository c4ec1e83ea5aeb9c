-- Floyd-Warshall shortest paths and a sieve of Eratosthenes using scatter
-- in a loop.
-- ==
-- entry: floyd
-- input { [[0i32, 3i32, 1000000i32, 7i32], [8i32, 0i32, 2i32, 1000000i32], [5i32, 1000000i32, 0i32, 1i32], [2i32, 1000000i32, 1000000i32, 0i32]] }
-- output { [[0i32, 3i32, 5i32, 6i32], [5i32, 0i32, 2i32, 3i32], [3i32, 6i32, 0i32, 1i32], [2i32, 5i32, 7i32, 0i32]] }
-- input { [[0i32]] }
-- output { [[0i32]] }

-- ==
-- entry: primes
-- input { 30i64 }
-- output { [2i64, 3i64, 5i64, 7i64, 11i64, 13i64, 17i64, 19i64, 23i64, 29i64] }
-- input { 2i64 }
-- output { [2i64] }
-- input { 50i64 }
-- output { [2i64, 3i64, 5i64, 7i64, 11i64, 13i64, 17i64, 19i64, 23i64, 29i64, 31i64, 37i64, 41i64, 43i64, 47i64] }

-- All-pairs shortest paths (Floyd-Warshall) with a large value as infinity.
entry floyd [n] (d: [n][n]i32) : [n][n]i32 =
  loop d = copy d for k < n do
    tabulate_2d n n (\i j -> i32.min d[i, j] (d[i, k] + d[k, j]))

-- Sieve of Eratosthenes with scatter.
entry primes (n: i64) =
  let is_prime = replicate (n + 1) true with [0] = false with [1] = false
  let is_prime =
    loop is_prime for p in 2..<n do
      if p * p > n || !is_prime[p] then is_prime
      else let multiples = map (\k -> p * p + k * p) (iota ((n - p * p) / p + 1))
           in scatter is_prime multiples (map (const false) multiples)
  in filter (\i -> is_prime[i]) (iota (n + 1))
