-- Multi-dimensional array types.
type image = [480][640]u8
type volume [x] [y] [z] = [x][y][z]f32
type rgb_image [h] [w] = [h][w][3]u8
def cube : [2][2][2]i32 = [[[0, 1], [2, 3]], [[4, 5], [6, 7]]]
