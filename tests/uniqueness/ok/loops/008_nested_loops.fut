-- Nested loops updating a matrix (Floyd-Warshall style), with a copy for
-- what is read.
-- ==

def main [n] (d: *[n][n]i32) : [n][n]i32 =
  loop d for k < n do
    let dk = copy d[k]
    in loop d for i < n do
         loop d for j < n do
           let via = d[i, k] + dk[j]
           in if via < d[i, j] then d with [i, j] = via else d
