-- The cluster-size computation of K-means, figure 4a of the PLDI'17 paper:
-- `counts` is updated in place in each iteration, in O(n) work.
-- ==

def cluster_sizes [n] (k: i64) (membership: [n]i64) : [k]i32 =
  let counts = replicate k 0
  in loop counts for i < n do
       let cluster = membership[i]
       in counts with [cluster] = counts[cluster] + 1

def main (k: i64) (membership: []i64) : []i32 = cluster_sizes k membership
