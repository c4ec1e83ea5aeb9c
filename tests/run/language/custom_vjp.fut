-- `with_vjp f f' x`: reverse mode uses `f'` (given the primal result and
-- its adjoint) for the sensitivity of `x`, wherever the call is; forward
-- mode and ordinary evaluation use `f`. Each custom derivative here
-- differs from the true one, so every result shows which was used.

-- The true derivative is 2, the custom one 10.
def scaled (x: f64) : f64 =
  with_vjp (\x -> 2 * x) (\_ y_adj -> 10 * y_adj) x

-- ==
-- entry: at_top
-- input { 3.0 } output { 10.0 }
entry at_top (x: f64) = vjp scaled x 1

-- ==
-- entry: evaluated
-- input { 4.0 } output { 8.0 }
entry evaluated (x: f64) = scaled x

-- ==
-- entry: forward
-- input { 1.5 } output { 2.0 }
entry forward (x: f64) = jvp scaled x 1

-- ==
-- entry: mapped
-- input { [1.0, 2.0, 5.0] } output { [10.0, 10.0, 10.0] }
-- input { empty([0]f64) } output { empty([0]f64) }
entry mapped (xs: []f64) = vjp (map scaled) xs (map (const 1) xs)

-- Three iterations: 10 * 10 * 10.
-- ==
-- entry: iterated
-- input { 1.0 } output { 1000.0 }
entry iterated (x: f64) = vjp (\x -> loop y = x for _i < 3 do scaled y) x 1

-- Variables that `f` and `f'` capture are not differentiated: `k` gets
-- nothing, although the result depends on it. `f'` sees the primal
-- result `r` = k * x + sum ws.
-- ==
-- entry: capturing
-- input { 2.0 [1.0, 2.0] 3.0 } output { 0.0 12.0 }
entry capturing (k: f64) (ws: []f64) (x: f64) =
  vjp (\(k, x) ->
         with_vjp (\x -> k * x + f64.sum ws)
                  (\r y_adj -> y_adj * r + f64.sum ws)
                  x)
      (k, x) 1

-- Tuples in and out: p = a * b, q = a + b.
-- ==
-- entry: paired
-- input { 2.0 3.0 } output { 7.0 5.0 }
entry paired (a: f64) (b: f64) =
  vjp (\(a, b) ->
         let (p, q) = with_vjp (\(a, b) -> (a * b, a + b))
                               (\(p, q) (p_adj, q_adj) -> (p_adj * p + q_adj, q_adj * q))
                               (a, b)
         in p + q)
      (a, b) 1

-- A result whose size the primal computes: the adjoint of the first
-- half, scaled by 100.
def doubled [n] (xs: [n]f64) : [n + n]f64 =
  with_vjp (\xs -> xs ++ xs) (\_ ys_adj -> map (* 100) (take n ys_adj)) xs

-- ==
-- entry: sized
-- input { [1.0, -2.0, 3.0] } output { [100.0, 100.0, 100.0] }
entry sized (xs: []f64) = vjp (\xs -> f64.sum (doubled xs)) xs 1

-- An integer part of the result (a permutation) passes through; only
-- the values' adjoint flows back, reordered by `f'`.
def reversed_with_positions [n] (xs: [n]f32) : ([n]f32, [n]i64) =
  with_vjp (\xs -> (reverse xs, reverse (iota n)))
           (\(_, positions) (values_adj, _) -> scatter (replicate n 0) positions (map (* 2) values_adj))
           xs

-- ==
-- entry: permuted
-- input { [1f32, 2f32, 3f32] [10f32, 20f32, 30f32] } output { [60f32, 40f32, 20f32] }
entry permuted (xs: []f32) (adj: []f32) =
  vjp (\xs -> (reversed_with_positions xs).0) xs (adj :> [length xs]f32)
