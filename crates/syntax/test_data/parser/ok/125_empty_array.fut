-- Empty array literals.
def nothing : []i32 = []
def ascribed = [] : [0]f64
def empty_rows : [][]u8 = [[]]
def concat_empty (xs: []i32) = xs ++ []
