-- Several existential sizes at once.
type~ any_matrix = ?[r][c].[r][c]f32
type~ two_vectors = ?[a].?[b].([a]i32, [b]i32)
type~ spaced = ?[p] [q].[p][q]bool
def empty_mat : any_matrix = [[1.0]]
