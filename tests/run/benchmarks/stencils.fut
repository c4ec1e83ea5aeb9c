-- Stencil computations: 1D Jacobi relaxation and Conway's Game of Life on a
-- torus (negative offsets wrap with floor modulo).
-- ==
-- entry: jacobi1d
-- input { 1i32 [0.0f64, 3.0f64, 6.0f64, 0.0f64] }
-- output { [0.0f64, 3.0f64, 3.0f64, 0.0f64] }
-- input { 10i32 [1.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0f64, 2.0f64] }
-- output { [1.0f64, 0.9224881031008146f64, 0.9504309979847246f64, 1.149756981489949f64, 1.5213974834459518f64, 2.0f64] }

-- ==
-- entry: life
-- input { 1i32 [[false, false, false, false, false], [false, false, false, false, false], [false, true, true, true, false], [false, false, false, false, false], [false, false, false, false, false]] }
-- output { [[false, false, false, false, false], [false, false, true, false, false], [false, false, true, false, false], [false, false, true, false, false], [false, false, false, false, false]] }
-- input { 2i32 [[false, false, false, false, false], [false, false, false, false, false], [false, true, true, true, false], [false, false, false, false, false], [false, false, false, false, false]] }
-- output { [[false, false, false, false, false], [false, false, false, false, false], [false, true, true, true, false], [false, false, false, false, false], [false, false, false, false, false]] }
-- input { 4i32 [[false, true, false, false, false, false], [false, false, true, false, false, false], [true, true, true, false, false, false], [false, false, false, false, false, false], [false, false, false, false, false, false], [false, false, false, false, false, false]] }
-- output { [[false, false, false, false, false, false], [false, false, true, false, false, false], [false, false, false, true, false, false], [false, true, true, true, false, false], [false, false, false, false, false, false], [false, false, false, false, false, false]] }
-- input { 12i32 [[false, true, false, false, false, false], [false, false, true, false, false, false], [true, true, true, false, false, false], [false, false, false, false, false, false], [false, false, false, false, false, false], [false, false, false, false, false, false]] }
-- output { [[false, false, false, false, false, false], [false, false, false, false, false, false], [false, false, false, false, false, false], [false, false, false, false, true, false], [false, false, false, false, false, true], [false, false, false, true, true, true]] }

-- 1D Jacobi relaxation with fixed boundary values.
def jacobi [n] (steps: i32) (xs: [n]f64) : [n]f64 =
  loop xs for _i < steps do
    tabulate n (\i -> if i == 0 || i == n - 1 then xs[i] else (xs[i - 1] + xs[i] + xs[i + 1]) / 3)

entry jacobi1d (steps: i32) (xs: []f64) = jacobi steps xs

-- Game of Life on a torus.
entry life [h][w] (steps: i32) (board: [h][w]bool) : [h][w]bool =
  loop b = board for _i < steps do
    tabulate_2d h w (\y x ->
      let alive = i32.sum (map (\(dy, dx) -> i32.bool b[(y + dy) % h, (x + dx) % w])
                              [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)])
      in alive == 3 || (alive == 2 && b[y, x]))
