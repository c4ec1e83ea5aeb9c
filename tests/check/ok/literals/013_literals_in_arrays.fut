-- One suffixed element fixes the type of the other array elements.
-- ==
def xs = [1u8, 2, 3]
def ys = [0.5, 1.5f32, 2]
def zs : [2]i16 = [-1, 1]
