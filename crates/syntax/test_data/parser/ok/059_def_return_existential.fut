-- Return types with existential sizes.
def evens (xs: []i32) : ?[k].[k]i32 = filter (\x -> x % 2 == 0) xs
def split_pos (xs: []f32) : ?[a][b].([a]f32, [b]f32) = partition (> 0) xs
def grow [n] (xs: [n]i32) : []i32 = xs ++ xs
