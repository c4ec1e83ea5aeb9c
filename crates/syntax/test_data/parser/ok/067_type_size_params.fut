-- Type abbreviations with size parameters.
type vec [n] = [n]f32
type mat [r] [c] = [r][c]f32
type tagged_vec [n] 't = ([n]t, i32)
def id_mat : mat [2] [2] = [[1, 0], [0, 1]]
def v3 : vec [3] = [1, 2, 3]
