-- Attributes controlling SOACs and loops.
def seq_map (xs: []i32) = #[sequential] map (+ 1) xs
def outer_only (m: [][]f32) = #[sequential_inner] map (map (* 2)) m
def unrolled = #[unroll] loop acc = 0 for i < 4 do acc + i
def stacked (xs: []i32) = #[unsafe] #[sequential] map (\x -> x * x) xs
def flat (m: [][]i32) = #[flattening(no_intra)] map (reduce (+) 0) m
