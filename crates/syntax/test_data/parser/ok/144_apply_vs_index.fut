-- A space before '[' means application; no space means indexing.
def sum_arr (xs: []i32) = reduce (+) 0 xs
def applied = sum_arr [1, 2, 3]
def indexed (sum_table: []i32) = sum_table[1]
def both (f: []i32 -> i32) (g: []i32) = f [g[0], g[1]]
def length_of_lit = length [1, 2]
