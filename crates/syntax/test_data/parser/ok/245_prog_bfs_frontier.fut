-- | Breadth-first search levels on a graph given as an edge list.

def unvisited : i32 = -1

-- | Expand the frontier at `level` by one step.
def expand [n][e] (level: i32) (src: [e]i64) (dst: [e]i64) (dist: *[n]i32)
        : (*[n]i32, bool) =
  let active = map (\s -> dist[s] == level) src
  let targets =
    map2 (\a d -> if a && dist[d] == unvisited then d else -1) active dst
  let changed = any (>= 0) targets
  let dist' = scatter dist targets (replicate e (level + 1))
  in (dist', changed)

-- | Distance in edges from the root to every node.
def bfs [e] (n: i64) (root: i64) (src: [e]i64) (dst: [e]i64) : [n]i32 =
  let init = replicate n unvisited with [root] = 0
  let (dist, _, _) =
    loop (dist, level, go) = (init, 0, true) while go do
      let (dist', changed) = expand level src dst dist
      in (dist', level + 1, changed)
  in dist

-- | Number of nodes that the search reached.
def reachable [n] (dist: [n]i32) : i64 =
  i64.sum (map (\d -> if d == unvisited then 0 else 1) dist)

-- | The largest finite distance.
def eccentricity [n] (dist: [n]i32) : i32 = reduce i32.max 0 dist

entry main [e] (n: i64) (src: [e]i64) (dst: [e]i64) : ([n]i32, i64, i32) =
  let dist = bfs n 0 src dst
  in (dist, reachable dist, eccentricity dist)

entry undirected [e] (n: i64) (src: [e]i64) (dst: [e]i64) : [n]i32 =
  bfs n 0 (src ++ dst) (dst ++ src)
