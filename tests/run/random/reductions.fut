-- Reductions over random input (only needs to run without error under the
-- interpreter).
-- ==
-- entry: main
-- random input { [100]i32 } auto output
-- random input { [1000]i32 } auto output

def main (xs: []i32) = (i32.sum (map (% 7) xs), i32.maximum xs, length (filter (> 0) xs))
