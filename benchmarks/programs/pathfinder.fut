-- Pathfinder (Rodinia): dynamic programming over a grid of weights. A path
-- runs from the top row to the bottom one, moving at each row straight down
-- or diagonally by one column; its cost is the sum of the weights it visits.
-- The result is, for each column of the bottom row, the least cost of a path
-- ending there.
--
-- Dataset: Rodinia's standard one, 100 rows of 10^5 columns (the paper's
-- "array of size 10^5"). Rodinia draws the weights from 0..9; the program
-- takes each input value `% 10`, so random i32 input gives such weights.
-- ==
-- nobench input { [[3, 4, 1, 9], [2, 8, 8, 0], [5, 1, 7, 3]] }
-- output { [10i32, 6i32, 8i32, 4i32] }
-- nobench input { [[12, -3, 5], [0, 1, 2]] }
-- output { [2i32, 3i32, 7i32] }
-- "rodinia_1e5" compiled random input { [100][100000]i32 }

def step [cols] (costs: [cols]i32) (weights: [cols]i32) : [cols]i32 =
  tabulate cols (\j ->
                   let left = costs[i64.max 0 (j - 1)]
                   let right = costs[i64.min (cols - 1) (j + 1)]
                   in weights[j] + i32.min costs[j] (i32.min left right))

entry main [rows] [cols] (grid: [rows][cols]i32) : [cols]i32 =
  let weights = map (map (% 10)) grid
  in foldl step weights[0] weights[1:]
