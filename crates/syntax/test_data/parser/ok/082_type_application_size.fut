-- Applying type abbreviations to size and type arguments.
type tree [n] 'a = [n](a, i64)
type labelled [n] = [n]u8
def forest : tree [3] i32 = [(1, 0), (2, 0), (3, 1)]
def any_tree (t: tree [] f32) = length t
def name : labelled [2] = "ok"
